// "Who is in space", a small panel of the schedule page, from the astronaut
// records (data/reference/astronauts.yaml) and the launches whose crews name them.
// In: the build context. Out: the people LL2 last reported in space, grouped by
// the launch that took them up (their latest launch in our data), each group with
// the date of that report; what the build cannot tell; and the panel as HTML (''
// when there is neither).
//
// Who is shown: the records as the build clock sees them (model/in-space.ts: a
// crew whose flight's planned end passed, or whose expedition ended, is not), each
// group with the date its state rests on.
// Why a report date: `in_space` is what LL2 said when the record was saved, and a
// record is only refreshed when a newer copy of a launch that carries it arrives
// (or the sync's astronaut slot runs). So the panel says when it was said — the
// newest `last_updated` of the launches whose crews name the astronaut — and when
// that is older than REPORT_OLD_AFTER_DAYS it says plainly that they may be back,
// rather than presenting an old report as today's crew.
// Then what the build cannot tell (untoldInSpace), each with the dated word it
// rests on, rather than naming anyone as in space today: a crew, or the spacecraft
// their flight flies, their own launch's copy stated not in space soon after liftoff,
// with no later word (model/in-space.ts `undecided`, `undecidedSpacecraft`; a launch
// with no crew is listed for its spacecraft alone); a crew whose launch's NET passed
// after our data stopped (heard.ts);
// a station whose LL2 count of who is aboard belongs to expeditions that have all
// ended (`stationsUnknown`). Between the two, the spacecraft the records say are in
// space (`spacecraft/?in_space=true`), each with the dated fact it rests on and the
// same plain word when that is old. Pure.

import { isObject } from '../../base/json-types.ts';
import type { BuildContext } from '../../api/context.ts';
import { REFERENCE_PATHS } from '../../api/paths.ts';
import { crewFlights } from '../../api/shapes/astronauts.ts';
import type { JsonObject, LaunchRecord } from '../../model/records.ts';
import { formatTimestamp, toMillis } from '../../model/time.ts';
import { stoppedOf, type Stopped } from './heard.ts';
import { pageCore } from './assets.ts';
import { launchPageOf } from './launch-choice.ts';
import { apiHref, CORE_PATHS } from './paths.ts';

/** A report of someone in space older than this (days before the build) is called old on the page. */
export const REPORT_OLD_AFTER_DAYS = 30;

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

function stages(launch: LaunchRecord): JsonObject[] {
  const stage = (launch.rocket as JsonObject | undefined)?.spacecraft_stage;
  return Array.isArray(stage) ? stage.filter(isObject) : [];
}

/** The people the astronaut records say are in space, grouped by the launch that took them up, newest first. */
export function peopleInSpace(context: BuildContext): InSpaceGroup[] {
  const { astronauts, agencies } = context.data.reference;
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
      // The stage's flight record (spacecraft-flights.yaml) holds it, or the stage itself when it names none.
      const destination = launch
        ? (stages(launch)
            .map((s) => context.shape.flightOf(s).destination)
            .find((d): d is string => typeof d === 'string' && d !== '') ?? null)
        : null;
      groups.set(groupKey, (group = { launch, destination, reportedAt: null, basis: null, people: [] }));
    }
    const agency = typeof record.agency === 'string' ? agencies.get(record.agency) : undefined;
    group.people.push({
      key,
      id: record.id,
      name: record.name,
      agency: agency ? String(agency.abbrev || agency.name) : null,
    });
    const at = reported.get(key) ?? null;
    if (at && (!group.reportedAt || toMillis(at) > toMillis(group.reportedAt))) {
      group.reportedAt = at;
      group.basis = basis.get(key) ?? null;
    }
  }
  const byName = (a: Crewmate, b: Crewmate): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
  for (const group of groups.values()) group.people.sort(byName);
  // Newest launch first; people whose launch we do not hold last.
  return [...groups.values()].sort((a, b) => {
    if (!a.launch || !b.launch) return a.launch ? -1 : b.launch ? 1 : 0;
    return toMillis(b.launch.net) - toMillis(a.launch.net) || (a.launch.id < b.launch.id ? -1 : 1);
  });
}

const DAY_MS = 86_400_000;

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
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
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

/** A launch's launch crew: members named by key, or (as some imported 2.3.0 copies hold them) whole astronaut objects. */
const crewMembers = (launch: LaunchRecord): Array<string | JsonObject> =>
  stages(launch).flatMap((stage) =>
    (Array.isArray(stage.launch_crew) ? stage.launch_crew : [])
      .map((m) => (isObject(m) && (typeof m.astronaut === 'string' || isObject(m.astronaut)) ? m.astronaut : null))
      .filter((a): a is string | JsonObject => a !== null),
  );

/** What the build cannot tell: crews stated not in space at their liftoff, crews the data stopped before, stations' old counts. */
export function untoldInSpace(context: BuildContext): Untold[] {
  const { astronauts, agencies, spaceStations, launchStatuses } = context.data.reference;
  const byId = new Map(context.data.launches.map((l) => [l.id, l]));
  const person = (member: string | JsonObject): Crewmate | null => {
    if (typeof member !== 'string') {
      // A whole astronaut object (LL2's own, with its agency nested).
      const agency = isObject(member.agency) ? member.agency : null;
      if (typeof member.id !== 'number' || typeof member.name !== 'string') return null;
      return {
        key: `ll2:${member.id}`,
        id: member.id,
        name: member.name,
        agency: agency ? String(agency.abbrev || agency.name) : null,
      };
    }
    const record = astronauts.get(member);
    if (!record) return null;
    const agency = typeof record.agency === 'string' ? agencies.get(record.agency) : undefined;
    return {
      key: member,
      id: record.id,
      name: record.name,
      agency: agency ? String(agency.abbrev || agency.name) : null,
    };
  };
  const unique = (people: Array<Crewmate | null>): Crewmate[] => [
    ...new Map(people.filter((p): p is Crewmate => p !== null).map((p) => [p.id, p])).values(),
  ];
  const byName = (a: Crewmate, b: Crewmate): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
  const destinationOf = (launch: LaunchRecord): string | null =>
    stages(launch)
      .map((s) => context.shape.flightOf(s).destination)
      .find((d): d is string => typeof d === 'string' && d !== '') ?? null;
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
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    out.push({
      kind: 'stated-at-liftoff',
      launch,
      destination: destinationOf(launch),
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
      destination: destinationOf(launch),
      people: people.sort(byName),
      stopped,
      status: String(launchStatuses.get(launch.status)?.name ?? launch.status),
    });
  }
  // Launches newest first, then the stations by name.
  out.sort((a, b) =>
    'launch' in a && 'launch' in b
      ? toMillis(b.launch.net) - toMillis(a.launch.net) || (a.launch.id < b.launch.id ? -1 : 1)
      : 0,
  );
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

/** The panel: who LL2 last reported in space, when it said so, and a plain word when that report is old. */
export function renderInSpace(context: BuildContext): string {
  const groups = peopleInSpace(context);
  const untold = untoldInSpace(context);
  const crafts = spacecraftInSpace(context);
  if (groups.length === 0 && untold.length === 0 && crafts.length === 0) return '';
  const core = pageCore();
  const { h } = core;
  const pageOf = launchPageOf(context);
  const total = groups.reduce((sum, g) => sum + g.people.length, 0);
  const day = (stamp: string) => h('time', { datetime: stamp }, core.describeNet(stamp, core.PRECISION.day).text);
  const items = groups.map((group) => {
    const { launch } = group;
    const old = group.reportedAt !== null && context.now - toMillis(group.reportedAt) > REPORT_OLD_AFTER_DAYS * DAY_MS;
    const days = group.reportedAt ? Math.floor((context.now - toMillis(group.reportedAt)) / DAY_MS) : null;
    const people = group.people.map((p, i) => [
      i > 0 ? ', ' : null,
      h('a', { href: apiHref(`${REFERENCE_PATHS.astronauts}${p.id}/`) }, p.name),
      p.agency ? ` (${p.agency})` : null,
    ]);
    return h(
      'li',
      {},
      launch
        ? h(
            'p',
            { class: 'crew-flight' },
            h(
              'a',
              { href: core.launchHref({ id: launch.id, page: pageOf(launch) } as never, CORE_PATHS) },
              launch.name,
            ),
            ', launched ',
            day(launch.net),
            group.destination ? `, to ${group.destination}` : null,
          )
        : h('p', { class: 'crew-flight' }, 'Launch not in our data'),
      h('p', {}, ...people.flat()),
      group.reportedAt
        ? h(
            'p',
            { class: old ? 'note' : 'muted' },
            ...(group.basis && !group.basis.startsWith('as LL2 reported')
              ? [`In space by the latest fact we hold (${group.basis}), dated `, day(group.reportedAt)]
              : ['In space as LL2 reported on ', day(group.reportedAt)]),
            old ? `, ${days} days before this build: they may have returned since, and LL2 has not told us yet.` : '.',
          )
        : h('p', { class: 'note' }, 'In space as LL2 reported, on a date no record of ours gives.'),
    );
  });
  const names = (people: Crewmate[]) =>
    h(
      'p',
      {},
      ...people.flatMap((p, i) => [
        i > 0 ? ', ' : null,
        h('a', { href: apiHref(`${REFERENCE_PATHS.astronauts}${p.id}/`) }, p.name),
        p.agency ? ` (${p.agency})` : null,
      ]),
    );
  const launchLink = (launch: LaunchRecord) =>
    h('a', { href: core.launchHref({ id: launch.id, page: pageOf(launch) } as never, CORE_PATHS) }, launch.name);
  const untoldItems = untold.map((u) => {
    if (u.kind === 'station-count')
      return h(
        'li',
        {},
        h('p', { class: 'crew-flight' }, u.station),
        h(
          'p',
          { class: 'note' },
          `LL2 counted ${u.count} aboard on `,
          day(u.asOf),
          ', during ',
          ...u.during.flatMap((e, i) => [i > 0 ? ', ' : null, `${e.name}, which LL2 gave as ending on `, day(e.end)]),
          '. We hold no later expedition or crew of it, so the API gives its onboard_crew as null (unknown).',
        ),
      );
    const where = u.destination ? `, to ${u.destination}` : null;
    if (u.kind === 'stated-at-liftoff') {
      const after = core.durationText((toMillis(u.stated) - toMillis(u.launch.net)) / 1000);
      const crewed = u.people.length > 0;
      // The words for what the copy had not in space: the crew (and their spacecraft), else the spacecraft alone.
      const one = !crewed && u.spacecraft.length === 1;
      const them = one ? 'it' : 'them';
      const what = crewed ? (u.spacecraft.length ? 'them and their spacecraft' : 'them') : 'its spacecraft';
      return h(
        'li',
        {},
        h('p', { class: 'crew-flight' }, launchLink(u.launch), ', launched ', day(u.launch.net), where),
        crewed ? names(u.people) : null,
        u.spacecraft.length
          ? h(
              'p',
              {},
              'Spacecraft: ',
              ...u.spacecraft.flatMap((c, i) => [
                i > 0 ? ', ' : null,
                h('a', { href: apiHref(`${REFERENCE_PATHS.spacecraft}${c.id}/`) }, c.name),
              ]),
            )
          : null,
        h(
          'p',
          { class: 'note' },
          `LL2's copy of this launch, saved ${after} after liftoff (`,
          day(u.stated),
          `), still had ${what} not in space, as LL2 has ${them} until it updates a ${crewed ? 'crew' : 'flight'} after its launch; we hold no later word of ${them}. Whether ${one ? 'it is' : 'they are'} in space at this build, our data do not say.`,
        ),
      );
    }
    return h(
      'li',
      {},
      h('p', { class: 'crew-flight' }, launchLink(u.launch), ', NET ', day(u.launch.net), where),
      names(u.people),
      h(
        'p',
        { class: 'note' },
        `As LL2 reported${u.stopped.heard ? ' on ' : ''}`,
        u.stopped.heard ? day(u.stopped.heard) : null,
        `: \u201c${u.status}\u201d. Our data stopped on `,
        day(u.stopped.on),
        ', before its NET: whether it launched, and whether they are in space, our data do not say.',
      ),
    );
  });
  // The spacecraft `spacecraft/?in_space=true` gives, each with the dated fact it rests on, and a plain word when that is old.
  const craftItems = crafts.map((c) => {
    const days = c.reportedAt ? Math.floor((context.now - toMillis(c.reportedAt)) / DAY_MS) : null;
    const old = c.reportedAt !== null && context.now - toMillis(c.reportedAt) > REPORT_OLD_AFTER_DAYS * DAY_MS;
    return h(
      'li',
      {},
      h('p', { class: 'crew-flight' }, h('a', { href: apiHref(`${REFERENCE_PATHS.spacecraft}${c.id}/`) }, c.name)),
      c.reportedAt
        ? h(
            'p',
            { class: old ? 'note' : 'muted' },
            ...(c.basis.startsWith('as LL2 reported')
              ? ['In space as LL2 reported on ', day(c.reportedAt)]
              : [`In space by the latest fact we hold (${c.basis}), dated `, day(c.reportedAt)]),
            old ? `, ${days} days before this build: it may have returned since, and LL2 has not told us yet.` : '.',
          )
        : h('p', { class: 'note' }, 'In space as LL2 reported, on a date no record of ours gives.'),
    );
  });
  return core.toHtml(
    h(
      'section',
      { id: 'in-space', 'aria-labelledby': 'in-space-heading' },
      h('h2', { id: 'in-space-heading' }, 'Who is in space'),
      groups.length
        ? h(
            'p',
            { class: 'summary' },
            `Launch Library 2 last reported ${total === 1 ? 'this person' : `these ${total} people`} in space. Each name links to the astronaut's record in the API.`,
          )
        : h('p', { class: 'summary' }, 'No one is in space by the dated facts we hold at this build.'),
      groups.length ? h('ul', { class: 'in-space' }, ...items) : null,
      crafts.length ? h('h3', { id: 'in-space-spacecraft' }, 'Spacecraft in space') : null,
      crafts.length ? h('ul', { class: 'in-space' }, ...craftItems) : null,
      untold.length ? h('h3', { id: 'in-space-untold' }, 'What our data cannot tell') : null,
      untold.length ? h('ul', { class: 'in-space' }, ...untoldItems) : null,
    ),
  );
}
