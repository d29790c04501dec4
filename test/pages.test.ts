// The pages for people as text (index.html, launch.html, api.html) and the
// schedule's compact data (schedule/): what is in the HTML without JavaScript,
// escaping, relative links to files that exist, the credit and the repository
// link, the endpoint table from the route list, and the data files' contents and
// keys. test/pages.browser.test.ts looks at the same pages in Chromium.

import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import { ROUTES } from '../scripts/lib/api/routes.ts';
import { launchUid } from '../scripts/lib/outputs/calendars.ts';
import { displayPath, routeCount } from '../scripts/lib/outputs/page/api-page.ts';
import { pageCore } from '../scripts/lib/outputs/page/assets.ts';
import { CORE_PATHS } from '../scripts/lib/outputs/page/paths.ts';
import { dataAgeNote } from '../scripts/lib/outputs/page/layout.ts';
import { dataAge } from '../scripts/lib/api/metadata.ts';
import {
  FIRST_VIEW,
  listPages,
  PAGE_SIZE,
  type FirstView,
  type ListPage,
} from '../scripts/lib/outputs/page/schedule-data.ts';
import type { DataSet } from '../scripts/lib/model/records.ts';
import { treeReader } from './helpers/tree.ts';
import {
  BASE_URL,
  CDN,
  generateScheduleFiles,
  HOSTILE_NAME,
  launchId,
  NEXT_IMAGE,
  NOW,
  S,
  scheduleDataSet,
  scheduleLaunches,
} from './helpers/schedule-site.ts';
import { renderFeatured } from '../scripts/lib/outputs/page/featured.ts';
import { launchesWithPages, PAGE_RULE } from '../scripts/lib/outputs/page/launch-choice.ts';

const core = pageCore();
const REPOSITORY = 'https://github.com/example/launch-schedule';

let dataset: DataSet;
let files: Map<string, Buffer>;
const text = (file: string): string => treeReader(files).text(file);
const json = (file: string): any => treeReader(files).json(file);
const ids = (page: { results: Array<{ id: string | number }> }) => page.results.map((r) => r.id);

beforeAll(async () => {
  dataset = await scheduleDataSet();
  files = await generateScheduleFiles({ repositoryUrl: REPOSITORY }, dataset);
});

/** The page the build writes for launch number n of the fixture. */
const pageOf = (n: number): string => `launch/${dataset.launches.find((l) => l.id === launchId(n))!.slug}.html`;

/** The items of a list as the HTML holds them. */
function listHtml(page: string, list: string): string {
  const start = page.indexOf(`<ol class="items" id="${list}-list"`);
  return page.slice(page.indexOf('>', start) + 1, page.indexOf('</ol>', start)).trim();
}
const hrefs = (page: string): string[] =>
  [...page.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe('index.html, the schedule', () => {
  it("lists the next launches, the most recent ones and the next events without JavaScript, in the API's order", () => {
    const html = text('index.html');
    const upcoming = json('2.3.0/launches/upcoming/index.json');
    const previous = json('2.3.0/launches/previous/index.json');
    const events = json('2.3.0/events/upcoming/index.json');
    const bySlug = new Map(dataset.launches.map((l) => [l.slug, l.id]));
    const linked = (list: string) =>
      [...listHtml(html, list).matchAll(/<h3><a href="launch\/([^"]+)\.html"/g)].map((m) => bySlug.get(m[1]));
    expect(linked('upcoming')).toEqual(ids(upcoming).slice(0, FIRST_VIEW.upcoming));
    expect(linked('previous')).toEqual(ids(previous).slice(0, FIRST_VIEW.previous));
    expect([...listHtml(html, 'events').matchAll(/events\/(\d+)\/index\.json/g)].map((m) => Number(m[1]))).toEqual(
      ids(events).slice(0, FIRST_VIEW.events),
    );
    expect(html).toContain(
      `<p class="summary" id="upcoming-summary" aria-live="polite">The next 30 of ${upcoming.count} upcoming launches.</p>`,
    );
    expect(html).toContain(
      `<p class="summary" id="previous-summary" aria-live="polite">The 10 most recent of ${previous.count} past launches.</p>`,
    );
    expect(html).toContain(`<ol class="items" id="upcoming-list" data-count="${upcoming.count}" data-step="30">`);
    expect(html).toContain('<a class="json" href="2.3.0/launches/previous/index.json">All past launches as JSON</a>');
  });

  it("renders each list from the first view's data with the shared core: the markup the browser makes from the same data", () => {
    const html = text('index.html');
    const view = json('schedule/index.json') as FirstView;
    const items = (trees: unknown[]) => trees.map((t) => core.toHtml(t as never)).join('\n');
    expect(listHtml(html, 'upcoming')).toBe(
      items(view.upcoming.map((r) => core.launchItem(r, view.lookups, CORE_PATHS, 'upcoming', NOW))),
    );
    expect(listHtml(html, 'previous')).toBe(
      items(view.previous.map((r) => core.launchItem(r, view.lookups, CORE_PATHS, 'previous', NOW))),
    );
    expect(listHtml(html, 'events')).toBe(items(view.events.map((e) => core.eventItem(e, CORE_PATHS))));
  });

  it('shows NETs in UTC at their precision, with countdown slots only where the NET is known to the hour or better', () => {
    const html = text('index.html');
    const item = (n: number) => {
      const at = html.indexOf(`<h3><a href="${pageOf(n)}"`);
      return html.slice(at, html.indexOf('</li>', at));
    };
    expect(item(S.next)).toContain(
      '<time datetime="2026-11-21T14:30:00Z" data-precision="1">Sat 21 Nov 2026, 14:30 UTC</time> <span class="countdown" role="timer" data-net="2026-11-21T14:30:00Z" data-kind="exact">',
    );
    expect(item(S.hour)).toContain('data-kind="hour"');
    expect(item(S.morning)).toContain(
      'data-site-zone="Pacific/Auckland">Wed 25 Nov 2026</time><span class="note"> (morning, local time at the launch site)</span>',
    );
    expect(item(S.day)).toContain('>Thu 26 Nov 2026</time><span class="note"> (UTC date, time not known)</span>');
    for (const n of [S.morning, S.day]) expect(item(n)).not.toContain('countdown');
    expect(item(S.next)).toContain('<a href="https://www.youtube.com/watch?v=next-launch" class="webcast">Webcast</a>');
    expect(listHtml(text('index.html'), 'previous')).toContain(
      '<p class="outcome">Second stage engine shut down early.</p>',
    );
  });

  it("says a flown launch launched, and gives a launch past its NET without an outcome a neutral badge, by the build's clock", () => {
    const previous = listHtml(text('index.html'), 'previous');
    const item = (n: number) => {
      const at = previous.indexOf(`<h3><a href="${pageOf(n)}"`);
      return previous.slice(at, previous.indexOf('</li>', at));
    };
    expect(item(S.overdue)).toContain(
      '<span class="status unknown" title="Last status: Go for Launch; its NET has passed">Outcome not yet recorded</span> NET <time',
    );
    expect(item(S.previous + 1)).toMatch(
      /<span class="status success" title="[^"]+">[^<]+<\/span> Launched <time datetime="2026-11-18T22:00:00Z" data-precision="1">Wed 18 Nov 2026, 22:00 UTC<\/time>/,
    );
    expect(previous).not.toContain('status go');
  });

  it('never holds a name from the data unescaped, and no script but its own four files', () => {
    const html = text('index.html');
    expect(html).not.toContain(HOSTILE_NAME);
    expect(html).toContain(core.escapeHtml(HOSTILE_NAME));
    // The one picture is LL2's, linked from its CDN, never copied into the site.
    expect([...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1])).toEqual([NEXT_IMAGE.thumbnail_url]);
    expect(html.match(/<script/g)).toEqual(Array(4).fill('<script'));
    expect(html).toContain(
      '<script src="assets/markup.js"></script>\n<script src="assets/time.js"></script>\n<script src="assets/core.js"></script>\n<script src="assets/schedule.js"></script>',
    );
  });

  it('features the next launch first, right under the heading: name, provider, rocket, pad, picture with credit and licence, countdown, webcast', () => {
    const html = text('index.html');
    const at = html.indexOf('<section id="next-launch"');
    expect(at).toBeGreaterThan(html.indexOf('</h1>'));
    expect(html.slice(html.indexOf('</h1>') + 5, at).trim()).toBe('');
    expect(at).toBeLessThan(html.indexOf('<p class="lede">'));
    const featured = html.slice(at, html.indexOf('</section>', at));
    expect(featured).toContain(
      `<h3 class="featured-name"><a href="${pageOf(S.next)}">Falcon 9 Block 5 | Starlink Group 12-1</a></h3>`,
    );
    expect(featured).toContain(
      '<span class="status go" title="Go for Launch">Go</span> NET <time datetime="2026-11-21T14:30:00Z" data-precision="1">Sat 21 Nov 2026, 14:30 UTC</time>',
    );
    expect(featured).toContain(
      '<p class="countdown big" role="timer" data-net="2026-11-21T14:30:00Z" data-kind="exact"></p>',
    );
    expect(featured).toContain(
      '<p class="meta">SpaceX · Falcon 9 Block 5 · Space Launch Complex 40, Cape Canaveral SFS, FL, USA</p>',
    );
    expect(featured).toContain(
      '<a class="button" href="https://www.youtube.com/watch?v=next-launch">Watch the webcast</a>',
    );
    expect(featured).toContain(
      `<img src="${NEXT_IMAGE.thumbnail_url}" alt="Falcon 9 Block 5, the rocket of the next launch" decoding="async">`,
    );
    expect(featured).toContain(
      '<figcaption>Image: SpaceX · licence <a href="https://creativecommons.org/licenses/by-nc/2.0/">CC BY-NC 2.0</a> · via Launch Library 2</figcaption>',
    );
  });

  it('features a launch known only to the month as "NET December 2026", with no countdown, and none when no launch is ahead', () => {
    const only = (n: number) =>
      createContext(
        { ...dataset, launches: dataset.launches.filter((l) => l.id === launchId(n)) },
        { now: NOW, baseUrl: BASE_URL },
      );
    const month = renderFeatured(only(S.month));
    expect(month).toContain('NET <time datetime="2026-12-31T00:00:00Z" data-precision="7">December 2026</time>');
    expect(month).not.toContain('countdown');
    expect(month).not.toContain('Watch the webcast');
    expect(renderFeatured(only(S.overdue))).toBe('');
    // Known to the day: still the next launch at noon of that day, gone once the day is over.
    const day = (now: number) =>
      renderFeatured(
        createContext(
          { ...dataset, launches: dataset.launches.filter((l) => l.id === launchId(S.day)) },
          { now, baseUrl: BASE_URL },
        ),
      );
    expect(day(Date.parse('2026-11-26T12:00:00Z'))).toContain('>Thu 26 Nov 2026</time>');
    expect(day(Date.parse('2026-11-27T00:00:01Z'))).toBe('');
  });

  it("offers filters for every provider and location that has launches, and every status, under LL2's parameter names", () => {
    const html = text('index.html');
    const form = html.slice(html.indexOf('<details id="filter-box"'), html.indexOf('</details>'));
    expect(form).toContain('<details id="filter-box" class="filter-box" hidden>');
    expect(form).toContain('name="search"');
    const options = (param: string) => {
      const select = form.slice(
        form.indexOf(`name="${param}"`),
        form.indexOf('</select>', form.indexOf(`name="${param}"`)),
      );
      return [...select.matchAll(/<option value="(\d+)">([^<]*)</g)].map((m) => [Number(m[1]), m[2]]);
    };
    expect(options('lsp__id')).toEqual([
      [88, 'China Aerospace Science and Technology Corporation'],
      [147, 'Rocket Lab'],
      [66, 'Soviet Space Program'],
      [121, 'SpaceX'],
    ]);
    expect(options('location__ids').map(([id]) => id)).toEqual([15, 12, 17, 10]);
    expect(options('status__ids').map(([id]) => id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('links to the calendar feeds to subscribe, those of providers with upcoming launches only', () => {
    const html = text('index.html');
    const section = html.slice(
      html.indexOf('<section id="subscribe"'),
      html.indexOf('</section>', html.indexOf('<section id="subscribe"')),
    );
    expect(section).toContain('<a href="2.3.0/calendars/launches/upcoming.ics" data-webcal>Upcoming launches</a>');
    expect(section).toContain(
      '<a href="2.3.0/calendars/events/upcoming.ics" data-webcal>Upcoming spaceflight events</a>',
    );
    const providers = [...section.matchAll(/calendars\/providers\/(\d+)\.ics/g)].map((m) => Number(m[1]));
    expect(providers).toEqual([88, 147, 121]); // by name; the Soviet Space Program has no upcoming launch
    expect(
      json('2.3.0/calendars/index.json').results.some((f: { agency: { id: number } | null }) => f.agency?.id === 66),
    ).toBe(true);
  });
});

describe('the pages together', () => {
  const PAGES = ['index.html', 'launch.html', 'api.html'];

  it("link only relatively, to files the build wrote (the deploy's snapshot aside), or to the source's and the repository's sites", () => {
    for (const page of PAGES) {
      const html = text(page);
      expect(html, page).not.toContain(BASE_URL);
      for (const href of hrefs(html)) {
        if (href === 'data:,' || href.startsWith('https://thespacedevs.com/') || href.startsWith(REPOSITORY)) continue;
        if (href.startsWith('https://')) {
          expect(page, href).toBe('index.html'); // links from the data: webcasts and event pages
          continue;
        }
        if (href.startsWith('#')) {
          expect(html, href).toContain(`id="${href.slice(1)}"`);
          continue;
        }
        if (href.startsWith('snapshot/')) continue;
        const file = href.replace(/[?#].*$/, '');
        expect(files.has(file), `${page}: ${href}`).toBe(true);
        if (href.includes('#')) expect(text(file), href).toContain(`id="${href.split('#')[1]}"`);
      }
    }
  });

  it('credit Launch Library 2 by The Space Devs, and say where to correct a record', () => {
    for (const page of PAGES) {
      const html = text(page);
      expect(html, page).toContain('<a href="https://thespacedevs.com/">Launch Library 2 by The Space Devs</a>');
      expect(html, page).toContain(`<a href="${REPOSITORY}">the repository this site is built from</a>`);
      expect(html, page).not.toContain('Built at');
      // The newest record from LL2 was updated 28 hours before the build: the footer says so plainly.
      expect(html, page).toContain(
        '<p class="data-age">The data last heard from <a href="https://thespacedevs.com/">Launch Library 2</a> on <time datetime="2026-11-20T08:00:00Z">Fri 20 Nov 2026</time>, 1 day before this build (<time datetime="2026-11-21T12:00:00Z" data-build-clock>Sat 21 Nov 2026, 12:00 UTC</time>)',
      );
    }
    // And the schedule says it at the top, before the launches.
    const schedule = text('index.html');
    expect(schedule.indexOf('<p class="data-age stale" id="data-age">The data last heard from')).toBeGreaterThan(
      schedule.indexOf('<h1>'),
    );
    expect(schedule.indexOf('id="data-age"')).toBeLessThan(schedule.indexOf('id="upcoming"'));
  });

  it('say how to correct a record without a link when the build was not given the repository', async () => {
    const without = await generateScheduleFiles({}, dataset);
    const html = without.get('index.html')!.toString('utf8');
    expect(html).toContain(
      'Every launch and event is a YAML file in the data/ folder of the repository this site is built from: correct it there',
    );
    expect(html).not.toContain('github.com');
  });

  it('are the same for the same data and clock, whatever the base URL', async () => {
    const again = await generateScheduleFiles(
      { baseUrl: 'http://localhost:8080/2.3.0/', repositoryUrl: REPOSITORY },
      dataset,
    );
    for (const file of [...PAGES, 'schedule/index.json', 'schedule/previous/2.json', 'assets/core.js'])
      expect(again.get(file)!.equals(files.get(file)!), file).toBe(true);
  });
});

describe("the data's age: status.json and the pages", () => {
  const withAge = (data: DataSet, now: number) => createContext(data, { now, baseUrl: BASE_URL });

  it('status.json says when the data last heard from LL2, the sync state and the newest LL2 record, beside the build clock', () => {
    const status = json('2.3.0/status.json');
    expect(status.build_clock).toBe('2026-11-21T12:00:00Z');
    expect(status.data_age).toEqual({
      last_successful_sync: null,
      ll2_sync_since: '2024-09-10T00:00:00Z',
      newest_ll2_record_update: '2026-11-20T08:00:00Z',
      last_heard_from_ll2: '2026-11-20T08:00:00Z',
      days_before_build: 1,
    });
  });

  it('takes the later of the sync state and the newest record imported from LL2, and ignores records of other sources', () => {
    const launches = dataset.launches.map((l, i) =>
      i === 0 ? { ...l, last_updated: '2026-11-21T11:00:00Z', provenance: undefined } : l,
    );
    expect(dataAge({ ...dataset, launches }, NOW).newest_ll2_record_update).toBe('2026-11-20T08:00:00Z');
    const synced = dataAge({ ...dataset, ll2Sync: { launches_updated_since: '2026-11-21T11:30:00Z' } }, NOW);
    expect(synced).toEqual({
      last_successful_sync: null,
      ll2_sync_since: '2026-11-21T11:30:00Z',
      newest_ll2_record_update: '2026-11-20T08:00:00Z',
      last_heard_from_ll2: '2026-11-21T11:30:00Z',
      days_before_build: 0,
    });
    // A sync run that ended well is when the data last heard from LL2, even when it brought nothing newer.
    const ran = dataAge(
      {
        ...dataset,
        ll2Sync: { launches_updated_since: '2026-11-20T00:00:00Z', last_success_at: '2026-11-21T11:50:00Z' },
      },
      NOW,
    );
    expect(ran).toEqual({
      last_successful_sync: '2026-11-21T11:50:00Z',
      ll2_sync_since: '2026-11-20T00:00:00Z',
      newest_ll2_record_update: '2026-11-20T08:00:00Z',
      last_heard_from_ll2: '2026-11-21T11:50:00Z',
      days_before_build: 0,
    });
    const none = dataAge(
      { ...dataset, ll2Sync: undefined, launches: dataset.launches.map((l) => ({ ...l, provenance: undefined })) },
      NOW,
    );
    expect(none).toEqual({
      last_successful_sync: null,
      ll2_sync_since: null,
      newest_ll2_record_update: null,
      last_heard_from_ll2: null,
      days_before_build: null,
    });
  });

  it('the pages say it plainly when it is more than a day old, and quietly beside the build clock when it is not', () => {
    const fresh = dataAgeNote(
      withAge({ ...dataset, ll2Sync: { launches_updated_since: '2026-11-21T11:30:00Z' } }, NOW),
    );
    expect(fresh.stale).toBe(false);
    expect(fresh.html).toBe(
      'The data last heard from <a href="https://thespacedevs.com/">Launch Library 2</a> at <time datetime="2026-11-21T11:30:00Z">Sat 21 Nov 2026, 11:30 UTC</time>; this page was built <time datetime="2026-11-21T12:00:00Z" data-build-clock>Sat 21 Nov 2026, 12:00 UTC</time>.',
    );
    const months = dataAgeNote(withAge(dataset, Date.parse('2027-02-24T12:00:00Z')));
    expect(months.stale).toBe(true);
    expect(months.html).toContain(
      'on <time datetime="2026-11-20T08:00:00Z">Fri 20 Nov 2026</time>, 96 days before this build',
    );
  });
});

describe('launch/<slug>.html, a page for each recent and upcoming launch', () => {
  const page = (n: number) => text(pageOf(n));
  const section = (html: string, id: string) =>
    html.slice(
      html.indexOf(`<section aria-labelledby="${id}"`),
      html.indexOf('</section>', html.indexOf(`<section aria-labelledby="${id}"`)),
    );

  it('is complete without JavaScript: status and time in UTC, rocket and its picture, booster with serial number, flight number and landing, mission patch, timeline, webcasts, updates', () => {
    const html = page(S.next);
    expect(html).toContain('<title>Falcon 9 Block 5 | Starlink Group 12-1: Launch Schedule</title>');
    expect(html).toContain('<h1 id="launch-heading">Falcon 9 Block 5 | Starlink Group 12-1</h1>');
    expect(html).toContain(
      '<p class="net"><span class="status go" title="Go for Launch">Go</span> NET <time datetime="2026-11-21T14:30:00Z" data-precision="1">Sat 21 Nov 2026, 14:30 UTC</time> <span class="countdown"',
    );
    expect(html).toContain(
      '<a class="button" href="https://www.youtube.com/watch?v=next-launch">Watch the webcast</a>',
    );
    expect(html).toContain(
      `<img src="${NEXT_IMAGE.image_url}" alt="Falcon 9 Block 5, the rocket of this launch" decoding="async">`,
    );
    expect(html).toContain('<dt>Rocket</dt><dd>Falcon 9 Block 5</dd>');
    expect(section(html, 'boosters-heading')).toContain(
      '<li><strong>B1080</strong> Core · flight 12 · flown before · 41 days since its previous flight<p>Landing: landing planned · Autonomous Spaceport Drone Ship on A Shortfall of Gravitas · The booster will land on the drone ship.</p></li>',
    );
    expect(section(html, 'mission-heading')).toContain(
      `<img src="${CDN}starlink_patch.png" alt="Mission patch: Starlink patch" loading="lazy" decoding="async" width="96" height="96">`,
    );
    expect(section(html, 'timeline-heading')).toContain(
      '<li><span class="mark">T−0:38:00</span> Propellant loading begins</li><li><span class="mark">T+0:02:30</span> Main engine cut-off</li>',
    );
    expect(section(html, 'updates-heading')).toContain('Go for launch after the static fire.');
    expect(html).toContain('<article id="launch" class="launch-view" aria-labelledby="launch-heading" data-built>');
    expect(html).not.toContain('Loading the launch');
  });

  it('names the spacecraft and its crew', () => {
    const crew = section(page(S.second), 'spacecraft-heading');
    expect(crew).toContain('<strong>Crew Dragon Endeavour C206</strong> Crew Dragon · to International Space Station');
    expect(crew).toContain(
      '<ul class="crew"><li>Commander: Ada Example (NASA)</li><li>Pilot: Bo Sample (ESA)</li></ul>',
    );
  });

  it("names a crew saved without its spacecraft, which the API's detail leaves out", () => {
    const crew = section(page(S.hour), 'spacecraft-heading');
    expect(crew).toContain('<strong>Crew</strong> to Tiangong');
    expect(crew).toContain('<ul class="crew"><li>Commander: Jessica Meir (NASA)</li></ul>');
  });

  it('says a flown launch launched, and an overdue one that no outcome is recorded', () => {
    expect(page(S.previous + 1)).toMatch(/<\/span> Launched <time datetime="2026-11-18T22:00:00Z"/);
    expect(page(S.overdue)).toContain('Outcome not yet recorded</span> NET <time');
    expect(page(S.overdue)).toContain('no outcome is recorded yet: the last status was “Go for Launch”.');
  });

  it('holds "Add to calendar" as a file in the link, with the feeds\' UID, and links relatively to the API, the schedule and its assets', () => {
    const html = page(S.next);
    const href = html.match(
      /<a class="calendar" href="data:text\/calendar;charset=utf-8,([^"]+)" download="([^"]+)">Add to calendar<\/a>/,
    )!;
    expect(href[2]).toBe('test-launch-1000.ics');
    const ics = decodeURIComponent(href[1].replace(/&amp;/g, '&'));
    expect(ics).toContain(`UID:${launchUid(launchId(S.next))}\r\n`);
    expect(ics).toContain('DTSTART:20261121T143000Z\r\nDTEND:20261121T183000Z\r\n');
    expect(ics.replace(/\r\n /g, '')).toContain(`URL:https://mirror.example.org/some/path/${pageOf(S.next)}\r\n`);
    expect(html).toContain(`<a href="../2.3.0/launches/${launchId(S.next)}/index.json">Data (JSON)</a>`);
    expect(html).toContain('<link rel="stylesheet" href="../assets/page.css">');
    expect(html).toContain(
      '<script src="../assets/markup.js"></script>\n<script src="../assets/time.js"></script>\n<script src="../assets/core.js"></script>\n<script src="../assets/calendar.js"></script>\n<script src="../assets/launch.js"></script>',
    );
    for (const link of hrefs(html)) {
      if (/^(https:|data:|#)/.test(link)) continue;
      const file = new URL(link, `https://x/${pageOf(S.next)}`).pathname.slice(1).replace(/\?.*$/, '');
      expect(files.has(file), link).toBe(true);
    }
    expect(page(S.month)).not.toContain('class="calendar" href');
    expect(page(S.month)).toContain('No calendar entry until a day is known.');
  });

  it('is written for every upcoming launch and the previous ones of the last PAGE_RULE.years, at most PAGE_RULE.limit; the rest keep launch.html?id=', () => {
    const context = createContext(dataset, { now: NOW, baseUrl: BASE_URL });
    const written = [...files.keys()].filter((f) => f.startsWith('launch/')).sort();
    const expected = [...launchesWithPages(context).values()].map((l) => `launch/${l.slug}.html`).sort();
    expect(written).toEqual(expected);
    expect(written.length).toBe(
      context.collections.upcomingLaunches.length + context.collections.previousLaunches.length - 1,
    ); // one launch is in both lists
    // A shorter rule: every upcoming launch, then the previous ones newest first, back to the cut.
    const cut = launchesWithPages(context, { years: 30 / 365.25, limit: 1000 });
    const previous = context.collections.previousLaunches.filter((l) => Date.parse(l.net) >= NOW - 30 * 86_400_000);
    expect([...cut.keys()]).toEqual([
      ...new Set([...context.collections.upcomingLaunches, ...previous].map((l) => l.id)),
    ]);
    expect([...launchesWithPages(context, { years: 10, limit: 80 }).keys()]).toHaveLength(80);
    // Outside the rule: the schedule links to the view by id.
    const old = launchesWithPages(context, { years: 0, limit: 0 });
    expect(old.size).toBe(0);
    expect(PAGE_RULE).toEqual({ years: 10, limit: 3000 });
  });
});

describe('launch.html and api.html', () => {
  it('launch.html is one frame for every launch: the script renders the launch named in its address', () => {
    const html = text('launch.html');
    expect(html).toContain(`data-calendar-uid="${launchUid('{id}')}"`);
    expect(html).toContain('<noscript>');
    expect(html).toContain(
      '<script src="assets/markup.js"></script>\n<script src="assets/time.js"></script>\n<script src="assets/core.js"></script>\n<script src="assets/calendar.js"></script>\n<script src="assets/launch.js"></script>',
    );
    expect([...files.keys()].filter((f) => f.endsWith('.html') && !f.startsWith('launch/')).sort()).toEqual([
      'api.html',
      'changes.html',
      'index.html',
      'launch.html',
    ]);
  });

  it('api.html lists every route of the route list, with the records it holds', () => {
    const html = text('api.html');
    const table = html.slice(html.indexOf('<table id="endpoints-table">'), html.indexOf('</table>'));
    const rows = [
      ...table.matchAll(
        /<tr><th scope="row">(?:<a href="([^"]+)">)?<code>([^<]+)<\/code>(?:<\/a>)?<\/th><td>([^<]*)<\/td><td class="num">(\d*)<\/td><td class="num">\d*<\/td><\/tr>/g,
      ),
    ];
    expect(rows.map((r) => r[2])).toEqual(ROUTES.map((r) => `2.3.0/${displayPath(r.path)}`));
    expect(rows.map((r) => r[3])).toEqual(ROUTES.map((r) => r.summary));
    const context = createContext(dataset, { now: NOW, baseUrl: BASE_URL });
    expect(rows.map((r) => r[4])).toEqual(ROUTES.map((r) => String(routeCount(context, r) ?? '')));
    expect(rows.find((r) => r[2] === '2.3.0/launches/upcoming/')![4]).toBe(
      String(json('2.3.0/launches/upcoming/index.json').count),
    );
    expect(rows.find((r) => r[2] === '2.3.0/launches/{uuid}/')![4]).toBe(String(dataset.launches.length));
    expect(rows.find((r) => r[2] === '2.3.0/calendars/')![1]).toBe('2.3.0/calendars/index.json');
  });
});

describe("schedule/, the page's data", () => {
  it('holds the first view: counts, page size, the records the HTML shows and the lookups they use', () => {
    const view = json('schedule/index.json') as FirstView;
    expect(view.build_clock).toBe('2026-11-21T12:00:00Z');
    expect(view.page_size).toBe(PAGE_SIZE);
    expect(view.first_view).toEqual(FIRST_VIEW);
    const upcoming = json('2.3.0/launches/upcoming/index.json');
    expect(view.lists.upcoming).toEqual({ count: upcoming.count, pages: Math.ceil(upcoming.count / PAGE_SIZE) });
    expect(view.upcoming.map((r) => r.id)).toEqual(ids(upcoming).slice(0, FIRST_VIEW.upcoming));
    expect(view.upcoming.find((r) => r.id === launchId(S.next))).toEqual({
      id: launchId(S.next),
      name: 'Falcon 9 Block 5 | Starlink Group 12-1',
      net: '2026-11-21T14:30:00Z',
      precision: 1,
      status: 1,
      provider: 121,
      pad: 80,
      rocket: 'Falcon 9 Block 5',
      mission: { name: 'Starlink Group 12-1', type: 'Communications', orbit: 'LEO' },
      webcast: 'https://www.youtube.com/watch?v=next-launch',
      page: pageOf(S.next),
    });
    const used = [...view.upcoming, ...view.previous];
    expect(Object.keys(view.lookups.agencies).map(Number).sort()).toEqual(
      [...new Set(used.map((r) => r.provider))].sort(),
    );
    expect(Object.keys(view.lookups.pads).map(Number).sort()).toEqual([...new Set(used.map((r) => r.pad))].sort());
    expect(view.lookups.locations['10']).toEqual({
      name: 'Rocket Lab Launch Complex, Mahia Peninsula, New Zealand',
      zone: 'Pacific/Auckland',
    });
    expect(view.lookups.pads['166']).toEqual({ name: 'Rocket Lab Launch Complex 1A', location: 10 });
  });

  it("holds every list in pages, in the order of the API's collections", () => {
    const pages = (list: string) => {
      const first = json(`schedule/${list}/1.json`) as ListPage;
      return Array.from({ length: first.pages }, (_, i) => json(`schedule/${list}/${i + 1}.json`) as ListPage);
    };
    const all = (collection: string) => {
      const out: Array<string | number> = [];
      for (let page = json(`2.3.0/${collection}index.json`), n = 2; ; n++) {
        out.push(...ids(page));
        if (!page.next) return out;
        page = json(`2.3.0/${collection}page/${n}/index.json`);
      }
    };
    expect(pages('previous')).toHaveLength(Math.ceil(251 / PAGE_SIZE));
    expect(pages('previous').flatMap((p) => p.results.map((r) => r.id))).toEqual(all('launches/previous/'));
    expect(pages('upcoming').flatMap((p) => p.results.map((r) => r.id))).toEqual(all('launches/upcoming/'));
    expect(pages('events').flatMap((p) => p.results.map((r) => r.id))).toEqual(all('events/upcoming/'));
    for (const page of pages('previous')) {
      expect(page.results.length).toBeLessThanOrEqual(PAGE_SIZE);
      expect(Object.keys(page.lookups!.pads).map(Number).sort()).toEqual(
        [...new Set(page.results.map((r) => (r as { pad: number }).pad))].sort(),
      );
    }
  });

  it('is JSON safe to serve as HTML: markup from the data escaped', () => {
    for (const [file, content] of files)
      if (file.startsWith('schedule/')) expect(content.toString('utf8'), file).not.toMatch(/[<>]/);
    expect((json('schedule/index.json') as FirstView).upcoming.map((r) => r.name)).toContain(HOSTILE_NAME);
  });

  it('keys each page by its records, so a rebuild renders again only the pages whose records changed', async () => {
    const keys = (data: DataSet) =>
      new Map(listPages(createContext(data, { now: NOW, baseUrl: BASE_URL })).map((f) => [f.path, f.key]));
    const before = keys(dataset);
    const launches = scheduleLaunches();
    const edited = launches.find((l) => l.id === launchId(S.previous + 150))!;
    edited.name = 'Edited name';
    const after = keys(await scheduleDataSet(launches));
    const changed = [...before].filter(([path, key]) => after.get(path) !== key).map(([path]) => path);
    expect(changed).toEqual([`schedule/previous/${Math.floor(150 / PAGE_SIZE) + 1}.json`]);
  });
});
