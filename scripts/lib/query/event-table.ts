// Events for the query engine: an event as the index describes it, and the table
// of every LL2 2.3.0 parameter of `events/`, `events/upcoming/` and
// `events/previous/` (the official OpenAPI lists 21 or 22 per endpoint; a test
// checks each has a row here), the fields LL2 searches and orders by. Rows are
// made one at a time and read their columns only when asked, so the events are
// read in steps (loaded-index.ts): a page alone decodes none of them, and a
// filter or ordering on their numbers reads those columns' files, not the parts.

import { eventInMode } from '../api/projection.ts';
import { columnRows, type EventColumns, type QueryIndex } from './index-format.ts';
import { columnValue } from './column-cells.ts';
import {
  choiceFilter,
  choicesFilter,
  dateTimeFilter,
  numberListFilter,
  textFilter,
  textListFilter,
} from './filters.ts';
import { listControls, type Parameter } from './parameters.ts';
import {
  ALL_MODES,
  compareNullable,
  compareNumbers,
  movedProbe,
  rowsOnDemand,
  type BaseRow,
  type ResourceTable,
} from './resource-table.ts';

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
  /** The index's columns the row reads (its filters on single numbers test them straight: parameters.ts columnValue). */
  readonly columns: EventColumns;
}

const MS = 1000;

/**
 * An event read from the index's columns only when a filter, search or ordering asks: a page alone (its count and
 * window come from the list's runs) reads none of them, so a fresh isolate's first page decodes nothing of the events.
 */
class IndexedEvent implements EventRow {
  constructor(
    // Not readonly: a probe (probeAt) is one event moved from row to row.
    public row: number,
    readonly columns: EventColumns,
  ) {}

  get id() {
    return this.columns.id[this.row];
  }
  get key() {
    return String(this.id);
  }
  get slug() {
    return this.columns.slug[this.row];
  }
  get name() {
    return this.columns.name[this.row];
  }
  get type() {
    return this.columns.type[this.row];
  }
  get date() {
    const date = this.columns.date[this.row];
    return date === null ? null : date * MS;
  }
  get lastUpdated() {
    return this.columns.last_updated[this.row] * MS;
  }
  get agencies() {
    return this.columns.agencies[this.row];
  }
  get programs() {
    return this.columns.program[this.row];
  }
  get videoUrls() {
    return this.columns.vid_urls[this.row];
  }
}

function decode(index: QueryIndex): EventRow[] {
  const c = index.resources.events;
  return Array.from({ length: columnRows(c) }, (_, row) => new IndexedEvent(row, c));
}

function rowAt(index: QueryIndex): (row: number) => EventRow {
  const c = index.resources.events;
  return rowsOnDemand<EventRow>(columnRows(c), (row) => new IndexedEvent(row, c));
}

function probeAt(index: QueryIndex): (row: number) => EventRow {
  return movedProbe<EventRow>(new IndexedEvent(0, index.resources.events));
}

/** Single numbers read straight from a column (times in the column's seconds, as milliseconds): their filters test the column. */
const ID = columnValue<EventRow>('id');
const TYPE = columnValue<EventRow>('type');
const DATE = columnValue<EventRow>('date', MS);
const LAST_UPDATED = columnValue<EventRow>('last_updated', MS);

/** Every parameter of LL2 2.3.0's event lists, one row each. */
const PARAMETERS: ReadonlyArray<Parameter<EventRow>> = [
  ...listControls({ upcoming: 'events/upcoming/' }),
  numberListFilter('agency__ids', (r) => r.agencies),
  dateTimeFilter('date__gt', 'gt', DATE),
  // Named so in LL2 2.3.0 (the OpenAPI describes it as "Date is less than"); lldev's 2.3.0 also has date__lt.
  dateTimeFilter('date__gt__lt', 'lt', DATE),
  dateTimeFilter('date__gte', 'gte', DATE),
  dateTimeFilter('date__lt', 'lt', DATE),
  dateTimeFilter('date__lte', 'lte', DATE),
  numberListFilter('day', (r) => (r.date === null ? null : new Date(r.date).getUTCDate())),
  numberListFilter('id', ID),
  dateTimeFilter('last_updated__gte', 'gte', LAST_UPDATED),
  dateTimeFilter('last_updated__lte', 'lte', LAST_UPDATED),
  numberListFilter('month', (r) => (r.date === null ? null : new Date(r.date).getUTCMonth() + 1)),
  choicesFilter('program', 'programs', (r) => r.programs),
  textFilter('slug', 'exact', (r) => r.slug),
  choiceFilter('type', 'eventTypes', TYPE),
  numberListFilter('type__ids', TYPE),
  textListFilter('video_url', (r) => r.videoUrls),
  numberListFilter('year', (r) => (r.date === null ? null : new Date(r.date).getUTCFullYear())),
];

export const EVENT_TABLE: ResourceTable<EventRow> = {
  name: 'events',
  decode,
  rowAt,
  probeAt,
  parameters: PARAMETERS,
  searchFields: { name: (r) => r.name },
  orderingFields: {
    // Undated events sort last ascending and first descending, as PostgreSQL orders NULLs.
    date: (a, b) => compareNullable(a.date, b.date, compareNumbers),
    last_updated: (a, b) => compareNumbers(a.lastUpdated, b.lastUpdated),
  },
  // The same orders from the columns (seconds; an undated event's null above every date, as compareNullable puts it).
  orderingColumns: { date: 'date', last_updated: 'last_updated' },
  modes: ALL_MODES,
  inMode: eventInMode,
};
