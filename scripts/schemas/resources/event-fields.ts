// An event's fields in LL2's modes, written once: each field's modes, response schema
// and value. The event objects (api/shapes/events.ts), the definitions `EventNormal` and
// `EventDetailed` (schemas/response-definitions.ts) and what the lighter modes leave
// out of a detailed event (api/projection.ts) are made from them. `mini` is LL2's list
// mode, cut from the detailed object; normal events do not link to launches, as in
// LL2. Events are not a declared resource: their records, paths, collections and query
// table are the launches' kind (upcoming and previous by date). Pure.

import type { Json, JsonObject } from '../../lib/base/json-types.ts';
import { type DeclaredObjects, type Field, type FieldMode, keysIn, objectsIn, orNull } from './fields.ts';
import { linkFields } from './media-fields.ts';

/** What an event's field values are made with (given by api/shapes/events.ts). */
export interface EventTools {
  /** The absolute URL of an event's detail, by id. */
  url(id: number): string;
  /** LL2's `Image`, `InfoURL` and `VidURL` of what a record states. */
  image(value: Json | undefined): Json;
  infoUrl(link: JsonObject): Json;
  vidUrl(link: JsonObject): Json;
  /** A declared kind's objects (an event's type, its agencies, stations, programs, updates). */
  of(kind: string): DeclaredObjects;
  /** A launch the event names, by id, in list mode (`LaunchBasic`). */
  launchBasic(id: string): Json;
}

/** An event record (data/events/), as validated by its schema. */
export type EventFieldRecord = JsonObject & { id: number };

type EventField = Field<EventFieldRecord, EventTools>;

const LISTED: readonly FieldMode[] = ['mini', 'normal', 'detailed'];
const NORMAL: readonly FieldMode[] = ['normal', 'detailed'];
const DETAILED: readonly FieldMode[] = ['detailed'];

export const EVENT_FIELDS: readonly EventField[] = [
  { name: 'id', modes: LISTED, schema: (t) => t.i, value: (e) => e.id },
  { name: 'url', modes: LISTED, schema: (t) => t.uri, value: (e, t) => t.url(e.id) },
  { name: 'name', modes: LISTED, schema: (t) => t.s, value: (e) => e.name },
  ...linkFields(LISTED),
  { name: 'image', modes: LISTED, schema: (t) => t.nullable(t.ref('Image')), value: (e, t) => t.image(e.image) },
  { name: 'date', modes: LISTED, schema: (t) => t.nts, value: (e) => e.date },
  { name: 'slug', modes: LISTED, schema: (t) => t.s, value: (e) => e.slug },
  {
    name: 'type',
    modes: LISTED,
    schema: (t) => t.ref('IdName'),
    value: (e, t) => t.of('eventTypes').normal(String(e.type)),
  },
  { name: 'description', modes: LISTED, schema: (t) => t.s, value: (e) => e.description ?? '' },
  { name: 'webcast_live', modes: LISTED, schema: (t) => t.b, value: (e) => e.webcast_live ?? false },
  { name: 'location', modes: LISTED, schema: (t) => t.ns, value: (e) => orNull(e.location) },
  {
    name: 'date_precision',
    modes: LISTED,
    schema: (t) => t.nullable(t.ref('NetPrecision')),
    value: (e, t) => (e.date_precision ? t.of('netPrecisions').normal(String(e.date_precision)) : null),
  },
  // Labelled by the shapes' mode; list mode's label is the projection's.
  { name: 'response_mode', modes: LISTED, schema: (t, m) => t.mode(m), value: (_, __, m) => m },
  { name: 'duration', modes: LISTED, schema: (t) => t.ns, value: (e) => orNull(e.duration) },
  {
    name: 'updates',
    modes: NORMAL,
    schema: (t) => t.arr(t.ref('Update')),
    value: (e, t) => objectsIn(e, 'updates').map(t.of('updates').normal),
  },
  { name: 'last_updated', modes: NORMAL, schema: (t) => t.ts, value: (e) => e.last_updated },
  {
    name: 'agencies',
    modes: DETAILED,
    schema: (t) => t.arr(t.ref('AgencyMini')),
    value: (e, t) => keysIn(e, 'agencies').map(t.of('agencies').mini),
  },
  {
    name: 'launches',
    modes: DETAILED,
    schema: (t) => t.arr(t.ref('LaunchBasic')),
    value: (e, t) => keysIn(e, 'launches').map(t.launchBasic),
  },
  { name: 'expeditions', modes: DETAILED, schema: (t) => t.arr({ type: 'object' }), value: (e) => e.expeditions ?? [] },
  {
    name: 'spacestations',
    modes: DETAILED,
    schema: (t) => t.arr(t.ref('SpaceStation')),
    value: (e, t) => keysIn(e, 'spacestations').map(t.of('spaceStations').nested),
  },
  {
    name: 'program',
    modes: DETAILED,
    schema: (t) => t.arr(t.ref('Program')),
    value: (e, t) => keysIn(e, 'program').map(t.of('programs').normal),
  },
  { name: 'astronauts', modes: DETAILED, schema: (t) => t.arr({ type: 'object' }), value: (e) => e.astronauts ?? [] },
];
