// Who and what is in space at the build clock, from dated facts rather than the
// `in_space` a source froze when it was saved (issue 37). In: the data set
// (launches with their crews, spacecraft stages and timelines; the astronaut,
// spacecraft, spacecraft flight, landing, expedition and station records) and the
// clock. Out: for each astronaut and spacecraft, its state at the clock with the
// fact it rests on and that fact's date; each station's `onboard_crew` where LL2's
// count can no longer be told; and the data set with those values in place, each
// value we inferred said in the record's `provenance.assumed`. Pure.
//
// The facts, each dated:
// - a statement: the record's own `in_space`, dated by the newest `last_updated` of
//   the launches that carry it (an astronaut in their crews, a spacecraft in their
//   stages); a record no launch of ours carries has an undated statement;
// - a flight: up at the NET of a flown launch (not a failure) whose launch crew
//   names the astronaut or whose stage flies the spacecraft; down at its planned
//   end (the spacecraft flight's `mission_end`, else the launch's timeline: NET +
//   the relative time of its latest splashdown, landing or touchdown a day or more
//   after liftoff) once that is more than GRACE_DAYS
//   before the clock ("passed long ago"), or at that end when the stage's landing
//   is recorded as a success;
// - an expedition (astronauts in its crew): up at its start, down at its end once
//   the end is at or before the clock.
// The latest fact at or before the clock decides (a later "down" beats an earlier
// statement; a statement newer than a landing beats the landing); an "up" fact more
// than LONGEST_FLIGHT_DAYS before the clock is a return by then. With no dated
// fact the record's value stands, undated.
// What the facts cannot tell (`undecided`, `undecidedSpacecraft`, for the page; the
// values stay as decided): a crew of an orbital flight, or the spacecraft it flies,
// whose state rests on a "not in space" statement carried by the copy of that very
// launch, saved less than STATEMENT_LAG_HOURS after its liftoff. LL2 marks a crew and
// its spacecraft in space some time after liftoff (Soyuz MS-29's copy, 33 minutes
// after, still gives its spacecraft no flight), so such a statement may be the record
// before LL2 caught up; and nothing later says where they are.

import { isObject } from '../base/json-types.ts';
import { withAssumed } from './assumed.ts';
import type { DataSet, Json, JsonObject, LaunchRecord, ReferenceRecord } from './records.ts';
import { FAILURE_STATUS_IDS, FLOWN_STATUS_IDS } from './statuses.ts';
import { formatTimestamp, toMillis } from './time.ts';

/** A planned end (a splashdown in the timeline) counts as passed this many days after it: landings slip by days, not weeks. */
export const GRACE_DAYS = 30;
const DAY_MS = 86_400_000;

export type FactKind =
  | 'statement'
  | 'launch'
  | 'planned-end'
  | 'landing'
  | 'expedition-start'
  | 'expedition-end'
  | 'longest-flight';

/** A "not in space" statement carried by a copy of the launch saved less than this after its liftoff may predate LL2's update. */
export const STATEMENT_LAG_HOURS = 24;

/** No stay in space has lasted longer (the record, Valeri Polyakov's, is 437 days): an "up" fact older than this is followed by a return. */
export const LONGEST_FLIGHT_DAYS = 440;

export interface Fact {
  /** Milliseconds, or null for an undated statement. */
  at: number | null;
  inSpace: boolean;
  kind: FactKind;
  /** What the fact is, for provenance and the page: "Artemis II's timeline ends (splashdown) on …". */
  what: string;
}

export interface InSpaceState {
  inSpace: boolean;
  /** The fact the state rests on (the latest at or before the clock), or the undated statement. */
  basis: Fact;
  /** Whether the state differs from the record's own `in_space`, or rests on anything but a statement. */
  inferred: boolean;
}

/** `[-]PnDTnHnMnS` as milliseconds (LL2's timeline offsets); NaN for anything with years, months or weeks. */
export function durationMillis(value: string): number {
  const match = /^(-)?P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value);
  if (!match || value === 'P' || value.endsWith('T')) return NaN;
  const [, minus, d, h, m, s] = match;
  const ms = ((Number(d ?? 0) * 24 + Number(h ?? 0)) * 60 + Number(m ?? 0)) * 60_000 + Number(s ?? 0) * 1000;
  return minus ? -ms : ms;
}

/** The state at `now` from the facts: the latest dated fact at or before the clock; else the undated statement; else none. */
export function stateAt(facts: readonly Fact[], now: number, stated: boolean | undefined): InSpaceState | undefined {
  let best: Fact | undefined;
  for (const fact of facts) {
    if (fact.at === null || fact.at > now) continue;
    // Ties: a "down" fact wins (a landing and a statement of the same second: they are back).
    if (!best || fact.at > best.at! || (fact.at === best.at && !fact.inSpace && best.inSpace)) best = fact;
  }
  if (best?.inSpace && now - best.at! > LONGEST_FLIGHT_DAYS * DAY_MS) {
    // Up so long ago that no flight lasts that long: back, whatever else we do not know.
    const at = best.at! + LONGEST_FLIGHT_DAYS * DAY_MS;
    return {
      inSpace: false,
      basis: {
        at,
        inSpace: false,
        kind: 'longest-flight',
        what: `${best.what}, more than ${LONGEST_FLIGHT_DAYS} days before the clock: longer than any stay in space has lasted`,
      },
      inferred: true,
    };
  }
  if (best)
    return { inSpace: best.inSpace, basis: best, inferred: best.kind !== 'statement' || best.inSpace !== stated };
  const undated = facts.find((f) => f.at === null);
  return undated ? { inSpace: undated.inSpace, basis: undated, inferred: false } : undefined;
}

const day = (ms: number): string => formatTimestamp(ms).slice(0, 10);

function stagesOf(launch: LaunchRecord): JsonObject[] {
  const stages = (launch.rocket as unknown as JsonObject | undefined)?.spacecraft_stage;
  return Array.isArray(stages) ? stages.filter(isObject) : [];
}

const keysIn = (list: Json | undefined): string[] =>
  (Array.isArray(list) ? list : [])
    .filter(isObject)
    .map((m) => m.astronaut)
    .filter((k): k is string => typeof k === 'string');

/** A timeline step that brings the crew home: a splashdown, landing or touchdown a day or more after liftoff (a booster lands minutes after). */
const HOMECOMING = /splashdown|landing|touchdown/i;

/**
 * The launch's planned end: NET + the relative time of the latest homecoming step of
 * its timeline; undefined without one (a timeline that ends at docking says nothing of the return).
 */
function timelineEnd(launch: LaunchRecord, net: number): number | undefined {
  const timeline = (launch as unknown as JsonObject).timeline;
  let latest: number | undefined;
  for (const step of Array.isArray(timeline) ? timeline : []) {
    if (!isObject(step) || typeof step.relative_time !== 'string') continue;
    const type = isObject(step.type) ? `${String(step.type.abbrev ?? '')} ${String(step.type.description ?? '')}` : '';
    const offset = durationMillis(step.relative_time);
    if (offset >= DAY_MS && HOMECOMING.test(type) && (latest === undefined || offset > latest)) latest = offset;
  }
  return latest === undefined ? undefined : net + latest;
}

/** An astronaut or spacecraft the facts cannot place: stated not in space by the copy of the launch that flew them, soon after its liftoff. */
export interface Undecided {
  /** The launch (its id) that flew them, whose copy carries the statement. */
  launch: string;
  /** Its liftoff (the NET), and when the copy's statement is dated (its `last_updated`). */
  launched: number;
  stated: number;
}

/** A station's LL2 count that no longer holds: the count, its date, the expeditions under way then (each ended), and why in words. */
export interface StationUnknown {
  count: number;
  asOf: number;
  during: Array<{ name: string; end: number }>;
  why: string;
}

export interface WorldAtClock {
  astronauts: Map<string, InSpaceState>;
  /** Astronauts whose state rests on a statement that may predate LL2's update for their flight (see the header). */
  undecided: Map<string, Undecided>;
  spacecraft: Map<string, InSpaceState>;
  /** Spacecraft whose state rests on such a statement: the same rule as `undecided`. */
  undecidedSpacecraft: Map<string, Undecided>;
  /** Stations whose LL2 count of who is aboard no longer holds at the clock (every expedition under way at its date has ended), with why. */
  stationsUnknown: Map<string, StationUnknown>;
}

/** The facts of every astronaut and spacecraft our records name, and their states at `now`. */
export function worldAtClock(data: DataSet, now: number): WorldAtClock {
  const { astronauts, spacecraft, spacecraftFlights, landings, expeditions, launchStatuses, spaceStations } =
    data.reference;
  const astronautFacts = new Map<string, Fact[]>();
  const craftFacts = new Map<string, Fact[]>();
  const add = (map: Map<string, Fact[]>, key: string, fact: Fact) => map.set(key, [...(map.get(key) ?? []), fact]);
  const statedAt = new Map<string, number>();
  /** The launch whose copy dates each astronaut's or spacecraft's statement, where that launch flew them to orbit: its NET. */
  const statedBy = new Map<string, { launch: string; net: number } | null>();
  const stateKey = (kind: string, key: string) => `${kind}:${key}`;
  for (const launch of data.launches) {
    const net = toMillis(launch.net);
    const updated = toMillis(launch.last_updated);
    const statusId = Number(launchStatuses.get(launch.status)?.id);
    const flown = FLOWN_STATUS_IDS.has(statusId) && !FAILURE_STATUS_IDS.has(statusId) && net <= now;
    const orbital = !(launch.mission?.orbit && data.reference.orbits.get(launch.mission.orbit)?.suborbital === true);
    for (const stage of stagesOf(launch)) {
      const flight = typeof stage.flight === 'string' ? spacecraftFlights.get(stage.flight) : undefined;
      const craft = typeof flight?.spacecraft === 'string' ? flight.spacecraft : undefined;
      const crew = keysIn(stage.launch_crew);
      for (const key of [...crew, ...keysIn(stage.onboard_crew), ...keysIn(stage.landing_crew)]) {
        const k = stateKey('a', key);
        if (!Number.isNaN(updated) && (statedAt.get(k) ?? -Infinity) < updated) {
          statedAt.set(k, updated);
          statedBy.set(k, flown && orbital && crew.includes(key) ? { launch: launch.id, net } : null);
        }
      }
      if (craft) {
        const k = stateKey('s', craft);
        if (!Number.isNaN(updated) && (statedAt.get(k) ?? -Infinity) < updated) {
          statedAt.set(k, updated);
          statedBy.set(k, flown && orbital ? { launch: launch.id, net } : null);
        }
      }
      if (!flown) continue;
      const missionEnd = typeof flight?.mission_end === 'string' ? toMillis(flight.mission_end) : undefined;
      const end = missionEnd ?? timelineEnd(launch, net);
      const landing = typeof flight?.landing === 'string' ? landings.get(flight.landing) : undefined;
      const landed = landing?.success === true;
      const downs: Fact[] = [];
      if (end !== undefined && end <= now && (landed || missionEnd !== undefined)) {
        downs.push({
          at: end,
          inSpace: false,
          kind: 'landing',
          what: `${launch.name}: landing recorded, at its planned end ${day(end)}`,
        });
      } else if (end !== undefined && end + GRACE_DAYS * DAY_MS < now) {
        downs.push({
          at: end,
          inSpace: false,
          kind: 'planned-end',
          what: `${launch.name}: its planned end (${missionEnd !== undefined ? "the flight's mission end" : "the launch's timeline"}) ${day(end)} passed more than ${GRACE_DAYS} days before the clock`,
        });
      }
      const up: Fact = { at: net, inSpace: true, kind: 'launch', what: `${launch.name} launched ${day(net)}` };
      for (const key of crew) for (const fact of [up, ...downs]) add(astronautFacts, key, fact);
      if (craft) for (const fact of [up, ...downs]) add(craftFacts, craft, fact);
    }
  }
  for (const expedition of expeditions.values()) {
    if (typeof expedition.start !== 'string') continue;
    const start = toMillis(expedition.start);
    const end = typeof expedition.end === 'string' ? toMillis(expedition.end) : undefined;
    for (const key of keysIn(expedition.crew)) {
      add(astronautFacts, key, {
        at: start,
        inSpace: true,
        kind: 'expedition-start',
        what: `${expedition.name} started ${day(start)}`,
      });
      if (end !== undefined && end <= now)
        add(astronautFacts, key, {
          at: end,
          inSpace: false,
          kind: 'expedition-end',
          what: `${expedition.name} ended ${day(end)}`,
        });
    }
  }
  const states = (
    records: ReadonlyMap<string, ReferenceRecord>,
    facts: Map<string, Fact[]>,
    prefix: string,
  ): Map<string, InSpaceState> => {
    const out = new Map<string, InSpaceState>();
    for (const [key, record] of records) {
      const own = facts.get(key) ?? [];
      const stated = typeof record.in_space === 'boolean' ? record.in_space : undefined;
      if (stated !== undefined) {
        const at = statedAt.get(stateKey(prefix, key));
        own.push({
          at: at ?? null,
          inSpace: stated,
          kind: 'statement',
          what: at === undefined ? 'as LL2 reported (undated)' : `as LL2 reported on ${day(at)}`,
        });
      }
      const state = stateAt(own, now, stated);
      if (state) out.set(key, state);
    }
    return out;
  };
  const stationsUnknown = new Map<string, StationUnknown>();
  for (const [key, station] of spaceStations) {
    const figures = isObject(station.ll2_figures) ? station.ll2_figures : undefined;
    if (typeof figures?.onboard_crew !== 'number' || figures.onboard_crew === 0 || typeof figures.as_of !== 'string')
      continue;
    const asOf = toMillis(figures.as_of);
    const then = [...expeditions.values()].filter(
      (e) =>
        e.space_station === key &&
        typeof e.start === 'string' &&
        toMillis(e.start) <= asOf &&
        (typeof e.end !== 'string' || toMillis(e.end) > asOf),
    );
    const under = (e: ReferenceRecord) =>
      typeof e.start === 'string' && toMillis(e.start) <= now && (typeof e.end !== 'string' || toMillis(e.end) > now);
    if (
      then.length === 0 ||
      then.some(under) ||
      [...expeditions.values()].some((e) => e.space_station === key && under(e))
    )
      continue;
    const during = then.map((e) => ({ name: String(e.name), end: toMillis(String(e.end)) }));
    stationsUnknown.set(key, {
      count: figures.onboard_crew,
      asOf,
      during,
      why: `LL2 counted ${figures.onboard_crew} aboard on ${day(asOf)}, during ${during.map((e) => `${e.name} (ended ${day(e.end)})`).join(', ')}; no expedition we hold is under way at the build clock`,
    });
  }
  /** Those whose "not in space" rests on the copy of the launch that flew them, saved soon after its liftoff (see the header). */
  const undecidedOf = (all: Map<string, InSpaceState>, prefix: string): Map<string, Undecided> => {
    const out = new Map<string, Undecided>();
    for (const [key, state] of all) {
      const by = statedBy.get(stateKey(prefix, key));
      const at = state.basis.at;
      if (!by || state.inSpace || state.basis.kind !== 'statement' || at === null) continue;
      if (at >= by.net && at - by.net < STATEMENT_LAG_HOURS * 3_600_000 && now - by.net <= LONGEST_FLIGHT_DAYS * DAY_MS)
        out.set(key, { launch: by.launch, launched: by.net, stated: at });
    }
    return out;
  };
  const astronautStates = states(astronauts, astronautFacts, 'a');
  const craftStates = states(spacecraft, craftFacts, 's');
  return {
    astronauts: astronautStates,
    undecided: undecidedOf(astronautStates, 'a'),
    spacecraft: craftStates,
    undecidedSpacecraft: undecidedOf(craftStates, 's'),
    stationsUnknown,
  };
}

/** A record with `in_space` as computed, the inference said in `provenance.assumed`; the record itself when nothing changes. */
// The clock itself is not written into a record (only what it decided, and the dated facts that decided it):
// a record that changed with every day of the clock would change every file's input key, and every hourly
// build would rewrite the tree (status.json states the build clock).
function withState(record: ReferenceRecord, state: InSpaceState | undefined): ReferenceRecord {
  if (!state || state.inSpace === record.in_space) return record;
  return withAssumed(
    record,
    { in_space: state.inSpace },
    'in_space',
    `${state.inSpace} at the build clock, inferred: ${state.basis.what} (docs/differences.md)`,
  );
}

/** The data set as the build clock sees it: astronauts' and spacecraft's `in_space`, and stations' `onboard_crew` where it no longer holds. */
export function dataAtClock(data: DataSet, now: number, world: WorldAtClock = worldAtClock(data, now)): DataSet {
  const map = (records: ReadonlyMap<string, ReferenceRecord>, states: Map<string, InSpaceState>) =>
    new Map([...records].map(([key, record]) => [key, withState(record, states.get(key))]));
  const stations = new Map(
    [...data.reference.spaceStations].map(([key, station]) => {
      const why = world.stationsUnknown.get(key)?.why;
      if (why === undefined) return [key, station];
      const figures = station.ll2_figures as JsonObject;
      return [
        key,
        withAssumed(
          station,
          { ll2_figures: { ...figures, onboard_crew: null } },
          'll2_figures.onboard_crew',
          `null (unknown) at the build clock: ${why}`,
        ),
      ];
    }),
  );
  return {
    ...data,
    reference: {
      ...data.reference,
      astronauts: map(data.reference.astronauts, world.astronauts),
      spacecraft: map(data.reference.spacecraft, world.spacecraft),
      spaceStations: stations,
    },
  };
}
