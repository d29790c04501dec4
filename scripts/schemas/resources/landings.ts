// Landings (LL2's `landings/`) of a first stage or a spacecraft, declared once, from
// data/reference/landings.yaml, which launches' stages name by key
// (`rocket.launcher_stage[].landing`, `rocket.spacecraft_stage[].landing`). In: nothing.
// Out: the declaration the registries read (resources/declaration.ts says what each part
// becomes). Its objects: `Landing` (nested: as a stage nests it, built once per key),
// `LandingEndpointNormal` and `LandingEndpointDetailed` (its list and detail: with the
// first stage or spacecraft flight that made it, made from the launch whose stage names
// it, api/shapes/spacecraft.ts; `payloadflight` null: we hold no payload flights), and
// in list mode LL2's `LandingEndpointList` (that stage or flight in its short form). Its
// location and type as the source nests them, its location's place ours by key; a
// boolean the source does not state (a 2.2.0 landing location's `active`) is left out.
// Pure.

import {
  bool,
  int,
  nullableImage,
  nullableInt,
  nullableKey,
  nullableStr,
  num,
  object,
  provenance,
  str,
  type Schema,
} from '../building-blocks.ts';
import { isObject } from '../../lib/base/json-types.ts';
import { resource } from './declaration.ts';
import { orNull, responseMode, stated, text, type ListCut } from './fields.ts';

const LISTED = ['mini', 'normal', 'detailed'] as const;
const ALL = ['mini', 'normal', 'detailed', 'nested'] as const;

/** LL2's `{id, name}` of a landing's location or type, with what else the source says of it. */
const idNameWith = (optional: Record<string, Schema>): Schema => object({ id: int(), name: str(255) }, optional);

/** `FirstStageMini`: what list mode shows of the first stage, its booster as `LauncherMini`. */
const FIRST_STAGE_IN_LIST: ListCut = {
  keys: ['id', 'type', 'reused', 'launcher_flight_number', 'launcher', 'previous_flight_date', 'turn_around_time'],
  within: { launcher: { miniOf: 'launchers' } },
};
/** `SpacecraftFlightMiniSerializerNoLanding`: what list mode shows of the flight, its launch by id, url and name. */
const FLIGHT_IN_LIST: ListCut = {
  keys: ['id', 'url', 'destination', 'mission_end', 'spacecraft', 'launch', 'duration', 'turn_around_time'],
  within: { launch: { keys: ['id', 'url', 'name'] } },
};

export const LANDINGS = resource({
  kind: 'landings',
  file: 'landings',
  record: object(
    { id: int(1) },
    {
      attempt: bool,
      success: { type: ['boolean', 'null'] },
      description: str(4096),
      downrange_distance: num,
      // 2.2.0's `location` read as 2.3.0's `landing_location`; its location and celestial body ours by key.
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
  ),
  refers: [
    [['landing_location', 'location'], 'locations'],
    [['landing_location', 'celestial_body'], 'celestialBodies'],
  ],
  path: 'landings/',
  title: 'landing',
  summaries: {
    list: 'Every landing of a first stage or spacecraft, by id',
    detail: 'One landing, LL2 detailed mode, with the stage or flight that made it',
  },
  schema: 'landing',
  ll2: 'Landing',
  definitions: { nested: 'Landing', normal: 'LandingEndpointNormal', detailed: 'LandingEndpointDetailed' },
  // Its list mode (LL2's LandingEndpointList) has no definition of ours.
  untypedModes: ['mini'],
  nestedAs: 'nested',
  fields: [
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (l) => l.id },
    { name: 'url', modes: ALL, schema: (t) => t.uri, value: (l, t) => t.url(l.id) },
    { name: 'attempt', modes: ALL, schema: (t) => t.b, value: (l) => l.attempt ?? false },
    stated('success', ALL, (t) => t.nb),
    { name: 'description', modes: ALL, schema: (t) => t.s, value: (l) => text(l.description) },
    stated('downrange_distance', ALL, (t) => t.nn),
    {
      name: 'landing_location',
      modes: ALL,
      schema: (t) =>
        t.nullable(
          // `active` left out where no source states it, as LL2's schema allows (not required, never null).
          t.exactBut(['active'], {
            id: t.i,
            name: t.s,
            active: t.b,
            abbrev: t.s,
            description: t.ns,
            location: { type: ['object', 'null'] },
            longitude: t.nn,
            latitude: t.nn,
            image: t.nullable(t.ref('Image')),
            successful_landings: t.ni,
            attempted_landings: t.ni,
            failed_landings: t.ni,
            celestial_body: t.nullable(t.ref('CelestialBodyNormal')),
          }),
        ),
      value: (l, t) => (isObject(l.landing_location) ? t.nested.landingLocation(l.landing_location) : null),
    },
    {
      name: 'type',
      modes: ALL,
      schema: (t) => t.nullable(t.exact({ id: t.i, name: t.s, abbrev: t.s, description: t.ns })),
      value: (l) =>
        isObject(l.type)
          ? {
              id: l.type.id,
              name: text(l.type.name),
              abbrev: text(l.type.abbrev),
              description: orNull(l.type.description),
            }
          : null,
    },
    responseMode(LISTED),
    {
      name: 'firststage',
      modes: LISTED,
      listCut: FIRST_STAGE_IN_LIST,
      schema: () => ({ type: ['object', 'null'] }),
      value: (l, t, mode) => t.nested.landingFirstStage(l.id, mode === 'detailed' ? 'detailed' : 'normal'),
    },
    {
      name: 'spacecraftflight',
      modes: LISTED,
      listCut: FLIGHT_IN_LIST,
      schema: () => ({ type: ['object', 'null'] }),
      value: (l, t, mode) => t.nested.landingFlight(l.id, mode === 'detailed' ? 'detailed' : 'normal'),
    },
    { name: 'payloadflight', modes: LISTED, schema: () => ({ type: 'null' }), value: () => null },
  ],
  table: {
    modes: ['list', 'normal', 'detailed'],
    cells: {
      attempt: { boolean: 'attempt' },
      success: { boolean: 'success' },
      downrange_distance: { number: 'downrange_distance' },
      landing_location: { number: 'landing_location.id' },
      landing_location_name: { text: 'landing_location.name' },
      landing_location_abbrev: { text: 'landing_location.abbrev' },
      landing_type: { number: 'type.id' },
      launcher: { number: 'firststage.launcher.id' },
      launcher_serial_number: { text: 'firststage.launcher.serial_number' },
      // The launch whose first stage made it and the booster's configuration, which its objects do not show.
      firststage_launch: { text: 'firststage_launch', from: 'related' },
      launcher_config: { number: 'launcher_config', from: 'related' },
      spacecraft: { number: 'spacecraftflight.spacecraft.id' },
      spacecraft_name: { text: 'spacecraftflight.spacecraft.name' },
      spacecraft_serial_number: { text: 'spacecraftflight.spacecraft.serial_number' },
      spacecraft_config: { number: 'spacecraftflight.spacecraft.spacecraft_config.id' },
      spacecraft_config_name: { text: 'spacecraftflight.spacecraft.spacecraft_config.name' },
      spacecraft_launch: { text: 'spacecraftflight.launch.id' },
      spacecraft_launch_name: { text: 'spacecraftflight.launch.name' },
    },
    filters: {
      attempt: { boolean: 'attempt' },
      firststage_launch__ids: { uuids: 'firststage_launch' },
      landing_location__ids: { numbers: 'landing_location' },
      landing_type__ids: { numbers: 'landing_type' },
      launcher__ids: { numbers: 'launcher' },
      launcher_config__ids: { numbers: 'launcher_config' },
      launcher_serial_numbers: { texts: 'launcher_serial_number' },
      spacecraft__ids: { numbers: 'spacecraft' },
      spacecraft_config__ids: { numbers: 'spacecraft_config' },
      spacecraft_launch__ids: { uuids: 'spacecraft_launch' },
      // An outcome not yet known (null) is neither true nor false, as SQL compares.
      success: { boolean: 'success' },
    },
    // LL2's launch names of first stages are not in the landing's objects: the search reads the spacecraft flight's only.
    search: {
      firststage__launcher__serial_number: 'launcher_serial_number',
      landing_location__abbrev: 'landing_location_abbrev',
      landing_location__name: 'landing_location_name',
      spacecraftflight__rocket__launch__name: 'spacecraft_launch_name',
      spacecraftflight__spacecraft__name: 'spacecraft_name',
      spacecraftflight__spacecraft__serial_number: 'spacecraft_serial_number',
      spacecraftflight__spacecraft__spacecraft_config__name: 'spacecraft_config_name',
    },
    ordering: { downrange_distance: 'downrange_distance', id: 'id' },
  },
  shows: { launches: true },
  related: (l, t) => t.nested.landingRelated(l.id),
  ll2Parameters: ({ common }) => [
    ...common,
    'attempt',
    'firststage_launch__ids',
    'landing_location__ids',
    'landing_type__ids',
    'launcher__ids',
    'launcher_config__ids',
    'launcher_serial_numbers',
    'spacecraft__ids',
    'spacecraft_config__ids',
    'spacecraft_launch__ids',
    'success',
  ],
  placement: {
    kind: 'astronauts',
    schema: 'astronaut',
    definition: { nested: 'FirstStage', normal: 'Landing', detailed: 'LandingEndpointNormal' },
  },
});
