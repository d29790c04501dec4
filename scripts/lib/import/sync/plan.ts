// Which LL2 requests one sync makes, and where the feed of changed launches
// stands afterwards. Pure: the state, the LL2 base URL and the pages fetched so
// far come in; the next request (or none) and the next cursor go out.
//
// A run spends at most REQUEST_BUDGET requests (LL2 allows 15 anonymous requests
// an hour; the workflow runs hourly), in this order:
//   1. launches changed since the cursor, oldest change first (the feed);
//   2. the feed's next page, only when the first was full: the feed is the one
//      collection that must be read to its end, or changes are lost;
//   3. upcoming launches, soonest first (the first page: what people look at);
//   4. launches looked up by id (stale.ts), only when there are any: launches
//      that left LL2's list without an outcome, and launches refused before;
//   5. events changed since their own cursor, oldest change first (the events'
//      feed, first page);
//   6. one launch's detail page, only when the look-up did not answer a launch
//      asked for (removal.ts: a 404 confirms LL2 no longer has it); when the
//      look-up missed several, the next ones' too, with the requests to spare and
//      then beyond the budget while the sync's own requests of the last hour
//      leave room under SYNC_HOURLY_CEILING (extraRequestsAllowed: the state's
//      ledger, `requests_last_hour`);
//   then, only with requests to spare (the launches' feed read to its end this
//   run): the resource in rotation that is due (resources.ts: astronauts in
//   space, space stations, a page of every astronaut, the expeditions, the Starship dashboard), events refused before, looked up by id, and the
//   events' feed's next pages. Launches come first: they change every hour; events seldom.
// What a run cannot fetch, the next run fetches: a cursor only moves past
// records that were received.

import { formatTimestamp, toMillis } from '../../model/time.ts';
import type { ResourceName } from './resources.ts';

/** The live API; LL2_BASE_URL points the sync elsewhere (a stand-in, LL2's development server). */
export const LL2_DEFAULT_BASE_URL = 'https://ll.thespacedevs.com/2.3.0/';
/** LL2 allows 15 anonymous requests an hour; the hourly workflow leaves room for a person's own requests. */
export const REQUEST_BUDGET = 5;
/** LL2 allows 15 anonymous requests an hour, read here as any 60 minutes (a sliding hour: the strictest reading). */
const LL2_HOURLY_LIMIT = 15;
/**
 * The most the sync's own requests may add up to in any 60 minutes when a run asks
 * for detail pages beyond its budget: LL2's 15 less one run's budget, so that a
 * run coming within that hour (the next scheduled one, a person's) still finds its own.
 */
export const SYNC_HOURLY_CEILING = LL2_HOURLY_LIMIT - REQUEST_BUDGET;
export const HOUR_MS = 60 * 60 * 1000;
/** LL2's largest page (larger limits are capped to it). */
export const LL2_PAGE_LIMIT = 100;

/**
 * Where the feed of changed launches stands: every launch LL2 last updated before
 * `since` has been received, and `skip` of those updated at exactly `since`
 * (needed only when more of them share that second than one page holds).
 */
export interface SyncCursor {
  since: string;
  skip: number;
}

export type RequestRole =
  | 'changed-launches'
  | 'upcoming-launches'
  | 'lookup-launches'
  | 'confirm-launch'
  | 'changed-events'
  | 'lookup-events'
  | 'resource';
/** The requests after the launches' feed; its second page leaves room for all of them. */
const AFTER_FEED: readonly RequestRole[] = ['upcoming-launches', 'lookup-launches', 'changed-events'];

/** Where the events' feed starts when the state has no cursor for it yet: every event LL2 holds. */
export const EVENTS_FEED_START: SyncCursor = { since: '1950-01-01T00:00:00Z', skip: 0 };

export interface Ll2Request {
  role: RequestRole;
  /** What the results are: `reference` for the resources in rotation (astronauts, space stations: resources.ts). */
  kind: 'launch' | 'event' | 'reference';
  url: string;
  /** For a resource in rotation: which one. */
  resource?: ResourceName;
  /** The answer is one object, not a page (the Starship dashboard). */
  document?: boolean;
  /** For the feed: the cursor this request reads from. */
  cursor?: SyncCursor;
  /** For a look-up: the ids asked for. */
  ids?: string[];
}

/** What the plan needs to know of a page it asked for. */
export interface FetchedPage {
  request: Ll2Request;
  /** `last_updated` of each result, in the order received. */
  lastUpdated: string[];
  /** LL2 has more results after this page (its `next` link is set). */
  more: boolean;
}

export interface PlanOptions {
  baseUrl: string;
  cursor: SyncCursor;
  limit?: number;
  budget?: number;
  /** Launches to look up by id, known once the upcoming list is in (stale.ts); none: no look-up. */
  lookupIds?: readonly string[];
  /**
   * Launches whose detail page to ask for, in order, known once the look-up is in
   * (removal.ts confirmationsToAsk): the first with a request to spare, the next ones
   * with requests to spare too and then beyond the budget, up to `extraBudget` more.
   */
  confirmIds?: readonly string[];
  /** Requests a run may make beyond `budget`, detail pages only (extraRequestsAllowed); none by default. */
  extraBudget?: number;
  /** Where the events' feed stands (default EVENTS_FEED_START). */
  eventsCursor?: SyncCursor;
  /** Events refused before, looked up by id when a request is to spare. */
  lookupEventIds?: readonly number[];
  /** The resource in rotation that is due (resources.ts), read when a request is to spare, before the events' extras. */
  resource?: { name: ResourceName; url: string; document?: boolean };
}

function ll2Url(baseUrl: string, path: string, params: Record<string, string | number | undefined>): string {
  const url = new URL(path, baseUrl);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, String(value));
  return url.href;
}

/**
 * The feed: LL2's `last_updated__gte` filter, ordered by `last_updated` and then
 * `id` (both ordering fields LL2 allows), so that launches updated in the same
 * second come in the same order every time and `offset` can step through them.
 */
export const changedLaunchesRequest = (baseUrl: string, cursor: SyncCursor, limit = LL2_PAGE_LIMIT): Ll2Request =>
  feedRequest('changed-launches', 'launch', ll2Url(baseUrl, 'launches/', feedQuery(cursor, limit)), cursor);

const upcomingLaunchesRequest = (baseUrl: string, limit = LL2_PAGE_LIMIT): Ll2Request => ({
  role: 'upcoming-launches',
  kind: 'launch',
  url: ll2Url(baseUrl, 'launches/upcoming/', { limit, mode: 'detailed' }),
});

/** Launches or events by id (LL2's `id` filter on either takes a comma-separated list), at most a page of them. */
function lookupRequest(
  kind: 'launch' | 'event',
  baseUrl: string,
  ids: readonly (string | number)[],
  limit: number,
): Ll2Request {
  const asked = ids.slice(0, limit).map(String);
  return {
    role: kind === 'launch' ? 'lookup-launches' : 'lookup-events',
    kind,
    ids: asked,
    url: ll2Url(baseUrl, kind === 'launch' ? 'launches/' : 'events/', { id: asked.join(','), limit, mode: 'detailed' }),
  };
}

/** One launch's detail page (`launches/{id}/`), asked for to confirm LL2 no longer has it (a 404): one object, not a page. */
const confirmLaunchRequest = (baseUrl: string, id: string): Ll2Request => ({
  role: 'confirm-launch',
  kind: 'launch',
  ids: [id],
  document: true,
  url: ll2Url(baseUrl, `launches/${encodeURIComponent(id)}/`, {}),
});

/** The events' feed: as the launches' feed, on LL2's `events/` list. */
const changedEventsRequest = (baseUrl: string, cursor: SyncCursor, limit = LL2_PAGE_LIMIT): Ll2Request =>
  feedRequest('changed-events', 'event', ll2Url(baseUrl, 'events/', feedQuery(cursor, limit)), cursor);

/** A feed's query: changed since the cursor, oldest change first, skipping what the cursor has read of its second. */
const feedQuery = (cursor: SyncCursor, limit: number) => ({
  last_updated__gte: cursor.since,
  limit,
  mode: 'detailed',
  offset: cursor.skip > 0 ? cursor.skip : undefined,
  ordering: 'last_updated,id',
});

const feedRequest = (
  role: 'changed-launches' | 'changed-events',
  kind: 'launch' | 'event',
  url: string,
  cursor: SyncCursor,
): Ll2Request => ({ role, kind, cursor, url });

/**
 * The cursor after a page of the feed. It moves to the newest `last_updated`
 * received (launches at that second come again next time, which is harmless);
 * when a whole page shares the cursor's second and more follow, it steps past
 * them by offset instead, or it would read the same page forever.
 */
export function advanceCursor(cursor: SyncCursor, page: Pick<FetchedPage, 'lastUpdated' | 'more'>): SyncCursor {
  const since = toMillis(cursor.since);
  let newest = cursor.since;
  for (const value of page.lastUpdated) if (toMillis(value) > toMillis(newest)) newest = value;
  if (toMillis(newest) > since) return { since: newest, skip: 0 };
  if (page.more && page.lastUpdated.length > 0)
    return { since: cursor.since, skip: cursor.skip + page.lastUpdated.length };
  return cursor;
}

/** The cursor after every page of a feed (the launches', or with `role`, the events') fetched so far. */
export function cursorAfter(
  start: SyncCursor,
  fetched: readonly FetchedPage[],
  role: 'changed-launches' | 'changed-events' = 'changed-launches',
): SyncCursor {
  return fetched.filter((p) => p.request.role === role).reduce((cursor, page) => advanceCursor(cursor, page), start);
}

/** The next page of a feed, or undefined when its last page moved nothing (it would be asked for again). */
function nextFeedPage(
  start: SyncCursor,
  fetched: readonly FetchedPage[],
  role: 'changed-launches' | 'changed-events',
): SyncCursor | undefined {
  const feed = fetched.filter((p) => p.request.role === role);
  const last = feed[feed.length - 1];
  const cursor = cursorAfter(start, fetched, role);
  if (!last) return cursor;
  if (!last.more) return undefined;
  return cursor.since !== last.request.cursor!.since || cursor.skip !== last.request.cursor!.skip ? cursor : undefined;
}

/** The next request of this run, or undefined when the run is done. */
export function nextRequest(options: PlanOptions, fetched: readonly FetchedPage[]): Ll2Request | undefined {
  const budget = options.budget ?? REQUEST_BUDGET;
  const limit = options.limit ?? LL2_PAGE_LIMIT;
  const confirms = fetched.filter((p) => p.request.role === 'confirm-launch').length;
  const toConfirm = options.confirmIds ?? [];
  if (fetched.length >= budget) {
    // Beyond the budget: only the further detail pages (the first was asked for within it), while the hour allows.
    if (confirms >= 1 && confirms < toConfirm.length && fetched.length < budget + (options.extraBudget ?? 0))
      return confirmLaunchRequest(options.baseUrl, toConfirm[confirms]);
    return undefined;
  }
  const feed = fetched.filter((p) => p.request.role === 'changed-launches');
  const has = (role: RequestRole) => fetched.some((p) => p.request.role === role);
  const upcomingToGo = AFTER_FEED.filter((role) => !has(role)).length;
  const last = feed[feed.length - 1];
  // Another page of the feed only while the upcoming lists still fit in the budget.
  if (!last || (last.more && fetched.length + upcomingToGo < budget)) {
    const cursor = cursorAfter(options.cursor, fetched);
    // A page that moved nothing (all at the cursor's second, none more) would be asked for again: stop the feed there.
    if (!last || cursor.since !== last.request.cursor!.since || cursor.skip !== last.request.cursor!.skip)
      return changedLaunchesRequest(options.baseUrl, cursor, limit);
  }
  if (!has('upcoming-launches')) return upcomingLaunchesRequest(options.baseUrl, limit);
  if (!has('lookup-launches') && !has('changed-events') && options.lookupIds && options.lookupIds.length > 0) {
    return lookupRequest('launch', options.baseUrl, options.lookupIds, limit);
  }
  const events = options.eventsCursor ?? EVENTS_FEED_START;
  if (!has('changed-events')) return changedEventsRequest(options.baseUrl, events, limit);
  // Launches the look-up did not answer: their detail pages, before anything else a spare request goes to.
  if (confirms < toConfirm.length) return confirmLaunchRequest(options.baseUrl, toConfirm[confirms]);
  // Past this point only with requests to spare: the launches' feed read to its end this run.
  if (last.more) return undefined;
  if (options.resource && !has('resource')) {
    return {
      role: 'resource',
      kind: 'reference',
      resource: options.resource.name,
      url: options.resource.url,
      ...(options.resource.document ? { document: true } : {}),
    };
  }
  if (!has('lookup-events') && options.lookupEventIds && options.lookupEventIds.length > 0) {
    return lookupRequest('event', options.baseUrl, options.lookupEventIds, limit);
  }
  const more = nextFeedPage(events, fetched, 'changed-events');
  return more ? changedEventsRequest(options.baseUrl, more, limit) : undefined;
}

/** What the state's ledger keeps of a run: when (its clock) and how many requests it made. */
export interface RunRequests {
  at: string;
  count: number;
}

/** The sync's own requests in the 60 minutes before `now`, by the ledger. */
export const requestsInLastHour = (ledger: readonly RunRequests[], now: number): number =>
  ledger.filter((r) => toMillis(r.at) > now - HOUR_MS).reduce((n, r) => n + r.count, 0);

/**
 * How many detail pages a run at `now` may ask for beyond its budget: what the
 * ledger's last hour leaves under SYNC_HOURLY_CEILING once the run has made its
 * whole budget (none when it leaves less).
 */
export function extraRequestsAllowed(ledger: readonly RunRequests[], now: number, budget = REQUEST_BUDGET): number {
  return Math.max(0, SYNC_HOURLY_CEILING - requestsInLastHour(ledger, now) - budget);
}

/**
 * The ledger after a run at `now` that made `count` requests: the runs of the last
 * hour, oldest first, then this one. A run at the very second of one recorded (only
 * a clock given by hand repeats) counts as one with it, the larger count, so that a
 * run repeated at the same clock writes the same state.
 */
export function ledgerAfter(ledger: readonly RunRequests[], now: number, count: number): RunRequests[] {
  const at = formatTimestamp(now);
  const same = ledger.find((r) => toMillis(r.at) === now);
  const kept = ledger.filter((r) => toMillis(r.at) > now - HOUR_MS && toMillis(r.at) !== now);
  const n = Math.max(count, same?.count ?? 0);
  return [...kept, ...(n > 0 ? [{ at, count: n }] : [])].sort((a, b) => toMillis(a.at) - toMillis(b.at));
}
