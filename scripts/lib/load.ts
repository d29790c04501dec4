// Reading the data folder (the I/O edge of validation): every YAML file, parsed
// with its syntax tree. Nothing here knows what a launch is.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { parseYamlSource, type SourceFile } from './source.ts';
import type { Problem } from './problems.ts';

export type FileKind = 'launch' | 'event' | 'reference';

export interface LoadedFile extends SourceFile {
  kind: FileKind;
  /** For reference files: the file name without `.yaml`. */
  name: string;
}

export interface LoadResult {
  files: LoadedFile[];
  /** Files that could not be parsed at all, by kind and name. */
  unreadable: Array<{ kind: FileKind; name: string }>;
  problems: Problem[];
}

const PATTERNS: Record<FileKind, string> = {
  launch: 'launches/**/*.{yaml,yml}',
  event: 'events/**/*.{yaml,yml}',
  reference: 'reference/*.{yaml,yml}',
};

/** How a file is named in messages: relative to the working directory when inside it. */
export function displayPath(absolute: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, absolute);
  return relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative.split(path.sep).join('/');
}

export async function loadDataDir(dataDir: string, cwd = process.cwd()): Promise<LoadResult> {
  const files: LoadedFile[] = [];
  const unreadable: LoadResult['unreadable'] = [];
  const problems: Problem[] = [];
  for (const kind of Object.keys(PATTERNS) as FileKind[]) {
    const matches = await fg(PATTERNS[kind], { cwd: dataDir, onlyFiles: true, dot: false, followSymbolicLinks: false });
    matches.sort();
    const parsed = await Promise.all(matches.map(async (relative) => {
      const absolute = path.join(dataDir, relative);
      return { relative, result: parseYamlSource(displayPath(absolute, cwd), await readFile(absolute)) };
    }));
    for (const { relative, result } of parsed) {
      problems.push(...result.problems);
      const name = path.basename(relative).replace(/\.ya?ml$/, '');
      if (result.file) files.push({ ...result.file, kind, name });
      else unreadable.push({ kind, name });
    }
  }
  return { files, unreadable, problems };
}
