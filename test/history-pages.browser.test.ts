// The launches' histories and the data's age on the pages, in a real headless
// browser (Debian's chromium, driven by playwright-core, as test/pages.browser.test.ts
// does), with and without JavaScript, over a small build with hand-written
// histories (test/helpers/history-site.ts): the schedule's mark of a NET moved in
// the 24 hours before the build, the launch page's history section (timeline of
// NETs, slip since first seen, when it went Go), the "last heard from LL2" line,
// and axe-core's WCAG checks. Playwright's clock is set to the build's, never
// today's. Skipped, with a message, where /usr/bin/chromium is missing.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, listen } from '../scripts/lib/query/node-server.ts';
import { buildHistorySite, H, NOW, pageOf, type HistorySite } from './helpers/history-site.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
];
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const available = existsSync(CHROMIUM);
if (!available) {
  console.warn(
    `[history-pages] browser tests SKIPPED: no Chromium at ${CHROMIUM}. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
  );
}

describe.skipIf(!available)('histories and the data age in headless Chromium', () => {
  let site: HistorySite;
  let browser: Browser;
  let server: ReturnType<typeof createApiServer>;
  let siteUrl: string;
  const problems: string[] = [];

  beforeAll(async () => {
    site = await buildHistorySite();
    server = createApiServer({ root: site.root, cacheSeconds: -1 });
    siteUrl = `http://127.0.0.1:${await listen(server, 0)}/public/`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await site?.cleanup();
  });

  /** A page at the build's clock, in UTC unless told; with JavaScript, once its script says `state`. */
  async function open(url: string, options: BrowserContextOptions & { state?: string } = {}): Promise<Page> {
    const { state = 'ready', ...contextOptions } = options;
    const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-GB', ...contextOptions });
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    await page.clock.install({ time: NOW });
    await page.goto(url, { waitUntil: 'load' });
    if (options.javaScriptEnabled !== false)
      await page.waitForFunction((s) => document.body.dataset.state === s, state);
    return page;
  }
  const close = (page: Page) => page.context().close();

  const moved = (page: Page, n: number) =>
    page.locator('#upcoming-list li', { has: page.locator(`a[href="${pageOf(n)}"]`) }).locator('p.moved');

  async function axe(page: Page): Promise<string[]> {
    await page.addScriptTag({ path: AXE });
    return page.evaluate(async () => {
      const run = (
        window as unknown as {
          axe: {
            run: (
              context: Document,
              options: object,
            ) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
          };
        }
      ).axe;
      const result = await run.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
    });
  }

  it('marks the NETs moved in the 24 hours before the build, with and without JavaScript, and as rendered from the data', async () => {
    problems.length = 0;
    const later = 'NET moved 2 d later in the 24 hours before this build; last moved Wed 10 Jun 2026, 03:00 UTC.';
    for (const javaScriptEnabled of [false, true]) {
      const page = await open(siteUrl, { javaScriptEnabled });
      expect(await moved(page, H.later).textContent(), `JavaScript ${javaScriptEnabled}`).toBe(later);
      expect(await moved(page, H.dayAgo).count()).toBe(0);
      await close(page);
    }
    // A filter has the browser draw the list again from schedule/*.json: the mark comes with the data.
    const filtered = await open(`${siteUrl}?search=3002`, { state: 'live' });
    expect(await filtered.locator('#upcoming-list li').count()).toBe(1);
    expect(await moved(filtered, H.earlier).textContent()).toBe(
      'NET moved 1 d earlier in the 24 hours before this build (2 moves); last moved Wed 10 Jun 2026, 02:00 UTC.',
    );
    await close(filtered);
    // In the reader's zone, with UTC beside it.
    const tokyo = await open(siteUrl, { timezoneId: 'Asia/Tokyo' });
    expect(await moved(tokyo, H.later).textContent()).toBe(
      'NET moved 2 d later in the 24 hours before this build; last moved Wed, 10 Jun 2026, 12:00 GMT+9 (03:00 UTC).',
    );
    await close(tokyo);
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
      await close(page);
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('says of a launch whose NET passed after the data stopped what it is', async () => {
    const page = await open(siteUrl + pageOf(H.stopped), { state: 'live' });
    expect(await page.locator('p.stopped').textContent()).toBe(
      'Our data stopped on Wed 10 Jun 2026; LL2’s last word was “Go for Launch” on Fri 5 Jun 2026.',
    );
    expect(await page.locator('p.net .status').textContent()).toBe('Our data stopped before its NET');
    await close(page);
  });

  it.each([
    ['schedule', ''],
    ['launch with a history', pageOf(H.later)],
    ['launch the data stopped before', pageOf(H.stopped)],
  ])(
    'passes the axe-core WCAG 2.1 AA checks: the %s page',
    async (_name, path) => {
      const page = await open(siteUrl + path, { state: path ? 'live' : 'ready' });
      expect(await axe(page)).toEqual([]);
      await close(page);
    },
    60_000,
  );
});
