// The launches' histories and the data's age on the pages, in a real headless browser
// (Debian's chromium, driven by playwright-core: test/helpers/browser.ts, one browser for
// the file, a tab for each set of context options, taken in turn by the tests), with
// and without JavaScript, over a small build with hand-written histories
// (test/helpers/history-site.ts, published once for the file by test/helpers/browser-site.ts):
// the schedule's mark of a NET moved in the 24 hours before the build, the launch page's
// history section (timeline of NETs, slip since first seen, when it went Go), the "last
// heard from LL2" line, and axe-core's WCAG checks; and the view by id (launch.html?id=…),
// drawn by script from the launch and its history document: the same line and section, a
// launch without history with the line from its record and no section, and a launch the
// data stopped before said to be so.
// Playwright's clock is set to the build's, never today's. Skipped, with a message, where
// /usr/bin/chromium is missing.

import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations as axe,
  chromiumPresent,
  openPage,
  type Tabs,
  siteInChromium,
  visit,
} from './helpers/browser.ts';
import { publishBrowserSite } from './helpers/browser-site.ts';
import { testUuid } from './helpers/data.ts';
import { BASE_URL, H, historyDataSet, NOW, pageOf } from './helpers/history-site.ts';

const available = chromiumPresent('history-pages');

describe.skipIf(!available)('histories and the data age in headless Chromium', () => {
  let tabs: Tabs;
  let siteUrl: string;
  const problems: string[] = [];

  siteInChromium(
    () =>
      historyDataSet().then((dataset) =>
        publishBrowserSite(dataset, { now: NOW, baseUrl: BASE_URL, repositoryUrl: null }),
      ),
    (ready) => {
      ({ tabs, siteUrl } = ready);
    },
  );

  /** A page at the build's clock, in UTC unless told; with JavaScript, once its script says `state`. */
  async function open(url: string, options: BrowserContextOptions & { state?: string } = {}): Promise<Page> {
    const opened = await openPage(tabs, url, {
      timezoneId: 'UTC',
      locale: 'en-GB',
      now: NOW,
      problems,
      siteUrl,
      ...options,
    });
    return opened.page;
  }

  const moved = (page: Page, n: number) =>
    page.locator('#upcoming-list li', { has: page.locator(`a[href="${pageOf(n)}"]`) }).locator('p.moved');

  it('marks the NETs moved in the 24 hours before the build, with and without JavaScript, and as rendered from the data', async () => {
    problems.length = 0;
    const later = 'NET moved 2 d later in the 24 hours before this build; last moved Wed 10 Jun 2026, 03:00 UTC.';
    const built = await open(siteUrl, { javaScriptEnabled: false });
    expect(await moved(built, H.later).textContent(), 'JavaScript off').toBe(later);
    expect(await moved(built, H.dayAgo).count()).toBe(0);
    const page = await open(siteUrl);
    expect(await moved(page, H.later).textContent(), 'JavaScript on').toBe(later);
    expect(await moved(page, H.dayAgo).count()).toBe(0);
    // A filter has the browser draw the list again from schedule/*.json: the mark comes with the data.
    await visit(page, `${siteUrl}?search=3002`, 'live');
    expect(await page.locator('#upcoming-list li').count()).toBe(1);
    expect(await moved(page, H.earlier).textContent()).toBe(
      'NET moved 1 d earlier in the 24 hours before this build (2 moves); last moved Wed 10 Jun 2026, 02:00 UTC.',
    );
    // In the reader's zone, with UTC beside it.
    const tokyo = await open(siteUrl, { timezoneId: 'Asia/Tokyo' });
    expect(await moved(tokyo, H.later).textContent()).toBe(
      'NET moved 2 d later in the 24 hours before this build; last moved Wed, 10 Jun 2026, 12:00 GMT+9 (03:00 UTC).',
    );
    expect(problems).toEqual([]);
  }, 60_000);

  it("shows a launch's history: its NETs, how far it slipped since first seen and when it went Go, with and without JavaScript", async () => {
    problems.length = 0;
    for (const javaScriptEnabled of [false, true]) {
      const page = await open(siteUrl + pageOf(H.later), { javaScriptEnabled, state: 'live' });
      const section = page.locator('#history');
      expect(await section.locator('h2').textContent()).toBe("History of this launch's date");
      // First NET 2026-06-01T10:00Z, now 2026-06-14T10:00Z: +13 d; Go from the change seen 2026-06-10.
      expect(await section.locator('p').first().textContent()).toBe(
        'First seen 2026-05-01 with NET 2026-06-01; 2 NET changes, slipped +13 d since first seen. Went Go on 2026-06-10.',
      );
      const rows = await section
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
      expect(rows).toEqual([
        ['2026-05-01 00:00:00 UTC', '2026-06-01 10:00:00 UTC', 'To Be Determined'],
        ['2026-05-20 00:00:00 UTC', '2026-06-12 10:00:00 UTC', 'To Be Determined'],
        ['2026-06-10 03:00:00 UTC', '2026-06-14 10:00:00 UTC', 'Go for Launch'],
      ]);
      expect(await page.locator('p.heard').textContent()).toBe(
        'This launch’s data last heard from Launch Library 2 on Wed 10 Jun 2026, 03:00 UTC.',
      );
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('says of a launch whose NET passed after the data stopped what it is', async () => {
    const page = await open(siteUrl + pageOf(H.stopped), { state: 'live' });
    expect(await page.locator('p.stopped').textContent()).toBe(
      'Our data stopped on Wed 10 Jun 2026; LL2’s last word was “Go for Launch” on Fri 5 Jun 2026.',
    );
    expect(await page.locator('p.net .status').textContent()).toBe('Our data stopped before its NET');
  });

  // One page, the three pages of the site visited in turn (each a new document), every page's violations reported.
  it('passes the axe-core WCAG 2.1 AA checks: the schedule, a launch with a history, a launch the data stopped before', async () => {
    problems.length = 0;
    const page = await open(siteUrl);
    const violations: Record<string, string[]> = { schedule: await axe(page) };
    await visit(page, siteUrl + pageOf(H.later), 'live');
    violations['launch with a history'] = await axe(page);
    await visit(page, siteUrl + pageOf(H.stopped), 'live');
    violations['launch the data stopped before'] = await axe(page);
    expect(violations).toEqual({ schedule: [], 'launch with a history': [], 'launch the data stopped before': [] });
    expect(problems).toEqual([]);
  }, 120_000);

  /**
   * The view by id (launch.html?id=) of launch n, once its script has drawn it (a launch without history asks for a
   * history document it lacks: the browser helper takes that 404 as the page's design, any other failure as a problem).
   */
  const openById = (n: number) => open(`${siteUrl}launch.html?id=${testUuid(n)}`, { state: 'live' });

  it('shows the history section and the last-heard line of a launch with a history', async () => {
    problems.length = 0;
    const page = await openById(H.later);
    const section = page.locator('#history');
    expect(await section.locator('h2').textContent()).toBe("History of this launch's date");
    // First NET 2026-06-01T10:00Z, now 2026-06-14T10:00Z: +13 d; Go from the change seen 2026-06-10.
    expect(await section.locator('p').first().textContent()).toBe(
      'First seen 2026-05-01 with NET 2026-06-01; 2 NET changes, slipped +13 d since first seen. Went Go on 2026-06-10.',
    );
    expect(await section.locator('tbody tr td:nth-child(3)').allTextContents()).toEqual([
      'To Be Determined',
      'To Be Determined',
      'Go for Launch',
    ]);
    // Its last sighting from LL2, 2026-06-10T03:00Z, in the reader's zone (UTC here).
    expect(await page.locator('p.heard').textContent()).toBe(
      'This launch’s data last heard from Launch Library 2 on Wed 10 Jun 2026, 03:00 UTC.',
    );
    const violations = await axe(page);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);

  it("without a history: the line from the record's last_updated, no section", async () => {
    problems.length = 0;
    const page = await openById(H.overdue);
    expect(await page.locator('#history').count()).toBe(0);
    // last_updated 2026-06-01T00:00Z.
    expect(await page.locator('p.heard').textContent()).toBe(
      'This launch’s data last heard from Launch Library 2 on Mon 1 Jun 2026, 00:00 UTC.',
    );
    expect(problems).toEqual([]);
  }, 60_000);

  it('of a launch whose NET passed after the data stopped: says the data stopped before it, with what LL2 said last', async () => {
    problems.length = 0;
    // launch.html's data-last-heard is the data's last word, passed by start() to the view.
    const page = await openById(H.stopped);
    // The data's last word: 2026-06-10T02:55Z (`later`'s last_updated); `stopped`: NET 2026-06-10T06:00Z, Go,
    // last_updated 2026-06-05 (no history: its record's date).
    expect(await page.locator('p.stopped').textContent()).toBe(
      'Our data stopped on Wed 10 Jun 2026; LL2’s last word was “Go for Launch” on Fri 5 Jun 2026.',
    );
    expect(await page.locator('p.net .status').textContent()).toBe('Our data stopped before its NET');
    expect(problems).toEqual([]);
  }, 60_000);
});
