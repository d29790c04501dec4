// Which records belong to each collection, and in which order: LL2's rules for
// upcoming and previous, decided against the clock, and the default order of each
// reference list (agencies, pads, … config items). Pure functions of the records.

import { CONFIG_LIST_KINDS, type ConfigListKind } from '../../schemas/config-lists.ts';
import type { ReferenceKind } from '../../schemas/data-files.ts';
import { DECLARED_RESOURCES, type DeclaredKind, type DeclaredResource } from '../../schemas/resources/index.ts';
import type { EventRecord, LaunchRecord, ReferenceData, ReferenceRecord } from './records.ts';
import { compareText, launchesByNet, type TimedLaunch } from './stats.ts';
import { DAY_MS, toMillis } from './time.ts';

export interface LaunchLists {
  /** `launches/`: every launch, oldest first. */
  all: LaunchRecord[];
  /** `launches/upcoming/`: NET at or after 24 hours before now, whatever the status (as LL2). */
  upcoming: LaunchRecord[];
  /** `launches/previous/`: NET at or before now, newest first; equal NETs keep the order of ascending lists. */
  previous: LaunchRecord[];
}

/** The three launch collections, cut from the launches in LL2's order (NET, precision, name, id: stats.ts): no sort of their own. */
export function launchLists(byNet: readonly TimedLaunch[], now: number): LaunchLists {
  const all = byNet.map((k) => k.launch);
  const upcoming = byNet.filter((k) => k.net >= now - DAY_MS).map((k) => k.launch);
  const previous: LaunchRecord[] = [];
  // Newest NET first, each group of equal NETs in its ascending order.
  for (let end = byNet.length; end > 0; ) {
    const { net } = byNet[end - 1];
    let start = end - 1;
    while (start > 0 && byNet[start - 1].net === net) start--;
    if (net <= now) for (let i = start; i < end; i++) previous.push(byNet[i].launch);
    end = start;
  }
  return { all, upcoming, previous };
}

/**
 * Each space station's expeditions under way at `now` (a station's
 * `active_expeditions`): started at or before the clock, with no end stated or an
 * end after it; by start, then id. In: the expedition records by key. Out: station
 * key → expedition keys (stations with none left out).
 */
export function activeExpeditions(
  expeditions: ReadonlyMap<string, ReferenceRecord>,
  now: number,
): Map<string, string[]> {
  const active = [...expeditions].filter(([, e]) => {
    if (typeof e.start !== 'string' || toMillis(e.start) > now) return false;
    return typeof e.end !== 'string' || toMillis(e.end) > now;
  });
  active.sort(([, a], [, b]) => compareText(String(a.start), String(b.start)) || a.id - b.id);
  const byStation = new Map<string, string[]>();
  for (const [key, e] of active) {
    const station = String(e.space_station);
    byStation.set(station, [...(byStation.get(station) ?? []), key]);
  }
  return byStation;
}

/** `precisions`: each NET precision's LL2 id by key (stats.ts precisionRanks), which orders equal NETs. */
export const upcomingLaunches = (
  launches: readonly LaunchRecord[],
  now: number,
  precisions?: ReadonlyMap<string, number>,
): LaunchRecord[] => launchLists(launchesByNet(launches, precisions), now).upcoming;
export const previousLaunches = (
  launches: readonly LaunchRecord[],
  now: number,
  precisions?: ReadonlyMap<string, number>,
): LaunchRecord[] => launchLists(launchesByNet(launches, precisions), now).previous;
export const allLaunches = (
  launches: readonly LaunchRecord[],
  precisions?: ReadonlyMap<string, number>,
): LaunchRecord[] => launchesByNet(launches, precisions).map((k) => k.launch);

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

// LL2's database sorts names with its collation, which ignores spaces and punctuation
// at first ("American Rocket Company" before "A.M. Makarov"); ICU's English collation
// with punctuation ignored gives the same order on every page of LL2's agencies and
// launcher configurations saved in 2024 (docs/resources.md).
const nameCollator = new Intl.Collator('en', { ignorePunctuation: true });

/** Two texts in the order of LL2's database collation (see above), ties broken by code points. */
export const compareNames = (a: string, b: string): number => nameCollator.compare(a, b) || compareText(a, b);

type ReferenceOrder = (a: ReferenceRecord, b: ReferenceRecord, reference: ReferenceData) => number;

const byId: ReferenceOrder = (a, b) => a.id - b.id;
const byName: ReferenceOrder = (a, b) => compareNames(a.name, b.name) || a.id - b.id;
/** By the LL2 id of the `kind` record `field` names (0 where none), then by id: pads by their location. */
const byReferenceThenId =
  (field: string, kind: ReferenceKind): ReferenceOrder =>
  (a, b, reference) => {
    const idOf = (r: ReferenceRecord): number => reference[kind].get(String(r[field]))?.id ?? 0;
    return idOf(a) - idOf(b) || a.id - b.id;
  };
/** A declared resource's order (schemas/resources/declaration.ts `order`). */
const declaredOrder = (d: DeclaredResource): ReferenceOrder => {
  const order = d.order;
  if (order === 'name') return byName;
  if (order === undefined || order === 'id') return byId;
  const named = d.refers.find(([path]) => path.length === 1 && path[0] === order.byReference);
  if (!named) throw new Error(`${d.kind}: its order names ${order.byReference}, which it does not refer by`);
  return byReferenceThenId(order.byReference, named[1] as ReferenceKind);
};

/**
 * The default order of each reference list endpoint. By name and by location are
 * LL2's, seen in its responses; by id is our choice where LL2's order is not known
 * (docs/resources.md says which).
 */
const REFERENCE_ORDER: Record<ReferenceKind, ReferenceOrder> = {
  // The declared resources (schemas/resources/): by id unless their declaration says otherwise.
  ...(Object.fromEntries(DECLARED_RESOURCES.map((d) => [d.kind, declaredOrder(d)])) as Record<
    DeclaredKind,
    ReferenceOrder
  >),
  // The config lists collected from the records (schemas/config-lists.ts).
  ...(Object.fromEntries(CONFIG_LIST_KINDS.map((kind) => [kind, byId])) as Record<ConfigListKind, ReferenceOrder>),
};

/** The keys of every record of a reference kind, in the default order of its list endpoint. */
export function referenceList(reference: ReferenceData, kind: ReferenceKind): string[] {
  const order = REFERENCE_ORDER[kind];
  return [...reference[kind]].sort(([, a], [, b]) => order(a, b, reference)).map(([key]) => key);
}

/**
 * For each key of another record, the keys of the `kind` records whose `field` names it
 * (or lists it), in the default order of `kind`: a location's pads, an agency's rockets.
 */
export function referrers(reference: ReferenceData, kind: ReferenceKind, field: string): Map<string, string[]> {
  const byTarget = new Map<string, string[]>();
  for (const key of referenceList(reference, kind)) {
    const value = reference[kind].get(key)![field];
    for (const target of Array.isArray(value) ? value : [value]) {
      if (typeof target !== 'string') continue;
      let keys = byTarget.get(target);
      if (!keys) byTarget.set(target, (keys = []));
      keys.push(key);
    }
  }
  return byTarget;
}
