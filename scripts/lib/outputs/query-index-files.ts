// The query index's files of columns, planned: a resource's parts (ROWS_PER_PART rows, a column a line), its column
// files over all its rows (with a reference kind's ordering ranks), the launches' key shards, and each searching
// list route's search file and shards; each re-made only when the input keys it is made from change. In: records,
// their keys and a maker of their columns. Out: planned files.

import { lazyPlannedFile, type PlannedFile } from '../api/files.ts';
import type { ReferenceKind } from '../../schemas/data-files.ts';
import { ENDPOINTS, type TableName } from '../query/endpoints.ts';
import {
  coreColumns,
  columnFile,
  partFile,
  QUERY_INDEX_FORMAT,
  ROWS_PER_PART,
  rowsHash,
  type QueryIndex,
  type QueryIndexPart,
  type ReferenceColumns,
  type ResourceColumns,
} from '../query/index-format.ts';
import { keyShardColumn, keyShardOf } from '../query/index-scale.ts';
import { columnFileRows, columnFileText, PART_ROWS, partColumns, partText } from '../query/part-text.ts';
import {
  searchFile,
  searchFileText,
  searchShardFile,
  searchShardsOf,
  type SearchIndex,
} from '../query/search-files.ts';
import type { LoadedIndex } from '../query/loaded-index.ts';
import { loadIndex } from '../query/whole-index.ts';
import type { ReferenceRow } from '../query/reference-kit.ts';
import { REFERENCE_TABLES } from '../query/reference-tables.ts';

/** One resource's part files, each re-made only when the input keys of its rows change. */
export function parts<T>(
  resource: keyof ResourceColumns,
  records: readonly T[],
  keyOf: (record: T) => string,
  columnsOf: (records: readonly T[]) => object,
): PlannedFile[] {
  const files: PlannedFile[] = [];
  for (let n = 0; n * ROWS_PER_PART < records.length; n++) {
    const rows = records.slice(n * ROWS_PER_PART, (n + 1) * ROWS_PER_PART);
    const inputs = `query index ${QUERY_INDEX_FORMAT} ${resource} part ${n} (a column a line)\n${rows.map(keyOf).join(',')}`;
    files.push(
      lazyPlannedFile(partFile(resource, n), inputs, () => {
        const columns = columnsOf(rows) as { id: ReadonlyArray<string | number> };
        return partText({ [PART_ROWS]: rowsHash(columns.id), ...columns } satisfies QueryIndexPart<object>['columns']);
      }),
    );
  }
  return files;
}

/**
 * One resource's column files (coreColumns, each over all its rows), re-made when the input keys of any of its
 * records change (or what else they are made from, `inputs`); carrying the rowsHash of each part's ids.
 */
export function columnFiles<T>(
  resource: keyof ResourceColumns,
  records: readonly T[],
  keyOf: (record: T) => string,
  columnsOf: (records: readonly T[]) => object,
  inputs = '',
): PlannedFile[] {
  const core = coreColumns(resource);
  if (core.length === 0 || records.length === 0) return [];
  const keys = `query index ${QUERY_INDEX_FORMAT} ${resource} column files${inputs && ` ${inputs}`}\n${records.map(keyOf).join(',')}`;
  let columns: (Record<string, unknown> & { id: ReadonlyArray<string | number> }) | undefined;
  // The columns are made once for all the files.
  const all = () =>
    (columns ??= columnsOf(records) as Record<string, unknown> & { id: ReadonlyArray<string | number> });
  return core.map((name) =>
    lazyPlannedFile(columnFile(resource, name), `${keys}\ncolumn ${name}`, () =>
      columnFileText(partHashes(all().id), name, all()[name]),
    ),
  );
}

/**
 * The key shards of a resource (index-format.ts keyShardColumn), each in a column file: its keys (the ids in its
 * records' URLs) to their rows. They change only when the rows' ids or order do (the head's rows say so).
 */
export function keyShardFiles(
  resource: keyof ResourceColumns,
  ids: ReadonlyArray<string | number>,
  hashes: readonly string[],
  shards: number,
): PlannedFile[] {
  let byShard: Array<Record<string, number>> | undefined;
  const shardsOf = () => {
    if (!byShard) {
      const made = Array.from({ length: shards }, () => ({}) as Record<string, number>);
      ids.forEach((id, row) => {
        made[keyShardOf(String(id), shards)][String(id)] = row;
      });
      byShard = made;
    }
    return byShard;
  };
  const rows = columnFileRows(hashes);
  return Array.from({ length: shards }, (_, n) =>
    lazyPlannedFile(
      columnFile(resource, keyShardColumn(n)),
      `query index ${QUERY_INDEX_FORMAT} ${resource} key shard ${n} of ${shards} for ${rows}`,
      () => columnFileText(hashes, keyShardColumn(n), shardsOf()[n]),
    ),
  );
}

/**
 * A reference kind's columns over all its records with their ordering ranks (ReferenceTable.ranks), ranked over
 * the rows the runtime decodes from the part text it reads, with the reference tables its derived cells look up.
 */
export function rankedColumns(
  head: Omit<QueryIndex, 'resources'>,
  kind: ReferenceKind,
  columns: ReferenceColumns,
): ReferenceColumns {
  const rows = loadIndex({
    ...head,
    resources: { [kind]: partColumns(partText(columns)) } as unknown as ResourceColumns,
  }).rows[kind] as ReferenceRow[];
  return { ...columns, ranks: REFERENCE_TABLES[kind].ranks(rows) };
}

/** The rowsHash of each part's ids. */
export function partHashes(ids: ReadonlyArray<string | number>): string[] {
  const hashes: string[] = [];
  for (let n = 0; n * ROWS_PER_PART < ids.length; n++)
    hashes.push(rowsHash(ids.slice(n * ROWS_PER_PART, (n + 1) * ROWS_PER_PART)));
  return hashes;
}

/**
 * One resource's search files (index-format.ts), one per list route that searches, over all its rows:
 * each row's searched values as the runtime would make them from its row (loaded-index.ts, searchIndex),
 * the rows decoded from the part text the runtime reads. Re-made when any record's input key changes.
 */
export function searches<T>(
  head: Omit<QueryIndex, 'resources'>,
  resource: TableName,
  records: readonly T[],
  keyOf: (record: T) => string,
  columnsOf: (records: readonly T[]) => object,
  shards: Readonly<Record<string, number>> = {},
): PlannedFile[] {
  const files: PlannedFile[] = [];
  let loaded: LoadedIndex | undefined;
  // The rows are decoded once for all the list routes.
  const rows = () =>
    (loaded ??= loadIndex({
      ...head,
      resources: { [resource]: partColumns(partText(columnsOf(records))) } as unknown as ResourceColumns,
    }));
  const hashes = () => partHashes(rows().rows[resource].map((row) => row.key));
  for (const [path, endpoint] of ENDPOINTS) {
    if (endpoint.route.resource !== resource || endpoint.search.length === 0) continue;
    const inputs = `query index ${QUERY_INDEX_FORMAT} ${resource} search ${path} ${endpoint.search.join(',')}\n${records.map(keyOf).join(',')}`;
    files.push(
      lazyPlannedFile(searchFile(resource, path), inputs, () => searchFileText(hashes(), rows().searchIndex(path))),
    );
    // The shards of the route's index, cut once for all of them.
    const count = shards[path] ?? 0;
    let cut: SearchIndex[] | undefined;
    for (let n = 0; n < count; n++) {
      files.push(
        lazyPlannedFile(searchShardFile(resource, path, n), `${inputs}\nshard ${n} of ${count}`, () =>
          searchFileText(hashes(), (cut ??= searchShardsOf(rows().searchIndex(path), count))[n]),
        ),
      );
    }
  }
  return files;
}
