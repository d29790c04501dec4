// The query index read in steps, as an edge isolate reads it: the head first (openIndex), then each file a query
// needs when it first needs it (a column file, a key shard, a resource's parts whole, the reference tables, a search
// file or shard), each checked against the head's row hashes (a file of another build means the tree is being
// republished). In: readers of the tree's text and bytes. Out: the OpenedIndex (its LoadedIndex, and what reads
// more of it), or what is wrong with the head.

import { ENDPOINTS, type TableName } from './endpoints.ts';
import {
  COLUMN_ROWS,
  columnFile,
  emptyColumns,
  coreColumns,
  partFile,
  REFERENCE_FILE,
  rowCount,
  type ReferenceFile,
  type ReferenceTables,
  type ResourceColumns,
} from './index-format.ts';
import { COLUMN_ASCENDING, columnFileRows, joinedColumns, PART_ROWS, partColumns } from './part-text.ts';
import { keyShardColumn, keyShardOf } from './index-scale.ts';
import { readSearchFile, searchFile, searchShardFile, searchShardFor, type SearchIndex } from './search-files.ts';
import { parse, readHead, splitHead, type HeadContents, type IndexProblem } from './index-head.ts';
import { ColumnsNeeded, ReferenceNeeded, SearchNeeded, lazyLoaded, type LoadedIndex } from './loaded-index.ts';

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
  const head = await readHead(read);
  if ('reason' in head) return head;
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
