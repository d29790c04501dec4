// Query index files held in memory by an edge bundle: the build writes the small,
// often read files of the index (its head, the reference tables, the column files,
// the search values, the parts of every resource but the launches) into
// `_worker.js` itself (outputs/edge-worker.ts chooses them), so that a query reads
// them from memory, not through `env.ASSETS` (a subrequest, and in a harness
// measuring the worker in Node, a file read with its copies). In: those files
// (each text with the paths it answers: identical files are held once) and the
// host's reader of the tree; out: one reader that answers the held paths from memory
// and every other path (record packs, detail files, static files) through the host.

import { columnFile, NUMBER_COLUMNS, QUERY_INDEX_FILE } from './index-format.ts';
import type { Assets, TreeReader } from './tree-assets.ts';

/** The column files of numbers (index-format.ts NUMBER_COLUMNS), which an edge bundle may decode at start-up (its global scope, which Cloudflare counts apart from requests). */
const STARTUP_FILES: ReadonlySet<string> = new Set([
  ...Object.entries(NUMBER_COLUMNS).flatMap(([resource, columns]) =>
    columns.map((column) => columnFile(resource as keyof typeof NUMBER_COLUMNS, column)),
  ),
]);

/**
 * A resource of more rows than this has its held columns of numbers decoded at start-up: each is then an array too
 * large for V8's young generation (32,768 elements of 4 bytes at least, V8's largest regular object being 128 kB),
 * which no collection copies. Smaller, they were copied by the first request's first collection: on the real data
 * (7,685 launches) decoding them at start-up made `upcoming/?limit=10`, which reads none of them, 4.43 -> 5.85 ms.
 */
export const STARTUP_COLUMN_ROWS = 32_768;

/**
 * Whether an edge bundle decodes this file at start-up when it holds it (`rows`: its resource's): the head, and the
 * columns of numbers of a resource of more than `minRows` rows (the other held files are decoded when a query first
 * needs them: decoding all of them at start-up, some 30 MB of small objects on the real data, moved their first
 * collection onto the first request).
 */
export const decodedAtStartUp = (path: string, rows: number, minRows = STARTUP_COLUMN_ROWS): boolean =>
  path === QUERY_INDEX_FILE || (rows > minRows && STARTUP_FILES.has(path));

/** Held texts, each with the paths whose file it is. */
export type HeldFiles = ReadonlyArray<readonly [paths: readonly string[], text: string]>;

/** A reader of the tree with some of its files in memory: `holds` says which. */
export interface HeldFirst extends Required<Omit<Assets, 'spliceFile'>>, Pick<Assets, 'spliceFile'> {
  readIndexFile(path: string): Promise<string | Uint8Array | undefined>;
  holds(path: string): boolean;
}

export function heldFirst(held: HeldFiles, host: () => TreeReader): HeldFirst {
  const texts = new Map<string, string>();
  for (const [paths, text] of held) for (const path of paths) texts.set(path, text);
  const encoder = new TextEncoder();
  /** A reader method: a held file as `fromText` makes it, any other through the host's `fromHost`. */
  const either =
    <T>(fromText: (text: string) => T, fromHost: (reader: TreeReader, path: string) => Promise<T>) =>
    (path: string): Promise<T> => {
      const text = texts.get(path);
      return text === undefined ? fromHost(host(), path) : Promise.resolve(fromText(text));
    };
  return {
    holds: (path) => texts.has(path),
    readIndexFile: either<string | Uint8Array | undefined>(
      (text) => text,
      (reader, path) => reader.readBytes(path),
    ),
    readText: either<string | undefined>(
      (text) => text,
      (reader, path) => reader.readText(path),
    ),
    readBytes: either<Uint8Array | undefined>(
      (text) => encoder.encode(text),
      (reader, path) => reader.readBytes(path),
    ),
    openFile: either<{ body: BodyInit | null } | undefined>(
      (text) => ({ body: text }),
      (reader, path) => reader.openFile(path),
    ),
    // Static pages are never held: always the host's, where it can.
    spliceFile: async (path, head, by) => host().spliceFile?.(path, head, by),
  };
}
