// `api.html`, the API documentation for people: what the service is, every
// endpoint with the number of records it holds (read from the one route list,
// api/routes.ts, so a new resource appears here by itself), the calendar feeds,
// and the documents and downloads. In: the build context. Out: the page as HTML,
// static (no script).

import type { BuildContext } from '../../api/context.ts';
import { API_VERSION } from '../../api/paths.ts';
import { ROUTES, listRoutes, type Route } from '../../api/routes.ts';
import { dataFileSchemas } from '../../../schemas/data-files.ts';
import { responseSchemas } from '../../../schemas/responses.ts';
import { CALENDAR_PATHS } from '../calendars.ts';
import { OPENAPI_PATH } from '../openapi.ts';
import { escapeHtml, link, renderPage } from './layout.ts';
import { apiHref, PAGES, SNAPSHOT } from './paths.ts';

/** How many records a route answers with: a list's length; for a detail route, how many of its resource exist. */
export function routeCount(context: BuildContext, route: Route): number | null {
  if (route.kind === 'list') return context.collections[route.collection].length;
  if (route.kind === 'detail') {
    const all = listRoutes().find((list) => list.resource === route.resource && list.path === `${route.resource}/`);
    return all ? context.collections[all.collection].length : null;
  }
  return null;
}

/** `launches/:uuid/` as people read it: `launches/{uuid}/`. */
export const displayPath = (path: string): string => path.replace(/:([A-Za-z]\w*)/g, '{$1}');

function endpointsTable(context: BuildContext): string {
  const rows = ROUTES.map((route) => {
    const shown = `${API_VERSION}/${displayPath(route.path)}`;
    const pathCell = route.path.includes(':')
      ? `<code>${escapeHtml(shown)}</code>`
      : `<a href="${escapeHtml(apiHref(route.path))}"><code>${escapeHtml(shown)}</code></a>`;
    const count = routeCount(context, route);
    return `<tr><th scope="row">${pathCell}</th><td>${escapeHtml(route.summary)}</td><td class="num">${count === null ? '' : count}</td></tr>`;
  });
  return `<div class="scroll"><table id="endpoints-table">
<caption>Endpoints under <code>${escapeHtml(API_VERSION)}/</code>, with the number of records each holds in this build</caption>
<thead><tr><th scope="col">Path</th><th scope="col">Answers with</th><th scope="col">Records</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table></div>`;
}

function documentsList(baseUrl: string): string {
  const responseNames = Object.keys(responseSchemas(baseUrl));
  const dataNames = Object.keys(dataFileSchemas());
  return `<ul>
<li>${link(apiHref(OPENAPI_PATH), 'OpenAPI 3.1 document')} of everything published here, with examples from this build.</li>
<li>${link(apiHref('status.json'), 'status.json')}: the build clock and the record counts.</li>
<li>${link(SNAPSHOT.archive, 'Offline snapshot')} of the whole site (a .tar.gz with a server that needs only Node.js), to mirror or
browse without a network; its ${link(SNAPSHOT.manifest, 'manifest')} tells when it was built.</li>
<li>JSON Schemas of the responses: ${responseNames.map((n) => link(apiHref(`schemas/responses/${n}.schema.json`), n)).join(', ')}.</li>
<li>JSON Schemas of the YAML data files: ${dataNames.map((n) => link(apiHref(`schemas/data/${n}.schema.json`), n)).join(', ')}.</li>
</ul>`;
}

export function renderApiPage(context: BuildContext): string {
  const main = `<h1>The launch schedule as an API</h1>
<p class="lede">Rocket launches and spaceflight events as a free, key-free, static JSON API that answers like
<a href="https://thespacedevs.com/llapi">Launch Library 2</a> version ${escapeHtml(API_VERSION)}, plus calendar feeds.</p>
<section aria-labelledby="about-heading">
<h2 id="about-heading">What this is</h2>
<p>The schedule is kept as YAML files in a public repository, checked, and built into plain JSON files that any static
host can serve without a rate limit. Clients written for LL2 ${escapeHtml(API_VERSION)} keep working when only their base
URL changes: use the folder <code>${escapeHtml(API_VERSION)}/</code> beside this page. No key, no query parameters: page
through collections with <code>next</code>. Upcoming means from 24 hours before the build's clock onwards.</p>
</section>
<section aria-labelledby="endpoints-heading">
<h2 id="endpoints-heading">Endpoints</h2>
<p>Collections answer with LL2's envelope <code>{count, next, previous, results}</code>, 100 results a page; later pages
are at <code>page/N/</code>. Unknown paths answer 404 with <code>{"detail": "Not found."}</code>.</p>
${endpointsTable(context)}
</section>
<section aria-labelledby="calendars-heading">
<h2 id="calendars-heading">Calendar feeds</h2>
<p>iCalendar feeds of the upcoming launches (<code>${escapeHtml(CALENDAR_PATHS.upcomingLaunches)}</code>), the upcoming
events (<code>${escapeHtml(CALENDAR_PATHS.upcomingEvents)}</code>) and the upcoming launches of each launch service
provider (<code>calendars/providers/{agency id}.ics</code>), all listed in
${link(apiHref(CALENDAR_PATHS.index), CALENDAR_PATHS.index)}. To subscribe, see ${link(`${PAGES.schedule}#subscribe`, 'Subscribe')}
on the schedule.</p>
</section>
<section aria-labelledby="documents-heading">
<h2 id="documents-heading">Documents and downloads</h2>
${documentsList(context.baseUrl)}
</section>`;
  return renderPage(context, {
    path: PAGES.api,
    title: `Launch Schedule API: rocket launches as a static LL2 ${API_VERSION} API`,
    description: `A public, key-free, static JSON API of rocket launches and spaceflight events, compatible with Launch Library 2 version ${API_VERSION}, with calendar feeds.`,
    main,
    scripts: [],
  });
}
