// The docking events launches' spacecraft stages state, as records of their own
// (issue 21). In: launches whose `rocket.spacecraft_stage[]` name their flight by
// key (`flight`, filed by spacecraft.ts) and nest LL2's docking events (2.2.0's
// layout: the station and the port as objects), our space stations, and the events
// already filed. Out: one record per LL2 id (data/reference/docking-events.yaml,
// key `docking-event-<id>`): its docking and departure times, the port (id and
// name), the station by our key (by LL2 id; null where we hold none) and the flight
// by key, the newest launch's statement kept, its source in `provenance`. The
// launches are left as they are. Pure; a second run changes nothing.

import type { JsonObject } from '../model/records.ts';
import { Conversions, oldestFirst, RecordFiler } from './filer.ts';
import { nestedProvenance } from './provenance.ts';
import { isObject } from './schema-walk.ts';

export interface DockingResult {
  records: Map<string, JsonObject>;
  changed: boolean;
  conversions: Map<string, number>;
}

export function extractDockings(
  launches: readonly JsonObject[],
  reference: { spaceStations: ReadonlyMap<string, JsonObject>; dockingEvents: ReadonlyMap<string, JsonObject> },
): DockingResult {
  const filer = new RecordFiler(reference.dockingEvents, 'docking-event');
  const conversions = new Conversions();
  const stationById = new Map([...reference.spaceStations].map(([key, s]) => [s.id, key]));
  for (const index of oldestFirst(launches)) {
    const launch = launches[index];
    const rocket = isObject(launch.rocket) ? launch.rocket : {};
    const source = isObject(launch.provenance) ? launch.provenance : {};
    for (const stage of Array.isArray(rocket.spacecraft_stage) ? rocket.spacecraft_stage : []) {
      if (!isObject(stage) || typeof stage.flight !== 'string' || !Array.isArray(stage.docking_events)) continue;
      for (const event of stage.docking_events) {
        if (!isObject(event) || typeof event.id !== 'number' || typeof event.docking !== 'string') continue;
        const station = isObject(event.spacestation) ? stationById.get(event.spacestation.id) : undefined;
        const port =
          isObject(event.docking_location) && typeof event.docking_location.id === 'number'
            ? event.docking_location
            : undefined;
        filer.file({
          // A departure the source does not state is left out (the data file writes no null), so a second run changes nothing.
          id: event.id,
          docking: event.docking,
          ...(typeof event.departure === 'string' ? { departure: event.departure } : {}),
          docking_location: port ? { id: port.id, name: port.name ?? '' } : null,
          space_station_target: station ?? null,
          flight_vehicle_chaser: stage.flight,
          provenance: nestedProvenance(
            source,
            undefined,
            typeof source.ll2_version === 'string' ? source.ll2_version : undefined,
            {},
          ),
        });
        conversions.count('nested docking event → docking event record');
      }
    }
  }
  return { records: filer.records, changed: filer.changed, conversions };
}
