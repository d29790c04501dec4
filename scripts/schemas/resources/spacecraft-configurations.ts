// Spacecraft configurations (LL2's `spacecraft_configurations/`: Crew Dragon, Soyuz MS,
// …), declared once, from data/reference/spacecraft-configurations.yaml, which
// spacecraft name by key. In: nothing. Out: the declaration the registries read
// (resources/declaration.ts says what each part becomes). Its objects:
// `SpacecraftConfigNormal` (its agency as `AgencyMini`, as a spacecraft nests it) and
// `SpacecraftConfigDetailed` (the agency as `AgencyNormal`, its figures, as a detailed
// spacecraft nests it), both built once per key. Our records hold no spacecraft
// families (an empty list) nor LL2's launch and landing figures of a configuration
// (null). Where a record states no value, null, never an invented one. Pure.

import {
  bool,
  idName,
  int,
  nullableDate,
  nullableImage,
  nullableInt,
  nullableKey,
  nullableStr,
  num,
  object,
  provenance,
  str,
} from '../building-blocks.ts';
import { isObject, type Json } from '../../lib/base/json-types.ts';
import { resource } from './declaration.ts';
import { orNull, stated, text, type Field, type FieldMode, type SchemaTools } from './fields.ts';

const BOTH = ['normal', 'detailed'] as const;
const DETAILED = ['detailed'] as const;
/** 2.2.0 writes an unknown link as "", which is no URI: null. */
const link = (value: Json | undefined): Json => (typeof value === 'string' && value !== '' ? value : null);

type Kind = 'i' | 's' | 'ns' | 'nn' | 'ni' | 'nb';
/** A field of the detailed object only, its value the record's (`read` turns it into LL2's). */
const detail = (name: string, type: Kind, read: (value: Json | undefined) => Json = orNull): Field => ({
  name,
  modes: DETAILED,
  schema: (t: SchemaTools) => t[type],
  value: (c) => read(c[name]),
});
/** The figures of its detailed object that our records do not hold. */
const UNHELD = [
  ['spacecraft_flown', 'ni'],
  ['total_launch_count', 'ni'],
  ['successful_launches', 'ni'],
  ['failed_launches', 'ni'],
  ['attempted_landings', 'ni'],
  ['successful_landings', 'ni'],
  ['failed_landings', 'ni'],
  ['fastest_turnaround', 'ns'],
] as const;

export const SPACECRAFT_CONFIGURATIONS = resource({
  kind: 'spacecraftConfigurations',
  file: 'spacecraft-configurations',
  /** Its agency ours by key. */
  record: object(
    { id: int(1), name: str(255) },
    {
      type: idName,
      agency: nullableKey,
      in_use: bool,
      image: nullableImage,
      capability: str(2048),
      history: str(8192),
      details: str(8192),
      maiden_flight: nullableDate,
      height: num,
      diameter: num,
      human_rated: bool,
      crew_capacity: nullableInt(),
      payload_capacity: nullableInt(),
      payload_return_capacity: nullableInt(),
      flight_life: nullableStr(2048),
      wiki_link: nullableStr(2048),
      info_link: nullableStr(2048),
      provenance,
    },
  ),
  refers: [[['agency'], 'agencies']],
  path: 'spacecraft_configurations/',
  title: 'spacecraft configuration',
  summaries: {
    list: 'Every spacecraft configuration, by id',
    detail: 'One spacecraft configuration, LL2 detailed mode',
  },
  schema: 'spacecraft-configuration',
  ll2: 'SpacecraftConfig',
  nestedAs: BOTH,
  fields: [
    { name: 'response_mode', modes: BOTH, schema: (t, mode) => t.mode(mode), value: (_, __, mode) => mode },
    { name: 'id', modes: BOTH, schema: (t) => t.i, value: (c) => c.id },
    { name: 'url', modes: BOTH, schema: (t) => t.uri, value: (c, t) => t.url(c.id) },
    { name: 'name', modes: BOTH, schema: (t) => t.s, value: (c) => c.name },
    {
      name: 'type',
      modes: BOTH,
      schema: (t) => t.nullable(t.ref('IdName')),
      value: (c) => (isObject(c.type) ? { id: c.type.id, name: text(c.type.name) } : null),
    },
    {
      name: 'agency',
      modes: BOTH,
      schema: (t, mode: FieldMode) => t.nullable(t.ref(mode === 'detailed' ? 'AgencyNormal' : 'AgencyMini')),
      value: (c, t, mode) =>
        typeof c.agency !== 'string'
          ? null
          : mode === 'detailed'
            ? t.of('agencies').normal(c.agency)
            : t.of('agencies').mini(c.agency),
    },
    // LL2's spacecraft families: none in our records.
    { name: 'family', modes: BOTH, schema: (t) => t.arr({ type: 'object' }), value: () => [] },
    stated('in_use', BOTH, (t) => t.nb),
    { name: 'image', modes: BOTH, schema: (t) => t.nullable(t.ref('Image')), value: (c, t) => t.image(c.image) },
    ...['capability', 'history', 'details'].map((name) => detail(name, 's', text)),
    detail('maiden_flight', 'ns'),
    ...['height', 'diameter'].map((name) => detail(name, 'nn')),
    detail('human_rated', 'nb'),
    ...['crew_capacity', 'payload_capacity', 'payload_return_capacity'].map((name) => detail(name, 'ni')),
    detail('flight_life', 'ns'),
    ...['wiki_link', 'info_link'].map((name) => detail(name, 'ns', link)),
    ...UNHELD.map(([name, type]) => detail(name, type, () => null)),
  ],
  table: {
    modes: ['normal', 'detailed'],
    cells: {
      name: { text: 'name' },
      agency: { number: 'agency.id' },
      agency_name: { text: 'agency.name' },
      agency_abbrev: { text: 'agency.abbrev' },
      human_rated: { boolean: 'human_rated' },
      in_use: { boolean: 'in_use' },
    },
    filters: {
      agency: { number: 'agency' },
      human_rated: { boolean: 'human_rated' },
      in_use: { boolean: 'in_use' },
      name: { text: 'name' },
    },
    search: { agency__abbrev: 'agency_abbrev', agency__name: 'agency_name', name: 'name' },
    ordering: { name: 'name' },
  },
  ll2Parameters: ({ common }) => [...common, 'agency', 'human_rated', 'in_use', 'name'],
  placement: { kind: 'spacecraft', file: 'landings', schema: 'spacecraft', definition: 'LandingEndpointDetailed' },
});
