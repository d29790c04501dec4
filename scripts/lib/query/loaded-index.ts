// The query index made ready for the engine (LoadedIndex): each resource's columns
// decoded into records (query/*-table(s).ts) on first use, a row or a column read
// without decoding the others, a detail route's row found by its key (in the id
// column or a key shard), lists expanded from their runs, the id sets of choice
// filters, and the searched values of each list route (the files the build wrote,
// else made from the rows on first use); what is not read yet stops the plan
// (ColumnsNeeded, ReferenceNeeded, SearchNeeded), for the reader to read it
// (opened-index.ts; whole-index.ts reads everything first). In: the head's contents
// and readers of what is read so far. Out: the LoadedIndex. No I/O of its own.

import type { Mode } from '../api/shapes/kit.ts';
import { ENDPOINTS, TABLES, tableOf, type TableName } from './endpoints.ts';
import type { ReferenceColumns, ResourceColumns } from './index-format.ts';
import { searchIndexOf, type SearchIndex } from './search-files.ts';
import type { Choices } from './parameters.ts';
import type { ReferenceLookup } from './reference-lookup.ts';
import type { BaseRow } from './resource-table.ts';
import type { HeadContents } from './index-head.ts';
import { LazyLists, once, referenceLookup, type LoadedList } from './lazy-lookups.ts';

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
export function lazyLoaded(
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
