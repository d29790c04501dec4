// Space stations in LL2's shapes: as events list them (`SpaceStationNormal`) and
// as `space_stations/` (`SpaceStationEndpoint`) and `space_stations/{id}/`
// (`SpaceStationDetailedEndpoint`). Our data holds no expeditions, dockings or
// station dimensions: those lists are empty and those figures null. Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import type { AgencyShapes } from './agencies.ts';
import { keyList, orNull, shapeImage, str, type ShapeKit } from './kit.ts';

export function stationShapes({ once, get, urls }: ShapeKit, { agencyNormal }: AgencyShapes) {
  const fields = (key: string): JsonObject => {
    const s = get('spaceStations', key);
    return {
      id: s.id, url: urls.spaceStation(Number(s.id)), name: s.name, image: shapeImage(s.image), status: s.status,
      founded: s.founded, deorbited: orNull(s.deorbited), description: str(s.description), orbit: orNull(s.orbit), type: s.type,
    };
  };
  const resourceFields = (key: string, mode: 'normal' | 'detailed'): JsonObject => ({
    ...fields(key), owners: keyList(get('spaceStations', key).owners).map(agencyNormal), response_mode: mode, active_expeditions: [],
  });
  return {
    spaceStation: (key: string): Json => once(`station:${key}`, () => fields(key)),
    spaceStationNormal: (key: string): Json => once(`station-resource-normal:${key}`, () => resourceFields(key, 'normal')),
    spaceStationResource: (key: string): JsonObject => ({
      ...resourceFields(key, 'detailed'),
      height: null, width: null, mass: null, volume: null, onboard_crew: null, docked_vehicles: null,
      docking_location: [], active_docking_events: [],
    }),
  };
}

export type StationShapes = ReturnType<typeof stationShapes>;
