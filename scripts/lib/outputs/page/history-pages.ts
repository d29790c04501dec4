// The launches' histories on the pages for people (docs/history.md), all written
// at build time and complete without JavaScript: the section of a launch's page
// with the timeline of its NETs, how far it slipped since first seen and when it
// went Go; and `changes.html`, the recent changes (the feed's 30 days, the NETs
// moved in the last 24 hours marked) with slip statistics per provider and rocket
// family. In: the build context. Out: HTML.

import type { BuildContext } from '../../api/context.ts';
import type { LaunchRecord } from '../../model/records.ts';
import { DAY_MS } from '../../model/time.ts';
import { FEED_DAYS, recentChanges } from '../change-items.ts';
import { CHANGE_PATHS } from '../change-feeds.ts';
import { historyDocument } from '../changes.ts';
import { launchViewCode, pageCore } from './assets.ts';
import { escapeHtml, renderPage } from './layout.ts';
import { API_ROOT, launchPagePath, PAGES } from './paths.ts';

export const CHANGES_PAGE = PAGES.changes;
/** A provider or rocket family with fewer flown launches with a history is left out of the statistics. */
export const MIN_LAUNCHES_FOR_STATS = 5;

/** The launch statuses' names by the keys a history uses (`go` → "Go for Launch"), for the history section. */
export function statusNames(context: BuildContext): Record<string, string> {
  return Object.fromEntries([...context.data.reference.launchStatuses].map(([key, s]) => [key, String(s.name ?? key)]));
}

/**
 * The launch page's history section, or '' when the launch has none: drawn from its
 * history document by the code the view by id draws it with (browser/launch.js history).
 */
export function historySection(context: BuildContext, launch: LaunchRecord, apiRoot: string): string {
  const history = context.data.history?.get(launch.id);
  if (!history) return '';
  const tree = launchViewCode().history(historyDocument(context, launch, history), {
    api: apiRoot,
    statuses: statusNames(context),
  });
  return tree ? pageCore().toHtml(tree) : '';
}

const median = (sorted: readonly number[]): number => {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const quantile = (sorted: readonly number[], q: number): number => {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (at - lo);
};

export interface SlipRow {
  group: string;
  count: number;
  /** Seconds from the first NET seen to the NET it flew at. */
  median: number;
  p25: number;
  p75: number;
}

/**
 * How far NETs moved between first seen and flight, for the launches that flew
 * (a flown status) and have a history, grouped by `groupOf`; groups of at least
 * MIN_LAUNCHES_FOR_STATS, largest first.
 */
export function slipStatistics(context: BuildContext, groupOf: (launch: LaunchRecord) => string | null): SlipRow[] {
  const groups = new Map<string, number[]>();
  const flown = new Set([3, 4, 7, 9]);
  for (const launch of context.data.launches) {
    const history = context.data.history?.get(launch.id);
    if (!history || !flown.has(Number(context.data.reference.launchStatuses.get(launch.status)?.id))) continue;
    // From the first NET the history states to the NET it flew at (the history document's summary).
    const slip = historyDocument(context, launch, history).summary as { slip_seconds: number | null };
    const group = groupOf(launch);
    if (slip.slip_seconds === null || group === null) continue;
    const list = groups.get(group) ?? [];
    list.push(slip.slip_seconds);
    groups.set(group, list);
  }
  return [...groups]
    .filter(([, v]) => v.length >= MIN_LAUNCHES_FOR_STATS)
    .map(([group, v]) => {
      const sorted = [...v].sort((a, b) => a - b);
      return {
        group,
        count: v.length,
        median: median(sorted),
        p25: quantile(sorted, 0.25),
        p75: quantile(sorted, 0.75),
      };
    })
    .sort((a, b) => b.count - a.count || (a.group < b.group ? -1 : a.group > b.group ? 1 : 0));
}

const days = (seconds: number): string => `${(seconds / 86400).toFixed(1)} d`;

function slipTable(caption: string, rows: SlipRow[]): string {
  if (rows.length === 0)
    return `<p>${escapeHtml(caption)}: none with ${MIN_LAUNCHES_FOR_STATS} flown launches or more.</p>`;
  return `<table class="slips"><caption>${escapeHtml(caption)}</caption>
<thead><tr><th scope="col">Group</th><th scope="col">Launches</th><th scope="col">Median slip</th><th scope="col">Middle half (25th–75th percentile)</th></tr></thead>
<tbody>${rows.map((r) => `<tr><td>${escapeHtml(r.group)}</td><td>${r.count}</td><td>${days(r.median)}</td><td>${days(r.p25)} to ${days(r.p75)}</td></tr>`).join('\n')}</tbody></table>`;
}

/** `changes.html`: the recent changes, newest first, the NETs moved in the last 24 hours marked; and the slip statistics. */
export function renderChangesPage(context: BuildContext): string {
  const items = recentChanges(context);
  const dayAgo = context.now - DAY_MS;
  const rows = items.map((item) => {
    const recent = item.netShiftSeconds !== null && item.seen >= dayAgo;
    const name = item.published
      ? `<a href="${escapeHtml(launchPagePath(item.launch.slug))}">${escapeHtml(item.launch.name)}</a>`
      : escapeHtml(item.launch.name);
    return `<li${recent ? ' class="moved-recently"' : ''}>${name}: ${escapeHtml(item.title.slice(item.launch.name.length + 2))}${recent ? ' <strong>(NET moved in the last 24 hours)</strong>' : ''}
<br><small>${escapeHtml(item.text.split('\n').join(' · '))}</small></li>`;
  });
  const provider = (l: LaunchRecord) =>
    String(context.data.reference.agencies.get(l.launch_service_provider)?.name ?? l.launch_service_provider);
  const family = (l: LaunchRecord) => {
    const configuration = context.data.reference.launcherConfigurations.get(l.rocket.configuration);
    const key = Array.isArray(configuration?.families) ? String(configuration.families[0] ?? '') : '';
    return key ? String(context.data.reference.launcherFamilies.get(key)?.name ?? key) : null;
  };
  const main = `<article aria-labelledby="changes-heading">
<h1 id="changes-heading">Recent changes to the schedule</h1>
<p>Every change of a launch's NET, window, precision, status, probability, pad, rocket or name seen in the ${FEED_DAYS} days before this build, newest first.
Feeds: <a href="${API_ROOT}${CHANGE_PATHS.json}">JSON Feed</a>, <a href="${API_ROOT}${CHANGE_PATHS.atom}">Atom</a> (one per provider: <a href="${API_ROOT}${CHANGE_PATHS.index}">the list</a>). <a href="${PAGES.schedule}">The schedule</a>.</p>
${rows.length ? `<ol class="changes">\n${rows.join('\n')}\n</ol>` : `<p>No change in the ${FEED_DAYS} days before this build.</p>`}
<h2>How far NETs slip</h2>
<p>From the first NET the history saw to the NET the launch flew at, for launches that flew and have a history (later is positive).</p>
${slipTable('By launch service provider', slipStatistics(context, provider))}
${slipTable('By rocket family', slipStatistics(context, family))}
</article>`;
  return renderPage(context, {
    path: CHANGES_PAGE,
    title: 'Recent changes: Launch Schedule',
    description:
      'What changed in the launch schedule: NETs moved, statuses, outcomes; and how far NETs slip by provider and rocket family.',
    main,
    scripts: ['core'],
  });
}
