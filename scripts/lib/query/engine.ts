// The query engine: a request's URL and the loaded index in, LL2's answer out as
// a plan — a page (count, links and which records in which mode), one record, a
// redirect, an error with django-filter's or DRF's body, or "not mine" for a
// static file. The handler (handler.ts) turns a plan into a response from the
// record packs. Pure: no I/O, no clock (membership was decided at the build
// clock and is in the index).
//
// Order of work, as DRF does it: the renderer (`format`), then every filter of
// the endpoint's table (all errors at once, 400), `hide_recent_previous`, then
// `search` (SearchFilter), `ordering` (OrderingFilter), then the paginator. Rows
// travel as numbers; filters on a column test the column (passingRows), the others
// a probe; a row object is made for the page only. What a step reads and is not read
// yet stops the plan (loaded-index.ts ColumnsNeeded), read first where a later step
// would otherwise run twice (touchOrdering).

import { API_VERSION, NOT_FOUND_BODY } from '../api/paths.ts';
import { firstIndexWhere } from '../base/binary-search.ts';
import type { Mode } from '../api/shapes/kit.ts';
import type { JsonObject } from '../model/records.ts';
import { matchFolder, type Endpoint, type RouteMatch, type TableName } from './endpoints.ts';
import { cleanBoolean, type Cleaned } from './django-fields.ts';
import { sortedByColumn } from './column-order.ts';
import { rowsHolding } from './search-files.ts';
import type { LoadedIndex } from './loaded-index.ts';
import type { LoadedList } from './lazy-lookups.ts';
import { pageLinks, pageWindow, windowSlice } from './pagination.ts';
import type { Lookup } from './column-cells.ts';
import type { QueryValues } from './parameters.ts';
import { parseQueryPairs, splitOnSpace, stripSpace, type QueryPair } from './python-text.ts';
import type { BaseRow } from './resource-table.ts';

/** Longer request targets (path and query) get 414, as a front server limits its request line. */
export const MAX_TARGET_LENGTH = 8192;
/** Django's DATA_UPLOAD_MAX_NUMBER_FIELDS: more parameters are a 400. */
export const MAX_PARAMETERS = 1000;

/** The renderers LL2 has: JSON, and the browsable API (`api`), which we answer as JSON too. */
const FORMATS = new Set(['json', 'api']);

export interface PlannedRecord {
  resource: TableName;
  /** Its row in the index (some tables answer lighter modes from it). */
  row: BaseRow;
  /** Its detail file from the tree's root (named by the record's id, read only when asked for). */
  readonly file: string;
}

const planned = (resource: TableName, row: BaseRow, endpoint: Endpoint): PlannedRecord => ({
  resource,
  row,
  get file() {
    return endpoint.detailFile(row.key);
  },
});

export type Plan =
  | { kind: 'static' }
  | { kind: 'redirect'; location: string }
  | { kind: 'error'; status: number; body: JsonObject }
  | {
      kind: 'page';
      /** The list route's path (`launches/previous/`): its static pages may hold the page's records as they are. */
      list: string;
      count: number;
      next: string | null;
      previous: string | null;
      records: PlannedRecord[];
      mode: Mode;
      format: string | undefined;
    }
  | { kind: 'record'; record: PlannedRecord; format: string | undefined };

const notFound = (): Plan => ({ kind: 'error', status: 404, body: { ...NOT_FOUND_BODY } });

const API_ROOT = `/${API_VERSION}/`;

/** A request path's folder under the API root, decoded; undefined outside it or when it cannot be decoded. */
function folderOf(pathname: string): string | undefined {
  if (!pathname.startsWith(API_ROOT)) return undefined;
  try {
    return decodeURIComponent(pathname.slice(API_ROOT.length));
  } catch {
    return undefined;
  }
}

/**
 * Whether the engine answers this URL (the rest are static files): a list route
 * with a query string, any detail route with one, and the detail routes under a
 * list (`launches/upcoming/{id}/`) always; also those routes without their
 * trailing slash, which redirect.
 */
function routeOfRequest(url: URL): RouteMatch | { kind: 'slashless' } | undefined {
  const folder = folderOf(url.pathname);
  if (folder === undefined) return undefined;
  const slashless = !folder.endsWith('/') && matchFolder(`${folder}/`);
  if (slashless) return url.search.length > 1 || isMemberDetail(slashless) ? { kind: 'slashless' } : undefined;
  const match = matchFolder(folder);
  if (!match) return undefined;
  return url.search.length > 1 || isMemberDetail(match) ? match : undefined;
}

/** A detail route under a list other than the resource's list of everything. */
const isMemberDetail = (match: RouteMatch): boolean => match.kind === 'detail' && !match.endpoint.root;

export const claims = (url: URL): boolean => routeOfRequest(url) !== undefined;

/** The resource whose index columns the answer to this URL reads (none for a redirect or a static file). */
export function resourceOfRequest(url: URL): TableName | undefined {
  const match = routeOfRequest(url);
  return match && match.kind !== 'slashless' ? match.endpoint.route.resource : undefined;
}

/** The list route whose search texts the answer to this URL may read (a route that searches, asked with `search`). */
export function searchOfRequest(url: URL): string | undefined {
  const match = routeOfRequest(url);
  if (!match || match.kind === 'slashless' || match.endpoint.search.length === 0 || !url.searchParams.has('search'))
    return undefined;
  return match.endpoint.route.path;
}

function queryValues(pairs: readonly QueryPair[]): QueryValues {
  const byKey = new Map<string, string[]>();
  for (const [key, value] of pairs) {
    const values = byKey.get(key);
    if (values) values.push(value);
    else byKey.set(key, [value]);
  }
  return { last: (key) => byKey.get(key)?.at(-1), all: (key) => byKey.get(key) ?? [] };
}

const isTrue = (cleaned: Cleaned<boolean>): boolean => cleaned.ok && cleaned.value === true;

const applies = (only: readonly string[] | undefined, endpoint: Endpoint): boolean =>
  !only || only.includes(endpoint.route.path);

/** The filter errors of a request, or the filters to apply: on rows, or on the cells of a column. */
function cleanFilters(endpoint: Endpoint, query: QueryValues, index: LoadedIndex) {
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
function passingRows(
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

/** Rows by number in an answer's order: an array, or a list's members read from its runs (membersOf). */
type Rows = Pick<readonly number[], 'length' | 'slice'>;

/** A list's members past its first `skip`, read from its runs only where sliced: a page without filters, search or ordering decodes its window, not the list. */
export function membersOf(list: LoadedList, skip: number): Rows {
  const { runs } = list;
  let total = 0;
  for (let r = 1; r < runs.length; r += 2) total += Math.abs(runs[r]);
  const length = Math.max(0, total - skip);
  return {
    length,
    slice(start = 0, end = length) {
      const [from, to] = [skip + Math.max(0, Math.min(start, length)), skip + Math.max(0, Math.min(end, length))];
      const rows: number[] = [];
      let position = 0;
      for (let r = 0; r + 1 < runs.length && position < to; r += 2) {
        const [first, count] = [runs[r], Math.abs(runs[r + 1])];
        const step = runs[r + 1] < 0 ? -1 : 1;
        for (let k = Math.max(0, from - position); k < count && position + k < to; k++) rows.push(first + step * k);
        position += count;
      }
      return rows;
    },
  };
}

/** Of the rows (ascending), those in a list, in the list's order, past its first `skip` members: read from the list's runs, not its members one by one. */
function listedAmong(list: LoadedList, rows: Int32Array, skip: number): number[] {
  const listed: number[] = [];
  // The first index of `rows` at or above a row number.
  const lowerBound = (row: number) => firstIndexWhere(rows.length, (i) => rows[i] >= row);
  let position = 0;
  for (let r = 0; r + 1 < list.runs.length; r += 2) {
    const [first, length] = [list.runs[r], list.runs[r + 1]];
    const count = Math.abs(length);
    const [low, high] = length < 0 ? [first - count + 1, first] : [first, first + count - 1];
    const [a, b] = [lowerBound(low), lowerBound(high + 1)];
    if (length < 0) {
      for (let i = b - 1; i >= a; i--) if (position + first - rows[i] >= skip) listed.push(rows[i]);
    } else {
      for (let i = a; i < b; i++) if (position + rows[i] - first >= skip) listed.push(rows[i]);
    }
    position += count;
  }
  return listed;
}

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
function search(endpoint: Endpoint, query: QueryValues, index: LoadedIndex, rows: Rows): Rows {
  const mask = searchMask(endpoint, query, index);
  if (!mask) return rows;
  return rows.slice().filter((row) => mask[row] === 1);
}

/**
 * A list's members that the search keeps, in the list's order, found from the search's rows (listedAmong) rather
 * than by making every member of the list and testing it: a search of `launches/` keeps a few hundred of 7,485.
 */
function searchedMembers(
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
function order(endpoint: Endpoint, query: QueryValues, index: LoadedIndex, listed: Rows): Rows {
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
function touchOrdering(endpoint: Endpoint, query: QueryValues, index: LoadedIndex, list: LoadedList): void {
  const { terms, column } = orderingOf(endpoint, query);
  if (terms.length === 0) return;
  // A column the index lacks (see order) leaves the comparators to order: what they read is touched below.
  if (column !== undefined && index.column(endpoint.route.resource, column) !== undefined) return;
  const [first] = membersOf(list, 0).slice(0, 1);
  if (first === undefined) return;
  const row = index.rowReader(endpoint.route.resource)(first);
  for (const term of terms) endpoint.table.orderingFields[term.replace(/^-/, '')](row, row);
}

/** The records of a list route (by row number) that pass the request's filters, search and ordering, or the 400 of bad filter values. */
function select(
  endpoint: Endpoint,
  query: QueryValues,
  index: LoadedIndex,
  candidates?: readonly number[],
): Rows | Plan {
  const { errors, active, onCells } = cleanFilters(endpoint, query, index);
  if (Object.keys(errors).length) return { kind: 'error', status: 400, body: errors };
  const list = index.lists.get(endpoint.route.path);
  if (!list) return notFound();
  touchOrdering(endpoint, query, index, list);
  const passing = passingRows(endpoint.route.resource, index, onCells);
  const hideRecentRow = endpoint.table.parameters.find((p) => p.kind === 'hide_recent_previous');
  const hideRecent =
    hideRecentRow !== undefined &&
    applies(hideRecentRow.only, endpoint) &&
    isTrue(cleanBoolean(query.last('hide_recent_previous') ?? ''));
  const wanted = candidates && new Set(candidates);
  const skip = hideRecent ? list.recent : 0;
  if (!passing && !wanted && active.length === 0)
    return order(endpoint, query, index, searchedMembers(endpoint, query, index, list, skip));
  // The list's members, or with filters on columns only the rows that pass them, or of a detail route's row whether
  // the list holds it, in the list's order: found from the list's runs, its members not read one by one.
  const among = passing ?? (wanted && Int32Array.from(wanted).sort());
  const members = among ? listedAmong(list, among, skip) : list.members;
  // Rows are tested on a probe (a filter keeps none); a row is made for the page only (plan).
  const probe = index.rowProbe(endpoint.route.resource);
  const rows: number[] = [];
  for (let i = among || !hideRecent ? 0 : list.recent; i < members.length; i++) {
    const n = members[i];
    if (wanted && !wanted.has(n)) continue;
    if (active.length) {
      const row = probe(n);
      if (!active.every((test) => test(row))) continue;
    }
    rows.push(n);
  }
  return order(endpoint, query, index, search(endpoint, query, index, rows));
}

const isPlan = (selected: Rows | Plan): selected is Plan => 'kind' in selected;

/** The answer to a request the engine claims (see routeOfRequest); `static` for the others. */
export function plan(url: URL, index: LoadedIndex): Plan {
  const match = routeOfRequest(url);
  if (!match) return { kind: 'static' };
  if (match.kind === 'slashless') return { kind: 'redirect', location: `${url.pathname}/${url.search}` };
  const pairs = parseQueryPairs(url.search.slice(1));
  if (pairs.length > MAX_PARAMETERS)
    return { kind: 'error', status: 400, body: { detail: `More than ${MAX_PARAMETERS} query parameters.` } };
  const query = queryValues(pairs);
  const format = query.last('format');
  if (format !== undefined && !FORMATS.has(format)) return notFound();
  const { endpoint } = match;
  const resource = endpoint.route.resource;

  if (match.kind === 'detail') {
    const row = index.rowOfKey(resource, match.key);
    if (!row) return notFound();
    const selected = select(endpoint, query, index, [row.row]);
    if (isPlan(selected)) return selected;
    return selected.length ? { kind: 'record', record: planned(resource, row, endpoint), format } : notFound();
  }

  const selected = select(endpoint, query, index);
  if (isPlan(selected)) return selected;
  const window = pageWindow(query);
  const { next, previous } = pageLinks(
    `${url.origin}${API_ROOT}${endpoint.route.path}`,
    pairs,
    window,
    selected.length,
  );
  const mode = query.last('mode') as Mode;
  return {
    kind: 'page',
    list: endpoint.route.path,
    count: selected.length,
    next,
    previous,
    format,
    records: windowSlice(selected, window).map((row) => planned(resource, index.rowReader(resource)(row), endpoint)),
    // A mode the list does not have (or none) answers normal mode, as LL2's views fall back to it.
    mode: endpoint.table.modes.has(mode) ? mode : 'normal',
  };
}
