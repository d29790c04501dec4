// The query index made ready for the engine: its head read first, then each
// resource's parts only when a query needs that resource (openIndex; readIndex
// reads them all), joined (a part whose ids hash, which it carries, is not the
// head's means the tree is being republished), each resource's columns decoded
// into records (query/*-table(s).ts) on first use, lists expanded from their runs,
// the id sets of choice filters, and the searched values of each list route: read from
// the files the build wrote for a query that searches (ensureSearch), else made
// from the rows on first use. No I/O of its own: files come through the readers.

import { API_VERSION } from '../api/paths.ts';
import type { Mode } from '../api/shapes/kit.ts';
import { ENDPOINTS, TABLES, tableOf, type TableName } from './endpoints.ts';
import {
  COLUMN_ROWS,
  columnFile,
  decodeRuns,
  emptyColumns,
  coreColumns,
  partFile,
  QUERY_INDEX_FILE,
  QUERY_INDEX_FORMAT,
  REFERENCE_FILE,
  rowCount,
  rowsHash,
  ROWS_PER_PART,
  type QueryIndex,
  type QueryIndexHead,
  type QueryIndexPart,
  type ReferenceColumns,
  type ReferenceFile,
  type ReferenceTables,
  type ResourceColumns,
} from './index-format.ts';
import {
  COLUMN_ASCENDING,
  columnFileRows,
  isAscending,
  joinColumns,
  joinedColumns,
  PART_ROWS,
  partColumns,
  shapeOf,
} from './part-text.ts';
import { keyShardColumn, keyShardOf } from './index-scale.ts';
import {
  readSearchFile,
  searchFile,
  searchIndexOf,
  searchShardFile,
  searchShardFor,
  type SearchIndex,
} from './search-files.ts';
import type { Choices } from './parameters.ts';
import type { ReferenceLookup } from './reference-lookup.ts';
import type { BaseRow } from './resource-table.ts';

export interface LoadedList {
  /** Row numbers in the list's default order (decoded from `runs` when first read). */
  readonly members: readonly number[];
  /** The same as runs (index-format.ts encodeRuns): a few numbers, for a query that never reads every member. */
  runs: readonly number[];
  /** How many of the first members `hide_recent_previous=true` hides. */
  recent: number;
}

export interface LoadedIndex {
  /** The API root written into every object's `url` by the build. */
  baseUrl: string;
  choices: Choices;
  rows: Readonly<Record<TableName, readonly BaseRow[]>>;
  /**
   * One column of a resource's index, as the build wrote it (ColumnsNeeded until it is read). A path with a dot
   * reads a column of an object of columns (`ranks.name`, index-format.ts rankColumn), one with a plus two columns
   * added row by row (`net+window_start`, sumColumn: made once); undefined when the index
   * has no such column (a field the build did not rank, or an index read from its parts alone: readIndex).
   */
  column(name: TableName, column: string): readonly unknown[] | undefined;
  /** Whether the build said that column's numbers never go down from row to row (read with the column; false when it did not say). */
  ascending(name: TableName, column: string): boolean;
  /** A resource's rows one at a time (`rows[name][row]`), without decoding the others where the table can (ResourceTable.rowAt). */
  rowReader(name: TableName): (row: number) => BaseRow;
  /** Like rowReader, but the row it gives is valid only until its next call (where the table can, ResourceTable.probeAt): for filters, which keep no row. */
  rowProbe(name: TableName): (row: number) => BaseRow;
  byKey: Readonly<Record<TableName, ReadonlyMap<string, BaseRow>>>;
  /**
   * The row whose key (the id in its URL) this is: found in the resource's id column with the runtime's own search
   * where the index has that column (ColumnsNeeded until it is read), its rows not all made; else from byKey.
   */
  rowOfKey(name: TableName, key: string): BaseRow | undefined;
  lists: ReadonlyMap<string, LoadedList>;
  /**
   * What `search` looks in on a list route (by its path): each row's searched values (lower case); for a term, where
   * the route has search shards, the shard it is looked for in (index-format.ts searchShardFor: SearchNeeded until
   * it is read), which finds the same rows for it.
   */
  searchIndex(listPath: string, term?: string): SearchIndex;
  /** The rowsHash of the ids of a resource's part (the head's): what its record packs name. */
  partRows(name: TableName, part: number): string | undefined;
  /** The rowsHash of each of a resource's parts, joined (columnFileRows): what its column files and provider packs name. */
  resourceRows(name: TableName): string;
  /** The providers whose launches have record packs of their own in a mode (index-format.ts providerPackFile; the head's). */
  providerPacks(mode: Mode): ReadonlySet<number>;
  /** A provider's launches' rows, ascending (from their providers' column: ColumnsNeeded until it is read). */
  providerRows(provider: number): readonly number[];
  /** The reference records by id (ReferenceNeeded while the reference file is not read). */
  reference: ReferenceLookup;
}

/**
 * Thrown by a column of a resource whose files are not read yet (openIndex reads
 * a core column's column file, or a resource's parts whole, as a query first needs them):
 * the caller reads them (OpenedIndex.ensureColumns) and plans the request again.
 */
export class ColumnsNeeded extends Error {
  /** `column`: the one column (of coreColumns, or a key shard: keyShardColumn) to read from its column file; absent: the parts whole. */
  constructor(
    readonly resource: TableName,
    readonly column?: string,
  ) {
    super(
      `${column === undefined ? 'the columns' : `the column ${column}`} of ${resource} ${column === undefined ? 'are' : 'is'} not read yet`,
    );
  }
}

/**
 * Thrown by the reference tables while their file is not read yet (openIndex reads it when a query first
 * looks a reference record up): the caller reads it (OpenedIndex.ensureReference) and plans the request again.
 */
export class ReferenceNeeded extends Error {
  constructor() {
    super('the reference tables are not read yet');
  }
}

/**
 * Thrown by a list route's search while the search file it looks a term in is not read yet (a route with search
 * shards: the term's shard, or the whole file for a short term, `shard` absent): the caller reads it
 * (OpenedIndex.ensureSearch) and plans the request again.
 */
export class SearchNeeded extends Error {
  constructor(
    readonly listPath: string,
    readonly shard?: number,
  ) {
    super(`the search ${shard === undefined ? 'file' : `shard ${shard}`} of ${listPath} is not read yet`);
  }
}

/** A value made when first read. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** Reference records by id, each map made when a query first looks one up. */
function referenceLookup(index: Pick<QueryIndex, 'reference'>): ReferenceLookup {
  // Read when a map is first made: the tables may be read after the head (openIndex).
  const r = {
    get agencies() {
      return index.reference.agencies;
    },
    get configurations() {
      return index.reference.configurations;
    },
    get pads() {
      return index.reference.pads;
    },
    get locations() {
      return index.reference.locations;
    },
    get orbits() {
      return index.reference.orbits;
    },
  };
  const agencies = once(() => new Map(r.agencies.map(([id, name, abbrev]) => [id, { name, abbrev }])));
  const configurations = once(
    () => new Map(r.configurations.map(([id, name, fullName, manufacturer]) => [id, { name, fullName, manufacturer }])),
  );
  const pads = once(() => new Map(r.pads.map(([id, name, location]) => [id, { name, location }])));
  const locations = once(() => new Map(r.locations.map(([id, name, celestialBody]) => [id, { name, celestialBody }])));
  const orbits = once(
    () =>
      new Map(
        r.orbits.map(([id, name, celestialBody, suborbital]) => [
          id,
          { name, celestialBody, suborbital: suborbital === 1 },
        ]),
      ),
  );
  return {
    get agencies() {
      return agencies();
    },
    get configurations() {
      return configurations();
    },
    get pads() {
      return pads();
    },
    get locations() {
      return locations();
    },
    get orbits() {
      return orbits();
    },
  };
}

/** Each list route's members, expanded from their runs when a query first reads the list. */
class LazyLists extends Map<string, LoadedList> {
  constructor(private readonly runs: Readonly<Record<string, { rows: number[]; recent: number }>>) {
    super();
  }

  override get(path: string): LoadedList | undefined {
    let list = super.get(path);
    if (!list && Object.hasOwn(this.runs, path)) {
      const entry = this.runs[path];
      const members = once(() => decodeRuns(entry.rows));
      list = {
        get members() {
          return members();
        },
        runs: entry.rows,
        recent: entry.recent,
      };
      super.set(path, list);
    }
    return list;
  }
}

/** Why an index cannot be used now; `retry` when it may be whole again soon (a rebuild replacing its files). */
export interface IndexProblem {
  reason: string;
  retry: boolean;
}

const parse = <T>(text: string): T | undefined => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
};

/**
 * A head's parts a loaded index reads apart (the parts, their row hashes, the reference file's hash) and the rest,
 * which it holds as its contents; the providers' packs and the shards are read from the head where they are used.
 */
function splitHead(head: QueryIndexHead) {
  const {
    parts,
    rows,
    reference: referenceHash,
    provider_packs: _spread,
    key_shards: _shards,
    search_shards: _searchShards,
    ...rest
  } = head;
  return { parts, rows, referenceHash, rest };
}

/** The head and parts read through `read` and joined, or what is wrong with them. */
export async function readIndex(
  read: (path: string) => Promise<string | undefined>,
): Promise<QueryIndex | IndexProblem> {
  const headText = await read(QUERY_INDEX_FILE);
  if (headText === undefined)
    return { reason: `the query index ${QUERY_INDEX_FILE} is missing: build the site with this version`, retry: false };
  const head = parse<QueryIndexHead>(headText);
  if (head?.format !== QUERY_INDEX_FORMAT || head.api_version !== API_VERSION) {
    return {
      reason: `the query index has format ${String(head?.format)} for API ${String(head?.api_version)}; this server reads format ${QUERY_INDEX_FORMAT} for ${API_VERSION}: rebuild the site`,
      retry: false,
    };
  }
  const { parts, rows, referenceHash, rest } = splitHead(head);
  const referenceText = await read(REFERENCE_FILE);
  const reference = parse<ReferenceFile>(referenceText ?? '');
  if (reference?.hash !== referenceHash)
    return { reason: 'the query index is being republished; try again', retry: true };
  const names = Object.keys(parts) as Array<keyof ResourceColumns>;
  const columnsByResource = await Promise.all(
    names.map((name) =>
      Promise.all(
        Array.from(
          { length: parts[name] },
          async (_, n) => parse<QueryIndexPart<object>>((await read(partFile(name, n))) ?? '')?.columns,
        ),
      ),
    ),
  );
  const republishing = { reason: 'the query index is being republished; try again', retry: true };
  if (columnsByResource.some((list) => list.some((columns) => columns === undefined))) return republishing;
  // Parts of another build than the head's (a rebuild replacing the tree) hold other rows: read them again later.
  if (names.some((name, i) => columnsByResource[i].some((columns, n) => columns?.[PART_ROWS] !== rows[name]?.[n])))
    return republishing;
  // Parts are joined in the shape of the first (a reference kind's cells are named by its parts).
  const resources = Object.fromEntries(
    names.map((name, i) => {
      const parts = columnsByResource[i].map((columns) => {
        const { [PART_ROWS]: _, ...rest } = columns!;
        return rest;
      });
      return [name, joinColumns(parts, parts.length ? shapeOf(parts[0]) : emptyColumns(name))];
    }),
  ) as unknown as ResourceColumns;
  return { ...rest, reference: reference.tables, resources };
}

/** Decodes an index for the engine (every resource's columns at hand). */
export function loadIndex(index: QueryIndex): LoadedIndex {
  const hashes = (name: TableName): string[] => {
    const ids: ReadonlyArray<string | number> = index.resources[name].id;
    return Array.from({ length: Math.ceil(ids.length / ROWS_PER_PART) }, (_, n) =>
      rowsHash(ids.slice(n * ROWS_PER_PART, (n + 1) * ROWS_PER_PART)),
    );
  };
  const parts = new Map<TableName, string[]>();
  // Said by the column files to a runtime that reads them; found here, once per column, as the build finds it.
  const ascending = new Map<string, boolean>();
  return lazyLoaded(
    index,
    (name) => index.resources[name],
    undefined,
    (name, n) => {
      if (!parts.has(name)) parts.set(name, hashes(name));
      return parts.get(name)![n];
    },
    (name, column) => {
      const key = `${name} ${column}`;
      if (!ascending.has(key)) {
        const values = (index.resources[name] as unknown as Record<string, unknown>)[column];
        ascending.set(key, Array.isArray(values) && isAscending(values));
      }
      return ascending.get(key)!;
    },
    // No provider packs: the index is whole, as a build or a test holds it, not the head a tree is read by.
    {},
    (name) => columnFileRows(hashes(name)),
  );
}

type HeadContents = Omit<QueryIndex, 'resources'>;

/** A column of a resource's columns by its path (`net`, or `ranks.name`: a column of an object of columns), or undefined. */
function columnAt(columns: Record<string, unknown>, path: string): readonly unknown[] | undefined {
  const dot = path.indexOf('.');
  const value =
    dot < 0
      ? columns[path]
      : (columns[path.slice(0, dot)] as Record<string, unknown> | undefined)?.[path.slice(dot + 1)];
  return Array.isArray(value) ? value : undefined;
}

/** Two columns' cells added row by row (null where either is), or undefined when either column is. */
function addedCells(
  first: readonly unknown[] | undefined,
  second: readonly unknown[] | undefined,
): number[] | undefined {
  if (!first || !second) return undefined;
  // Plain steps (no destructuring, no holes): a fresh isolate runs this loop in its interpreter.
  const sums: Array<number | null> = [];
  for (let i = 0; i < first.length; i++) {
    const a = first[i] as number | null;
    const b = second[i] as number | null;
    sums.push(a === null || b === null ? null : a + b);
  }
  return sums as number[];
}

/**
 * The engine's view of an index whose resources are decoded on first use: `rows`
 * and `byKey` of a resource decode its columns (from `columnsOf`) when first read,
 * so a query pays only for the resource it asks about. The ids of launcher
 * families come from the head when it has them.
 */
function lazyLoaded(
  head: HeadContents,
  columnsOf: (name: TableName) => ResourceColumns[TableName] | undefined,
  searchOf: (listPath: string, term?: string) => SearchIndex | undefined = () => undefined,
  partRows: (name: TableName, part: number) => string | undefined = () => undefined,
  ascendingOf: (name: TableName, column: string) => boolean = () => false,
  providerPacks: Partial<Record<Mode, readonly number[]>> = {},
  resourceRows: (name: TableName) => string = () => '',
  keyShardOf: (name: TableName, key: string) => Readonly<Record<string, number>> | undefined = () => undefined,
): LoadedIndex {
  const reference = referenceLookup(head);
  const names = Object.keys(TABLES) as TableName[];
  const decoded = new Map<TableName, { rows: BaseRow[]; byKey?: Map<string, BaseRow> }>();
  const decodedOf = (name: TableName) => {
    let entry = decoded.get(name);
    if (!entry) {
      const columns = columnsOf(name);
      if (columns === undefined) throw new Error(`the query index's ${name} were not read before the query`);
      entry = {
        rows: tableOf(name).decode(
          { ...head, resources: { [name]: columns } as unknown as ResourceColumns },
          reference,
        ),
      };
      decoded.set(name, entry);
    }
    return entry;
  };
  const readers = new Map<string, (row: number) => BaseRow>();
  const readerOf = (name: TableName, kind: 'rowAt' | 'probeAt'): ((row: number) => BaseRow) => {
    const key = `${kind} ${name}`;
    let reader = readers.get(key);
    if (!reader) {
      const table = tableOf(name);
      const columns = !decoded.has(name) && columnsOf(name);
      if (columns)
        reader = table[kind]({ ...head, resources: { [name]: columns } as unknown as ResourceColumns }, reference);
      else {
        const { rows } = decodedOf(name);
        reader = (row) => rows[row];
      }
      readers.set(key, reader);
    }
    return reader;
  };
  // Made for the first request of a detail route only.
  const keysOf = (name: TableName) => {
    const entry = decodedOf(name);
    entry.byKey ??= new Map(entry.rows.map((row) => [row.key, row]));
    return entry.byKey;
  };
  // A detail route's row: the id column searched (a number's key is its decimal text, BaseRow), one row made.
  const rowOfKey = (name: TableName, key: string): BaseRow | undefined => {
    const made = decoded.get(name);
    if (made?.byKey) return made.byKey.get(key);
    // A key shard where the resource has them and its ids are not at hand: the one row, its key the one looked for.
    const shard = made ? undefined : keyShardOf(name, key);
    if (shard) {
      if (!Object.hasOwn(shard, key)) return undefined;
      const row = readerOf(name, 'rowAt')(shard[key]);
      // The row's key would read the id column: the shard says it.
      Object.defineProperty(row, 'key', { value: key, configurable: true, enumerable: true });
      return row;
    }
    const ids = made ? undefined : columnAt(columnsOf(name) as unknown as Record<string, unknown>, 'id');
    const kind = ids?.length ? typeof ids[0] : 'string';
    if (!ids || (kind !== 'string' && kind !== 'number')) return keysOf(name).get(key);
    const at = kind === 'string' ? ids.indexOf(key) : String(Number(key)) === key ? ids.indexOf(Number(key)) : -1;
    if (at < 0) return undefined;
    const row = readerOf(name, 'rowAt')(at);
    return row.key === key ? row : keysOf(name).get(key);
  };
  const byName = <T>(of: (name: TableName) => T) =>
    Object.defineProperties(
      {},
      Object.fromEntries(names.map((name) => [name, { get: () => of(name), enumerable: true }])),
    ) as Record<TableName, T>;
  const rows = byName((name) => decodedOf(name).rows);
  const byKey = byName(keysOf);
  const lists = new LazyLists(head.lists);
  const searchIndexes = new Map<string, SearchIndex>();
  const searchIndex = (listPath: string, term?: string): SearchIndex => {
    const read = searchOf(listPath, term);
    if (read) return read;
    let index = searchIndexes.get(listPath);
    if (!index) {
      const endpoint = ENDPOINTS.get(listPath)!;
      const fields = endpoint.search.map((name) => endpoint.table.searchFields[name]);
      index = searchIndexOf(
        rows[endpoint.route.resource].map((row) =>
          fields.flatMap((field) => field(row) ?? []).map((value) => value.toLowerCase()),
        ),
      );
    }
    searchIndexes.set(listPath, index);
    return index;
  };
  // Each set of ids a choice filter accepts, made when a query first uses that filter.
  const ids = (values: () => readonly number[]) => once(() => new Set(values()));
  const launchStatuses = ids(() => head.reference.launch_statuses);
  const pads = ids(() => head.reference.pads.map(([id]) => id));
  const locations = ids(() => head.reference.locations.map(([id]) => id));
  const programs = ids(() => head.reference.programs);
  const eventTypes = ids(() => head.reference.event_types);
  const agencies = ids(() => head.reference.agencies.map(([id]) => id));
  const launcherFamilies = ids(
    () => head.reference.launcher_families ?? (columnsOf('launcherFamilies') as ReferenceColumns | undefined)?.id ?? [],
  );
  const choices: Choices = {
    get launchStatuses() {
      return launchStatuses();
    },
    get pads() {
      return pads();
    },
    get locations() {
      return locations();
    },
    get programs() {
      return programs();
    },
    get eventTypes() {
      return eventTypes();
    },
    get agencies() {
      return agencies();
    },
    get launcherFamilies() {
      return launcherFamilies();
    },
  };
  // Columns of sums (sumColumn), added once: each of their columns read as any other (ColumnsNeeded until it is).
  const sums = new Map<string, readonly unknown[] | undefined>();
  const column = (name: TableName, path: string): readonly unknown[] | undefined => {
    const columns = columnsOf(name) as unknown as Record<string, unknown>;
    const plus = path.indexOf('+');
    if (plus < 0) return columnAt(columns, path);
    const key = `${name} ${path}`;
    if (!sums.has(key))
      sums.set(key, addedCells(columnAt(columns, path.slice(0, plus)), columnAt(columns, path.slice(plus + 1))));
    return sums.get(key);
  };
  const spread = new Map<Mode, ReadonlySet<number>>();
  const providerPacksIn = (mode: Mode): ReadonlySet<number> => {
    if (!spread.has(mode)) spread.set(mode, new Set(providerPacks[mode] ?? []));
    return spread.get(mode)!;
  };
  // A provider's rows, found when a page first reads that provider's packs: only the provider asked for (a pass
  // building every provider's rows cost a fresh isolate a Map lookup for each of 100,000), by the runtime's own
  // search of the column (indexOf), as a filter finds them: a loop over 100,000 cells in the interpreter a fresh
  // isolate runs it in cost 5.3 ms (node --jitless), the search 0.2 ms for a provider of 277 launches.
  const rowsByProvider = new Map<number, readonly number[]>();
  const providerRows = (provider: number): readonly number[] => {
    let found = rowsByProvider.get(provider);
    if (found === undefined) {
      const providers = column('launches', 'launch_service_provider') as readonly number[];
      const rows: number[] = [];
      for (let row = providers.indexOf(provider); row >= 0; row = providers.indexOf(provider, row + 1)) rows.push(row);
      rowsByProvider.set(provider, (found = rows));
    }
    return found;
  };
  return {
    baseUrl: head.base_url,
    choices,
    resourceRows,
    providerPacks: providerPacksIn,
    providerRows,
    rows,
    rowReader: (name) => readerOf(name, 'rowAt'),
    rowProbe: (name) => readerOf(name, 'probeAt'),
    byKey,
    rowOfKey,
    lists,
    searchIndex,
    partRows,
    reference,
    column,
    ascending: (name, path) => ascendingOf(name, path),
  };
}

/** An index whose head is read and whose resources are read when a query needs them. */
export interface OpenedIndex {
  loaded: LoadedIndex;
  /** Reads the columns of these resources (once each); a problem when their parts are not the head's. */
  ensure(names: readonly TableName[]): Promise<IndexProblem | undefined>;
  /** Reads a list route's search file written by the build, or one of its shards (once); a problem when it is not the head's. */
  ensureSearch(listPath: string, shard?: number): Promise<IndexProblem | undefined>;
  /** How many search shards a list route has (the head's; 0: its search file is read whole). */
  searchShards(listPath: string): number;
  /** Reads the reference tables (once); a problem when they are not the head's. */
  ensureReference(): Promise<IndexProblem | undefined>;
  /** Reads what a ColumnsNeeded asked for (once): a column file, or the parts whole; a problem when the files are not the head's. */
  ensureColumns(name: TableName, column?: string): Promise<IndexProblem | undefined>;
  /** How many part files a resource has (the head's). */
  parts(name: TableName): number;
  /** How many rows a resource has (the head's). */
  rows(name: TableName): number;
}

/** The head read through `read`, each resource's parts read (as bytes through `readBytes` when given) and joined on first need (`ensure`), or what is wrong with the head. */
export async function openIndex(
  read: (path: string) => Promise<string | undefined>,
  readBytes?: (path: string) => Promise<Uint8Array | string | undefined>,
): Promise<OpenedIndex | IndexProblem> {
  const headText = await read(QUERY_INDEX_FILE);
  if (headText === undefined)
    return { reason: `the query index ${QUERY_INDEX_FILE} is missing: build the site with this version`, retry: false };
  const head = parse<QueryIndexHead>(headText);
  if (head?.format !== QUERY_INDEX_FORMAT || head.api_version !== API_VERSION) {
    return {
      reason: `the query index has format ${String(head?.format)} for API ${String(head?.api_version)}; this server reads format ${QUERY_INDEX_FORMAT} for ${API_VERSION}: rebuild the site`,
      retry: false,
    };
  }
  const { parts, rows: hashes, referenceHash, rest } = splitHead(head);
  let reference: ReferenceTables | undefined;
  // The head's contents, the reference tables read when a query first looks one up (ReferenceNeeded); left out of
  // copies (not enumerable), which only the decoding of columns makes.
  const contents = Object.defineProperty({ ...rest }, 'reference', {
    get: () => {
      if (!reference) throw new ReferenceNeeded();
      return reference;
    },
    enumerable: false,
  }) as HeadContents;
  const columns = new Map<TableName, ResourceColumns[TableName]>();
  const reading = new Map<TableName, Promise<IndexProblem | undefined>>();
  const republishing: IndexProblem = { reason: 'the query index is being republished; try again', retry: true };
  /** A resource's parts (or its core files), joined, or a problem when they are not the head's. */
  const readParts = async (
    name: TableName,
    file: (name: TableName, n: number) => string,
  ): Promise<Record<string, unknown> | IndexProblem> => {
    const texts = await Promise.all(
      Array.from({ length: parts[name] ?? 0 }, (_, n) => (readBytes ?? read)(file(name, n))),
    );
    // Each column is decoded and parsed when the engine first reads it (index-format.ts, partColumns).
    const pieces = texts.map((text) => partColumns(text ?? ''));
    if (pieces.some((piece) => piece === undefined)) return republishing;
    // Parts of another build than the head's (a rebuild replacing the tree) hold other rows: read them again later.
    try {
      if (pieces.some((piece, n) => piece![PART_ROWS] !== hashes[name]?.[n])) return republishing;
    } catch {
      return republishing;
    }
    return pieces.length
      ? joinedColumns(pieces as Array<Record<string, unknown>>)
      : (emptyColumns(name) as unknown as Record<string, unknown>);
  };
  const readResource = async (name: TableName): Promise<IndexProblem | undefined> => {
    const joined = await readParts(name, partFile);
    if ('reason' in joined) return joined as unknown as IndexProblem;
    columns.set(name, joined as unknown as ResourceColumns[TableName]);
    return undefined;
  };
  // The core columns read from their column files, by resource and column; those whose file says they are ascending.
  const core = new Map<TableName, Map<string, unknown>>();
  const ascending = new Set<string>();
  const readColumn = async (name: TableName, column: string): Promise<IndexProblem | undefined> => {
    let value: unknown;
    let file: Record<string, unknown> | undefined;
    if ((parts[name] ?? 0) === 0) value = (emptyColumns(name) as unknown as Record<string, unknown>)[column];
    else {
      const bytes = await (readBytes ?? read)(columnFile(name, column));
      file = partColumns(bytes ?? '');
      // A column file of another build than the head's (a rebuild replacing the tree) holds other rows.
      try {
        if (file?.[PART_ROWS] !== columnFileRows(hashes[name] ?? []) || !(column in file)) return republishing;
        value = file[column];
      } catch {
        return republishing;
      }
    }
    if (!core.has(name)) core.set(name, new Map());
    core.get(name)!.set(column, value);
    if (file?.[COLUMN_ASCENDING] === true) ascending.add(`${name} ${column}`);
    return undefined;
  };
  // Every resource is read in steps: its columns as getters over what is read so far, each throwing ColumnsNeeded until its file is read.
  const gates = new Map<TableName, ResourceColumns[TableName]>();
  const gateOf = (name: TableName): ResourceColumns[TableName] => {
    let gate = gates.get(name);
    if (!gate) {
      const inCore = new Set(coreColumns(name));
      const made: Record<string | symbol, unknown> = { [COLUMN_ROWS]: rowCount(hashes[name] ?? []) };
      for (const column of Object.keys(emptyColumns(name))) {
        Object.defineProperty(made, column, {
          enumerable: true,
          configurable: true,
          get: () => {
            const whole = columns.get(name) as Record<string, unknown> | undefined;
            const fromCore = core.get(name);
            // A core column from its column file when read: the parts may not hold it (a reference kind's ranks).
            let value: unknown;
            if (fromCore?.has(column)) value = fromCore.get(column);
            else if (whole && (!inCore.has(column) || column in whole)) value = whole[column];
            else throw inCore.has(column) ? new ColumnsNeeded(name, column) : new ColumnsNeeded(name);
            // Read once: the column is the same in its column file and the parts, so it stays (a filter reads it per row).
            Object.defineProperty(made, column, { value, enumerable: true });
            return value;
          },
        });
      }
      gate = made as unknown as ResourceColumns[TableName];
      gates.set(name, gate);
    }
    return gate;
  };
  const coring = new Map<string, Promise<IndexProblem | undefined>>();
  // The search files read, by list route (the whole file) or route and shard (searchKey).
  const searches = new Map<string, () => SearchIndex>();
  const searchKey = (listPath: string, shard?: number) => (shard === undefined ? listPath : `${listPath} ${shard}`);
  const readSearch = async (listPath: string, shard?: number): Promise<IndexProblem | undefined> => {
    const name = ENDPOINTS.get(listPath)?.route.resource;
    if (!name) return undefined;
    const path = shard === undefined ? searchFile(name, listPath) : searchShardFile(name, listPath, shard);
    const file = readSearchFile((await read(path)) ?? '');
    if (file?.rows !== columnFileRows(hashes[name] ?? [])) return republishing;
    searches.set(searchKey(listPath, shard), file.index);
    return undefined;
  };
  // A term's search file: the whole file when read (a server reads them all), else the term's shard where the route has them.
  const searchOf = (listPath: string, term?: string): SearchIndex | undefined => {
    const whole = searches.get(listPath);
    if (whole) return whole();
    const shards = head.search_shards?.[listPath] ?? 0;
    if (!shards) return undefined;
    const shard = term === undefined ? undefined : searchShardFor(term, shards);
    const found = searches.get(searchKey(listPath, shard));
    if (!found) throw new SearchNeeded(listPath, shard);
    return found();
  };
  const searching = new Map<string, Promise<IndexProblem | undefined>>();
  let referencing: Promise<IndexProblem | undefined> | undefined;
  const ensure = async (names: readonly TableName[]): Promise<IndexProblem | undefined> => {
    for (const problem of await Promise.all(
      names.map((name) => {
        if (columns.has(name)) return undefined;
        let pending = reading.get(name);
        if (!pending) {
          // A problem, or a read the host failed (a rejection), is tried again by the next query.
          pending = readResource(name).then(
            (problem) => {
              if (problem) reading.delete(name);
              return problem;
            },
            (error: unknown) => {
              reading.delete(name);
              throw error;
            },
          );
          reading.set(name, pending);
        }
        return pending;
      }),
    ))
      if (problem) return problem;
    return undefined;
  };
  return {
    loaded: lazyLoaded(
      contents,
      gateOf,
      searchOf,
      (name, n) => hashes[name]?.[n],
      (name, column) => ascending.has(`${name} ${column}`),
      head.provider_packs,
      (name) => columnFileRows(hashes[name] ?? []),
      (name, key) => {
        const shards = head.key_shards?.[name];
        const whole = columns.get(name) as Record<string, unknown> | undefined;
        if (!shards || core.get(name)?.has('id') || (whole && 'id' in whole)) return undefined;
        const column = keyShardColumn(keyShardOf(key, shards));
        if (!core.get(name)?.has(column)) throw new ColumnsNeeded(name, column);
        return core.get(name)!.get(column) as Record<string, number>;
      },
    ),
    ensureColumns: async (name, column) => {
      if (column === undefined) return ensure([name]);
      // The parts read whole hold every core column but a reference kind's ranks, which only their column file holds.
      const whole = columns.get(name) as Record<string, unknown> | undefined;
      if (core.get(name)?.has(column) || (whole && column in whole)) return undefined;
      const key = `${name} ${column}`;
      let pending = coring.get(key);
      if (!pending) {
        pending = readColumn(name, column).finally(() => coring.delete(key));
        coring.set(key, pending);
      }
      return pending;
    },
    ensureReference: () =>
      reference
        ? Promise.resolve(undefined)
        : (referencing ??= (async () => {
            const file = parse<ReferenceFile>((await read(REFERENCE_FILE)) ?? '');
            if (file?.hash !== referenceHash) return republishing;
            reference = file.tables;
            return undefined;
          })().finally(() => {
            referencing = undefined;
          })),
    ensureSearch: (listPath, shard) => {
      const key = searchKey(listPath, shard);
      if (searches.has(key)) return Promise.resolve(undefined);
      let pending = searching.get(key);
      if (!pending) {
        pending = readSearch(listPath, shard).finally(() => searching.delete(key));
        searching.set(key, pending);
      }
      return pending;
    },
    searchShards: (listPath) => head.search_shards?.[listPath] ?? 0,
    ensure,
    parts: (name) => parts[name] ?? 0,
    rows: (name) => rowCount(hashes[name] ?? []),
  };
}
