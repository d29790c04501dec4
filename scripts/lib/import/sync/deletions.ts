// The launches one sync deletes because LL2 no longer has them. In: the pages the
// run read (read-pages.ts), the data as loaded, the state's missing launches, the
// launches an event of ours links, and the clock; out: the ids looked up, the
// files to delete (each launch with its history file), the deletions with when,
// which and why, the state's `missing:` after the run, the linked launches kept,
// and why deletions were held. The rules (one answer's word is never enough) are
// removal.ts's; this module reads them off the run's answers, and stops the run
// (TooManyDeletions) when it would delete more than its cap.

import { formatTimestamp } from '../../model/time.ts';
import { historiesOfRemoved } from '../history-files.ts';
import { upcomingShort, type PagesRead, type SyncRun } from './read-pages.ts';
import { decideRemovals, lookupVerdict, TooManyDeletions, type MissingLaunch, type RemovedLaunch } from './removal.ts';

export interface Deletions {
  /** Launches looked up by id this run. */
  lookedUp: string[];
  /** Why deletions were held back this run, if they were (removal.ts). */
  held: string[];
  /** Launches LL2 no longer has (deleted, or kept when linked): their versions are neither imported nor refused. */
  gone: Set<string>;
  /** Of those, the ones an event of ours links: kept, for a person to decide. */
  keptLinked: string[];
  /** The launch files deleted, and those with their history files. */
  removed: Set<string>;
  removedFiles: Set<string>;
  removals: RemovedLaunch[];
  /** The state's `missing:` after this run. */
  missing: MissingLaunch[];
}

/** Launches LL2 no longer has (removal.ts): a 404 of their detail page, or missing from two whole look-ups 6 h apart. */
export function decideDeletions(run: SyncRun, read: PagesRead): Deletions {
  const { fetched, pages } = read;
  const lookedUp: string[] = [];
  const lookups: Array<{ asked: string[]; verdict: ReturnType<typeof lookupVerdict> }> = [];
  const notFound = new Set<string>();
  const received = new Set<string>();
  fetched.forEach((f, i) => {
    if (f.request.kind === 'launch') for (const r of pages[i].results) received.add(String(r.id));
    if (f.request.role === 'confirm-launch' && pages[i].notFound) notFound.add(f.request.ids![0]);
    if (f.request.role !== 'lookup-launches') return;
    lookedUp.push(...f.request.ids!);
    lookups.push({ asked: f.request.ids!, verdict: lookupVerdict(f.request.ids!, pages[i]) });
  });
  const decision = decideRemovals({
    now: run.now,
    missing: run.state.missing,
    held: upcomingShort(read, run.limit),
    lookups,
    notFound,
    received,
    ours: run.ours,
  });
  const gone = new Set(decision.remove.keys());
  const keptLinked = [...gone].filter((id) => run.linked.has(id));
  const removedEntries = run.existing.launches.filter(
    (l) => gone.has(String(l.record.id)) && !run.linked.has(String(l.record.id)),
  );
  const removed = new Set(removedEntries.map((l) => l.path));
  const removedAt = formatTimestamp(run.now);
  const removals: RemovedLaunch[] = removedEntries
    .map((l) => {
      const why = decision.remove.get(String(l.record.id))!;
      return {
        at: removedAt,
        id: String(l.record.id),
        name: String(l.record.name ?? ''),
        reason: why.reason,
        ...(why.missingSince ? { missingSince: why.missingSince } : {}),
        path: l.path,
      };
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (removals.length > run.maxDeletions) throw new TooManyDeletions(removals, run.maxDeletions);
  // Linked launches LL2 no longer has stay marked missing: looked up and named every run until a person decides.
  const missing = [
    ...decision.missing,
    ...keptLinked
      .filter((id) => !decision.missing.some((m) => m.id === id))
      .map((id) => ({ id, since: run.state.missing.find((m) => m.id === id)?.since ?? removedAt })),
  ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // A launch deleted takes its history file with it (history-files.ts).
  const removedFiles = new Set([...removed, ...historiesOfRemoved(removed, run.loaded)]);
  return { lookedUp, held: decision.held, gone, keptLinked, removed, removedFiles, removals, missing };
}
