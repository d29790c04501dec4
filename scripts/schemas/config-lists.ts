// LL2's small `config/…` lists that our records carry as nested objects (an
// astronaut's status, a video's type, a landing's type, an image's licence, …),
// declared once: each list's kind, path, LL2 2.3.0 schema, fields and where its
// entries come from. No data file holds them: the build collects every nested
// object the records state at the declared places (model/config-lists.ts), so a
// list holds exactly the values the records hold. The paths (api/paths.ts), the
// resources and their shape (api/reference-resources.ts), the response schemas
// (schemas/response-definitions.ts), the default order (model/collections.ts) and the query
// tables (query/reference-tables.ts) are made from this table; what a list holds
// is config-list-types.ts's. In: nothing. Out: the lists and their kinds. Pure.

import type { ConfigField, ConfigList, ConfigSource, UnheldFilter } from './config-list-types.ts';
import { snakeCase } from './resources/declaration.ts';

export type { ConfigField, ConfigList, ConfigSource, ConfigSourceSet, UnheldFilter } from './config-list-types.ts';

const ALL_MODES = ['list', 'normal', 'detailed'] as const;
const dateTimes = (name: string) =>
  Object.fromEntries(['gt', 'gte', 'lt', 'lte'].map((l) => [`${name}__${l}`, 'dateTime' as const]));

const ID_NAME = { id: 'int', name: 'text' } as const;
const everyLaunchAndEvent = (path: string): ConfigSource[] => [
  { from: 'launches', path },
  { from: 'events', path },
];
const crews = ['launch_crew', 'onboard_crew', 'landing_crew'];

/**
 * A list collected from the records: its kind, title, schema name, LL2's name of its
 * object, fields and sources (as schemas/resources/config.ts declares a list with a
 * data file), at `config/<path>/`, by default its kind in snake case.
 */
const collected = <const K extends string, const S extends string>(
  kind: K,
  title: string,
  schema: S,
  ll2: string,
  fields: Readonly<Record<string, ConfigField>>,
  sources: readonly ConfigSource[],
  path = snakeCase(kind),
) => ({ kind, path, ll2, schema, title, fields, sources });
/** A list LL2 publishes at the API root that our records hold none of (`root`): every mode, and LL2's filters. */
const empty = <const K extends string, const S extends string>(
  kind: K,
  title: string,
  schema: S,
  ll2: string,
  fields: Readonly<Record<string, ConfigField>>,
  filters: Readonly<Record<string, UnheldFilter>>,
) => ({
  kind,
  path: snakeCase(kind),
  ll2,
  schema,
  title,
  fields,
  sources: [],
  root: true as const,
  modes: ALL_MODES,
  filters,
});

export const CONFIG_LISTS = [
  collected(
    'astronautRoles',
    'astronaut role',
    'astronaut-role',
    'AstronautRole',
    { id: 'int', role: 'text', priority: 'optionalInt' },
    [
      ...crews.map((crew) => ({ from: 'launches' as const, path: `rocket.spacecraft_stage.[].${crew}.[].role` })),
      { from: 'events', path: 'astronauts.[].role' },
      { from: 'expeditions', path: 'crew.[].role' },
    ],
  ),
  collected('astronautStatuses', 'astronaut status', 'astronaut-status', 'AstronautStatus', ID_NAME, [
    { from: 'astronauts', path: 'status' },
  ]),
  collected('astronautTypes', 'astronaut type', 'astronaut-type', 'AstronautType', ID_NAME, [
    { from: 'astronauts', path: 'type' },
  ]),
  collected('celestialBodyTypes', 'celestial body type', 'celestial-body-type', 'CelestialBodyType', ID_NAME, [
    { from: 'celestialBodies', path: 'type' },
  ]),
  // Docking locations belong to stations, spacecraft configurations or payloads; our records list only the stations' (LL2 2.2.0's saved stations).
  collected(
    'dockingLocations',
    'docking location',
    'docking-location',
    'DockingLocation',
    { id: 'int', name: 'text', spacestation: 'station', spacecraft: 'unheld', payload: 'unheld' },
    [{ from: 'spaceStations', path: 'docking_location.[]' }],
  ),
  // Our records write a first stage's type as LL2 2.3.0 nests it, a text ("Core"): no ids to list.
  collected('firstStageTypes', 'first stage type', 'first-stage-type', 'FirstStageType', ID_NAME, []),
  collected(
    'imageLicenses',
    'image licence',
    'image-license',
    'ImageLicense',
    { id: 'int', name: 'text', priority: 'int', link: 'nullableText' },
    [
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
  ),
  collected(
    'imageVariantTypes',
    'image variant type',
    'image-variant-type',
    'ImageVariantType',
    ID_NAME,
    everyLaunchAndEvent('**.variants.[].type'),
  ),
  collected(
    'infoUrlTypes',
    'info URL type',
    'info-url-type',
    'InfoURLType',
    ID_NAME,
    everyLaunchAndEvent('**.info_urls.[].type'),
    'infourl_types',
  ),
  // Where landings are: LL2 2.2.0 nests them as a landing's `location`, 2.3.0 as its `landing_location`.
  // The landings' records (landings.yaml), and a landing a launch still nests (not filed yet).
  collected(
    'landingLocations',
    'landing location',
    'landing-location',
    'LandingLocation',
    {
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
    [
      { from: 'landings', path: 'landing_location' },
      { from: 'launches', path: '**.landing.location' },
      { from: 'launches', path: '**.landing.landing_location' },
    ],
  ),
  collected(
    'landingTypes',
    'landing type',
    'landing-type',
    'LandingType',
    { id: 'int', name: 'text', abbrev: 'text', description: 'nullableText' },
    [
      { from: 'landings', path: 'type' },
      { from: 'launches', path: '**.landing.type' },
    ],
  ),
  collected('languages', 'language', 'language', 'Language', { id: 'int', name: 'text', code: 'text' }, [
    ...everyLaunchAndEvent('**.vid_urls.[].language'),
    ...everyLaunchAndEvent('**.info_urls.[].language'),
  ]),
  // The types of the Starship dashboard's notices (reference/starship-dashboard.yaml, as LL2 last gave them).
  collected('noticeTypes', 'notice type', 'notice-type', 'NoticeType', ID_NAME, [
    { from: 'starshipDashboard', path: 'notices.[].type' },
  ]),
  collected('payloadTypes', 'payload type', 'payload-type', 'PayloadType', ID_NAME, [
    { from: 'launches', path: 'rocket.payloads.[].payload.type' },
  ]),
  collected('programTypes', 'program type', 'program-type', 'ProgramType', ID_NAME, [
    { from: 'programs', path: 'type' },
  ]),
  // The statuses of the Starship dashboard's road closures (reference/starship-dashboard.yaml, as LL2 last gave them).
  collected('roadClosureStatuses', 'road closure status', 'road-closure-status', 'RoadClosureStatus', ID_NAME, [
    { from: 'starshipDashboard', path: 'road_closures.[].status' },
  ]),
  collected('spaceStationStatuses', 'space station status', 'space-station-status', 'SpaceStationStatus', ID_NAME, [
    { from: 'spaceStations', path: 'status' },
  ]),
  collected(
    'spacecraftConfigurationTypes',
    'spacecraft configuration type',
    'spacecraft-configuration-type',
    'SpacecraftConfigType',
    ID_NAME,
    [{ from: 'spacecraftConfigurations', path: 'type' }, ...everyLaunchAndEvent('**.spacecraft_config.type')],
  ),
  collected('spacecraftStatuses', 'spacecraft status', 'spacecraft-status', 'SpacecraftStatus', ID_NAME, [
    { from: 'spacecraft', path: 'status' },
    ...everyLaunchAndEvent('**.spacecraft.status'),
  ]),
  collected(
    'timelineEventTypes',
    'timeline event type',
    'timeline-event-type',
    'TimelineEventType',
    { id: 'int', abbrev: 'text', description: 'text' },
    [{ from: 'launches', path: 'timeline.[].type' }],
  ),
  collected(
    'vidUrlTypes',
    'video URL type',
    'vid-url-type',
    'VidURLType',
    ID_NAME,
    everyLaunchAndEvent('**.vid_urls.[].type'),
    'vidurl_types',
  ),
  // LL2 resources our records hold none of (issue 21): LL2's envelope with count 0 (docs/differences.md).
  empty('payloads', 'payload', 'payload', 'PayloadNormal', ID_NAME, {
    manufacturer__id: 'int',
    manufacturer__name: 'text',
    name: 'text',
    operator: 'int',
    operator__id: 'int',
    operator__name: 'text',
    program__id: 'int',
  }),
  empty('payloadFlights', 'payload flight', 'payload-flight', 'PayloadFlightNormal', { id: 'int' }, { payload: 'int' }),
  empty('spacewalks', 'spacewalk', 'spacewalk', 'SpacewalkEndpointNormal', ID_NAME, {
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
  }),
  empty(
    'spacecraftConfigurationFamilies',
    'spacecraft configuration family',
    'spacecraft-configuration-family',
    'SpacecraftConfigFamilyNormal',
    ID_NAME,
    { manufacturer: 'int', name: 'text' },
  ),
] as const satisfies readonly ConfigList[];

/** Where a list is published under the API root: `config/<path>/`, or `<path>/` for a root list. */
export const configListPath = (list: ConfigList): string => `${list.root ? '' : 'config/'}${list.path}/`;

export type ConfigListKind = (typeof CONFIG_LISTS)[number]['kind'];
export type ConfigListSchemaName = (typeof CONFIG_LISTS)[number]['schema'];

export const CONFIG_LIST_KINDS: readonly ConfigListKind[] = CONFIG_LISTS.map((c) => c.kind);

/** Each kind's declaration. */
export const configListOf = (kind: string): ConfigList | undefined => CONFIG_LISTS.find((c) => c.kind === kind);
