// Which records belong to each collection, and in which order: LL2's rules for
// upcoming and previous, decided against the clock. Pure functions of the records.

import type { EventRecord, LaunchRecord } from './records.ts';
import { compareText, launchesByNet, type TimedLaunch } from './stats.ts';
import { DAY_MS, toMillis } from './time.ts';


export interface LaunchLists {
  /** `launches/`: every launch, oldest first. */
  all: LaunchRecord[];
  /** `launches/upcoming/`: NET at or after 24 hours before now, whatever the status (as LL2). */
  upcoming: LaunchRecord[];
  /** `launches/previous/`: NET at or before now, newest first; equal NETs keep the name-then-id order of ascending lists. */
  previous: LaunchRecord[];
}

/** The three launch collections, cut from the launches sorted by NET, name and id (stats.ts): no sort of their own. */
export function launchLists(byNet: readonly TimedLaunch[], now: number): LaunchLists {
  const all = byNet.map((k) => k.launch);
  const upcoming = byNet.filter((k) => k.net >= now - DAY_MS).map((k) => k.launch);
  const previous: LaunchRecord[] = [];
  // Newest NET first, each group of equal NETs in its ascending order.
  for (let end = byNet.length; end > 0;) {
    const { net } = byNet[end - 1];
    let start = end - 1;
    while (start > 0 && byNet[start - 1].net === net) start--;
    if (net <= now) for (let i = start; i < end; i++) previous.push(byNet[i].launch);
    end = start;
  }
  return { all, upcoming, previous };
}

export const upcomingLaunches = (launches: readonly LaunchRecord[], now: number): LaunchRecord[] => launchLists(launchesByNet(launches), now).upcoming;
export const previousLaunches = (launches: readonly LaunchRecord[], now: number): LaunchRecord[] => launchLists(launchesByNet(launches), now).previous;
export const allLaunches = (launches: readonly LaunchRecord[]): LaunchRecord[] => launchesByNet(launches).map((k) => k.launch);

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
