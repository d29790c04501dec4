// Expeditions in LL2's shapes: `expeditions/` (`ExpeditionNormal`, its station as
// `SpaceStationNormal`), `expeditions/{id}/` (`ExpeditionDetailed`: the station as
// `SpaceStationDetailed`, the crew as `AstronautFlight`s) and a station's
// `active_expeditions` (`ExpeditionMini`), from the records of expeditions.yaml.
// In: the shape kit and the shapes of what an expedition names (its station, its
// crew members). Out: JSON objects in LL2's key order. Our records hold no mission
// patches or spacewalks of an expedition: those lists are empty
// (docs/differences.md). Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import { orNull, type ShapeKit } from './kit.ts';

export interface ExpeditionParts {
  /** `SpaceStationNormal` and `SpaceStationDetailed` of a station by key. */
  stationNormal: (key: string) => Json;
  stationDetailed: (key: string) => Json;
  /** A crew member (`AstronautFlight`), its astronaut named by key. */
  crewMember: (member: JsonObject) => Json;
}

export function expeditionShapes(
  { once, get, urls }: ShapeKit,
  { stationNormal, stationDetailed, crewMember }: ExpeditionParts,
) {
  const mini = (key: string): JsonObject => {
    const e = get('expeditions', key);
    return { id: e.id, url: urls.reference('expeditions', e.id), name: e.name, start: e.start, end: orNull(e.end) };
  };
  const full = (key: string, mode: 'normal' | 'detailed'): JsonObject => {
    const e = get('expeditions', key);
    const station = String(e.space_station);
    return {
      ...mini(key),
      response_mode: mode,
      spacestation: mode === 'normal' ? stationNormal(station) : stationDetailed(station),
      mission_patches: [],
      spacewalks: [],
      ...(mode === 'detailed'
        ? { crew: (Array.isArray(e.crew) ? e.crew : []).map((m) => crewMember(m as JsonObject)) }
        : {}),
    };
  };
  return {
    expeditionMini: (key: string): Json => once(`expedition-mini:${key}`, () => mini(key)),
    expeditionNormal: (key: string): JsonObject => full(key, 'normal'),
    expeditionDetailed: (key: string): JsonObject => full(key, 'detailed'),
  };
}
