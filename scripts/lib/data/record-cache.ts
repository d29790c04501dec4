// A cache of data files that passed every per-file check, keyed by the file's
// path and the hash of its bytes, so a rebuild parses and validates only files
// that changed. The whole cache belongs to one version of the tool: any change to
// the build's code, schemas or locked dependencies gives a new key and an empty
// cache. Rules across records are never cached; they run on every build.
// It is written as one file per data folder (a "shard"), and only the shards
// whose records changed are written again.

import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { sha1 } from '../base/digest.ts';
import { TOOL_ROOT } from '../base/tool-identity.ts';

export const DEFAULT_CACHE_DIR = path.join(TOOL_ROOT, 'node_modules/.cache/launch-schedule');
const SHARDS_DIR = 'records';

export const hashBytes = (bytes: Buffer): string => sha1(bytes);

type Entry = [hash: string, value: unknown, stamp?: string];

/** One file of the cache: the records of one data folder (e.g. data/launches/2024/). */
interface Shard {
  tool: string;
  entries: Map<string, Entry>;
}

/**
 * Size, modification time and inode of a file: when all three are as they were,
 * the file is taken as unchanged without reading it (as git does). A file changed
 * within two seconds of being cached gets no stamp, so coarse clocks cannot fool it.
 */
export const fileStamp = (stats: { size: number; mtimeMs: number; ino: number }): string =>
  `${stats.size}:${stats.mtimeMs}:${stats.ino}`;
const RACY_MS = 2000;

export interface RecordCache {
  /** The parsed value of a file that passed its checks with exactly these bytes, if known. */
  get(file: string, hash: string): unknown;
  /** The same, for a file whose stamp is unchanged: its hash and value, without reading it. */
  byStamp(file: string, stamp: string): { hash: string; value: unknown } | undefined;
  set(file: string, hash: string, value: unknown, stamp?: string): void;
  /** Keeps only the given files (drops deleted ones) and writes what changed. */
  save(keep: Iterable<string>): Promise<void>;
}

const folderOf = (file: string): string => file.slice(0, Math.max(0, file.lastIndexOf('/')));
const shardFile = (folder: string): string => `${sha1(folder).slice(0, 20)}.v8`;

/**
 * The cache is kept in one file per data folder, so that a rebuild after one
 * edit rewrites one small file rather than every record. `dir` holds nothing else.
 */
export async function openRecordCache(dir: string, tool: string): Promise<RecordCache> {
  const shardsDir = path.join(dir, SHARDS_DIR);
  const entries = new Map<string, Entry>();
  const dirty = new Set<string>();
  const stale = new Set<string>(); // files of other tool versions or unreadable: removed on save
  // Only finished shards: a .tmp file is another build's write in progress.
  const names = (await readdir(shardsDir).catch(() => [] as string[])).filter((name) => name.endsWith('.v8'));
  for (const name of names) {
    try {
      const shard = deserialize(readFileSync(path.join(shardsDir, name))) as Shard; // many small files: faster without the thread pool
      if (shard.tool !== tool || !(shard.entries instanceof Map)) throw new Error('another version');
      for (const [file, entry] of shard.entries) entries.set(file, entry);
    } catch {
      stale.add(name); // no cache for these records: they are checked again
    }
  }
  return {
    get(name, hash) {
      const entry = entries.get(name);
      return entry && entry[0] === hash ? entry[1] : undefined;
    },
    byStamp(name, stamp) {
      const entry = entries.get(name);
      return entry && entry[2] === stamp ? { hash: entry[0], value: entry[1] } : undefined;
    },
    set(name, hash, value, stamp) {
      const mtimeMs = Number(stamp?.split(':')[1]);
      const trusted = stamp !== undefined && Number.isFinite(mtimeMs) && Date.now() - mtimeMs > RACY_MS;
      const known = entries.get(name);
      if (known && known[0] === hash && known[2] === (trusted ? stamp : undefined)) return;
      entries.set(name, trusted ? [hash, value, stamp] : [hash, value]);
      dirty.add(folderOf(name));
    },
    async save(keep) {
      const wanted = new Set(keep);
      for (const name of entries.keys()) {
        if (!wanted.has(name)) {
          entries.delete(name);
          dirty.add(folderOf(name));
        }
      }
      if (dirty.size === 0 && stale.size === 0) return;
      const byFolder = new Map<string, Map<string, Entry>>([...dirty].map((folder) => [folder, new Map()]));
      for (const [name, entry] of entries) byFolder.get(folderOf(name))?.set(name, entry);
      await mkdir(shardsDir, { recursive: true });
      for (const name of stale) await rm(path.join(shardsDir, name), { force: true });
      for (const [folder, shardEntries] of byFolder) {
        const file = path.join(shardsDir, shardFile(folder));
        if (shardEntries.size === 0) {
          await rm(file, { force: true });
          continue;
        }
        const temp = `${file}.${process.pid}.tmp`;
        await writeFile(temp, serialize({ tool, entries: shardEntries } satisfies Shard));
        await rename(temp, file);
      }
      dirty.clear();
      stale.clear();
    },
  };
}
