// The data folder as it would be after the import, checked exactly as
// `npm run validate` checks it, before anything is written. Errors the folder
// already had are told apart from errors the import would bring.

import { checkData } from '../data/check.ts';
import type { LoadedFile, LoadResult } from '../data/files.ts';
import type { Problem } from '../data/problems.ts';
import { maxFileBytes, parseYamlSource } from '../data/source.ts';
import type { ImportFile } from './run.ts';

const kindOf = (path: string): LoadedFile['kind'] =>
  path.startsWith('launches/') ? 'launch' : path.startsWith('events/') ? 'event' : 'reference';

/** Which error it is, not how it is worded (a "did you mean" can change once reference data arrives). */
const signature = (p: Problem): string => `${p.file}\u0000${p.rule}\u0000${p.field}`;

export interface Verification {
  /** Every problem of the folder after the import (errors and warnings). */
  problems: Problem[];
  /** Errors that the folder did not have before the import: these block writing. */
  newErrors: Problem[];
  /** Errors the folder already had (not the import's doing). */
  existingErrors: Problem[];
  /** The files of the import as parsed and checked here (their own checks in `checked`). */
  parsed: LoadedFile[];
}

/**
 * `loaded` is the folder as loaded with paths relative to it; `files` replace or
 * add files at the same relative paths.
 */
export function verifyImport(loaded: LoadResult, files: readonly ImportFile[], now: number): Verification {
  const before = checkData(loaded, now).problems;
  // Nothing replaced or added: the folder after is the folder before, checked once.
  if (files.length === 0) {
    const errors = before.filter((p) => p.severity === 'error');
    return { problems: before, newErrors: [], existingErrors: errors, parsed: [] };
  }
  const baseline = new Set(before.filter((p) => p.severity === 'error').map(signature));
  const replaced = new Set(files.map((f) => f.path));
  const problems: Problem[] = [...loaded.problems.filter((p) => !replaced.has(p.file))];
  const result: LoadedFile[] = loaded.files.filter((f) => !replaced.has(f.path));
  const parsedFiles: LoadedFile[] = [];
  for (const file of files) {
    const parsed = parseYamlSource(file.path, Buffer.from(file.content, 'utf8'), maxFileBytes(kindOf(file.path)));
    problems.push(...parsed.problems);
    if (parsed.file) {
      const name = file.path.slice(file.path.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
      parsedFiles.push({ ...parsed.file, kind: kindOf(file.path), name });
    }
  }
  result.push(...parsedFiles);
  result.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const unreadable = loaded.unreadable.filter((u) => !files.some((f) => f.path.endsWith(`/${u.name}.yaml`)));
  const after = checkData({ files: result, unreadable, problems }, now).problems;
  const errors = after.filter((p) => p.severity === 'error');
  return {
    problems: after,
    newErrors: errors.filter((p) => !baseline.has(signature(p))),
    existingErrors: errors.filter((p) => baseline.has(signature(p))),
    parsed: parsedFiles,
  };
}
