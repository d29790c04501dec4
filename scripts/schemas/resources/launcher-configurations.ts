// Rocket configurations (LL2's `launcher_configurations/`), declared once: a rocket as it
// flies (Falcon 9 Block 5), from data/reference/launcher-configurations.yaml, which
// launches' rockets and boosters name by key. In: nothing. Out: the declaration the
// registries read (resources/declaration.ts says what each part becomes). Its objects,
// each built once per key: `ConfigurationList` (mini: as a normal launch's rocket and a
// booster's detail nest it, and its list mode), `ConfigurationNormal` (its list: its
// families normal, its manufacturer `AgencyNormal`), `ConfigurationDetailed` (its detail,
// and as a detailed launch's rocket nests it: its families detailed, its manufacturer
// `AgencyDetailedAsNormal`, its sizes, capacities and figures) and
// `ConfigurationNoManufacturer` (bare: as its manufacturer's detail lists it, the
// detailed object without the manufacturer). Its launch figures are LL2's where stored,
// else the data set's; its landing figures and fastest turnaround LL2's or null. Pure.

import {
  bool,
  int,
  keys,
  nullableDate,
  nullableImage,
  nullableInt,
  nullableKey,
  nullableUrl,
  num,
  object,
  provenance,
  str,
} from '../building-blocks.ts';
import { COUNTED_FIGURES, LANDING_FIGURES, LL2_FIGURES, ll2Figures, TALLY_FIGURES } from '../ll2-figures.ts';
import { resource } from './declaration.ts';
import { figureField, keysIn, stated, text, type FieldMode } from './fields.ts';

const ALL = ['mini', 'normal', 'detailed', 'bare'] as const;
const WHOLE = ['normal', 'detailed', 'bare'] as const;
const DETAILS = ['detailed', 'bare'] as const;

/** LL2's `response_mode` of its objects: the one its manufacturer lists is a detailed object less the manufacturer. */
const LL2_MODE: Record<FieldMode, string> = {
  mini: 'list',
  normal: 'normal',
  detailed: 'detailed',
  bare: 'detailed',
  nested: 'normal',
};

/** The definition a family has in each of its modes (a mini one, its list mode, is `FamilyMini`). */
const FAMILY: Record<FieldMode, string> = {
  mini: 'FamilyMini',
  normal: 'FamilyNormal',
  detailed: 'FamilyDetailed',
  bare: 'FamilyDetailed',
  nested: 'FamilyDetailed',
};

export const LAUNCHER_CONFIGURATIONS = resource({
  kind: 'launcherConfigurations',
  file: 'launcher-configurations',
  // Its sizes in m, masses in t, capacities in kg and thrust in kN as LL2 states them; its maiden flight a date.
  record: object(
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
  ),
  refers: [
    [['families', '*'], 'launcherFamilies'],
    [['manufacturer'], 'agencies'],
    [['program', '*'], 'programs'],
  ],
  path: 'launcher_configurations/',
  title: 'launcher configuration',
  summaries: { list: 'Every rocket configuration, by name', detail: 'One rocket configuration, LL2 detailed mode' },
  order: 'name',
  schema: 'launcher-configuration',
  ll2: 'Configuration',
  definitions: { mini: 'ConfigurationList', bare: 'ConfigurationNoManufacturer' },
  nestedAs: ALL,
  fields: [
    {
      name: 'response_mode',
      modes: ALL,
      schema: (t, mode) => t.mode(LL2_MODE[mode]),
      value: (_, __, mode) => LL2_MODE[mode],
    },
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (c) => c.id },
    { name: 'url', modes: ALL, schema: (t) => t.uri, value: (c, t) => t.url(c.id) },
    { name: 'name', modes: ALL, schema: (t) => t.s, value: (c) => c.name },
    {
      // In each mode its families' objects one step as detailed (its list mode cuts them to their mini fields).
      name: 'families',
      modes: ALL,
      miniOf: 'launcherFamilies',
      schema: (t, mode) => t.arr(t.ref(FAMILY[mode])),
      value: (c, t, mode) =>
        keysIn(c, 'families').map(
          mode === 'mini'
            ? t.of('launcherFamilies').mini
            : mode === 'normal'
              ? t.of('launcherFamilies').normal
              : t.of('launcherFamilies').detailed,
        ),
    },
    { name: 'full_name', modes: ALL, schema: (t) => t.s, value: (c) => c.full_name },
    { name: 'variant', modes: ALL, schema: (t) => t.s, value: (c) => text(c.variant) },
    { name: 'active', modes: WHOLE, schema: (t) => t.b, value: (c) => c.active ?? true },
    { name: 'is_placeholder', modes: WHOLE, schema: (t) => t.b, value: (c) => c.is_placeholder ?? false },
    {
      name: 'manufacturer',
      modes: ['normal', 'detailed'],
      schema: (t, mode) => t.nullable(t.ref(mode === 'normal' ? 'AgencyNormal' : 'AgencyDetailedAsNormal')),
      value: (c, t, mode) =>
        typeof c.manufacturer !== 'string'
          ? null
          : mode === 'normal'
            ? t.of('agencies').normal(c.manufacturer)
            : t.of('agencies').nested(c.manufacturer),
    },
    {
      name: 'program',
      modes: WHOLE,
      schema: (t) => t.arr(t.ref('Program')),
      value: (c, t) => keysIn(c, 'program').map(t.of('programs').normal),
    },
    { name: 'reusable', modes: WHOLE, schema: (t) => t.b, value: (c) => c.reusable ?? false },
    { name: 'image', modes: WHOLE, schema: (t) => t.nullable(t.ref('Image')), value: (c, t) => t.image(c.image) },
    stated('info_url', WHOLE, (t) => t.nuri),
    stated('wiki_url', WHOLE, (t) => t.nuri),
    { name: 'description', modes: DETAILS, schema: (t) => t.s, value: (c) => text(c.description) },
    { name: 'alias', modes: DETAILS, schema: (t) => t.s, value: (c) => text(c.alias) },
    stated('min_stage', DETAILS, (t) => t.ni),
    stated('max_stage', DETAILS, (t) => t.ni),
    stated('length', DETAILS, (t) => t.nn),
    stated('diameter', DETAILS, (t) => t.nn),
    stated('maiden_flight', DETAILS, (t) => t.ns),
    stated('launch_cost', DETAILS, (t) => t.ni),
    stated('launch_mass', DETAILS, (t) => t.nn),
    stated('leo_capacity', DETAILS, (t) => t.nn),
    stated('gto_capacity', DETAILS, (t) => t.nn),
    stated('geo_capacity', DETAILS, (t) => t.nn),
    stated('sso_capacity', DETAILS, (t) => t.nn),
    stated('to_thrust', DETAILS, (t) => t.nn),
    stated('apogee', DETAILS, (t) => t.nn),
    ...TALLY_FIGURES.map((name) => figureField(name, DETAILS, 0)),
    ...LANDING_FIGURES.map((name) => figureField(name, DETAILS, null)),
    figureField('fastest_turnaround', DETAILS, null, (t) => t.ns),
  ],
  table: {
    modes: ['list', 'normal', 'detailed'],
    cells: {
      name: { text: 'name' },
      full_name: { text: 'full_name' },
      active: { boolean: 'active' },
      is_placeholder: { boolean: 'is_placeholder' },
      families: { each: 'families[].id' },
      program: { each: 'program[].id' },
      maiden_flight: { text: 'maiden_flight' },
      manufacturer_name: { text: 'manufacturer.name' },
      manufacturer_abbrev: { text: 'manufacturer.abbrev' },
      gto_capacity: { number: 'gto_capacity' },
      launch_cost: { number: 'launch_cost' },
      launch_mass: { number: 'launch_mass' },
      leo_capacity: { number: 'leo_capacity' },
      ...Object.fromEntries(COUNTED_FIGURES.map((name) => [name, { number: name }])),
    },
    filters: {
      active: { boolean: 'active' },
      // Ids of families and programs, the parameter repeated for several (ModelMultipleChoiceFilter); `__contains` alike.
      families: { choices: 'families', among: 'launcherFamilies' },
      families__contains: { choices: 'families', among: 'launcherFamilies' },
      full_name: { text: 'full_name', contains: true },
      is_placeholder: { boolean: 'is_placeholder' },
      maiden_flight: { dates: 'maiden_flight' },
      manufacturer__name: { text: 'manufacturer_name', contains: true },
      name: { text: 'name', contains: true },
      program: { choices: 'program', among: 'programs' },
      program__contains: { choices: 'program', among: 'programs' },
      ...Object.fromEntries(COUNTED_FIGURES.map((name) => [name, { count: name }])),
    },
    search: {
      full_name: 'full_name',
      manufacturer__abbrev: 'manufacturer_abbrev',
      manufacturer__name: 'manufacturer_name',
      name: 'name',
    },
    ordering: {
      ...Object.fromEntries(COUNTED_FIGURES.map((name) => [name, name])),
      gto_capacity: 'gto_capacity',
      launch_cost: 'launch_cost',
      launch_mass: 'launch_mass',
      leo_capacity: 'leo_capacity',
      maiden_flight: 'maiden_flight',
      name: 'name',
    },
  },
  // Its figures, and its families' and manufacturer's tallies, in its detail only.
  shows: {
    figures: 'detailed',
    tallies: {
      detailed: [
        [['families', '*'], 'launcherFamilies'],
        [['manufacturer'], 'agencies'],
      ],
    },
  },
  ll2Parameters: ({ common, comparisons }) => [
    ...common,
    ...COUNTED_FIGURES.flatMap((name) => [name, ...comparisons(name)]),
    'active',
    'families',
    'families__contains',
    'full_name',
    'full_name__contains',
    'is_placeholder',
    'maiden_flight',
    ...comparisons('maiden_flight'),
    'manufacturer__name',
    'manufacturer__name__contains',
    'name',
    'name__contains',
    'program',
    'program__contains',
  ],
  placement: {
    kind: 'locations',
    file: 'launcherFamilies',
    schema: 'location',
    definition: 'FamilyMini',
  },
});
