// "Who is in space", a small panel of the schedule page, from the astronaut
// records (data/reference/astronauts.yaml) and the launches whose crews name them.
// In: the build context. Out: the people LL2 last reported in space, grouped by
// the launch that took them up (their latest launch in our data), each group with
// the date of that report; and the panel as HTML ('' when no record says anyone
// is in space).
//
// Who is shown: the records as the build clock sees them (model/in-space.ts: a
// crew whose flight's planned end passed, or whose expedition ended, is not), each
// group with the date its state rests on.
// Why a report date: `in_space` is what LL2 said when the record was saved, and a
// record is only refreshed when a newer copy of a launch that carries it arrives
// (or the sync's astronaut slot runs). So the panel says when it was said — the
// newest `last_updated` of the launches whose crews name the astronaut — and when
// that is older than REPORT_OLD_AFTER_DAYS it says plainly that they may be back,
// rather than presenting an old report as today's crew. Pure.

import type { BuildContext } from '../../api/context.ts';
import { REFERENCE_PATHS } from '../../api/paths.ts';
import { crewFlights } from '../../api/shapes/astronauts.ts';
import type { JsonObject, LaunchRecord } from '../../model/records.ts';
import { worldAtClock } from '../../model/in-space.ts';
import { formatTimestamp, toMillis } from '../../model/time.ts';
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

const isObject = (value: unknown): value is JsonObject =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

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
  const world = worldAtClock(context.data, context.now);
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

/** The panel: who LL2 last reported in space, when it said so, and a plain word when that report is old. */
export function renderInSpace(context: BuildContext): string {
  const groups = peopleInSpace(context);
  if (groups.length === 0) return '';
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
  return core.toHtml(
    h(
      'section',
      { id: 'in-space', 'aria-labelledby': 'in-space-heading' },
      h('h2', { id: 'in-space-heading' }, 'Who is in space'),
      h(
        'p',
        { class: 'summary' },
        `Launch Library 2 last reported ${total === 1 ? 'this person' : `these ${total} people`} in space. Each name links to the astronaut's record in the API.`,
      ),
      h('ul', { class: 'in-space' }, ...items),
    ),
  );
}
