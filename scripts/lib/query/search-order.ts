// DRF's SearchFilter and OrderingFilter over rows by number: the rows holding every term of `search` (from the
// route's search texts), and the rows in the order `ordering` asks (a column of ranks sorted as numbers where one
// field's column is at hand, else the table's comparators). In: the endpoint, the query's values, the loaded index
// and rows. Out: rows.

import type { Endpoint } from './endpoints.ts';
import { sortedByColumn } from './column-order.ts';
import { rowsHolding } from './search-files.ts';
import type { LoadedIndex } from './loaded-index.ts';
import type { LoadedList } from './lazy-lookups.ts';
import type { QueryValues } from './parameters.ts';
import { splitOnSpace, stripSpace } from './python-text.ts';
import type { BaseRow } from './resource-table.ts';
import { listedAmong, membersOf, type Rows } from './list-rows.ts';

/**
 * DRF's SearchFilter: terms split on whitespace and commas, each must be in some searched field, any case. The rows
 * holding every term, as a mask over the resource's rows (1: held); undefined when the request searches nothing.
 */
function searchMask(endpoint: Endpoint, query: QueryValues, index: LoadedIndex): Uint8Array | undefined {
  const terms = [
    ...new Set(
      splitOnSpace((query.last('search') ?? '').replace(/\0/g, '').replace(/,/g, ' ')).map((t) => t.toLowerCase()),
    ),
  ];
  // A list without searched fields ignores `search`, as DRF's SearchFilter does.
  if (terms.length === 0 || endpoint.search.length === 0) return undefined;
  let mask: Uint8Array | undefined;
  for (const term of terms) {
    // A row passes when one of its fields' values holds the term (a term holds no line break, so it cannot match
    // across two); the values are those of the term's search shard where the route has them.
    const held = rowsHolding(index.searchIndex(endpoint.route.path, term), term);
    if (mask) for (let row = 0; row < mask.length; row++) mask[row] &= held[row];
    else mask = held;
    if (mask.indexOf(1) < 0) break;
  }
  return mask;
}

/** The rows the search keeps, in their order here. */
export function search(endpoint: Endpoint, query: QueryValues, index: LoadedIndex, rows: Rows): Rows {
  const mask = searchMask(endpoint, query, index);
  if (!mask) return rows;
  return rows.slice().filter((row) => mask[row] === 1);
}

/**
 * A list's members that the search keeps, in the list's order, found from the search's rows (listedAmong) rather
 * than by making every member of the list and testing it: a search of `launches/` keeps a few hundred of 7,485.
 */
export function searchedMembers(
  endpoint: Endpoint,
  query: QueryValues,
  index: LoadedIndex,
  list: LoadedList,
  skip: number,
): Rows {
  const mask = searchMask(endpoint, query, index);
  if (!mask) return membersOf(list, skip);
  const held: number[] = [];
  for (let row = mask.indexOf(1); row >= 0; row = mask.indexOf(1, row + 1)) held.push(row);
  return listedAmong(list, Int32Array.from(held), skip);
}

/** The request's valid ordering terms (`-` for descending), and the column the one field of a single term reads, if it does. */
function orderingOf(endpoint: Endpoint, query: QueryValues): { terms: string[]; column?: string } {
  const raw = query.last('ordering');
  if (!raw) return { terms: [] };
  const fields = endpoint.table.orderingFields;
  const terms = raw
    .split(',')
    .map(stripSpace)
    .filter((term) => Object.hasOwn(fields, term.startsWith('-') ? term.slice(1) : term));
  return {
    terms,
    column: terms.length === 1 ? endpoint.table.orderingColumns?.[terms[0].replace(/^-/, '')] : undefined,
  };
}

/** DRF's OrderingFilter: allowed fields only, `-` for descending, commas between; none valid keeps the default order. Rows by number. */
export function order(endpoint: Endpoint, query: QueryValues, index: LoadedIndex, listed: Rows): Rows {
  const { terms, column } = orderingOf(endpoint, query);
  if (terms.length === 0) return listed;
  const rows = listed.slice();
  // One field read straight from a column: its cells sorted as numbers. A column the index lacks (ranks the
  // build left out, or an index read without its column files) leaves the comparators to order.
  const cells = column === undefined ? undefined : index.column(endpoint.route.resource, column);
  const byColumn = cells && sortedByColumn(rows, cells, terms[0].startsWith('-'));
  if (byColumn) return byColumn;
  const fields = endpoint.table.orderingFields;
  const comparators = terms.map((term) =>
    term.startsWith('-') ? (a: BaseRow, b: BaseRow) => -fields[term.slice(1)](a, b) : fields[term],
  );
  const rowAt = index.rowReader(endpoint.route.resource);
  // Array.prototype.sort is stable: records that tie keep the list's default order.
  return rows
    .map(rowAt)
    .sort((a, b) => {
      for (const compare of comparators) {
        const c = compare(a, b);
        if (c) return c;
      }
      return 0;
    })
    .map((row) => row.row);
}

/**
 * Reads now what the ordering will read, so that a column not read yet stops the plan (ColumnsNeeded) before the
 * filters and the search run, not after (they would run again once it is read): its column, or what its
 * comparators read of one row.
 */
export function touchOrdering(endpoint: Endpoint, query: QueryValues, index: LoadedIndex, list: LoadedList): void {
  const { terms, column } = orderingOf(endpoint, query);
  if (terms.length === 0) return;
  // A column the index lacks (see order) leaves the comparators to order: what they read is touched below.
  if (column !== undefined && index.column(endpoint.route.resource, column) !== undefined) return;
  const [first] = membersOf(list, 0).slice(0, 1);
  if (first === undefined) return;
  const row = index.rowReader(endpoint.route.resource)(first);
  for (const term of terms) endpoint.table.orderingFields[term.replace(/^-/, '')](row, row);
}
