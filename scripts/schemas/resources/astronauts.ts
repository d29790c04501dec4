// Astronauts (LL2's `astronauts/`), declared once, from data/reference/astronauts.yaml,
// which launches' crews name by key. In: nothing. Out: the declaration the registries
// read (resources/declaration.ts says what each part becomes). Its objects: LL2's
// `AstronautDetailed` as its list mode (mini) and as a crew member nests it (nested,
// labelled detailed; built once per key), `AstronautEndpointNormal` (its list, with its
// counts of flights and landings over our launches) and `AstronautEndpointDetailed` (its
// detail, with those flights as `LaunchNormal`). Where the record states no value, what
// LL2 publishes for an unknown one: null, an empty list; `eva_time` (a required string,
// LL2's sum of the astronaut's spacewalks) is "P0D", as LL2 gives for an astronaut
// without spacewalks, since our data hold none (nor its landings' and spacewalks' lists:
// empty; `spacewalks_count` null). 2.2.0's `twitter`/`instagram` are not made into
// `social_media_links` (LL2's ids for its social media are not in the source); a 2.3.0
// record's links are published. Pure.

import {
  bool,
  int,
  keys,
  nullableDate,
  nullableImage,
  nullableInt,
  nullableKey,
  nullableStr,
  nullableTimestamp,
  object,
  provenance,
  str,
} from '../building-blocks.ts';
import { isObject, type Json } from '../../lib/base/json-types.ts';
import { resource } from './declaration.ts';
import { keysIn, responseMode, stated, text } from './fields.ts';

const ALL = ['mini', 'nested', 'normal', 'detailed'] as const;
const ENDPOINT = ['normal', 'detailed'] as const;
const DETAILED = ['detailed'] as const;

/** An astronaut's status and type, as LL2 2.3.0 nests them (`AstronautStatus`, `AstronautType`). */
const astronautIdName = object({ id: int(1), name: str(255) });
/** LL2's `{id, name}` of a status or type the record states (null where it states none). */
const idAndName = (value: Json | undefined): Json =>
  isObject(value) ? { id: value.id ?? null, name: value.name ?? null } : null;

export const ASTRONAUTS = resource({
  kind: 'astronauts',
  file: 'astronauts',
  /** Values as the source states them; `nationality` our countries by key, `agency` ours. */
  record: object(
    { id: int(1), name: str(255) },
    {
      status: astronautIdName,
      type: astronautIdName,
      agency: nullableKey,
      nationality: keys,
      image: nullableImage,
      in_space: bool,
      time_in_space: nullableStr(64),
      eva_time: str(64),
      age: nullableInt(),
      date_of_birth: nullableDate,
      date_of_death: nullableDate,
      bio: str(8192),
      wiki: nullableStr(255),
      first_flight: nullableTimestamp,
      last_flight: nullableTimestamp,
      twitter: str(255),
      instagram: str(255),
      social_media_links: { type: 'array', maxItems: 50, items: { type: 'object' } },
      provenance,
    },
  ),
  refers: [
    [['agency'], 'agencies'],
    [['nationality', '*'], 'countries'],
  ],
  path: 'astronauts/',
  title: 'astronaut',
  summaries: {
    list: 'Every astronaut, by id',
    detail: 'One astronaut, LL2 detailed mode, with the launches it flew on',
  },
  schema: 'astronaut',
  ll2: 'Astronaut',
  definitions: { normal: 'AstronautEndpointNormal', detailed: 'AstronautEndpointDetailed' },
  // Its list mode and a crew member's astronaut are LL2's AstronautDetailed, which our schemas type in place.
  untypedModes: ['mini', 'nested'],
  nestedAs: 'nested',
  fields: [
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (a) => a.id },
    { name: 'url', modes: ALL, schema: (t) => t.uri, value: (a, t) => t.url(a.id) },
    { name: 'name', modes: ALL, schema: (t) => t.s, value: (a) => text(a.name) },
    {
      name: 'status',
      modes: ALL,
      schema: (t) => t.nullable(t.ref('IdName')),
      value: (a) => idAndName(a.status),
    },
    {
      name: 'agency',
      modes: ALL,
      schema: (t) => t.nullable(t.ref('AgencyMini')),
      value: (a, t) => (typeof a.agency === 'string' ? t.of('agencies').mini(a.agency) : null),
    },
    { name: 'image', modes: ALL, schema: (t) => t.nullable(t.ref('Image')), value: (a, t) => t.image(a.image) },
    // A crew member's astronaut is labelled detailed, as LL2's AstronautDetailed.
    responseMode(ALL, { nested: 'detailed' }),
    { name: 'type', modes: ALL, schema: (t) => t.nullable(t.ref('IdName')), value: (a) => idAndName(a.type) },
    { name: 'in_space', modes: ALL, schema: (t) => t.b, value: (a) => a.in_space ?? false },
    stated('time_in_space', ALL, (t) => t.ns),
    {
      name: 'eva_time',
      modes: ALL,
      schema: (t) => t.s,
      value: (a) => (typeof a.eva_time === 'string' ? a.eva_time : 'P0D'),
    },
    stated('age', ALL, (t) => t.ni),
    stated('date_of_birth', ALL, (t) => t.ns),
    stated('date_of_death', ALL, (t) => t.ns),
    {
      name: 'nationality',
      modes: ALL,
      schema: (t) => t.arr(t.ref('Country')),
      value: (a, t) =>
        keysIn(a, 'nationality')
          .filter((k) => typeof k === 'string')
          .map(t.of('countries').normal),
    },
    { name: 'bio', modes: ALL, schema: (t) => t.s, value: (a) => text(a.bio) },
    stated('wiki', ALL, (t) => t.ns),
    stated('last_flight', ALL, (t) => t.nts),
    stated('first_flight', ALL, (t) => t.nts),
    {
      name: 'social_media_links',
      modes: ALL,
      schema: (t) => t.arr({ type: 'object' }),
      value: (a, t) => t.socialMediaLinks(a.social_media_links),
    },
    // Counted over our launches: those whose launch crew holds it, and the landing crews that do.
    {
      name: 'flights_count',
      modes: ENDPOINT,
      schema: (t) => t.ni,
      value: (a, t) => t.nested.crewFlightCounts(a.id).flights,
    },
    {
      name: 'landings_count',
      modes: ENDPOINT,
      schema: (t) => t.ni,
      value: (a, t) => t.nested.crewFlightCounts(a.id).landings,
    },
    { name: 'spacewalks_count', modes: ENDPOINT, schema: (t) => t.ni, value: () => null },
    {
      name: 'flights',
      modes: DETAILED,
      schema: (t) => t.arr(t.ref('LaunchNormal')),
      value: (a, t) => t.nested.crewFlights(a.id),
    },
    // Spacecraft flights' landings and spacewalks are not records of ours yet.
    { name: 'landings', modes: DETAILED, schema: (t) => t.arr({ type: 'object' }), value: () => [] },
    { name: 'spacewalks', modes: DETAILED, schema: (t) => t.arr({ type: 'object' }), value: () => [] },
  ],
  table: {
    modes: ['list', 'normal', 'detailed'],
    cells: {
      name: { text: 'name' },
      age: { number: 'age' },
      agency: { number: 'agency.id' },
      agency_name: { text: 'agency.name' },
      agency_abbrev: { text: 'agency.abbrev' },
      date_of_birth: { text: 'date_of_birth' },
      date_of_death: { text: 'date_of_death' },
      first_flight: { text: 'first_flight' },
      last_flight: { text: 'last_flight' },
      flights_count: { number: 'flights_count' },
      landings_count: { number: 'landings_count' },
      spacewalks_count: { number: 'spacewalks_count' },
      in_space: { boolean: 'in_space' },
      status: { number: 'status.id' },
      type: { number: 'type.id' },
      type_name: { text: 'type.name' },
      nationality_names: { each: 'nationality[].nationality_name' },
      time_in_space: { seconds: 'time_in_space' },
      eva_time: { seconds: 'eva_time' },
    },
    filters: {
      age: { count: 'age' },
      agency_ids: { numbers: 'agency' },
      date_of_birth: { dates: 'date_of_birth' },
      date_of_death: { dates: 'date_of_death' },
      first_flight: { instants: 'first_flight', exact: true },
      flights_count: { count: 'flights_count' },
      // Flown: LL2 states a first flight (the source's statement, not only our launches).
      has_flown: { stated: 'first_flight' },
      in_space: { boolean: 'in_space' },
      // Human: of any type but LL2's "Non-Human" (its test dummies and mascots).
      is_human: { differs: 'type_name', from: 'Non-Human' },
      landings_count: { count: 'landings_count' },
      last_flight: { instants: 'last_flight', exact: true },
      // A nationality name ("American"), exactly, among the astronaut's countries.
      nationality: { texts: 'nationality_names' },
      status_ids: { numbers: 'status' },
      type__id: { number: 'type' },
    },
    search: {
      name: 'name',
      agency__abbrev: 'agency_abbrev',
      agency__name: 'agency_name',
      nationality__nationality_name: 'nationality_names',
    },
    ordering: {
      age: 'age',
      date_of_birth: 'date_of_birth',
      eva_time: 'eva_time',
      flights_count: 'flights_count',
      id: 'id',
      landings_count: 'landings_count',
      last_flight: 'last_flight',
      name: 'name',
      spacewalks_count: 'spacewalks_count',
      status: 'status',
      time_in_space: 'time_in_space',
    },
  },
  shows: { launches: true },
  ll2Parameters: ({ common, comparisons }) => {
    // A counter's or a date's exact lookup and its four comparisons (`age`, `age__gt`, …).
    const lookups = (name: string) => [name, ...comparisons(name)];
    return [
      ...common,
      ...lookups('age'),
      'agency_ids',
      ...lookups('date_of_birth'),
      ...lookups('date_of_death'),
      ...lookups('first_flight'),
      ...lookups('flights_count'),
      'has_flown',
      'in_space',
      'is_human',
      ...lookups('landings_count'),
      ...lookups('last_flight'),
      'nationality',
      'status_ids',
      'type__id',
    ];
  },
  placement: {
    kind: 'launchers',
    schema: 'launcher',
    definition: { normal: 'MissionPatchDetailed', detailed: 'AstronautEndpointNormal' },
  },
});
