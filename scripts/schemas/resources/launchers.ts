// Boosters (LL2's `launchers/`), declared once: first stages and side boosters,
// from data/reference/launchers.yaml (keyed by serial number), which launches' first
// stages name by key. In: nothing. Out: the declaration the registries read
// (resources/declaration.ts says what each part becomes). Its objects: `LauncherMini`
// (mini: its list mode), `LauncherNormal` (its list, and as a launch's first stage
// nests it) and `LauncherDetailed` (its detail, with the configuration it flies as
// `ConfigurationList`); all built once per key, each with its status (a config list).
// Its figures are LL2's as the record states them (null where it states none): our
// data set counts none of a booster's. Pure.

import {
  bool,
  duration,
  int,
  nullableImage,
  nullableInt,
  nullableKey,
  nullableStr,
  nullableTimestamp,
  object,
  provenance,
  str,
} from '../building-blocks.ts';
import { resource } from './declaration.ts';
import { responseMode, stated, text } from './fields.ts';

const ALL = ['mini', 'normal', 'detailed'] as const;
const WHOLE = ['normal', 'detailed'] as const;

export const LAUNCHERS = resource({
  kind: 'launchers',
  file: 'launchers',
  record: object(
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
  ),
  refers: [
    [['status'], 'launcherStatuses'],
    [['launcher_config'], 'launcherConfigurations'],
  ],
  path: 'launchers/',
  title: 'launcher (booster)',
  summaries: {
    list: 'Every booster (LL2 launcher), by id',
    detail: 'One booster, LL2 detailed mode, with its configuration',
  },
  schema: 'launcher',
  ll2: 'Launcher',
  nestedAs: ALL,
  fields: [
    responseMode(ALL),
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (l) => l.id },
    { name: 'url', modes: ALL, schema: (t) => t.uri, value: (l, t) => t.url(l.id) },
    { name: 'flight_proven', modes: ALL, schema: (t) => t.b, value: (l) => l.flight_proven ?? false },
    stated('serial_number', ALL, (t) => t.ns),
    { name: 'is_placeholder', modes: ALL, schema: (t) => t.b, value: (l) => l.is_placeholder ?? false },
    {
      name: 'status',
      modes: ALL,
      schema: (t) => t.nullable(t.ref('IdName')),
      value: (l, t) => (typeof l.status === 'string' ? t.of('launcherStatuses').normal(l.status) : null),
    },
    { name: 'image', modes: ALL, schema: (t) => t.nullable(t.ref('Image')), value: (l, t) => t.image(l.image) },
    { name: 'details', modes: WHOLE, schema: (t) => t.s, value: (l) => text(l.details) },
    stated('successful_landings', WHOLE, (t) => t.ni),
    stated('attempted_landings', WHOLE, (t) => t.ni),
    stated('flights', WHOLE, (t) => t.ni),
    stated('last_launch_date', WHOLE, (t) => t.nts),
    stated('first_launch_date', WHOLE, (t) => t.nts),
    stated('fastest_turnaround', WHOLE, (t) => t.ns),
    {
      name: 'launcher_config',
      modes: ['detailed'],
      schema: (t) => t.nullable(t.ref('ConfigurationList')),
      value: (l, t) =>
        typeof l.launcher_config === 'string' ? t.of('launcherConfigurations').mini(l.launcher_config) : null,
    },
  ],
  table: {
    modes: ['list', 'normal', 'detailed'],
    cells: {
      serial_number: { text: 'serial_number' },
      flight_proven: { boolean: 'flight_proven' },
      is_placeholder: { boolean: 'is_placeholder' },
      status: { number: 'status.id' },
      status_name: { text: 'status.name' },
      flights: { number: 'flights' },
      attempted_landings: { number: 'attempted_landings' },
      successful_landings: { number: 'successful_landings' },
      first_launch_date: { text: 'first_launch_date' },
      last_launch_date: { text: 'last_launch_date' },
      launcher_config: { number: 'launcher_config.id' },
    },
    // Its configuration's manufacturer, which none of its objects shows, looked up when the table is read.
    lookups: {
      manufacturer_name: {
        from: 'launcher_config',
        through: [
          ['configurations', 'manufacturer'],
          ['agencies', 'name'],
        ],
      },
    },
    filters: {
      attempted_landings: { count: 'attempted_landings' },
      // A DateTimeFilter with the exact lookup: the instant the booster first (last) flew.
      first_launch_date: { instant: 'first_launch_date' },
      flight_proven: { boolean: 'flight_proven' },
      flights: { count: 'flights' },
      id: { number: 'id' },
      id__contains: { digits: 'id' },
      is_placeholder: { boolean: 'is_placeholder' },
      last_launch_date: { instant: 'last_launch_date' },
      launcher_config__ids: { numbers: 'launcher_config' },
      launcher_config__manufacturer__name: { text: 'manufacturer_name', contains: true },
      serial_number: { text: 'serial_number', contains: true },
      status: { number: 'status' },
      successful_landings: { count: 'successful_landings' },
    },
    search: { serial_number: 'serial_number', status__name: 'status_name' },
    ordering: {
      attempted_landings: 'attempted_landings',
      flight_proven: 'flight_proven',
      flights: 'flights',
      id: 'id',
      successful_landings: 'successful_landings',
    },
  },
  ll2Parameters: ({ common, comparisons }) => [
    ...common,
    'attempted_landings',
    ...comparisons('attempted_landings'),
    'first_launch_date',
    'flight_proven',
    'flights',
    ...comparisons('flights'),
    'id',
    'id__contains',
    'is_placeholder',
    'last_launch_date',
    'launcher_config__ids',
    'launcher_config__manufacturer__name',
    'launcher_config__manufacturer__name__contains',
    'serial_number',
    'serial_number__contains',
    'status',
    'successful_landings',
    ...comparisons('successful_landings'),
  ],
  placement: {
    kind: 'launcherConfigurations',
    table: 'orbits',
    schema: 'orbit',
    definition: 'SpaceStationMini',
  },
});
