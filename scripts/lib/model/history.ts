// A launch's history of dates and statuses (data/history/, docs/history.md): the
// shape of a history file, and the pure operations on it. In: a launch record, or
// a history; out: the tracked values of a record, the values a history ends with
// (its first sighting with every change applied), the changes between two states.
// No I/O, no clock.

import { HISTORY_FIELDS } from '../../schemas/data-files.ts';

/** What a history reads of a launch record (records.ts's LaunchRecord has these fields). */
export interface TrackedRecord {
  name?: string;
  net?: string;
  net_precision?: string | null;
  window_start?: string;
  window_end?: string;
  status?: string;
  probability?: number | null;
  pad?: string;
  rocket?: { configuration?: string };
}

/** The fields a history follows, in the order files and feeds list them: the data file's own list. */
export { HISTORY_FIELDS };
export type HistoryField = (typeof HISTORY_FIELDS)[number];

/** A value of a tracked field: a timestamp, a key of ours, a name, a probability, or null (not stated). */
export type HistoryValue = string | number | null;
export type TrackedValues = Record<HistoryField, HistoryValue>;

/**
 * Where a value was seen:
 * - `ll2-list`: LL2's upcoming list at that hour, as a named project saved it (`saved_by`);
 * - `ll2-sync`: a run of `npm run sync:ll2` (its clock);
 * - `pull-request`: a change made by hand in this repository;
 * - `record`: the launch record's own source (its provenance), dated by its `last_updated`.
 */
export const HISTORY_SOURCES = ['ll2-list', 'll2-sync', 'pull-request', 'record'] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];

interface Sighting {
  /** When the value was first seen (UTC). */
  seen: string;
  source: HistorySource;
  /** The project that saved what was seen (`owner/repo`), for `ll2-list`. */
  saved_by?: string;
  /** LL2's `last_updated` of the version seen, when the source is LL2. */
  ll2_last_updated?: string;
}

/** The first sighting: every tracked value as it was then. */
export type FirstSeen = Sighting & Partial<TrackedValues>;

/** A later sighting: each field that changed, as `[before, after]`. */
export type HistoryChange = Sighting & Partial<Record<HistoryField, [HistoryValue, HistoryValue]>>;

export interface LaunchHistory {
  /** The launch's id (data/launches/…). */
  launch: string;
  first_seen: FirstSeen;
  changes?: HistoryChange[];
}

/** The tracked values of a launch record (a field it leaves out is null). */
export function trackedValues(record: TrackedRecord): TrackedValues {
  return {
    name: record.name ?? null,
    net: record.net ?? null,
    net_precision: record.net_precision ?? null,
    window_start: record.window_start ?? null,
    window_end: record.window_end ?? null,
    status: record.status ?? null,
    probability: record.probability ?? null,
    pad: record.pad ?? null,
    configuration: record.rocket?.configuration ?? null,
  };
}

/** The values a history ends with: its first sighting, then every change's `after` in order. */
export function newestValues(history: LaunchHistory): TrackedValues {
  const values = Object.fromEntries(HISTORY_FIELDS.map((f) => [f, history.first_seen[f] ?? null])) as TrackedValues;
  for (const change of history.changes ?? []) {
    for (const field of HISTORY_FIELDS) {
      const pair = change[field];
      if (pair) values[field] = pair[1];
    }
  }
  return values;
}

/** The fields whose value differs between two states, in HISTORY_FIELDS order, as `[before, after]`. */
export function changedFields(
  before: TrackedValues,
  after: TrackedValues,
): Partial<Record<HistoryField, [HistoryValue, HistoryValue]>> {
  const out: Partial<Record<HistoryField, [HistoryValue, HistoryValue]>> = {};
  for (const field of HISTORY_FIELDS) if (before[field] !== after[field]) out[field] = [before[field], after[field]];
  return out;
}

/** Every sighting of a history, oldest first, with its index (0: the first sighting). */
export function sightings(history: LaunchHistory): Array<FirstSeen | HistoryChange> {
  return [history.first_seen, ...(history.changes ?? [])];
}

/** The history file of a launch filed at `launchPath` (relative to the data folder): the same path under `history/`. */
export const historyFilePath = (launchPath: string): string => launchPath.replace(/^launches\//, 'history/');
