// Mission patches (LL2's `mission_patches/`), declared once: a mission's patch image,
// from data/reference/mission-patches.yaml, which launches list by key from their
// `mission_patches` (or, until npm run migrate:graph files it, state as LL2's object).
// In: nothing. Out: the declaration the registries read (resources/declaration.ts
// says what each part becomes). Its objects: `MissionPatch` (normal mode: its list,
// and nested in launches and programs, built once per key) and `MissionPatchDetailed`
// (its detail: the agency as a detailed launch nests its provider, the launches that
// list it, the programs that name it). Our records hold no expeditions of a patch
// (an empty list). Pure.

import { int, nullableKey, object, provenance, str, url } from '../building-blocks.ts';
import { resource } from './declaration.ts';
import { responseMode } from './fields.ts';

const BOTH = ['normal', 'detailed'] as const;
const DETAILED = ['detailed'] as const;

export const MISSION_PATCHES = resource({
  kind: 'missionPatches',
  file: 'mission-patches',
  /** Its agency ours by key. */
  record: object({ id: int(), name: str(200), image_url: url }, { priority: int(), agency: nullableKey, provenance }),
  refers: [[['agency'], 'agencies']],
  path: 'mission_patches/',
  title: 'mission patch',
  summaries: {
    list: 'Every mission patch, by id',
    detail: 'One mission patch, LL2 detailed mode, with the launches and programs that carry it',
  },
  schema: 'mission-patch',
  ll2: 'MissionPatch',
  definitions: { normal: 'MissionPatch' },
  nestedAs: 'normal',
  fields: [
    { name: 'id', modes: BOTH, schema: (t) => t.i, value: (p) => p.id },
    { name: 'name', modes: BOTH, schema: (t) => t.s, value: (p) => p.name },
    // LL2's default priority where the record states none.
    { name: 'priority', modes: BOTH, schema: (t) => t.i, value: (p) => p.priority ?? 10 },
    { name: 'image_url', modes: BOTH, schema: (t) => t.uri, value: (p) => p.image_url },
    {
      name: 'agency',
      modes: BOTH,
      schema: (t, mode) => t.nullable(t.ref(mode === 'detailed' ? 'AgencyDetailedAsNormal' : 'AgencyMini')),
      value: (p, t, mode) =>
        typeof p.agency !== 'string'
          ? null
          : mode === 'detailed'
            ? t.of('agencies').nested(p.agency)
            : t.of('agencies').mini(p.agency),
    },
    responseMode(BOTH),
    {
      name: 'launches',
      modes: DETAILED,
      schema: (t) => t.arr(t.ref('LaunchNormal')),
      value: (p, t) => t.launches(p),
    },
    { name: 'expeditions', modes: DETAILED, schema: (t) => t.arr({ type: 'object' }), value: () => [] },
    {
      name: 'program',
      modes: DETAILED,
      schema: (t) => t.arr(t.ref('Program')),
      value: (p, t) => t.referrers('programs', 'mission_patches', p).map(t.of('programs').normal),
    },
  ],
  table: {
    modes: ['normal', 'detailed'],
    cells: {
      name: { text: 'name' },
      priority: { number: 'priority' },
      agency: { number: 'agency.id' },
      agency_name: { text: 'agency.name' },
    },
    filters: {
      agency__id: { number: 'agency' },
      agency__name: { text: 'agency_name', contains: true },
      id: { number: 'id' },
      ids: { numbers: 'id' },
      name: { text: 'name', contains: true },
    },
    search: { agency__name: 'agency_name', name: 'name' },
    ordering: { agency__name: 'agency_name', id: 'id', name: 'name', priority: 'priority' },
  },
  // A detailed patch nests its agency with that agency's tallies, and lists the launches that carry it.
  shows: { launches: true, tallies: { detailed: [[['agency'], 'agencies']] } },
  ll2Parameters: ({ common }) => [
    ...common,
    'agency__id',
    'agency__name',
    'agency__name__contains',
    'id',
    'ids',
    'name',
    'name__contains',
  ],
  placement: {
    kind: 'spacecraftFlights',
    schema: 'spacecraft-flight',
    definition: { normal: 'CelestialBodyResource', detailed: 'DockingEventDetailed' },
  },
});
