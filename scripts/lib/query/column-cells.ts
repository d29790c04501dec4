// A filter's value read from the index's columns rather than from a made row: a
// row's getter that also names its column (columnValue: the cell itself, times a
// scale; columnThrough: through the reference record the cell names; columnComputed:
// computed from the cell), and the cell test a filter gets from one (FilterCells,
// cellsThrough). In: column names, getters, the index's reference tables. Out: those
// getters and the cell tests the engine (engine.ts) runs over a whole column. Its own
// module because the filter kinds (filters.ts) and the tables' values
// (launch-columns.ts, event-table.ts) both build on it. Pure.

import type { ReferenceLookup } from './reference-lookup.ts';

/** The comparisons a lookup makes (`exact`, `__gt`, `__gte`, `__lt`, `__lte`). */
export type Lookup = 'exact' | 'gt' | 'gte' | 'lt' | 'lte';

/**
 * A filter's test on the cells of one column of the index, where the filter reads a row's value straight
 * from it (columnValue), reaches through the reference record a cell names (columnThrough, given the index's
 * reference tables) or computes from one cell (columnComputed): the engine tests a whole column in one loop,
 * without making or probing rows.
 */
export interface FilterCells {
  column: string;
  matcher(value: unknown, reference: ReferenceLookup): (cell: unknown) => boolean;
  /**
   * When a cell passes exactly when it is one of some numbers or texts (an `in` or exact filter on ids): those,
   * found with the runtime's own search; undefined when they cannot be listed (see CellThrough.missing).
   */
  among?(value: unknown, reference: ReferenceLookup): ReadonlySet<number | string> | undefined;
  /** When a cell passes by comparing it with the value (a date-time lookup): the lookup and the comparison, so that on an ascending column the passing rows are found by binary search. */
  range?(value: unknown): { lookup: Lookup; compare(cell: number): number };
}

/** A row's number read straight from a column of the index, times `scale` (null stays null): see FilterCells. */
export interface ColumnValue<Row> {
  (row: Row): number | null;
  column: string;
  scale: number;
}

export function columnValue<Row extends { row: number; columns: object }>(column: string, scale = 1): ColumnValue<Row> {
  const get = (r: Row) => {
    const cell = (r.columns as Record<string, ReadonlyArray<number | null>>)[column][r.row];
    return cell === null ? null : cell * scale;
  };
  return Object.assign(get, { column, scale });
}

/**
 * What a filter reads through the reference record a column's cell names (columnThrough), given the index's
 * reference tables: the value a cell gives (a pad id: its location's id; a null cell: what a row without the record
 * gives), every id a cell may name that has a record, and what `of` gives for an id with no record. Or a value
 * computed from the cell alone (columnComputed: a NET's year, whether a launch's flights carried a crew): `of` only.
 */
export type CellThrough<V, C> = { of(cell: C | null): V } & (
  | { ids: Iterable<number>; missing: V }
  | { ids?: undefined }
);

/** A row's value reached through the reference record a column names, or computed from its cell: the row's getter, the column, and the same value per cell. */
export interface ColumnThrough<Row, V, C = number> {
  (row: Row): V;
  column: string;
  through(reference: ReferenceLookup): CellThrough<V, C>;
}

export const columnThrough = <Row, V>(
  column: string,
  get: (row: Row) => V,
  through: (reference: ReferenceLookup) => { of(cell: number | null): V; ids: Iterable<number>; missing: V },
): ColumnThrough<Row, V> => Object.assign((row: Row) => get(row), { column, through });

/** A row's value computed from one cell of a column (a path with a dot names a column of an object of columns: `counters.name`). */
export const columnComputed = <Row, V, C>(
  column: string,
  get: (row: Row) => V,
  of: (cell: C | null) => V,
): ColumnThrough<Row, V, C> => Object.assign((row: Row) => get(row), { column, through: () => ({ of }) });

export const isThrough = <Row, V>(get: (row: Row) => V): get is ColumnThrough<Row, V, unknown> =>
  typeof (get as Partial<ColumnThrough<Row, V>>).through === 'function';

/**
 * The cells of a filter whose value is reached through a reference record (columnThrough) or computed from the cell
 * (columnComputed), from its test of a record's value: each cell tested through the reference tables, and the ids of
 * the records that pass (the pads in the locations asked for), whose cells the engine finds with the column's own
 * search. Those ids stand for the passing cells unless a null cell or an id with no record passes too: then there
 * are none (the cells are tested). A computed value is tested cell by cell.
 */
export function cellsThrough<Row, V, C, T>(
  get: ColumnThrough<Row, V, C>,
  test: (value: T) => (v: V) => boolean,
): FilterCells {
  return {
    column: get.column,
    matcher: (value, reference) => {
      const { of, ids } = get.through(reference);
      const holds = test(value as T);
      if (ids === undefined) return (cell) => holds(of(cell as C | null));
      // Thousands of cells name a few hundred records: each record tested once.
      const verdicts = new Map<C | null, boolean>();
      return (cell) => {
        let verdict = verdicts.get(cell as C | null);
        if (verdict === undefined) verdicts.set(cell as C | null, (verdict = holds(of(cell as C | null))));
        return verdict;
      };
    },
    among: (value, reference) => {
      const through = get.through(reference);
      if (through.ids === undefined) return undefined;
      const holds = test(value as T);
      if (holds(through.of(null)) || holds(through.missing)) return undefined;
      const found = new Set<number>();
      for (const id of through.ids) if (holds(through.of(id as C))) found.add(id);
      return found;
    },
  };
}
