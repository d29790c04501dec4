// Reading the data folder (the I/O edge of validation): every YAML file, parsed
// with its syntax tree. Nothing here knows what a launch is.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scanDataDir } from './data-tree.ts';
import { boundHeapGrowth } from '../base/memory-policy.ts';
import { hashBytes, type RecordCache } from './record-cache.ts';
import { stageFiles, type StageInput } from './file-stage.ts';
import { createFileValidator, type FileValidator } from './schema-check.ts';
import { lazySourceFile } from './source.ts';
import { displayPath, type FileKind, type LoadedFile, type LoadResult } from './files.ts';
import type { Problem } from './problems.ts';
import type { ProgressListener } from '../base/progress.ts';

const KINDS: FileKind[] = ['launch', 'event', 'reference', 'll2-sync', 'history'];

let validator: FileValidator | undefined;
const sharedValidator = (): FileValidator => (validator ??= createFileValidator());

export async function loadDataDir(
  dataDir: string,
  cwd = process.cwd(),
  cache?: RecordCache,
  validateFile?: FileValidator,
  progress?: ProgressListener,
): Promise<LoadResult> {
  const files: LoadedFile[] = [];
  const unreadable: LoadResult['unreadable'] = [];
  // Hostile-input guard (data-tree.ts): only plain .yaml files in the layout are read;
  // links, devices, stray and oversized files are problems, never opened.
  const tree = await scanDataDir(dataDir, (absolute) => displayPath(absolute, cwd));
  boundHeapGrowth(tree.entries.length); // memory-policy.ts: a large data set trades some speed for memory
  progress?.({ stage: 'reading', files: tree.entries.length });
  const problems: Problem[] = [...tree.problems];
  const nameOf = (relative: string) => path.basename(relative).replace(/\.ya?ml$/, '');
  // Every data file is named in messages as the data folder is, plus its path inside it.
  const shownDir = displayPath(path.join(dataDir), cwd);
  const shownPath = (relative: string) => (shownDir === '' ? relative : `${shownDir}/${relative}`);
  const misses: Array<StageInput & { hash?: string; stamp?: string; at: number }> = [];
  const results: Array<{ problems: Problem[]; file?: LoadedFile; kind: FileKind; name: string } | undefined> = [];
  for (const kind of KINDS) {
    const matches = tree.entries
      .filter((e) => e.kind === kind)
      .sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
    for (const { relative, absolute, oversize, stamp } of matches) {
      const name = nameOf(relative);
      if (oversize) {
        results.push({ problems: [], kind, name }); // reported by the scan
        continue;
      }
      const shown = shownPath(relative);
      if (cache) {
        const known = cache.byStamp(shown, stamp);
        if (known) {
          // Unchanged since it passed its checks: not even read (its text is read if a problem needs a place).
          results.push({
            problems: [],
            kind,
            name,
            file: Object.assign(
              lazySourceFile(shown, () => readFileSync(absolute), known.value),
              { kind, name, hash: known.hash, stamp, checked: { content: [] } },
            ),
          });
          continue;
        }
        const bytes = readFileSync(absolute); // many small files: synchronous reads are several times faster
        const hash = hashBytes(bytes);
        const value = cache.get(shown, hash);
        // A cached file passed every per-file check with exactly these bytes: no need to parse it.
        if (value !== undefined) {
          results.push({
            problems: [],
            kind,
            name,
            file: Object.assign(lazySourceFile(shown, bytes, value), {
              kind,
              name,
              hash,
              stamp,
              checked: { content: [] },
            }),
          });
          continue;
        }
        misses.push({ absolute, shown, kind, name, hash, stamp, at: results.length });
      } else {
        misses.push({ absolute, shown, kind, name, at: results.length });
      }
      results.push(undefined);
    }
  }
  // The validator (ajv and its compiled schemas) is made only when some file needs checking.
  const { results: staged } = misses.length
    ? await stageFiles(misses, validateFile ?? sharedValidator())
    : { results: [] };
  staged.forEach((result, i) => {
    const { at, kind, name, hash, stamp } = misses[i];
    if (result.file) Object.assign(result.file, { hash, stamp });
    results[at] = { ...result, kind, name };
  });
  for (const result of results) {
    problems.push(...result!.problems);
    if (result!.file) files.push(result!.file);
    else unreadable.push({ kind: result!.kind, name: result!.name });
  }
  return { files, unreadable, problems };
}
