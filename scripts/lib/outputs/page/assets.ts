// The browser side of the pages: the files in page/browser/ (markup.js, time.js,
// core.js, schedule.js, calendar.js, launch.js, page.css), read once from the tool's folder and
// published as they are under `assets/`. The shared core (core.js, after the two it
// builds on) also runs here, in a `vm` context, so that the build renders the lists into the HTML with the very code
// the browser uses to render them again (browser/core.js says why). In: nothing
// but the files. Out: the asset files, and the core and the launch view as typed functions.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type { OutputFile } from '../../api/files.ts';
import { TOOL_ROOT } from '../../base/tool-identity.ts';
import type { CompactEvent, CompactLaunch, Lookups } from './compact.ts';

// From the tool's root, not from this module: the bundled tool (scripts/run.mjs) runs from elsewhere.
const BROWSER_DIR = path.join(TOOL_ROOT, 'scripts/lib/outputs/page/browser');

export const ASSET_FILES = {
  markup: 'markup.js',
  time: 'time.js',
  core: 'core.js',
  schedule: 'schedule.js',
  calendar: 'calendar.js',
  launch: 'launch.js',
  style: 'page.css',
} as const;
export type AssetName = keyof typeof ASSET_FILES;
export const assetPath = (name: AssetName): string => `assets/${ASSET_FILES[name]}`;

/** The scripts each script runs after (classic scripts share the page's globals, so order is all they have). */
const SCRIPT_NEEDS: Partial<Record<AssetName, readonly AssetName[]>> = {
  time: ['markup'],
  core: ['markup', 'time'],
  schedule: ['core'],
  calendar: ['core'],
  launch: ['core', 'calendar'],
};

/** The scripts to run for `names`, each after those it needs, each once, in the order asked. */
export function scriptOrder(names: readonly AssetName[]): AssetName[] {
  const order: AssetName[] = [];
  const add = (name: AssetName): void => {
    if (order.includes(name)) return;
    for (const need of SCRIPT_NEEDS[name] ?? []) add(need);
    order.push(name);
  };
  for (const name of names) add(name);
  return order;
}

const texts = new Map<AssetName, string>();

/** The text of a browser file, read once per process. */
export function assetText(name: AssetName): string {
  let text = texts.get(name);
  if (text === undefined) texts.set(name, (text = readFileSync(path.join(BROWSER_DIR, ASSET_FILES[name]), 'utf8')));
  return text;
}

/** Generator part: the browser files under `assets/`, byte for byte. */
export const assetFiles = (): OutputFile[] =>
  (Object.keys(ASSET_FILES) as AssetName[]).map((name) => ({ path: assetPath(name), content: assetText(name) }));

/** A markup tree: `[tag, attributes, ...children]`, children being trees or text. */
export interface Tree extends Array<unknown> {
  0: string;
  1: Record<string, unknown>;
}
export type Fragment = Array<Tree | string>;

/** Links the core makes: the API root and the launch page, relative to the pages. */
export interface CorePaths {
  api: string;
  launchView: string;
  /** From the page to the site root ('' at the root, '../' from `launch/`): launches' own pages are under it. */
  root?: string;
}

export interface NetText {
  text: string;
  utc: string | null;
  note: string | null;
  countdown: 'exact' | 'hour' | null;
}

export interface Filter {
  providers: number[];
  locations: number[];
  statuses: number[];
  search: string;
}

export interface ListState {
  total: number;
  shown: number;
  filtered: boolean;
  matched?: number;
  scanned?: number;
}

export type ListKind = 'upcoming' | 'previous' | 'events';

/** What browser/core.js defines (its global `ScheduleCore`). */
export interface PageCore {
  h(tag: string, attributes: Record<string, unknown> | null, ...children: unknown[]): Tree;
  escapeHtml(value: string): string;
  toHtml(node: Tree | string): string;
  safeUrl(url: unknown): string | null;
  formatCount(n: number): string;
  PRECISION: Record<string, number>;
  precisionClass(id: number | null): 'timed' | 'part' | 'day' | 'period';
  calendarTiming(id: number | null): 'timed' | 'all-day' | 'none';
  describeNet(
    timestamp: string | null,
    precision: number | null,
    options?: { zone?: string; locale?: string; siteZone?: string | null },
  ): NetText;
  countdownText(netMs: number, nowMs: number, kind: string | null): string;
  /** "2 d 3 h", "45 min": a length of time, to the minute. */
  durationText(seconds: number): string;
  /** "+2 d 3 h", "−45 min": a NET's shift (later is positive). */
  shiftText(seconds: number): string;
  FILTER_PARAMS: Record<keyof Filter, string>;
  parseFilter(query: string): Filter;
  filterQuery(filter: Filter): string;
  isFiltered(filter: Filter): boolean;
  launchMatches(record: CompactLaunch, lookups: Lookups, filter: Filter): boolean;
  eventMatches(event: CompactEvent, filter: Filter): boolean;
  joined(parts: unknown[], separator: string): Fragment;
  launchState(
    statusId: number,
    net: string | null,
    precision: number | null,
    nowMs: number,
  ): 'flown' | 'overdue' | 'ahead';
  netLabel(state: 'flown' | 'overdue' | 'ahead'): string;
  launchHref(record: CompactLaunch, paths: CorePaths): string;
  statusBadge(
    id: number,
    status: { name?: string; abbrev?: string },
    state?: string,
    stopped?: { on: string; heard: string | null },
  ): Tree;
  /** Whether the NET passed after the data's last word from LL2 (`dataHeard`) and not after `nowMs` (browser/core.js). */
  stoppedBefore(net: string | null, dataHeard: string | null, nowMs: number): boolean;
  stoppedNote(stopped: { on: string; heard: string | null }, status: { name?: string }): Tree;
  netParts(timestamp: string | null, precision: number | null, siteZone: string | null): Fragment;
  imageFigure(
    image: unknown,
    options: { alt: string; small?: boolean; lazy?: boolean; className?: string },
  ): Tree | null;
  launchItem(
    record: CompactLaunch,
    lookups: Lookups,
    paths: CorePaths,
    list: 'upcoming' | 'previous',
    nowMs: number,
  ): Tree;
  eventItem(event: CompactEvent, paths: CorePaths): Tree;
  LIST_NOUNS: Record<ListKind, string>;
  listSummary(list: ListKind, state: ListState): string;
}

/**
 * Runs browser files, in order (each after those it needs), in one fresh context and returns its globals.
 * Only what they need from outside a browser is given: URLSearchParams.
 */
export function runBrowserScripts(names: readonly AssetName[]): Record<string, unknown> {
  const context = vm.createContext({ URLSearchParams });
  for (const name of scriptOrder(names)) vm.runInContext(assetText(name), context, { filename: ASSET_FILES[name] });
  return context as Record<string, unknown>;
}

let core: PageCore | undefined;

/** The shared core, as the build uses it. */
export function pageCore(): PageCore {
  return (core ??= runBrowserScripts(['core']).ScheduleCore as PageCore);
}

/** What browser/launch.js defines (its global `LaunchView`): the pure parts the build runs. */
export interface LaunchViewCode {
  render(
    launch: unknown,
    options: {
      api: string;
      schedule: string;
      now: number;
      calendar?: { href: string; file: string } | null;
      crewStages?: Array<Record<string, unknown>>;
      heard?: string | null;
      stopped?: { on: string; heard: string | null } | null;
    },
  ): Tree;
  /** The section "History of this launch's date" from a history document (`history/<id>.json`), or null without one. */
  history(doc: unknown, options: { api: string; statuses: Record<string, string> }): Tree | null;
  /**
   * The view by id: the launch's view with its "last heard" line (from the document), that the data
   * stopped before its NET where `dataHeard` (the data's last word from LL2) says so, and its history section.
   */
  viewById(
    launch: unknown,
    doc: unknown,
    options: {
      api: string;
      schedule: string;
      now: number;
      statuses: Record<string, string>;
      dataHeard?: string | null;
    },
  ): [Tree, Tree | null];
  icsText(launch: unknown, options: { uid: string; url: string }): string | null;
  icsFileName(launch: unknown): string;
}

let launchView: LaunchViewCode | undefined;

/** The launch view (browser/launch.js after those it needs), as the build uses it. */
export function launchViewCode(): LaunchViewCode {
  return (launchView ??= runBrowserScripts(['core', 'launch']).LaunchView as LaunchViewCode);
}
