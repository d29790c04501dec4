// Headless Chromium for the browser test files (test/*.browser.test.ts): Debian's chromium
// (CHROMIUM_PATH names another), driven by playwright-core, which brings no browser of its own.
// In: a label for the skip message, a built site's folder, page options (clock, zone, the
// data-state to wait for). Out: whether Chromium is there (without it a file skips, saying how
// to install it), one browser per file, the site served over HTTP, pages opened in fresh
// contexts at a given clock with their problems recorded (uncaught errors, dialogs, console
// errors, failed requests, HTTP errors), and axe-core's WCAG violations of a page. Requests off
// the machine never leave it: LL2's image server gets a small picture, anything else is aborted
// (and so recorded as a failed request).

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createApiServer, listen } from '../../scripts/lib/query/node-server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** LL2's image server, which the pages link pictures from. */
const CDN = 'https://thespacedevs-prod.nyc3.digitaloceanspaces.com/';
/** A 1×1 PNG, standing in for LL2's pictures. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Whether Chromium is installed; says so on the console, for the file named `label`, when it is not. */
export function chromiumPresent(label: string): boolean {
  const present = existsSync(CHROMIUM);
  if (!present)
    console.warn(
      `[${label}] browser tests SKIPPED: no Chromium at ${CHROMIUM}. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
    );
  return present;
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });

export interface ServedSite {
  /** The site's address: the folder `public/` under the served root, so that pages live under a base path. */
  url: string;
  close: () => void;
}

/** Serves the folder above `public/` as `npm start` does (no caching), on a free port of 127.0.0.1. */
export async function serveSite(root: string): Promise<ServedSite> {
  const server = createApiServer({ root, cacheSeconds: -1 });
  const port = await listen(server, 0);
  return { url: `http://127.0.0.1:${port}/public/`, close: () => server.close() };
}

/** A built site of a browser test file, and how it is removed. */
export interface TestSite {
  /** The folder above `public/`. */
  root: string;
  cleanup(): Promise<void>;
}

/**
 * For the describe block it is called in: before its tests, the site built and Chromium
 * started at once (the build is this process's, Chromium another), then the site served,
 * all handed to `use`; after them, the browser closed, the server stopped, the site removed.
 */
export function siteInChromium<S extends TestSite>(
  build: () => Promise<S>,
  use: (ready: { site: S; browser: Browser; siteUrl: string }) => void,
): void {
  let site: S | undefined;
  let browser: Browser | undefined;
  let served: ServedSite | undefined;
  beforeAll(async () => {
    [site, browser] = await Promise.all([build(), launchChromium()]);
    served = await serveSite(site.root);
    use({ site, browser, siteUrl: served.url });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    served?.close();
    await site?.cleanup();
  });
}

export interface OpenOptions extends BrowserContextOptions {
  /** The page's clock starts here (ms since the epoch): the build's, never today's. */
  now: number;
  /** What `document.body.dataset.state` must say before the page is handed over; null waits for nothing. */
  state?: string | null;
  /** Stops the clock at `now` (started a minute before), so that countdowns move only when told. */
  paused?: boolean;
  /** Where the page's problems go. */
  problems: string[];
  /** The site's address: requests under it are recorded in `requested`. */
  siteUrl: string;
}

export interface Opened {
  context: BrowserContext;
  page: Page;
  /** Paths under the site that the page requested, in order, without their query. */
  requested: string[];
}

/** A fresh context with pictures from LL2's image server answered here and every other off-machine request aborted. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.route(
    (url) => url.protocol.startsWith('http') && url.hostname !== '127.0.0.1',
    (route) =>
      route.request().url().startsWith(CDN)
        ? route.fulfill({ status: 200, contentType: 'image/png', body: PICTURE })
        : route.abort('blockedbyclient'),
  );
  return context;
}

/**
 * A launch's history document (`2.3.0/history/<id>.json`): the view by id asks for it, and a launch the build wrote
 * no history for answers 404 by design (launch.js start draws no section then), so that 404 is not a problem.
 */
const isHistoryDocument = (url: string): boolean => /\/2\.3\.0\/history\/[^/]+\.json$/.test(url);
const isAbsentHistory = (response: { url(): string; status(): number }): boolean =>
  response.status() === 404 && isHistoryDocument(response.url());

/** Opens `url` in a fresh context at the given clock and waits for the page's script to say `state`. */
export async function openPage(browser: Browser, url: string, options: OpenOptions): Promise<Opened> {
  const { now, state = 'ready', paused = false, problems, siteUrl, ...contextOptions } = options;
  const context = await newContext(browser, contextOptions);
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !(message.text().includes('404') && isHistoryDocument(message.location().url)))
      problems.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => {
    if (request.url().startsWith(siteUrl)) requested.push(request.url().slice(siteUrl.length).replace(/\?.*$/, ''));
  });
  // Over HTTP only: a page opened from a file asks for files beside it that a build does not write.
  page.on('requestfailed', (request) => {
    if (request.url().startsWith('http')) problems.push(`request failed: ${request.url()}`);
  });
  page.on('response', (response) => {
    if (response.url().startsWith('http') && response.status() >= 400 && !isAbsentHistory(response))
      problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  if (paused) {
    await page.clock.install({ time: now - 60_000 });
    await page.clock.pauseAt(now);
  } else {
    await page.clock.install({ time: now });
  }
  await visit(page, url, contextOptions.javaScriptEnabled === false ? null : state);
  return { context, page, requested };
}

/**
 * Takes an open page to `url` (another page of the site: a new document, in the same context and the same
 * renderer, cheaper than a context of its own) and waits for its script to say `state` (null: for nothing).
 */
export async function visit(page: Page, url: string, state: string | null = 'ready'): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  // data-state: what the page's script has done (schedule.js, launch.js).
  if (state !== null) await page.waitForFunction((s) => document.body.dataset.state === s, state);
}

interface AxeResults {
  violations: Array<{ id: string; nodes: Array<{ target: unknown }> }>;
}

/** axe-core's WCAG 2.1 A and AA checks (contrast included) and its best practices: each violation with the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
}
