// Many launches leaving LL2's list at once (issue 39; the March 2026 replay window,
// where eleven vanished in one hour), against the stand-in LL2 on loopback
// (helpers/ll2-stand-in.ts): the sync asks for each one's detail page in the same
// run, up to the deletion cap, beyond its budget of 5 only while its own requests
// of the last hour stay under SYNC_HOURLY_CEILING (the state's requests_last_hour);
// each deletion still rests on its own 404; a detail page beyond the budget that
// fails for a while ends the detail pages, not the run. And the pure parts: which
// detail pages a run asks for (removal.ts confirmationsToAsk) and the ledger (plan.ts).

import { describe, expect, it } from 'vitest';
import {
  extraRequestsAllowed,
  ledgerAfter,
  nextRequest,
  REQUEST_BUDGET,
  SYNC_HOURLY_CEILING,
  type FetchedPage,
  type Ll2Request,
} from '../scripts/lib/import/sync/plan.ts';
import { confirmationsToAsk, MISSING_GAP_MS } from '../scripts/lib/import/sync/removal.ts';
import { inPlaceOrder } from '../scripts/lib/import/sync/stale.ts';
import { formatSyncSummary } from '../scripts/lib/import/sync/summary.ts';
import type { SyncOptions } from '../scripts/lib/import/sync/sync.ts';
import { standInPerTest, syncAgainst, syncState } from './helpers/stand-in-sync.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { detailedLaunch, syncLaunchId, type Ll2StandIn } from './helpers/ll2-stand-in.ts';
import { readTree } from './helpers/tree.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const SINCE = '2026-11-01T00:00:00Z';
const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

let dataDir: string;
let standIn: Ll2StandIn;

/** Launch 1 flown; 2–8 upcoming in December (the ones that vanish); 9 in January, still listed. */
function launches(): JsonObject[] {
  return [
    detailedLaunch(1, '2026-11-01T09:00:00Z', '2026-11-01T10:00:00Z', NOW),
    ...[2, 3, 4, 5, 6, 7, 8].map((n) => detailedLaunch(n, `2026-12-0${n}T10:00:00Z`, '2026-11-19T08:00:00Z', NOW)),
    detailedLaunch(9, '2027-01-10T10:00:00Z', '2026-11-20T08:00:00Z', NOW),
  ];
}

standInPerTest('lss-sync-vanish-', NOW, launches, (world) => {
  ({ dataDir, standIn } = world);
});

const sync = (options: Partial<SyncOptions> = {}) => syncAgainst(standIn, dataDir, NOW, options);
const state = () => syncState(dataDir);
const detailPages = () =>
  standIn.requests
    .map((r) => /^\/2\.3\.0\/launches\/([0-9a-f-]{36})\/$/.exec(r.path)?.[1])
    .filter((id): id is string => id !== undefined);
const removedIds = (result: Awaited<ReturnType<typeof sync>>) => result.removals.map((r) => r.id);
/** The seven December launches vanish at once: LL2's list and its look-up no longer hold them, their detail pages answer 404. */
const vanish = () => {
  const gone = [2, 3, 4, 5, 6, 7, 8].map(syncLaunchId);
  standIn.launches = standIn.launches.filter((l) => !gone.includes(String(l.id)));
};

describe('many launches vanishing at once', () => {
  it('confirms and deletes as many as the cap allows in one run, beyond the budget while the hour allows', async () => {
    await sync({ since: SINCE, now: NOW - 2 * HOUR });
    vanish();
    standIn.requests.length = 0;
    const first = await sync();
    // Feed, upcoming, look-up (it answers none of the seven), events, then a detail page each for five: 9 requests.
    expect(first.requests.map((r) => r.request.role)).toEqual([
      'changed-launches',
      'upcoming-launches',
      'lookup-launches',
      'changed-events',
      ...Array(5).fill('confirm-launch'),
    ]);
    // Soonest first; each deletion on its own 404.
    expect(detailPages()).toEqual([2, 3, 4, 5, 6].map(syncLaunchId));
    expect(removedIds(first).sort()).toEqual([2, 3, 4, 5, 6].map(syncLaunchId).sort());
    expect(first.removals.every((r) => r.reason === 'not-found')).toBe(true);
    expect(first.beyondBudget).toBe(4);
    // The first run's three requests, two hours back, have left the ledger's hour.
    expect((await state()).requests_last_hour).toEqual([{ at: at(NOW), count: 9 }]);
    // The look-up answered none of them: its word marks none as missing (only the 404s count).
    expect((await state()).missing).toBeUndefined();
    expect(formatSyncSummary(first, { dataDir: 'data' })[0]).toBe(
      `requests: 9, the budget of ${REQUEST_BUDGET} and 4 detail page(s) beyond it (launches a look-up missed at once); the sync's requests in the last hour: 9 of at most ${SYNC_HOURLY_CEILING}`,
    );

    // Twenty minutes later the hour holds 9 of the ceiling's 10: one detail page, within the budget.
    standIn.requests.length = 0;
    const second = await sync({ now: NOW + 20 * MINUTE });
    expect(detailPages()).toEqual([syncLaunchId(7)]);
    expect(standIn.requests).toHaveLength(REQUEST_BUDGET);
    expect(removedIds(second)).toEqual([syncLaunchId(7)]);
    expect((await state()).requests_last_hour).toEqual([
      { at: at(NOW), count: 9 },
      { at: at(NOW + 20 * MINUTE), count: 5 },
    ]);

    // Seventy minutes on, the last one; the ledger keeps only the last hour (the run at NOW has left it).
    const third = await sync({ now: NOW + 70 * MINUTE });
    expect(removedIds(third)).toEqual([syncLaunchId(8)]);
    expect((await state()).requests_last_hour).toEqual([
      { at: at(NOW + 20 * MINUTE), count: 5 },
      { at: at(NOW + 70 * MINUTE), count: 5 },
    ]);
    expect((await state()).missing).toBeUndefined();
    expect(((await state()).removed as unknown[]).length).toBe(7);
  });

  it('asks for no more detail pages than the cap leaves, and none beyond the budget when the hour is spent', async () => {
    await sync({ since: SINCE, now: NOW - 2 * HOUR });
    vanish();
    standIn.requests.length = 0;
    const capped = await sync({ maxDeletions: 2 });
    expect(detailPages()).toEqual([2, 3].map(syncLaunchId));
    expect(removedIds(capped).sort()).toEqual([2, 3].map(syncLaunchId).sort());
    // Fifteen minutes on, the hour holds that run's six: with a whole run's five, nothing is left beyond the budget.
    standIn.requests.length = 0;
    const spent = await sync({ now: NOW + 15 * MINUTE });
    expect(standIn.requests).toHaveLength(REQUEST_BUDGET);
    expect(removedIds(spent)).toEqual([syncLaunchId(4)]);
  });

  it('ends the detail pages beyond the budget on a 429, not the run: what was confirmed is deleted, the rest written', async () => {
    await sync({ since: SINCE, now: NOW - 2 * HOUR });
    vanish();
    let details = 0;
    standIn.fault = (request) =>
      /^\/2\.3\.0\/launches\/[0-9a-f-]{36}\/$/.test(request.path) && ++details === 3
        ? { status: 429, headers: { 'Retry-After': '600' }, body: '{"detail":"Request was throttled."}' }
        : undefined;
    standIn.requests.length = 0;
    const result = await sync();
    expect(result.written).toBe(true);
    expect(detailPages()).toEqual([2, 3, 4].map(syncLaunchId));
    expect(removedIds(result).sort()).toEqual([2, 3].map(syncLaunchId).sort());
    expect(result.confirmationsStopped).toMatch(/429|rate|throttl/i);
    expect(formatSyncSummary(result, { dataDir: 'data' }).join('\n')).toContain(
      'detail pages beyond the budget stopped (the next run asks again): ',
    );
    // The three asked for and the run's four; nothing more after the 429.
    expect(standIn.requests).toHaveLength(7);
    expect([...(await readTree(dataDir)).keys()].filter((p) => /sync-[4-8]\.yaml$/.test(p))).toHaveLength(10);
  });

  it('deletes none of them when their detail pages still answer (the look-up alone is not enough)', async () => {
    await sync({ since: SINCE, now: NOW - 2 * HOUR });
    const all = standIn.launches;
    // The list and the look-up no longer hold them, but LL2 still answers their detail pages.
    const gone = new Set([2, 3, 4, 5, 6, 7, 8].map(syncLaunchId));
    standIn.fault = (request) => {
      if (request.path === '/2.3.0/launches/upcoming/' || request.query.has('id')) {
        const listed = all.filter((l) => !gone.has(String(l.id)));
        const ids = request.query.get('id')?.split(',');
        const results = ids ? listed.filter((l) => ids.includes(String(l.id))) : listed;
        return { status: 200, body: JSON.stringify({ count: results.length, next: null, previous: null, results }) };
      }
      return undefined;
    };
    standIn.requests.length = 0;
    const result = await sync();
    expect(detailPages()).toHaveLength(5);
    expect(result.removals).toEqual([]);
  });

  it("asks for the soonest first on later runs too, not in the state's order of ids", async () => {
    // NETs the other way round from the ids: 8 soonest, 2 last; launch 20 (past, no outcome) keeps the look-up whole.
    const go = { id: 1, name: 'Go for Launch', abbrev: 'Go', description: 'Go.' };
    standIn.launches = [
      detailedLaunch(1, '2026-11-01T09:00:00Z', '2026-11-01T10:00:00Z', NOW),
      ...[2, 3, 4, 5, 6, 7, 8].map((n) =>
        detailedLaunch(n, `2026-12-1${9 - n}T10:00:00Z`, '2026-11-19T08:00:00Z', NOW),
      ),
      detailedLaunch(9, '2027-01-10T10:00:00Z', '2026-11-20T08:00:00Z', NOW),
      { ...detailedLaunch(20, '2026-11-10T10:00:00Z', '2026-11-09T10:00:00Z', NOW), status: go, failreason: null },
    ];
    await sync({ since: SINCE, now: NOW - 2 * HOUR });
    vanish();
    const first = await sync({ maxDeletions: 1 });
    expect(removedIds(first)).toEqual([syncLaunchId(8)]);
    expect(((await state()).missing as unknown[]).length).toBe(6);
    standIn.requests.length = 0;
    await sync({ now: NOW + 2 * HOUR, maxDeletions: 3 });
    expect(detailPages()).toEqual([7, 6, 5].map(syncLaunchId));
  });
});

describe('which detail pages a run asks for', () => {
  const ours = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  const whole = (absent: string[]) => ({ absent, whole: true });

  it('one per launch a 404 would delete, up to the cap less those that go anyway; linked ones only when none else', () => {
    const base = { missing: [], linked: new Set<string>(), ours, now: NOW, cap: 5 };
    expect(confirmationsToAsk({ ...base, verdict: whole(['a', 'b', 'c', 'd', 'e', 'f', 'g']) })).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
    // A look-up that answered none: its word counts for nothing, but each detail page still may.
    expect(confirmationsToAsk({ ...base, verdict: { absent: ['a', 'b'], whole: false } })).toEqual(['a', 'b']);
    // Two missing for six hours go anyway this run (a whole look-up): not asked for, and they count against the cap.
    const missing = [
      { id: 'f', since: at(NOW - MISSING_GAP_MS) },
      { id: 'g', since: at(NOW - MISSING_GAP_MS) },
    ];
    expect(confirmationsToAsk({ ...base, missing, verdict: whole(['a', 'b', 'c', 'd', 'e', 'f', 'g']) })).toEqual([
      'a',
      'b',
      'c',
    ]);
    // Not whole: nothing goes on its word, so nothing counts against the cap.
    expect(
      confirmationsToAsk({ ...base, missing, verdict: { absent: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], whole: false } }),
    ).toEqual(['f', 'g', 'a', 'b', 'c']);
    // A launch an event links (kept whatever LL2 says), or an id not ours: asked for only when no other is.
    expect(confirmationsToAsk({ ...base, linked: new Set(['a']), verdict: whole(['a', 'b']) })).toEqual(['b']);
    expect(confirmationsToAsk({ ...base, linked: new Set(['a']), verdict: whole(['a']) })).toEqual(['a']);
    expect(confirmationsToAsk({ ...base, cap: 0, verdict: whole(['a', 'b']) })).toEqual([]);
  });

  it("orders ids by our records' places, soonest first, ids without a record after them", () => {
    const rec = (id: string, net: string, name = id) => ({ id, net, name, net_precision: 'day' });
    const launches = [
      rec('a', '2026-12-03T00:00:00Z'),
      rec('b', '2026-12-01T00:00:00Z'),
      rec('c', '2026-12-02T00:00:00Z'),
    ];
    expect(inPlaceOrder(['a', 'x', 'b', 'c'], launches, new Map([['day', 5]]))).toEqual(['b', 'c', 'a', 'x']);
  });

  it('keeps the ledger to the last hour and allows beyond the budget only what leaves the hour under the ceiling', () => {
    expect(extraRequestsAllowed([], NOW)).toBe(SYNC_HOURLY_CEILING - REQUEST_BUDGET);
    expect(extraRequestsAllowed([{ at: at(NOW - 30 * MINUTE), count: 3 }], NOW)).toBe(
      SYNC_HOURLY_CEILING - REQUEST_BUDGET - 3,
    );
    expect(extraRequestsAllowed([{ at: at(NOW - 30 * MINUTE), count: 9 }], NOW)).toBe(0);
    expect(extraRequestsAllowed([{ at: at(NOW - HOUR), count: 9 }], NOW)).toBe(SYNC_HOURLY_CEILING - REQUEST_BUDGET);
    expect(
      ledgerAfter(
        [
          { at: at(NOW - HOUR), count: 4 },
          { at: at(NOW - 10 * MINUTE), count: 5 },
        ],
        NOW,
        7,
      ),
    ).toEqual([
      { at: at(NOW - 10 * MINUTE), count: 5 },
      { at: at(NOW), count: 7 },
    ]);
    // The same clock again (given by hand): one run, the larger count; the same state.
    expect(ledgerAfter([{ at: at(NOW), count: 5 }], NOW, 3)).toEqual([{ at: at(NOW), count: 5 }]);
  });

  it('plans detail pages after the first beyond the budget only up to the extra allowed, and nothing else there', () => {
    const options = {
      baseUrl: 'http://ll2.test/2.3.0/',
      cursor: { since: SINCE, skip: 0 },
      lookupIds: ['a', 'b', 'c', 'd'],
      confirmIds: ['a', 'b', 'c', 'd'],
      extraBudget: 2,
    };
    const fetched: FetchedPage[] = [];
    const planned: Ll2Request[] = [];
    for (let r = nextRequest(options, fetched); r; r = nextRequest(options, fetched)) {
      planned.push(r);
      fetched.push({ request: r, lastUpdated: [], more: false });
    }
    expect(planned.map((r) => r.role)).toEqual([
      'changed-launches',
      'upcoming-launches',
      'lookup-launches',
      'changed-events',
      'confirm-launch',
      'confirm-launch',
      'confirm-launch',
    ]);
    expect(planned.slice(4).map((r) => r.ids)).toEqual([['a'], ['b'], ['c']]);
    // With no first detail page within the budget (the feed took two pages), none beyond it either.
    const busy: FetchedPage[] = [];
    const feedFull = { ...options, confirmIds: ['a', 'b'] };
    for (let r = nextRequest(feedFull, busy); r; r = nextRequest(feedFull, busy))
      busy.push({
        request: r,
        lastUpdated: r.role === 'changed-launches' ? ['2026-11-20T00:00:00Z'] : [],
        more: r.role === 'changed-launches' && busy.length === 0,
      });
    expect(busy.map((f) => f.request.role)).toEqual([
      'changed-launches',
      'changed-launches',
      'upcoming-launches',
      'lookup-launches',
      'changed-events',
    ]);
  });
});
