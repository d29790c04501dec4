// Space stations as the other shapes nest them: the declared stations' objects
// (schemas/resources/space-stations.ts) under the names events, config lists,
// expeditions and docking events use. In: the stations' declared shapes. Out: those
// shapes. Pure.

import type { DeclaredShapes } from './declared.ts';

export function stationShapes(stations: DeclaredShapes) {
  return {
    /** `SpaceStation`, as events list it. */
    spaceStation: stations.nested,
    /** `SpaceStationMini`, as a docking location names its station. */
    spaceStationMini: stations.mini,
    /** `SpaceStationDetailed`: as an expedition's detail nests its station (with its owners, no mode). */
    spaceStationDetailed: stations.bare,
    /** `SpaceStationNormal` and `SpaceStationResource`: its list and its detail. */
    spaceStationNormal: stations.normal,
    spaceStationResource: stations.detailed,
  };
}

export type StationShapes = ReturnType<typeof stationShapes>;
