// `index.html`, the schedule: the next launch featured (featured.ts), a plain
// word when the data is more than a day old, the next launches, the most recent
// ones with their outcome, the next events, who is in space (in-space.ts), filters
// and a search, and calendar subscriptions. In: the build context and the first
// view (schedule-data.ts). Out: the page as HTML, complete without JavaScript: the
// lists are rendered here by the shared core (browser/core.js), in UTC. In the
// browser, browser/schedule.js shows the times in the reader's zone, ticks the
// countdowns, filters, and fetches more as needed. When the recent launches shown
// reach a span of the history known to be incomplete (model/coverage.ts, as
// status.json names them), a note under their summary says so; when some have a
// NET after the data's last word from LL2 (heard.ts), a note says the data stopped.
import type { BuildContext } from '../../api/context.ts';
import { COLLECTION_PATHS } from '../../api/paths.ts';
import { describeSpan, incompleteSpans, spanEnd, type ThinSpan } from '../../model/coverage.ts';
import type { LaunchRecord, ReferenceRecord } from '../../model/records.ts';
import { toMillis } from '../../model/time.ts';
import { calendarFeeds, type Feed } from '../calendars.ts';
import { pageCore, type ListKind } from './assets.ts';
import { dataAgeNote, escapeHtml, renderPage } from './layout.ts';
import { API_ROOT, apiHref, CORE_PATHS, PAGES } from './paths.ts';
import { FIRST_VIEW, SCHEDULE_DIR, type FirstView } from './schedule-data.ts';
import { renderFeatured } from './featured.ts';
import { renderInSpace } from './in-space.ts';

interface Option {
  id: number;
  label: string;
}

const byLabel = (a: Option, b: Option): number => (a.label < b.label ? -1 : a.label > b.label ? 1 : a.id - b.id);

/** The providers, locations and statuses the filters offer: those of every launch (statuses: all of LL2's). */
function filterOptions(context: BuildContext): { providers: Option[]; locations: Option[]; statuses: Option[] } {
  const { reference, launches } = context.data;
  const distinct = (records: Array<ReferenceRecord | undefined>, label: (r: ReferenceRecord) => string): Option[] =>
    [
      ...new Map(
        records.filter((r): r is ReferenceRecord => r !== undefined).map((r) => [r.id, { id: r.id, label: label(r) }]),
      ).values(),
    ].sort(byLabel);
  const padOf = (l: LaunchRecord) => reference.pads.get(l.pad);
  return {
    providers: distinct(
      launches.map((l) => reference.agencies.get(l.launch_service_provider)),
      (r) => r.name,
    ),
    locations: distinct(
      launches.map((l) => reference.locations.get(String(padOf(l)?.location))),
      (r) => r.name,
    ),
    statuses: [...reference.launchStatuses.values()]
      .map((r) => ({ id: r.id, label: r.name }))
      .sort((a, b) => a.id - b.id),
  };
}

function select(id: string, param: string, label: string, all: string, options: Option[]): string {
  const items = options.map((o) => `<option value="${o.id}">${escapeHtml(o.label)}</option>`).join('');
  return `<div class="field"><label for="${id}">${escapeHtml(label)}</label><select id="${id}" name="${param}"><option value="">${escapeHtml(all)}</option>${items}</select></div>`;
}

function filterForm(context: BuildContext): string {
  const { FILTER_PARAMS } = pageCore();
  const options = filterOptions(context);
  // Hidden until the script runs (without it, nothing could apply the filters), which opens it
  // on wide screens and for a filtered link: on a phone it would fill the first screen.
  return `<details id="filter-box" class="filter-box" hidden>
<summary>Filter and search</summary>
<form id="filters" class="filters" role="search" aria-label="Filter the launches and events">
<div class="field search"><label for="filter-search">Search</label><input id="filter-search" name="${FILTER_PARAMS.search}" type="search" autocomplete="off" spellcheck="false" placeholder="Mission, rocket, provider, pad…"></div>
${select('filter-provider', FILTER_PARAMS.providers, 'Provider', 'All providers', options.providers)}
${select('filter-location', FILTER_PARAMS.locations, 'Location', 'All locations', options.locations)}
${select('filter-status', FILTER_PARAMS.statuses, 'Status', 'Any status', options.statuses)}
<div class="field actions"><button type="reset">Clear filters</button></div>
</form>
</details>`;
}

interface ListSection {
  list: ListKind;
  heading: string;
  items: string[];
  total: number;
  /** The API collection with every record of the list, for readers without JavaScript. */
  collection: string;
  /** A note under the summary (HTML), e.g. that the list has reached a gap in the history. */
  note?: string;
}

/** The incomplete spans that a newest-first list of shown launches reaches: its oldest launch is older than the span's end. */
export function reachedSpans(spans: readonly ThinSpan[], shown: readonly { net: string }[]): ThinSpan[] {
  const oldest = shown.at(-1);
  return oldest ? spans.filter((span) => toMillis(oldest.net) < toMillis(spanEnd(span))) : [];
}

const monthName = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The note of the recent launches when they reach incomplete spans; empty when they reach none. */
export function incompleteNote(spans: readonly ThinSpan[]): string {
  if (spans.length === 0) return '';
  const items = spans.map((span) => `${monthName(span.from)} to ${monthName(span.to)}: ${describeSpan(span)}`);
  return `<p class="note" id="previous-incomplete">Our launch history is incomplete here. ${escapeHtml(items.join('; '))}. See <a href="${escapeHtml(apiHref('status.json'))}">status.json</a> (<code>incomplete_spans</code>).</p>`;
}

/** The note of the recent launches when some of those shown have a NET after the data's last word from LL2 (heard.ts); empty otherwise. */
export function stoppedListNote(shown: readonly FirstView['previous'][number][]): string {
  const stopped = shown.find((r) => r.stopped)?.stopped;
  if (!stopped) return '';
  const core = pageCore();
  const day = core.describeNet(stopped.on, core.PRECISION.day).text;
  return `<p class="note" id="previous-stopped">Our data last heard from Launch Library 2 on <time datetime="${escapeHtml(stopped.on)}">${escapeHtml(day)}</time>: the launches whose NET passed since are shown as LL2 last stated them, and their outcome is not in our data.</p>\n`;
}

function listSection(section: ListSection): string {
  const { list } = section;
  const noun = pageCore().LIST_NOUNS[list];
  const summary = pageCore().listSummary(list, { total: section.total, shown: section.items.length, filtered: false });
  return `<section id="${list}" class="list" aria-labelledby="${list}-heading">
<h2 id="${list}-heading">${escapeHtml(section.heading)}</h2>
<p class="summary" id="${list}-summary" aria-live="polite">${escapeHtml(summary)}</p>
${section.note ? `${section.note}\n` : ''}<ol class="items" id="${list}-list" data-count="${section.total}" data-step="${FIRST_VIEW[list]}">
${section.items.join('\n')}
</ol>
<p class="more-row"><button type="button" class="more" data-list="${list}" hidden>Show more ${escapeHtml(noun)}</button>
<a class="json" href="${escapeHtml(apiHref(section.collection))}">All ${escapeHtml(noun)} as JSON</a></p>
</section>`;
}

function feedItem(feed: Feed, label: string): string {
  return `<li><a href="${escapeHtml(apiHref(feed.path))}" data-webcal>${escapeHtml(label)}</a> <span class="muted">(${feed.entryCount})</span></li>`;
}

function subscribeSection(context: BuildContext): string {
  const feeds = calendarFeeds(context);
  const main = feeds.filter((f) => f.agency === null);
  const providers = feeds
    .filter((f) => f.agency !== null && f.entryCount > 0)
    .map((f) => ({ feed: f, label: f.agency!.name }))
    .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  return `<section id="subscribe" aria-labelledby="subscribe-heading">
<h2 id="subscribe-heading">Subscribe</h2>
<p>Calendar feeds that your calendar app keeps up to date (the links open it; to add a feed by its address, copy the
link). Launches known to the minute or the hour are timed entries, those known to the day are all-day entries, and
those known only to the week or coarser are left out until they are. The number of entries is in brackets.</p>
<ul class="feeds">
${main.map((f) => feedItem(f, f.calendar.name)).join('\n')}
</ul>
${
  providers.length
    ? `<details><summary>Upcoming launches of one provider</summary>
<ul class="feeds">
${providers.map((p) => feedItem(p.feed, p.label)).join('\n')}
</ul>
</details>`
    : ''
}
<p>Every feed is listed in <a href="${escapeHtml(apiHref('calendars/'))}">calendars/index.json</a>.</p>
</section>`;
}

export function renderSchedulePage(context: BuildContext, view: FirstView): string {
  const core = pageCore();
  const launchItems = (records: FirstView['upcoming'], list: 'upcoming' | 'previous') =>
    records.map((r) => core.toHtml(core.launchItem(r, view.lookups, CORE_PATHS, list, context.now)));
  const age = dataAgeNote(context);
  const inSpace = renderInSpace(context);
  // The next launch right under the heading: on a phone, nothing pushes it below the fold.
  const main = `<h1>Rocket launch schedule</h1>
${renderFeatured(context)}
${age.stale ? `<p class="data-age stale" id="data-age">${age.html}</p>` : ''}
<p class="lede">The next launches, with their time in your time zone and in UTC, recent launches with their outcome,
and upcoming spaceflight events. NET means “no earlier than”: dates move, and each is shown only as precisely as it is
known.</p>
<nav aria-label="On this page"><ul class="jump"><li><a href="#upcoming">Next launches</a></li><li><a href="#previous">Recent launches</a></li><li><a href="#events">Events</a></li>${inSpace ? '<li><a href="#in-space">In space</a></li>' : ''}<li><a href="#subscribe">Subscribe</a></li></ul></nav>
${filterForm(context)}
<p id="data-state" class="state" role="status"></p>
${listSection({ list: 'upcoming', heading: 'Next launches', items: launchItems(view.upcoming, 'upcoming'), total: view.lists.upcoming.count, collection: COLLECTION_PATHS.upcomingLaunches })}
${listSection({
  list: 'previous',
  heading: 'Recent launches',
  items: launchItems(view.previous, 'previous'),
  total: view.lists.previous.count,
  collection: COLLECTION_PATHS.previousLaunches,
  note:
    stoppedListNote(view.previous) +
    incompleteNote(reachedSpans(incompleteSpans(context.data.launches, context.now), view.previous)),
})}
${listSection({ list: 'events', heading: 'Upcoming events', items: view.events.map((e) => core.toHtml(core.eventItem(e, CORE_PATHS))), total: view.lists.events.count, collection: COLLECTION_PATHS.upcomingEvents })}
${inSpace}${inSpace ? '\n' : ''}${subscribeSection(context)}`;
  return renderPage(context, {
    path: PAGES.schedule,
    title: 'Launch Schedule: the next rocket launches, in your time zone',
    description:
      'The next rocket launches with countdowns and times in your time zone, recent launches and their outcome, spaceflight events, calendar feeds, and a free LL2-compatible JSON API.',
    main,
    scripts: ['core', 'schedule'],
    data: { api: API_ROOT, 'launch-view': CORE_PATHS.launchView, schedule: SCHEDULE_DIR },
  });
}
