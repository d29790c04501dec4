// LL2's small `config/…` lists that our records carry as nested objects (an
// astronaut's status, a video's type, a landing's type, an image's licence, …),
// declared once: each list's kind, path, LL2 2.3.0 schema, fields and where its
// entries come from. No data file holds them: the build collects every nested
// object the records state at the declared places (model/config-lists.ts), so a
// list holds exactly the values the records hold. The paths (api/paths.ts), the
// resources and their shape (api/reference-resources.ts), the response schemas
// (schemas/responses.ts), the default order (model/collections.ts) and the query
// tables (query/reference-tables.ts) are made from this table. Data only.

/**
 * A field of a list's objects, in LL2's order: `int` and `text` are required (an
 * entry the records never give one is left out of the list); `nullableText`,
 * `nullableInt`, `nullableNumber` and `image` are null where no record states
 * one; `optionalInt` and `optionalBool` are left out where none states one (LL2's
 * schema has them, not required, never null). `location` is the record's nested
 * location, published as our location of that LL2 id (LL2's
 * LocationSerializerNoCelestialBody), null where we hold none; `celestialBody` is
 * the celestial body the record names by key (a landing site's), else that location's (CelestialBodyNormal).
 * `unshaped` is a field we have no shape for yet: a list with one has no sources
 * (test/config-lists.test.ts holds to it), so it is published empty.
 * `station` is the space station whose record states the entry (SpaceStationMini),
 * null for an entry stated elsewhere; `unheld` is an object that entries collected
 * from the declared places never have (a station's docking location belongs to no
 * spacecraft configuration or payload): always null.
 */
export type ConfigField =
  | 'int'
  | 'text'
  | 'nullableText'
  | 'optionalInt'
  | 'nullableInt'
  | 'nullableNumber'
  | 'optionalBool'
  | 'image'
  | 'location'
  | 'celestialBody'
  | 'unshaped'
  | 'station'
  | 'unheld';

/** The record sets entries are collected from: launches, events, or reference records of a data file. */
export type ConfigSourceSet =
  | 'launches'
  | 'events'
  | 'astronauts'
  | 'celestialBodies'
  | 'programs'
  | 'spaceStations'
  | 'agencies'
  | 'launcherConfigurations'
  | 'locations'
  | 'pads'
  | 'landings'
  | 'spacecraft'
  | 'spacecraftConfigurations'
  | 'expeditions'
  /** The Starship dashboard (reference/starship-dashboard.yaml): one document, not keyed records. */
  | 'starshipDashboard';

/**
 * Where the nested objects are: a set of records and a path in each record,
 * keys joined by dots; `[]` steps into every item of a list, `**` matches any
 * depth (so `**.license` is every image's licence, wherever the image is).
 */
export interface ConfigSource {
  from: ConfigSourceSet;
  path: string;
}

export interface ConfigList {
  /** Our name of the kind (a reference kind). */
  kind: string;
  /** LL2's path under `config/`, without slashes. */
  path: string;
  /** LL2 2.3.0's schema of one object (components/schemas), also the name of our response definition. */
  ll2: string;
  /** Our published response schema's name (`${schema}-page`, `${schema}-detailed`). */
  schema: string;
  /** What one object is, for people ("astronaut role"). */
  title: string;
  fields: Readonly<Record<string, ConfigField>>;
  sources: readonly ConfigSource[];
  /**
   * A list LL2 publishes at the API root (`payloads/`), not under `config/`, whose
   * objects no record of ours holds: published empty (count 0), its detail route
   * answering 404 for every id, with the modes and filters LL2 documents for it.
   */
  root?: true;
  modes?: ReadonlyArray<'list' | 'normal' | 'detailed'>;
  /** Its filters by parameter name (besides paging, ordering, search and mode). */
  filters?: Readonly<Record<string, UnheldFilter>>;
}

/**
 * How a filter of a list we hold nothing for reads its value, as LL2 types it: a
 * whole number, a comma-separated list of numbers or of UUIDs, a text (exact or
 * `contains`), or a date-time (its lookup from the name's suffix, `start__gte`).
 */
export type UnheldFilter = 'int' | 'ints' | 'uuids' | 'text' | 'contains' | 'dateTime';

const ALL_MODES = ['list', 'normal', 'detailed'] as const;
const dateTimes = (name: string) =>
  Object.fromEntries(['gt', 'gte', 'lt', 'lte'].map((l) => [`${name}__${l}`, 'dateTime' as const]));

const ID_NAME = { id: 'int', name: 'text' } as const;
const everyLaunchAndEvent = (path: string): ConfigSource[] => [
  { from: 'launches', path },
  { from: 'events', path },
];
const crews = ['launch_crew', 'onboard_crew', 'landing_crew'];

export const CONFIG_LISTS = [
  {
    kind: 'astronautRoles',
    path: 'astronaut_roles',
    ll2: 'AstronautRole',
    schema: 'astronaut-role',
    title: 'astronaut role',
    fields: { id: 'int', role: 'text', priority: 'optionalInt' },
    sources: [
      ...crews.map((crew) => ({ from: 'launches' as const, path: `rocket.spacecraft_stage.[].${crew}.[].role` })),
      { from: 'events', path: 'astronauts.[].role' },
      { from: 'expeditions', path: 'crew.[].role' },
    ],
  },
  {
    kind: 'astronautStatuses',
    path: 'astronaut_statuses',
    ll2: 'AstronautStatus',
    schema: 'astronaut-status',
    title: 'astronaut status',
    fields: ID_NAME,
    sources: [{ from: 'astronauts', path: 'status' }],
  },
  {
    kind: 'astronautTypes',
    path: 'astronaut_types',
    ll2: 'AstronautType',
    schema: 'astronaut-type',
    title: 'astronaut type',
    fields: ID_NAME,
    sources: [{ from: 'astronauts', path: 'type' }],
  },
  {
    kind: 'celestialBodyTypes',
    path: 'celestial_body_types',
    ll2: 'CelestialBodyType',
    schema: 'celestial-body-type',
    title: 'celestial body type',
    fields: ID_NAME,
    sources: [{ from: 'celestialBodies', path: 'type' }],
  },
  {
    // Docking locations belong to stations, spacecraft configurations or payloads; our records list only the stations' (LL2 2.2.0's saved stations).
    kind: 'dockingLocations',
    path: 'docking_locations',
    ll2: 'DockingLocation',
    schema: 'docking-location',
    title: 'docking location',
    fields: { id: 'int', name: 'text', spacestation: 'station', spacecraft: 'unheld', payload: 'unheld' },
    sources: [{ from: 'spaceStations', path: 'docking_location.[]' }],
  },
  {
    // Our records write a first stage's type as LL2 2.3.0 nests it, a text ("Core"): no ids to list.
    kind: 'firstStageTypes',
    path: 'first_stage_types',
    ll2: 'FirstStageType',
    schema: 'first-stage-type',
    title: 'first stage type',
    fields: ID_NAME,
    sources: [],
  },
  {
    kind: 'imageLicenses',
    path: 'image_licenses',
    ll2: 'ImageLicense',
    schema: 'image-license',
    title: 'image licence',
    fields: { id: 'int', name: 'text', priority: 'int', link: 'nullableText' },
    sources: [
      ...everyLaunchAndEvent('**.license'),
      ...(
        [
          'agencies',
          'astronauts',
          'celestialBodies',
          'launcherConfigurations',
          'locations',
          'pads',
          'programs',
          'spaceStations',
        ] as const
      ).map((from) => ({ from, path: '**.license' })),
    ],
  },
  {
    kind: 'imageVariantTypes',
    path: 'image_variant_types',
    ll2: 'ImageVariantType',
    schema: 'image-variant-type',
    title: 'image variant type',
    fields: ID_NAME,
    sources: everyLaunchAndEvent('**.variants.[].type'),
  },
  {
    kind: 'infoUrlTypes',
    path: 'infourl_types',
    ll2: 'InfoURLType',
    schema: 'info-url-type',
    title: 'info URL type',
    fields: ID_NAME,
    sources: everyLaunchAndEvent('**.info_urls.[].type'),
  },
  {
    // Where landings are: LL2 2.2.0 nests them as a landing's `location`, 2.3.0 as its `landing_location`.
    kind: 'landingLocations',
    path: 'landing_locations',
    ll2: 'LandingLocation',
    schema: 'landing-location',
    title: 'landing location',
    fields: {
      id: 'int',
      name: 'text',
      active: 'optionalBool',
      abbrev: 'text',
      description: 'nullableText',
      location: 'location',
      longitude: 'nullableNumber',
      latitude: 'nullableNumber',
      image: 'image',
      successful_landings: 'nullableInt',
      attempted_landings: 'nullableInt',
      failed_landings: 'nullableInt',
      celestial_body: 'celestialBody',
    },
    // The landings' records (landings.yaml), and a landing a launch still nests (not filed yet).
    sources: [
      { from: 'landings', path: 'landing_location' },
      { from: 'launches', path: '**.landing.location' },
      { from: 'launches', path: '**.landing.landing_location' },
    ],
  },
  {
    kind: 'landingTypes',
    path: 'landing_types',
    ll2: 'LandingType',
    schema: 'landing-type',
    title: 'landing type',
    fields: { id: 'int', name: 'text', abbrev: 'text', description: 'nullableText' },
    sources: [
      { from: 'landings', path: 'type' },
      { from: 'launches', path: '**.landing.type' },
    ],
  },
  {
    kind: 'languages',
    path: 'languages',
    ll2: 'Language',
    schema: 'language',
    title: 'language',
    fields: { id: 'int', name: 'text', code: 'text' },
    sources: [...everyLaunchAndEvent('**.vid_urls.[].language'), ...everyLaunchAndEvent('**.info_urls.[].language')],
  },
  {
    // The types of the Starship dashboard's notices (reference/starship-dashboard.yaml, as LL2 last gave them).
    kind: 'noticeTypes',
    path: 'notice_types',
    ll2: 'NoticeType',
    schema: 'notice-type',
    title: 'notice type',
    fields: ID_NAME,
    sources: [{ from: 'starshipDashboard', path: 'notices.[].type' }],
  },
  {
    kind: 'payloadTypes',
    path: 'payload_types',
    ll2: 'PayloadType',
    schema: 'payload-type',
    title: 'payload type',
    fields: ID_NAME,
    sources: [{ from: 'launches', path: 'rocket.payloads.[].payload.type' }],
  },
  {
    kind: 'programTypes',
    path: 'program_types',
    ll2: 'ProgramType',
    schema: 'program-type',
    title: 'program type',
    fields: ID_NAME,
    sources: [{ from: 'programs', path: 'type' }],
  },
  {
    // The statuses of the Starship dashboard's road closures (reference/starship-dashboard.yaml, as LL2 last gave them).
    kind: 'roadClosureStatuses',
    path: 'road_closure_statuses',
    ll2: 'RoadClosureStatus',
    schema: 'road-closure-status',
    title: 'road closure status',
    fields: ID_NAME,
    sources: [{ from: 'starshipDashboard', path: 'road_closures.[].status' }],
  },
  {
    kind: 'spaceStationStatuses',
    path: 'space_station_statuses',
    ll2: 'SpaceStationStatus',
    schema: 'space-station-status',
    title: 'space station status',
    fields: ID_NAME,
    sources: [{ from: 'spaceStations', path: 'status' }],
  },
  {
    kind: 'spacecraftConfigurationTypes',
    path: 'spacecraft_configuration_types',
    ll2: 'SpacecraftConfigType',
    schema: 'spacecraft-configuration-type',
    title: 'spacecraft configuration type',
    fields: ID_NAME,
    sources: [{ from: 'spacecraftConfigurations', path: 'type' }, ...everyLaunchAndEvent('**.spacecraft_config.type')],
  },
  {
    kind: 'spacecraftStatuses',
    path: 'spacecraft_statuses',
    ll2: 'SpacecraftStatus',
    schema: 'spacecraft-status',
    title: 'spacecraft status',
    fields: ID_NAME,
    sources: [{ from: 'spacecraft', path: 'status' }, ...everyLaunchAndEvent('**.spacecraft.status')],
  },
  {
    kind: 'timelineEventTypes',
    path: 'timeline_event_types',
    ll2: 'TimelineEventType',
    schema: 'timeline-event-type',
    title: 'timeline event type',
    fields: { id: 'int', abbrev: 'text', description: 'text' },
    sources: [{ from: 'launches', path: 'timeline.[].type' }],
  },
  {
    kind: 'vidUrlTypes',
    path: 'vidurl_types',
    ll2: 'VidURLType',
    schema: 'vid-url-type',
    title: 'video URL type',
    fields: ID_NAME,
    sources: everyLaunchAndEvent('**.vid_urls.[].type'),
  },
  // LL2 resources our records hold none of (issue 21): LL2's envelope with count 0 (docs/differences.md).
  {
    kind: 'payloads',
    path: 'payloads',
    ll2: 'PayloadNormal',
    schema: 'payload',
    title: 'payload',
    fields: ID_NAME,
    sources: [],
    root: true,
    modes: ALL_MODES,
    filters: {
      manufacturer__id: 'int',
      manufacturer__name: 'text',
      name: 'text',
      operator: 'int',
      operator__id: 'int',
      operator__name: 'text',
      program__id: 'int',
    },
  },
  {
    kind: 'payloadFlights',
    path: 'payload_flights',
    ll2: 'PayloadFlightNormal',
    schema: 'payload-flight',
    title: 'payload flight',
    fields: { id: 'int' },
    sources: [],
    root: true,
    modes: ALL_MODES,
    filters: { payload: 'int' },
  },
  {
    kind: 'spacewalks',
    path: 'spacewalks',
    ll2: 'SpacewalkEndpointNormal',
    schema: 'spacewalk',
    title: 'spacewalk',
    fields: ID_NAME,
    sources: [],
    root: true,
    modes: ALL_MODES,
    filters: {
      astronaut__ids: 'ints',
      day: 'ints',
      end: 'dateTime',
      ...dateTimes('end'),
      event__ids: 'ints',
      id: 'int',
      ids: 'ints',
      launch__ids: 'uuids',
      month: 'ints',
      name: 'text',
      name__contains: 'contains',
      owner__ids: 'ints',
      program__ids: 'ints',
      program__name: 'text',
      program__name__contains: 'contains',
      spacestation__ids: 'ints',
      ...dateTimes('start'),
      year: 'ints',
    },
  },
  {
    kind: 'spacecraftConfigurationFamilies',
    path: 'spacecraft_configuration_families',
    ll2: 'SpacecraftConfigFamilyNormal',
    schema: 'spacecraft-configuration-family',
    title: 'spacecraft configuration family',
    fields: ID_NAME,
    sources: [],
    root: true,
    modes: ALL_MODES,
    filters: { manufacturer: 'int', name: 'text' },
  },
] as const satisfies readonly ConfigList[];

/** Where a list is published under the API root: `config/<path>/`, or `<path>/` for a root list. */
export const configListPath = (list: ConfigList): string => `${list.root ? '' : 'config/'}${list.path}/`;

export type ConfigListKind = (typeof CONFIG_LISTS)[number]['kind'];
export type ConfigListSchemaName = (typeof CONFIG_LISTS)[number]['schema'];

export const CONFIG_LIST_KINDS: readonly ConfigListKind[] = CONFIG_LISTS.map((c) => c.kind);

/** Each kind's declaration. */
export const configListOf = (kind: string): ConfigList | undefined => CONFIG_LISTS.find((c) => c.kind === kind);
