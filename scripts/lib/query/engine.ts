// The query engine: a request's URL and the loaded index in, LL2's answer out as
// a plan — a page (count, links and which records in which mode), one record, a
// redirect, an error with django-filter's or DRF's body, or "not mine" for a
// static file. The handler (handler.ts) turns a plan into a response from the
// record packs. Pure: no I/O, no clock (membership was decided at the build
// clock and is in the index).
//
// Order of work, as DRF does it: the renderer (`format`), then every filter of
// the endpoint's table (all errors at once, 400: cell-filters.ts), `hide_recent_previous`,
// then `search` (SearchFilter), `ordering` (OrderingFilter: search-order.ts), then the
// paginator. Which URLs are the engine's is claimed-routes.ts's. Rows travel as numbers
// (list-rows.ts); filters on a column test the column (passingRows), the others a probe;
// a row object is made for the page only. What a step reads and is not read yet stops
// the plan (loaded-index.ts ColumnsNeeded), read first where a later step would
// otherwise run twice (touchOrdering).

import { NOT_FOUND_BODY } from '../api/paths.ts';
import type { Mode } from '../api/shapes/kit.ts';
import type { JsonObject } from '../model/records.ts';
import type { Endpoint, TableName } from './endpoints.ts';
import { cleanBoolean, type Cleaned } from './django-fields.ts';
import type { LoadedIndex } from './loaded-index.ts';
import { pageLinks, pageWindow, windowSlice } from './pagination.ts';
import type { QueryValues } from './parameters.ts';
import { parseQueryPairs, type QueryPair } from './python-text.ts';
import type { BaseRow } from './resource-table.ts';
import { applies, cleanFilters, passingRows } from './cell-filters.ts';
import { API_ROOT, MAX_PARAMETERS, routeOfRequest } from './claimed-routes.ts';
import { listedAmong, type Rows } from './list-rows.ts';
import { order, search, searchedMembers, touchOrdering } from './search-order.ts';

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
