// Rules across records, checked after every file passed its schema: unique ids
// and slugs, references that resolve, coherent dates.

import type { ReferenceKind } from '../schemas/data-files.ts';
import type { LoadedFile } from './load.ts';
import type { DataSet, EventRecord, LaunchRecord } from './model.ts';
import { closestKey, type Problem, type Severity } from './problems.ts';
import { locate, type PathSegment } from './source.ts';
import { toMillis } from './timestamps.ts';

/** LL2 status ids that mean the rocket has left the pad. */
export const FLOWN_STATUS_IDS: ReadonlySet<number> = new Set([3, 4, 6, 7, 9]);
/** LL2 status ids of a launch still waiting to fly (Go, TBD, Hold, TBC). */
export const WAITING_STATUS_IDS: ReadonlySet<number> = new Set([1, 2, 5, 8]);
export const SUCCESS_STATUS_ID = 3;
export const FAILURE_STATUS_IDS: ReadonlySet<number> = new Set([4, 7]);

export const DAY_MS = 24 * 60 * 60 * 1000;

export type Target = ReferenceKind | 'launches';

/** Where references sit in each kind of record; `*` stands for every item of a list. */
export const LAUNCH_REFERENCES: Array<[PathSegment[], ReferenceKind]> = [
  [['status'], 'launchStatuses'],
  [['net_precision'], 'netPrecisions'],
  [['launch_service_provider'], 'agencies'],
  [['rocket', 'configuration'], 'launcherConfigurations'],
  [['pad'], 'pads'],
  [['mission', 'type'], 'missionTypes'],
  [['mission', 'orbit'], 'orbits'],
  [['mission', 'agencies', '*'], 'agencies'],
  [['program', '*'], 'programs'],
  [['mission_patches', '*', 'agency'], 'agencies'],
];

export const EVENT_REFERENCES: Array<[PathSegment[], Target]> = [
  [['type'], 'eventTypes'],
  [['date_precision'], 'netPrecisions'],
  [['agencies', '*'], 'agencies'],
  [['launches', '*'], 'launches'],
  [['spacestations', '*'], 'spaceStations'],
  [['program', '*'], 'programs'],
];

/** References inside reference records, relative to one record. */
export const REFERENCE_REFERENCES: Partial<Record<ReferenceKind, Array<[PathSegment[], ReferenceKind]>>> = {
  agencies: [[['type'], 'agencyTypes'], [['country', '*'], 'countries']],
  orbits: [[['celestial_body'], 'celestialBodies']],
  launcherFamilies: [[['manufacturer', '*'], 'agencies'], [['parent'], 'launcherFamilies']],
  launcherConfigurations: [[['families', '*'], 'launcherFamilies'], [['manufacturer'], 'agencies'], [['program', '*'], 'programs']],
  locations: [[['celestial_body'], 'celestialBodies'], [['country'], 'countries']],
  pads: [[['location'], 'locations'], [['country'], 'countries'], [['agencies', '*'], 'agencies']],
  programs: [[['agencies', '*'], 'agencies'], [['mission_patches', '*', 'agency'], 'agencies']],
};

/**
 * Calls `found` with every concrete path and value matched by a pattern with `*`
 * wildcards. The path is one array reused along the walk: copy it to keep it.
 * (Runs for every reference of every record on every build: no generator, no copies.)
 */
function eachReference(value: unknown, pattern: readonly PathSegment[], found: (path: readonly PathSegment[], key: string) => void, depth = 0, path: PathSegment[] = []): void {
  if (depth === pattern.length) {
    if (typeof value === 'string') found(path, value);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const head = pattern[depth];
  if (head === '*') {
    if (!Array.isArray(value)) return;
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      eachReference(value[i], pattern, found, depth + 1, path);
      path.pop();
    }
  } else {
    path.push(head);
    eachReference((value as Record<string, unknown>)[head as string], pattern, found, depth + 1, path);
    path.pop();
  }
}

function problem(file: LoadedFile, path: PathSegment[], rule: string, message: string, hint: string, severity: Severity = 'error', at: 'key' | 'value' = 'value'): Problem {
  const { line, col } = locate(file, path, at);
  return { severity, file: file.path, line, col, rule, field: path.join('.'), message, hint };
}

export interface RecordSource<T> {
  record: T;
  file: LoadedFile;
  /** Path of the record inside its file: empty for launches and events, `[key]` for reference records. */
  at: PathSegment[];
}

export interface CheckInput {
  launches: RecordSource<LaunchRecord>[];
  events: RecordSource<EventRecord>[];
  referenceFiles: Map<ReferenceKind, LoadedFile>;
  dataset: DataSet;
  now: number;
  /** Keys of records that exist but failed their schema (already reported). */
  invalidKeys?: Map<Target, Set<string>>;
  /** Kinds with a file that could not be parsed: references into them cannot be checked this run. */
  unchecked?: Set<Target>;
}

export function checkRules(input: CheckInput): Problem[] {
  return [
    ...checkUnique(input.launches, 'launch', (r) => r.id, ['id']),
    ...checkUnique(input.launches, 'launch', (r) => r.slug, ['slug']),
    ...checkUnique(input.events, 'event', (r) => String(r.id), ['id']),
    ...checkUnique(input.events, 'event', (r) => r.slug, ['slug']),
    ...checkReferenceIds(input),
    ...checkReferences(input),
    ...checkFamilyCycles(input),
    ...input.launches.flatMap((source) => checkLaunchDates(source, input)),
    ...input.launches.flatMap(checkSources),
    ...input.events.flatMap(checkSources),
  ];
}

function checkUnique<T>(sources: RecordSource<T>[], what: string, valueOf: (r: T) => string, field: PathSegment[]): Problem[] {
  const firstSeen = new Map<string, RecordSource<T>>();
  const problems: Problem[] = [];
  for (const source of sources) {
    const value = valueOf(source.record);
    const first = firstSeen.get(value);
    if (!first) {
      firstSeen.set(value, source);
      continue;
    }
    problems.push(problem(source.file, field, `duplicate-${field.join('.')}`,
      `${what} ${field.join('.')} "${value}" is already used by ${first.file.path}`,
      field[0] === 'id' ? `give this ${what} a new id${what === 'launch' ? ' (npm run new:launch prints a fresh UUID)' : ''}, or delete the duplicate file` : `choose another ${field.join('.')}`));
  }
  return problems;
}

function checkReferenceIds(input: CheckInput): Problem[] {
  const problems: Problem[] = [];
  for (const [kind, file] of input.referenceFiles) {
    const seen = new Map<number, string>();
    for (const [key, record] of input.dataset.reference[kind]) {
      if (typeof record.id !== 'number') continue;
      const first = seen.get(record.id);
      if (first === undefined) seen.set(record.id, key);
      else problems.push(problem(file, [key, 'id'], 'duplicate-id', `id ${record.id} is already used by "${first}"`, 'each record of a kind needs its own id; keep LL2\'s id where it has one'));
    }
  }
  return problems;
}

function keysOf(target: Target, input: CheckInput): Set<string> | Map<string, unknown> {
  return target === 'launches' ? new Set(input.dataset.launches.map((l) => l.id)) : input.dataset.reference[target];
}

function checkReferences(input: CheckInput): Problem[] {
  const problems: Problem[] = [];
  const launchIds = new Set(input.dataset.launches.map((l) => l.id));
  // A suggestion searches every key of the kind: only for the first few problems of a file (problem-cap.ts shows no more).
  const suggestionsLeft = new Map<LoadedFile, number>();
  const maySuggest = (file: LoadedFile): boolean => {
    const left = suggestionsLeft.get(file) ?? 50;
    suggestionsLeft.set(file, left - 1);
    return left > 0;
  };
  const resolve = (source: { file: LoadedFile; at: PathSegment[] }, value: unknown, patterns: Array<[PathSegment[], Target]>) => {
    for (const [pattern, target] of patterns) {
      if (input.unchecked?.has(target)) continue;
      const known = target === 'launches' ? launchIds : keysOf(target, input);
      eachReference(value, pattern, (path, key) => {
        if (known.has(key) || input.invalidKeys?.get(target)?.has(key)) return;
        const suggestion = target === 'launches' || !maySuggest(source.file) ? undefined : closestKey(key, (known as Map<string, unknown>).keys());
        const fullPath = [...source.at, ...path];
        problems.push(problem(source.file, fullPath, 'unknown-reference',
          `unknown ${describeTarget(target)} "${key}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
          suggestion ? `write "${suggestion}", or add "${key}" to data/reference/` : `add "${key}" to ${target === 'launches' ? 'data/launches/' : `data/reference/`} or fix the key`));
      });
    }
  };
  for (const s of input.launches) resolve(s, s.record, LAUNCH_REFERENCES);
  for (const s of input.events) resolve(s, s.record, EVENT_REFERENCES);
  for (const [kind, file] of input.referenceFiles) {
    const patterns = REFERENCE_REFERENCES[kind];
    if (!patterns) continue;
    for (const [key, record] of input.dataset.reference[kind]) resolve({ file, at: [key] }, record, patterns);
  }
  return problems;
}

function describeTarget(target: Target): string {
  const words: Record<Target, string> = {
    launches: 'launch id', countries: 'country', agencyTypes: 'agency type', agencies: 'agency', celestialBodies: 'celestial body',
    orbits: 'orbit', missionTypes: 'mission type', launchStatuses: 'launch status', netPrecisions: 'NET precision',
    eventTypes: 'event type', launcherFamilies: 'launcher family', launcherConfigurations: 'launcher configuration',
    locations: 'location', pads: 'pad', programs: 'program', spaceStations: 'space station',
  };
  return words[target];
}

function checkFamilyCycles(input: CheckInput): Problem[] {
  const file = input.referenceFiles.get('launcherFamilies');
  const families = input.dataset.reference.launcherFamilies;
  if (!file) return [];
  const problems: Problem[] = [];
  for (const start of families.keys()) {
    const seen = new Set<string>([start]);
    let current = families.get(start)?.parent;
    while (typeof current === 'string' && families.has(current)) {
      if (seen.has(current)) {
        if (current === start) problems.push(problem(file, [start, 'parent'], 'reference-cycle', `launcher family "${start}" is its own ancestor`, 'break the cycle of "parent" keys'));
        break;
      }
      seen.add(current);
      current = families.get(current)?.parent;
    }
  }
  return problems;
}

function checkLaunchDates({ record, file }: RecordSource<LaunchRecord>, input: CheckInput): Problem[] {
  const problems: Problem[] = [];
  const net = toMillis(record.net);
  if (toMillis(record.window_start) > net) {
    problems.push(problem(file, ['window_start'], 'window-order', `window_start ${record.window_start} is after net ${record.net}`, 'window_start must be at or before net'));
  }
  if (toMillis(record.window_end) < net) {
    problems.push(problem(file, ['window_end'], 'window-order', `window_end ${record.window_end} is before net ${record.net}`, 'window_end must be at or after net'));
  }
  const status = input.dataset.reference.launchStatuses.get(record.status);
  if (status && FLOWN_STATUS_IDS.has(Number(status.id)) && net > input.now) {
    problems.push(problem(file, ['status'], 'flown-in-future', `status "${record.status}" says the launch has flown, but net ${record.net} is in the future`,
      'correct the date, or use a status for a launch still to come (go, tbd, tbc)'));
  }
  if (status && WAITING_STATUS_IDS.has(Number(status.id)) && net < input.now - DAY_MS) {
    problems.push(problem(file, ['net'], 'stale-net', `net ${record.net} has passed but status is still "${record.status}"`,
      'record the outcome (success, failure, …) or move the NET to the new date', 'warning'));
  }
  return problems;
}

function checkSources({ record, file }: RecordSource<LaunchRecord | EventRecord>): Problem[] {
  if ((record.info_urls?.length ?? 0) + (record.vid_urls?.length ?? 0) > 0) return [];
  return [problem(file, [], 'missing-source', 'the record cites no source', 'add the page that states this date or outcome to info_urls', 'warning')];
}
