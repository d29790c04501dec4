// How a replayed sync did (npm run replay:ll2, docs/sync.md): our launches after
// a run, LL2's upcoming list of that moment and the launch versions the stand-in
// served come in; the figures of the issue go out. Pure.
//   upcoming30_match_pct  share of runs after which our first 30 upcoming launches
//                         are LL2's first 30 (same ids, same order, LL2's NET and status);
//   records_current_pct   share of (run, listed launch) pairs where our record holds
//                         LL2's version of that moment or a newer one;
//   lost                  versions served that neither reached the data nor were
//                         reported as refused (or as deleted at LL2);
//   lingering             launches of our last upcoming list that LL2's last list
//                         does not hold although their place lies within it.

import { upcomingLaunches } from '../../model/collections.ts';
import type { JsonObject, LaunchRecord } from '../../model/records.ts';
import { toMillis } from '../../model/time.ts';

export const UPCOMING_COMPARED = 30;
export const TARGETS = { upcoming30MatchPct: 98, recordsCurrentPct: 99, lost: 0, lingering: 0 } as const;

export interface RunInput {
  records: readonly LaunchRecord[];
  /** LL2's upcoming list at that moment, in its order. */
  listed: readonly JsonObject[];
  /** Every launch object the stand-in served during the run. */
  served: readonly JsonObject[];
  /** Versions the sync reported as refused, as `id@last_updated`. */
  refused: ReadonlySet<string>;
  /** Launches the sync removed because LL2 no longer has them. */
  deleted?: ReadonlySet<string>;
  now: number;
  precisions: ReadonlyMap<string, number>;
  /** LL2 status id by our status key. */
  statusIds: ReadonlyMap<string, number>;
}

export interface RunScore {
  /** Our upcoming list, in order. */
  ours: LaunchRecord[];
  match30: boolean;
  firstDifference?: string;
  /** Listed launches whose record is LL2's version of the moment or newer. */
  current: number;
  /** Served versions that went missing (`id@last_updated`). */
  lost: string[];
}

const statusIdOf = (launch: JsonObject): number | undefined => {
  const status = launch.status as JsonObject | null | undefined;
  return status && typeof status.id === 'number' ? status.id : undefined;
};

export function scoreRun(input: RunInput): RunScore {
  const ours = upcomingLaunches(input.records, input.now, input.precisions);
  const byId = new Map(input.records.map((r) => [r.id, r]));
  let firstDifference: string | undefined;
  // The first 30, or all of a shorter saved list (the corpus's first days saved only 15).
  const wanted = input.listed.slice(0, UPCOMING_COMPARED);
  for (let i = 0; i < wanted.length && !firstDifference; i++) {
    const [theirs, mine] = [wanted[i], ours[i]];
    if (!mine) firstDifference = `#${i + 1}: LL2 ${String(theirs.name)}, ours lists fewer`;
    else if (mine.id !== theirs.id)
      firstDifference = `#${i + 1}: ours ${mine.name} (${mine.net}), LL2 ${String(theirs.name)} (${String(theirs.net)})`;
    else if (toMillis(mine.net) !== toMillis(String(theirs.net)))
      firstDifference = `#${i + 1} ${mine.name}: NET ours ${mine.net}, LL2 ${String(theirs.net)}`;
    else if (input.statusIds.get(mine.status) !== statusIdOf(theirs))
      firstDifference = `#${i + 1} ${mine.name}: status ours ${mine.status}, LL2 ${String((theirs.status as JsonObject)?.abbrev)}`;
  }
  const newEnough = (launch: JsonObject) => {
    const record = byId.get(String(launch.id));
    return record !== undefined && toMillis(record.last_updated) >= toMillis(String(launch.last_updated));
  };
  const current = input.listed.filter(newEnough).length;
  const lost = new Set<string>();
  for (const launch of input.served) {
    const key = `${String(launch.id)}@${String(launch.last_updated)}`;
    if (!newEnough(launch) && !input.refused.has(key) && !input.deleted?.has(String(launch.id))) lost.add(key);
  }
  return { ours, match30: firstDifference === undefined, firstDifference, current, lost: [...lost] };
}

/** Our upcoming launches at the end that LL2's last list leaves out although they would fall within it (the list is the head of LL2's). */
export function lingering(ours: readonly LaunchRecord[], listed: readonly JsonObject[]): LaunchRecord[] {
  const ids = new Set(listed.map((l) => String(l.id)));
  const last = listed[listed.length - 1];
  const lastAt = last ? ours.findIndex((l) => l.id === String(last.id)) : -1;
  return ours.filter((launch, i) => {
    if (ids.has(launch.id) || !last) return false;
    // Within the list: before LL2's last listed launch in the same order (or, if we lack it, before its NET).
    return lastAt >= 0 ? i < lastAt : toMillis(launch.net) < toMillis(String(last.net));
  });
}

export interface ReplayTotals {
  observations: number;
  runs: number;
  requestsMax: number;
  requestsTotal: number;
  matched30: number;
  current: number;
  listed: number;
  lost: Set<string>;
  stopped: number;
  overBudget: number;
}

const pct = (part: number, whole: number) => (whole === 0 ? 100 : Math.floor((part / whole) * 1000) / 10);

export function summaryLine(
  totals: ReplayTotals,
  ours: readonly LaunchRecord[],
  lastListed: readonly JsonObject[],
  seconds: number,
): { text: string; targetsMet: boolean; lingering: LaunchRecord[] } {
  const left = lingering(ours, lastListed);
  const match = pct(totals.matched30, totals.runs);
  const current = pct(totals.current, totals.listed);
  const text =
    `replay: observations=${totals.observations} runs=${totals.runs} requests_max=${totals.requestsMax} requests_total=${totals.requestsTotal}` +
    ` upcoming30_match_pct=${match} records_current_pct=${current} lost=${totals.lost.size} lingering=${left.length} seconds=${Math.round(seconds)}`;
  const targetsMet =
    match >= TARGETS.upcoming30MatchPct &&
    current >= TARGETS.recordsCurrentPct &&
    totals.lost.size === TARGETS.lost &&
    left.length === TARGETS.lingering &&
    totals.stopped === 0;
  return { text, targetsMet, lingering: left };
}
