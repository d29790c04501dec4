// Which records belong to each collection, in which order, and how a collection
// is cut into pages. Pure functions of the records, the clock and the base URL.

import type { EventRecord, Json, LaunchRecord } from './model.ts';
import { DAY_MS } from './rules.ts';
import { compareText, sortByNet } from './stats.ts';
import { toMillis } from './timestamps.ts';

/** LL2's largest page (its `limit` maximum). */
export const PAGE_SIZE = 100;

/** `launches/upcoming/`: NET at or after 24 hours before now, whatever the status (as LL2). */
export function upcomingLaunches(launches: readonly LaunchRecord[], now: number): LaunchRecord[] {
  return sortByNet(launches.filter((l) => toMillis(l.net) >= now - DAY_MS));
}

/** `launches/previous/`: NET at or before now, newest first; equal NETs keep the name-then-id order of ascending lists. */
export function previousLaunches(launches: readonly LaunchRecord[], now: number): LaunchRecord[] {
  return sortByNet(launches.filter((l) => toMillis(l.net) <= now), -1);
}

/** `launches/`: every launch, oldest first. */
export function allLaunches(launches: readonly LaunchRecord[]): LaunchRecord[] {
  return sortByNet(launches);
}

const eventTime = (e: EventRecord): number => (e.date === null ? Infinity : toMillis(e.date));

/** Undated events sort last; ties by name, then id. */
function compareEvents(a: EventRecord, b: EventRecord): number {
  const byDate = eventTime(a) - eventTime(b);
  return (Number.isNaN(byDate) ? 0 : byDate) || compareText(a.name, b.name) || a.id - b.id;
}

const compareEventsDescending = (a: EventRecord, b: EventRecord): number =>
  eventTime(b) - eventTime(a) || compareText(a.name, b.name) || a.id - b.id;

/** `events/upcoming/`: dated at or after 24 hours before now. */
export function upcomingEvents(events: readonly EventRecord[], now: number): EventRecord[] {
  return events.filter((e) => e.date !== null && toMillis(e.date) >= now - DAY_MS).sort(compareEvents);
}

/** `events/previous/`: dated at or before now, newest first. */
export function previousEvents(events: readonly EventRecord[], now: number): EventRecord[] {
  return events.filter((e) => e.date !== null && toMillis(e.date) <= now).sort(compareEventsDescending);
}

export function allEvents(events: readonly EventRecord[]): EventRecord[] {
  return [...events].sort(compareEvents);
}

export interface Page<T = Json> {
  /** Path of the page's folder under the API root, e.g. `launches/upcoming/page/2/`. */
  path: string;
  body: { count: number; next: string | null; previous: string | null; results: T[] };
}

/** Where page `n` (1-based) of a collection lives: page 1 at the collection path itself. */
export function pagePath(collectionPath: string, n: number): string {
  return n === 1 ? collectionPath : `${collectionPath}page/${n}/`;
}

/**
 * Cuts a collection into LL2 envelopes. Static hosts ignore query strings, so
 * later pages live at path-based URLs; `next`/`previous` are absolute and null at
 * the ends. An empty collection is one page with `count: 0`.
 */
export function paginate<T = Json>(items: readonly T[], collectionPath: string, baseUrl: string, pageSize = PAGE_SIZE): Page<T>[] {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const url = (n: number) => `${baseUrl}${pagePath(collectionPath, n)}`;
  const pages: Page<T>[] = [];
  for (let n = 1; n <= pageCount; n++) {
    pages.push({
      path: pagePath(collectionPath, n),
      body: {
        count: items.length,
        next: n < pageCount ? url(n + 1) : null,
        previous: n > 1 ? url(n - 1) : null,
        results: items.slice((n - 1) * pageSize, n * pageSize),
      },
    });
  }
  return pages;
}
