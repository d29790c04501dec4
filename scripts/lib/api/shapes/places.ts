// Where launches happen, in LL2's shapes: the declared celestial bodies', locations'
// and pads' objects (schemas/resources/celestial-bodies.ts, locations.ts, pads.ts)
// under the names the shapes nesting them use (orbits, landing locations, the config
// lists, launches). In: their declared shapes. Out: those shapes. Pure.

import type { DeclaredShapes } from './declared.ts';

export function placeShapes({
  celestialBodies,
  locations,
  pads,
}: {
  celestialBodies: DeclaredShapes;
  locations: DeclaredShapes;
  pads: DeclaredShapes;
}) {
  return {
    /**
     * `CelestialBodyMini`, as an orbit names it; `CelestialBodyNormal`, as a landing location and a
     * spacecraft's configuration nest it; `CelestialBody` (with its figures), as a location nests it.
     */
    celestialBodyMini: celestialBodies.mini,
    celestialBodyNormal: celestialBodies.normal,
    celestialBodyWithStats: celestialBodies.nested,
    /** `Location` and `LocationSerializerNoCelestialBody` (a location where its body is told apart: a landing location's). */
    location: locations.normal,
    locationNoBody: locations.bare,
    /** `Pad`, nested in launches, and `PadSerializerNoLocation`, as its location's detail lists it. */
    pad: pads.normal,
    padNoLocation: pads.bare,
  };
}

export type PlaceShapes = ReturnType<typeof placeShapes>;
