// From loaded files to a checked data set: each file's own checks (file-check.ts),
// then the rules across records (rules/). Every problem is collected; none throws.
// A launch or event that failed its own checks still goes through the rules, with
// the top-level fields that failed left out (partialRecord): one bad value does not
// hide the file's other problems (an unknown pad, a window out of order). Such a
// record never enters the data set.

import { CONFIG_LIST_KINDS } from '../../schemas/config-lists.ts';
import {
  REFERENCE_FILES,
  REFERENCE_KINDS,
  STARSHIP_DASHBOARD_FILE,
  type FileReferenceKind as ReferenceKind,
} from '../../schemas/data-files.ts';
import { checkFile } from './file-check.ts';
import type { LoadedFile, LoadResult } from './files.ts';
import type { DataSet, EventRecord, LaunchRecord, ReferenceData, ReferenceRecord } from '../model/records.ts';
import { compareProblems, type Problem } from './problems.ts';
import { capProblems } from './problem-cap.ts';
import { checkRules, type RecordSource } from './rules/index.ts';
import type { Target } from '../model/references.ts';
import type { LaunchHistory } from '../model/history.ts';
import { createFileValidator, type FileValidator } from './schema-check.ts';

export interface CheckResult {
  /** Present only when there is no error (warnings allowed). */
  dataset?: DataSet;
  problems: Problem[];
}

const KIND_BY_FILE = new Map(Object.entries(REFERENCE_FILES).map(([kind, file]) => [file, kind as ReferenceKind]));

export function emptyReferenceData(): ReferenceData {
  // The config lists are empty here: the build fills them from the records (model/config-lists.ts).
  return Object.fromEntries(
    [...Object.keys(REFERENCE_KINDS), ...CONFIG_LIST_KINDS].map((k) => [k, new Map()]),
  ) as unknown as ReferenceData;
}

let sharedValidator: FileValidator | undefined;

/**
 * The record without the top-level fields its own problems name: what is left
 * passed the schema field by field, so the rules can read it. Undefined when a
 * problem concerns the whole file (not a mapping, say): nothing is left to check.
 */
export function partialRecord(value: unknown, problems: readonly Problem[]): Record<string, unknown> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const failed = new Set<string>();
  for (const p of problems) {
    const top = p.field.split('.')[0];
    if (top === '') return undefined;
    failed.add(top);
  }
  return Object.fromEntries(Object.entries(value).filter(([key]) => !failed.has(key)));
}

export function checkData(
  loaded: LoadResult,
  now: number,
  validateFile: FileValidator = (sharedValidator ??=
    createFileValidator()),
): CheckResult {
  const problems: Problem[] = [...loaded.problems];
  const launches: RecordSource<LaunchRecord>[] = [];
  const events: RecordSource<EventRecord>[] = [];
  // What the rules check, in file order: the records above, and those that failed their own
  // checks without the failed fields (never published).
  const ruleLaunches: RecordSource<LaunchRecord>[] = [];
  const ruleEvents: RecordSource<EventRecord>[] = [];
  const histories: RecordSource<LaunchHistory>[] = [];
  const referenceFiles = new Map<ReferenceKind, LoadedFile>();
  const reference = emptyReferenceData();
  let ll2Sync: DataSet['ll2Sync'];
  let starshipDashboard: { value: NonNullable<DataSet['starshipDashboard']>; file: LoadedFile } | undefined;

  // Keys of records that failed their schema still count as existing, so one bad
  // file is reported once rather than again by every record that refers to it.
  const invalidKeys = new Map<Target, Set<string>>();
  const remember = (target: Target, keys: string[]) =>
    invalidKeys.set(target, new Set([...(invalidKeys.get(target) ?? []), ...keys]));
  const unchecked = new Set<Target>(
    loaded.unreadable
      .map((u) => (u.kind === 'reference' ? KIND_BY_FILE.get(u.name) : u.kind === 'launch' ? 'launches' : undefined))
      .filter((t): t is Target => t !== undefined),
  );

  for (const file of loaded.files) {
    file.checked ??= checkFile(file, validateFile);
    const fileProblems = file.checked.content;
    problems.push(...fileProblems);
    if (file.checked.form) problems.push(file.checked.form);
    if (fileProblems.length > 0) {
      const value = file.value as Record<string, unknown> | null;
      if (file.kind === 'launch' && typeof value?.id === 'string') remember('launches', [value.id]);
      if (file.kind === 'reference' && KIND_BY_FILE.has(file.name) && value && typeof value === 'object')
        remember(KIND_BY_FILE.get(file.name)!, Object.keys(value));
      const partial = file.kind === 'reference' ? undefined : partialRecord(value, fileProblems);
      if (partial && file.kind === 'launch')
        ruleLaunches.push({ record: partial as unknown as LaunchRecord, file, at: [] });
      if (partial && file.kind === 'event')
        ruleEvents.push({ record: partial as unknown as EventRecord, file, at: [] });
      continue;
    }
    if (file.kind === 'launch') {
      const source = { record: file.value as LaunchRecord, file, at: [] };
      launches.push(source);
      ruleLaunches.push(source);
    } else if (file.kind === 'event') {
      const source = { record: file.value as EventRecord, file, at: [] };
      events.push(source);
      ruleEvents.push(source);
    } else if (file.kind === 'reference' && file.name === STARSHIP_DASHBOARD_FILE) {
      starshipDashboard = { value: (file.value ?? {}) as NonNullable<DataSet['starshipDashboard']>, file };
    } else if (file.kind === 'reference') {
      const kind = KIND_BY_FILE.get(file.name) as ReferenceKind;
      referenceFiles.set(kind, file);
      reference[kind] = new Map(Object.entries(file.value as Record<string, ReferenceRecord>));
    } else if (file.kind === 'll2-sync') ll2Sync = file.value as DataSet['ll2Sync'];
    else if (file.kind === 'history') histories.push({ record: file.value as LaunchHistory, file, at: [] });
  }

  const digests = new Map<object, string>();
  for (const source of [...launches, ...events]) if (source.file.hash) digests.set(source.record, source.file.hash);
  const dataset: DataSet = {
    launches: launches.map((s) => s.record),
    events: events.map((s) => s.record),
    reference,
    digests,
    ...(ll2Sync ? { ll2Sync } : {}),
    ...(starshipDashboard ? { starshipDashboard: starshipDashboard.value } : {}),
    ...(histories.length ? { history: new Map(histories.map((h) => [h.record.launch, h.record])) } : {}),
  };
  problems.push(
    ...checkRules({
      launches: ruleLaunches,
      events: ruleEvents,
      histories,
      referenceFiles,
      dashboardFile: starshipDashboard?.file,
      dataset,
      now,
      invalidKeys,
      unchecked,
    }),
  );
  problems.sort(compareProblems);
  const failed = problems.some((p) => p.severity === 'error');
  // At most MAX_PROBLEMS_PER_FILE per file (problem-cap.ts): a hostile file cannot flood the report.
  const shown = capProblems(problems);
  return failed ? { problems: shown } : { dataset, problems: shown };
}
