// Launcher families (LL2's `launcher_configuration_families/`), declared once: a family
// of rocket configurations (Falcon, Soyuz), from data/reference/launcher-families.yaml,
// which configurations name by key and a family may name as its parent. In: nothing.
// Out: the declaration the registries read (resources/declaration.ts says what each
// part becomes). Its objects: `FamilyMini` (mini, labelled list: as a normal family
// names its parent and a configuration's list its families), `FamilyNormal` (its list;
// its manufacturers as `AgencyNormal`, its parent mini) and `FamilyDetailed` (its
// detail, and as a detailed configuration nests it: its manufacturers as
// `AgencyDetailedAsNormal` with their tallies, its parent normal, its figures). All
// three are built once per key. Its launch figures are LL2's where stored, else the
// data set's; its landing figures LL2's or null (no landings of ours count). Its list
// mode is cut from the normal object (api/projection.ts). Pure.

import { bool, int, keys, nullableDate, nullableKey, object, str } from '../building-blocks.ts';
import { COUNTED_FIGURES, LANDING_FIGURES, LL2_FIGURES, ll2Figures, TALLY_FIGURES } from '../ll2-figures.ts';
import { resource } from './declaration.ts';
import { figureField, keysIn, responseMode, stated, text } from './fields.ts';

const ALL = ['mini', 'normal', 'detailed'] as const;
const NORMAL_DETAILED = ['normal', 'detailed'] as const;
const DETAILED = ['detailed'] as const;

export const LAUNCHER_FAMILIES = resource({
  kind: 'launcherFamilies',
  file: 'launcher-families',
  record: object(
    { id: int(1), name: str(200) },
    {
      manufacturer: keys,
      parent: nullableKey,
      description: str(2048),
      active: bool,
      maiden_flight: nullableDate,
      ll2_figures: ll2Figures(LL2_FIGURES.launcherFamilies),
    },
  ),
  refers: [
    [['manufacturer', '*'], 'agencies'],
    [['parent'], 'launcherFamilies'],
  ],
  path: 'launcher_configuration_families/',
  title: 'launcher family',
  summaries: { list: 'Every rocket family, by id', detail: 'One rocket family, LL2 detailed mode' },
  schema: 'launcher-configuration-family',
  ll2: 'Family',
  nestedAs: ALL,
  fields: [
    // A mini family is LL2's list mode.
    responseMode(ALL),
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (f) => f.id },
    { name: 'name', modes: ALL, schema: (t) => t.s, value: (f) => f.name },
    {
      name: 'manufacturer',
      modes: NORMAL_DETAILED,
      schema: (t, mode) => t.arr(t.ref(mode === 'normal' ? 'AgencyNormal' : 'AgencyDetailedAsNormal')),
      value: (f, t, mode) =>
        keysIn(f, 'manufacturer').map(mode === 'normal' ? t.of('agencies').normal : t.of('agencies').nested),
    },
    // Its parent one mode below its own.
    {
      name: 'parent',
      modes: NORMAL_DETAILED,
      schema: (t, mode) => t.nullable(t.ref(mode === 'normal' ? 'FamilyMini' : 'FamilyNormal')),
      value: (f, t, mode) =>
        typeof f.parent !== 'string'
          ? null
          : mode === 'normal'
            ? t.of('launcherFamilies').mini(f.parent)
            : t.of('launcherFamilies').normal(f.parent),
    },
    { name: 'description', modes: DETAILED, schema: (t) => t.s, value: (f) => text(f.description) },
    { name: 'active', modes: DETAILED, schema: (t) => t.b, value: (f) => f.active ?? true },
    stated('maiden_flight', DETAILED, (t) => t.ns),
    ...TALLY_FIGURES.map((name) => figureField(name, DETAILED, 0)),
    ...LANDING_FIGURES.map((name) => figureField(name, DETAILED, null)),
  ],
  table: {
    modes: ['list', 'normal', 'detailed'],
    cells: {
      name: { text: 'name' },
      maiden_flight: { text: 'maiden_flight' },
      manufacturer_ids: { each: 'manufacturer[].id' },
      manufacturer_names: { each: 'manufacturer[].name' },
      manufacturer_abbrevs: { each: 'manufacturer[].abbrev' },
      manufacturer_countries: { each: 'manufacturer[].country[].alpha_3_code' },
      ...Object.fromEntries(COUNTED_FIGURES.map((name) => [name, { number: name }])),
    },
    filters: {
      maiden_flight: { dates: 'maiden_flight' },
      // A manufacturer's: any of them (each a list cell).
      manufacturer__abbrev: { text: 'manufacturer_abbrevs', contains: true },
      // Its country by its alpha-3 code, as `country_code` of agencies.
      manufacturer__country_code: { text: 'manufacturer_countries' },
      manufacturer__id: { number: 'manufacturer_ids' },
      manufacturer__id__contains: { digits: 'manufacturer_ids' },
      manufacturer__name: { text: 'manufacturer_names', contains: true },
      name: { text: 'name', contains: true },
      ...Object.fromEntries(COUNTED_FIGURES.map((name) => [name, { count: name }])),
    },
    search: { manufacturer__abbrev: 'manufacturer_abbrevs', manufacturer__name: 'manufacturer_names', name: 'name' },
    ordering: { ...Object.fromEntries(COUNTED_FIGURES.map((name) => [name, name])), name: 'name' },
  },
  // Its figures and its manufacturers' tallies, in its detail only.
  shows: { figures: 'detailed', tallies: { detailed: [[['manufacturer', '*'], 'agencies']] } },
  ll2Parameters: ({ common, comparisons }) => [
    ...common,
    ...[...COUNTED_FIGURES, 'maiden_flight'].flatMap((name) => [name, ...comparisons(name)]),
    'manufacturer__abbrev',
    'manufacturer__abbrev__contains',
    'manufacturer__country_code',
    'manufacturer__id',
    'manufacturer__id__contains',
    'manufacturer__name',
    'manufacturer__name__contains',
    'name',
    'name__contains',
  ],
  placement: {
    kind: 'launcherConfigurations',
    file: 'celestialBodies',
    schema: 'launcher-configuration',
    definition: 'PadNoLocation',
  },
});
