// What the "Who is in space" panel (in-space.ts) lists, from the astronaut and
// spacecraft records (data/reference/) and the launches whose crews name them.
// In: the build context. Out: the people in space, grouped by the launch that
// took them up (their latest launch in our data); the spacecraft in space; and
// what the build cannot tell. Pure.
//
// Who is shown: the records as the build clock sees them (model/in-space.ts: a
// crew whose flight's planned end passed, or whose expedition ended, is not), each
// group and spacecraft with the dated fact its state rests on (`in_space` is what
// LL2 said when the record was saved, and a record is only refreshed when a newer
// copy of a launch that carries it arrives, or the sync's astronaut slot runs).
// What the build cannot tell (untoldInSpace), each with the dated word it rests
// on, rather than naming anyone as in space today: a crew, or the spacecraft
// their flight flies, their own launch's copy stated not in space soon after liftoff,
// with no later word (model/in-space.ts `undecided`, `undecidedSpacecraft`; a launch
// with no crew is listed for its spacecraft alone); a crew whose launch's NET passed
// after our data stopped (heard.ts); a station whose LL2 count of who is aboard
// belongs to expeditions that have all ended (`stationsUnknown`).

import { isObject } from '../../base/json-types.ts';
import type { BuildContext } from '../../api/context.ts';
import { crewFlights } from '../../api/shapes/astronauts.ts';
import type { JsonObject, LaunchRecord, ReferenceRecord } from '../../model/records.ts';
import { formatTimestamp, toMillis } from '../../model/time.ts';
import { stoppedOf, type Stopped } from './heard.ts';

export interface Crewmate {
  key: string;
  id: number;
  name: string;
  /** The abbreviation (else name) of the astronaut's agency, where the record names one. */
  agency: string | null;
}

export interface InSpaceGroup {
  /** The launch that took them up: the latest launch in our data whose launch crew names them. */
  launch: LaunchRecord | null;
  /** Where that launch's spacecraft went, as its stage says (e.g. "Tiangong"), else null. */
  destination: string | null;
  /** The date the state rests on: the newest of the latest dated facts of its people (a statement, a launch, an expedition's start). */
  reportedAt: string | null;
  /** What that fact is ("as LL2 reported on 2026-05-25", "Shenzhou 23 started 2026-05-24"). */
  basis: string | null;
  people: Crewmate[];
}

/** A spacecraft the panel names: its record's key, LL2 id and name. */
export interface Craft {
  key: string;
  id: number;
  name: string;
}

/** A spacecraft in space by the records as the build clock sees them, with the fact that rests on and its date. */
export interface CraftInSpace extends Craft {
  /** The fact's date (UTC), or null for an undated statement. */
  reportedAt: string | null;
  /** What that fact is ("as LL2 reported on 2026-05-16", "Shenzhou 23 launched 2026-05-24"). */
  basis: string;
}

/** What the build cannot tell of who is in space, each with the dated word it rests on (model/in-space.ts, heard.ts). */
export type Untold =
  | {
      /** A crew, or the spacecraft of their flight, stated not in space by their own launch's copy, soon after liftoff, with no later word. */
      kind: 'stated-at-liftoff';
      launch: LaunchRecord;
      destination: string | null;
      people: Crewmate[];
      /** The spacecraft the launch flies that the same rule leaves untold (none when it has none, or LL2 had marked it). */
      spacecraft: Craft[];
      /** When the copy's statement is dated (its `last_updated`). */
      stated: string;
    }
  | {
      /** A crew whose launch's NET passed after our data stopped: whether it flew, the data do not say. */
      kind: 'data-stopped';
      launch: LaunchRecord;
      destination: string | null;
      people: Crewmate[];
      /** When our data stopped, when the launch's own record last heard from LL2, and its status then. */
      stopped: Stopped;
      status: string;
    }
  | {
      /** A station whose LL2 count of who is aboard belongs to expeditions that have all ended. */
      kind: 'station-count';
      station: string;
      count: number;
      asOf: string;
      during: Array<{ name: string; end: string }>;
    };

/** By name, then by LL2 id: the order of the panel's people and spacecraft. */
const byName = (a: { name: string; id: number }, b: { name: string; id: number }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;

/** The abbreviation (else name) of an agency, as the panel names it. */
const agencyName = (agency: JsonObject | null | undefined): string | null =>
  agency ? String(agency.abbrev || agency.name) : null;

/** An astronaut record as the panel names it. */
const crewmateOf = (context: BuildContext, key: string, record: ReferenceRecord): Crewmate => ({
  key,
  id: record.id,
  name: record.name,
  agency: agencyName(typeof record.agency === 'string' ? context.data.reference.agencies.get(record.agency) : null),
});

/** Newest NET first, then by id. */
const newestFirst = (a: LaunchRecord, b: LaunchRecord): number =>
  toMillis(b.net) - toMillis(a.net) || (a.id < b.id ? -1 : 1);

function stages(launch: LaunchRecord): JsonObject[] {
  const stage = (launch.rocket as JsonObject | undefined)?.spacecraft_stage;
  return Array.isArray(stage) ? stage.filter(isObject) : [];
}

/** Where a launch's spacecraft went: the stage's flight record (spacecraft-flights.yaml) holds it, or the stage itself when it names none. */
const destinationOf = (context: BuildContext, launch: LaunchRecord): string | null =>
  stages(launch)
    .map((s) => context.shape.flightOf(s).destination)
    .find((d): d is string => typeof d === 'string' && d !== '') ?? null;

/** The people the astronaut records say are in space, grouped by the launch that took them up, newest first. */
export function peopleInSpace(context: BuildContext): InSpaceGroup[] {
  const { astronauts } = context.data.reference;
  // The records as the build clock sees them (api/context.ts applies model/in-space.ts): who is in space now, by the latest dated fact.
  const inSpace = [...astronauts.entries()].filter(([, record]) => record.in_space === true);
  if (inSpace.length === 0) return [];
  const wanted = new Set(inSpace.map(([key]) => key));
  // Their latest launch: the last of the flights the astronaut resources count (by NET).
  const flights = crewFlights(context.data.launches);
  const launchById = new Map(context.data.launches.map((l) => [l.id, l]));
  const latestLaunch = (key: string): LaunchRecord | undefined => {
    const id = flights.get(key)?.launches.at(-1);
    return id === undefined ? undefined : launchById.get(id);
  };
  // The date each one's state rests on: the latest dated fact at the build clock (model/in-space.ts), else none.
  const { world } = context;
  const reported = new Map<string, string>();
  const basis = new Map<string, string>();
  for (const key of wanted) {
    const state = world.astronauts.get(key);
    if (state?.basis.at != null) reported.set(key, formatTimestamp(state.basis.at));
    if (state) basis.set(key, state.basis.what);
  }
  const groups = new Map<string, InSpaceGroup>();
  for (const [key, record] of inSpace) {
    const launch = latestLaunch(key) ?? null;
    const groupKey = launch?.id ?? '';
    let group = groups.get(groupKey);
    if (!group) {
      const destination = launch ? destinationOf(context, launch) : null;
      groups.set(groupKey, (group = { launch, destination, reportedAt: null, basis: null, people: [] }));
    }
    group.people.push(crewmateOf(context, key, record));
    const at = reported.get(key) ?? null;
    if (at && (!group.reportedAt || toMillis(at) > toMillis(group.reportedAt))) {
      group.reportedAt = at;
      group.basis = basis.get(key) ?? null;
    }
  }
  for (const group of groups.values()) group.people.sort(byName);
  // Newest launch first; people whose launch we do not hold last.
  return [...groups.values()].sort((a, b) => {
    if (!a.launch || !b.launch) return a.launch ? -1 : b.launch ? 1 : 0;
    return newestFirst(a.launch, b.launch);
  });
}

/** The spacecraft the records say are in space (`spacecraft/?in_space=true`), each with the fact it rests on; by name. */
export function spacecraftInSpace(context: BuildContext): CraftInSpace[] {
  const out: CraftInSpace[] = [];
  for (const [key, record] of context.data.reference.spacecraft) {
    if (record.in_space !== true) continue;
    const basis = context.world.spacecraft.get(key)?.basis;
    out.push({
      key,
      id: record.id,
      name: record.name,
      reportedAt: basis?.at != null ? formatTimestamp(basis.at) : null,
      basis: basis?.what ?? 'as LL2 reported (undated)',
    });
  }
  return out.sort(byName);
}

/** A launch's launch crew: members named by key, or (as some imported 2.3.0 copies hold them) whole astronaut objects. */
const crewMembers = (launch: LaunchRecord): Array<string | JsonObject> =>
  stages(launch).flatMap((stage) =>
    (Array.isArray(stage.launch_crew) ? stage.launch_crew : [])
      .map((m) => (isObject(m) && (typeof m.astronaut === 'string' || isObject(m.astronaut)) ? m.astronaut : null))
      .filter((a): a is string | JsonObject => a !== null),
  );

/** What the build cannot tell: crews stated not in space at their liftoff, crews the data stopped before, stations' old counts. */
export function untoldInSpace(context: BuildContext): Untold[] {
  const { astronauts, spaceStations, launchStatuses } = context.data.reference;
  const byId = new Map(context.data.launches.map((l) => [l.id, l]));
  const person = (member: string | JsonObject): Crewmate | null => {
    if (typeof member !== 'string') {
      // A whole astronaut object (LL2's own, with its agency nested).
      const agency = isObject(member.agency) ? member.agency : null;
      if (typeof member.id !== 'number' || typeof member.name !== 'string') return null;
      return { key: `ll2:${member.id}`, id: member.id, name: member.name, agency: agencyName(agency) };
    }
    const record = astronauts.get(member);
    return record ? crewmateOf(context, member, record) : null;
  };
  const unique = (people: Array<Crewmate | null>): Crewmate[] => [
    ...new Map(people.filter((p): p is Crewmate => p !== null).map((p) => [p.id, p])).values(),
  ];
  const out: Untold[] = [];
  const atLiftoff = new Map<string, { keys: string[]; crafts: string[]; stated: number }>();
  const entryOf = (u: { launch: string; stated: number }) => {
    const entry = atLiftoff.get(u.launch) ?? { keys: [], crafts: [], stated: u.stated };
    entry.stated = Math.max(entry.stated, u.stated);
    atLiftoff.set(u.launch, entry);
    return entry;
  };
  for (const [key, u] of context.world.undecided) entryOf(u).keys.push(key);
  for (const [key, u] of context.world.undecidedSpacecraft) entryOf(u).crafts.push(key);
  const craftOf = (key: string): Craft | null => {
    const record = context.data.reference.spacecraft.get(key);
    return record ? { key, id: record.id, name: record.name } : null;
  };
  for (const [id, { keys, crafts, stated }] of atLiftoff) {
    const launch = byId.get(id);
    if (!launch) continue;
    const people = unique(keys.map(person));
    const spacecraft = crafts
      .map(craftOf)
      .filter((c): c is Craft => c !== null)
      .sort(byName);
    out.push({
      kind: 'stated-at-liftoff',
      launch,
      destination: destinationOf(context, launch),
      people: people.sort(byName),
      spacecraft,
      stated: formatTimestamp(stated),
    });
  }
  for (const launch of context.data.launches) {
    const stopped = stoppedOf(context, launch);
    const people = stopped ? unique(crewMembers(launch).map(person)) : [];
    if (!stopped || people.length === 0) continue;
    out.push({
      kind: 'data-stopped',
      launch,
      destination: destinationOf(context, launch),
      people: people.sort(byName),
      stopped,
      status: String(launchStatuses.get(launch.status)?.name ?? launch.status),
    });
  }
  // Launches newest first, then the stations by name.
  out.sort((a, b) => ('launch' in a && 'launch' in b ? newestFirst(a.launch, b.launch) : 0));
  const stations = [...context.world.stationsUnknown].map(
    ([key, u]): Untold => ({
      kind: 'station-count',
      station: String(spaceStations.get(key)?.name ?? key),
      count: u.count,
      asOf: formatTimestamp(u.asOf),
      during: u.during.map((e) => ({ name: e.name, end: formatTimestamp(e.end) })),
    }),
  );
  return [
    ...out,
    ...stations.sort((a, b) => ((a as { station: string }).station < (b as { station: string }).station ? -1 : 1)),
  ];
}
