// The filters of a request as its endpoint's table declares them (django-filter's, all errors at once), and the rows
// passing those that test a column's cells: a stretch of an ascending column by binary search, an id filter's rows
// by the runtime's own search of its column, the others tested on those candidates. In: the endpoint, the query's
// values and the loaded index. Out: the errors, the filters on rows, and the passing rows.

import { firstIndexWhere } from '../base/binary-search.ts';
import type { JsonObject } from '../model/records.ts';
import type { Endpoint } from './endpoints.ts';
import type { LoadedIndex } from './loaded-index.ts';
import type { Lookup } from './column-cells.ts';
import type { QueryValues } from './parameters.ts';
import type { BaseRow } from './resource-table.ts';

export const applies = (only: readonly string[] | undefined, endpoint: Endpoint): boolean =>
  !only || only.includes(endpoint.route.path);

/** The filter errors of a request, or the filters to apply: on rows, or on the cells of a column. */
export function cleanFilters(endpoint: Endpoint, query: QueryValues, index: LoadedIndex) {
  const errors: JsonObject = {};
  const active: Array<(row: BaseRow) => boolean> = [];
  const onCells: CellFilter[] = [];
  for (const parameter of endpoint.table.parameters) {
    if (parameter.kind !== 'filter' || !applies(parameter.only, endpoint)) continue;
    const cleaned = parameter.clean(query, index.choices);
    if (!cleaned.ok) errors[parameter.name] = [cleaned.message];
    else if (cleaned.value !== undefined) {
      if (parameter.cells) {
        const { column, matcher, among, range } = parameter.cells;
        // A filter through a reference record reads the reference tables (ReferenceNeeded until they are read).
        onCells.push({
          column,
          holds: matcher(cleaned.value, index.reference),
          among: among?.(cleaned.value, index.reference),
          range: range?.(cleaned.value),
        });
      } else active.push(parameter.matcher(cleaned.value));
    }
  }
  return { errors, active, onCells };
}

type CellFilter = {
  column: string;
  holds: (cell: unknown) => boolean;
  among?: ReadonlySet<number | string>;
  range?: { lookup: Lookup; compare(cell: number): number };
};

/** The rows (ascending) whose cells are among the values (ids: numbers, or UUIDs): found with the runtime's own search of the column (indexOf), not a loop over every cell. */
function rowsAmong(cells: readonly unknown[], values: ReadonlySet<number | string>): Int32Array {
  const found: number[] = [];
  for (const value of values)
    for (let at = cells.indexOf(value); at >= 0; at = cells.indexOf(value, at + 1)) found.push(at);
  return Int32Array.from(found).sort();
}

/** The rows [from, to) of an ascending column whose cells pass a comparison: one stretch, found by binary search. */
function rowsInRange(
  cells: readonly number[],
  { lookup, compare }: NonNullable<CellFilter['range']>,
): [number, number] {
  const atOrAbove = firstIndexWhere(cells.length, (i) => compare(cells[i]) >= 0);
  const above = firstIndexWhere(cells.length, (i) => compare(cells[i]) > 0);
  switch (lookup) {
    case 'exact':
      return [atOrAbove, above];
    case 'gt':
      return [above, cells.length];
    case 'gte':
      return [atOrAbove, cells.length];
    case 'lt':
      return [0, atOrAbove];
    case 'lte':
      return [0, above];
  }
}

/**
 * The rows of a resource (ascending) that pass the filters on its columns, or undefined without such filters.
 * Comparisons on an ascending column (NET) give a stretch of rows by binary search; an id filter finds its rows
 * by search (indexOf) within it; the other filters test only those candidates; with neither, each cell of the
 * first column is tested.
 */
export function passingRows(
  resource: Endpoint['route']['resource'],
  index: LoadedIndex,
  onCells: readonly CellFilter[],
): Int32Array | undefined {
  if (onCells.length === 0) return undefined;
  // A filter's column is in every index of this format: one missing is a table naming a column the build does not write.
  const columnOf = (column: string): readonly unknown[] => {
    const cells = index.column(resource, column);
    if (cells === undefined) throw new Error(`${resource}: the index has no column ${column}`);
    return cells;
  };
  const done = new Set<CellFilter>();
  let [from, to] = [0, Infinity];
  for (const filter of onCells) {
    if (!filter.range || !index.ascending(resource, filter.column)) continue;
    const [low, high] = rowsInRange(columnOf(filter.column) as readonly number[], filter.range);
    [from, to] = [Math.max(from, low), Math.min(to, high)];
    done.add(filter);
  }
  let candidates: Int32Array | undefined;
  // The id filter with the fewest numbers (most likely the fewest rows: one provider rather than two statuses) finds
  // its rows; the others test those candidates below.
  const [among] = onCells.filter((filter) => filter.among).sort((a, b) => a.among!.size - b.among!.size);
  if (among) {
    const all = rowsAmong(columnOf(among.column), among.among!);
    // Within the stretch the comparisons left.
    candidates = all.subarray(
      firstIndexWhere(all.length, (i) => all[i] >= from),
      firstIndexWhere(all.length, (i) => all[i] >= to),
    );
    done.add(among);
  }
  if (!candidates && done.size) {
    const stretch = new Int32Array(Math.max(0, Math.min(to, columnOf(onCells[0].column).length) - from));
    for (let i = 0; i < stretch.length; i++) stretch[i] = from + i;
    candidates = stretch;
  }
  if (!candidates) {
    const [first] = onCells;
    const cells = columnOf(first.column);
    const rows: number[] = [];
    for (let i = 0; i < cells.length; i++) if (first.holds(cells[i])) rows.push(i);
    candidates = Int32Array.from(rows);
    done.add(first);
  }
  for (const filter of onCells) {
    if (done.has(filter) || candidates.length === 0) continue;
    const cells = columnOf(filter.column);
    candidates = candidates.filter((row) => filter.holds(cells[row]));
  }
  return candidates;
}
