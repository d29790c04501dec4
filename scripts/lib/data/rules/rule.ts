// What a rule across records is, what it is given, and the helpers rules share.
// Each rule is one module of this folder exporting a `Rule`; index.ts lists them
// (the shape of mdn/browser-compat-data's lint/linter/test-*.ts). Rules run after
// each file's own checks; they report problems and never throw. A launch or event
// whose own checks failed comes without the fields that failed (data/check.ts,
// partialRecord): a rule reads a field it needs through `present`/`timeOf`.

import type { FileReferenceKind as ReferenceKind } from '../../../schemas/data-files.ts';
import type { DataSet, PathSegment } from '../../model/records.ts';
import type { EventRecord, LaunchRecord } from '../../model/records.ts';
import type { Target } from '../../model/references.ts';
import type { LaunchHistory } from '../../model/history.ts';
import type { LoadedFile } from '../files.ts';
import type { Problem, Severity } from '../problems.ts';
import { locate } from '../source.ts';
import { toMillis } from '../../model/time.ts';

/** The instant of a timestamp field, or NaN when the field is absent (left out after failing its own check). */
export const timeOf = (value: string | undefined): number => (typeof value === 'string' ? toMillis(value) : NaN);

export interface RecordSource<T> {
  record: T;
  file: LoadedFile;
  /** Path of the record inside its file: empty for launches and events, `[key]` for reference records. */
  at: PathSegment[];
}

export interface CheckInput {
  launches: RecordSource<LaunchRecord>[];
  events: RecordSource<EventRecord>[];
  /** The history files (data/history/) that passed their own checks. */
  histories?: RecordSource<LaunchHistory>[];
  referenceFiles: Map<ReferenceKind, LoadedFile>;
  /** `reference/starship-dashboard.yaml`, when it passed its own checks (its record is the data set's `starshipDashboard`). */
  dashboardFile?: LoadedFile;
  dataset: DataSet;
  /** The clock: rules about the past and the future read it from here, never from the system. */
  now: number;
  /** Keys of records that exist but failed their schema (already reported). */
  invalidKeys?: Map<Target, Set<string>>;
  /** Kinds with a file that could not be parsed: references into them cannot be checked this run. */
  unchecked?: Set<Target>;
}

export interface Rule {
  /** The rule names its problems carry (`Problem.rule`). */
  names: readonly string[];
  description: string;
  check(input: CheckInput): Problem[];
}

/** A problem at a path of a record in its file, placed at the key or the value. */
export function problem(
  file: LoadedFile,
  path: PathSegment[],
  rule: string,
  message: string,
  hint: string,
  severity: Severity = 'error',
  at: 'key' | 'value' = 'value',
): Problem {
  const { line, col } = locate(file, path, at);
  return { severity, file: file.path, line, col, rule, field: path.join('.'), message, hint };
}
