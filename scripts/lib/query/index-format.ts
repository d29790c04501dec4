// The query index: what the build writes for the runtime side. It holds what
// LL2's filters, search and ordering read about every launch and event (their
// objects are in the record packs, below), each collection's members in its default
// order, and the reference names and ids the filters look up. The build
// (outputs/query-index.ts) writes it and the runtime (loaded-index.ts) reads it;
// both take its shape from here. Columns, not records: one array per field, rows
// in the order of the resource's collection of everything (`launches/`, `events/`),
// records referred to by their LL2 ids, times in seconds since the epoch.
//
// On disk it is a head, `query-index.json` at the top of the published tree (the
// lists, the reference tables, how many parts each resource has and the hash of
// each part's ids), and parts of ROWS_PER_PART rows each (carrying that hash too),
// `query-index/launches-0.json`, …: a rebuild that changes one record writes its
// part (and the head only when the lists change), not the whole index.
//
// A part is JSON (`{"columns":{…}}`) with each column on a line of its own
// (partText): a runtime reads the lines and parses a column only when a query
// first reads it (partColumns), so the first query of a fresh isolate pays for
// the columns it touches, not for the whole part.

import type { ReferenceKind } from '../../schemas/data-files.ts';
import type { Mode } from '../api/shapes/kit.ts';
import { toSafeJson } from '../base/json.ts';
import type { JsonObject } from '../model/records.ts';

export const QUERY_INDEX_FILE = 'query-index.json';

/** Rows per part file. */
export const ROWS_PER_PART = 2000;

/** The folder of the parts. */
export const QUERY_INDEX_PARTS = 'query-index';

export const partFile = (resource: keyof ResourceColumns, n: number): string =>
  `${QUERY_INDEX_PARTS}/${resource}-${n}.json`;

/**
 * The column of a resource's ordering ranks (ReferenceColumns.ranks, LaunchColumns.ranks): per ordering field, each
 * row's place in that field's order, written by the build over all the resource's rows (so in a column file only,
 * never in the parts).
 */
export const RANKS_COLUMN = 'ranks';

/** The column path (LoadedIndex.column) of one ordering field's ranks: `ranks.name`. */
export const rankColumn = (field: string): string => `${RANKS_COLUMN}.${field}`;

/**
 * The column path (LoadedIndex.column) of two columns' cells added row by row, null where either is: a launch's
 * window start, its NET plus the window's offset (`net+window_start`), which the index keeps apart to keep its
 * files small (the offsets are mostly 0).
 */
export const sumColumn = (first: string, second: string): string => `${first}+${second}`;

/**
 * The launches' texts a client looks a launch up by (`slug`, `name`, `launch_designator`, their videos' addresses:
 * 205, 226, 38 and 188 kB on the real data) in column files too, but never held in an edge worker (held-bundle.ts):
 * held, the first three's 470 kB of text doubled what a fresh isolate's first request costs to hand over a 610 kB
 * answer (a larger heap to collect), for filters few requests use.
 */
export const LAUNCH_TEXT_COLUMNS: readonly string[] = ['slug', 'name', 'launch_designator', 'vid_urls'];

/** The launches' columns also written one a file over all their rows (coreColumns). */
const LAUNCH_CORE_COLUMNS: readonly string[] = [
  'id',
  'status',
  'net',
  'window_start',
  'window_end',
  'last_updated',
  'launch_service_provider',
  'configuration',
  'pad',
  'orbit',
  'program',
  'counters',
  // Small (38 and 24 kB on the real data) beside the parts (1.6 MB): `is_crewed`, the spacecraft filters and `serial_number` read them alone.
  'spacecraft',
  'serial_numbers',
  ...LAUNCH_TEXT_COLUMNS,
  // The ranks of the orderings by name and by id (LaunchColumns.ranks): an ordering by one of them sorts numbers, not texts.
  RANKS_COLUMN,
];

/**
 * The launches' and events' core columns of one number (or null) a row: decoded, each is one array of numbers, no
 * object per row (at 100,000 launches one array in V8's large-object space, which no collection copies). An edge
 * worker holding their files decodes them at start-up (held-index.ts decodedAtStartUp), which Cloudflare counts
 * apart from requests: at 100,000 launches JSON.parse of the providers' column alone costs 4 ms, of the statuses'
 * 2 ms (node --jitless), which a first request filtering on them paid.
 */
export const NUMBER_COLUMNS: Readonly<Partial<Record<keyof ResourceColumns, readonly string[]>>> = {
  launches: [
    'status',
    'net',
    'window_start',
    'window_end',
    'last_updated',
    'launch_service_provider',
    'configuration',
    'pad',
    'orbit',
  ],
  events: ['id', 'type', 'date', 'last_updated'],
};

/** The events' columns also written one a file: all but the texts (slug, name, videos), which only a few filters read. */
const EVENT_CORE_COLUMNS: readonly string[] = ['id', 'type', 'date', 'last_updated', 'agencies', 'program'];

/**
 * The columns of a resource also written one a file over all its rows (column files,
 * `query-index/launches.column-status.json`, beside the parts): the launches' and events' ids and the numbers
 * most filters and orderings read (the providers' ids of 7,485 launches are 30 kB, where their part files are
 * 1.6 MB; the dates of 10,000 events 110 kB, where their parts are 948 kB), and the launches' and every reference kind's ranks
 * (RANKS_COLUMN), which only a column file holds. A runtime reads the one column a query reads first, and the
 * parts whole only when a query reads another column (names, missions, videos, …).
 */
export const coreColumns = (resource: keyof ResourceColumns): readonly string[] =>
  resource === 'launches' ? LAUNCH_CORE_COLUMNS : resource === 'events' ? EVENT_CORE_COLUMNS : [RANKS_COLUMN];

export const columnFile = (resource: keyof ResourceColumns, column: string): string =>
  `${QUERY_INDEX_PARTS}/${resource}.column-${column}.json`;

/**
 * About how many keys a key shard holds. A detail route finds its row by its key (the id in its URL) in the
 * resource's id column, 290 kB on the real data (held in the edge worker) but 3.8 MB for 100,000 launches, which a
 * fresh isolate read and parsed for one row (53 ms): with more than twice this many rows, the launches' keys are
 * also written cut into key shards (keyShardFile), each mapping the keys of its share to their rows.
 */
export const KEY_SHARD_ROWS = 1000;

/**
 * The sizes from which the build writes the index files only a large data set needs (the build's IndexScale; a
 * test's own is small, so that its fixtures exercise both paths): below them a runtime reads what it reads anyway.
 */
export interface IndexScale {
  /**
   * A resource of more rows than this has key shards (keyShardCount). Below it the id column is under 800 kB, which
   * the edge bundles hold (292 kB on the real data: a detail route read a shard of 8 for nothing, 2 reads for 1).
   */
  keyShardRows: number;
  /** A provider whose launches are spread over more than this many packs of a mode has packs of its own in it (spreadProviders). */
  providerPackSpread: number;
}

/** How many key shards a resource of this many rows has (a power of two, at least 2; 0: none, its id column is small). */
export const keyShardCount = (rows: number, minRows: number): number =>
  rows <= Math.max(minRows, KEY_SHARD_ROWS) ? 0 : 2 ** Math.max(1, Math.ceil(Math.log2(rows / KEY_SHARD_ROWS)));

/** The shard a key is in, of `shards`: by its text's FNV-1a (textHash), which spreads UUIDs and numbers alike. */
export const keyShardOf = (key: string, shards: number): number => Number.parseInt(textHash(key), 16) % shards;

/**
 * The column (in a column file of its own, columnFile: its first line the parts' hashes) of a key shard: an object
 * of the keys in shard n to their rows.
 */
export const keyShardColumn = (n: number): string => `keys-${n}`;

/** The line of a column file saying its numbers never go down from row to row (launches' NET): a range filter on it is a binary search. */
export const COLUMN_ASCENDING = 'ascending';

/** Whether a column's values are numbers that never go down from row to row. */
export const isAscending = (values: readonly unknown[]): boolean =>
  values.every((value, i) => typeof value === 'number' && (i === 0 || (values[i - 1] as number) <= value));

/** A column file's text: the parts' hashes, whether its numbers never go down, and the column over all rows. */
export function columnFileText(partHashes: readonly string[], name: string, values: unknown): string {
  const ascending = Array.isArray(values) && isAscending(values) ? { [COLUMN_ASCENDING]: true } : {};
  return partText({ [PART_ROWS]: columnFileRows(partHashes), ...ascending, [name]: values });
}

/** What a column file carries as its `rows`: the rowsHash of each part's ids, in order (the head's), joined by spaces. */
export const columnFileRows = (partHashes: readonly string[]): string => partHashes.join(' ');

/** The rows of a resource, from the rowsHash of each of its parts (which starts with their count). */
export const rowCount = (hashes: readonly string[]): number =>
  hashes.reduce((sum, hash) => sum + Number.parseInt(hash, 10), 0);

/** Where a runtime's columns object (whose columns may not be read yet) says how many rows it has. */
export const COLUMN_ROWS = Symbol('rows');

/** How many rows a resource's columns have: their COLUMN_ROWS, else the length of their ids. */
export const columnRows = (columns: { id: readonly unknown[] }): number =>
  (columns as { [COLUMN_ROWS]?: number })[COLUMN_ROWS] ?? columns.id.length;

/** The head and the parts: only our servers read them, whole. */
export const isQueryIndexFile = (path: string): boolean =>
  path === QUERY_INDEX_FILE || path.startsWith(`${QUERY_INDEX_PARTS}/`);

/**
 * Raised whenever the shape below changes (12: the providers' record packs, the launches' key shards and the search shards, which the
 * head names and a runtime of format 12 reads; 11: the launches' ranks by name and by id and their videos' addresses in
 * column files, which a runtime of format 11 reads and an index of format 10 lacks; 10: the launches' spacecraft flights, booster serial numbers, slugs, names
 * and designators in column files, which a runtime of format 10 reads and an index of format 9 lacks; 9: the events' column files, which a runtime of format 9 reads and an
 * index of format 8 lacks; 8: every reference kind's ordering ranks in a column file, which a runtime of format 7
 * would not read; 7: each pack line a record and a comma): a runtime refuses an index of another format.
 */
export const QUERY_INDEX_FORMAT = 12;

/** LL2's launch attempt counters, in the order the index stores them. */
export const COUNTER_NAMES = [
  'orbital_launch_attempt_count',
  'location_launch_attempt_count',
  'pad_launch_attempt_count',
  'agency_launch_attempt_count',
  'orbital_launch_attempt_count_year',
  'location_launch_attempt_count_year',
  'pad_launch_attempt_count_year',
  'agency_launch_attempt_count_year',
] as const;

export type CounterName = (typeof COUNTER_NAMES)[number];

/** One spacecraft flight of a launch: spacecraft id, name, configuration id, and 1 when it carried a launch crew. */
export type SpacecraftFlight = [id: number | null, name: string | null, configuration: number | null, crewed: 0 | 1];

export interface LaunchColumns {
  id: string[];
  slug: string[];
  name: string[];
  launch_designator: Array<string | null>;
  status: number[];
  net: number[];
  /** Seconds after the NET (mostly 0, which keeps the file small). */
  window_start: number[];
  window_end: number[];
  last_updated: number[];
  launch_service_provider: number[];
  configuration: number[];
  pad: number[];
  /** The mission's name and orbit, null without a mission. */
  mission: Array<string | null>;
  orbit: Array<number | null>;
  program: number[][];
  /** One column per counter. */
  counters: Record<CounterName, Array<number | null>>;
  /** The `url` of every video link of the launch. */
  vid_urls: string[][];
  /** First-stage booster serial numbers (`rocket.launcher_stage[].launcher.serial_number`). */
  serial_numbers: string[][];
  spacecraft: SpacecraftFlight[][];
  /**
   * Per ordering field compared as text (`name`, `id`: launch-table.ts launchOrderingRanks), each row's dense rank in
   * its ascending order, over all the launches: in their column file only, never in the parts (a rank changes
   * whenever any launch does, and parts are re-made per record).
   */
  ranks?: Record<string, number[]>;
}

export interface EventColumns {
  id: number[];
  slug: string[];
  name: string[];
  type: number[];
  date: Array<number | null>;
  last_updated: number[];
  agencies: number[][];
  program: number[][];
  vid_urls: string[][];
}

/** What a reference record's filters, search and ordering read: one value, several, or none. */
export type Cell = number | string | boolean | null | ReadonlyArray<number | string>;

/**
 * A kind of reference record (agencies, pads, …), in its list's default order:
 * ids, named cells taken from the detailed objects (query/reference-tables.ts
 * names them), and, at build time only, the normal-mode objects its static list
 * pages show: the record packs are made from them (list mode is cut from them,
 * detailed mode is the detail file); the parts leave them out.
 */
export interface ReferenceColumns {
  id: number[];
  normal?: JsonObject[];
  cells: Record<string, Cell[]>;
  /**
   * Per ordering field (LL2's name), each row's dense rank in the field's ascending order (query/ordering-ranks.ts):
   * rows the field's comparator finds equal share a rank. In the kind's column file only (coreColumns): a rank
   * changes whenever any record does, and parts are re-made per record. A field the build could not rank is absent.
   */
  ranks?: Record<string, number[]>;
}

export type ResourceColumns = { launches: LaunchColumns; events: EventColumns } & {
  [K in ReferenceKind]: ReferenceColumns;
};

/** A list route's members in its default order (as runs, see encodeRuns). */
export interface ListEntry {
  rows: number[];
  /**
   * How many of the first members are "recent previous" ones, in the list only
   * for the 24 hours LL2 keeps them (what `hide_recent_previous=true` hides).
   */
  recent: number;
}

/** The reference records filters and search read, each as a tuple, sorted by id. */
export interface ReferenceTables {
  /** [id, name, abbrev] */
  agencies: Array<[number, string, string]>;
  /** [id, name, full name, manufacturer agency id] */
  configurations: Array<[number, string, string, number | null]>;
  /** [id, name, location id] */
  pads: Array<[number, string, number]>;
  /** [id, name, celestial body id] */
  locations: Array<[number, string, number | null]>;
  /** [id, name, celestial body id, 1 when suborbital] */
  orbits: Array<[number, string, number | null, 0 | 1]>;
  /** Ids of the records a choice filter accepts (`status`, `program`, events' `type`). */
  launch_statuses: number[];
  programs: number[];
  event_types: number[];
  /** Launcher families' ids (a configuration's `families` filter); read from that resource's columns when absent. */
  launcher_families?: number[];
}

/** The index as the runtime holds it: the head's contents with every resource's columns whole. */
export interface QueryIndex {
  format: number;
  api_version: string;
  /** The API root the build wrote into every object's `url`. */
  base_url: string;
  resources: ResourceColumns;
  /** By list route path (`launches/upcoming/`). */
  lists: Record<string, ListEntry>;
  reference: ReferenceTables;
}

/**
 * `query-index.json`: the index without its columns and its reference tables (REFERENCE_FILE, read only by a
 * query that looks a reference record up: a name, a pad's location, a choice); per resource, its number of parts
 * and the rowsHash of its ids.
 */
export interface QueryIndexHead extends Omit<QueryIndex, 'resources' | 'reference'> {
  /** The textHash of the reference file's tables, which the file carries too. */
  reference: string;
  parts: { [R in keyof ResourceColumns]: number };
  /** Per resource, the rowsHash of each part's ids, in order (each part holds its own as `rows`). */
  rows: { [R in keyof ResourceColumns]: string[] };
  /** Per mode, the providers whose launches have packs of their own in it (spreadProviders, providerPackFile); none when absent. */
  provider_packs?: Partial<Record<Mode, number[]>>;
  /** Per list route (by path) with search shards (searchShardCount), how many; none when absent. */
  search_shards?: Record<string, number>;
  /** Per resource with key shards (keyShardCount), how many; none when absent. */
  key_shards?: Partial<Record<keyof ResourceColumns, number>>;
}

/** A part file: the columns of ROWS_PER_PART rows, and the rowsHash of their ids (checked against the head's without hashing them). */
export interface QueryIndexPart<C> {
  columns: C & { rows: string };
}

/** The reference tables, apart from the head: 44 of its 50 kB on the real data, which most first queries do not read. */
export const REFERENCE_FILE = `${QUERY_INDEX_PARTS}/reference.json`;

/** The reference file: its tables, and their textHash (the head's). */
export interface ReferenceFile {
  hash: string;
  tables: ReferenceTables;
}

/** The reference file's text for these tables, and the hash the head names it by. */
export function referenceFile(tables: ReferenceTables): { hash: string; text: string } {
  const hash = textHash(toSafeJson(tables));
  return { hash, text: toSafeJson({ hash, tables } satisfies ReferenceFile) };
}

/** The name of a part's line holding the rowsHash of its ids. */
export const PART_ROWS = 'rows';

/**
 * The ids of a resource's rows in order, hashed (count and 32-bit FNV-1a): parts
 * joined under a head of another build (a rebuild replacing the tree) give
 * another hash, so the runtime does not match lists to the wrong rows.
 */
export function rowsHash(ids: ReadonlyArray<string | number>): string {
  return `${ids.length}:${textHash(ids.join('\n'))}`;
}

/** A text's 32-bit FNV-1a, in hex: what tells files of one build from another's. */
export function textHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/** A resource's columns with no rows: the shape parts are joined into. */
export function emptyColumns<R extends keyof ResourceColumns>(resource: R): ResourceColumns[R] {
  const launches: LaunchColumns = {
    id: [],
    slug: [],
    name: [],
    launch_designator: [],
    status: [],
    net: [],
    window_start: [],
    window_end: [],
    last_updated: [],
    launch_service_provider: [],
    configuration: [],
    pad: [],
    mission: [],
    orbit: [],
    program: [],
    counters: Object.fromEntries(COUNTER_NAMES.map((name) => [name, []])) as unknown as LaunchColumns['counters'],
    vid_urls: [],
    serial_numbers: [],
    spacecraft: [],
    ranks: {},
  };
  const events: EventColumns = {
    id: [],
    slug: [],
    name: [],
    type: [],
    date: [],
    last_updated: [],
    agencies: [],
    program: [],
    vid_urls: [],
  };
  const reference: ReferenceColumns = { id: [], cells: {}, ranks: {} };
  return (resource === 'launches' ? launches : resource === 'events' ? events : reference) as ResourceColumns[R];
}

/** The shape of a part's columns (every array empty): reference kinds' cells are named by their parts. */
export function shapeOf<C>(columns: C): C {
  return (
    Array.isArray(columns)
      ? []
      : Object.fromEntries(Object.entries(columns as object).map(([name, inner]) => [name, shapeOf(inner)]))
  ) as C;
}

type Columns = { [name: string]: unknown[] | Columns };

/** Parts' columns joined back in order. */
export function joinColumns<C extends object>(parts: readonly C[], empty: C): C {
  const join = (pieces: Array<unknown[] | Columns>, shape: unknown[] | Columns): unknown[] | Columns =>
    Array.isArray(shape)
      ? ([] as unknown[]).concat(...(pieces as unknown[][]))
      : Object.fromEntries(
          Object.entries(shape).map(([name, inner]) => [
            name,
            join(
              pieces.map((p) => (p as Columns)[name]),
              inner,
            ),
          ]),
        );
  return join(parts as unknown as Columns[], empty as unknown as Columns) as C;
}

/**
 * Row numbers as runs: pairs [first, length], a negative length for a run that
 * counts down. A collection in its default order is a few runs, not thousands of numbers.
 */
export function encodeRuns(rows: readonly number[]): number[] {
  const runs: number[] = [];
  for (let i = 0; i < rows.length; ) {
    const step = i + 1 < rows.length && Math.abs(rows[i + 1] - rows[i]) === 1 ? rows[i + 1] - rows[i] : 1;
    let end = i + 1;
    while (end < rows.length && rows[end] - rows[end - 1] === step) end++;
    runs.push(rows[i], step * (end - i));
    i = end;
  }
  return runs;
}

export function decodeRuns(runs: readonly number[]): number[] {
  const rows: number[] = [];
  for (let i = 0; i + 1 < runs.length; i += 2) {
    const [first, length] = [runs[i], runs[i + 1]];
    const step = length < 0 ? -1 : 1;
    for (let k = 0; k < Math.abs(length); k++) rows.push(first + step * k);
  }
  return rows;
}

const PART_START = '{"columns":{\n';
const PART_END = '\n}}';

/** A part file's text: JSON, one column a line (JSON text never holds a raw line break); undefined columns left out. */
export function partText(columns: object): string {
  return `${PART_START}${Object.entries(columns)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${toSafeJson(name)}:${toSafeJson(value)}`)
    .join(',\n')}${PART_END}`;
}

/** A value parsed from its text when first read. */
function lazyValue<T>(text: string): () => T {
  let parsed = false;
  let value: T;
  return () => {
    if (!parsed) {
      value = JSON.parse(text) as T;
      parsed = true;
    }
    return value;
  };
}

/**
 * A part's columns, each parsed from its line when first read (text written by
 * partText); other JSON of a part is parsed whole. Given bytes (UTF-8), only the
 * lines of the columns read are decoded. Undefined when the text is not a part.
 */
export function partColumns(text: string | Uint8Array): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return partBytesColumns(text);
  if (!text.startsWith(PART_START) || !text.endsWith(PART_END)) {
    try {
      const whole = (JSON.parse(text) as { columns?: Record<string, unknown> } | null)?.columns;
      return whole !== null && typeof whole === 'object' ? whole : undefined;
    } catch {
      return undefined;
    }
  }
  const columns: Record<string, unknown> = {};
  const body = text.slice(PART_START.length, -PART_END.length);
  for (let start = 0; start < body.length; ) {
    const end = body.indexOf('\n', start) < 0 ? body.length : body.indexOf('\n', start);
    const line = body.slice(start, end);
    start = end + 1;
    // `"name":value,` (column names are plain identifiers, so the first `":` ends the name).
    const colon = line.indexOf('":');
    if (!line.startsWith('"') || colon < 0) return undefined;
    const name = line.slice(1, colon);
    // The part's rows hash is not a column: read, not joined.
    Object.defineProperty(columns, name, {
      get: lazyValue(line.slice(colon + 2, line.endsWith(',') ? -1 : undefined)),
      enumerable: name !== PART_ROWS && name !== COLUMN_ASCENDING,
    });
  }
  return columns;
}

const utf8 = new TextDecoder();
const PART_START_BYTES = new TextEncoder().encode(PART_START);
const PART_END_BYTES = new TextEncoder().encode(PART_END);
const [QUOTE, COLON, COMMA, BREAK] = [0x22, 0x3a, 0x2c, 0x0a];

const startsWithBytes = (bytes: Uint8Array, prefix: Uint8Array, at = 0): boolean =>
  prefix.every((byte, i) => bytes[at + i] === byte);

/** partColumns over a part's bytes: each line found by its line break, decoded and parsed when its column is first read. */
function partBytesColumns(bytes: Uint8Array): Record<string, unknown> | undefined {
  const bodyEnd = bytes.length - PART_END_BYTES.length;
  if (
    !startsWithBytes(bytes, PART_START_BYTES) ||
    bodyEnd < PART_START_BYTES.length ||
    !startsWithBytes(bytes, PART_END_BYTES, bodyEnd)
  ) {
    return partColumns(utf8.decode(bytes));
  }
  const columns: Record<string, unknown> = {};
  for (let start = PART_START_BYTES.length; start < bodyEnd; ) {
    const found = bytes.indexOf(BREAK, start);
    const end = found < 0 || found > bodyEnd ? bodyEnd : found;
    // `"name":value,` (column names are plain identifiers, so the first `:` ends the name).
    const colon = bytes.indexOf(COLON, start);
    if (bytes[start] !== QUOTE || colon < 0 || colon >= end || bytes[colon - 1] !== QUOTE) return undefined;
    const name = utf8.decode(bytes.subarray(start + 1, colon - 1));
    const value = bytes.subarray(colon + 1, bytes[end - 1] === COMMA ? end - 1 : end);
    let parsed: { value: unknown } | undefined;
    Object.defineProperty(columns, name, {
      get: () => (parsed ??= { value: JSON.parse(utf8.decode(value)) }).value,
      enumerable: name !== PART_ROWS && name !== COLUMN_ASCENDING,
    });
    start = end + 1;
  }
  return columns;
}

/** A resource's columns over its parts' (partColumns), each joined when first read. */
export function joinedColumns(parts: ReadonlyArray<Record<string, unknown>>): Record<string, unknown> {
  if (parts.length === 1) return parts[0];
  const columns: Record<string, unknown> = {};
  for (const name of Object.keys(parts[0] ?? {})) {
    Object.defineProperty(columns, name, {
      enumerable: true,
      configurable: true,
      get: () => {
        const pieces = parts.map((part) => ({ [name]: part[name] }));
        const joined = (joinColumns(pieces, shapeOf(pieces[0])) as Record<string, unknown>)[name];
        // Joined once, then a plain value: a filter reads it per row.
        Object.defineProperty(columns, name, { value: joined, enumerable: true });
        return joined;
      },
    });
  }
  return columns;
}

// Record packs: each record of a resource as the answer shows it, in every mode
// its lists have, written at build time so a page is assembled from text instead
// of reading, parsing, cutting and serializing detail files per request. A pack
// holds packRows(resource, mode) consecutive rows (in the index's row order), one
// record a line followed by a comma (JSON text never holds a raw line break), so that
// a record and the comma that follows it in a page are one view of the pack, one
// chunk of the answer's stream rather than two (byte-pieces.ts), after a first line
// `{"rows":"<rowsHash of the ids of the part holding its rows>"}` that the runtime
// checks against the head's (a pack of another build than the head's means the tree
// is being republished) without reading any column.

/**
 * Rows per pack of launches: about 100 to 200 kB each (a launch is about 1 kB in
 * list mode, 9 kB in normal mode, 15–30 kB in detailed mode). Where the worker is
 * measured (a fresh plain Node process, `npm run bench`), a read costs about 0.6 ms
 * and each MB read about 15 ms more (copies into fresh memory): the default page of
 * 10 in normal mode reads one or two packs of 90 kB, not of 180 kB; a page of 100
 * reads more files for about the same bytes. Each divides ROWS_PER_PART.
 */
export const LAUNCH_PACK_ROWS: Readonly<Record<Mode, number>> = { list: 100, normal: 10, detailed: 10 };

/**
 * Rows per pack of events and reference kinds (agencies, pads, …: tens to a few thousand records, a few kB each):
 * a read costs more than its bytes (about 1 ms a file where the bench runs the worker, 100 kB read in a fraction of
 * that), so a page of 100 pads ordered by their launch count, scattered over the kind, reads 3 packs rather than 12.
 */
export const REFERENCE_PACK_ROWS: Readonly<Record<Mode, number>> = { list: 200, normal: 100, detailed: 20 };

/** Rows per pack of a resource in a mode (each divides ROWS_PER_PART). */
export const packRows = (resource: keyof ResourceColumns, mode: Mode): number =>
  (resource === 'launches' ? LAUNCH_PACK_ROWS : REFERENCE_PACK_ROWS)[mode];

export const packFile = (resource: keyof ResourceColumns, mode: Mode, n: number): string =>
  `${QUERY_INDEX_PARTS}/${resource}.${mode}-${n}.jsonl`;

/**
 * Rows per provider pack of launches, in the modes that have them: a launch service provider's launches only, in
 * row order (providerPackFile). A page filtered by its provider (`lsp__id`) finds its records scattered over the
 * packs above, one or two to a pack (on 100,000 synthetic launches a list page of 100 read 95 packs, 7.3 MB, for a
 * 71 kB answer); in its provider's packs they sit together. Detailed mode has none: a scattered detailed page reads
 * detail files. 20 in normal mode: a page of 10 reads one or two packs of about 180 kB, with half the files of 10.
 */
export const PROVIDER_PACK_ROWS: Readonly<Partial<Record<Mode, number>>> = { list: 100, normal: 20 };

/**
 * A provider has packs of its own in a mode when its launches are spread over more than this many of the mode's
 * packs (a page of them would read that many files): the others read the packs above as every page does. On the
 * real data that is 53 providers in list mode (112 files) and 65 in normal mode (413): without them,
 * `launches/?lsp__id=63&limit=100` reads 61 packs (3.9 MB, past Workers Free's 50 subrequests), with them 5.
 */
export const PROVIDER_PACK_SPREAD = 4;

/** The build's IndexScale: key shards from 20,000 rows (the search shards' size, SEARCH_SHARD_ROWS), provider packs by PROVIDER_PACK_SPREAD. */
export const INDEX_SCALE: IndexScale = { keyShardRows: 20_000, providerPackSpread: PROVIDER_PACK_SPREAD };

/** The providers (agency ids, ascending) whose launches are spread over more than `spread` packs of a mode. */
export function spreadProviders(providers: readonly number[], mode: Mode, spread: number): number[] {
  const size = PROVIDER_PACK_ROWS[mode];
  if (size === undefined) return [];
  const packs = new Map<number, Set<number>>();
  providers.forEach((provider, row) => {
    let seen = packs.get(provider);
    if (!seen) packs.set(provider, (seen = new Set()));
    seen.add(Math.floor(row / packRows('launches', mode)));
  });
  return [...packs]
    .filter(([, seen]) => seen.size > spread)
    .map(([provider]) => provider)
    .sort((a, b) => a - b);
}

/**
 * The n-th pack of a provider's launches in a mode: its launches in row order, PROVIDER_PACK_ROWS a pack, its first
 * line naming the rows of the whole resource (columnFileRows: a provider's launches are in every part).
 */
export const providerPackFile = (mode: Mode, provider: number, n: number): string =>
  `${QUERY_INDEX_PARTS}/launches.${mode}-lsp${provider}-${n}.jsonl`;

/** Whether a file of the index is a record pack (the answers' bytes, not what filters read). */
export const isRecordPack = (path: string): boolean => isQueryIndexFile(path) && path.endsWith('.jsonl');

/** The part holding a pack's rows (packRows divide ROWS_PER_PART). */
export const partOfPack = (resource: keyof ResourceColumns, mode: Mode, n: number): number =>
  Math.floor((n * packRows(resource, mode)) / ROWS_PER_PART);

/** How many bytes a text takes in UTF-8 (as TextEncoder writes it: a lone surrogate as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  // Most records are ASCII: the runtime's own search says so without a loop here.
  if (!/[^\u0000-\u007f]/.test(text)) return text.length;
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) length += 1;
    else if (unit < 0x800) length += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length += 4;
        i++;
      } else length += 3;
    } else length += 3;
  }
  return length;
}

/**
 * A pack's text: its first line the rowsHash of its part's ids (the head's) and each record line's length in UTF-8
 * bytes (the record and its comma: `lines`, so that a reader finds the records without searching the bytes for line
 * breaks), then one record's JSON and a comma a line.
 */
export function packText(partRows: string, records: readonly string[]): string {
  if (records.some((record) => record.includes('\n'))) throw new Error('a record pack line holds a line break');
  const lines = records.map((record) => utf8Length(record) + 1);
  return `${toSafeJson({ rows: partRows, lines })}\n${records.map((record) => `${record},`).join('\n')}`;
}

/** A pack as read: its rows' hash, its bytes, and where each record's line starts (one more start past the end). */
export interface RecordPack {
  rows: string;
  bytes: Uint8Array;
  starts: Uint32Array;
}

const LINE_BREAK = 0x0a;

/** A pack's bytes (UTF-8) split into its records' places, or undefined when they are not a pack. */
export function readPack(bytes: Uint8Array): RecordPack | undefined {
  const first = bytes.indexOf(LINE_BREAK);
  if (first < 0) return undefined;
  let header: { rows?: unknown; lines?: unknown } | null;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(0, first))) as typeof header;
  } catch {
    return undefined;
  }
  const rows = header?.rows;
  if (typeof rows !== 'string') return undefined;
  const lines = header?.lines;
  if (Array.isArray(lines)) return packOfLines(rows, bytes, first, lines);
  // A pack written before its header gave the lines' lengths: its line breaks searched for.
  const starts: number[] = [first + 1];
  for (let at = bytes.indexOf(LINE_BREAK, first + 1); at >= 0; at = bytes.indexOf(LINE_BREAK, at + 1)) {
    if (bytes[at - 1] !== COMMA) return undefined;
    starts.push(at + 1);
  }
  // A pack of no records is its first line alone.
  if (first + 1 === bytes.length) return { rows, bytes, starts: Uint32Array.of(first + 1) };
  if (bytes[bytes.length - 1] !== COMMA) return undefined;
  starts.push(bytes.length + 1);
  return { rows, bytes, starts: Uint32Array.from(starts) };
}

/** A pack whose header gives its lines' lengths: each line checked to end where it says, with a comma, then a line break but the last. */
function packOfLines(
  rows: string,
  bytes: Uint8Array,
  first: number,
  lines: readonly unknown[],
): RecordPack | undefined {
  const starts = new Uint32Array(lines.length + 1);
  let at = first + 1;
  starts[0] = at;
  for (let i = 0; i < lines.length; i++) {
    const length = lines[i];
    if (typeof length !== 'number' || !Number.isInteger(length) || length < 1) return undefined;
    at += length;
    // The line's last byte is its comma; a line break follows, or the pack ends.
    if (bytes[at - 1] !== COMMA || (i + 1 < lines.length ? bytes[at] !== LINE_BREAK : at !== bytes.length))
      return undefined;
    at += 1;
    starts[i + 1] = at;
  }
  // A pack of no records is its first line alone.
  if (lines.length === 0 && first + 1 !== bytes.length) return undefined;
  return { rows, bytes, starts };
}

/** The i-th record of a pack and the comma after it, as UTF-8 bytes (a view into the pack); undefined past its end. */
export function packRecordAndComma(pack: RecordPack, i: number): Uint8Array | undefined {
  if (i < 0 || i + 1 >= pack.starts.length) return undefined;
  return pack.bytes.subarray(pack.starts[i], pack.starts[i + 1] - 1);
}

/** The i-th record of a pack, its JSON as UTF-8 bytes (a view into the pack); undefined past its end. */
export function packRecord(pack: RecordPack, i: number): Uint8Array | undefined {
  return packRecordAndComma(pack, i)?.subarray(0, -1);
}

// Search files: for each list route that searches, what `search` looks in, written at build time over all
// of the resource's rows (`launches.search-launches_upcoming.txt`): each distinct searched value once (lower
// case), with the rows holding it. A term is looked for in all the values at once with the runtime's own
// `indexOf` (the providers', pads' and rockets' names repeat on thousands of rows), not in every row's text; and
// the file is used as it is read, a text: nothing in it is parsed but its first line, and only the rows of the
// values a term is found in are decoded.
// `["<the rowsHash of each part's ids, space separated>",<rows>]` on its first line, then the SearchIndex's text:
// a text file (`.txt`), not JSON, so its values are as the records have them (no escapes to undo before a search).

/**
 * What `search` looks in: one line a distinct value (lower case, its tabs and line breaks made spaces, which no
 * term holds), a tab, the rows holding it (ascending, each in ROW_DIGITS, ROW_SEPARATOR between), a line break.
 */
export interface SearchIndex {
  text: string;
  /** How many rows the resource has. */
  count: number;
}

/** Rows are written in base 25 with these digits, upper case, so that no term (lower case) is found among them. */
const ROW_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXY';
const ROW_SEPARATOR = 'Z';

const encodeRow = (row: number): string => {
  let text = '';
  do {
    text = ROW_DIGITS[row % 25] + text;
    row = Math.floor(row / 25);
  } while (row > 0);
  return text;
};

/** Marks (as 1s in `held`) the rows written between `from` and `to` in a SearchIndex's text. */
function markRows(text: string, from: number, to: number, held: Uint8Array): void {
  let row = 0;
  for (let at = from; at < to; at++) {
    const digit = text.charCodeAt(at) - 65;
    if (digit === 25) {
      held[row] = 1;
      row = 0;
    } else row = row * 25 + digit;
  }
  if (to > from) held[row] = 1;
}

/** The SearchIndex of the rows' searched values (each row's, lower case), each value once, in the order first met. */
export function searchIndexOf(rows: ReadonlyArray<readonly string[]>): SearchIndex {
  const holders = new Map<string, number[]>();
  rows.forEach((fields, row) => {
    for (const field of fields) {
      const value = field.replace(/[\t\n]/g, ' ');
      let list = holders.get(value);
      if (!list) holders.set(value, (list = []));
      // A row holding a value in two fields is listed once.
      if (list.at(-1) !== row) list.push(row);
    }
  });
  let text = '';
  for (const [value, list] of holders) text += `${value}\t${list.map(encodeRow).join(ROW_SEPARATOR)}\n`;
  return { text, count: rows.length };
}

/** Each value of a SearchIndex with its rows, in the text's order (for tests and inspection). */
export function searchValues(index: SearchIndex): Array<{ value: string; rows: number[] }> {
  return index.text
    .split('\n')
    .slice(0, -1)
    .map((line) => {
      const tab = line.lastIndexOf('\t');
      const held = new Uint8Array(index.count);
      markRows(line, tab + 1, line.length, held);
      return { value: line.slice(0, tab), rows: [...held].flatMap((h, row) => (h ? [row] : [])) };
    });
}

/** The rows (as 1s) holding a term in one of their searched values: every place the runtime's `indexOf` finds it, no value tested one by one. */
export function rowsHolding(index: SearchIndex, term: string): Uint8Array {
  const held = new Uint8Array(index.count);
  const { text } = index;
  for (let at = text.indexOf(term); at >= 0 && at < text.length; ) {
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const tab = text.indexOf('\t', lineStart);
    const end = text.indexOf('\n', tab);
    // A place in the value (not among its rows, were the term upper case): its rows are marked. Every value holds the empty term.
    if (at <= tab - term.length) markRows(text, tab + 1, end, held);
    // On from the next value: one place in a value is enough.
    at = text.indexOf(term, end + 1);
  }
  return held;
}

/**
 * A resource of more rows than this has its search files also cut into SEARCH_SHARDS search shards: 100,000
 * launches' search file is 8.1 MB, which a fresh isolate read and searched whole for one term (57 ms).
 */
export const SEARCH_SHARD_ROWS = 20_000;

/** How many search shards a list route of a resource of this many rows has (0: none, its search file is read whole). */
export const searchShardCount = (rows: number): number => (rows > SEARCH_SHARD_ROWS ? SEARCH_SHARDS : 0);

const SEARCH_SHARDS = 256;

/** Three characters: a term this long or longer holds one, and every value that holds the term holds them all. */
const GRAM = 3;

/** The shard of the three characters at `at` (their FNV-1a, of `shards`). */
function gramShard(text: string, at: number, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = at; i < at + GRAM; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash % shards;
}

/**
 * A SearchIndex cut into shards by the three-character runs of its values: each value (with its rows) is in the
 * shard of every run it holds, so that a value holding a term is in the shard of any run of the term
 * (searchShardFor). Values shorter than three characters are in none: only shorter terms find them, which read the
 * whole file. The same term finds the same rows in its shard as in the whole index (rowsHolding).
 */
export function searchShardsOf(index: SearchIndex, shards: number): SearchIndex[] {
  const texts: string[][] = Array.from({ length: shards }, () => []);
  const { text } = index;
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start);
    const tab = text.lastIndexOf('\t', end);
    const seen = new Set<number>();
    for (let at = start; at + GRAM <= tab; at++) seen.add(gramShard(text, at, shards));
    const line = text.slice(start, end + 1);
    for (const shard of seen) texts[shard].push(line);
    start = end + 1;
  }
  return texts.map((lines) => ({ text: lines.join(''), count: index.count }));
}

/** Characters from the most common in the launches' searched values to the least (the real data's): a run of rarer ones picks a smaller shard. */
const COMMON_LETTERS = ' asot-neirl1mu|2ckgp3hd4yz5bf0v6978()x&/w,.jq';

/**
 * The shard to look for a term in (searchShardsOf), or undefined for a term shorter than three characters (the
 * whole file): the shard of its run of the least common letters (COMMON_LETTERS; any run would find the same rows).
 */
export function searchShardFor(term: string, shards: number): number | undefined {
  if (term.length < GRAM) return undefined;
  let best = 0;
  let bestScore = -1;
  for (let at = 0; at + GRAM <= term.length; at++) {
    let score = 0;
    for (let i = at; i < at + GRAM; i++) {
      const place = COMMON_LETTERS.indexOf(term[i]);
      score += place < 0 ? COMMON_LETTERS.length : place;
    }
    if (score > bestScore) [best, bestScore] = [at, score];
  }
  return gramShard(term, best, shards);
}

/** The file of a list route's search shard n (searchShardsOf): a search file's text (searchFileText). */
export const searchShardFile = (resource: keyof ResourceColumns, listPath: string, n: number): string =>
  searchFile(resource, listPath).replace(/\.txt$/, `-s${n}.txt`);

export const searchFile = (resource: keyof ResourceColumns, listPath: string): string =>
  `${QUERY_INDEX_PARTS}/${resource}.search-${listPath.replace(/\/$/, '').replace(/\//g, '_')}.txt`;

export const searchFileText = (partHashes: readonly string[], index: SearchIndex): string =>
  `${toSafeJson([columnFileRows(partHashes), index.count])}\n${index.text}`;

/** A search file's rows (the part hashes, as columnFileRows joins them) and index (its text as read), or undefined when the text is not one. */
export function readSearchFile(text: string): { rows: string; index: () => SearchIndex } | undefined {
  const first = text.indexOf('\n');
  if (first < 0 || !text.startsWith('[') || !text.endsWith('\n')) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(text.slice(0, first));
  } catch {
    return undefined;
  }
  if (!Array.isArray(head) || typeof head[0] !== 'string' || !Number.isInteger(head[1])) return undefined;
  const index: SearchIndex = { text: text.slice(first + 1), count: head[1] as number };
  return { rows: head[0], index: () => index };
}
