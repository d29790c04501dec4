// The resources besides launches and events that the sync keeps fresh in
// rotation (docs/sync.md, "Which resource how often"): which LL2 list each is,
// how often it is read, and which one is due at a moment. Pure: the state's times
// of the last reads and the clock come in; the resource to read (or none) goes out.
//
// At most one of them a run, and only in a run with a request to spare (plan.ts:
// the launches' feed read to its end), so a run stays within REQUEST_BUDGET. A list
// longer than a page (every astronaut) is read one page a turn, its offset kept in
// the state: in, the offset and the page's `next`; out, the next turn's offset.

import { toMillis } from '../../model/time.ts';

export type ResourceName =
  | 'astronauts_in_space'
  | 'space_stations'
  | 'all_astronauts'
  | 'active_expeditions'
  | 'starship_dashboard';

export interface Resource {
  name: ResourceName;
  /** LL2's list, under the base URL, with its query. */
  path: string;
  query: Record<string, string>;
  /** Read again once this many hours have passed since the last read. */
  everyHours: number;
  /**
   * The data file its answer updates; undefined: none of ours yet (the slot is
   * planned, never spent: no request is made for a resource we cannot write).
   */
  writes?: string;
  /**
   * A list longer than one page, read one page a turn (`offset` from the state,
   * stepping on to LL2's `next`, back to 0 after the last page).
   */
  paged?: boolean;
  /** The answer is one object, not a page (the Starship dashboard): read whole each turn. */
  document?: boolean;
}

/** In order of priority when several are equally overdue. */
export const RESOURCES: readonly Resource[] = [
  // Who is in space changes at launches and landings; the launches' feed brings the crews, this the flags.
  {
    name: 'astronauts_in_space',
    path: 'astronauts/',
    query: { in_space: 'true', limit: '100', mode: 'normal' },
    everyHours: 6,
    writes: 'reference/astronauts.yaml',
  },
  // Stations change seldom (a status, a deorbit): all of them (about 20, one page), once a day.
  {
    name: 'space_stations',
    path: 'space_stations/',
    query: { limit: '100', mode: 'normal' },
    everyHours: 24,
    writes: 'reference/space-stations.yaml',
  },
  // Every astronaut (about 800, 8 pages), one page a turn in a stable order (`id`, an ordering LL2 allows):
  // the whole list every 2 days, filling what our records lack (their `type`, …) and adding LL2's new astronauts.
  {
    name: 'all_astronauts',
    path: 'astronauts/',
    query: { limit: '100', mode: 'normal', ordering: 'id' },
    everyHours: 6,
    writes: 'reference/astronauts.yaml',
    paged: true,
  },
  // The expeditions under way. LL2 has no filter for them: `end__gt=NOW` leaves out every one with no end stated (most
  // under way), so the newest ten by start (two years and more of the two stations' handovers), in detailed mode for their
  // crews; import/expeditions.ts keeps those under way at the clock and updates those we hold (an end stated later).
  {
    name: 'active_expeditions',
    path: 'expeditions/',
    query: { limit: '10', mode: 'detailed', ordering: '-start' },
    everyHours: 12,
    writes: 'reference/expeditions.yaml',
  },
  // LL2's Starship dashboard in mode normal (LL2's default, so no query): its road closures, notices, live streams and
  // orbiters replace reference/starship-dashboard.yaml's (import/starship-dashboard.ts); its launches, events, updates
  // and vehicles are not taken from it (the launches' and events' feeds bring them, and api/views.ts derives them).
  {
    name: 'starship_dashboard',
    path: 'dashboard/starship/',
    query: {},
    everyHours: 6,
    writes: 'reference/starship-dashboard.yaml',
    document: true,
  },
];

/**
 * The resource due at `now`: of those we write, the most overdue (never read:
 * due at once), ties in RESOURCES' order; undefined when none is due.
 */
export function dueResource(
  fetchedAt: Readonly<Partial<Record<ResourceName, string>>>,
  now: number,
  resources: readonly Resource[] = RESOURCES,
): Resource | undefined {
  let due: { resource: Resource; late: number } | undefined;
  for (const resource of resources) {
    if (resource.writes === undefined) continue;
    const last = fetchedAt[resource.name];
    const late = last === undefined ? Infinity : now - toMillis(last) - resource.everyHours * 3_600_000;
    if (late < 0) continue;
    if (!due || late > due.late) due = { resource, late };
  }
  return due?.resource;
}

/**
 * The resource's URL at `now` (`NOW` in a query stands for the clock, as a UTC
 * timestamp); for a paged one, the page at `offset` (none: the first).
 */
export function resourceUrl(baseUrl: string, resource: Resource, now: string, offset = 0): string {
  const url = new URL(resource.path, baseUrl);
  for (const [name, value] of Object.entries(resource.query)) url.searchParams.set(name, value === 'NOW' ? now : value);
  if (resource.paged && offset > 0) url.searchParams.set('offset', String(offset));
  return url.href;
}

/**
 * Where a paged resource's next turn starts after the page at `offset`: the
 * offset LL2's `next` link names (past the results received if it names none
 * further on), or 0 after the last page (no `next`), so the list is read again
 * from its start.
 */
export function nextOffset(offset: number, page: { next: string | null; received: number }): number {
  if (page.next === null) return 0;
  let named: number | undefined;
  try {
    const value = new URL(page.next).searchParams.get('offset');
    if (value !== null && /^\d+$/.test(value)) named = Number(value);
  } catch {
    // not a URL: step past what was received
  }
  if (named !== undefined && named > offset) return named;
  return page.received > 0 ? offset + page.received : 0;
}
