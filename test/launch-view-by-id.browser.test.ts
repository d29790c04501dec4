// The view by id (launch.html?id=…) in headless Chromium (Debian's chromium, driven by
// playwright-core through test/helpers/browser.ts, as the other browser tests), over
// test/helpers/history-site.ts's data set, published as history-pages.browser publishes it
// (test/helpers/browser-site.ts): it fetches the launch and its history document, and
// shows the "last heard from LL2" line and the history section a launch's own page has; a
// launch without history gets the line from its record and no section; a launch whose NET
// passed after the data's last word says the data stopped before it; axe-core's WCAG
// checks pass. Playwright's clock is the build's. Skipped, with a message, without Chromium.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, chromiumPresent, openPage, type Tabs, siteInChromium } from './helpers/browser.ts';
import { testUuid } from './helpers/data.ts';
import { publishBrowserSite } from './helpers/browser-site.ts';
import { BASE_URL, H, historyDataSet, NOW } from './helpers/history-site.ts';

const available = chromiumPresent('launch-view-by-id');

describe.skipIf(!available)('the view by id in headless Chromium', () => {
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

  /**
   * launch.html?id= of launch n, in UTC at the build's clock, once its script has drawn it
   * (a launch without history asks for a history document it lacks: the browser helper
   * takes that 404 as the page's design, any other failure as a problem).
   */
  async function open(n: number): Promise<Page> {
    const { page } = await openPage(tabs, `${siteUrl}launch.html?id=${testUuid(n)}`, {
      timezoneId: 'UTC',
      locale: 'en-GB',
      now: NOW,
      state: 'live',
      problems,
      siteUrl,
    });
    return page;
  }

  it('shows the history section and the last-heard line of a launch with a history', async () => {
    problems.length = 0;
    const page = await open(H.later);
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
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);

  it("without a history: the line from the record's last_updated, no section", async () => {
    problems.length = 0;
    const page = await open(H.overdue);
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
    const page = await open(H.stopped);
    // The data's last word: 2026-06-10T02:55Z (`later`'s last_updated); `stopped`: NET 2026-06-10T06:00Z, Go,
    // last_updated 2026-06-05 (no history: its record's date).
    expect(await page.locator('p.stopped').textContent()).toBe(
      'Our data stopped on Wed 10 Jun 2026; LL2’s last word was “Go for Launch” on Fri 5 Jun 2026.',
    );
    expect(await page.locator('p.net .status').textContent()).toBe('Our data stopped before its NET');
    expect(problems).toEqual([]);
  }, 60_000);
});
