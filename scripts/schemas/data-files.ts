// One JSON Schema per kind of data file. The order of `properties` is the
// canonical key order of the YAML files.

import {
  bool,
  date,
  duration,
  idName,
  image,
  infoUrl,
  int,
  key,
  keyedRecords,
  keys,
  list,
  missionPatch,
  nullable,
  nullableDate,
  nullableImage,
  nullableInt,
  nullableKey,
  nullableStr,
  nullableTimestamp,
  nullableUrl,
  num,
  object,
  orderedObject,
  passthrough,
  provenance,
  slug,
  socialMediaLink,
  str,
  text,
  timestamp,
  update,
  url,
  uuid,
  vidUrl,
  type Schema,
} from './building-blocks.ts';
import { follows, placeDeclaredIn } from './resources/declaration.ts';
import { DECLARED_RESOURCES, type DeclaredKind } from './resources/index.ts';
import type { ConfigListKind } from './config-lists.ts';

const SCHEMA_BASE = 'https://launch-schedule.example/schemas/data/';

/** Tallies LL2 counts over its whole database (agencies, rockets, families). */
const TALLY_FIGURES = [
  'total_launch_count',
  'consecutive_successful_launches',
  'successful_launches',
  'failed_launches',
  'pending_launches',
];
const LANDING_FIGURES = [
  'attempted_landings',
  'successful_landings',
  'failed_landings',
  'consecutive_successful_landings',
];

/**
 * The figures of each reference kind that LL2 derives from its whole database. The
 * importer stores LL2's values "as of import" in an optional `ll2_figures` block;
 * the build publishes them instead of counting our (smaller) data set. Delete the
 * block to have the build count again.
 */
export const LL2_FIGURES = {
  agencies: [
    ...TALLY_FIGURES,
    'consecutive_successful_landings',
    'successful_landings',
    'failed_landings',
    'attempted_landings',
    'successful_landings_spacecraft',
    'failed_landings_spacecraft',
    'attempted_landings_spacecraft',
    'successful_landings_payload',
    'failed_landings_payload',
    'attempted_landings_payload',
  ],
  celestialBodies: [
    'total_attempted_launches',
    'successful_launches',
    'failed_launches',
    'total_attempted_landings',
    'successful_landings',
    'failed_landings',
  ],
  launcherFamilies: [...TALLY_FIGURES, ...LANDING_FIGURES],
  launcherConfigurations: [...TALLY_FIGURES, ...LANDING_FIGURES, 'fastest_turnaround'],
  locations: ['total_launch_count', 'total_landing_count'],
  pads: ['total_launch_count', 'orbital_launch_attempt_count', 'fastest_turnaround'],
  // Counts of one moment (who is aboard, what is docked), published with their `as_of` (docs/differences.md).
  spaceStations: ['onboard_crew', 'docked_vehicles'],
} as const;

function ll2Figures(names: readonly string[]): Schema {
  return {
    ...object(
      {},
      {
        ...Object.fromEntries(names.map((n) => [n, n === 'fastest_turnaround' ? duration : nullableInt()])),
        // When LL2 stated them (the source record's last_updated, or the file's save date): an older source does not replace them.
        as_of: nullableTimestamp,
      },
    ),
    description: "LL2's own figures as of the import; the build publishes them instead of counting our launches",
  };
}

const agency = object(
  { id: int(1), name: str(200), abbrev: str(255), type: key },
  {
    featured: bool,
    country: keys,
    description: nullableStr(2048),
    administrator: nullableStr(200),
    founding_year: nullableInt(),
    launchers: str(500),
    spacecraft: str(500),
    parent: nullableStr(200),
    image: nullableImage,
    logo: nullableImage,
    social_logo: nullableImage,
    info_url: nullableUrl,
    wiki_url: nullableUrl,
    social_media_links: list(socialMediaLink),
    ll2_figures: ll2Figures(LL2_FIGURES.agencies),
    provenance,
  },
);

const celestialBody = object(
  // LL2 requires an image on every celestial body.
  { id: int(1), name: str(255), type: idName, image },
  {
    diameter: num,
    mass: num,
    gravity: num,
    length_of_day: nullableStr(100),
    atmosphere: bool,
    description: nullableStr(2048),
    wiki_url: nullableUrl,
    ll2_figures: ll2Figures(LL2_FIGURES.celestialBodies),
    provenance,
  },
);

const launcherFamily = object(
  { id: int(1), name: str(200) },
  {
    manufacturer: keys,
    parent: nullableKey,
    description: str(2048),
    active: bool,
    maiden_flight: nullableDate,
    ll2_figures: ll2Figures(LL2_FIGURES.launcherFamilies),
  },
);

const launcherConfiguration = object(
  { id: int(1), name: str(200), full_name: str(200), families: keys },
  {
    variant: str(200),
    active: bool,
    is_placeholder: bool,
    manufacturer: nullableKey,
    program: keys,
    reusable: bool,
    image: nullableImage,
    info_url: nullableUrl,
    wiki_url: nullableUrl,
    description: str(2048),
    alias: str(200),
    min_stage: nullableInt(),
    max_stage: nullableInt(),
    length: num,
    diameter: num,
    maiden_flight: nullableDate,
    launch_cost: nullableInt(),
    launch_mass: num,
    leo_capacity: num,
    gto_capacity: num,
    geo_capacity: num,
    sso_capacity: num,
    to_thrust: num,
    apogee: num,
    ll2_figures: ll2Figures(LL2_FIGURES.launcherConfigurations),
    provenance,
  },
);

const location = object(
  { id: int(1), name: str(255), celestial_body: key, country: nullableKey, timezone_name: str(255) },
  {
    active: bool,
    description: nullableStr(2048),
    image: nullableImage,
    map_image: nullableUrl,
    latitude: num,
    longitude: num,
    ll2_figures: ll2Figures(LL2_FIGURES.locations),
    provenance,
  },
);

const pad = object(
  { id: int(1), name: str(255), location: key, country: nullableKey },
  {
    active: bool,
    agencies: keys,
    image: nullableImage,
    description: nullableStr(2048),
    info_url: nullableUrl,
    wiki_url: nullableUrl,
    map_url: nullableUrl,
    latitude: num,
    longitude: num,
    map_image: nullableUrl,
    ll2_figures: ll2Figures(LL2_FIGURES.pads),
    provenance,
  },
);

/**
 * A space station; its figures (height and width in m, mass in t, volume in m³) and its
 * docking locations (ports, by LL2 id) as LL2 states them; who is aboard and what is
 * docked are counts of one moment, kept in `ll2_figures` with their date.
 */
const spaceStation = object(
  { id: int(1), name: str(255), status: idName, type: idName, founded: date },
  {
    image: nullableImage,
    deorbited: nullableDate,
    description: str(2048),
    orbit: nullableStr(255),
    owners: keys,
    height: num,
    width: num,
    mass: num,
    volume: nullableInt(),
    docking_location: list(object({ id: int(1), name: str(255) }), 200),
    ll2_figures: ll2Figures(LL2_FIGURES.spaceStations),
    provenance,
  },
);

const mission = object(
  { name: str(255), type: key, orbit: key },
  {
    id: int(1),
    description: text(),
    image: nullableImage,
    agencies: keys,
    info_urls: list(infoUrl),
    vid_urls: list(vidUrl),
  },
);

/**
 * A booster (LL2's launcher): one first stage or side booster by serial number,
 * which launches refer to from `rocket.launcher_stage[].launcher`. The figures
 * (`flights`, landings, first and last launch) are LL2's as of the source.
 */
const launcher = object(
  { id: int(1), serial_number: nullableStr(200), status: nullableKey },
  {
    flight_proven: bool,
    is_placeholder: bool,
    details: str(2048),
    image: nullableImage,
    launcher_config: nullableKey,
    successful_landings: nullableInt(),
    attempted_landings: nullableInt(),
    flights: nullableInt(),
    first_launch_date: nullableTimestamp,
    last_launch_date: nullableTimestamp,
    fastest_turnaround: duration,
    provenance,
  },
);

/** An astronaut's status and type, as LL2 2.3.0 nests them (`AstronautStatus`, `AstronautType`). */
const astronautIdName = object({ id: int(1), name: str(255) });

/**
 * An astronaut (LL2's `astronauts/`), which launches' crews refer to from
 * `rocket.spacecraft_stage[].{launch,onboard,landing}_crew[].astronaut`. Values
 * as the source states them; `nationality` our countries by key, `agency` ours.
 */
const astronaut = object(
  { id: int(1), name: str(255) },
  {
    status: astronautIdName,
    type: astronautIdName,
    agency: nullableKey,
    nationality: keys,
    image: nullableImage,
    in_space: bool,
    time_in_space: nullableStr(64),
    eva_time: str(64),
    age: nullableInt(),
    date_of_birth: nullableDate,
    date_of_death: nullableDate,
    bio: str(8192),
    wiki: nullableStr(255),
    first_flight: nullableTimestamp,
    last_flight: nullableTimestamp,
    twitter: str(255),
    instagram: str(255),
    social_media_links: { type: 'array', maxItems: 50, items: { type: 'object' } },
    provenance,
  },
);

/** LL2's `{id, name}` of a landing's type or a spacecraft's status or type, with what else the source says of it. */
const idNameWith = (optional: Record<string, Schema> = {}): Schema => object({ id: int(), name: str(255) }, optional);

/**
 * A landing (LL2's `landings/`) of a first stage or a spacecraft, which launches
 * refer to from `rocket.launcher_stage[].landing` and `rocket.spacecraft_stage[].landing`.
 * Its location and type as the source nests them (2.2.0's `location` read as 2.3.0's
 * `landing_location`, its location and celestial body ours by key); values as the source states them.
 */
const landing = object(
  { id: int(1) },
  {
    attempt: bool,
    success: { type: ['boolean', 'null'] },
    description: str(4096),
    downrange_distance: num,
    landing_location: idNameWith({
      abbrev: str(255),
      description: nullableStr(4096),
      location: nullableKey,
      active: bool,
      longitude: num,
      latitude: num,
      image: nullableImage,
      successful_landings: nullableInt(),
      attempted_landings: nullableInt(),
      failed_landings: nullableInt(),
      celestial_body: nullableKey,
    }),
    type: idNameWith({ abbrev: str(255), description: nullableStr(4096) }),
    provenance,
  },
);

/**
 * One spacecraft (LL2's `spacecraft/`: a capsule by serial number, or LL2's
 * placeholder for one not yet named), which launches refer to from
 * `rocket.spacecraft_stage[].spacecraft`; its figures as the source states them.
 */
const spacecraft = object(
  { id: int(1), name: str(255), spacecraft_config: key },
  {
    serial_number: nullableStr(255),
    is_placeholder: bool,
    in_space: bool,
    time_in_space: duration,
    time_docked: duration,
    flights_count: nullableInt(),
    mission_ends_count: nullableInt(),
    status: idNameWith(),
    description: str(8192),
    image: nullableImage,
    fastest_turnaround: duration,
    provenance,
  },
);

/** A mission patch (LL2's `mission_patches/`), which launches list by key from `mission_patches`; `agency` ours by key. */
const missionPatchRecord = object(
  { id: int(), name: str(200), image_url: url },
  { priority: int(), agency: nullableKey, provenance },
);

/** An update (LL2's `updates/`), which launches list by key from `updates`. */
const updateRecord = object(
  { id: int(), created_on: timestamp },
  {
    profile_image: nullableUrl,
    comment: nullableStr(40000),
    info_url: nullableUrl,
    created_by: nullableStr(255),
    provenance,
  },
);

/**
 * A docking event (LL2's `docking_events/`): a spacecraft flight (the chaser, by key)
 * docking at a space station (the target, by key) at one of its ports (LL2's
 * docking location, by id and name), as the launch's spacecraft stage stated it;
 * `departure` null where the source states none (not yet departed when it was saved).
 */
const dockingEventRecord = object(
  { id: int(1), docking: timestamp },
  {
    departure: nullableTimestamp,
    docking_location: nullable(object({ id: int(1), name: str(255) })),
    space_station_target: nullableKey,
    flight_vehicle_chaser: nullableKey,
    provenance,
  },
);

/**
 * A spacecraft flight (LL2's `spacecraft_flights/`): one spacecraft stage of a
 * launch, which names it from `rocket.spacecraft_stage[].flight` and keeps its
 * crews; its spacecraft and landing by key.
 */
const spacecraftFlight = object(
  { id: int(1), spacecraft: key },
  { landing: nullableKey, destination: nullableStr(255), mission_end: nullableTimestamp, provenance },
);

const rocket = object(
  { configuration: key },
  {
    id: int(1),
    launcher_stage: list(passthrough),
    spacecraft_stage: list(passthrough),
    payloads: list(passthrough),
  },
);

export const launchSchema = orderedObject(
  {
    id: uuid,
    slug,
    name: str(2048),
    launch_designator: nullableStr(255),
    status: key,
    net: timestamp,
    net_precision: nullableKey,
    window_start: timestamp,
    window_end: timestamp,
    probability: { type: ['integer', 'null'], minimum: 0, maximum: 100 },
    weather_concerns: nullableStr(255),
    failreason: nullableStr(2048),
    hashtag: nullableStr(2048),
    webcast_live: bool,
    launch_service_provider: key,
    rocket,
    mission: nullable(mission),
    pad: key,
    program: keys,
    image: nullableImage,
    infographic: nullableUrl,
    info_urls: list(infoUrl),
    vid_urls: list(vidUrl),
    flightclub_url: nullableUrl,
    // Each a key in updates.yaml; LL2's object until npm run migrate:graph files it.
    updates: list({ anyOf: [update, key] }),
    timeline: list(
      object({
        relative_time: nullableStr(64),
        type: nullable(object({ id: int(), abbrev: str(255) }, { description: str(2048) })),
      }),
    ),
    // Each a key in mission-patches.yaml; LL2's object until npm run migrate:graph files it.
    mission_patches: list({ anyOf: [missionPatch, key] }),
    provenance,
    last_updated: timestamp,
  },
  [
    'id',
    'slug',
    'name',
    'status',
    'net',
    'window_start',
    'window_end',
    'launch_service_provider',
    'rocket',
    'pad',
    'last_updated',
  ],
);

export const eventSchema = orderedObject(
  {
    id: int(1),
    slug,
    name: str(200),
    type: key,
    date: nullableTimestamp,
    date_precision: nullableKey,
    duration,
    location: nullableStr(100),
    description: str(2048),
    webcast_live: bool,
    agencies: keys,
    launches: { type: 'array', items: uuid, uniqueItems: true, maxItems: 200 },
    spacestations: keys,
    program: keys,
    expeditions: list(passthrough),
    astronauts: list(passthrough),
    image: nullableImage,
    info_urls: list(infoUrl),
    vid_urls: list(vidUrl),
    updates: list(update),
    provenance,
    last_updated: timestamp,
  },
  ['id', 'slug', 'name', 'type', 'date', 'last_updated'],
);

/** The kinds of reference data, each a file `data/reference/<file>.yaml` mapping keys to records. */
const HAND_KINDS = {
  agencies: agency,
  celestialBodies: celestialBody,
  launcherFamilies: launcherFamily,
  launcherConfigurations: launcherConfiguration,
  launchers: launcher,
  astronauts: astronaut,
  landings: landing,
  spacecraft,
  spacecraftFlights: spacecraftFlight,
  missionPatches: missionPatchRecord,
  updates: updateRecord,
  dockingEvents: dockingEventRecord,
  locations: location,
  pads: pad,
  spaceStations: spaceStation,
} satisfies Record<string, Schema>;

/** The reference kinds read from a data file: those above, and the declared ones (schemas/resources/). */
export type FileReferenceKind = keyof typeof HAND_KINDS | DeclaredKind;

/** Each kind's record (the declared ones' from their declaration, where they stood). */
export const REFERENCE_KINDS = placeDeclaredIn(
  HAND_KINDS,
  DECLARED_RESOURCES,
  (d) => [d.kind, d.record],
  (d) => follows(d, 'file'),
) as Record<FileReferenceKind, Schema>;

/** Every kind of reference record: those of a data file, and the config lists collected from records (config-lists.ts). */
export type ReferenceKind = FileReferenceKind | ConfigListKind;

/** File name (without `.yaml`) of each reference kind under `data/reference/`. */
const HAND_FILES: Record<keyof typeof HAND_KINDS, string> = {
  agencies: 'agencies',
  celestialBodies: 'celestial-bodies',
  launcherFamilies: 'launcher-families',
  launcherConfigurations: 'launcher-configurations',
  launchers: 'launchers',
  astronauts: 'astronauts',
  landings: 'landings',
  spacecraft: 'spacecraft',
  spacecraftFlights: 'spacecraft-flights',
  missionPatches: 'mission-patches',
  updates: 'updates',
  dockingEvents: 'docking-events',
  locations: 'locations',
  pads: 'pads',
  spaceStations: 'space-stations',
};
export const REFERENCE_FILES = placeDeclaredIn(
  HAND_FILES,
  DECLARED_RESOURCES,
  (d) => [d.kind, d.file],
  (d) => follows(d, 'file'),
) as Record<FileReferenceKind, string>;

/** `data/reference/starship-dashboard.yaml` (without `.yaml`): LL2's Starship dashboard, one document, not keyed records. */
export const STARSHIP_DASHBOARD_FILE = 'starship-dashboard';

/**
 * `data/reference/starship-dashboard.yaml`: what LL2's Starship dashboard
 * (`dashboard/starship/`, mode normal) gives that our records cannot derive, as LL2
 * last gave it: its road closures (LL2's `RoadClosure`, status as LL2's
 * `RoadClosureStatus`), notices (`Notice`, type as `NoticeType`), live streams
 * (`VidURLs`: no id, LL2's order) and orbiters (`SpacecraftNormal`: our spacecraft
 * by key, found by LL2 id). One document, replaced whole by the sync's
 * `starship_dashboard` slot; `fetched_at` is when LL2 gave it, `provenance` the
 * dashboard's LL2 URL and the credit. Every part optional: an empty mapping holds
 * nothing (the dashboard publishes empty lists).
 */
export const starshipDashboardSchema = orderedObject(
  {
    road_closures: list(
      object({ id: int(1), title: str(1048), status: idName, window_start: timestamp, window_end: timestamp }),
      200,
    ),
    notices: list(object({ id: int(1), type: idName, date: timestamp, url: { ...url, maxLength: 200 } }), 200),
    live_streams: list(
      object({ url, image: nullableUrl }, { title: nullableStr(200), description: nullableStr(350) }),
      100,
    ),
    orbiters: keys,
    fetched_at: timestamp,
    provenance,
  },
  [],
);

/**
 * `data/ll2-sync.yaml`: where `npm run sync:ll2` stands with LL2 (docs/sync.md).
 * Every launch LL2 last updated before `launches_updated_since` is in the data;
 * `launches_updated_skip` counts the launches updated at exactly that second that
 * were already fetched, when more of them share it than one page holds.
 */
export const ll2SyncSchema = object(
  { launches_updated_since: timestamp },
  {
    launches_updated_skip: int(),
    // The same for LL2's feed of changed events (absent: the feed starts with every event LL2 holds).
    events_updated_since: timestamp,
    events_updated_skip: int(),
    // When the last run that fetched and wrote without stopping ended its requests (the data's age).
    last_success_at: timestamp,
    // Launch versions LL2 sent that the importer refused: each run looks them up again until one is taken.
    refused: {
      type: 'array',
      maxItems: 1000,
      items: object({ id: uuid, last_updated: timestamp }, { reason: str(2048) }),
    },
    // Event versions LL2 sent that the importer refused: looked up again by id until one is taken.
    refused_events: {
      type: 'array',
      maxItems: 1000,
      items: object({ id: int(), last_updated: timestamp }, { reason: str(2048) }),
    },
    // When each resource in rotation (astronauts in space, space stations, …) was last read (docs/sync.md).
    resources_fetched_at: object(
      {},
      {
        astronauts_in_space: timestamp,
        space_stations: timestamp,
        all_astronauts: timestamp,
        active_expeditions: timestamp,
        starship_dashboard: timestamp,
      },
    ),
    // Where a resource read one page a turn (every astronaut) goes on: LL2's offset of its next page (absent: 0).
    resources_offset: object({}, { all_astronauts: int() }),
    // Launches a whole look-up by id did not answer, and since when: deleted once missing again 6 h later (docs/sync.md).
    missing: { type: 'array', maxItems: 1000, items: object({ id: uuid, since: timestamp }) },
    // Launches the sync deleted because LL2 no longer has them (a 404 of their detail page, or missing twice): when, which, why.
    removed: {
      type: 'array',
      maxItems: 1000,
      items: orderedObject(
        {
          at: timestamp,
          id: uuid,
          name: str(2048),
          reason: { type: 'string', enum: ['not-found', 'missing'] },
          missing_since: timestamp,
          path: str(1024),
        },
        ['at', 'id', 'name', 'reason', 'path'],
      ),
    },
    // The sync's own requests to LL2 by run over the last hour: when, how many (LL2 allows 15 an hour; docs/sync.md).
    requests_last_hour: {
      type: 'array',
      maxItems: 100,
      items: object({ at: timestamp, count: int() }),
    },
  },
);

/**
 * `data/history/<year>/<slug>.yaml`: one launch's history of dates and statuses
 * (docs/history.md), beside its record in `data/launches/` at the same path.
 * `first_seen` states each followed value when the launch was first seen; each of
 * `changes` (oldest first) names the fields that changed as `[before, after]`.
 * Every sighting says when (`seen`), where (`source`, `saved_by`) and, from LL2,
 * the version's `last_updated`.
 */
const historyValue: Schema = { type: ['string', 'integer', 'null'], maxLength: 2048 };
const historyPair: Schema = { type: 'array', items: historyValue, minItems: 2, maxItems: 2 };
const historySighting = {
  seen: timestamp,
  source: { type: 'string', enum: ['ll2-list', 'll2-sync', 'pull-request', 'record'] },
};
const historySightingOptional = { saved_by: str(200), ll2_last_updated: timestamp };
/** The fields a launch's history follows, in the order files and feeds list them (model/history.ts). */
export const HISTORY_FIELDS = [
  'name',
  'net',
  'net_precision',
  'window_start',
  'window_end',
  'status',
  'probability',
  'pad',
  'configuration',
] as const;
export const historySchema = orderedObject(
  {
    launch: uuid,
    first_seen: object(historySighting, {
      ...historySightingOptional,
      ...Object.fromEntries(HISTORY_FIELDS.map((f) => [f, historyValue])),
    }),
    changes: list(
      object(historySighting, {
        ...historySightingOptional,
        ...Object.fromEntries(HISTORY_FIELDS.map((f) => [f, historyPair])),
      }),
      5000,
    ),
  },
  ['launch', 'first_seen'],
);

function withId(name: string, schema: Schema): Schema {
  return { $schema: 'http://json-schema.org/draft-07/schema#', $id: `${SCHEMA_BASE}${name}.schema.json`, ...schema };
}

/** Every data-file schema, by the name it is published under. */
export function dataFileSchemas(): Record<string, Schema> {
  const out: Record<string, Schema> = {
    launch: withId('launch', launchSchema),
    event: withId('event', eventSchema),
    'll2-sync': withId('ll2-sync', ll2SyncSchema),
    history: withId('history', historySchema),
  };
  for (const [kind, file] of Object.entries(REFERENCE_FILES)) {
    out[file] = withId(file, keyedRecords(REFERENCE_KINDS[kind as FileReferenceKind]));
  }
  out[STARSHIP_DASHBOARD_FILE] = withId(STARSHIP_DASHBOARD_FILE, starshipDashboardSchema);
  return out;
}
