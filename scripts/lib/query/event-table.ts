// Events for the query engine: an event as the index describes it, and the table
// of every LL2 2.3.0 parameter of `events/`, `events/upcoming/` and
// `events/previous/` (the official OpenAPI lists 21 or 22 per endpoint; a test
// checks each has a row here), the fields LL2 searches and orders by.

import { eventInMode } from '../api/projection.ts';
import type { QueryIndex } from './index-format.ts';
import {
  choiceFilter, choicesFilter, dateTimeFilter, listControls, numberListFilter, textFilter, textListFilter, type Parameter,
} from './parameters.ts';
import { ALL_MODES, compareNullable, compareNumbers, type BaseRow, type ResourceTable } from './resource-table.ts';

export interface EventRow extends BaseRow {
  id: number;
  slug: string;
  name: string;
  type: number;
  /** Milliseconds since the epoch; null for an undated event. */
  date: number | null;
  lastUpdated: number;
  agencies: number[];
  programs: number[];
  videoUrls: string[];
}

const MS = 1000;

function decode(index: QueryIndex): EventRow[] {
  const c = index.resources.events;
  return c.id.map((id, row) => {
    const date = c.date[row] === null ? null : c.date[row]! * MS;
    return {
      row, key: String(id), id, slug: c.slug[row], name: c.name[row], type: c.type[row], date, lastUpdated: c.last_updated[row] * MS,
      agencies: c.agencies[row], programs: c.program[row], videoUrls: c.vid_urls[row],
    };
  });
}

/** Every parameter of LL2 2.3.0's event lists, one row each. */
const PARAMETERS: ReadonlyArray<Parameter<EventRow>> = [
  ...listControls({ upcoming: 'events/upcoming/' }),
  numberListFilter('agency__ids', (r) => r.agencies),
  dateTimeFilter('date__gt', 'gt', (r) => r.date),
  // Named so in LL2 2.3.0 (the OpenAPI describes it as "Date is less than"); lldev's 2.3.0 also has date__lt.
  dateTimeFilter('date__gt__lt', 'lt', (r) => r.date),
  dateTimeFilter('date__gte', 'gte', (r) => r.date),
  dateTimeFilter('date__lt', 'lt', (r) => r.date),
  dateTimeFilter('date__lte', 'lte', (r) => r.date),
  numberListFilter('day', (r) => (r.date === null ? null : new Date(r.date).getUTCDate())),
  numberListFilter('id', (r) => r.id),
  dateTimeFilter('last_updated__gte', 'gte', (r) => r.lastUpdated),
  dateTimeFilter('last_updated__lte', 'lte', (r) => r.lastUpdated),
  numberListFilter('month', (r) => (r.date === null ? null : new Date(r.date).getUTCMonth() + 1)),
  choicesFilter('program', 'programs', (r) => r.programs),
  textFilter('slug', 'exact', (r) => r.slug),
  choiceFilter('type', 'eventTypes', (r) => r.type),
  numberListFilter('type__ids', (r) => r.type),
  textListFilter('video_url', (r) => r.videoUrls),
  numberListFilter('year', (r) => (r.date === null ? null : new Date(r.date).getUTCFullYear())),
];

export const EVENT_TABLE: ResourceTable<EventRow> = {
  name: 'events',
  decode,
  parameters: PARAMETERS,
  searchFields: { name: (r) => r.name },
  orderingFields: {
    // Undated events sort last ascending and first descending, as PostgreSQL orders NULLs.
    date: (a, b) => compareNullable(a.date, b.date, compareNumbers),
    last_updated: (a, b) => compareNumbers(a.lastUpdated, b.lastUpdated),
  },
  modes: ALL_MODES,
  inMode: eventInMode,
};
