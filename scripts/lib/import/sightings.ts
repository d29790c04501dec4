// When and where an import saw the launch versions it writes, for their history
// (docs/history.md). In: a launch record as written (its provenance names the
// project that saved the LL2 list and when) and the import's clock. Out: the
// sighting its history line carries: `ll2-list`, `saved_by` that project, `seen`
// the list's save date (the clock when the date is not known); a record whose
// source names no project is seen from its own source (`record`) at the
// import's clock. Pure.

import { formatTimestamp, toMillis } from '../model/time.ts';
import type { HistoryRecord, Seen } from './history-append.ts';

const time = (value: string | undefined): string | undefined =>
  value !== undefined && !Number.isNaN(toMillis(value)) ? formatTimestamp(toMillis(value)) : undefined;

export function importSighting(after: HistoryRecord, now: number): Seen {
  const lastUpdated = time(after.last_updated);
  // LL2's date of the version, when it is not after the clock (a sighting never is).
  const stated = lastUpdated !== undefined && toMillis(lastUpdated) <= now ? { ll2_last_updated: lastUpdated } : {};
  const savedBy = after.provenance?.saved_by;
  if (savedBy)
    return {
      seen: time(after.provenance?.saved_at) ?? formatTimestamp(now),
      source: 'll2-list',
      saved_by: savedBy,
      ...stated,
    };
  // No project named: seen by this import, at its clock, from the record's own source.
  return { seen: formatTimestamp(now), source: 'record', ...stated };
}
