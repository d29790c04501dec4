// Agencies (LL2's `agencies/`), declared once: the companies and space agencies that
// provide launches, make rockets and fly missions, from data/reference/agencies.yaml,
// which launches, rockets, families, pads, programs and astronauts name by key. In:
// nothing. Out: the declaration the registries read (resources/declaration.ts says what
// each part becomes). Its objects, all but the detail built once per key: `AgencyMini`
// (mini: a normal launch's provider, a program's agencies, and its list mode),
// `AgencyNormal` (its list, and a rocket's manufacturer in its list), `AgencyDetailedAsNormal`
// (nested: its figures and links labelled normal, as LL2 writes mission agencies,
// manufacturers and a detailed launch's provider) and `AgencyResource` (its detail: the
// same, labelled detailed, with the rockets it makes, `ConfigurationNoManufacturer`, and
// its spacecraft, of which our data has none). Its launch tallies are LL2's where stored,
// else the data set's; its landing figures LL2's, else null. Pure.

import {
  bool,
  int,
  key,
  keys,
  list,
  nullableImage,
  nullableInt,
  nullableStr,
  nullableUrl,
  object,
  provenance,
  socialMediaLink,
  str,
} from '../building-blocks.ts';
import { COUNTED_FIGURES, LL2_FIGURES, ll2Figures, TALLY_FIGURES } from '../ll2-figures.ts';
import { resource } from './declaration.ts';
import { figureField, responseMode, stated, text, type Field } from './fields.ts';

const ALL = ['mini', 'normal', 'detailed', 'nested'] as const;
const WHOLE = ['normal', 'detailed', 'nested'] as const;
const WITH_FIGURES = ['detailed', 'nested'] as const;

/** Its landing figures LL2 counts (those of boosters, spacecraft and payloads), after its launch tallies. */
const LANDING_FIGURES = LL2_FIGURES.agencies.slice(TALLY_FIGURES.length);

export const AGENCIES = resource({
  kind: 'agencies',
  file: 'agencies',
  record: object(
    { id: int(1), name: str(200), abbrev: str(255), type: key },
    {
      featured: bool,
      country: keys,
      description: nullableStr(2048),
      administrator: nullableStr(200),
      founding_year: nullableInt(),
      launchers: str(500),
      spacecraft: str(500),
      parent: nullableStr(200),
      image: nullableImage,
      logo: nullableImage,
      social_logo: nullableImage,
      info_url: nullableUrl,
      wiki_url: nullableUrl,
      social_media_links: list(socialMediaLink),
      ll2_figures: ll2Figures(LL2_FIGURES.agencies),
      provenance,
    },
  ),
  refers: [
    [['type'], 'agencyTypes'],
    [['country', '*'], 'countries'],
  ],
  path: 'agencies/',
  title: 'agency',
  summaries: { list: 'Every agency, by name', detail: 'One agency, LL2 detailed mode, with the rockets it makes' },
  order: 'name',
  schema: 'agency',
  ll2: 'Agency',
  definitions: {
    mini: 'AgencyMini',
    normal: 'AgencyNormal',
    nested: 'AgencyDetailedAsNormal',
    detailed: 'AgencyResource',
  },
  nestedAs: ['mini', 'normal', 'nested'],
  fields: [
    responseMode(ALL),
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (a) => a.id },
    { name: 'url', modes: ALL, schema: (t) => t.uri, value: (a, t) => t.url(a.id) },
    { name: 'name', modes: ALL, schema: (t) => t.s, value: (a) => a.name },
    { name: 'abbrev', modes: ALL, schema: (t) => t.s, value: (a) => a.abbrev },
    {
      name: 'type',
      modes: ALL,
      schema: (t) => t.ref('IdName'),
      value: (a, t) => t.of('agencyTypes').normal(String(a.type)),
    },
    { name: 'featured', modes: WHOLE, schema: (t) => t.b, value: (a) => a.featured ?? false },
    {
      name: 'country',
      modes: WHOLE,
      schema: (t) => t.arr(t.ref('Country')),
      value: (a, t) => (Array.isArray(a.country) ? (a.country as string[]) : []).map(t.of('countries').normal),
    },
    stated('description', WHOLE, (t) => t.ns),
    stated('administrator', WHOLE, (t) => t.ns),
    stated('founding_year', WHOLE, (t) => t.ni),
    // The rockets and spacecraft it makes, by name, as one text (LL2's).
    { name: 'launchers', modes: WHOLE, schema: (t) => t.s, value: (a) => text(a.launchers) },
    { name: 'spacecraft', modes: WHOLE, schema: (t) => t.s, value: (a) => text(a.spacecraft) },
    // Its parent agency by name, as LL2 writes it.
    stated('parent', WHOLE, (t) => t.ns),
    ...['image', 'logo', 'social_logo'].map(
      (name): Field => ({
        name,
        modes: WHOLE,
        schema: (t) => t.nullable(t.ref('Image')),
        value: (a, t) => t.image(a[name]),
      }),
    ),
    ...TALLY_FIGURES.map((name) => figureField(name, WITH_FIGURES, 0)),
    ...LANDING_FIGURES.map((name) => figureField(name, WITH_FIGURES, null)),
    stated('info_url', WITH_FIGURES, (t) => t.nuri),
    stated('wiki_url', WITH_FIGURES, (t) => t.nuri),
    {
      name: 'social_media_links',
      modes: WITH_FIGURES,
      schema: (t) => t.arr({ type: 'object' }),
      value: (a, t) => t.socialMediaLinks(a.social_media_links),
    },
    {
      // The rockets it makes, each without its manufacturer, in the configurations' order.
      name: 'launcher_list',
      modes: ['detailed'],
      schema: (t) => t.arr(t.ref('ConfigurationNoManufacturer')),
      value: (a, t) =>
        t.referrers('launcherConfigurations', 'manufacturer', a).map(t.of('launcherConfigurations').bare),
    },
    // LL2's spacecraft configurations it makes: our data holds none made by an agency's key.
    { name: 'spacecraft_list', modes: ['detailed'], schema: (t) => t.arr({ type: 'object' }), value: () => [] },
  ],
  table: {
    modes: ['list', 'normal', 'detailed'],
    cells: {
      name: { text: 'name' },
      abbrev: { text: 'abbrev' },
      description: { text: 'description' },
      featured: { boolean: 'featured' },
      founding_year: { number: 'founding_year' },
      parent: { text: 'parent' },
      spacecraft: { text: 'spacecraft' },
      type: { number: 'type.id' },
      country_codes: { each: 'country[].alpha_3_code' },
      ...Object.fromEntries(COUNTED_FIGURES.map((name) => [name, { number: name }])),
    },
    filters: {
      abbrev: { text: 'abbrev', contains: true },
      // LL2 2.2.0 wrote an agency's countries as alpha-3 codes ("USA,FRA"); 2.3.0 filters by them, any of a comma list.
      country_code: { texts: 'country_codes' },
      description: { text: 'description', contains: true },
      featured: { boolean: 'featured' },
      founding_year: { count: 'founding_year' },
      id: { number: 'id' },
      name: { text: 'name', contains: true },
      // `parent` is the parent agency's name in LL2's objects; its id is looked up among the agencies.
      parent__id: { number: 'parent_id' },
      // `spacecraft` is a text (the agency's spacecraft, by name); the boolean asks whether it names any.
      spacecraft: { stated: 'spacecraft' },
      type__id: { number: 'type' },
      ...Object.fromEntries(COUNTED_FIGURES.map((name) => [name, { count: name }])),
    },
    search: { abbrev: 'abbrev', name: 'name' },
    ordering: {
      ...Object.fromEntries(COUNTED_FIGURES.map((name) => [name, name])),
      featured: 'featured',
      id: 'id',
      name: 'name',
    },
    lookups: { parent_id: { from: 'parent', idByName: 'agencies' } },
  },
  // Its figures in its detail (and as others nest it so), with those of the rockets it lists and their families.
  shows: {
    figures: 'detailed',
    referrerTallies: { detailed: [['launcherConfigurations', 'manufacturer']] },
  },
  ll2Parameters: ({ common, comparisons }) => [
    ...common,
    ...COUNTED_FIGURES.flatMap((name) => [name, ...comparisons(name)]),
    'abbrev',
    'abbrev__contains',
    'country_code',
    'description',
    'description__contains',
    'featured',
    'founding_year',
    ...comparisons('founding_year'),
    'id',
    'name',
    'name__contains',
    'parent__id',
    'spacecraft',
    'type__id',
  ],
  placement: {
    kind: null,
    file: 'agencyTypes',
    schema: 'event',
    // Each mode's where it stood: the detail after the rocket configurations' (placed under their first).
    definition: { mini: 'VidURLs', normal: 'AgencyMini', nested: 'AgencyNormal', detailed: 'ConfigurationList' },
  },
});
