// What reading the data folder hands to the checks: each YAML file parsed, with
// its kind (launch, event, reference, the LL2 sync state), positions for messages, and what its own
// checks found once known. Types and naming only; load.ts does the reading.

import path from 'node:path';
import type { Problem } from './problems.ts';
import type { SourceFile } from './source.ts';

export type FileKind = 'launch' | 'event' | 'reference' | 'll2-sync' | 'history';

export interface LoadedFile extends SourceFile {
  kind: FileKind;
  /** For reference files: the file name without `.yaml`. */
  name: string;
  /** Hash of the file's bytes, when a record cache is in use. */
  hash?: string;
  /** The file's size, time and inode when it was read (record-cache.ts). */
  stamp?: string;
  /** Results of the per-file checks, once known (check.ts); a cached file is known clean. */
  checked?: { content: Problem[]; form?: Problem };
}

export interface LoadResult {
  files: LoadedFile[];
  /** Files that could not be parsed at all, by kind and name. */
  unreadable: Array<{ kind: FileKind; name: string }>;
  problems: Problem[];
}

/** How a file is named in messages: relative to the working directory when inside it. */
export function displayPath(absolute: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, absolute);
  return relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative.split(path.sep).join('/');
}
