// Pads (LL2's `pads/`), declared once: where launches lift off, from
// data/reference/pads.yaml, which launches name by key from their `pad`. In: nothing.
// Out: the declaration the registries read (resources/declaration.ts says what each
// part becomes). Its objects: `Pad` (normal mode: its list and its detail, and nested
// in launches: its agencies as `AgencyNormal`, its location as `Location`) and
// `PadNoLocation` (bare: as its location's detail lists it, its agencies as
// `AgencyMini`); both built once per key. LL2 gives a pad no `response_mode`. Its
// figures are LL2's where stored, else the data set's (its launches, orbital
// attempts and fastest turnaround). Its list is ordered by its location's id, as
// LL2's. Pure.

import {
  bool,
  int,
  key,
  keys,
  nullableImage,
  nullableKey,
  nullableStr,
  nullableUrl,
  num,
  object,
  provenance,
  str,
} from '../building-blocks.ts';
import { LL2_FIGURES, ll2Figures } from '../ll2-figures.ts';
import { resource } from './declaration.ts';
import { figureField, stated } from './fields.ts';

const ALL = ['normal', 'bare'] as const;

export const PADS = resource({
  kind: 'pads',
  file: 'pads',
  record: object(
    { id: int(1), name: str(255), location: key, country: nullableKey },
    {
      active: bool,
      agencies: keys,
      image: nullableImage,
      description: nullableStr(2048),
      info_url: nullableUrl,
      wiki_url: nullableUrl,
      map_url: nullableUrl,
      latitude: num,
      longitude: num,
      map_image: nullableUrl,
      ll2_figures: ll2Figures(LL2_FIGURES.pads),
      provenance,
    },
  ),
  refers: [
    [['location'], 'locations'],
    [['country'], 'countries'],
    [['agencies', '*'], 'agencies'],
  ],
  path: 'pads/',
  title: 'pad',
  summaries: { list: 'Every pad, by location', detail: 'One pad' },
  order: { byReference: 'location' },
  schema: 'pad',
  ll2: 'Pad',
  definitions: { normal: 'Pad', bare: 'PadNoLocation' },
  nestedAs: ALL,
  fields: [
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (p) => p.id },
    { name: 'url', modes: ALL, schema: (t) => t.uri, value: (p, t) => t.url(p.id) },
    { name: 'active', modes: ALL, schema: (t) => t.b, value: (p) => p.active ?? true },
    {
      name: 'agencies',
      modes: ALL,
      schema: (t, mode) => t.arr(t.ref(mode === 'bare' ? 'AgencyMini' : 'AgencyNormal')),
      value: (p, t, mode) =>
        (Array.isArray(p.agencies) ? (p.agencies as string[]) : []).map((agency) =>
          mode === 'bare' ? t.of('agencies').mini(agency) : t.of('agencies').normal(agency),
        ),
    },
    { name: 'name', modes: ALL, schema: (t) => t.s, value: (p) => p.name },
    { name: 'image', modes: ALL, schema: (t) => t.nullable(t.ref('Image')), value: (p, t) => t.image(p.image) },
    stated('description', ALL, (t) => t.ns),
    stated('info_url', ALL, (t) => t.nuri),
    stated('wiki_url', ALL, (t) => t.nuri),
    stated('map_url', ALL, (t) => t.nuri),
    stated('latitude', ALL, (t) => t.nn),
    stated('longitude', ALL, (t) => t.nn),
    {
      name: 'country',
      modes: ALL,
      schema: (t) => t.nullable(t.ref('Country')),
      value: (p, t) => (typeof p.country === 'string' ? t.of('countries').normal(p.country) : null),
    },
    stated('map_image', ALL, (t) => t.nuri),
    figureField('total_launch_count', ALL, 0, (t) => t.ni),
    figureField('orbital_launch_attempt_count', ALL, 0, (t) => t.ni),
    figureField('fastest_turnaround', ALL, null, (t) => t.ns),
    {
      name: 'location',
      modes: ['normal'],
      schema: (t) => t.ref('Location'),
      value: (p, t) => t.of('locations').normal(String(p.location)),
    },
  ],
  table: {
    modes: [],
    cells: {
      name: { text: 'name' },
      agencies: { each: 'agencies[].id' },
      latitude: { number: 'latitude' },
      longitude: { number: 'longitude' },
      location_id: { number: 'location.id' },
      location_name: { text: 'location.name' },
      orbital_launch_attempt_count: { number: 'orbital_launch_attempt_count' },
      total_launch_count: { number: 'total_launch_count' },
    },
    filters: {
      agencies_ids: { numbers: 'agencies' },
      id: { number: 'id' },
      id__contains: { digits: 'id' },
      latitude: { decimals: 'latitude' },
      longitude: { decimals: 'longitude' },
      location__id: { number: 'location_id' },
      location__name: { text: 'location_name', contains: true },
      name: { text: 'name', contains: true },
      orbital_launch_attempt_count: { count: 'orbital_launch_attempt_count' },
      total_launch_count: { count: 'total_launch_count' },
    },
    search: {
      location__name: 'location_name',
      name: 'name',
      orbital_launch_attempt_count: 'orbital_launch_attempt_count',
      total_launch_count: 'total_launch_count',
    },
    ordering: {
      id: 'id',
      location__id: 'location_id',
      location__name: 'location_name',
      name: 'name',
      orbital_launch_attempt_count: 'orbital_launch_attempt_count',
      total_launch_count: 'total_launch_count',
    },
  },
  // Its own figures, and its location's (nested with its own figures and its body's).
  shows: { figures: true, tallies: { normal: [[['location'], 'locations']] } },
  ll2Parameters: ({ plain, comparisons }) => [
    ...plain,
    'agencies_ids',
    'id',
    'id__contains',
    ...comparisons('latitude'),
    'location__id',
    'location__name',
    'location__name__contains',
    ...comparisons('longitude'),
    'name',
    'name__contains',
    'orbital_launch_attempt_count',
    ...comparisons('orbital_launch_attempt_count'),
    'total_launch_count',
    ...comparisons('total_launch_count'),
  ],
  placement: {
    kind: 'agencies',
    file: 'locations',
    schema: 'agency',
    definition: { normal: 'LocationResource', bare: 'Pad' },
  },
});
