// When a launch leaves our data because LL2 no longer has it (docs/sync.md,
// "Nothing lingering"). Pure: the run's answers (the upcoming page, the look-ups
// by id and their ids, the detail pages asked for), the launches the state
// already holds as missing, and the clock come in; which launches to delete and
// why, which stay marked missing, and why nothing may be deleted this run, go out.
//
// One answer's word is never enough. A launch is deleted only when
//   - LL2 confirms it is gone: its detail URL (`launches/{id}/`) answers 404 with
//     DRF's JSON (`{"detail": …}`), or
//   - it has been missing from two look-ups by id at least MISSING_GAP_MS apart
//     (the first time is kept in the state, `missing:`), each answer whole: it
//     holds only ids asked for, no next page, a count equal to its results, and
//     not none at all where records were asked for.
// Nothing is deleted in a run whose upcoming page looks cut short (its count
// against its results and pages), and the run is stopped, writing nothing, when
// it would delete more than a cap (deletions.ts throws TooManyDeletions).

import { formatTimestamp, toMillis } from '../../model/time.ts';
import { SyncStopped, type Ll2Page } from './http.ts';

/**
 * How far apart two look-ups must be for a launch missing from both to be deleted:
 * six hours, six hourly runs. A passing fault (a stale cache at LL2's edge, an
 * hour of LL2 answering empty pages) does not last that long; a launch LL2
 * deleted or merged is gone from ours within the day even when no run has a
 * request to spare to ask for its detail page.
 */
export const MISSING_GAP_MS = 6 * 60 * 60 * 1000;
/** How many launches one run may delete (`--max-deletions`): a handful; more stops the run for a person. */
export const DEFAULT_MAX_DELETIONS = 5;
/** How long a deletion stays listed in the state's `removed:` (the history reads it from there; git keeps the rest). */
export const REMOVED_KEPT_MS = 90 * 24 * 60 * 60 * 1000;
export const REMOVED_KEPT_MAX = 500;

/** A launch of ours missing from a whole look-up by id: since when (the first such answer). */
export interface MissingLaunch {
  id: string;
  since: string;
}

export type RemovalReason = 'not-found' | 'missing';

/** A launch deleted because LL2 no longer has it, as the summary and the state's `removed:` keep it. */
export interface RemovedLaunch {
  /** The run that deleted it (its clock). */
  at: string;
  id: string;
  name: string;
  /** `not-found`: its detail URL answered 404; `missing`: missing from look-ups at `missingSince` and at `at`. */
  reason: RemovalReason;
  missingSince?: string;
  /** The file deleted, under the data folder. */
  path: string;
}

/** Why the upcoming page looks cut short (so nothing is deleted this run), or undefined when it looks whole. */
export function upcomingLooksShort(
  page: Pick<Ll2Page, 'count' | 'next' | 'results'>,
  limit: number,
): string | undefined {
  const n = page.results.length;
  if (n === 0) return `the upcoming page is empty (count ${page.count})`;
  if (n > page.count) return `the upcoming page holds ${n} results but counts ${page.count}`;
  if (page.next === null && n !== page.count)
    return `the upcoming page counts ${page.count} but holds ${n} results and has no next page`;
  if (page.next !== null && n < Math.min(limit, page.count))
    return `the upcoming page holds ${n} results of ${page.count} on a page of ${limit}, with a next page`;
  return undefined;
}

/** What a look-up by id says of the ids asked for. */
export interface LookupVerdict {
  /** Ids asked for that the answer does not hold, when it is filtered by id (it holds nothing else): candidates to ask LL2's detail of. */
  absent: string[];
  /** Whether those count as missing (the answer is whole); when not, why. */
  whole: boolean;
  why?: string;
}

export function lookupVerdict(
  asked: readonly string[],
  page: Pick<Ll2Page, 'count' | 'next' | 'results'>,
): LookupVerdict {
  const wanted = new Set(asked);
  const answered = new Set(page.results.map((r) => String(r.id)));
  if ([...answered].some((id) => !wanted.has(id)))
    return {
      absent: [],
      whole: false,
      why: 'the look-up holds launches not asked for (its id filter was not applied)',
    };
  if (page.next !== null) return { absent: [], whole: false, why: 'the look-up has a next page' };
  if (page.count !== page.results.length)
    return {
      absent: [],
      whole: false,
      why: `the look-up counts ${page.count} but holds ${page.results.length} results`,
    };
  const absent = asked.filter((id) => !answered.has(id));
  if (page.results.length === 0 && asked.length > 0)
    return { absent, whole: false, why: `the look-up of ${asked.length} id(s) answered none` };
  return { absent, whole: true };
}

export interface RemovalInput {
  now: number;
  /** The state's launches missing before this run. */
  missing: readonly MissingLaunch[];
  /** Why nothing may be deleted this run (the upcoming page looks cut short), if so. */
  held?: string;
  /** The look-ups of this run: ids asked for and the verdict on the answer. */
  lookups: ReadonlyArray<{ asked: readonly string[]; verdict: LookupVerdict }>;
  /** Ids whose detail URL answered 404 this run. */
  notFound: ReadonlySet<string>;
  /** Ids LL2 sent this run, in any answer: they are there. */
  received: ReadonlySet<string>;
  /** Ids of the launches we hold (marks of launches no longer ours are dropped). */
  ours: ReadonlySet<string>;
}

export interface RemovalDecision {
  /** Launches to delete (or, linked by an event of ours, to keep and name), with the reason. */
  remove: Map<string, { reason: RemovalReason; missingSince?: string }>;
  /** The state's `missing:` after this run (sorted by id). */
  missing: MissingLaunch[];
  /** Why deletions were held back this run, if they were (for the summary). */
  held: string[];
}

export function decideRemovals(input: RemovalInput): RemovalDecision {
  const before = new Map(input.missing.map((m) => [m.id, m.since]));
  const after = new Map<string, string>();
  const remove = new Map<string, { reason: RemovalReason; missingSince?: string }>();
  const held = input.held ? [input.held] : [];
  const since = formatTimestamp(input.now);
  // Marks kept as they are unless this run says otherwise: received (there after all) or not ours any more.
  for (const [id, at] of before) if (!input.received.has(id) && input.ours.has(id)) after.set(id, at);
  for (const { verdict } of input.lookups) if (!verdict.whole && verdict.why) held.push(verdict.why);
  if (input.held === undefined) {
    for (const id of input.notFound)
      if (input.ours.has(id) && !input.received.has(id))
        remove.set(id, { reason: 'not-found', ...(before.has(id) ? { missingSince: before.get(id) } : {}) });
    for (const { verdict } of input.lookups) {
      if (!verdict.whole) continue;
      for (const id of verdict.absent) {
        if (!input.ours.has(id) || input.received.has(id) || remove.has(id)) continue;
        const first = before.get(id);
        if (first !== undefined && input.now - toMillis(first) >= MISSING_GAP_MS)
          remove.set(id, { reason: 'missing', missingSince: first });
        else after.set(id, first ?? since);
      }
    }
  }
  for (const id of remove.keys()) after.delete(id);
  const missing = [...after]
    .map(([id, at]) => ({ id, since: at }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { remove, missing, held: [...new Set(held)] };
}

/**
 * The ids to ask LL2's detail of this run: absent from a filtered look-up; those an
 * event of ours links (`last`: kept whatever LL2 says) after the others, the longest
 * missing first, then in the look-up's order.
 */
export function idsToConfirm(
  absent: readonly string[],
  missing: readonly MissingLaunch[],
  last: ReadonlySet<string>,
): string[] {
  const since = new Map(missing.map((m) => [m.id, toMillis(m.since)]));
  return absent
    .map((id, i) => ({ id, i, linked: last.has(id) ? 1 : 0, at: since.get(id) ?? Infinity }))
    .sort((a, b) => a.linked - b.linked || a.at - b.at || a.i - b.i)
    .map((c) => c.id);
}

/**
 * The detail pages to ask for this run, in order (plan.ts asks for the first with a
 * request to spare, the next ones with requests to spare or beyond the budget while
 * the hour allows). When a look-up misses several launches at once (LL2 deleted or
 * merged them, or moved them out of its list; or the look-up answered none of them,
 * whose word counts for nothing), each launch a 404 would delete gets its own, as
 * many as the cap leaves: those missing from a whole look-up long enough to go
 * anyway this run (MISSING_GAP_MS) are not asked for and count against it, so that
 * the run's deletions never pass the cap on the detail pages' word. Each deletion
 * still rests on its own 404. When none is to be asked, the first of the others (a
 * launch an event of ours links, kept whatever LL2 says; an id not ours) is, as before.
 */
export function confirmationsToAsk(input: {
  verdict: LookupVerdict;
  missing: readonly MissingLaunch[];
  /** Launches an event of ours links (never deleted). */
  linked: ReadonlySet<string>;
  ours: ReadonlySet<string>;
  now: number;
  /** How many launches this run may delete (--max-deletions). */
  cap: number;
}): string[] {
  const ordered = idsToConfirm(input.verdict.absent, input.missing, input.linked);
  const since = new Map(input.missing.map((m) => [m.id, toMillis(m.since)]));
  const deletable = (id: string) => input.ours.has(id) && !input.linked.has(id);
  // Missing long enough to go anyway: only on a whole look-up's word (decideRemovals).
  const due = new Set(
    ordered.filter(
      (id) =>
        input.verdict.whole &&
        deletable(id) &&
        since.has(id) &&
        input.now - (since.get(id) as number) >= MISSING_GAP_MS,
    ),
  );
  const room = Math.max(0, input.cap - due.size);
  const asked = ordered.filter((id) => deletable(id) && !due.has(id)).slice(0, room);
  return asked.length > 0 ? asked : ordered.filter((id) => !deletable(id)).slice(0, 1);
}

/** The state's `removed:` after this run: the earlier ones of the last REMOVED_KEPT_MS (at most REMOVED_KEPT_MAX), then this run's. */
export function keptRemovals(
  earlier: readonly RemovedLaunch[],
  now: readonly RemovedLaunch[],
  clock: number,
): RemovedLaunch[] {
  const recent = earlier.filter((r) => clock - toMillis(r.at) < REMOVED_KEPT_MS);
  return [...recent, ...now].slice(-REMOVED_KEPT_MAX);
}

/** A run that would delete more launches than its cap: nothing written, a person decides (exit code 4). */
export class TooManyDeletions extends SyncStopped {
  constructor(
    readonly wouldRemove: readonly RemovedLaunch[],
    readonly cap: number,
  ) {
    super(
      [
        `this run would delete ${wouldRemove.length} launch file(s), more than the ${cap} one run may delete (--max-deletions); nothing was written.`,
        ...wouldRemove.map((r) => `  launch ${r.id} "${r.name}" (${r.path}): ${describeReason(r)}`),
        `Check these at LL2 (their pages launches/{id}/). If LL2 really no longer has them, run once with --max-deletions ${wouldRemove.length}; if LL2 is answering wrongly, wait: the next runs try again.`,
      ].join('\n'),
      false,
    );
  }
}

/** Why a launch was (or would be) deleted, in words. */
export function describeReason(r: Pick<RemovedLaunch, 'reason' | 'missingSince' | 'at'>): string {
  return r.reason === 'not-found'
    ? `LL2 answers 404 for its detail page${r.missingSince ? ` (missing from its look-ups since ${r.missingSince})` : ''}`
    : `missing from LL2's look-ups by id at ${r.missingSince} and again at ${r.at}`;
}
