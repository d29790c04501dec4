// Reading the data folder (the I/O edge of validation): every YAML file, parsed
// with its syntax tree. Nothing here knows what a launch is.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scanDataDir } from './data-tree.ts';
import { mapLimit } from './map-limit.ts';
import { hashBytes, type RecordCache } from './record-cache.ts';
import { lazySourceFile, parseYamlSource, type ParseResult, type SourceFile } from './source.ts';
import type { Problem } from './problems.ts';

export type FileKind = 'launch' | 'event' | 'reference';

export interface LoadedFile extends SourceFile {
  kind: FileKind;
  /** For reference files: the file name without `.yaml`. */
  name: string;
  /** Hash of the file's bytes, when a record cache is in use. */
  hash?: string;
  /** Results of the per-file checks, once known (check.ts); a cached file is known clean. */
  checked?: { content: Problem[]; form?: Problem };
}

export interface LoadResult {
  files: LoadedFile[];
  /** Files that could not be parsed at all, by kind and name. */
  unreadable: Array<{ kind: FileKind; name: string }>;
  problems: Problem[];
}

const KINDS: FileKind[] = ['launch', 'event', 'reference'];
const READ_CONCURRENCY = 64;

/** How a file is named in messages: relative to the working directory when inside it. */
export function displayPath(absolute: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, absolute);
  return relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative.split(path.sep).join('/');
}

export async function loadDataDir(dataDir: string, cwd = process.cwd(), cache?: RecordCache): Promise<LoadResult> {
  const files: LoadedFile[] = [];
  const unreadable: LoadResult['unreadable'] = [];
  // Hostile-input guard (data-tree.ts): only plain .yaml files in the layout are read;
  // links, devices, stray and oversized files are problems, never opened.
  const tree = await scanDataDir(dataDir, (absolute) => displayPath(absolute, cwd));
  const problems: Problem[] = [...tree.problems];
  for (const kind of KINDS) {
    const matches = tree.entries.filter((e) => e.kind === kind).sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
    const parsed = await mapLimit(matches, READ_CONCURRENCY, async ({ relative, absolute, oversize }): Promise<{ relative: string; result: ParseResult; hash?: string; cached?: boolean }> => {
      if (oversize) return { relative, result: { problems: [] } }; // reported by the scan
      const bytes = readFileSync(absolute); // many small files: synchronous reads are several times faster
      const shown = displayPath(absolute, cwd);
      if (!cache) return { relative, result: parseYamlSource(shown, bytes) };
      const hash = hashBytes(bytes);
      const value = cache.get(shown, hash);
      // A cached file passed every per-file check with exactly these bytes: no need to parse it.
      if (value !== undefined) return { relative, hash, cached: true, result: { file: lazySourceFile(shown, bytes.toString('utf8'), value), problems: [] } };
      return { relative, hash, result: parseYamlSource(shown, bytes) };
    });
    for (const { relative, result, hash, cached } of parsed) {
      problems.push(...result.problems);
      const name = path.basename(relative).replace(/\.ya?ml$/, '');
      // The source file was made for this call: extend it in place (a copy would run lazy getters).
      if (result.file) files.push(Object.assign(result.file, { kind, name, hash, checked: cached ? { content: [] } : undefined }));
      else unreadable.push({ kind, name });
    }
  }
  return { files, unreadable, problems };
}
