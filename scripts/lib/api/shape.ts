// Expanding our normalized records into LL2 2.3.0 resources: the nested objects,
// their `response_mode`, key order, nullability and absolute `url`s. One module
// per kind of resource under shapes/; this one puts them together, each built on
// those it nests. Pure: the base URL and the derived statistics come in,
// JSON-ready objects go out.

import type { DataSet, Json } from '../model/records.ts';
import type { DataSetStats } from '../model/stats.ts';
import { configListShapes } from './shapes/config-lists.ts';
import { eventShapes } from './shapes/events.ts';
import { createKit, type Mode } from './shapes/kit.ts';
import type { ReferenceKind } from '../../schemas/data-files.ts';
import type { FieldMode } from '../../schemas/resources/fields.ts';
import { launcherShapes } from './shapes/launchers.ts';
import { crewFlights, crewMemberShape } from './shapes/astronauts.ts';
import { launchShapes } from './shapes/launches.ts';
import { spacecraftShapes, stageResources } from './shapes/spacecraft.ts';
import { declaredShapes } from './shapes/declared.ts';
import { activeExpeditions } from '../model/collections.ts';

/**
 * Builds the LL2 objects for one data set. Nested objects that do not depend on
 * the launch (pads, agencies, rockets) are built once per key and shared.
 */
export function createShaper(
  data: DataSet,
  stats: DataSetStats,
  baseUrl: string,
  share: (value: Json) => Json = (value) => value,
  now?: number,
) {
  const kit = createKit(data, stats, baseUrl, share);
  // The declared resources (schemas/resources/), nesting any of the shapes below by name.
  const declared = declaredShapes(kit, () => shapes);
  // A station lists the expeditions under way at the build's clock (none without one), found by its LL2 id.
  const underWay = now === undefined ? new Map<string, string[]>() : activeExpeditions(data.reference.expeditions, now);
  const stationKeyById = new Map([...data.reference.spaceStations].map(([key, station]) => [station.id, key]));
  const expeditionsUnderWay = (stationId: number): Json[] =>
    (underWay.get(stationKeyById.get(stationId) ?? '') ?? []).map(declared.expeditions.mini);
  const crewMember = crewMemberShape(declared.astronauts);
  // A flight nests the docking events naming it as their chaser, by id, as their declaration's `mini` objects.
  const spacecraft = spacecraftShapes(kit, {
    declared,
    crewMember,
    dockingsOf: (flight) =>
      kit.referrers('dockingEvents', 'flight_vehicle_chaser', flight).map(declared.dockingEvents.mini),
  });
  // A stage's landing: the record its key names (landings.yaml), shaped once for the boosters' and spacecraft's stages.
  const launchers = launcherShapes(kit, declared, new Set(data.launches.map((l) => l.id)), spacecraft.landingOf);
  const launches = launchShapes(kit, { declared, launchers, spacecraft });
  const flights = crewFlights(data.launches);
  // The key of a record a declared kind's nested shape names by its LL2 id ('' where none has it: no record).
  const keyOf = (kind: ReferenceKind, id: number): string => kit.keyById(kind, id) ?? '';
  const launchById = new Map(data.launches.map((l) => [l.id, l]));
  const stageEndpoints = stageResources(data.launches, {
    shapes: spacecraft,
    firstStage: launchers.firstStage,
    launchNormal: launches.launchNormal,
    launchById,
    launchUrl: kit.urls.launch,
    launcherConfigId: (key) => {
      const config = kit.get('launchers', key).launcher_config;
      return typeof config === 'string' ? Number(kit.get('launcherConfigurations', config).id) : null;
    },
  });
  const events = eventShapes(kit, declared, launches);
  const configLists = configListShapes(
    kit,
    declared,
    new Map([...data.reference.locations].map(([key, l]) => [l.id, key])),
  );
  const shapes = {
    ...configLists,
    ...launchers,
    ...launches,
    ...events,
    ...spacecraft,
    ...stageEndpoints,
    crewMember,
    expeditionsUnderWay,
    // An astronaut's objects count its flights, and its detail lists them, found by its LL2 id.
    crewFlightCounts: (id: number) => {
      const flown = flights.get(keyOf('astronauts', id));
      return { flights: flown?.launches.length ?? 0, landings: flown?.landings ?? 0 };
    },
    crewFlights: (id: number): Json[] =>
      (flights.get(keyOf('astronauts', id))?.launches ?? []).map((launch) =>
        launches.launchNormal(launchById.get(launch)!),
      ),
    // A landing's objects show the stage or flight that made it, found by its LL2 id.
    landingFirstStage: (id: number, mode: 'normal' | 'detailed') =>
      stageEndpoints.firstStageThatLanded(keyOf('landings', id), mode),
    landingFlight: (id: number, mode: 'normal' | 'detailed') =>
      stageEndpoints.flightThatLanded(keyOf('landings', id), mode),
    landingRelated: (id: number) => stageEndpoints.landingFacts(keyOf('landings', id)),
    // A spacecraft flight's objects (its declaration's shape), found by its LL2 id; `mini` as a docking event names it.
    spacecraftFlightWithLaunch: (id: number, mode: FieldMode) =>
      stageEndpoints.spacecraftFlightWithLaunch(
        keyOf('spacecraftFlights', id),
        (mode === 'mini' ? 'list' : mode) as Mode,
      ),
    // A spacecraft's detail lists its flights, found by its LL2 id.
    flightsOfSpacecraft: (id: number) => stageEndpoints.flightsOfSpacecraft(keyOf('spacecraft', id)),
  };
  return { ...shapes, declared };
}

export type Shaper = ReturnType<typeof createShaper>;
