// What the engine needs to know about one kind of resource, as one table entry:
// its rows (decoded from the query index), its parameter table (one row per LL2
// parameter), the fields LL2 searches and orders by, and how its modes are cut
// from its detail file or the index. launch-table.ts, event-table.ts and
// reference-tables.ts fill it in; endpoints.ts lists them. Types and small helpers only.

import type { ResourceName } from '../api/routes.ts';
import type { Mode } from '../api/shapes/kit.ts';
import { toSafeJson } from '../base/json.ts';
import type { JsonObject } from '../model/records.ts';
import type { QueryIndex } from './index-format.ts';
import type { Parameter } from './parameters.ts';
import type { ReferenceLookup } from './reference-lookup.ts';

/** Every record has its id and its place in the resource's collection of everything. */
export interface BaseRow {
  /** Row number in the index. */
  row: number;
  /** The id in the record's URL: a UUID for launches, a number (as text) for events. */
  key: string;
}

/** A searched field: its value(s) on a record. */
export type SearchField<Row> = (row: Row) => string | null | readonly string[];

/** An ordering field: how two records compare, ascending. */
export type OrderingField<Row> = (a: Row, b: Row) => number;

export interface ResourceTable<Row extends BaseRow> {
  name: ResourceName;
  /** The index's columns as records. */
  decode(index: QueryIndex, reference: ReferenceLookup): Row[];
  /**
   * One row at a time, made when first asked for (the same rows `decode` gives), reading the index's columns only
   * when a field is read: a page without filters reads a few rows of a list and none of their columns, so every
   * resource is read in steps (loaded-index.ts).
   */
  rowAt(index: QueryIndex, reference: ReferenceLookup): (row: number) => Row;
  /** Like rowAt, but a row valid until the next call (one object moved from row to row), for tests that keep no row. */
  probeAt(index: QueryIndex, reference: ReferenceLookup): (row: number) => Row;
  /** One row per LL2 parameter of any list route of the resource. */
  parameters: ReadonlyArray<Parameter<Row>>;
  /** The fields `search` looks in, by LL2 name. */
  searchFields: Readonly<Record<string, SearchField<Row>>>;
  /** The fields `ordering` accepts, by LL2 name. */
  orderingFields: Readonly<Record<string, OrderingField<Row>>>;
  /**
   * Ordering fields whose order is that of one column of the index, whole numbers or nulls (by LL2 name: the column's path,
   * LoadedIndex.column: `net`, or a reference kind's `ranks.name`): ordered by one of them alone, rows are sorted
   * by their cells rather than by the comparator (column-order.ts); by the comparator when the index lacks the column.
   */
  orderingColumns?: Readonly<Record<string, string>>;
  /** The modes LL2 has for the resource's lists; any other `mode` answers normal mode, as LL2's views fall back to it. */
  modes: ReadonlySet<Mode>;
  /** A detailed object in the mode asked for (api/projection.ts). */
  inMode(detailed: JsonObject, mode: Mode): JsonObject;
  /** The record in that mode from the index itself, or undefined to cut it from the detail file (inMode). */
  fromIndex?(row: Row, mode: Mode): JsonObject | undefined;
}

/**
 * A table's rowAt over one class of row: each row made when first asked for and kept, in an array sized at once so
 * that rows made in any order (a list counting down) stay in a fast array.
 */
export function rowsOnDemand<Row>(count: number, make: (row: number) => Row): (row: number) => Row {
  const made = new Array<Row | undefined>(count);
  return (row) => (made[row] ??= make(row));
}

/** A table's probeAt: one row object moved to each row asked for, so filters test every row of a list without making an object per row. */
export function movedProbe<Row extends { row: number }>(probe: Row): (row: number) => Row {
  return (row) => {
    probe.row = row;
    return probe;
  };
}

/** LL2's three modes. */
export const ALL_MODES: ReadonlySet<Mode> = new Set(['list', 'normal', 'detailed']);

/** Ascending order of two values where null sorts last, as PostgreSQL orders NULLs in ascending order. */
export function compareNullable<T>(a: T | null, b: T | null, compare: (x: T, y: T) => number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return compare(a, b);
}

export const compareNumbers = (a: number, b: number): number => a - b;

/**
 * A record in a mode as its answer's JSON text: from the index where its table
 * holds that mode, else its detail file's text cut to the mode (the text itself
 * for detailed mode). The build writes the record packs with it
 * (outputs/query-index.ts), so the runtime answers pages with these same bytes.
 * The build, which has the detailed object that text is written from, passes it as
 * `detailedObject`, and the cut is made from it: the same bytes (the text is the
 * object's JSON), without writing the whole object out and parsing it back.
 */
export function recordText(
  table: ResourceTable<BaseRow>,
  row: BaseRow,
  mode: Mode,
  detailed: () => string,
  detailedObject?: () => JsonObject,
): string {
  const fromIndex = table.fromIndex?.(row, mode);
  if (fromIndex) return toSafeJson(fromIndex);
  if (mode === 'detailed') return detailed();
  return toSafeJson(table.inMode(detailedObject ? detailedObject() : (JSON.parse(detailed()) as JsonObject), mode));
}
