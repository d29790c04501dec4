// The query index read whole: the head and every part read and joined (readIndex), and an index whose columns are
// all at hand decoded for the engine (loadIndex), as a build or a test holds it. In: a reader of the tree's files,
// or the index. Out: the index or what is wrong with it, and the engine's LoadedIndex.

import type { TableName } from './endpoints.ts';
import {
  emptyColumns,
  partFile,
  REFERENCE_FILE,
  rowsHash,
  ROWS_PER_PART,
  type QueryIndex,
  type QueryIndexPart,
  type ReferenceFile,
  type ResourceColumns,
} from './index-format.ts';
import { columnFileRows, isAscending, joinColumns, PART_ROWS, shapeOf } from './part-text.ts';
import { parse, readHead, splitHead, type IndexProblem } from './index-head.ts';
import { lazyLoaded, type LoadedIndex } from './loaded-index.ts';

/** The head and parts read through `read` and joined, or what is wrong with them. */
export async function readIndex(
  read: (path: string) => Promise<string | undefined>,
): Promise<QueryIndex | IndexProblem> {
  const head = await readHead(read);
  if ('reason' in head) return head;
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
