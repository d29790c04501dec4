// A cache of data files that passed every per-file check, keyed by the file's
// path and the hash of its bytes, so a rebuild parses and validates only files
// that changed. The whole cache belongs to one version of the tool: any change to
// the build's code, schemas or locked dependencies gives a new key and an empty
// cache. Rules across records are never cached; they run on every build.

import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { TOOL_ROOT } from './tool-identity.ts';

export const DEFAULT_CACHE_DIR = path.join(TOOL_ROOT, 'node_modules/.cache/launch-schedule');
const CACHE_FILE = 'records.v8';

export const hashBytes = (bytes: Buffer): string => createHash('sha1').update(bytes).digest('base64url');

interface Stored {
  tool: string;
  entries: Map<string, [hash: string, value: unknown, stamp?: string]>;
}

/**
 * Size, modification time and inode of a file: when all three are as they were,
 * the file is taken as unchanged without reading it (as git does). A file changed
 * within two seconds of being cached gets no stamp, so coarse clocks cannot fool it.
 */
export const fileStamp = (stats: { size: number; mtimeMs: number; ino: number }): string => `${stats.size}:${stats.mtimeMs}:${stats.ino}`;
const RACY_MS = 2000;

export interface RecordCache {
  /** The parsed value of a file that passed its checks with exactly these bytes, if known. */
  get(file: string, hash: string): unknown;
  /** The same, for a file whose stamp is unchanged: its hash and value, without reading it. */
  byStamp(file: string, stamp: string): { hash: string; value: unknown } | undefined;
  set(file: string, hash: string, value: unknown, stamp?: string): void;
  /** Keeps only the given files (drops deleted ones) and writes the cache. */
  save(keep: Iterable<string>): Promise<void>;
}

export async function openRecordCache(dir: string, tool: string): Promise<RecordCache> {
  const file = path.join(dir, CACHE_FILE);
  let stored: Stored = { tool, entries: new Map() };
  try {
    const loaded = deserialize(await readFile(file)) as Stored;
    if (loaded.tool === tool && loaded.entries instanceof Map) stored = loaded;
  } catch {
    // no cache yet, or an unreadable one: start empty
  }
  return {
    get(name, hash) {
      const entry = stored.entries.get(name);
      return entry && entry[0] === hash ? entry[1] : undefined;
    },
    byStamp(name, stamp) {
      const entry = stored.entries.get(name);
      return entry && entry[2] === stamp ? { hash: entry[0], value: entry[1] } : undefined;
    },
    set(name, hash, value, stamp) {
      const mtimeMs = Number(stamp?.split(':')[1]);
      const trusted = stamp !== undefined && Number.isFinite(mtimeMs) && Date.now() - mtimeMs > RACY_MS;
      stored.entries.set(name, trusted ? [hash, value, stamp] : [hash, value]);
    },
    async save(keep) {
      const wanted = new Set(keep);
      for (const name of stored.entries.keys()) if (!wanted.has(name)) stored.entries.delete(name);
      await mkdir(dir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, serialize(stored));
      await rename(temp, file);
    },
  };
}
