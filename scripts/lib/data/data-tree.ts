// What the data folder may hold, checked before any file is read. A pull request
// can add anything to data/: a symbolic link to a secret, a device or FIFO that
// blocks a reader, a file too large to read, a file in a place the build does not
// look at (which would pass review unnoticed). Every entry is accounted for: it is
// a data file we read, a known harmless file, or an error naming it.
//
// The layout:
//   launches/**/<name>.yaml   one launch per file (any depth up to MAX_FOLDER_DEPTH)
//   events/**/<name>.yaml     one event per file
//   reference/<name>.yaml     one kind of reference data per file
//   history/**/<name>.yaml    one launch's history of dates and statuses per file (docs/history.md)
//   ll2-sync.yaml             where `npm run sync:ll2` stands with LL2 (docs/sync.md)
//   schemas/<name>.json       generated editor schemas (not read by the build)
//   README.md, .gitkeep       anywhere

import { lstat } from 'node:fs/promises';
import { lstatSync, readdirSync } from 'node:fs';
import { fileStamp } from './record-cache.ts';
import path from 'node:path';
import type { FileKind } from './files.ts';
import type { Problem } from './problems.ts';
import { maxFileBytes } from './source.ts';

/** Folders below `launches/` or `events/`, e.g. `launches/2026/` is depth 1. */
export const MAX_FOLDER_DEPTH = 4;
/**
 * Entries (files and folders) in the whole data folder: a guard against a runaway
 * folder, far above LL2's size (about 8,600 launches and events) and the 110,000
 * files of the largest benchmark.
 */
export const MAX_ENTRIES = 250_000;

/** File and folder names: ASCII letters, digits, `.`, `_`, `-`; not starting with `.` or `-` (except `.gitkeep`). */
const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;
const HARMLESS_FILES = new Set(['README.md', '.gitkeep']);
const DATA_FILE = /\.ya?ml$/;
/** The sync's state travels with the data it describes (docs/sync.md). */
export const LL2_SYNC_FILE = 'll2-sync.yaml';

export type EntryType = 'file' | 'directory' | 'symlink' | 'other';

export interface DataFileEntry {
  kind: FileKind;
  /** Path relative to the data folder, with `/` separators. */
  relative: string;
  absolute: string;
  size: number;
  /** Identifies this version of the file for the record cache (record-cache.ts). */
  stamp: string;
  /** Larger than the limit of its kind (maxFileBytes): reported here, never read. */
  oversize: boolean;
}

export interface DataTree {
  entries: DataFileEntry[];
  problems: Problem[];
}

/** A name as it is safe to print: control and non-ASCII characters escaped. */
export function printableName(name: string): string {
  return /^[\x20-\x7e]*$/.test(name)
    ? name
    : JSON.stringify(name)
        .slice(1, -1)
        .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export type Verdict =
  | { accept: 'data'; kind: FileKind }
  | { accept: 'descend' }
  | { accept: 'ignore' }
  | { reject: string; rule: string; hint: string };

const LAYOUT_HINT =
  'launches go in data/launches/<year>/, events in data/events/<year>/, reference data in data/reference/';

/**
 * What to do with one entry of the data folder, from its path (segments under the
 * data folder) and its type. Pure: the walker below does the I/O.
 */
export function classifyEntry(segments: readonly string[], type: EntryType): Verdict {
  const name = segments[segments.length - 1];
  const [top] = segments;
  if (type === 'symlink')
    return {
      reject: 'is a symbolic link; the data folder holds only plain files and folders',
      rule: 'symlink',
      hint: 'replace the link with the file itself',
    };
  if (type === 'other')
    return {
      reject: 'is not a plain file or folder (a device, socket or FIFO)',
      rule: 'not-a-file',
      hint: 'remove it',
    };
  if (type === 'file' && HARMLESS_FILES.has(name)) return { accept: 'ignore' };
  if (!SAFE_NAME.test(name)) {
    return {
      reject: 'has a name with characters other than ASCII letters, digits, ".", "_" and "-"',
      rule: 'bad-file-name',
      hint: "rename it, e.g. after the record's slug",
    };
  }
  if (type === 'directory') {
    if (segments.length === 1) {
      return ['launches', 'events', 'reference', 'schemas', 'history'].includes(name)
        ? { accept: 'descend' }
        : { reject: 'is not a folder of the data layout', rule: 'unexpected-file', hint: LAYOUT_HINT };
    }
    if ((top === 'launches' || top === 'events' || top === 'history') && segments.length - 1 <= MAX_FOLDER_DEPTH)
      return { accept: 'descend' };
    return {
      reject:
        top === 'launches' || top === 'events' || top === 'history'
          ? `is nested more than ${MAX_FOLDER_DEPTH} folders deep`
          : 'is a folder where none belongs',
      rule: 'unexpected-file',
      hint: LAYOUT_HINT,
    };
  }
  if (top === 'schemas' && segments.length === 2 && name.endsWith('.json')) return { accept: 'ignore' };
  if (segments.length === 1 && name === LL2_SYNC_FILE) return { accept: 'data', kind: 'll2-sync' };
  if (DATA_FILE.test(name) && segments.length >= 2) {
    if (top === 'launches') return { accept: 'data', kind: 'launch' };
    if (top === 'events') return { accept: 'data', kind: 'event' };
    if (top === 'history') return { accept: 'data', kind: 'history' };
    if (top === 'reference' && segments.length === 2) return { accept: 'data', kind: 'reference' };
  }
  return {
    reject: 'is not a data file the build reads',
    rule: 'unexpected-file',
    hint: `${LAYOUT_HINT}; data files end in .yaml`,
  };
}

function entryType(stats: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): EntryType {
  if (stats.isSymbolicLink()) return 'symlink';
  if (stats.isDirectory()) return 'directory';
  if (stats.isFile()) return 'file';
  return 'other';
}

const problemFor = (file: string, rule: string, message: string, hint: string): Problem => ({
  severity: 'error',
  file,
  line: 1,
  col: 1,
  rule,
  field: '',
  message,
  hint,
});

/**
 * Every data file under `dataDir` (sorted by path), and a problem for every entry
 * that does not belong. Nothing is followed through a symbolic link and no file is read.
 */
export async function scanDataDir(dataDir: string, display: (absolute: string) => string): Promise<DataTree> {
  const root = await lstat(dataDir).catch(() => undefined);
  if (!root?.isDirectory()) {
    const what = !root ? 'does not exist' : root.isSymbolicLink() ? 'is a symbolic link' : 'is not a folder';
    return {
      entries: [],
      problems: [
        problemFor(
          display(dataDir),
          'no-data-folder',
          `the data folder ${what}`,
          'pass the folder that holds launches/, events/ and reference/ with --data-dir (or DATA_DIR)',
        ),
      ],
    };
  }
  const entries: DataFileEntry[] = [];
  const problems: Problem[] = [];
  let seen = 0;
  const walk = async (segments: string[]): Promise<void> => {
    const folder = path.join(dataDir, ...segments);
    // Synchronous calls: thousands of tiny metadata look-ups are many times faster without a thread-pool round trip each.
    const names = readdirSync(folder).sort();
    for (const name of names) {
      if (++seen > MAX_ENTRIES) {
        if (seen === MAX_ENTRIES + 1)
          problems.push(
            problemFor(
              display(dataDir),
              'too-many-files',
              `the data folder holds more than ${MAX_ENTRIES} files and folders`,
              'remove what is not data',
            ),
          );
        return;
      }
      const absolute = `${folder}${path.sep}${name}`;
      const stats = lstatSync(absolute);
      const relativeSegments = [...segments, name];
      // Named in messages only: most files have none, and placing a path is not free.
      const shown = () => display(path.join(folder, printableName(name)));
      const verdict = classifyEntry(relativeSegments, entryType(stats));
      if ('reject' in verdict) {
        problems.push(problemFor(shown(), verdict.rule, verdict.reject, verdict.hint));
      } else if (verdict.accept === 'descend') {
        await walk(relativeSegments);
      } else if (verdict.accept === 'data') {
        const limit = maxFileBytes(verdict.kind);
        const oversize = stats.size > limit;
        if (oversize)
          problems.push(
            problemFor(
              shown(),
              'file-too-large',
              `file is ${stats.size} bytes, the limit is ${limit}`,
              'split the record or shorten its text fields',
            ),
          );
        entries.push({
          kind: verdict.kind,
          relative: relativeSegments.join('/'),
          absolute,
          size: stats.size,
          stamp: fileStamp(stats),
          oversize,
        });
      }
    }
  };
  await walk([]);
  return { entries, problems };
}
