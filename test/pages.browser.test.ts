// The pages for people in a real headless browser: Debian's chromium, driven by
// playwright-core (test/helpers/browser.ts: one browser for the file, a tab for each set
// of context options, taken in turn by the tests), over a build of a data set the size of
// the real schedule (test/helpers/schedule-site.ts: 70 upcoming launches), published once
// for the file (test/helpers/browser-site.ts). The clock is Playwright's, set to the
// build's clock, never today's; time zones are set per browser context. Skipped, with a message, where
// /usr/bin/chromium is missing (CI installs it: apt-get install -y chromium).
// BROWSER_SCREENSHOTS=1 keeps screenshots of the audited pages (desktop and phone widths,
// light and dark) and of the offline page in test/artifacts/ (not committed), to look at;
// no test compares them.

import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations as axe,
  chromiumPresent,
  type Opened,
  type OpenOptions,
  openPage,
  type Tabs,
  siteInChromium,
  visit,
} from './helpers/browser.ts';
import { publishBrowserSite, type BrowserSite } from './helpers/browser-site.ts';
import {
  BASE_URL,
  HOSTILE_NAME,
  launchId,
  NEXT_IMAGE,
  NOW,
  S,
  scheduleDataSet,
  scheduleLaunches,
} from './helpers/schedule-site.ts';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SCREENSHOTS = process.env.BROWSER_SCREENSHOTS === '1';
const REPOSITORY = 'https://github.com/example/launch-schedule';
/** The issue's budget for the first view: HTML, CSS, scripts and any data it fetches. */
const FIRST_VIEW_BUDGET = 150_000;

const available = chromiumPresent('pages');

const DESKTOP = { width: 1280, height: 900 };
const SLUGS = new Map(scheduleLaunches().map((l) => [l.id, l.slug]));
/** The page the build writes for launch number n of the fixture, relative to the site root. */
const pageOf = (n: number): string => `launch/${SLUGS.get(launchId(n))}.html`;
const PHONE = { width: 390, height: 844 };

describe.skipIf(!available)('the pages in headless Chromium', () => {
  let site: BrowserSite;
  let tabs: Tabs;
  let siteUrl: string;
  const problems: string[] = [];

  // Served from the folder above public/, so that the pages live under a base path (/public/), not at the host root.
  siteInChromium(
    () =>
      scheduleDataSet().then((dataset) =>
        publishBrowserSite(dataset, { now: NOW, baseUrl: BASE_URL, repositoryUrl: REPOSITORY }),
      ),
    (ready) => {
      ({ site, tabs, siteUrl } = ready);
    },
  );
  beforeAll(async () => {
    if (SCREENSHOTS) await mkdir(ARTIFACTS, { recursive: true });
  });

  /**
   * A page whose clock starts at the build's (with `paused`, it stays there, so
   * countdowns move only when told) in the given zone (Tokyo unless told), recording
   * uncaught errors, dialogs, failed requests and console errors into `problems`.
   */
  const open = (url: string, options: Partial<OpenOptions> = {}): Promise<Opened> =>
    openPage(tabs, url, {
      viewport: DESKTOP,
      timezoneId: 'Asia/Tokyo',
      locale: 'en-GB',
      now: NOW,
      problems,
      siteUrl,
      ...options,
    });

  const live = (page: Page) => page.waitForFunction(() => document.body.dataset.state === 'live');
  const itemOf = (page: Page, n: number) =>
    page.locator('#upcoming-list li', { has: page.locator(`a[href="${pageOf(n)}"]`) });
  const names = (page: Page, list: string) =>
    page.$$eval(`#${list}-list li h3`, (nodes) => nodes.map((n) => n.textContent ?? ''));
  const links = (page: Page, list: string) =>
    page.$$eval(`#${list}-list li a`, (nodes) => nodes.map((n) => n.getAttribute('href') ?? ''));

  it("shows the next launches in the reader's time zone with UTC beside them, and coarse NETs as they are known", async () => {
    problems.length = 0;
    for (const [zone, local, utc] of [
      ['Asia/Tokyo', 'Sat, 21 Nov 2026, 23:30 GMT+9', ' (14:30 UTC)'],
      ['America/Los_Angeles', 'Sat, 21 Nov 2026, 06:30 GMT-8', ' (14:30 UTC)'],
      ['Pacific/Auckland', 'Sun, 22 Nov 2026, 03:30 GMT+13', ' (Sat 21 Nov 2026, 14:30 UTC)'],
    ]) {
      const { page } = await open(siteUrl, { timezoneId: zone });
      const next = itemOf(page, S.next);
      expect(await next.locator('time').textContent(), zone).toBe(local);
      expect(await next.locator('.utc').textContent(), zone).toBe(utc);
      // Known to the day or coarser: the same words everywhere, no time, no countdown.
      expect(await itemOf(page, S.day).locator('p.net').textContent()).toBe(
        'TBD NET Thu 26 Nov 2026 (UTC date, time not known)',
      );
      expect(await itemOf(page, S.morning).locator('time').textContent()).toBe('Wed 25 Nov 2026');
      // A quarter, beyond the first view: drawn by the browser from the data for a search.
      await visit(page, `${siteUrl}?search=${encodeURIComponent('yaogan-45 group 07')}`, 'live');
      expect(await itemOf(page, S.quarter).locator('time').textContent(), zone).toBe('Q1 2027');
    }
    expect(problems).toEqual([]);
  });

  it('ticks the countdowns of NETs known to the minute (to the second) and to the hour (in hours)', async () => {
    problems.length = 0;
    const { page } = await open(siteUrl, { paused: true });
    const next = itemOf(page, S.next).locator('.countdown');
    expect(await next.textContent()).toBe('T− 02:30:00');
    await page.clock.runFor(1000);
    expect(await next.textContent()).toBe('T− 02:29:59');
    await page.clock.runFor(61_000);
    expect(await next.textContent()).toBe('T− 02:28:58');
    expect(await itemOf(page, S.hour).locator('.countdown').textContent()).toBe('T− about 1 d 14 h');
    expect(await itemOf(page, S.month).locator('.countdown').count()).toBe(0);
    // Two and a half hours on at once (the ticks run one by one above): the next tick shows the NET passed.
    await page.clock.fastForward(2.5 * 3_600_000);
    expect(await next.textContent()).toBe('NET passed');
    expect(problems).toEqual([]);
  });

  it('keeps the lists as built without JavaScript: the first view, in UTC, and no filters', async () => {
    const { page } = await open(siteUrl, { javaScriptEnabled: false });
    expect((await names(page, 'upcoming')).length).toBe(30);
    expect((await names(page, 'previous')).length).toBe(10);
    expect((await names(page, 'events')).length).toBe(10);
    expect(await itemOf(page, S.next).locator('time').textContent()).toBe('Sat 21 Nov 2026, 14:30 UTC');
    expect(await page.isVisible('#filter-box')).toBe(false);
    expect(await page.isVisible('button.more')).toBe(false);
  });

  it('filters by provider, location, status and search words, in the lists and in the URL, fetching the pages it needs', async () => {
    problems.length = 0;
    const { page, requested } = await open(siteUrl);
    expect(requested.filter((r) => r.startsWith('schedule/'))).toEqual([]); // nothing fetched before the reader asks

    await page.selectOption('#filter-provider', '147');
    await live(page);
    expect(new URL(page.url()).search).toBe('?lsp__id=147');
    const rocketLab = await page.$$eval('#upcoming-list li, #previous-list li', (items) =>
      items.map((li) => li.querySelector('p.meta')?.textContent ?? ''),
    );
    expect(rocketLab.length).toBe(22 + 10);
    for (const meta of rocketLab) expect(meta).toMatch(/^Rocket Lab · Electron · Rocket Lab Launch Complex 1A/);
    expect(await page.textContent('#upcoming-summary')).toBe('22 of 71 upcoming launches match.');
    expect(await page.textContent('#previous-summary')).toMatch(
      /^\d+ match among the 50 most recent of 251 past launches \(10 shown\); show more to search further\.$/,
    );

    await page.selectOption('#filter-provider', '');
    await page.selectOption('#filter-status', '8');
    await page.fill('#filter-search', 'Yaogan');
    await page.waitForFunction(() => new URL(location.href).search === '?status__ids=8&search=Yaogan');
    await live(page);
    const tbc = await names(page, 'upcoming');
    expect(tbc.length).toBeGreaterThan(0);
    for (const name of tbc) expect(name).toMatch(/^Long March 2D \| Yaogan-45/);
    expect(
      await page.$$eval('#upcoming-list .status', (nodes) => [...new Set(nodes.map((n) => n.textContent))]),
    ).toEqual(['TBC']);
    expect(await page.textContent('#events-summary')).toBe('None of 16 upcoming events match.');

    // A launch deep in the past: the page looks through the previous pages until it finds it.
    await page.selectOption('#filter-status', '');
    await page.fill('#filter-search', 'owl night long 547');
    await page.waitForFunction(() => new URL(location.href).search === '?search=owl+night+long+547');
    await live(page);
    expect(await names(page, 'previous')).toEqual(['Electron | Owl Night Long 547']);
    expect(requested.filter((r) => r.startsWith('schedule/previous/'))).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `schedule/previous/${n}.json`),
    );
    expect(await page.textContent('#previous-summary')).toBe('1 of 251 past launches match.');

    await page.click('button[type="reset"]');
    await page.waitForFunction(() => location.search === '');
    await live(page);
    const { page: built } = await open(siteUrl, { javaScriptEnabled: false });
    for (const list of ['upcoming', 'previous', 'events'])
      expect(await links(page, list), list).toEqual(await links(built, list));
    expect(problems).toEqual([]);
  });

  it('restores a filter from a shared URL', async () => {
    problems.length = 0;
    const { page } = await open(`${siteUrl}?lsp__id=147&location__ids=10&search=owl`, {
      viewport: PHONE,
      isMobile: true,
      state: 'live',
    });
    expect(await page.inputValue('#filter-provider')).toBe('147');
    expect(await page.inputValue('#filter-location')).toBe('10');
    expect(await page.inputValue('#filter-search')).toBe('owl');
    expect(await page.getAttribute('#filter-box', 'open')).toBe(''); // opened for a filtered link, even on a phone
    for (const name of await names(page, 'upcoming')) expect(name).toMatch(/^Electron \| Owl Night Long/);
    // Several ids in a link (LL2 takes comma lists) are kept, under an option of their own.
    const { page: both } = await open(`${siteUrl}?lsp__id=147,88`, { state: 'live' });
    expect(await both.inputValue('#filter-provider')).toBe('147,88');
    expect(await both.textContent('#filter-provider option:checked')).toBe('2 chosen in the link');
    expect(new Set((await names(both, 'upcoming')).map((n) => n.split(' | ')[0]))).toEqual(
      new Set(['Electron', 'Long March 2D']),
    );
    expect(problems).toEqual([]);
  });

  it('shows more as asked, and fetches ahead as the reader scrolls towards "Show more"', async () => {
    problems.length = 0;
    const { page, requested } = await open(siteUrl);
    await page.locator('button.more[data-list="previous"]').scrollIntoViewIfNeeded();
    await expect
      .poll(() => requested)
      .toEqual(expect.arrayContaining(['schedule/index.json', 'schedule/previous/1.json']));
    await page.click('button.more[data-list="previous"]');
    await live(page);
    expect((await names(page, 'previous')).length).toBe(20);
    expect(await page.textContent('#previous-summary')).toBe('The 20 most recent of 251 past launches.');
    // Ahead by one page, no further: the 50 launches in hand cover the next "Show more".
    await page.locator('button.more[data-list="previous"]').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, -2000);
    await page.locator('button.more[data-list="previous"]').scrollIntoViewIfNeeded();
    // Waits for the page to have answered the scroll rather than for a time: an observer of the button made now
    // is told after the page's own (observers are told in the order they were made), and the page would have
    // started its fetch before its callback returned. A request made after that is reported after the page's.
    await page.evaluate(async () => {
      const button = document.querySelector('button.more[data-list="previous"]') as Element;
      await new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(
          () => {
            observer.disconnect();
            resolve();
          },
          { rootMargin: '600px' },
        );
        observer.observe(button);
      });
      await fetch('assets/page.css?after-the-scroll');
    });
    expect(requested.at(-1)).toBe('assets/page.css');
    expect(requested.filter((r) => r.startsWith('schedule/previous/'))).toEqual(['schedule/previous/1.json']);
    expect(problems).toEqual([]);
  });

  it('turns the feeds into webcal:// subscriptions', async () => {
    const { page } = await open(siteUrl);
    const host = new URL(siteUrl).host;
    expect(await page.getAttribute('#subscribe a[data-webcal] >> nth=0', 'href')).toBe(
      `webcal://${host}/public/2.3.0/calendars/launches/upcoming.ics`,
    );
  });

  it('shows markup in names as text, runs none of it, and only its own two scripts', async () => {
    problems.length = 0;
    const { page } = await open(`${siteUrl}?search=evil`, { state: 'live' });
    expect(await names(page, 'upcoming')).toEqual([HOSTILE_NAME]);
    // The only picture is the featured launch's, from LL2's CDN.
    expect(await page.$$eval('img', (nodes) => nodes.map((n) => n.getAttribute('src')))).toEqual([
      NEXT_IMAGE.thumbnail_url,
    ]);
    expect(await page.$$eval('script', (nodes) => nodes.map((n) => n.getAttribute('src')))).toEqual([
      'assets/markup.js',
      'assets/time.js',
      'assets/core.js',
      'assets/schedule.js',
    ]);
    expect(problems).toEqual([]); // no alert() dialog, no errors
  });

  it('shows one launch: mission, rocket, pad with a map, webcast and links, updates, and "Add to calendar"', async () => {
    problems.length = 0;
    const { page, requested } = await open(`${siteUrl}launch.html?id=${launchId(S.next)}`, {
      state: 'live',
      paused: true,
    });
    // It asks for the launch's history, which this build has none of: no section, and its 404 is no problem.
    expect(requested).toContain(`2.3.0/history/${launchId(S.next)}.json`);
    expect(await page.locator('#history').count()).toBe(0);
    expect(await page.title()).toBe('Falcon 9 Block 5 | Starlink Group 12-1: Launch Schedule');
    expect(await page.textContent('h1')).toBe('Falcon 9 Block 5 | Starlink Group 12-1');
    expect(await page.textContent('.launch-body p.net')).toBe(
      'Go NET Sat, 21 Nov 2026, 23:30 GMT+9 (14:30 UTC) T− 02:30:00',
    );
    const facts = await page.$$eval('.facts dt', (nodes) =>
      nodes.map((n) => `${n.textContent}: ${n.nextElementSibling?.textContent}`),
    );
    expect(facts).toEqual([
      'Status: Go for Launch',
      'Window: Sat, 21 Nov 2026, 23:30 GMT+9 (14:30 UTC) to Sun, 22 Nov 2026, 03:30 GMT+9 (Sat 21 Nov 2026, 18:30 UTC)',
      'Probability: 90 %',
      'Provider: SpaceX · Commercial',
      'Rocket: Falcon 9 Block 5',
      'Pad: Space Launch Complex 40 · Cape Canaveral SFS, FL, USA · Map',
    ]);
    expect(await page.getAttribute('.facts a', 'href')).toBe(
      'https://www.openstreetmap.org/?mlat=28.5618571&mlon=-80.577366#map=14/28.5618571/-80.577366',
    );
    expect(await page.textContent('section[aria-labelledby="mission-heading"]')).toContain(
      'Starlink Group 12-1 · Communications · Low Earth Orbit',
    );
    expect(
      await page.$$eval('.links a', (nodes) => nodes.map((n) => `${n.textContent} ${n.getAttribute('href')}`)),
    ).toEqual([
      'Webcast: Starlink Group 12-1 live https://www.youtube.com/watch?v=next-launch',
      'Mission page https://example.org/starlink-12-1',
    ]);
    expect(
      await page.$$eval('.updates > li', (nodes) => nodes.map((n) => n.querySelector('p:nth-child(2)')?.textContent)),
    ).toEqual(['Go for launch after the static fire.', 'Added to the schedule.']);
    const calendar = page.locator('a.calendar');
    expect(await calendar.getAttribute('download')).toBe('test-launch-1000.ics');
    const ics = await page.evaluate(async () =>
      (await fetch((document.querySelector('a.calendar') as HTMLAnchorElement).href)).text(),
    );
    expect(ics).toContain(`UID:launch-${launchId(S.next)}@launch-schedule-service\r\n`);
    expect(ics).toContain('DTSTART:20261121T143000Z\r\nDTEND:20261121T183000Z\r\n');
    expect(ics.replace(/\r\n /g, '')).toContain(`URL:${siteUrl}launch.html?id=${launchId(S.next)}\r\n`);
    expect(await page.getAttribute('a[href$="/index.json"]', 'href')).toBe(
      `2.3.0/launches/${launchId(S.next)}/index.json`,
    );
    expect(problems).toEqual([]);
  });

  it("shows a launch's own page complete without JavaScript: status and time in UTC, booster and landing, crew, calendar file", async () => {
    problems.length = 0;
    const { page } = await open(`${siteUrl}${pageOf(S.next)}`, { javaScriptEnabled: false, state: null });
    expect(await page.textContent('h1')).toBe('Falcon 9 Block 5 | Starlink Group 12-1');
    expect(await page.textContent('.launch-body p.net')).toBe('Go NET Sat 21 Nov 2026, 14:30 UTC ');
    expect(await page.textContent('section[aria-labelledby="boosters-heading"]')).toContain(
      'B1080 Core · flight 12 · flown before',
    );
    expect(await page.isVisible('a.calendar')).toBe(true);
    expect(await page.getAttribute('a.calendar', 'href')).toMatch(
      /^data:text\/calendar;charset=utf-8,BEGIN%3AVCALENDAR/,
    );
    expect(await page.isVisible('img[src$="falcon9_image.jpeg"]')).toBe(true);
    expect(await page.textContent('main')).not.toContain('Loading');
    await visit(page, `${siteUrl}${pageOf(S.second)}`, null);
    expect(await page.textContent('section[aria-labelledby="spacecraft-heading"]')).toContain(
      'Commander: Ada Example (NASA)',
    );
    expect(problems).toEqual([]);
  });

  it("shows a launch's own page in the reader's zone with JavaScript, and ticks its countdown", async () => {
    problems.length = 0;
    const { page } = await open(`${siteUrl}${pageOf(S.next)}`, { state: 'live', paused: true });
    expect(await page.textContent('.launch-body p.net')).toBe(
      'Go NET Sat, 21 Nov 2026, 23:30 GMT+9 (14:30 UTC) T− 02:30:00',
    );
    await page.clock.runFor(1000);
    expect(await page.textContent('.launch-body .countdown')).toBe('T− 02:29:59');
    // Links from the page lead back to the schedule and to the launch's JSON under the base path.
    await page.click('text=Back to the schedule');
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    expect(page.url()).toBe(`${siteUrl}index.html`);
    expect(problems).toEqual([]);
  });

  it('puts the next launch in the first screen of a phone, above the introduction', async () => {
    // Paused at the build's clock: on a loaded machine a running clock can pass a second before the countdown is read.
    const { page } = await open(siteUrl, { viewport: PHONE, isMobile: true, paused: true });
    for (const selector of ['#next-launch .featured-name', '#next-launch p.net', '#next-launch .countdown']) {
      const box = (await page.locator(selector).boundingBox())!;
      expect(box.y + box.height, selector).toBeLessThanOrEqual(PHONE.height);
    }
    expect(await page.textContent('#next-launch .countdown')).toBe('T− 02:30:00');
    const lede = (await page.locator('.lede').boundingBox())!;
    expect(lede.y).toBeGreaterThan((await page.locator('#next-launch').boundingBox())!.y);
  });

  it('says so when a launch has no calendar day yet, is not in the build, or none is named', async () => {
    problems.length = 0;
    const { page } = await open(`${siteUrl}launch.html?id=${launchId(S.month)}`, { state: 'live' });
    expect(await page.textContent('.launch-body p.net')).toBe('TBD NET December 2026');
    expect(await page.isVisible('a.calendar')).toBe(false);
    expect(await page.textContent('.actions')).toContain('No calendar entry until a day is known.');
    await visit(page, `${siteUrl}launch.html?id=${launchId(999_999)}`, 'failed');
    expect(await page.textContent('#launch-state')).toContain('No launch has this id in this build');
    await visit(page, `${siteUrl}launch.html?id=x`, 'failed');
    expect(await page.textContent('h1')).toBe('No launch chosen');
    expect(await page.getAttribute('#launch a', 'href')).toBe('index.html');
    // The missing launch's JSON is a 404, the only problem, recorded once (by this test's listeners only).
    expect(problems).toEqual([
      `HTTP 404: ${siteUrl}2.3.0/launches/${launchId(999_999)}/index.json`,
      expect.stringMatching(/^console: Failed to load resource: .*\b404\b/),
    ]);
  });

  /**
   * Every response `page` gets while it goes to `url` and its script says `state`: its path under the site, decoded
   * bytes and bytes on the wire. The tab holds none of the files earlier tests fetched: the site answers no-store.
   */
  async function weigh(
    page: Page,
    url: string,
    state: string,
  ): Promise<Array<{ path: string; bytes: number; transferred: number }>> {
    const pending: Array<Promise<{ path: string; bytes: number; transferred: number }>> = [];
    const weighOne = (request: Request) =>
      request.url().startsWith(siteUrl) &&
      pending.push(
        (async () => ({
          path: request.url().slice(siteUrl.length),
          bytes: (await (await request.response())!.body()).length,
          transferred: (await request.sizes()).responseBodySize,
        }))(),
      );
    page.on('requestfinished', weighOne);
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForFunction((s) => document.body.dataset.state === s, state);
    const weighed = await Promise.all(pending);
    page.off('requestfinished', weighOne);
    return weighed;
  }
  const total = (files: Array<{ bytes: number }>) => files.reduce((sum, f) => sum + f.bytes, 0);
  const describe = (files: Array<{ path: string; bytes: number; transferred: number }>) =>
    `${files.map((f) => `${f.path || '(page)'} ${f.bytes} B`).join(', ')}; total ${total(files)} B decoded, ${files.reduce((s, f) => s + f.transferred, 0)} B transferred`;

  it("weighs at most 150 KB in its first view (HTML, style, scripts and data), with the real schedule's shape", async () => {
    const { page } = await open('about:blank', { state: null });
    const first = await weigh(page, siteUrl, 'ready');
    console.log(`[pages] first view: ${describe(first)}`);
    expect(first.map((f) => f.path).sort()).toEqual([
      '',
      'assets/core.js',
      'assets/markup.js',
      'assets/page.css',
      'assets/schedule.js',
      'assets/time.js',
    ]);
    expect(total(first)).toBeLessThanOrEqual(FIRST_VIEW_BUDGET);
    // A filtered link fetches the data it needs, and stays within the budget too.
    const filtered = await weigh(page, `${siteUrl}?lsp__id=121`, 'live');
    console.log(`[pages] first view of a filtered link: ${describe(filtered)}`);
    expect(filtered.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        'schedule/index.json',
        'schedule/upcoming/1.json',
        'schedule/upcoming/2.json',
        'schedule/previous/1.json',
      ]),
    );
    expect(total(filtered)).toBeLessThanOrEqual(FIRST_VIEW_BUDGET);
  });

  it('has a language, landmarks, one h1 and headed sections on every page', async () => {
    const { page } = await open(siteUrl);
    for (const [url, state] of [
      [siteUrl, 'ready'],
      [`${siteUrl}api.html`, null],
      [`${siteUrl}launch.html?id=${launchId(S.next)}`, 'live'],
      [`${siteUrl}${pageOf(S.second)}`, 'live'],
    ] as const) {
      if (url !== siteUrl) await visit(page, url, state);
      const outline = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        landmarks: ['header', 'main', 'footer'].map((tag) => document.querySelectorAll(`body > ${tag}`).length),
        nav: document.querySelectorAll('nav[aria-label="Site"]').length,
        h1: document.querySelectorAll('h1').length,
        sectionsWithoutHeading: [...document.querySelectorAll('section')].filter((s) => !s.querySelector('h2')).length,
      }));
      expect(outline, url).toEqual({ lang: 'en', landmarks: [1, 1, 1], nav: 1, h1: 1, sectionsWithoutHeading: 0 });
    }
  });

  /** The `@media` rules of a style sheet: each one's condition and the properties it sets, in order. */
  function mediaRules(css: string): Array<{ condition: string; properties: string[] }> {
    const rules: Array<{ condition: string; properties: string[] }> = [];
    for (let at = css.indexOf('@media'); at >= 0; at = css.indexOf('@media', at + 1)) {
      const open = css.indexOf('{', at);
      let end = open + 1;
      for (let depth = 1; depth > 0; end++) depth += css[end] === '{' ? 1 : css[end] === '}' ? -1 : 0;
      const properties = [...css.slice(open + 1, end - 1).matchAll(/\{([^{}]*)\}/g)].flatMap(([, block]) =>
        block
          .split(';')
          .map((declaration) => declaration.split(':')[0].trim())
          .filter(Boolean),
      );
      rules.push({ condition: css.slice(at + '@media'.length, open).trim(), properties });
    }
    return rules;
  }

  it('sets colours by the colour scheme only and layout by the width only (what the audits below rest on)', async () => {
    const rules = mediaRules(await readFile(path.join(site.out, 'assets/page.css'), 'utf8'));
    expect(rules.map((r) => r.condition)).toContain('(prefers-color-scheme: dark)');
    for (const { condition, properties } of rules) {
      if (condition.includes('prefers-color-scheme'))
        expect(
          properties.filter((p) => !p.startsWith('--')),
          condition,
        ).toEqual([]); // the palette, nothing else
      else if (/^\((max|min)-width: [\d.]+rem\)$/.test(condition))
        expect(
          properties.filter((p) => /^--|color|background|border|outline|shadow|opacity|filter|fill|stroke/.test(p)),
          condition,
        ).toEqual([]);
      else expect.fail(`@media ${condition}: neither a colour scheme nor a width; choose the audits again`);
    }
  });

  /**
   * Each page template once per state that changes what axe-core checks. Colours change with the scheme only
   * (page.css: the palette under prefers-color-scheme, nothing else), and the phone width changes layout and
   * font sizes only (its max-width rules), so each template is audited light at desktop width and dark at
   * phone width: every colour pair in each scheme, and each width's layout (text sizes, scrolling regions),
   * once. The schedule is filtered to a status of every colour; the launch page is audited twice, for the
   * sections a crewed launch has and those of an uncrewed one with a booster. The desktop's tab and the phone's
   * (which other tests take too; the scheme is set for the test), the templates visited in turn (each a new
   * document), every template's violations reported.
   */
  const AUDITED: Array<[string, string, string | null]> = [
    ['schedule', '?status__ids=1,3,4,7,8', 'live'],
    ['launch', `launch.html?id=${launchId(S.next)}`, 'live'],
    ['launch-page', pageOf(S.next), 'live'],
    ['launch-page-crewed', pageOf(S.second), 'live'],
    ['api', 'api.html', null],
  ];

  it.each([
    ['light', 'desktop'],
    ['dark', 'phone'],
  ] as const)(
    'passes the axe-core WCAG 2.1 AA checks (contrast included) on every page template in the %s scheme at %s width',
    async (colorScheme, width) => {
      problems.length = 0;
      const { page } = await open('about:blank', {
        colorScheme,
        ...(width === 'phone' ? { viewport: PHONE, isMobile: true } : {}),
        state: null,
      });
      const violations: Record<string, string[]> = {};
      for (const [name, query, state] of AUDITED) {
        await visit(page, `${siteUrl}${query}`, state);
        violations[name] = await axe(page);
        if (SCREENSHOTS)
          await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}-${colorScheme}.png`), fullPage: true });
      }
      expect(violations).toEqual(Object.fromEntries(AUDITED.map(([name]) => [name, []])));
      expect(problems).toEqual([]);
    },
    180_000,
  );

  it("works from the offline snapshot (file://): the lists as built, in the reader's zone, and links to files that exist", async () => {
    problems.length = 0;
    const fileUrl = pathToFileURL(path.join(site.out, 'index.html')).href;
    const { page } = await open(fileUrl, { state: 'static', paused: true });
    expect(await page.textContent('#data-state')).toContain('Opened from a file');
    expect((await names(page, 'upcoming')).length).toBe(30);
    expect(await itemOf(page, S.next).locator('time').textContent()).toBe('Sat, 21 Nov 2026, 23:30 GMT+9');
    expect(await itemOf(page, S.next).locator('.countdown').textContent()).toBe('T− 02:30:00');
    expect(await page.isVisible('#filter-box')).toBe(false);
    const targets = await page.$$eval('a[href]', (nodes) => nodes.map((a) => (a as HTMLAnchorElement).href));
    for (const target of targets) {
      if (!target.startsWith('file:')) continue;
      const file = fileURLToPath(target.replace(/[?#].*$/, ''));
      if (file.startsWith(path.join(site.out, 'snapshot'))) continue; // written by the deploy's snapshot step, not the build
      expect(existsSync(file), target).toBe(true);
    }
    if (SCREENSHOTS) await page.screenshot({ path: path.join(ARTIFACTS, 'schedule-offline.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});
