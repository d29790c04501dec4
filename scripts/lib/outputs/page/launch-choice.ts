// Which launches get a page of their own (launch-pages.ts writes them; the
// schedule's items link to them). The host's file budget decides: Cloudflare
// Pages' free plan takes 20,000 files, shared with the API (9,354 files for the
// real data at the clock of 2026-11-26) and the resources still to come. Every
// upcoming launch, and the previous ones back to PAGE_RULE.years before the
// build clock, newest first, at most PAGE_RULE.limit pages in all; older launches
// keep the view by id (launch.html?id=<uuid>), which draws the same view from the
// JSON. docs/page.md gives the figures. In: the build context. Out: the chosen
// launches, and each launch's page path or none.

import type { BuildContext } from '../../api/context.ts';
import type { LaunchRecord } from '../../model/records.ts';
import { launchPagePath } from './paths.ts';

/** Which launches get a page of their own: every upcoming one, and previous ones this recent, this many in all. */
export const PAGE_RULE = { years: 10, limit: 3_000 } as const;
export type PageRule = { years: number; limit: number };

const YEAR_MS = 365.25 * 86_400_000;

/**
 * The launches with a page, by id, in the order they are chosen: the upcoming
 * list, then the previous list newest first while within `rule.years` of the
 * build clock, until `rule.limit`.
 */
export function launchesWithPages(context: BuildContext, rule: PageRule = PAGE_RULE): Map<string, LaunchRecord> {
  const chosen = new Map<string, LaunchRecord>();
  const since = context.now - rule.years * YEAR_MS;
  for (const launch of context.collections.upcomingLaunches) {
    if (chosen.size >= rule.limit) return chosen;
    chosen.set(launch.id, launch);
  }
  for (const launch of context.collections.previousLaunches) {
    if (chosen.size >= rule.limit || Date.parse(launch.net) < since) break;
    chosen.set(launch.id, launch);
  }
  return chosen;
}

const chosenByContext = new WeakMap<BuildContext, Map<string, LaunchRecord>>();

/** The page of a launch, relative to the site root, or undefined when it has none (once per build). */
export function launchPageOf(context: BuildContext): (launch: LaunchRecord) => string | undefined {
  let chosen = chosenByContext.get(context);
  if (!chosen) chosenByContext.set(context, (chosen = launchesWithPages(context)));
  const set = chosen;
  return (launch) => (set.has(launch.id) ? launchPagePath(launch.slug) : undefined);
}
