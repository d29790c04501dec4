// Our own JSON Schemas of the responses we publish, written from the LL2 2.3.0
// facts (field names, types, nullability, response modes). Tests check every
// generated file against them; the build publishes them under `schemas/responses/`.
// A declared resource's (schemas/resources/) are made here from its field list.

import type { Schema } from './building-blocks.ts';
import {
  definitionName,
  modesOf,
  placeDeclared,
  type ResourceDeclaration,
  type SchemaTools,
} from './resources/declaration.ts';
import { DECLARED_RESOURCES, type DeclaredSchemaName } from './resources/index.ts';
import { CONFIG_LISTS, type ConfigField, type ConfigListSchemaName } from './config-lists.ts';

const ref = (name: string): Schema => ({ $ref: `#/definitions/${name}` });
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });
const s: Schema = { type: 'string' };
const ns: Schema = { type: ['string', 'null'] };
const i: Schema = { type: 'integer' };
const ni: Schema = { type: ['integer', 'null'] };
const nn: Schema = { type: ['number', 'null'] };
const b: Schema = { type: 'boolean' };
const uri: Schema = { type: 'string', format: 'uri' };
const nuri: Schema = { anyOf: [uri, { const: '' }, { type: 'null' }] };
const ts: Schema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' };
const nts: Schema = nullable(ts);
const uuid: Schema = { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' };
const arr = (items: Schema): Schema => ({ type: 'array', items });
const mode = (value: string): Schema => ({ const: value });

/** An object with exactly these keys, all required (LL2 always writes every key). */
const exact = (properties: Record<string, Schema>): Schema => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});
/** `exact`, with the keys `optional` left out where we hold no value (LL2's schema does not require them). */
const exactBut = (optional: readonly string[], properties: Record<string, Schema>): Schema => ({
  ...exact(properties),
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
});

const tally = {
  total_launch_count: i,
  consecutive_successful_launches: i,
  successful_launches: i,
  failed_launches: i,
  pending_launches: i,
};
const landingTally = {
  attempted_landings: ni,
  successful_landings: ni,
  failed_landings: ni,
  consecutive_successful_landings: ni,
};
const attemptCounters = Object.fromEntries(
  ['orbital', 'location', 'pad', 'agency']
    .flatMap((k) => [`${k}_launch_attempt_count`, `${k}_launch_attempt_count_year`])
    .map((k) => [k, ni]),
);

const agencyNormalFields = (m: string) => ({
  response_mode: mode(m),
  id: i,
  url: uri,
  name: s,
  abbrev: s,
  type: ref('IdName'),
  featured: b,
  country: arr(ref('Country')),
  description: ns,
  administrator: ns,
  founding_year: ni,
  launchers: s,
  spacecraft: s,
  parent: ns,
  image: nullable(ref('Image')),
  logo: nullable(ref('Image')),
  social_logo: nullable(ref('Image')),
});
const agencyDetailedFields = (m: string) => ({
  ...agencyNormalFields(m),
  ...tally,
  consecutive_successful_landings: ni,
  successful_landings: ni,
  failed_landings: ni,
  attempted_landings: ni,
  successful_landings_spacecraft: ni,
  failed_landings_spacecraft: ni,
  attempted_landings_spacecraft: ni,
  successful_landings_payload: ni,
  failed_landings_payload: ni,
  attempted_landings_payload: ni,
  info_url: nuri,
  wiki_url: nuri,
  social_media_links: arr({ type: 'object' }),
});

const launchBasicFields = (m: string) => ({
  id: uuid,
  url: uri,
  name: s,
  response_mode: mode(m),
  slug: s,
  launch_designator: ns,
  status: ref('LaunchStatus'),
  last_updated: ts,
  net: ts,
  net_precision: nullable(ref('NetPrecision')),
  window_end: ts,
  window_start: ts,
  image: nullable(ref('Image')),
  infographic: ns,
});
const launchNormalFields = (m: string, lsp: Schema, rocket: Schema) => ({
  ...launchBasicFields(m),
  probability: ni,
  weather_concerns: ns,
  failreason: ns,
  hashtag: ns,
  launch_service_provider: lsp,
  rocket,
  mission: nullable(ref('Mission')),
  pad: ref('Pad'),
  webcast_live: b,
  program: arr(ref('Program')),
  ...attemptCounters,
});

const celestialBodyFields = (m: string) => ({
  response_mode: mode(m),
  id: i,
  name: s,
  type: ref('IdName'),
  diameter: nn,
  mass: nn,
  gravity: nn,
  length_of_day: ns,
  atmosphere: b,
  image: ref('Image'),
  description: ns,
  wiki_url: nuri,
});
const celestialBodyFigures = {
  total_attempted_launches: i,
  successful_launches: i,
  failed_launches: i,
  total_attempted_landings: i,
  successful_landings: i,
  failed_landings: i,
};

const locationHead = (m: string) => ({ response_mode: mode(m), id: i, url: uri, name: s });
const locationTail = {
  active: b,
  country: nullable(ref('Country')),
  description: ns,
  image: nullable(ref('Image')),
  map_image: nuri,
  longitude: nn,
  latitude: nn,
  timezone_name: s,
  total_launch_count: ni,
  total_landing_count: ni,
};

const padFields = (agency: string) => ({
  id: i,
  url: uri,
  active: b,
  agencies: arr(ref(agency)),
  name: s,
  image: nullable(ref('Image')),
  description: ns,
  info_url: nuri,
  wiki_url: nuri,
  map_url: nuri,
  latitude: nn,
  longitude: nn,
  country: nullable(ref('Country')),
  map_image: nuri,
  total_launch_count: ni,
  orbital_launch_attempt_count: ni,
  fastest_turnaround: ns,
});

const configurationFields = (m: string, families: string, manufacturer?: string) => ({
  response_mode: mode(m),
  id: i,
  url: uri,
  name: s,
  families: arr(ref(families)),
  full_name: s,
  variant: s,
  active: b,
  is_placeholder: b,
  ...(manufacturer ? { manufacturer: nullable(ref(manufacturer)) } : {}),
  program: arr(ref('Program')),
  reusable: b,
  image: nullable(ref('Image')),
  info_url: nuri,
  wiki_url: nuri,
});
const configurationDetails = {
  description: s,
  alias: s,
  min_stage: ni,
  max_stage: ni,
  length: nn,
  diameter: nn,
  maiden_flight: ns,
  launch_cost: ni,
  launch_mass: nn,
  leo_capacity: nn,
  gto_capacity: nn,
  geo_capacity: nn,
  sso_capacity: nn,
  to_thrust: nn,
  apogee: nn,
  ...tally,
  ...landingTally,
  fastest_turnaround: ns,
};

const spaceStationFields = {
  id: i,
  url: uri,
  name: s,
  image: nullable(ref('Image')),
  status: ref('IdName'),
  founded: s,
  deorbited: ns,
  description: s,
  orbit: ns,
  type: ref('IdName'),
};
const spaceStationResourceFields = (m: string) => ({
  ...spaceStationFields,
  owners: arr(ref('AgencyNormal')),
  response_mode: mode(m),
  active_expeditions: arr(ref('ExpeditionMini')),
});

const launcherMiniFields = (m: string) => ({
  response_mode: mode(m),
  id: i,
  url: uri,
  flight_proven: b,
  serial_number: ns,
  is_placeholder: b,
  status: nullable(ref('IdName')),
  image: nullable(ref('Image')),
});
const launcherNormalFields = (m: string) => ({
  ...launcherMiniFields(m),
  details: s,
  successful_landings: ni,
  attempted_landings: ni,
  flights: ni,
  last_launch_date: nts,
  first_launch_date: nts,
  fastest_turnaround: ns,
});

/** An astronaut as `astronauts/` lists it (LL2's AstronautDetailed); with its counts in normal mode, its flights in detailed. */
const astronautFields = (m: string) => ({
  id: i,
  url: uri,
  name: s,
  status: nullable(ref('IdName')),
  agency: nullable(ref('AgencyMini')),
  image: nullable(ref('Image')),
  response_mode: mode(m),
  type: nullable(ref('IdName')),
  in_space: b,
  time_in_space: ns,
  eva_time: s,
  age: ni,
  date_of_birth: ns,
  date_of_death: ns,
  nationality: arr(ref('Country')),
  bio: s,
  wiki: ns,
  last_flight: nts,
  first_flight: nts,
  social_media_links: arr({ type: 'object' }),
});
const astronautCountFields = (m: string) => ({
  ...astronautFields(m),
  flights_count: ni,
  landings_count: ni,
  spacewalks_count: ni,
});

/** A landing as stages nest it (LL2's `Landing`), and what `landings/` adds: the stage or flight that made it. */
const landingFields = {
  id: i,
  url: uri,
  attempt: b,
  success: { type: ['boolean', 'null'] },
  description: s,
  downrange_distance: nn,
  landing_location: nullable(
    exactBut(['active'], {
      id: i,
      name: s,
      active: b,
      abbrev: s,
      description: ns,
      location: { type: ['object', 'null'] },
      longitude: nn,
      latitude: nn,
      image: nullable(ref('Image')),
      successful_landings: ni,
      attempted_landings: ni,
      failed_landings: ni,
      celestial_body: nullable(ref('CelestialBodyNormal')),
    }),
  ),
  type: nullable(exact({ id: i, name: s, abbrev: s, description: ns })),
};
const landingEndpointFields = (m: string) => ({
  ...landingFields,
  response_mode: mode(m),
  firststage: { type: ['object', 'null'] },
  spacecraftflight: { type: ['object', 'null'] },
  payloadflight: { type: 'null' },
});
const nb: Schema = { type: ['boolean', 'null'] };
const spacecraftFields = (m: string, config: string) => ({
  response_mode: mode(m),
  id: i,
  url: uri,
  name: s,
  serial_number: ns,
  is_placeholder: nb,
  image: nullable(ref('Image')),
  in_space: nb,
  time_in_space: ns,
  time_docked: ns,
  flights_count: ni,
  mission_ends_count: ni,
  status: nullable(ref('IdName')),
  description: s,
  spacecraft_config: ref(config),
  fastest_turnaround: ns,
});

/** A spacecraft flight with its launch (`spacecraft_flights/`). */
const spacecraftFlightFields = (m: string, spacecraft: string) => ({
  id: i,
  url: uri,
  destination: ns,
  mission_end: nts,
  spacecraft: ref(spacecraft),
  launch: nullable(ref('LaunchNormal')),
  landing: nullable(ref('Landing')),
  duration: ns,
  turn_around_time: ns,
  response_mode: mode(m),
});

/** A docking event: a spacecraft flight (the chaser) at a station's port (the target); LL2's other relations null. */
const dockingEventFields = (m: string, chaser: Schema) => ({
  id: i,
  url: uri,
  docking: ts,
  departure: nts,
  docking_location: nullable(ref('DockingLocationOfStation')),
  space_station_target: nullable(ref('SpaceStationMini')),
  flight_vehicle_target: { type: 'null' },
  payload_flight_target: { type: 'null' },
  response_mode: mode(m),
  flight_vehicle_chaser: nullable(chaser),
  space_station_chaser: { type: 'null' },
  payload_flight_chaser: { type: 'null' },
});

const eventNormalFields = (m: string) => ({
  id: i,
  url: uri,
  name: s,
  info_urls: arr(ref('InfoURL')),
  vid_urls: arr(ref('VidURL')),
  image: nullable(ref('Image')),
  date: nts,
  slug: s,
  type: ref('IdName'),
  description: s,
  webcast_live: b,
  location: ns,
  date_precision: nullable(ref('NetPrecision')),
  response_mode: mode(m),
  duration: ns,
  updates: arr(ref('Update')),
  last_updated: ts,
});

/** A config list's object (schemas/config-lists.ts): its fields in order, all required but the optional ones. */
function configListDefinition(fields: Readonly<Record<string, ConfigField>>): Schema {
  const types: Record<ConfigField, Schema> = {
    int: i,
    optionalInt: i,
    text: s,
    nullableText: ns,
    nullableInt: ni,
    nullableNumber: nn,
    optionalBool: b,
    image: nullable(ref('Image')),
    location: nullable(ref('LocationNoBody')),
    celestialBody: nullable(ref('CelestialBodyNormal')),
    unshaped: { type: ['object', 'null'] },
    station: nullable(ref('SpaceStationMini')),
    unheld: { type: 'null' },
  };
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(fields).filter(
      (field) => fields[field] !== 'optionalInt' && fields[field] !== 'optionalBool',
    ),
    properties: Object.fromEntries(Object.entries(fields).map(([field, type]) => [field, types[type]])),
  };
}

const HAND_DEFINITIONS: Record<string, Schema> = {
  IdName: exact({ id: i, name: s }),
  Image: exact({
    id: i,
    name: s,
    image_url: uri,
    thumbnail_url: uri,
    credit: ns,
    license: exact({ id: i, name: s, priority: i, link: nuri }),
    single_use: b,
    variants: arr({ type: 'object' }),
  }),
  InfoURL: exact({
    priority: i,
    source: ns,
    title: ns,
    description: ns,
    feature_image: nuri,
    url: uri,
    type: nullable(ref('IdName')),
    language: { type: ['object', 'null'] },
  }),
  VidURL: exact({
    priority: i,
    source: ns,
    publisher: ns,
    title: ns,
    description: ns,
    feature_image: nuri,
    url: uri,
    type: nullable(ref('IdName')),
    language: { type: ['object', 'null'] },
    start_time: nts,
    end_time: nts,
    live: b,
  }),
  Update: exact({ id: i, profile_image: ns, comment: ns, info_url: nuri, created_by: ns, created_on: ts }),
  // The Starship dashboard's own lists (data/reference/starship-dashboard.yaml), as LL2's dashboard gives them.
  RoadClosure: exact({ id: i, title: s, status: ref('IdName'), window_start: ts, window_end: ts }),
  Notice: exact({ id: i, type: ref('IdName'), date: ts, url: uri }),
  VidURLs: exact({ title: ns, description: ns, image: nuri, url: uri }),
  AgencyMini: exact({ response_mode: mode('list'), id: i, url: uri, name: s, abbrev: s, type: ref('IdName') }),
  AgencyNormal: exact(agencyNormalFields('normal')),
  AgencyDetailedAsNormal: exact(agencyDetailedFields('normal')),
  CelestialBodyMini: exact({ response_mode: mode('list'), id: i, name: s }),
  CelestialBody: exact({ ...celestialBodyFields('normal'), ...celestialBodyFigures }),
  CelestialBodyNormal: exact(celestialBodyFields('normal')),
  CelestialBodyResource: exact({
    ...celestialBodyFields('detailed'),
    ...celestialBodyFigures,
    locations: arr(ref('LocationNoBody')),
  }),
  MissionPatch: exact({
    id: i,
    name: s,
    priority: i,
    image_url: uri,
    agency: nullable(ref('AgencyMini')),
    response_mode: mode('normal'),
  }),
  Mission: exact({
    id: i,
    name: s,
    type: s,
    description: s,
    image: nullable(ref('Image')),
    orbit: ref('Orbit'),
    agencies: arr(ref('AgencyDetailedAsNormal')),
    info_urls: arr(ref('InfoURL')),
    vid_urls: arr(ref('VidURL')),
  }),
  Location: exact({ ...locationHead('normal'), celestial_body: ref('CelestialBody'), ...locationTail }),
  LocationNoBody: exact({ ...locationHead('normal'), ...locationTail }),
  LocationResource: exact({
    ...locationHead('detailed'),
    celestial_body: ref('CelestialBody'),
    ...locationTail,
    pads: arr(ref('PadNoLocation')),
  }),
  Pad: exact({ ...padFields('AgencyNormal'), location: ref('Location') }),
  PadNoLocation: exact(padFields('AgencyMini')),
  FamilyMini: exact({ response_mode: mode('list'), id: i, name: s }),
  FamilyNormal: exact({
    response_mode: mode('normal'),
    id: i,
    name: s,
    manufacturer: arr(ref('AgencyNormal')),
    parent: nullable(ref('FamilyMini')),
  }),
  FamilyDetailed: exact({
    response_mode: mode('detailed'),
    id: i,
    name: s,
    manufacturer: arr(ref('AgencyDetailedAsNormal')),
    parent: nullable(ref('FamilyNormal')),
    description: s,
    active: b,
    maiden_flight: ns,
    ...tally,
    ...landingTally,
  }),
  ConfigurationList: exact({
    response_mode: mode('list'),
    id: i,
    url: uri,
    name: s,
    families: arr(ref('FamilyMini')),
    full_name: s,
    variant: s,
  }),
  ConfigurationNormal: exact(configurationFields('normal', 'FamilyNormal', 'AgencyNormal')),
  ConfigurationDetailed: exact({
    ...configurationFields('detailed', 'FamilyDetailed', 'AgencyDetailedAsNormal'),
    ...configurationDetails,
  }),
  ConfigurationNoManufacturer: exact({ ...configurationFields('detailed', 'FamilyDetailed'), ...configurationDetails }),
  AgencyResource: exact({
    ...agencyDetailedFields('detailed'),
    launcher_list: arr(ref('ConfigurationNoManufacturer')),
    spacecraft_list: arr({ type: 'object' }),
  }),
  SpaceStation: exact(spaceStationFields),
  SpaceStationNormal: exact(spaceStationResourceFields('normal')),
  SpaceStationResource: exact({
    ...spaceStationResourceFields('detailed'),
    height: nn,
    width: nn,
    mass: nn,
    volume: ni,
    onboard_crew: ni,
    docked_vehicles: ni,
    docking_location: arr(exact({ id: i, name: s, currently_docked: { type: 'null' } })),
    active_docking_events: arr({ type: 'object' }),
  }),
  SpaceStationMini: exact({ id: i, url: uri, name: s, image: nullable(ref('Image')) }),
  LauncherMini: exact(launcherMiniFields('list')),
  LauncherNormal: exact(launcherNormalFields('normal')),
  LauncherDetailed: exact({ ...launcherNormalFields('detailed'), launcher_config: nullable(ref('ConfigurationList')) }),
  FirstStage: exact({
    id: i,
    type: s,
    reused: { type: ['boolean', 'null'] },
    launcher_flight_number: ni,
    launcher: nullable(ref('LauncherNormal')),
    previous_flight_date: nts,
    turn_around_time: ns,
    landing: nullable(ref('Landing')),
    previous_flight: { type: ['object', 'null'] },
  }),
  Landing: exact(landingFields),
  LandingEndpointNormal: exact(landingEndpointFields('normal')),
  LandingEndpointDetailed: exact(landingEndpointFields('detailed')),
  SpacecraftNormal: exact(spacecraftFields('normal', 'SpacecraftConfigNormal')),
  SpacecraftEndpointDetailed: exact({
    ...spacecraftFields('detailed', 'SpacecraftConfigDetailed'),
    flights: arr({ type: 'object' }),
  }),
  SpacecraftFlightNormal: exact(spacecraftFlightFields('normal', 'SpacecraftNormal')),
  SpacecraftFlightDetailed: exact({
    ...spacecraftFlightFields('detailed', 'SpacecraftDetailed'),
    launch_crew: arr({ type: 'object' }),
    onboard_crew: arr({ type: 'object' }),
    landing_crew: arr({ type: 'object' }),
    docking_events: arr({ type: 'object' }),
  }),
  SpacecraftDetailed: exact(spacecraftFields('detailed', 'SpacecraftConfigDetailed')),
  DockingLocationOfStation: exact({
    id: i,
    name: s,
    spacestation: nullable(ref('SpaceStationMini')),
    spacecraft: { type: 'null' },
    payload: { type: 'null' },
  }),
  // The chaser in normal mode is LL2's SpacecraftFlightMini: the flight's list mode (its launch as LaunchMini).
  DockingEventNormal: exact(dockingEventFields('normal', { type: 'object' })),
  DockingEventDetailed: exact(dockingEventFields('detailed', ref('SpacecraftFlightNormal'))),
  MissionPatchDetailed: exact({
    id: i,
    name: s,
    priority: i,
    image_url: uri,
    agency: nullable(ref('AgencyDetailedAsNormal')),
    response_mode: mode('detailed'),
    launches: arr(ref('LaunchNormal')),
    expeditions: arr({ type: 'object' }),
    program: arr(ref('Program')),
  }),
  AstronautEndpointNormal: exact(astronautCountFields('normal')),
  AstronautEndpointDetailed: exact({
    ...astronautCountFields('detailed'),
    flights: arr(ref('LaunchNormal')),
    landings: arr({ type: 'object' }),
    spacewalks: arr({ type: 'object' }),
  }),
  LaunchBasic: exact(launchBasicFields('list')),
  LaunchNormal: exact(
    launchNormalFields('normal', ref('AgencyMini'), exact({ id: i, configuration: ref('ConfigurationList') })),
  ),
  LaunchDetailed: exact({
    ...launchNormalFields(
      'detailed',
      ref('AgencyDetailedAsNormal'),
      exact({
        id: i,
        configuration: ref('ConfigurationDetailed'),
        launcher_stage: arr(ref('FirstStage')),
        spacecraft_stage: arr({ type: 'object' }),
        payloads: arr({ type: 'object' }),
      }),
    ),
    flightclub_url: nuri,
    updates: arr(ref('Update')),
    info_urls: arr(ref('InfoURL')),
    vid_urls: arr(ref('VidURL')),
    timeline: arr(exact({ type: { type: ['object', 'null'] }, relative_time: ns })),
    pad_turnaround: s,
    mission_patches: arr(ref('MissionPatch')),
  }),
  EventNormal: exact(eventNormalFields('normal')),
  EventDetailed: exact({
    ...eventNormalFields('detailed'),
    agencies: arr(ref('AgencyMini')),
    launches: arr(ref('LaunchBasic')),
    expeditions: arr({ type: 'object' }),
    spacestations: arr(ref('SpaceStation')),
    program: arr(ref('Program')),
    astronauts: arr({ type: 'object' }),
  }),
  // The config lists collected from the records, each under LL2's name of its object.
  ...Object.fromEntries(CONFIG_LISTS.map((list) => [list.ll2, configListDefinition(list.fields)])),
};

/** What a declared resource's fields are typed with (schemas/resources/declaration.ts). */
const SCHEMA_TOOLS: SchemaTools = {
  s,
  ns,
  i,
  uri,
  nuri,
  ts,
  nts,
  nb,
  ni,
  nn,
  arr,
  ref,
  exact,
  nullable,
  mode,
  spaceStationFields,
  astronautFields,
};

/** A declared resource's definitions, one per mode: `${ll2}Mini|Normal|Detailed`, each of that mode's fields. */
export const declaredDefinitions = (d: ResourceDeclaration): Array<[string, Schema]> =>
  modesOf(d).map((m) => [
    definitionName(d, m),
    exact(
      Object.fromEntries(d.fields.filter((f) => f.modes.includes(m)).map((f) => [f.name, f.schema(SCHEMA_TOOLS, m)])),
    ),
  ]);

/** Those above, with each declared resource's where they stood (after `placement.definition`), the others last. */
const definitions: Record<string, Schema> = Object.fromEntries(
  placeDeclared(
    Object.entries(HAND_DEFINITIONS).map(([name, schema]): [string, Array<[string, Schema]>] => [
      name,
      [[name, schema]],
    ]),
    // A shared definition (`IdName`) is the building block's, above.
    DECLARED_RESOURCES.filter((d) => !d.sharedDefinition),
    (d) => [definitionName(d, modesOf(d)[0]), declaredDefinitions(d)],
    (d) => d.placement?.definition,
  ).flatMap(([, entries]) => entries),
);

const page = (item: string): Schema =>
  exact({ count: { type: 'integer', minimum: 0 }, next: nuri, previous: nuri, results: arr(ref(item)) });

/**
 * The object definitions of each resource: the items of its list pages (normal mode)
 * and its detail resource (detailed mode). Published as `${name}-page` and `${name}-detailed`.
 */
const HAND_SCHEMAS = {
  launch: { page: 'LaunchNormal', detailed: 'LaunchDetailed' },
  event: { page: 'EventNormal', detailed: 'EventDetailed' },
  agency: { page: 'AgencyNormal', detailed: 'AgencyResource' },
  pad: { page: 'Pad', detailed: 'Pad' },
  location: { page: 'Location', detailed: 'LocationResource' },
  'launcher-configuration': { page: 'ConfigurationNormal', detailed: 'ConfigurationDetailed' },
  'launcher-configuration-family': { page: 'FamilyNormal', detailed: 'FamilyDetailed' },
  'space-station': { page: 'SpaceStationNormal', detailed: 'SpaceStationResource' },
  'celestial-body': { page: 'CelestialBodyNormal', detailed: 'CelestialBodyResource' },
  launcher: { page: 'LauncherNormal', detailed: 'LauncherDetailed' },
  astronaut: { page: 'AstronautEndpointNormal', detailed: 'AstronautEndpointDetailed' },
  landing: { page: 'LandingEndpointNormal', detailed: 'LandingEndpointDetailed' },
  spacecraft: { page: 'SpacecraftNormal', detailed: 'SpacecraftEndpointDetailed' },
  'spacecraft-flight': { page: 'SpacecraftFlightNormal', detailed: 'SpacecraftFlightDetailed' },
  'mission-patch': { page: 'MissionPatch', detailed: 'MissionPatchDetailed' },
  update: { page: 'Update', detailed: 'Update' },
  'docking-event': { page: 'DockingEventNormal', detailed: 'DockingEventDetailed' },
  // The config lists collected from the records (schemas/config-lists.ts).
  ...(Object.fromEntries(CONFIG_LISTS.map((list) => [list.schema, { page: list.ll2, detailed: list.ll2 }])) as Record<
    ConfigListSchemaName,
    { page: string; detailed: string }
  >),
} as const satisfies Record<string, { page: string; detailed: string }>;

export type ResourceSchemaName = keyof typeof HAND_SCHEMAS | DeclaredSchemaName;

/** Those above, with the declared resources' where they stood: its normal and detailed definitions. */
const RESOURCE_SCHEMAS = Object.fromEntries(
  placeDeclared(
    Object.entries(HAND_SCHEMAS),
    DECLARED_RESOURCES,
    (d) => [
      d.schema,
      {
        page: definitionName(d, 'normal'),
        detailed: definitionName(d, modesOf(d).includes('detailed') ? 'detailed' : 'normal'),
      },
    ],
    (d) => d.placement?.schema,
  ),
) as Record<ResourceSchemaName, { page: string; detailed: string }>;

/** The definition a resource's detail response is (`LaunchDetailed`). */
export const detailedDefinition = (name: ResourceSchemaName): string => RESOURCE_SCHEMAS[name].detailed;

/** The definitions a schema refers to, directly or through others, by name. */
function reachable(root: Schema): Record<string, Schema> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const name = key === '$ref' && typeof value === 'string' ? value.replace('#/definitions/', '') : undefined;
      if (name === undefined) visit(value);
      else if (!names.has(name)) {
        names.add(name);
        visit(definitions[name]);
      }
    }
  };
  visit(root);
  return Object.fromEntries(
    Object.keys(definitions)
      .filter((name) => names.has(name))
      .map((name) => [name, definitions[name]]),
  );
}

/** The response schemas by published name; each is self-contained, with the definitions it uses. */
export function responseSchemas(baseUrl: string): Record<string, Schema> {
  const document = (name: string, root: Schema): Schema => ({
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `${baseUrl}schemas/responses/${name}.schema.json`,
    ...root,
    definitions: reachable(root),
  });
  return Object.fromEntries(
    Object.entries(RESOURCE_SCHEMAS).flatMap(([name, { page: item, detailed }]) => [
      [`${name}-page`, document(`${name}-page`, page(item))],
      [`${name}-detailed`, document(`${name}-detailed`, ref(detailed))],
    ]),
  );
}

/** Every definition by name, for documents that gather them (the OpenAPI document). */
export const responseDefinitions = (): Record<string, Schema> => definitions;
