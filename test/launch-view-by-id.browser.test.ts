// The view by id (launch.html?id=…) in headless Chromium (Debian's chromium, driven
// by playwright-core as the other browser tests do), over test/helpers/history-site.ts's
// build: it fetches the launch and its history document, and shows the "last heard
// from LL2" line and the history section a launch's own page has; a launch without
// history gets the line from its record and no section; axe-core's WCAG checks
// pass. Playwright's clock is the build's. Skipped, with a message, without Chromium.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, listen } from '../scripts/lib/query/node-server.ts';
import { testUuid } from './helpers/data.ts';
import { buildHistorySite, H, NOW, type HistorySite } from './helpers/history-site.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const available = existsSync(CHROMIUM);
if (!available) console.warn(`[launch-view-by-id] browser tests SKIPPED: no Chromium at ${CHROMIUM}.`);

describe.skipIf(!available)('the view by id in headless Chromium', () => {
  let site: HistorySite;
  let browser: Browser;
  let server: ReturnType<typeof createApiServer>;
  let siteUrl: string;
  const problems: string[] = [];

  beforeAll(async () => {
    site = await buildHistorySite();
    server = createApiServer({ root: site.root, cacheSeconds: -1 });
    siteUrl = `http://127.0.0.1:${await listen(server, 0)}/public/`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'], headless: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await site?.cleanup();
  });

  /** launch.html?id= of launch n, in UTC at the build's clock, once its script has drawn it. */
  async function open(n: number): Promise<Page> {
    const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-GB' });
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // A launch without history has no history document: that 404 is expected, any other is not.
    page.on('response', (r) => {
      if (r.status() >= 400 && !(n === H.overdue && r.url().includes('/history/')))
        problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    await page.clock.install({ time: NOW });
    await page.goto(`${siteUrl}launch.html?id=${testUuid(n)}`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.body.dataset.state === 'live');
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
    await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (d: Document, o: object) => Promise<{ violations: Array<{ id: string }> }> };
        }
      ).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      });
      return result.violations.map((v) => v.id);
    });
    expect(violations).toEqual([]);
    await page.context().close();
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
    await page.context().close();
    expect(problems).toEqual([]);
  }, 60_000);
});
