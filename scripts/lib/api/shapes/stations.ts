// Space stations in LL2's shapes: as events list them (`SpaceStationNormal`) and
// as `space_stations/` (`SpaceStationEndpoint`) and `space_stations/{id}/`
// (`SpaceStationDetailedEndpoint`, with the figures and docking locations the
// record states), and as a docking location names its station (`SpaceStationMini`).
// In: the shape kit, the agencies' shapes, and each station's expeditions under way
// at the build's clock (`ExpeditionMini`s, model/collections.ts activeExpeditions).
// Out: JSON objects. Whether a docked vehicle is still docked at the build's clock is
// not in the records: those lists are empty, a location's `currently_docked` null. Who is aboard and what is docked are LL2's counts of one
// moment (`ll2_figures`, dated: docs/differences.md), null where the record has none. Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import type { AgencyShapes } from './agencies.ts';
import { figure, keyList, ll2Figures, orNull, shapeImage, str, type ShapeKit } from './kit.ts';

export function stationShapes(
  { once, get, urls }: ShapeKit,
  { agencyNormal }: AgencyShapes,
  activeExpeditions: (station: string) => Json[] = () => [],
) {
  const fields = (key: string): JsonObject => {
    const s = get('spaceStations', key);
    return {
      id: s.id,
      url: urls.spaceStation(Number(s.id)),
      name: s.name,
      image: shapeImage(s.image),
      status: s.status,
      founded: s.founded,
      deorbited: orNull(s.deorbited),
      description: str(s.description),
      orbit: orNull(s.orbit),
      type: s.type,
    };
  };
  const resourceFields = (key: string, mode: 'normal' | 'detailed'): JsonObject => ({
    ...fields(key),
    owners: keyList(get('spaceStations', key).owners).map(agencyNormal),
    response_mode: mode,
    active_expeditions: activeExpeditions(key),
  });
  /** A docking location as its station lists it (`DockingLocationSerializerForSpacestation`). */
  const dockingLocation = (location: Json): JsonObject => {
    const { id, name } = location as JsonObject;
    return { id, name, currently_docked: null };
  };
  return {
    spaceStation: (key: string): Json => once(`station:${key}`, () => fields(key)),
    spaceStationMini: (key: string): Json =>
      once(`station-mini:${key}`, () => {
        const { id, url, name, image } = fields(key);
        return { id, url, name, image };
      }),
    /** `SpaceStationDetailed`: as an expedition's detail nests its station (with its owners, no mode). */
    spaceStationDetailed: (key: string): Json =>
      once(`station-detailed:${key}`, () => ({
        ...fields(key),
        owners: keyList(get('spaceStations', key).owners).map(agencyNormal),
      })),
    spaceStationNormal: (key: string): Json =>
      once(`station-resource-normal:${key}`, () => resourceFields(key, 'normal')),
    spaceStationResource: (key: string): JsonObject => {
      const s = get('spaceStations', key);
      const counts = ll2Figures(s);
      return {
        ...resourceFields(key, 'detailed'),
        height: orNull(s.height),
        width: orNull(s.width),
        mass: orNull(s.mass),
        volume: orNull(s.volume),
        onboard_crew: figure(counts, 'onboard_crew', null),
        docked_vehicles: figure(counts, 'docked_vehicles', null),
        docking_location: (Array.isArray(s.docking_location) ? s.docking_location : []).map(dockingLocation),
        active_docking_events: [],
      };
    },
  };
}

export type StationShapes = ReturnType<typeof stationShapes>;
