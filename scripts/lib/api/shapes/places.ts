// Where launches happen, in LL2's shapes: celestial bodies, locations and
// pads, as nested in launches and as their own resources (`celestial_bodies/`,
// `locations/`, `pads/`), whose detailed forms list what belongs to them (a body's
// locations, a location's pads). Figures come from our data set unless LL2's are stored. Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import type { AgencyShapes } from './agencies.ts';
import type { ConfigShapes } from './config.ts';
import { figure, keyList, ll2Figures, orNull, shapeImage, type Mode, type ShapeKit } from './kit.ts';

export function placeShapes(
  { once, get, urls, stats, referrers }: ShapeKit,
  { agencyMini, agencyNormal }: AgencyShapes,
  { nullableCountry }: ConfigShapes,
) {
  const celestialBodyMini = (key: string): Json =>
    once(`body-list:${key}`, () => {
      const b = get('celestialBodies', key);
      return { response_mode: 'list', id: b.id, name: b.name };
    });
  const bodyFields = (key: string, mode: Mode): JsonObject => {
    const b = get('celestialBodies', key);
    return {
      response_mode: mode,
      id: b.id,
      name: b.name,
      type: b.type,
      diameter: orNull(b.diameter),
      mass: orNull(b.mass),
      gravity: orNull(b.gravity),
      length_of_day: orNull(b.length_of_day),
      atmosphere: b.atmosphere ?? false,
      image: shapeImage(b.image),
      description: orNull(b.description),
      wiki_url: orNull(b.wiki_url),
    };
  };
  const bodyFigures = (key: string): JsonObject => {
    const s = stats.celestialBodies.get(key);
    const f = ll2Figures(get('celestialBodies', key));
    return {
      total_attempted_launches: figure(f, 'total_attempted_launches', s?.total_attempted_launches ?? 0),
      successful_launches: figure(f, 'successful_launches', s?.successful_launches ?? 0),
      failed_launches: figure(f, 'failed_launches', s?.failed_launches ?? 0),
      // Landings are not in our data set; LL2 types these as integers, so 0 stands for "none recorded".
      total_attempted_landings: figure(f, 'total_attempted_landings', 0),
      successful_landings: figure(f, 'successful_landings', 0),
      failed_landings: figure(f, 'failed_landings', 0),
    };
  };
  /** With its figures (`CelestialBodyDetailed`), labelled "normal" as LL2 nests it in locations. */
  const celestialBodyWithStats = (key: string): Json =>
    once(`body-normal:${key}`, () => ({ ...bodyFields(key, 'normal'), ...bodyFigures(key) }));

  /** A location's fields; `body` is its celestial body, or undefined where the object leaves it out. */
  const locationFields = (key: string, mode: Mode, body?: Json): JsonObject => {
    const l = get('locations', key);
    return {
      response_mode: mode,
      id: l.id,
      url: urls.location(Number(l.id)),
      name: l.name,
      ...(body === undefined ? {} : { celestial_body: body }),
      active: l.active ?? true,
      country: nullableCountry(l.country),
      description: orNull(l.description),
      image: shapeImage(l.image),
      map_image: orNull(l.map_image),
      longitude: orNull(l.longitude),
      latitude: orNull(l.latitude),
      timezone_name: l.timezone_name,
      total_launch_count: figure(
        ll2Figures(l),
        'total_launch_count',
        stats.locations.get(key)?.total_launch_count ?? 0,
      ),
      total_landing_count: figure(ll2Figures(l), 'total_landing_count', null),
    };
  };
  const location = (key: string): Json =>
    once(`location:${key}`, () =>
      locationFields(key, 'normal', celestialBodyWithStats(String(get('locations', key).celestial_body))),
    );

  /** A pad's fields without its location, its agencies in the mode given. */
  const padFields = (key: string, agency: (key: string) => Json): JsonObject => {
    const p = get('pads', key);
    const s = stats.pads.get(key);
    const f = ll2Figures(p);
    return {
      id: p.id,
      url: urls.pad(Number(p.id)),
      active: p.active ?? true,
      agencies: keyList(p.agencies).map(agency),
      name: p.name,
      image: shapeImage(p.image),
      description: orNull(p.description),
      info_url: orNull(p.info_url),
      wiki_url: orNull(p.wiki_url),
      map_url: orNull(p.map_url),
      latitude: orNull(p.latitude),
      longitude: orNull(p.longitude),
      country: nullableCountry(p.country),
      map_image: orNull(p.map_image),
      total_launch_count: figure(f, 'total_launch_count', s?.total_launch_count ?? 0),
      orbital_launch_attempt_count: figure(f, 'orbital_launch_attempt_count', s?.orbital_launch_attempt_count ?? 0),
      fastest_turnaround: figure(f, 'fastest_turnaround', s?.fastest_turnaround ?? null),
    };
  };
  /** `Pad`: nested in launches, and as `pads/{id}/` and the items of `pads/`. */
  const pad = (key: string): Json =>
    once(`pad:${key}`, () => ({
      ...padFields(key, agencyNormal),
      location: location(String(get('pads', key).location)),
    }));

  return {
    celestialBodyMini,
    celestialBodyWithStats,
    location,
    /** `LocationSerializerNoCelestialBody`: a location where its body is told apart (a landing location's). */
    locationNoBody: (key: string): Json => once(`location-no-body:${key}`, () => locationFields(key, 'normal')),
    pad,
    /** `CelestialBodyNormal`: the items of `celestial_bodies/`, without figures. */
    celestialBodyNormal: (key: string): Json => once(`body-resource-normal:${key}`, () => bodyFields(key, 'normal')),
    /** `celestial_bodies/{id}/`: its figures and the locations on it. */
    celestialBodyResource: (key: string): JsonObject => ({
      ...bodyFields(key, 'detailed'),
      ...bodyFigures(key),
      locations: referrers('locations', 'celestial_body', key).map((k) => locationFields(k, 'normal')),
    }),
    /** `locations/{id}/`: the location and its pads (`PadSerializerNoLocation`). */
    locationResource: (key: string): JsonObject => ({
      ...locationFields(key, 'detailed', celestialBodyWithStats(String(get('locations', key).celestial_body))),
      pads: referrers('pads', 'location', key).map((k) => padFields(k, agencyMini)),
    }),
  };
}

export type PlaceShapes = ReturnType<typeof placeShapes>;
