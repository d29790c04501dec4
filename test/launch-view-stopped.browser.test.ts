// The view by id (launch.html?id=…) in headless Chromium says of a launch whose NET
// passed after our data's last word from LL2 that the data stopped before it: the
// page reads that word from launch.html's `data-last-heard` and passes it to the
// view (browser/launch.js start → viewById), as the launch's own page says it. Over
// test/helpers/history-site.ts's build, at its clock (Playwright's clock is the
// build's). Skipped, with a message, without Chromium.

import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { siteInChromium, chromiumPresent, openPage } from './helpers/browser.ts';
import { testUuid } from './helpers/data.ts';
import { buildHistorySite, H, NOW } from './helpers/history-site.ts';

const available = chromiumPresent('launch-view-stopped');

describe.skipIf(!available)('the view by id of a launch the data stopped before, in headless Chromium', () => {
  let browser: Browser;
  let siteUrl: string;
  const problems: string[] = [];

  siteInChromium(buildHistorySite, (ready) => {
    ({ browser, siteUrl } = ready);
  });

  it('says the data stopped before its NET, with what LL2 said last', async () => {
    const { page } = await openPage(browser, `${siteUrl}launch.html?id=${testUuid(H.stopped)}`, {
      timezoneId: 'UTC',
      locale: 'en-GB',
      now: NOW,
      state: 'live',
      problems,
      siteUrl,
    });
    // The data's last word: 2026-06-10T02:55Z (`later`'s last_updated); `stopped`: NET 2026-06-10T06:00Z, Go,
    // last_updated 2026-06-05 (no history: its record's date).
    expect(await page.locator('p.stopped').textContent()).toBe(
      'Our data stopped on Wed 10 Jun 2026; LL2’s last word was “Go for Launch” on Fri 5 Jun 2026.',
    );
    expect(await page.locator('p.net .status').textContent()).toBe('Our data stopped before its NET');
    await page.context().close();
    expect(problems).toEqual([]);
  }, 60_000);
});
