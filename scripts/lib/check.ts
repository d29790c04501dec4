// From loaded files to a checked data set: schema per file, then rules across records.

import { REFERENCE_FILES, REFERENCE_KINDS, type ReferenceKind } from '../schemas/data-files.ts';
import { canonicalFormProblem } from './canonical.ts';
import type { LoadedFile, LoadResult } from './load.ts';
import type { DataSet, EventRecord, LaunchRecord, ReferenceData, ReferenceRecord } from './model.ts';
import { compareProblems, type Problem } from './problems.ts';
import { capProblems } from './problem-cap.ts';
import { TODO } from './scaffold.ts';
import { locate, type PathSegment } from './source.ts';
import { checkRules, type RecordSource, type Target } from './rules.ts';
import { createFileValidator, type FileValidator } from './schema-check.ts';

export interface CheckResult {
  /** Present only when there is no error (warnings allowed). */
  dataset?: DataSet;
  problems: Problem[];
}

const KIND_BY_FILE = new Map(Object.entries(REFERENCE_FILES).map(([kind, file]) => [file, kind as ReferenceKind]));

export function emptyReferenceData(): ReferenceData {
  return Object.fromEntries(Object.keys(REFERENCE_KINDS).map((k) => [k, new Map()])) as unknown as ReferenceData;
}

/** Placeholders left from `npm run new:launch` / `new:event`: each must be replaced. */
function unfilledFields(file: LoadedFile): Problem[] {
  const found: Problem[] = [];
  const visit = (value: unknown, path: PathSegment[]) => {
    if (typeof value === 'string' && value.includes(TODO)) {
      const { line, col } = locate(file, path);
      found.push({ severity: 'error', file: file.path, line, col, rule: 'unfilled-template', field: path.join('.'), message: `"${value}" is a placeholder`, hint: 'replace the TODO with the real value (see data/reference/ for keys)' });
    } else if (Array.isArray(value)) value.forEach((item, i) => visit(item, [...path, i]));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
  };
  if (file.kind !== 'reference') visit(file.value, []);
  return found;
}

/**
 * The checks of one file on its own: placeholders, its schema, then (only once the
 * content is valid) its canonical form. What the record cache remembers as clean.
 */
export function checkFile(file: LoadedFile, validateFile: FileValidator): { content: Problem[]; form?: Problem } {
  const todos = unfilledFields(file);
  const todoFields = new Set(todos.map((p) => p.field));
  const content = [...todos, ...validateFile(file).filter((p) => !todoFields.has(p.field))];
  // Form is checked only once the content is valid: fix what is wrong before how it looks.
  return { content, form: content.length === 0 ? canonicalFormProblem(file) : undefined };
}

let sharedValidator: FileValidator | undefined;

export function checkData(loaded: LoadResult, now: number, validateFile: FileValidator = (sharedValidator ??= createFileValidator())): CheckResult {
  const problems: Problem[] = [...loaded.problems];
  const launches: RecordSource<LaunchRecord>[] = [];
  const events: RecordSource<EventRecord>[] = [];
  const referenceFiles = new Map<ReferenceKind, LoadedFile>();
  const reference = emptyReferenceData();

  // Keys of records that failed their schema still count as existing, so one bad
  // file is reported once rather than again by every record that refers to it.
  const invalidKeys = new Map<Target, Set<string>>();
  const remember = (target: Target, keys: string[]) => invalidKeys.set(target, new Set([...(invalidKeys.get(target) ?? []), ...keys]));
  const unchecked = new Set<Target>(loaded.unreadable.map((u) => (u.kind === 'reference' ? KIND_BY_FILE.get(u.name) : u.kind === 'launch' ? 'launches' : undefined)).filter((t): t is Target => t !== undefined));

  for (const file of loaded.files) {
    file.checked ??= checkFile(file, validateFile);
    const fileProblems = file.checked.content;
    problems.push(...fileProblems);
    if (file.checked.form) problems.push(file.checked.form);
    if (fileProblems.length > 0) {
      const value = file.value as Record<string, unknown> | null;
      if (file.kind === 'launch' && typeof value?.id === 'string') remember('launches', [value.id]);
      if (file.kind === 'reference' && KIND_BY_FILE.has(file.name) && value && typeof value === 'object') remember(KIND_BY_FILE.get(file.name)!, Object.keys(value));
      continue;
    }
    if (file.kind === 'launch') launches.push({ record: file.value as LaunchRecord, file, at: [] });
    else if (file.kind === 'event') events.push({ record: file.value as EventRecord, file, at: [] });
    else {
      const kind = KIND_BY_FILE.get(file.name) as ReferenceKind;
      referenceFiles.set(kind, file);
      reference[kind] = new Map(Object.entries(file.value as Record<string, ReferenceRecord>));
    }
  }

  const digests = new Map<object, string>();
  for (const source of [...launches, ...events]) if (source.file.hash) digests.set(source.record, source.file.hash);
  const dataset: DataSet = { launches: launches.map((s) => s.record), events: events.map((s) => s.record), reference, digests };
  problems.push(...checkRules({ launches, events, referenceFiles, dataset, now, invalidKeys, unchecked }));
  problems.sort(compareProblems);
  const failed = problems.some((p) => p.severity === 'error');
  // At most MAX_PROBLEMS_PER_FILE per file (problem-cap.ts): a hostile file cannot flood the report.
  const shown = capProblems(problems);
  return failed ? { problems: shown } : { dataset, problems: shown };
}
