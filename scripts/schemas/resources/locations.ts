// Locations (LL2's `locations/`), declared once: where pads stand (a spaceport, a
// range), from data/reference/locations.yaml, which pads name by key. In: nothing.
// Out: the declaration the registries read (resources/declaration.ts says what each
// part becomes). Its objects: `Location` (normal mode: its list, and nested in pads,
// with its celestial body and that body's figures), `LocationResource` (its detail:
// the pads that name it, as `PadNoLocation`) and `LocationNoBody` (bare: as a
// celestial body's detail lists it and a landing location nests it, its body told
// apart). Both are built once per key. Its launch count is LL2's where stored, else
// the data set's; its landing count LL2's or null (no landings of ours count). Pure.

import {
  bool,
  int,
  key,
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
import { figureField, responseMode, stated } from './fields.ts';

const ALL = ['normal', 'detailed', 'bare'] as const;
const WITH_BODY = ['normal', 'detailed'] as const;

export const LOCATIONS = resource({
  kind: 'locations',
  file: 'locations',
  record: object(
    { id: int(1), name: str(255), celestial_body: key, country: nullableKey, timezone_name: str(255) },
    {
      active: bool,
      description: nullableStr(2048),
      image: nullableImage,
      map_image: nullableUrl,
      latitude: num,
      longitude: num,
      ll2_figures: ll2Figures(LL2_FIGURES.locations),
      provenance,
    },
  ),
  refers: [
    [['celestial_body'], 'celestialBodies'],
    [['country'], 'countries'],
  ],
  path: 'locations/',
  title: 'location',
  summaries: { list: 'Every location, by id', detail: 'One location, LL2 detailed mode, with its pads' },
  schema: 'location',
  ll2: 'Location',
  definitions: { normal: 'Location', detailed: 'LocationResource', bare: 'LocationNoBody' },
  nestedAs: ['normal', 'bare'],
  fields: [
    // A bare location is labelled normal, as LL2 nests it.
    responseMode(ALL),
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (l) => l.id },
    { name: 'url', modes: ALL, schema: (t) => t.uri, value: (l, t) => t.url(l.id) },
    { name: 'name', modes: ALL, schema: (t) => t.s, value: (l) => l.name },
    {
      name: 'celestial_body',
      modes: WITH_BODY,
      schema: (t) => t.ref('CelestialBody'),
      value: (l, t) => t.of('celestialBodies').nested(String(l.celestial_body)),
    },
    { name: 'active', modes: ALL, schema: (t) => t.b, value: (l) => l.active ?? true },
    {
      name: 'country',
      modes: ALL,
      schema: (t) => t.nullable(t.ref('Country')),
      value: (l, t) => (typeof l.country === 'string' ? t.of('countries').normal(l.country) : null),
    },
    stated('description', ALL, (t) => t.ns),
    { name: 'image', modes: ALL, schema: (t) => t.nullable(t.ref('Image')), value: (l, t) => t.image(l.image) },
    stated('map_image', ALL, (t) => t.nuri),
    stated('longitude', ALL, (t) => t.nn),
    stated('latitude', ALL, (t) => t.nn),
    { name: 'timezone_name', modes: ALL, schema: (t) => t.s, value: (l) => l.timezone_name },
    figureField('total_launch_count', ALL, 0, (t) => t.ni),
    figureField('total_landing_count', ALL, null, (t) => t.ni),
    {
      name: 'pads',
      modes: ['detailed'],
      schema: (t) => t.arr(t.ref('PadNoLocation')),
      value: (l, t) => t.referrers('pads', 'location', l).map(t.of('pads').bare),
    },
  ],
  table: {
    modes: ['normal', 'detailed'],
    cells: {
      name: { text: 'name' },
      country_code: { text: 'country.alpha_3_code' },
      total_launch_count: { number: 'total_launch_count' },
      total_landing_count: { number: 'total_landing_count' },
    },
    filters: {
      // The OpenAPI's example is `country_code=NZL`: the location's country's alpha-3 code.
      country_code: { text: 'country_code' },
      id: { number: 'id' },
      name: { text: 'name', contains: true },
      total_landing_count: { count: 'total_landing_count' },
      total_launch_count: { count: 'total_launch_count' },
    },
    search: { country__alpha_3_code: 'country_code', name: 'name' },
    ordering: { total_landing_count: 'total_landing_count', total_launch_count: 'total_launch_count' },
  },
  // Its own launch count, its body's figures (nested with them), and in its detail its pads' figures.
  shows: {
    figures: true,
    tallies: {
      normal: [[['celestial_body'], 'celestialBodies']],
      detailed: [[['celestial_body'], 'celestialBodies']],
    },
    referrerFigures: { detailed: [['pads', 'location']] },
  },
  ll2Parameters: ({ common, comparisons }) => [
    ...common,
    'country_code',
    'id',
    'name',
    'name__contains',
    'total_landing_count',
    ...comparisons('total_landing_count'),
    'total_launch_count',
    ...comparisons('total_launch_count'),
  ],
  placement: {
    kind: 'pads',
    file: 'expeditions',
    schema: 'pad',
    definition: { normal: 'Mission', detailed: 'LocationNoBody', bare: 'Location' },
  },
});
