// Spacecraft flights in LL2 2.3.0's shapes, from the records import/spacecraft.ts
// files (issue 21), and a landing's location as its record nests it: a launch's
// spacecraft stage (LL2's spacecraft flight: the flight record the stage names, with
// the stage's crews and docking events; its spacecraft, declared in
// schemas/resources/spacecraft.ts, and its landing, declared in schemas/resources/landings.ts,
// from the records their keys name). In: the shape kit, the declared kinds' objects
// (locations, celestial bodies, spacecraft, landings) and a crew member's shape. Where a record states no
// value, what LL2 publishes for an unknown one (null, an empty list), never an
// invented one: a boolean the source does not state (a 2.2.0 landing location's
// `active`) is null. Landing and launch figures are not counted here (null). Pure.

import { isObject } from '../../base/json-types.ts';
import type { Json, JsonObject, LaunchRecord } from '../../model/records.ts';
import { formatDuration } from '../../model/stats.ts';
import { orNull, shapeImage, str, type Mode, type ShapeKit } from './kit.ts';
import type { Declared } from './declared.ts';

interface SpacecraftParts {
  declared: Declared;
  /** A crew member (`AstronautFlight`) as a detailed launch nests it. */
  crewMember: (member: JsonObject) => Json;
  /** The docking events of a spacecraft flight (by key) as the flight nests them (`DockingEventForChaserNormal`: schemas/resources/docking-events.ts). */
  dockingsOf: (flight: string) => Json[];
}

export function spacecraftShapes({ get, urls }: ShapeKit, { declared, crewMember, dockingsOf }: SpacecraftParts) {
  const { spacecraft: craft, landings, locations, celestialBodies } = declared;
  const landingLocation = (p: Json | undefined): Json => {
    if (!isObject(p)) return null;
    const location = typeof p.location === 'string' ? p.location : null;
    // The body the record states (the importer completes it: import/spacecraft.ts), else its location's.
    const body =
      typeof p.celestial_body === 'string'
        ? p.celestial_body
        : location === null
          ? undefined
          : get('locations', location).celestial_body;
    return {
      id: p.id,
      name: str(p.name),
      // Left out where no source states it, as LL2's schema allows (not required, never null).
      ...(typeof p.active === 'boolean' ? { active: p.active } : {}),
      abbrev: str(p.abbrev),
      description: orNull(p.description),
      location: location === null ? null : locations.bare(location),
      longitude: orNull(p.longitude),
      latitude: orNull(p.latitude),
      image: shapeImage(p.image),
      successful_landings: orNull(p.successful_landings),
      attempted_landings: orNull(p.attempted_landings),
      failed_landings: orNull(p.failed_landings),
      // null where neither the record nor its location names one.
      celestial_body: typeof body === 'string' ? celestialBodies.normal(body) : null,
    };
  };
  /** A stage's `landing`: the record its key names; a nested object the importer has not filed yet, as given. */
  const landingOf = (value: Json | undefined): Json =>
    typeof value === 'string' ? landings.nested(value) : orNull(value);

  const craftOf = (value: Json | undefined, mode: 'normal' | 'detailed'): Json =>
    typeof value === 'string' ? (mode === 'detailed' ? craft.nested(value) : craft.normal(value)) : orNull(value);

  /** A spacecraft stage with the fields of the flight record it names (spacecraft-flights.yaml); a stage that names none, as it is. */
  const flightOf = (stage: JsonObject): JsonObject =>
    typeof stage.flight === 'string' ? { ...get('spacecraftFlights', stage.flight), ...stage } : stage;
  /**
   * Whether a stage names its spacecraft. One that does not (the crew alone, as trimmed 2.2.0 copies saved it)
   * cannot be published in 2.3.0's shape without inventing the flight: launch details leave it out, and the
   * launch pages show its crew from the astronaut records.
   */
  const namesSpacecraft = (stage: JsonObject): boolean => flightOf(stage).spacecraft != null;

  /**
   * A launch's spacecraft stage as LL2's spacecraft flight, without its launch:
   * `list` (`SpacecraftFlightMini…`), `normal` and `detailed` (with its crews and
   * docking events) modes, its duration from the launch's NET; `landing: false` leaves the landing out (as `landings/` nests it).
   */
  const spacecraftFlight = (
    named: JsonObject,
    net: string | undefined,
    mode: Mode,
    { landing: withLanding = true } = {},
  ): JsonObject => {
    const stage = flightOf(named);
    const out: JsonObject = {
      id: orNull(stage.id),
      url: typeof stage.id === 'number' ? urls.reference('spacecraftFlights', stage.id) : null,
      destination: orNull(stage.destination),
      mission_end: orNull(stage.mission_end),
      spacecraft: craftOf(stage.spacecraft, mode === 'detailed' ? 'detailed' : 'normal'),
    };
    if (withLanding) out.landing = landingOf(stage.landing);
    // From the launch to the mission's end, when it has ended (as LL2 counts it); the source's value first.
    out.duration =
      typeof stage.duration === 'string'
        ? stage.duration
        : typeof stage.mission_end === 'string' && net !== undefined
          ? formatDuration(Date.parse(stage.mission_end) - Date.parse(net))
          : null;
    out.turn_around_time = orNull(stage.turn_around_time);
    if (mode !== 'list') out.response_mode = mode;
    if (mode === 'detailed') {
      for (const crew of ['launch_crew', 'onboard_crew', 'landing_crew']) {
        out[crew] = (Array.isArray(stage[crew]) ? stage[crew] : []).map((m) => (isObject(m) ? crewMember(m) : m));
      }
      // From the records of docking-events.yaml that name this flight (not as the source nests them: 2.2.0's layout).
      out.docking_events = typeof named.flight === 'string' ? dockingsOf(named.flight) : [];
    }
    return out;
  };

  return {
    flightOf,
    namesSpacecraft,
    landingLocation,
    landingOf,
    spacecraftFlight,
  };
}

export type SpacecraftShapes = ReturnType<typeof spacecraftShapes>;

interface StageResourceParts {
  shapes: SpacecraftShapes;
  /** A first stage as a detailed launch nests it (launchers.ts). */
  firstStage: (stage: JsonObject, net: string) => JsonObject;
  launchNormal: (launch: LaunchRecord) => JsonObject;
  launchById: ReadonlyMap<string, LaunchRecord>;
  launchUrl: (id: string) => string;
  /** The LL2 id of the configuration a booster (by key) flies as, if its record names one. */
  launcherConfigId: (launcherKey: string) => number | null;
}

/** Where a launch's stage is: the launch and the stage itself (a flight no launch names has none). */
interface StageUse {
  launch?: LaunchRecord;
  stage: JsonObject;
}

/**
 * What the `landings/`, `spacecraft/` and `spacecraft_flights/` endpoints' objects take
 * from the launches: the first stage or spacecraft flight that made each landing,
 * the flights of each spacecraft over our launches (its detail lists them),
 * each spacecraft flight with the launch whose stage names it (`SpacecraftFlight…`).
 */
export function stageResources(
  launches: readonly LaunchRecord[],
  { shapes, firstStage, launchNormal, launchById, launchUrl, launcherConfigId }: StageResourceParts,
) {
  const landingUse = new Map<string, Required<StageUse> & { first: boolean }>();
  const flightsOf = new Map<string, StageUse[]>();
  const flightUse = new Map<string, StageUse>();
  for (const launch of launches) {
    for (const stage of launch.rocket.launcher_stage ?? [])
      if (typeof stage.landing === 'string') landingUse.set(stage.landing, { launch, stage, first: true });
    for (const named of launch.rocket.spacecraft_stage ?? []) {
      const stage = shapes.flightOf(named);
      if (typeof stage.landing === 'string') landingUse.set(stage.landing, { launch, stage, first: false });
      if (typeof stage.spacecraft === 'string')
        flightsOf.set(stage.spacecraft, [...(flightsOf.get(stage.spacecraft) ?? []), { launch, stage }]);
      if (typeof named.flight === 'string') flightUse.set(named.flight, { launch, stage: named });
    }
  }
  const launchMini = (l: LaunchRecord): JsonObject => ({ id: l.id, url: launchUrl(l.id), name: l.name });
  /** A spacecraft flight with its launch, in LL2's key order. */
  const flightWithLaunch = ({ launch, stage }: StageUse, mode: Mode, landing: boolean): JsonObject => {
    const { id, url, destination, mission_end, spacecraft, ...rest } = shapes.spacecraftFlight(
      stage,
      launch?.net,
      mode,
      { landing },
    );
    const shown = launch === undefined ? null : mode === 'list' ? launchMini(launch) : launchNormal(launch);
    return { id, url, destination, mission_end, spacecraft, launch: shown, ...rest };
  };
  const flightEndpoint = (key: string, mode: Mode): JsonObject =>
    flightWithLaunch(flightUse.get(key) ?? { stage: { flight: key } }, mode, true);
  const stageOf = ({ launch, stage }: Required<StageUse>, mode: 'normal' | 'detailed'): JsonObject => {
    const { landing: _landing, previous_flight: previous, ...rest } = firstStage(stage, launch.net);
    const ours = isObject(previous) && typeof previous.id === 'string' ? launchById.get(previous.id) : undefined;
    return { ...rest, previous_flight: mode === 'detailed' && ours ? launchNormal(ours) : previous };
  };
  return {
    /** The first stage that made a landing (by key), as `landings/` shows it; null where a spacecraft did, or none. */
    firstStageThatLanded: (key: string, mode: 'normal' | 'detailed'): Json => {
      const use = landingUse.get(key);
      return use?.first ? stageOf(use, mode) : null;
    },
    /** The spacecraft flight that made a landing (by key), with its launch and without the landing; null where none did. */
    flightThatLanded: (key: string, mode: 'normal' | 'detailed'): Json => {
      const use = landingUse.get(key);
      return use && !use.first ? flightWithLaunch(use, mode, false) : null;
    },
    /** The launch whose first stage made a landing, and the booster's configuration: for `firststage_launch__ids`, `launcher_config__ids`. */
    landingFacts: (key: string): JsonObject => {
      const use = landingUse.get(key);
      const launcher = use?.first && typeof use.stage.launcher === 'string' ? use.stage.launcher : null;
      return {
        firststage_launch: use?.first ? use.launch.id : null,
        launcher_config: launcher === null ? null : launcherConfigId(launcher),
      };
    },
    /**
     * A spacecraft flight (by key) with the launch whose stage names it, as `spacecraft_flights/` publishes it
     * (schemas/resources/spacecraft-flights.ts): `list` (`SpacecraftFlightMini`, as a docking event names its chaser), normal, detailed.
     */
    spacecraftFlightWithLaunch: flightEndpoint,
    /** The flights of a spacecraft (by key) over our launches, each with its launch, as its detail lists them. */
    flightsOfSpacecraft: (key: string): Json[] =>
      (flightsOf.get(key) ?? []).map((use) => flightWithLaunch(use, 'normal', true)),
  };
}
