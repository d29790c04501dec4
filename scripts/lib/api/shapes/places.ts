// Where launches happen, in LL2's shapes: celestial bodies, as nested in orbits and
// locations and as their own resource (`celestial_bodies/`, its detail listing the
// locations on it), with the declared locations' and pads' objects
// (schemas/resources/locations.ts, pads.ts) under the names the shapes nesting them
// use. Figures come from our data set unless LL2's are stored. In: the shape kit, the
// locations' and pads' declared shapes. Out: those shapes. Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import type { DeclaredShapes } from './declared.ts';
import { figure, ll2Figures, orNull, shapeImage, type Mode, type ShapeKit } from './kit.ts';

export function placeShapes(
  { once, get, stats, referrers }: ShapeKit,
  { locations, pads }: { locations: DeclaredShapes; pads: DeclaredShapes },
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

  return {
    celestialBodyMini,
    celestialBodyWithStats,
    /** `Location` and `LocationSerializerNoCelestialBody` (a location where its body is told apart: a landing location's). */
    location: locations.normal,
    locationNoBody: locations.bare,
    /** `Pad`, nested in launches, and `PadSerializerNoLocation`, as its location's detail lists it. */
    pad: pads.normal,
    padNoLocation: pads.bare,
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
