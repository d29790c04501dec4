// Headless Chromium for the browser test files (test/*.browser.test.ts): Debian's chromium
// (CHROMIUM_PATH names another), driven by playwright-core, which brings no browser of its own.
// In: a label for the skip message, a built site's folder, page options (clock, zone, the
// data-state to wait for). Out: whether Chromium is there (without it a file skips, saying how
// to install it), one browser per file, the site served over HTTP, the file's tabs (a page in a
// context of its own for each set of context options, taken in turn by the tests), pages opened
// in them at a given clock with their problems recorded (uncaught errors, dialogs, console
// errors, failed requests, HTTP errors), and axe-core's WCAG violations of a page. Requests off
// the machine never leave it: LL2's image server gets a small picture, anything else is aborted
// (and so recorded as a failed request).

import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
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
/** axe-core's script, read once for the file. */
let axeSource: string | undefined;
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
 * all handed to `use` with the block's tabs; after each test, the tabs it had given back;
 * after them all, the browser closed, the server stopped, the site removed.
 */
export function siteInChromium<S extends TestSite>(
  build: () => Promise<S>,
  use: (ready: { site: S; tabs: Tabs; siteUrl: string }) => void,
): void {
  let site: S | undefined;
  let browser: Browser | undefined;
  let tabs: Tabs | undefined;
  let served: ServedSite | undefined;
  beforeAll(async () => {
    [site, browser] = await Promise.all([build(), launchChromium()]);
    served = await serveSite(site.root);
    tabs = new Tabs(browser);
    use({ site, tabs, siteUrl: served.url });
  }, 120_000);
  afterEach(() => tabs?.giveBack());
  // vitest reads the hook's first parameter as a fixture pattern: it must be an object pattern, here an empty one.
  // biome-ignore lint/correctness/noEmptyPattern: see above
  afterAll(async ({}, suite) => {
    logChromiumCpu('filepath' in suite ? suite.filepath : suite.file.filepath);
    await browser?.close();
    served?.close();
    await site?.cleanup();
  });
}

/** The same options in the same order, whatever order their keys were written in. */
const keyOf = (value: unknown): string =>
  JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** One tab of a `Tabs`: its page, and whether a test has it. */
interface Tab {
  page: Page;
  inUse: boolean;
}

/**
 * The tabs of a test file: one page in a browser context of its own for each set of context options
 * (time zone, locale, viewport and phone, JavaScript on or off: what Playwright sets per context only),
 * made on first use and taken in turn by the tests that ask for the same options, each test's page a new
 * document in it. A new document in an open page costs about a third of the CPU of a new page (or of a new
 * context: each new page is a new renderer process, which Chromium starts and stops, about 0.8 s of CPU here),
 * and Chromium's renderers are most of what the browser tests cost. What a tab holds besides its options does
 * not carry from one test to the next:
 * - the documents: a tab given back (after each test, siteInChromium) drops its listeners and goes to
 *   about:blank, so that what its last document still does (a timer, a fetch) reaches no later test;
 * - the HTTP cache: the served site answers `Cache-Control: no-store`, and the pages keep nothing in storage,
 *   so each document fetches what it shows as a first visit does;
 * - the colour scheme: the page's (page.emulateMedia), set for each test;
 * - Playwright's clock, which is the context's (page.clock is context.clock; its calls are logged and replayed,
 *   in order, in each new document): set again for each test, the last install and pause (or resume) deciding
 *   where the test's documents start, whatever an earlier test ran the clock to.
 * A test has one tab of a set of options at a time: asking again for one it has is an error.
 */
export class Tabs {
  readonly #browser: Browser;
  readonly #tabs = new Map<string, Promise<Tab>>();

  constructor(browser: Browser) {
    this.#browser = browser;
  }

  /**
   * The tab of `options`, on about:blank, in the given colour scheme (null: the context's), its clock at `now`
   * (ms since the epoch): running, or with `paused` started a minute before and stopped at `now`, so that
   * countdowns move only when told.
   */
  async take(
    options: BrowserContextOptions,
    page: { colorScheme: BrowserContextOptions['colorScheme']; now: number; paused: boolean },
  ): Promise<Page> {
    const key = keyOf(options);
    let made = this.#tabs.get(key);
    if (!made)
      this.#tabs.set(
        key,
        (made = newContext(this.#browser, options).then(async (context) => ({
          page: await context.newPage(),
          inUse: false,
        }))),
      );
    const tab = await made;
    if (tab.inUse) throw new Error(`this test has the tab of ${key} already: give a second page other options`);
    tab.inUse = true;
    if (tab.page.isClosed()) tab.page = await tab.page.context().newPage();
    const { clock } = tab.page.context();
    if (page.paused) {
      await clock.install({ time: page.now - 60_000 });
      await clock.pauseAt(page.now);
    } else {
      await clock.install({ time: page.now });
      await clock.resume();
    }
    await tab.page.emulateMedia({ colorScheme: page.colorScheme ?? null });
    return tab.page;
  }

  /** Takes back every tab the test had: its listeners removed, its document left for about:blank. */
  async giveBack(): Promise<void> {
    const tabs = await Promise.all(this.#tabs.values());
    await Promise.all(
      tabs
        .filter((tab) => tab.inUse)
        .map(async (tab) => {
          tab.inUse = false;
          if (tab.page.isClosed()) return;
          tab.page.removeAllListeners();
          await tab.page.goto('about:blank');
        }),
    );
  }
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
  page: Page;
  /** Paths under the site that the page requested, in order, without their query. */
  requested: string[];
}

/** A fresh context with pictures from LL2's image server answered here and every other off-machine request aborted. */
async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
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

/**
 * Opens `url` in the tab of the given options (Tabs), at the given clock and colour scheme, and waits for the
 * page's script to say `state`; the tab's problems go to `problems` until the test gives it back.
 */
export async function openPage(tabs: Tabs, url: string, options: OpenOptions): Promise<Opened> {
  const { now, state = 'ready', paused = false, problems, siteUrl, colorScheme, ...contextOptions } = options;
  const page = await tabs.take(contextOptions, { colorScheme, now, paused });
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
  // Requests answered already: one whose body a test's next navigation cuts off (ERR_ABORTED) was recorded by its
  // status, if that was a problem; its abort is the test moving on, not the page's doing.
  const answered = new WeakSet<object>();
  // Over HTTP only: a page opened from a file asks for files beside it that a build does not write.
  page.on('requestfailed', (request) => {
    const abortedAfterAnswer = answered.has(request) && /ERR_ABORTED/.test(request.failure()?.errorText ?? '');
    if (request.url().startsWith('http') && !abortedAfterAnswer) problems.push(`request failed: ${request.url()}`);
  });
  page.on('response', (response) => {
    answered.add(response.request());
    if (response.url().startsWith('http') && response.status() >= 400 && !isAbsentHistory(response))
      problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await visit(page, url, contextOptions.javaScriptEnabled === false ? null : state);
  return { page, requested };
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

/**
 * axe-core's WCAG 2.1 A and AA checks (contrast included) and its best practices: each violation with the elements
 * it names. axe is put in the page's document once (a document audited again reuses it); only violations are
 * collected (resultTypes: axe then keeps one node of each passed or incomplete check, not all).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: (axeSource ??= readFileSync(AXE, 'utf8')) });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
}

/** CPU seconds (user + system, and those of the children each has waited for) of a process and its living descendants. */
function treeSeconds(root: number): number {
  const children = new Map<number, number[]>();
  const seconds = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // After the name in parentheses: state, ppid (fields 3, 4 of proc(5)), ...; utime..cstime are fields 14..17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    seconds.set(Number(name), [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100);
  }
  let sum = 0;
  for (const stack = [root]; stack.length > 0; ) {
    const pid = stack.pop()!;
    sum += seconds.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return sum;
}

/**
 * With VITEST_CPU_LOG (test/helpers/cpu-probe.ts), a line `<CPU seconds>\t<test file>+chromium\t<pid>`: this
 * worker's CPU and that of all Chromium's processes, read before Chromium closes. The probe's own line for the file
 * counts Chromium's main process only: its renderers are reaped by its zygote, which the worker never waits for,
 * and they are most of a browser file's CPU (two thirds of pages.browser's).
 */
function logChromiumCpu(file: string): void {
  const log = process.env.VITEST_CPU_LOG;
  if (!log || !existsSync('/proc/self/stat')) return;
  const line = `${treeSeconds(process.pid).toFixed(2)}\t${path.relative(process.cwd(), file)}+chromium\t${process.pid}\n`;
  appendFileSync(log, line);
}
