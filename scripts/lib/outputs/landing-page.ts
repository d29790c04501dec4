// `index.html`, the page for people at the root of the published tree: what the
// service is, the endpoints with their counts, the build clock, the next launches
// and events, and links to the calendars, the schemas, the OpenAPI document and the
// snapshot.
//
// Every link is relative (`2.3.0/…`), so the page works under any base path and
// from the offline snapshot (file://). The lists are rendered here, escaped, so the
// page is complete without JavaScript; where fetching works (http), a small inline
// script renders them again from the JSON beside the page, with the same text.

import { dataFileSchemas } from '../../schemas/data-files.ts';
import { responseSchemas } from '../../schemas/responses.ts';
import { API_VERSION, COLLECTION_PATHS } from '../api/paths.ts';
import type { BuildContext } from '../api/context.ts';
import type { OutputFile } from '../api/files.ts';
import { calendarFeeds } from './calendars.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { formatTimestamp } from '../model/time.ts';

/** How many launches and events the page lists. */
export const NEXT_COUNT = 10;
export const OPENAPI_PATH = 'openapi.json';
/**
 * The offline snapshot, relative to the site root (this page's folder, the parent of the API root).
 * It is not written by the build but by `npm run snapshot -- --out public/snapshot` in the deploy
 * (scripts/lib/snapshot.ts: ARCHIVE_FILE, MANIFEST_FILE); keep these in step with it.
 */
export const SNAPSHOT = { archive: 'snapshot/launch-schedule-snapshot.tar.gz', manifest: 'snapshot/manifest.json' } as const;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const obj = (value: Json | undefined): JsonObject => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
const text = (value: Json | undefined): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/**
 * A NET or event date as the page shows it: `2030-03-01 12:00` when a time of day
 * is known (precision unknown or up to the hour), else the date and the precision's
 * name, `2030-03-01 (Month)`. The inline script's `when` must give the same text.
 */
export function formatWhen(timestamp: string | null, precision: Json | undefined): string {
  if (!timestamp) return 'no date';
  const p = obj(precision);
  const id = typeof p.id === 'number' ? p.id : null;
  if (id === null || id <= 2) return `${timestamp.slice(0, 10)} ${timestamp.slice(11, 16)}`;
  return `${timestamp.slice(0, 10)} (${text(p.name)})`;
}

/** Relative link into the API, to a file that exists on disk (`…/index.json` for a collection). */
const apiHref = (path: string): string => `${API_VERSION}/${path.endsWith('/') ? `${path}index.json` : path}`;

const link = (href: string, label: string): string => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
const timeTag = (timestamp: string | null, shown: string): string =>
  (timestamp ? `<time datetime="${escapeHtml(timestamp)}">${escapeHtml(shown)}</time>` : escapeHtml(shown));

/** Table rows of the next launches, from their LL2 normal-mode objects. */
export function launchRows(launches: JsonObject[]): string {
  return launches.map((l) => {
    const pad = obj(l.pad);
    const padText = [text(pad.name), text(obj(pad.location).name)].filter(Boolean).join(', ');
    return '<tr>'
      + `<td>${timeTag(text(l.net), formatWhen(text(l.net), l.net_precision))}</td>`
      + `<th scope="row">${link(apiHref(`launches/${text(l.id)}/`), text(l.name))}</th>`
      + `<td>${escapeHtml(text(obj(l.launch_service_provider).name))}</td>`
      + `<td>${escapeHtml(text(obj(l.status).name))}</td>`
      + `<td>${escapeHtml(padText)}</td>`
      + '</tr>';
  }).join('\n');
}

/** Table rows of the next events, from their LL2 normal-mode objects. */
export function eventRows(events: JsonObject[]): string {
  return events.map((e) => {
    const date = typeof e.date === 'string' ? e.date : null;
    return '<tr>'
      + `<td>${timeTag(date, formatWhen(date, e.date_precision))}</td>`
      + `<th scope="row">${link(apiHref(`events/${text(e.id)}/`), text(e.name))}</th>`
      + `<td>${escapeHtml(text(obj(e.type).name))}</td>`
      + `<td>${escapeHtml(text(e.location))}</td>`
      + '</tr>';
  }).join('\n');
}

const emptyRow = (columns: number, message: string): string => `<tr><td colspan="${columns}">${escapeHtml(message)}</td></tr>`;

const STYLE = `
:root { color-scheme: light dark; --fg: #1b1b1b; --muted: #4a4a4a; --bg: #ffffff; --panel: #f2f4f7; --line: #c9ced6; --link: #0b57d0; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #ececec; --muted: #c4c4c4; --bg: #15171a; --panel: #22262b; --line: #464c55; --link: #8ab4f8; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
header, main, footer { max-width: 68rem; margin: 0 auto; padding: 0 1rem; }
header { padding-top: 1.5rem; }
h1 { font-size: 2rem; margin: 0 0 .25rem; }
h2 { margin-top: 2rem; border-bottom: 1px solid var(--line); }
a { color: var(--link); }
a:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem; }
.muted, caption, footer { color: var(--muted); }
nav ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
caption { text-align: left; padding: .25rem 0; }
th, td { text-align: left; vertical-align: top; padding: .35rem .6rem; border-bottom: 1px solid var(--line); }
thead th { background: var(--panel); }
tbody th { font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
#next-launches td:first-child, #next-events td:first-child { white-space: nowrap; }
code { font-size: .95em; }
footer { margin-top: 3rem; padding-bottom: 2rem; font-size: .9rem; }
`;

/**
 * Renders the next launches and events again from the JSON beside the page, and
 * refreshes the counts from status.json. Builds nodes with textContent only. When
 * fetching fails (file://, offline), the rendered-at-build lists stay as they are.
 */
const script = (): string => `
(() => {
  'use strict';
  const API = ${JSON.stringify(`${API_VERSION}/`)};
  const NEXT = ${NEXT_COUNT};
  const obj = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
  const text = (v) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
  const when = (ts, precision) => {
    if (!ts) return 'no date';
    const p = obj(precision);
    const id = typeof p.id === 'number' ? p.id : null;
    if (id === null || id <= 2) return ts.slice(0, 10) + ' ' + ts.slice(11, 16);
    return ts.slice(0, 10) + ' (' + text(p.name) + ')';
  };
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    for (const child of children) node.append(child);
    return node;
  };
  const timeCell = (ts, precision) => el('td', {}, ts ? el('time', { datetime: ts }, when(ts, precision)) : when(ts, precision));
  const nameCell = (href, name) => el('th', { scope: 'row' }, el('a', { href }, name));
  const load = async (path) => {
    const response = await fetch(API + path, { cache: 'no-cache' });
    if (!response.ok) throw new Error(path + ': HTTP ' + response.status);
    return response.json();
  };
  const fill = (id, rows, columns, emptyMessage) => {
    const table = document.getElementById(id);
    const body = table.tBodies[0];
    body.replaceChildren(...(rows.length ? rows : [el('tr', {}, el('td', { colspan: String(columns) }, emptyMessage))]));
    table.dataset.state = 'live';
  };
  const setCount = (key, value) => {
    for (const node of document.querySelectorAll('[data-count="' + key + '"]')) node.textContent = String(value);
  };
  const launches = load('launches/upcoming/index.json').then((page) => {
    fill('next-launches', page.results.slice(0, NEXT).map((l) => {
      const pad = obj(l.pad);
      return el('tr', {}, timeCell(text(l.net), l.net_precision), nameCell(API + 'launches/' + text(l.id) + '/index.json', text(l.name)),
        el('td', {}, text(obj(l.launch_service_provider).name)), el('td', {}, text(obj(l.status).name)),
        el('td', {}, [text(pad.name), text(obj(pad.location).name)].filter(Boolean).join(', ')));
    }), 5, 'No upcoming launches.');
    setCount('launches/upcoming/', page.count);
  });
  const events = load('events/upcoming/index.json').then((page) => {
    fill('next-events', page.results.slice(0, NEXT).map((e) => el('tr', {},
      timeCell(typeof e.date === 'string' ? e.date : null, e.date_precision), nameCell(API + 'events/' + text(e.id) + '/index.json', text(e.name)),
      el('td', {}, text(obj(e.type).name)), el('td', {}, text(e.location)))), 4, 'No upcoming events.');
    setCount('events/upcoming/', page.count);
  });
  const status = load('status.json').then((s) => {
    setCount('launches/', s.launch_count);
    setCount('events/', s.event_count);
    for (const node of document.querySelectorAll('time[data-build-clock]')) {
      node.setAttribute('datetime', s.build_clock);
      node.textContent = s.build_clock;
    }
  });
  Promise.all([launches, events, status]).then(
    () => { document.getElementById('data-state').textContent = 'Lists and counts rendered from the JSON of this site.'; },
    () => { document.getElementById('data-state').textContent = 'Lists and counts as of the build (the JSON could not be fetched here).'; },
  );
})();
`;

interface EndpointRow {
  path: string;
  returns: string;
  count: number | null;
}

function endpointRows(context: BuildContext): EndpointRow[] {
  const { collections, data } = context;
  return [
    { path: COLLECTION_PATHS.upcomingLaunches, returns: 'Launches with NET from 24 hours before the build onwards, NET ascending', count: collections.upcomingLaunches.length },
    { path: COLLECTION_PATHS.previousLaunches, returns: 'Launches with NET up to the build, newest first', count: collections.previousLaunches.length },
    { path: COLLECTION_PATHS.launches, returns: 'Every launch, NET ascending', count: collections.launches.length },
    { path: COLLECTION_PATHS.upcomingEvents, returns: 'Events dated from 24 hours before the build onwards', count: collections.upcomingEvents.length },
    { path: COLLECTION_PATHS.previousEvents, returns: 'Events dated up to the build, newest first', count: collections.previousEvents.length },
    { path: COLLECTION_PATHS.events, returns: 'Every event (undated ones last)', count: collections.events.length },
    { path: 'launches/{uuid}/', returns: 'One launch in LL2 detailed mode', count: data.launches.length },
    { path: 'events/{id}/', returns: 'One event in LL2 detailed mode', count: data.events.length },
    { path: 'status.json', returns: 'The build clock and record counts', count: null },
  ];
}

function endpointsTable(context: BuildContext): string {
  const rows = endpointRows(context).map((row) => {
    const templated = row.path.includes('{');
    const pathCell = templated ? `<code>${escapeHtml(row.path)}</code>` : `<a href="${escapeHtml(apiHref(row.path))}"><code>${escapeHtml(row.path)}</code></a>`;
    const countCell = row.count === null ? '' : `<span data-count="${escapeHtml(row.path)}">${row.count}</span>`;
    return `<tr><th scope="row">${pathCell}</th><td>${escapeHtml(row.returns)}</td><td class="num">${countCell}</td></tr>`;
  });
  return `<div class="scroll"><table id="endpoints-table">
<caption>Endpoints under <code>${escapeHtml(API_VERSION)}/</code>, with the number of records each holds</caption>
<thead><tr><th scope="col">Path</th><th scope="col">Returns</th><th scope="col">Records</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table></div>`;
}

function calendarsSection(context: BuildContext): string {
  const feeds = calendarFeeds(context);
  const main = feeds.filter((f) => f.agency === null);
  const byProvider = feeds.filter((f) => f.agency !== null);
  const mainItems = main.map((f) => `<li>${link(apiHref(f.path), f.calendar.name)} <span class="muted">(${f.entryCount} entries)</span></li>`);
  const providerRows = byProvider.map((f) => `<tr><th scope="row">${escapeHtml(f.agency!.name)}</th>`
    + `<td class="num">${f.entryCount}</td><td>${link(apiHref(f.path), `${f.agency!.id}.ics`)}</td></tr>`);
  return `<section aria-labelledby="calendars-heading">
<h2 id="calendars-heading">Calendars</h2>
<p>iCalendar feeds to subscribe to in a calendar app (copy the link address). Launches known to the day are all-day
entries; those known only to the week or coarser are left out. A list of every feed is at
${link(apiHref('calendars/index.json'), 'calendars/index.json')}.</p>
<ul>
${mainItems.join('\n')}
</ul>
<div class="scroll"><table id="provider-calendars">
<caption>Upcoming launches by launch service provider</caption>
<thead><tr><th scope="col">Provider</th><th scope="col">Upcoming entries</th><th scope="col">Feed</th></tr></thead>
<tbody>
${providerRows.length ? providerRows.join('\n') : emptyRow(3, 'No providers yet.')}
</tbody>
</table></div>
</section>`;
}

function linksSection(baseUrl: string): string {
  const responseNames = Object.keys(responseSchemas(baseUrl));
  const dataNames = Object.keys(dataFileSchemas());
  return `<section aria-labelledby="links-heading">
<h2 id="links-heading">Documents and downloads</h2>
<ul>
<li>${link(apiHref(OPENAPI_PATH), 'OpenAPI 3.1 document')} of everything published here, with examples from this build.</li>
<li>${link(SNAPSHOT.archive, 'Offline snapshot')} of the whole API (a .tar.gz with a server that needs only Node.js), to mirror or
browse without a network; its ${link(SNAPSHOT.manifest, 'manifest')} tells when it was built.</li>
<li>${link(apiHref('index.json'), 'API root')} and ${link(apiHref('status.json'), 'build status')}.</li>
<li>JSON Schemas of the responses: ${responseNames.map((n) => link(apiHref(`schemas/responses/${n}.schema.json`), n)).join(', ')}.</li>
<li>JSON Schemas of the YAML data files: ${dataNames.map((n) => link(apiHref(`schemas/data/${n}.schema.json`), n)).join(', ')}.</li>
</ul>
</section>`;
}

/** The whole page as one string; deterministic for a given build context. */
export function renderLandingPage(context: BuildContext): string {
  const { collections, now } = context;
  const built = formatTimestamp(now);
  const nextLaunches = collections.upcomingLaunches.slice(0, NEXT_COUNT).map(context.shape.launchNormal);
  const nextEvents = collections.upcomingEvents.slice(0, NEXT_COUNT).map(context.shape.eventNormal);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Launch Schedule Service: rocket launches as a static LL2 ${escapeHtml(API_VERSION)} API</title>
<meta name="description" content="A public, key-free, static JSON API of rocket launches and spaceflight events, compatible with Launch Library 2 version ${escapeHtml(API_VERSION)}, with calendar feeds.">
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header>
<h1>Launch Schedule Service</h1>
<p>Rocket launches and spaceflight events as a free, key-free, static JSON API that answers like
<a href="https://thespacedevs.com/llapi">Launch Library 2</a> version ${escapeHtml(API_VERSION)}, plus calendar feeds.</p>
<nav aria-label="On this page"><ul>
<li><a href="#next-launches-heading">Next launches</a></li>
<li><a href="#next-events-heading">Next events</a></li>
<li><a href="#endpoints-heading">Endpoints</a></li>
<li><a href="#calendars-heading">Calendars</a></li>
<li><a href="#links-heading">Documents and downloads</a></li>
</ul></nav>
</header>
<main id="main">
<section aria-labelledby="about-heading">
<h2 id="about-heading">What this is</h2>
<p>The launch schedule is kept as YAML files in a public repository, checked, and built into plain JSON files that any
static host can serve without a rate limit. Clients written for LL2 ${escapeHtml(API_VERSION)} keep working when only their
base URL changes: use the folder <code>${escapeHtml(API_VERSION)}/</code> beside this page. No key. LL2's query parameters
(<code>limit</code>, <code>search</code>, filters, …) are answered where the API runs on our server or edge worker; a plain static
host ignores them: page through collections with <code>next</code>.</p>
<p>This copy was built at <time datetime="${escapeHtml(built)}" data-build-clock>${escapeHtml(built)}</time> (UTC); "upcoming" means
from 24 hours before that moment. <span id="data-state" aria-live="polite">Lists and counts as of the build.</span></p>
</section>
<section aria-labelledby="next-launches-heading">
<h2 id="next-launches-heading">Next launches</h2>
<div class="scroll"><table id="next-launches">
<caption>The next ${nextLaunches.length} of <span data-count="${escapeHtml(COLLECTION_PATHS.upcomingLaunches)}">${collections.upcomingLaunches.length}</span> upcoming launches; times in UTC</caption>
<thead><tr><th scope="col">NET</th><th scope="col">Launch</th><th scope="col">Provider</th><th scope="col">Status</th><th scope="col">Pad</th></tr></thead>
<tbody>
${nextLaunches.length ? launchRows(nextLaunches) : emptyRow(5, 'No upcoming launches.')}
</tbody>
</table></div>
</section>
<section aria-labelledby="next-events-heading">
<h2 id="next-events-heading">Next events</h2>
<div class="scroll"><table id="next-events">
<caption>The next ${nextEvents.length} of <span data-count="${escapeHtml(COLLECTION_PATHS.upcomingEvents)}">${collections.upcomingEvents.length}</span> upcoming events; times in UTC</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Event</th><th scope="col">Type</th><th scope="col">Location</th></tr></thead>
<tbody>
${nextEvents.length ? eventRows(nextEvents) : emptyRow(4, 'No upcoming events.')}
</tbody>
</table></div>
</section>
<section aria-labelledby="endpoints-heading">
<h2 id="endpoints-heading">Endpoints</h2>
<p>Collections answer with LL2's envelope <code>{count, next, previous, results}</code>, 100 results a page; later pages are at
<code>page/N/</code>. Unknown paths answer 404 with <code>{"detail": "Not found."}</code>.</p>
${endpointsTable(context)}
</section>
${calendarsSection(context)}
${linksSection(context.baseUrl)}
</main>
<footer>
<p>Built from the repository's YAML data at ${escapeHtml(built)}. Launch Library 2 is by The Space Devs; this service is an
independent, compatible copy of its format.</p>
</footer>
<script>${script()}</script>
</body>
</html>
`;
}

/** Generator: `index.html` at the root of the published tree (beside `${API_VERSION}/`). */
export function landingPage(context: BuildContext): OutputFile[] {
  return [{ path: 'index.html', content: renderLandingPage(context) }];
}
