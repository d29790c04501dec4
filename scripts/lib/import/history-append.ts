// What a sync run (or an import) adds to the launches' histories (docs/history.md).
// In: a launch as it was and as it is now (our records), when and where the new
// version was seen, and the history file held; out: the history with the change
// appended, or nothing when no followed field changed. `historyChanges` and
// `appendHistory` are pure; `syncHistoryFiles` maps the launch files a sync writes
// to the history files it writes with them (parsing YAML text, no I/O).

import { parse as parseYaml } from 'yaml';
import { historySchema } from '../../schemas/data-files.ts';
import {
  changedFields,
  historyFilePath,
  newestValues,
  trackedValues,
  type FirstSeen,
  type HistoryChange,
  type HistorySource,
  type LaunchHistory,
  type TrackedRecord,
  type TrackedValues,
} from '../model/history.ts';
import type { Json } from '../model/records.ts';
import { formatTimestamp, toMillis } from '../model/time.ts';
import { toYaml } from './yaml-out.ts';

/** When and where a version was seen. */
export interface Seen {
  seen: string;
  source: HistorySource;
  saved_by?: string;
  ll2_last_updated?: string;
}

/** The change between two states of a launch, as a history line, or undefined when no followed field changed. */
export function historyChanges(before: TrackedValues, after: TrackedValues, seen: Seen): HistoryChange | undefined {
  const changed = changedFields(before, after);
  return Object.keys(changed).length === 0 ? undefined : { ...seen, ...changed };
}

/** A launch record as the history reads it: its values, its id, and its own source. */
export interface HistoryRecord extends TrackedRecord {
  id: string;
  last_updated?: string;
  provenance?: { saved_by?: string; saved_at?: string } | null;
}

const time = (value: string | undefined): string | undefined =>
  value !== undefined && !Number.isNaN(toMillis(value)) ? formatTimestamp(toMillis(value)) : undefined;

/**
 * The history after a new version of a launch was seen, or undefined when nothing
 * it follows changed. With a history held, the change is from the values it ends
 * with. Without one: a launch new to us starts its history here (`before`
 * undefined); one we held starts with the record as it was, seen from its own
 * source at its `last_updated` (the time its values are known from), then the change.
 */
export function appendHistory(
  history: LaunchHistory | undefined,
  before: HistoryRecord | undefined,
  after: HistoryRecord,
  seen: Seen,
): LaunchHistory | undefined {
  const now = trackedValues(after);
  if (history) {
    const change = historyChanges(newestValues(history), now, seen);
    return change && { ...history, changes: [...(history.changes ?? []), change] };
  }
  if (!before) return { launch: after.id, first_seen: { ...seen, ...now } };
  const then = trackedValues(before);
  const change = historyChanges(then, now, seen);
  const known = time(before.last_updated);
  if (!change || known === undefined || toMillis(known) > toMillis(seen.seen)) return undefined;
  const first: FirstSeen = {
    seen: known,
    source: 'record',
    ...(before.provenance?.saved_by ? { saved_by: before.provenance.saved_by } : {}),
    ...(before.provenance ? { ll2_last_updated: known } : {}),
    ...then,
  };
  return { launch: after.id, first_seen: first, changes: [change] };
}

/** A history as its file's text (canonical YAML). */
export const historyText = (history: LaunchHistory): string => toYaml(history as unknown as Json, historySchema);

/**
 * The history files that go with launch files written: for each launch file
 * (`launches/…`), the history at the same path under `history/` with the change
 * appended, when a followed field changed. `held`: the launches as they were (by
 * path) and the history files there (by path, parsed); `seenOf`: when and where
 * the new version was seen.
 */
export function launchHistoryFiles(
  written: ReadonlyArray<{ path: string; content: string }>,
  held: { launches: ReadonlyMap<string, HistoryRecord>; histories: ReadonlyMap<string, LaunchHistory> },
  seenOf: (after: HistoryRecord) => Seen,
): Array<{ path: string; content: string }> {
  const out: Array<{ path: string; content: string }> = [];
  for (const file of written) {
    if (!file.path.startsWith('launches/')) continue;
    const after = parseYaml(file.content) as HistoryRecord | null;
    if (!after || typeof after.id !== 'string') continue;
    const path = historyFilePath(file.path);
    const next = appendHistory(held.histories.get(path), held.launches.get(file.path), after, seenOf(after));
    if (next) out.push({ path, content: historyText(next) });
  }
  return out;
}

/** The history files a sync writes with its launch files: each change seen by the run (`ll2-sync`) at its clock. */
export function syncHistoryFiles(
  written: ReadonlyArray<{ path: string; content: string }>,
  held: { launches: ReadonlyMap<string, HistoryRecord>; histories: ReadonlyMap<string, LaunchHistory> },
  now: number,
): Array<{ path: string; content: string }> {
  return launchHistoryFiles(written, held, (after) => ({
    seen: formatTimestamp(now),
    source: 'll2-sync',
    ...(time(after.last_updated) ? { ll2_last_updated: time(after.last_updated)! } : {}),
  }));
}
