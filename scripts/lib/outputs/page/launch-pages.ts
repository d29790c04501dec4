// One HTML page for each recent and upcoming launch, written at build time and
// complete without JavaScript: `launch/<slug>.html`. The view is rendered from
// the launch's detailed object as the API publishes it (`launches/<id>/`), by the
// same code that draws a launch in the browser (browser/launch.js, run here in a
// `vm` context): status and time (UTC; the reader's zone with JavaScript), the
// rocket with its image, boosters with serial number, flight number and landing,
// spacecraft and crew, mission and patches, timeline, webcasts, updates, and "Add
// to calendar" as a file inside the link (the feeds' rule and UID), when its data
// last heard from LL2 and, for a NET after the data's last word, that the data
// stopped (heard.ts), and its history (history-pages.ts). Which
// launches get one: launch-choice.ts. In: the build context. Out: the pages.

import { isObject } from '../../base/json-types.ts';
import type { BuildContext } from '../../api/context.ts';
import { lazyPlannedFile, type PlannedFile } from '../../api/files.ts';
import { API_VERSION } from '../../api/paths.ts';
import type { JsonObject, LaunchRecord } from '../../model/records.ts';
import { CREW_FIELDS } from '../../api/shapes/astronauts.ts';
import { launchPageOf } from './launch-choice.ts';
import { historySection } from './history-pages.ts';
import { heardOf, stoppedOf } from './heard.ts';
import { launchUid } from '../calendars.ts';
import { launchViewCode, pageCore } from './assets.ts';
import { escapeHtml, renderPage } from './layout.ts';
import { API_ROOT, LAUNCH_PAGE_ROOT, launchPagePath, PAGES } from './paths.ts';

/** The site root's absolute URL, from the API root's (`…/2.3.0/` → `…/`). */
export const siteUrlOf = (baseUrl: string): string =>
  baseUrl.replace(new RegExp(`${API_VERSION.replace(/\./g, '\\.')}/$`), '');

/**
 * The crews of stages that name no spacecraft (trimmed 2.2.0 copies saved the crew
 * alone): the API leaves those stages out of the launch's detail (2.3.0 has no
 * spacecraft flight without its spacecraft), but the page still shows who flew,
 * each member with its role, name and agency from the astronaut records.
 */
export function crewOnlyStages(context: BuildContext, launch: LaunchRecord): JsonObject[] {
  const { astronauts, agencies } = context.data.reference;
  const member = (m: unknown): JsonObject | null => {
    if (!isObject(m) || typeof m.astronaut !== 'string') return null;
    const record = astronauts.get(m.astronaut);
    if (!record) return null;
    const agency = typeof record.agency === 'string' ? agencies.get(record.agency) : undefined;
    return {
      role: isObject(m.role) ? m.role : null,
      astronaut: { name: record.name, agency: agency ? { name: agency.name, abbrev: agency.abbrev ?? '' } : null },
    };
  };
  // The stages the API's detail leaves out: the same rule as the shapes (namesSpacecraft).
  return (launch.rocket.spacecraft_stage ?? [])
    .filter((stage) => !context.shape.namesSpacecraft(stage))
    .map(
      (stage) =>
        Object.fromEntries([
          ['destination', typeof stage.destination === 'string' ? stage.destination : null],
          ...CREW_FIELDS.map((field) => [
            field,
            (Array.isArray(stage[field]) ? stage[field] : []).map(member).filter((m) => m !== null),
          ]),
        ]) as JsonObject,
    )
    .filter((stage) => CREW_FIELDS.some((field) => (stage[field] as JsonObject[]).length > 0));
}

/** One launch's page, from its detailed object. */
export function renderLaunchPageFor(context: BuildContext, launch: LaunchRecord): string {
  const detailed = context.shape.launchDetailed(launch);
  const code = launchViewCode();
  const path = launchPagePath(launch.slug);
  const ics = code.icsText(detailed, { uid: launchUid(launch.id), url: `${siteUrlOf(context.baseUrl)}${path}` });
  const view = code.render(detailed, {
    api: `${LAUNCH_PAGE_ROOT}${API_ROOT}`,
    schedule: `${LAUNCH_PAGE_ROOT}${PAGES.schedule}`,
    now: context.now,
    calendar: ics
      ? { href: `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`, file: code.icsFileName(detailed) }
      : null,
    crewStages: crewOnlyStages(context, launch),
    heard: heardOf(context, launch),
    stopped: stoppedOf(context, launch),
  });
  const core = pageCore();
  const provider = (detailed.launch_service_provider as { name?: string } | null)?.name;
  const when = core.describeNet(launch.net, (detailed.net_precision as { id?: number } | null)?.id ?? null);
  const main = `<article id="launch" class="launch-view" aria-labelledby="launch-heading" data-built>
<h1 id="launch-heading">${escapeHtml(launch.name)}</h1>
${core.toHtml(view)}
${historySection(context, launch, `${LAUNCH_PAGE_ROOT}${API_ROOT}`)}
</article>`;
  return renderPage(context, {
    path,
    root: LAUNCH_PAGE_ROOT,
    dataAge: false,
    title: `${launch.name}: Launch Schedule`,
    description: `${launch.name}${provider ? ` by ${provider}` : ''}, NET ${when.text}: status, time in your time zone and in UTC, rocket and boosters, mission, webcasts and updates.`,
    main,
    scripts: ['core', 'launch'],
  });
}

/**
 * Generator part: the pages of the launches launchesWithPages chooses. A page is
 * made only when its bytes are needed; its key is the launch's detailed inputs,
 * its state at the build clock (ahead, overdue or flown, with or without a
 * countdown), the API's base URL (in the calendar file) and the repository link.
 */
export function launchPages(context: BuildContext): PlannedFile[] {
  const core = pageCore();
  const pageOf = launchPageOf(context);
  const files: PlannedFile[] = [];
  for (const launch of context.collections.launches) {
    const path = pageOf(launch);
    if (!path) continue;
    const precision = launch.net_precision
      ? Number(context.data.reference.netPrecisions.get(launch.net_precision)?.id)
      : null;
    const status = Number(context.data.reference.launchStatuses.get(launch.status)?.id);
    const state = core.launchState(status, launch.net, precision, context.now);
    const countdown = state === 'ahead' && Date.parse(launch.net) > context.now;
    const key = [
      'launch-page',
      context.keys.launchDetail(launch),
      state,
      countdown,
      context.baseUrl,
      context.repositoryUrl ?? '',
      JSON.stringify(context.data.history?.get(launch.id) ?? null),
      JSON.stringify(stoppedOf(context, launch)),
    ].join('\n');
    files.push(lazyPlannedFile(path, key, () => renderLaunchPageFor(context, launch)));
  }
  return files;
}
