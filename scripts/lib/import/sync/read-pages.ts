// The requests of one sync, made one after another as the plan names them
// (plan.ts nextRequest): in, the run (SyncRun, declared here: what every step of
// a run reads, the data as loaded, its state, the clock, the launches an event of
// ours links), the plan and `fetch`; out, every request with its page, and why
// the resource in rotation's answer or the detail pages beyond the budget were
// given up, if they were. Its own module because what the answers mean
// (deletions.ts, refused.ts, resource-files.ts) does not depend on how they were
// asked for: the plan grows as pages arrive (the launches to look up after the
// upcoming page, stale.ts; the detail pages to ask for after a look-up,
// removal.ts), and only this loop knows it.

import type { LoadResult } from '../../data/files.ts';
import type { JsonObject } from '../../model/records.ts';
import type { ExistingData } from '../state.ts';
import { getLl2Page, SyncStopped, type GetOptions, type Ll2Page } from './http.ts';
import { LL2_PAGE_LIMIT, nextRequest, REQUEST_BUDGET, type FetchedPage, type PlanOptions } from './plan.ts';
import { confirmationsToAsk, lookupVerdict, upcomingLooksShort } from './removal.ts';
import { inPlaceOrder, launchesToLookUp } from './stale.ts';
import type { StateRead } from './state.ts';

/** What every step of one run reads: the data folder as loaded, its state, the clock, and what guards deletions. */
export interface SyncRun {
  existing: ExistingData;
  loaded: LoadResult;
  state: StateRead;
  now: number;
  /** Page size (LL2's largest, LL2_PAGE_LIMIT, unless a test wants small pages). */
  limit?: number;
  /** Launches an event of ours links (never deleted, so never the first to be confirmed), and every launch of ours. */
  linked: ReadonlySet<string>;
  ours: ReadonlySet<string>;
  /** How many launch files the run may delete (removal.ts DEFAULT_MAX_DELETIONS). */
  maxDeletions: number;
}

export interface PagesRead {
  /** Every request made, in order, and its page at the same index. */
  fetched: FetchedPage[];
  pages: Ll2Page[];
  /** Why the resource's answer was not taken (it then counts as an empty page: nothing of it is written). */
  resourceRefused?: string;
  /** Why the detail pages beyond the budget stopped, if they did. */
  confirmationsStopped?: string;
}

/** Our reference keys to LL2 ids (statuses, NET precisions). */
const idsByKey = (records: Map<string, JsonObject>): Map<string, number> =>
  new Map([...records].filter(([, r]) => typeof r.id === 'number').map(([key, r]) => [key, r.id as number]));

/** Why the upcoming page looks cut short, if it does: then nothing is deleted this run (removal.ts). */
export function upcomingShort(
  read: Pick<PagesRead, 'fetched' | 'pages'>,
  limit: number | undefined,
): string | undefined {
  const i = read.fetched.findIndex((f) => f.request.role === 'upcoming-launches');
  return i < 0 ? 'no upcoming page was read' : upcomingLooksShort(read.pages[i], limit ?? LL2_PAGE_LIMIT);
}

/** The run's requests, the plan (its look-ups and detail pages filled in as the answers come) asks for. */
export async function readPages(run: SyncRun, plan: PlanOptions, get: GetOptions): Promise<PagesRead> {
  const { existing } = run;
  const read: PagesRead = { fetched: [], pages: [] };
  const { fetched, pages } = read;
  for (let request = nextRequest(plan, fetched); request; request = nextRequest(plan, fetched)) {
    let page: Ll2Page;
    try {
      page = await getLl2Page(request, get, run.now);
    } catch (error) {
      // A resource in rotation LL2 refuses (not a passing failure: those stop the run, and the next run is the retry)
      // does not hold up the launches and events: named in the result, its turn spent, a paged one's offset kept.
      // A detail page beyond the budget that fails for a while (LL2's rate limit counting more than ours, a timeout)
      // ends the detail pages, not the run: nothing is confirmed by it, and the rest of the run is written.
      const beyond = request.role === 'confirm-launch' && fetched.length >= REQUEST_BUDGET;
      if (beyond && error instanceof SyncStopped && error.temporary) {
        read.confirmationsStopped = error.message;
        plan.confirmIds = (plan.confirmIds ?? []).slice(
          0,
          fetched.filter((f) => f.request.role === 'confirm-launch').length + 1,
        );
        page = { count: 0, next: null, results: [] };
      } else {
        if (!(request.role === 'resource' && error instanceof SyncStopped && !error.temporary)) throw error;
        read.resourceRefused = error.message;
        page = { count: 0, next: null, results: [] };
      }
    }
    pages.push(page);
    fetched.push({ request, lastUpdated: page.results.map((r) => String(r.last_updated)), more: page.next !== null });
    if (request.role === 'upcoming-launches') {
      plan.lookupIds = launchesToLookUp({
        launches: existing.launches.map((l) => l.record),
        statusIds: idsByKey(existing.reference.launchStatuses),
        precisionIds: idsByKey(existing.reference.netPrecisions),
        upcoming: page.results,
        upcomingMore: page.next !== null,
        received: new Set(
          pages.flatMap((p, i) => (fetched[i].request.kind === 'launch' ? p.results.map((r) => String(r.id)) : [])),
        ),
        // Refused launches first, then those missing from an earlier look-up (asked again: a second answer decides).
        refused: [...run.state.refused.map((r) => r.id), ...run.state.missing.map((m) => m.id)],
        now: run.now,
        limit: run.limit,
      });
    }
    // Launches a look-up filtered by id did not answer: their detail pages are asked for, one per launch a 404 would delete up to the cap (removal.ts), unless the upcoming page looks cut short.
    if (request.role === 'lookup-launches' && upcomingShort(read, run.limit) === undefined) {
      const verdict = lookupVerdict(request.ids!, page);
      plan.confirmIds = confirmationsToAsk({
        // Soonest first among those missing since the same time (the first 30 people look at go first).
        verdict: {
          ...verdict,
          absent: inPlaceOrder(
            verdict.absent,
            existing.launches.map((l) => l.record),
            idsByKey(existing.reference.netPrecisions),
          ),
        },
        missing: run.state.missing,
        linked: run.linked,
        ours: run.ours,
        now: run.now,
        cap: run.maxDeletions,
      });
    }
  }
  return read;
}
