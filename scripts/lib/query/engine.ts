// The query engine: a request's URL and the loaded index in, LL2's answer out as
// a plan — a page (count, links and which records in which mode), one record, a
// redirect, an error with django-filter's or DRF's body, or "not mine" for a
// static file. The handler (handler.ts) turns a plan into a response by reading
// the records' detail files. Pure: no I/O, no clock (membership was decided at
// the build clock and is in the index).
//
// Order of work, as DRF does it: the renderer (`format`), then every filter of
// the endpoint's table (all errors at once, 400), `hide_recent_previous`, then
// `search` (SearchFilter), `ordering` (OrderingFilter), then the paginator.

import { API_VERSION, NOT_FOUND_BODY } from '../api/paths.ts';
import type { Mode } from '../api/shapes/kit.ts';
import type { JsonObject } from '../model/records.ts';
import { matchFolder, type Endpoint, type RouteMatch, type TableName } from './endpoints.ts';
import { cleanBoolean, type Cleaned } from './django-fields.ts';
import type { LoadedIndex } from './loaded-index.ts';
import { pageLinks, pageWindow, windowSlice } from './pagination.ts';
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
  resource, row,
  get file() { return endpoint.detailFile(row.key); },
});

export type Plan =
  | { kind: 'static' }
  | { kind: 'redirect'; location: string }
  | { kind: 'error'; status: number; body: JsonObject }
  | { kind: 'page'; count: number; next: string | null; previous: string | null; records: PlannedRecord[]; mode: Mode; format: string | undefined }
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
  if (!match || match.kind === 'slashless' || match.endpoint.search.length === 0 || !url.searchParams.has('search')) return undefined;
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

const applies = (only: readonly string[] | undefined, endpoint: Endpoint): boolean => !only || only.includes(endpoint.route.path);

/** The filter errors of a request, or the filters to apply: on rows, or on the cells of a column. */
function cleanFilters(endpoint: Endpoint, query: QueryValues, index: LoadedIndex) {
  const errors: JsonObject = {};
  const active: Array<(row: BaseRow) => boolean> = [];
  const onCells: Array<{ column: string; holds: (cell: unknown) => boolean }> = [];
  for (const parameter of endpoint.table.parameters) {
    if (parameter.kind !== 'filter' || !applies(parameter.only, endpoint)) continue;
    const cleaned = parameter.clean(query, index.choices);
    if (!cleaned.ok) errors[parameter.name] = [cleaned.message];
    else if (cleaned.value !== undefined) {
      if (parameter.cells) onCells.push({ column: parameter.cells.column, holds: parameter.cells.matcher(cleaned.value) });
      else active.push(parameter.matcher(cleaned.value));
    }
  }
  return { errors, active, onCells };
}

/** Which rows of a resource pass the filters on its columns (1), tested a column at a time; undefined without such filters. */
function passingCells(resource: Endpoint['route']['resource'], index: LoadedIndex, onCells: ReadonlyArray<{ column: string; holds: (cell: unknown) => boolean }>): Uint8Array | undefined {
  let passing: Uint8Array | undefined;
  for (const { column, holds } of onCells) {
    const cells = index.column(resource, column);
    if (!passing) passing = new Uint8Array(cells.length).fill(1);
    for (let i = 0; i < cells.length; i++) if (passing[i] === 1 && !holds(cells[i])) passing[i] = 0;
  }
  return passing;
}

/** DRF's SearchFilter: terms split on whitespace and commas, each must be in some searched field, any case. */
function search(endpoint: Endpoint, query: QueryValues, index: LoadedIndex, rows: BaseRow[]): BaseRow[] {
  const terms = [...new Set(splitOnSpace((query.last('search') ?? '').replace(/\0/g, '').replace(/,/g, ' ')).map((t) => t.toLowerCase()))];
  // A list without searched fields ignores `search`, as DRF's SearchFilter does.
  if (terms.length === 0 || endpoint.search.length === 0) return rows;
  const { values, rows: fieldsOf } = index.searchIndex(endpoint.route.path);
  let kept = rows;
  for (const term of terms) {
    // Each distinct value tested once; a row passes when one of its fields' values holds the term.
    const holds = new Uint8Array(values.length);
    for (let i = 0; i < values.length; i++) if (values[i].includes(term)) holds[i] = 1;
    kept = kept.filter((row) => fieldsOf[row.row].some((n) => holds[n] === 1));
    if (kept.length === 0) break;
  }
  return kept;
}

/** DRF's OrderingFilter: allowed fields only, `-` for descending, commas between; none valid keeps the default order. */
function order(endpoint: Endpoint, query: QueryValues, rows: BaseRow[]): BaseRow[] {
  const raw = query.last('ordering');
  if (!raw) return rows;
  const fields = endpoint.table.orderingFields;
  const terms = raw.split(',').map(stripSpace).filter((term) => Object.hasOwn(fields, term.startsWith('-') ? term.slice(1) : term));
  if (terms.length === 0) return rows;
  const comparators = terms.map((term) => (term.startsWith('-') ? (a: BaseRow, b: BaseRow) => -fields[term.slice(1)](a, b) : fields[term]));
  // Array.prototype.sort is stable: records that tie keep the list's default order.
  return [...rows].sort((a, b) => {
    for (const compare of comparators) {
      const c = compare(a, b);
      if (c) return c;
    }
    return 0;
  });
}

/** The records of a list route that pass the request's filters, search and ordering, or the 400 of bad filter values. */
function select(endpoint: Endpoint, query: QueryValues, index: LoadedIndex, candidates?: readonly number[]): BaseRow[] | Plan {
  const { errors, active, onCells } = cleanFilters(endpoint, query, index);
  if (Object.keys(errors).length) return { kind: 'error', status: 400, body: errors };
  const passing = passingCells(endpoint.route.resource, index, onCells);
  const list = index.lists.get(endpoint.route.path);
  if (!list) return notFound();
  const rowAt = index.rowReader(endpoint.route.resource);
  const hideRecentRow = endpoint.table.parameters.find((p) => p.kind === 'hide_recent_previous');
  const hideRecent = hideRecentRow !== undefined && applies(hideRecentRow.only, endpoint)
    && isTrue(cleanBoolean(query.last('hide_recent_previous') ?? ''));
  const wanted = candidates && new Set(candidates);
  // Rows are tested on a probe, and made only when they pass (a filter keeps none).
  const probe = index.rowProbe(endpoint.route.resource);
  const rows: BaseRow[] = [];
  for (let i = hideRecent ? list.recent : 0; i < list.members.length; i++) {
    const n = list.members[i];
    if ((wanted && !wanted.has(n)) || (passing && passing[n] !== 1)) continue;
    if (active.length) {
      const row = probe(n);
      if (!active.every((test) => test(row))) continue;
    }
    rows.push(rowAt(n));
  }
  return order(endpoint, query, search(endpoint, query, index, rows));
}

/** The answer to a request the engine claims (see routeOfRequest); `static` for the others. */
export function plan(url: URL, index: LoadedIndex): Plan {
  const match = routeOfRequest(url);
  if (!match) return { kind: 'static' };
  if (match.kind === 'slashless') return { kind: 'redirect', location: `${url.pathname}/${url.search}` };
  const pairs = parseQueryPairs(url.search.slice(1));
  if (pairs.length > MAX_PARAMETERS) return { kind: 'error', status: 400, body: { detail: `More than ${MAX_PARAMETERS} query parameters.` } };
  const query = queryValues(pairs);
  const format = query.last('format');
  if (format !== undefined && !FORMATS.has(format)) return notFound();
  const { endpoint } = match;
  const resource = endpoint.route.resource;

  if (match.kind === 'detail') {
    const row = index.byKey[resource].get(match.key);
    if (!row) return notFound();
    const selected = select(endpoint, query, index, [row.row]);
    if (!Array.isArray(selected)) return selected;
    return selected.length ? { kind: 'record', record: planned(resource, row, endpoint), format } : notFound();
  }

  const selected = select(endpoint, query, index);
  if (!Array.isArray(selected)) return selected;
  const window = pageWindow(query);
  const { next, previous } = pageLinks(`${url.origin}${API_ROOT}${endpoint.route.path}`, pairs, window, selected.length);
  const mode = query.last('mode') as Mode;
  return {
    kind: 'page', count: selected.length, next, previous, format,
    records: windowSlice(selected, window).map((row) => planned(resource, row, endpoint)),
    // A mode the list does not have (or none) answers normal mode, as LL2's views fall back to it.
    mode: endpoint.table.modes.has(mode) ? mode : 'normal',
  };
}
