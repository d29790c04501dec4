// A launch's history of dates and statuses (data/history/, docs/history.md): the
// shape of a history file, and the pure operations on it. In: a launch record, or
// a history; out: the tracked values of a record, the values a history ends with
// (its first sighting with every change applied), the changes between two states,
// the NET's moves in a span before a clock, and when a record last heard from LL2.
// No I/O; the clock is passed in.

import { HISTORY_FIELDS } from '../../schemas/data-files.ts';
import { DATA_CREDIT } from './credit.ts';

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

/** How a launch's NET moved within a span of time: from the NET before the first move to the NET after the last. */
export interface NetMove {
  /** The NET before the first move of the span, and after its last. */
  from: string;
  to: string;
  /** `to` minus `from`, in seconds (later is positive; 0 when it moved and came back). */
  seconds: number;
  /** How many times it moved in the span. */
  moves: number;
  /** When the last move was seen. */
  seen: string;
}

/**
 * The NET moves a history saw in the `spanMs` before `now` (after `now − spanMs`,
 * up to `now`; none after the clock), as one move; null when the NET did not
 * move then. Moves from or to "not stated" are left out: they have no size.
 */
export function recentNetMove(history: LaunchHistory, now: number, spanMs: number): NetMove | null {
  let first: string | null = null;
  let last: { to: string; seen: string } | null = null;
  let moves = 0;
  for (const change of history.changes ?? []) {
    const pair = change.net;
    const at = Date.parse(change.seen);
    if (!pair || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') continue;
    if (!(at > now - spanMs && at <= now)) continue;
    first ??= pair[0];
    last = { to: pair[1], seen: change.seen };
    moves += 1;
  }
  if (first === null || last === null) return null;
  const move: NetMove = {
    from: first,
    to: last.to,
    seconds: (Date.parse(last.to) - Date.parse(first)) / 1000,
    moves,
    seen: last.seen,
  };
  return move;
}

/** The sources of a sighting that heard from LL2 itself (a pull request did not). */
const LL2_SOURCES: ReadonlySet<HistorySource> = new Set(['ll2-list', 'll2-sync', 'record']);

/**
 * When a launch's data last heard from LL2, as its own sources state it: the
 * latest of its `last_updated` (when its provenance credits LL2) and each sighting
 * of its history that came from LL2 (`seen`, and LL2's `ll2_last_updated` of it).
 * null when no source of the record is LL2.
 */
export function lastHeardOf(
  launch: { last_updated?: string; provenance?: { credit?: string } },
  history: LaunchHistory | undefined,
): number | null {
  let newest = -Infinity;
  if (launch.provenance?.credit === DATA_CREDIT.name && launch.last_updated)
    newest = Math.max(newest, Date.parse(launch.last_updated));
  for (const sighting of history ? sightings(history) : []) {
    if (!LL2_SOURCES.has(sighting.source)) continue;
    newest = Math.max(newest, Date.parse(sighting.seen));
    if (sighting.ll2_last_updated) newest = Math.max(newest, Date.parse(sighting.ll2_last_updated));
  }
  return Number.isFinite(newest) ? newest : null;
}
