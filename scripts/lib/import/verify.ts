// The data folder as it would be after the import, checked exactly as
// `npm run validate` checks it, before anything is written. Errors the folder
// already had are told apart from errors the import would bring.

import { checkData } from '../data/check.ts';
import { checkFile } from '../data/file-check.ts';
import type { LoadedFile, LoadResult } from '../data/files.ts';
import type { Problem } from '../data/problems.ts';
import { createFileValidator, type FileValidator } from '../data/schema-check.ts';
import { lazySourceFile, maxFileBytes, parseYamlSource } from '../data/source.ts';
import type { ImportFile } from './run.ts';

let validator: FileValidator | undefined;

/**
 * A reference file the import updated entry by entry (splice.ts), as parsed and
 * checked: the file before passed every check of its own, so the file after does
 * when each entry written passes them on its own (the schema is per key and
 * record, the canonical form per entry); the other entries' values are the file's
 * before. Undefined when anything is amiss: the caller parses and checks the whole
 * file, so that a problem is reported with its place in it.
 */
function splicedFile(file: ImportFile, previous: LoadedFile | undefined, name: string): LoadedFile | undefined {
  const entries = file.entries;
  if (
    !entries ||
    !previous ||
    previous.kind !== 'reference' ||
    !previous.checked ||
    previous.checked.content.length > 0 ||
    previous.checked.form
  )
    return undefined;
  const bytes = Buffer.from(file.content, 'utf8');
  if (bytes.length > maxFileBytes('reference') || new Set(entries.keys).size !== entries.keys.length) return undefined;
  const before = previous.value as Record<string, unknown>;
  const written = new Map<string, unknown>();
  for (const [key, text] of entries.written) {
    const parsed = parseYamlSource(file.path, Buffer.from(text, 'utf8'), maxFileBytes('reference'));
    if (!parsed.file || parsed.problems.length > 0) return undefined;
    const checked = checkFile(
      Object.assign(parsed.file, { kind: 'reference' as const, name }),
      (validator ??= createFileValidator()),
    );
    const value = parsed.file.value as Record<string, unknown> | null;
    if (
      checked.content.length > 0 ||
      checked.form ||
      value === null ||
      typeof value !== 'object' ||
      Object.keys(value).join() !== key
    )
      return undefined;
    written.set(key, value[key]);
  }
  const value: Record<string, unknown> = {};
  for (const key of entries.keys) {
    if (!written.has(key) && !Object.hasOwn(before, key)) return undefined;
    value[key] = written.has(key) ? written.get(key) : before[key];
  }
  return Object.assign(lazySourceFile(file.path, bytes, value), {
    kind: 'reference' as const,
    name,
    checked: { content: [] },
  });
}

const kindOf = (path: string): LoadedFile['kind'] =>
  path.startsWith('launches/')
    ? 'launch'
    : path.startsWith('events/')
      ? 'event'
      : path.startsWith('history/')
        ? 'history'
        : 'reference';

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
  const previous = new Map(loaded.files.map((f) => [f.path, f]));
  for (const file of files) {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
    const spliced = splicedFile(file, previous.get(file.path), name);
    if (spliced) {
      parsedFiles.push(spliced);
      continue;
    }
    const parsed = parseYamlSource(file.path, Buffer.from(file.content, 'utf8'), maxFileBytes(kindOf(file.path)));
    problems.push(...parsed.problems);
    if (parsed.file) {
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
