// Spacecraft flights (LL2's `spacecraft_flights/`), declared once, from
// data/reference/spacecraft-flights.yaml: one spacecraft stage of a launch, which
// names it from `rocket.spacecraft_stage[].flight` and keeps its crews; its spacecraft
// and landing by key. In: nothing. Out: the declaration the registries read
// (resources/declaration.ts says what each part becomes). Its objects: `mini` (LL2's
// `SpacecraftFlightMini`, as a docking event names its chaser: its launch by id, url and
// name), `SpacecraftFlightNormal` and `SpacecraftFlightDetailed` (with its crews and
// docking events). Each is made with the launch whose stage names the flight (the record
// merged with that stage, its duration from the launch's NET), as the launch's detail
// and a landing nest it in their own forms: so it has a `shape` (api/shapes/spacecraft.ts),
// and its fields say each mode's keys and schemas. Pure.

import { int, key, nullableKey, nullableStr, nullableTimestamp, object, provenance } from '../building-blocks.ts';
import { resource } from './declaration.ts';
import type { FieldMode, SchemaTools } from './fields.ts';
import type { Schema } from '../building-blocks.ts';

const ALL = ['mini', 'normal', 'detailed'] as const;
const WHOLE = ['normal', 'detailed'] as const;
const DETAILED = ['detailed'] as const;

/** A field of its objects in `modes`, typed by `schema`: its value is the shape's. */
const shaped = (name: string, modes: readonly FieldMode[], schema: (t: SchemaTools, mode: FieldMode) => Schema) => ({
  name,
  modes,
  schema,
});

export const SPACECRAFT_FLIGHTS = resource({
  kind: 'spacecraftFlights',
  file: 'spacecraft-flights',
  record: object(
    { id: int(1), spacecraft: key },
    { landing: nullableKey, destination: nullableStr(255), mission_end: nullableTimestamp, provenance },
  ),
  refers: [
    [['spacecraft'], 'spacecraft'],
    [['landing'], 'landings'],
  ],
  path: 'spacecraft_flights/',
  title: 'spacecraft flight',
  summaries: {
    list: 'Every spacecraft flight (the spacecraft stage of a launch), by id',
    detail: 'One spacecraft flight, LL2 detailed mode, with its crews',
  },
  schema: 'spacecraft-flight',
  ll2: 'SpacecraftFlight',
  // As a docking event names its chaser (LL2's SpacecraftFlightMini): typed as an object there.
  untypedModes: ['mini'],
  shape: (flight, t, mode) => t.nested.spacecraftFlightWithLaunch(flight.id, mode),
  fields: [
    shaped('id', ALL, (t) => t.i),
    shaped('url', ALL, (t) => t.uri),
    shaped('destination', ALL, (t) => t.ns),
    shaped('mission_end', ALL, (t) => t.nts),
    // Normal as a normal flight nests it; detailed (SpacecraftDetailed) in its detail.
    shaped('spacecraft', ALL, (t, mode) => t.ref(mode === 'detailed' ? 'SpacecraftDetailed' : 'SpacecraftNormal')),
    shaped('launch', ALL, (t) => t.nullable(t.ref('LaunchNormal'))),
    shaped('landing', ALL, (t) => t.nullable(t.ref('Landing'))),
    shaped('duration', ALL, (t) => t.ns),
    shaped('turn_around_time', ALL, (t) => t.ns),
    shaped('response_mode', WHOLE, (t, mode) => t.mode(mode)),
    shaped('launch_crew', DETAILED, (t) => t.arr({ type: 'object' })),
    shaped('onboard_crew', DETAILED, (t) => t.arr({ type: 'object' })),
    shaped('landing_crew', DETAILED, (t) => t.arr({ type: 'object' })),
    shaped('docking_events', DETAILED, (t) => t.arr({ type: 'object' })),
  ],
  table: {
    modes: ['normal', 'detailed'],
    cells: { spacecraft: { number: 'spacecraft.id' } },
    filters: { spacecraft: { number: 'spacecraft' } },
    // LL2 documents neither search nor ordering fields for this list.
    search: {},
    ordering: {},
  },
  shows: { launches: true },
  ll2Parameters: ({ common }) => [...common, 'spacecraft'],
  placement: {
    kind: 'spacecraftConfigurations',
    file: 'spacecraft',
    schema: 'spacecraft-configuration',
    definition: { normal: 'SpacecraftEndpointDetailed', detailed: 'SpacecraftFlightNormal' },
  },
});
