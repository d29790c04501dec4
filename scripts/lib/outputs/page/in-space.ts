// "Who is in space", a small panel of the schedule page. In: the build context
// (what in-space-lists.ts lists from it). Out: the panel as HTML ('' when it has
// nothing to list): the people in space grouped by the launch that took them up,
// the spacecraft in space, then what the build cannot tell.
//
// Why each group and spacecraft says the date its state rests on: `in_space` is
// what LL2 said when the record was saved, and a record is only refreshed when a
// newer copy of a launch that carries it arrives (or the sync's astronaut slot
// runs). So the panel says when it was said, and when that is older than
// REPORT_OLD_AFTER_DAYS it says plainly that they may be back, rather than
// presenting an old report as today's crew. Pure.

import type { BuildContext } from '../../api/context.ts';
import { REFERENCE_PATHS } from '../../api/paths.ts';
import type { LaunchRecord } from '../../model/records.ts';
import { DAY_MS, toMillis } from '../../model/time.ts';
import { pageCore } from './assets.ts';
import { type Craft, type Crewmate, peopleInSpace, spacecraftInSpace, untoldInSpace } from './in-space-lists.ts';
import { launchPageOf } from './launch-choice.ts';
import { apiHref, CORE_PATHS } from './paths.ts';

/** A report of someone in space older than this (days before the build) is called old on the page. */
const REPORT_OLD_AFTER_DAYS = 30;

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
  const craftLink = (c: Craft) => h('a', { href: apiHref(`${REFERENCE_PATHS.spacecraft}${c.id}/`) }, c.name);
  // The flight line: the launch's page, its date and where it went.
  const flight = (launch: LaunchRecord, when: string, destination: string | null) =>
    h(
      'p',
      { class: 'crew-flight' },
      h('a', { href: core.launchHref({ id: launch.id, page: pageOf(launch) } as never, CORE_PATHS) }, launch.name),
      when,
      day(launch.net),
      destination ? `, to ${destination}` : null,
    );
  // The dated fact a state rests on, and a plain word when it is old (`who` may have returned since).
  const reported = (reportedAt: string | null, basis: string | null, who: 'they' | 'it') => {
    if (!reportedAt) return h('p', { class: 'note' }, 'In space as LL2 reported, on a date no record of ours gives.');
    const days = Math.floor((context.now - toMillis(reportedAt)) / DAY_MS);
    const old = context.now - toMillis(reportedAt) > REPORT_OLD_AFTER_DAYS * DAY_MS;
    return h(
      'p',
      { class: old ? 'note' : 'muted' },
      ...(basis && !basis.startsWith('as LL2 reported')
        ? [`In space by the latest fact we hold (${basis}), dated `, day(reportedAt)]
        : ['In space as LL2 reported on ', day(reportedAt)]),
      old ? `, ${days} days before this build: ${who} may have returned since, and LL2 has not told us yet.` : '.',
    );
  };
  const items = groups.map((group) =>
    h(
      'li',
      {},
      group.launch
        ? flight(group.launch, ', launched ', group.destination)
        : h('p', { class: 'crew-flight' }, 'Launch not in our data'),
      names(group.people),
      reported(group.reportedAt, group.basis, 'they'),
    ),
  );
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
        flight(u.launch, ', launched ', u.destination),
        crewed ? names(u.people) : null,
        u.spacecraft.length
          ? h('p', {}, 'Spacecraft: ', ...u.spacecraft.flatMap((c, i) => [i > 0 ? ', ' : null, craftLink(c)]))
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
      flight(u.launch, ', NET ', u.destination),
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
  const craftItems = crafts.map((c) =>
    h('li', {}, h('p', { class: 'crew-flight' }, craftLink(c)), reported(c.reportedAt, c.basis, 'it')),
  );
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
