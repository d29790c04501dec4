// The landing page in a real headless browser: Debian's chromium, driven by
// playwright-core (which brings no browser of its own). Skipped, with a message,
// where /usr/bin/chromium is missing (CI installs it: apt-get install -y chromium).
// Screenshots are kept in test/artifacts/ (not committed).

import { existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, listen } from '../scripts/lib/query/node-server.ts';
import { buildFeatureSite, HOSTILE_NAME, type FeatureSite } from './helpers/feature-site.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const available = existsSync(CHROMIUM);
if (!available) {
  console.warn(`[landing page] browser tests SKIPPED: no Chromium at ${CHROMIUM}. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
}

type Rows = string[][];

/** Cell texts of a table's body rows. */
const rowsOf = (page: Page, table: string): Promise<Rows> =>
  page.$$eval(`#${table} tbody tr`, (rows) => rows.map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => (cell.textContent ?? '').trim())));
const linksOf = (page: Page, table: string): Promise<string[]> =>
  page.$$eval(`#${table} tbody a`, (links) => links.map((a) => a.getAttribute('href') ?? ''));

describe.skipIf(!available)('the landing page in headless Chromium', () => {
  let site: FeatureSite;
  let browser: Browser;
  let server: ReturnType<typeof createApiServer>;
  let pageUrl: string;
  const problems: string[] = [];

  beforeAll(async () => {
    site = await buildFeatureSite();
    await mkdir(ARTIFACTS, { recursive: true });
    // Serve the folder above public/, so that the page lives under a base path (/public/), not at the host root.
    server = createApiServer({ root: site.root, cacheSeconds: -1 });
    pageUrl = `http://127.0.0.1:${await listen(server, 0)}/public/`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await site?.cleanup();
  });

  /** A page that records uncaught errors, dialogs, failed requests and console errors. */
  async function open(url: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...options });
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    if (url.startsWith('http')) {
      page.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`); });
      page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
      page.on('response', (response) => { if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`); });
    }
    await page.goto(url, { waitUntil: 'load' });
    return { context, page };
  }

  async function live(page: Page): Promise<void> {
    await page.waitForSelector('#next-launches[data-state="live"]');
    await page.waitForSelector('#next-events[data-state="live"]');
    await page.waitForFunction(() => document.getElementById('data-state')?.textContent?.includes('rendered from the JSON'));
  }

  it('renders the next launches and events from the JSON, exactly as the page shows them without JavaScript', async () => {
    problems.length = 0;
    const { context, page } = await open(pageUrl);
    await live(page);
    const { context: noJs, page: still } = await open(pageUrl, { javaScriptEnabled: false });
    for (const table of ['next-launches', 'next-events']) {
      const rendered = await rowsOf(page, table);
      expect(rendered.length, table).toBeGreaterThan(0);
      expect(rendered, table).toEqual(await rowsOf(still, table));
      expect(await linksOf(page, table), table).toEqual(await linksOf(still, table));
    }
    expect(await rowsOf(page, 'next-launches')).toHaveLength(10);
    expect(await page.textContent('[data-count="launches/upcoming/"]')).toBe(String(site.json('2.3.0/launches/upcoming/index.json').count));
    expect(await page.getAttribute('time[data-build-clock]', 'datetime')).toBe('2026-11-21T12:00:00Z');
    await page.screenshot({ path: path.join(ARTIFACTS, 'landing-page.png'), fullPage: true });
    await context.close();
    await noJs.close();
    expect(problems).toEqual([]);
    expect((await stat(path.join(ARTIFACTS, 'landing-page.png'))).size).toBeGreaterThan(10_000);
  });

  it('shows markup in names as text, and runs none of it', async () => {
    problems.length = 0;
    const { context, page } = await open(pageUrl);
    await live(page);
    const names = await page.$$eval('#next-launches tbody th', (cells) => cells.map((c) => c.textContent));
    expect(names).toContain(HOSTILE_NAME);
    expect(await page.$$('img')).toHaveLength(0);
    expect(await page.$$('script')).toHaveLength(1);
    await context.close();
    expect(problems).toEqual([]); // no alert() dialog, no errors
  });

  it('has a language, landmarks, one h1, headed sections and captioned tables with header cells', async () => {
    const { context, page } = await open(pageUrl);
    await live(page);
    const outline = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      title: document.title,
      landmarks: ['header', 'nav', 'main', 'footer'].map((tag) => document.querySelectorAll(tag).length),
      h1: document.querySelectorAll('h1').length,
      sectionsWithoutHeading: [...document.querySelectorAll('section')].filter((s) => !s.querySelector('h2')).length,
      tables: [...document.querySelectorAll('table')].map((t) => ({
        caption: t.caption?.textContent?.trim() ?? '',
        headers: t.querySelectorAll('thead th[scope="col"]').length,
      })),
    }));
    expect(outline.lang).toBe('en');
    expect(outline.title).toContain('Launch Schedule Service');
    expect(outline.landmarks).toEqual([1, 1, 1, 1]);
    expect(outline.h1).toBe(1);
    expect(outline.sectionsWithoutHeading).toBe(0);
    expect(outline.tables.length).toBeGreaterThanOrEqual(4);
    for (const table of outline.tables) {
      expect(table.caption.length).toBeGreaterThan(0);
      expect(table.headers).toBeGreaterThan(1);
    }
    await context.close();
  });

  it.each(['light', 'dark'] as const)('passes the axe-core WCAG 2.1 AA checks (contrast included) in the %s scheme', async (colorScheme) => {
    const { context, page } = await open(pageUrl, { colorScheme });
    await live(page);
    await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
    });
    if (colorScheme === 'dark') await page.screenshot({ path: path.join(ARTIFACTS, 'landing-page-dark.png'), fullPage: true });
    await context.close();
    expect(violations).toEqual([]);
  });

  it('works from the offline snapshot (file://): the lists as built, and links to files that exist', async () => {
    problems.length = 0;
    const fileUrl = pathToFileURL(path.join(site.out, 'index.html')).href;
    const { context, page } = await open(fileUrl);
    // Fetching beside a file:// page is refused: the script must keep the built lists and say so.
    await page.waitForFunction(() => document.getElementById('data-state')?.textContent?.includes('as of the build ('));
    expect(await rowsOf(page, 'next-launches')).toHaveLength(10);
    expect((await rowsOf(page, 'next-events')).length).toBeGreaterThan(0);
    const targets = await page.$$eval('a[href]', (links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const target of targets) {
      if (!target.startsWith('file:')) continue;
      const file = fileURLToPath(target.replace(/#.*$/, ''));
      if (file.startsWith(path.join(site.out, 'snapshot'))) continue; // written by the deploy's snapshot step, not the build
      expect(existsSync(file), target).toBe(true);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, 'landing-page-offline.png'), fullPage: true });
    await context.close();
    expect(problems).toEqual([]);
  });
});
