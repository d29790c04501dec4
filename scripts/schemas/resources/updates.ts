// Updates (LL2's `updates/`), declared once: a dated note on a launch (its text, author
// and link), from data/reference/updates.yaml, which launches list by key from their
// `updates` (or, until npm run migrate:graph files it, state as LL2's object; events
// state theirs). In: nothing. Out: the declaration the registries read
// (resources/declaration.ts says what each part becomes). LL2 has one object of it,
// `Update`, on its list, its detail and nested in launches, events and the Starship
// dashboard; no modes. Its list's filters read what the object does not show: the
// launch that lists it, that launch's provider and programs (`related`). Pure.

import { int, nullableStr, nullableUrl, object, provenance, timestamp } from '../building-blocks.ts';
import { isObject, type Json, type JsonObject } from '../../lib/base/json-types.ts';
import { resource } from './declaration.ts';
import { orNull, stated } from './fields.ts';

const NORMAL = ['normal'] as const;
const idOf = (value: Json | undefined): Json => (isObject(value) ? orNull(value.id) : null);

export const UPDATES = resource({
  kind: 'updates',
  file: 'updates',
  record: object(
    { id: int(), created_on: timestamp },
    {
      profile_image: nullableUrl,
      comment: nullableStr(40000),
      info_url: nullableUrl,
      created_by: nullableStr(255),
      provenance,
    },
  ),
  refers: [],
  path: 'updates/',
  title: 'update',
  summaries: { list: 'Every update of a launch, by id', detail: 'One update' },
  schema: 'update',
  ll2: 'Update',
  definitions: { normal: 'Update' },
  fields: [
    { name: 'id', modes: NORMAL, schema: (t) => t.i, value: (u) => u.id },
    stated('profile_image', NORMAL, (t) => t.ns),
    stated('comment', NORMAL, (t) => t.ns),
    stated('info_url', NORMAL, (t) => t.nuri),
    stated('created_by', NORMAL, (t) => t.ns),
    stated('created_on', NORMAL, (t) => t.ts),
  ],
  // The launch that lists it, as LL2 files an update under one launch (the last of ours where several do).
  related: (u, t): JsonObject => {
    const launch = t.launches(u).at(-1);
    if (!isObject(launch)) return {};
    return {
      launch: orNull(launch.id),
      provider: idOf(launch.launch_service_provider),
      programs: Array.isArray(launch.program) ? launch.program.map(idOf) : [],
    };
  },
  table: {
    modes: [],
    cells: {
      created_on: { text: 'created_on' },
      launch: { text: 'launch', from: 'related' },
      provider: { number: 'provider', from: 'related' },
      programs: { each: 'programs[]', from: 'related' },
    },
    filters: {
      // A DateTimeFilter with the exact lookup: the instant the update was written.
      created_on: { instant: 'created_on' },
      launch: { uuids: 'launch' },
      launch__launch_service_provider: { number: 'provider' },
      program: { number: 'programs' },
    },
    // LL2 documents no searched fields for this list.
    search: {},
    ordering: { created_on: 'created_on' },
  },
  // Its list's cells read the launch that lists it (the query index's parts are keyed by that launch too).
  shows: { launches: true },
  ll2Parameters: ({ plain }) => [...plain, 'created_on', 'launch', 'launch__launch_service_provider', 'program'],
  placement: { kind: 'missionPatches', schema: 'mission-patch', definition: 'VidURL' },
});
