// Seeding the launches' histories from a replay corpus (../shared/ll2-replay/
// format: LL2's hourly upcoming lists as a project saved them; docs/history.md).
// In: the corpus, the tables from LL2 ids to our keys (statuses, NET precisions,
// pads, rocket configurations), who saved the lists, and our launch records; out:
// one history per launch the corpus lists and we hold, each sighting dated by the
// list that first showed it, and the counts of what changed. Pure and
// deterministic: the same corpus and records give the same histories.

import type { JsonObject } from '../model/records.ts';
import {
  changedFields,
  newestValues,
  trackedValues,
  type LaunchHistory,
  type TrackedRecord,
  type TrackedValues,
} from '../model/history.ts';
import { formatTimestamp, toMillis } from '../model/time.ts';
import type { ReplayCorpus } from './sync/replay.ts';

/** LL2 id → our key, for each kind a history follows by key. */
export interface KeyTables {
  statuses: ReadonlyMap<number, string>;
  precisions: ReadonlyMap<number, string>;
  pads: ReadonlyMap<number, string>;
  configurations: ReadonlyMap<number, string>;
}

type Keyed = ReadonlyMap<string, { id?: unknown }>;

/** The tables from our reference records (each holds LL2's id). */
export function keyTables(reference: {
  launchStatuses: Keyed;
  netPrecisions: Keyed;
  pads: Keyed;
  launcherConfigurations: Keyed;
}): KeyTables {
  const table = (records: Keyed) =>
    new Map([...records].filter(([, r]) => typeof r.id === 'number').map(([key, r]) => [r.id as number, key]));
  return {
    statuses: table(reference.launchStatuses),
    precisions: table(reference.netPrecisions),
    pads: table(reference.pads),
    configurations: table(reference.launcherConfigurations),
  };
}

const idOf = (value: unknown): number | undefined => {
  const id = value && typeof value === 'object' ? (value as JsonObject).id : undefined;
  return typeof id === 'number' ? id : undefined;
};

/** A timestamp of LL2's in our form (UTC, whole seconds, `Z`), or null. */
const time = (value: unknown): string | null =>
  typeof value === 'string' && !Number.isNaN(toMillis(value)) ? formatTimestamp(toMillis(value)) : null;

/**
 * The followed values of an LL2 launch object (2.2.0 or 2.3.0), in our keys. A
 * nested object whose LL2 id has no record of ours is `null` and named in `missing`.
 */
export function ll2TrackedValues(object: JsonObject, keys: KeyTables, missing?: Set<string>): TrackedValues {
  const key = (table: ReadonlyMap<number, string>, value: unknown, what: string): string | null => {
    const id = idOf(value);
    if (id === undefined) return null;
    const found = table.get(id);
    if (found === undefined) missing?.add(`${what} ${id}`);
    return found ?? null;
  };
  const rocket = object.rocket as JsonObject | null | undefined;
  const probability = typeof object.probability === 'number' && object.probability >= 0 ? object.probability : null;
  return {
    name: typeof object.name === 'string' ? object.name : null,
    net: time(object.net),
    net_precision: key(keys.precisions, object.net_precision, 'NET precision'),
    window_start: time(object.window_start),
    window_end: time(object.window_end),
    status: key(keys.statuses, object.status, 'status'),
    probability,
    pad: key(keys.pads, object.pad, 'pad'),
    configuration: key(keys.configurations, rocket?.configuration, 'rocket configuration'),
  };
}

export interface SeedCounts {
  /** Launches the corpus lists. */
  launches: number;
  /** Changes of NET, of status, and launches whose NET moved, as the corpus shows them. */
  netChanges: number;
  statusChanges: number;
  launchesNetMoved: number;
}

export interface SeededHistory {
  history: LaunchHistory;
  /** LL2's last_updated of the last version the corpus showed. */
  lastUpdated: string;
}

/**
 * Every launch's history as the corpus's lists show it, in time order: the first
 * list that holds a launch gives its first sighting; each later list that shows
 * a version with other values gives a change, seen at that list's time.
 */
export function historiesFromCorpus(
  corpus: ReplayCorpus,
  keys: KeyTables,
  savedBy: string,
  missing?: Set<string>,
): { histories: Map<string, SeededHistory>; counts: SeedCounts } {
  const histories = new Map<string, SeededHistory>();
  const state = new Map<string, { values: TrackedValues; version: number }>();
  const counts: SeedCounts = { launches: 0, netChanges: 0, statusChanges: 0, launchesNetMoved: 0 };
  const moved = new Set<string>();
  const valuesOf = new Map<number, TrackedValues>();
  for (const observation of corpus.observations) {
    const seen = time(observation.at)!;
    for (const i of observation.upcoming) {
      const object = corpus.versions[i];
      const id = String(object.id);
      const before = state.get(id);
      if (before?.version === i) continue;
      let values = valuesOf.get(i);
      if (!values) valuesOf.set(i, (values = ll2TrackedValues(object, keys, missing)));
      const sighting = {
        seen,
        source: 'll2-list' as const,
        saved_by: savedBy,
        ...(time(object.last_updated) ? { ll2_last_updated: time(object.last_updated)! } : {}),
      };
      if (!before) {
        histories.set(id, {
          history: { launch: id, first_seen: { ...sighting, ...values } },
          lastUpdated: String(object.last_updated),
        });
      } else {
        const changed = changedFields(before.values, values);
        const entry = histories.get(id)!;
        entry.lastUpdated = String(object.last_updated);
        if (Object.keys(changed).length > 0) {
          (entry.history.changes ??= []).push({ ...sighting, ...changed });
          if (changed.net) {
            counts.netChanges++;
            moved.add(id);
          }
          if (changed.status) counts.statusChanges++;
        }
      }
      state.set(id, { values, version: i });
    }
  }
  counts.launches = histories.size;
  counts.launchesNetMoved = moved.size;
  return { histories, counts };
}

/** A launch record as the seeder reads it: its followed values and its own source. */
export interface SeedRecord extends TrackedRecord {
  id: string;
  last_updated: string;
  provenance?: { saved_by?: string; url?: string };
}

/**
 * The history ending with the record's own values. When they differ from what the
 * corpus last showed, a last sighting from the record's source is added, dated by
 * the record's `last_updated` (when LL2 stated those values), if that is not
 * before the history's last sighting; otherwise undefined: the sources disagree
 * and no time can be given without inventing one (the caller reports it).
 */
export function endWithRecord(history: LaunchHistory, record: SeedRecord): LaunchHistory | undefined {
  const changed = changedFields(newestValues(history), trackedValues(record));
  if (Object.keys(changed).length === 0) return history;
  const last = [history.first_seen, ...(history.changes ?? [])].at(-1)!;
  const seen = time(record.last_updated);
  if (seen === null || toMillis(seen) < toMillis(last.seen)) return undefined;
  const sighting = {
    seen,
    source: 'record' as const,
    ...(record.provenance?.saved_by ? { saved_by: record.provenance.saved_by } : {}),
    ...(record.provenance ? { ll2_last_updated: seen } : {}),
  };
  return { ...history, changes: [...(history.changes ?? []), { ...sighting, ...changed }] };
}

/** A history file to write: its path relative to the data folder, and its text. */
export interface HistoryFile {
  path: string;
  content: string;
}

export interface SeedResult {
  files: HistoryFile[];
  counts: SeedCounts;
  /** Launches with a history written, and what was left out and why (one line each). */
  written: number;
  notes: string[];
}

/**
 * The history files the corpus gives for our launches (`launches`: each record
 * with its path relative to the data folder). A launch that already has a history
 * file keeps it (`existing`: paths of the history files there); a launch the
 * corpus lists and we do not hold gets none.
 */
export function seedHistoryFiles(
  corpus: ReplayCorpus,
  keys: KeyTables,
  savedBy: string,
  launches: ReadonlyArray<{ record: SeedRecord; path: string }>,
  existing: ReadonlySet<string>,
  toText: (history: LaunchHistory) => string,
  historyPath: (launchPath: string) => string,
): SeedResult {
  const missing = new Set<string>();
  const { histories, counts } = historiesFromCorpus(corpus, keys, savedBy, missing);
  const byId = new Map(launches.map((l) => [l.record.id, l]));
  const files: HistoryFile[] = [];
  const notes: string[] = [
    ...[...missing].sort().map((m) => `no record of ours for LL2's ${m}: its value is null in the histories`),
  ];
  let notHeld = 0;
  for (const [id, { history }] of [...histories].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const launch = byId.get(id);
    if (!launch) {
      notHeld++;
      continue;
    }
    const file = historyPath(launch.path);
    if (existing.has(file)) {
      notes.push(`${file}: kept as it is (a history is seeded once)`);
      continue;
    }
    let ended = endWithRecord(history, launch.record);
    if (!ended) {
      // The record holds an older version than the corpus last showed: the history stops at the versions it knows.
      const upTo = toMillis(launch.record.last_updated);
      const kept = (history.changes ?? []).filter(
        (c) => c.ll2_last_updated === undefined || toMillis(c.ll2_last_updated) <= upTo,
      );
      const { changes: _all, ...rest } = history;
      ended = endWithRecord(kept.length ? { ...rest, changes: kept } : rest, launch.record);
      notes.push(
        ended
          ? `${launch.path}: the record holds LL2's version of ${launch.record.last_updated}, older than the corpus's last; its history stops there (${(history.changes?.length ?? 0) - kept.length} later change(s) left out)`
          : `${launch.path}: the record's values are not among the corpus's versions up to its last_updated ${launch.record.last_updated}; no history written`,
      );
      if (!ended) continue;
    }
    files.push({ path: file, content: toText(ended) });
  }
  if (notHeld > 0) notes.push(`${notHeld} launch(es) the corpus lists are not in the data folder: no history for them`);
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, counts, written: files.length, notes };
}
