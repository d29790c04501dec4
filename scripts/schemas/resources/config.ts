// LL2's small `config/…` lists we keep a data file of (agency, event and mission
// types, booster and launch statuses, NET precisions, countries, orbits), declared
// once each from one pattern: file `data/reference/<kind-in-kebab-case>.yaml`, path
// `config/<kind_in_snake_case>/`, every field the record's value in one mode (normal:
// the list, the detail and the object others nest, built once per key), by id, with
// paging, ordering by id and name and a search of no fields (LL2 documents none), no
// modes and no filters. In: nothing. Out: the declarations the registries read
// (resources/declaration.ts says what each part becomes). Pure.

import { int, key, object, str, type Schema } from '../building-blocks.ts';
import { kebabCase, resource, snakeCase, type Placement } from './declaration.ts';
import { text, type Field } from './fields.ts';

const NORMAL = ['normal'] as const;

/** A field whose value is the record's (`text`: its text, `''` where it states none). */
const plain = (name: string, type: 'i' | 's', read: 'as-is' | 'text' = 'as-is'): Field => ({
  name,
  modes: NORMAL,
  schema: (t) => t[type],
  value: (r) => (read === 'text' ? text(r[name]) : (r[name] ?? null)),
});
const ID_NAME = [plain('id', 'i'), plain('name', 's')];
/** LL2's `{id, name, abbrev, description}` of a launch status or a NET precision. */
const DESCRIBED = [...ID_NAME, plain('abbrev', 's'), plain('description', 's')];
const idNameRecord = (minimumId: number): Schema => object({ id: int(minimumId), name: str(255) });
const describedRecord = object({ id: int(), name: str(255), abbrev: str(255), description: str(2048) });

/**
 * One list: its kind, its title (for messages and its summaries, `Every …, by id` and
 * `One …`, unless `summaries` says otherwise), its schema name, LL2's name of its
 * object (`IdName`: the `{id, name}` others nest too), record, fields and placement.
 */
const configKind = <const K extends string, const S extends string>(
  kind: K,
  title: string,
  schema: S,
  ll2: string,
  record: Schema,
  fields: readonly Field[],
  placement: Placement,
  more: { refers?: Array<[string[], string]>; summaries?: { list: string; detail: string } } = {},
) =>
  resource<K, S>({
    kind,
    file: kebabCase(kind),
    record,
    refers: more.refers ?? [],
    path: `config/${snakeCase(kind)}/`,
    title,
    summaries: more.summaries ?? { list: `Every ${title}, by id`, detail: `One ${title}` },
    schema,
    ll2,
    definitions: { normal: ll2 },
    ...(ll2 === 'IdName' ? { sharedDefinition: true as const } : {}),
    nestedAs: 'normal',
    fields,
    table: {
      modes: [],
      cells: { name: { text: 'name' } },
      filters: {},
      search: {},
      ordering: { id: 'id', name: 'name' },
    },
    ll2Parameters: ({ plain }) => [...plain],
    placement,
  });

const COUNTRY_RECORD = object(
  {
    id: int(),
    name: str(255),
    alpha_2_code: { type: 'string', pattern: '^[A-Z]{2}$' },
    alpha_3_code: { type: 'string', pattern: '^[A-Z]{3}$' },
  },
  { nationality_name: str(255), nationality_name_composed: str(255) },
);
const COUNTRY_FIELDS = [
  ...ID_NAME,
  plain('alpha_2_code', 's'),
  plain('alpha_3_code', 's'),
  plain('nationality_name', 's', 'text'),
  plain('nationality_name_composed', 's', 'text'),
];
const ORBIT_RECORD = object(
  // LL2's "Elliptical Orbit" has id 0.
  { id: int(0), name: str(50), abbrev: str(30), celestial_body: key },
  {
    suborbital: {
      type: 'boolean',
      description: 'Ours, not LL2: launches into this orbit do not count as orbital attempts.',
    },
  },
);
const ORBIT_FIELDS = [
  ...ID_NAME,
  plain('abbrev', 's'),
  {
    name: 'celestial_body',
    modes: NORMAL,
    schema: (t) => t.ref('CelestialBodyMini'),
    value: (o, t) => t.of('celestialBodies').mini(String(o.celestial_body)),
  } satisfies Field,
];
const OURS = (title: string) => ({ list: `Every ${title}, by id (ids of ours)`, detail: `One ${title}` });

/** In the order of the hand-written entries they replaced; each placement where that entry stood. */
export const CONFIG_KINDS = [
  configKind('agencyTypes', 'agency type', 'agency-type', 'IdName', idNameRecord(0), ID_NAME, {
    kind: 'celestialBodies',
    file: 'countries',
    schema: 'celestial-body',
  }),
  configKind('countries', 'country', 'country', 'Country', COUNTRY_RECORD, COUNTRY_FIELDS, {
    kind: 'agencyTypes',
    file: null,
    schema: 'agency-type',
    definition: 'IdName',
  }),
  configKind('eventTypes', 'event type', 'event-type', 'IdName', idNameRecord(0), ID_NAME, {
    kind: 'countries',
    file: 'netPrecisions',
    schema: 'country',
  }),
  configKind('launchStatuses', 'launch status', 'launch-status', 'LaunchStatus', describedRecord, DESCRIBED, {
    kind: 'eventTypes',
    file: 'missionTypes',
    schema: 'event-type',
    definition: 'Image',
  }),
  configKind(
    'missionTypes',
    'mission type',
    'mission-type',
    'IdName',
    idNameRecord(1),
    ID_NAME,
    { kind: 'launchStatuses', file: 'orbits', schema: 'launch-status' },
    { summaries: OURS('mission type') },
  ),
  configKind('netPrecisions', 'NET precision', 'net-precision', 'NetPrecision', describedRecord, DESCRIBED, {
    kind: 'missionTypes',
    file: 'launchStatuses',
    schema: 'mission-type',
    definition: 'LaunchStatus',
  }),
  configKind(
    'orbits',
    'orbit',
    'orbit',
    'Orbit',
    ORBIT_RECORD,
    ORBIT_FIELDS,
    { kind: 'netPrecisions', file: 'celestialBodies', schema: 'net-precision', definition: 'CelestialBodyResource' },
    { refers: [[['celestial_body'], 'celestialBodies']] },
  ),
  // LL2's launcher (booster) statuses; ids of ours where LL2's are not known.
  configKind(
    'launcherStatuses',
    'launcher status',
    'launcher-status',
    'IdName',
    idNameRecord(1),
    ID_NAME,
    { kind: 'orbits', file: 'launcherConfigurations', table: 'updates', schema: 'expedition' },
    { summaries: OURS('booster status') },
  ),
] as const;
