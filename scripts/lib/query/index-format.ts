// The query index: what the build writes for the runtime side. It holds what
// LL2's filters, search and ordering read about every launch and event (their
// objects are in the record packs, record-packs.ts), each collection's members in its default
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
// part (and the head only when the lists change), not the whole index. Their text
// is part-text.ts's (a column a line, decoded a column at a time); the search files
// are search-files.ts's; what only a large data set has, index-scale.ts's.
// In: nothing. Out: the files' names, the shapes, the format number, and the hashes
// and runs that tie the files to one build.

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
/**
 * In the order the edge bundles hold them while they fit (outputs/held-bundle.ts): the ids, then what the filters
 * LL2 clients send most read (statuses, providers, the NET), then the other filters' columns, the window's end and
 * the last update last. At 100,000 launches the 4 MiB hold the columns up to `orbit` (the ids, 3.9 MB, do not fit);
 * in the order before (the window and the last update after the NET), the providers' column, 402 kB, did not fit, and
 * the first `lsp__id` query of an isolate read it through `env.ASSETS`.
 */
const LAUNCH_CORE_COLUMNS: readonly string[] = [
  'id',
  'status',
  'launch_service_provider',
  'net',
  'configuration',
  'pad',
  'window_start',
  'orbit',
  'program',
  // Small (38 and 24 kB on the real data) beside the parts (1.6 MB): `is_crewed`, the spacecraft filters and `serial_number` read them alone.
  'spacecraft',
  'serial_numbers',
  'window_end',
  'last_updated',
  'counters',
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
