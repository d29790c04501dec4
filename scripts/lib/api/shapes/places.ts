// Where launches happen, in LL2's shapes: celestial bodies and pads, as nested in
// launches and as their own resources (`celestial_bodies/`, `pads/`), a body's detail
// listing the locations on it; the locations' objects are their declaration's
// (schemas/resources/locations.ts), which nest a body and list their pads from here.
// Figures come from our data set unless LL2's are stored. In: the shape kit, the
// agencies', countries' and locations' shapes. Out: those shapes. Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import type { AgencyShapes } from './agencies.ts';
import type { ConfigShapes } from './config.ts';
import type { DeclaredShapes } from './declared.ts';
import { figure, keyList, ll2Figures, orNull, shapeImage, type Mode, type ShapeKit } from './kit.ts';

export function placeShapes(
  { once, get, urls, stats, referrers }: ShapeKit,
  { agencyMini, agencyNormal }: AgencyShapes,
  { nullableCountry }: ConfigShapes,
  locations: Pick<DeclaredShapes, 'normal' | 'bare'>,
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
      location: locations.normal(String(get('pads', key).location)),
    }));

  return {
    celestialBodyMini,
    celestialBodyWithStats,
    /** `Location` and `LocationSerializerNoCelestialBody` (a location where its body is told apart: a landing location's), declared. */
    location: locations.normal,
    locationNoBody: locations.bare,
    pad,
    /** `PadSerializerNoLocation`: a pad as its location's detail lists it, its agencies in list mode. */
    padNoLocation: (key: string): Json => once(`pad-no-location:${key}`, () => padFields(key, agencyMini)),
    /** `CelestialBodyNormal`: the items of `celestial_bodies/`, without figures. */
    celestialBodyNormal: (key: string): Json => once(`body-resource-normal:${key}`, () => bodyFields(key, 'normal')),
    /** `celestial_bodies/{id}/`: its figures and the locations on it. */
    celestialBodyResource: (key: string): JsonObject => ({
      ...bodyFields(key, 'detailed'),
      ...bodyFigures(key),
      locations: referrers('locations', 'celestial_body', key).map(locations.bare),
    }),
  };
}

export type PlaceShapes = ReturnType<typeof placeShapes>;
