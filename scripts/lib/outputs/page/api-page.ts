// `api.html`, the API documentation for people: what the service is, what the
// Node server and the edge worker answer with a query string and what a static
// host cannot, every endpoint with the number of records it holds and of the
// query parameters its list answers (read from the one route list, api/routes.ts,
// and the query engine's tables through openapi-query.ts, so a new resource or
// parameter appears here by itself), the calendar feeds, and the documents and
// downloads. In: the build context. Out: the page as HTML, static (no script).

import type { BuildContext } from '../../api/context.ts';
import { API_VERSION } from '../../api/paths.ts';
import { ROUTES, listRoutes, type Route } from '../../api/routes.ts';
import { dataFileSchemas } from '../../../schemas/data-files.ts';
import { responseSchemas } from '../../../schemas/responses.ts';
import { CALENDAR_PATHS } from '../calendars.ts';
import { OPENAPI_PATH } from '../openapi-metadata.ts';
import { queryParameters } from '../openapi-query.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../query/pagination.ts';
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
    const parameters = route.kind === 'list' ? queryParameters(route.path).length : 0;
    return `<tr><th scope="row">${pathCell}</th><td>${escapeHtml(route.summary)}</td><td class="num">${count === null ? '' : count}</td><td class="num">${parameters || ''}</td></tr>`;
  });
  return `<div class="scroll"><table id="endpoints-table">
<caption>Endpoints under <code>${escapeHtml(API_VERSION)}/</code>, with the number of records each holds in this build and of the query parameters its list answers on the Node server and the edge worker (each is in the ${link(apiHref(OPENAPI_PATH), 'OpenAPI document')})</caption>
<thead><tr><th scope="col">Path</th><th scope="col">Answers with</th><th scope="col">Records</th><th scope="col">Query parameters</th></tr></thead>
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
URL changes: use the folder <code>${escapeHtml(API_VERSION)}/</code> beside this page. No key. Upcoming means from 24 hours
before the build's clock onwards.</p>
</section>
<section aria-labelledby="queries-heading">
<h2 id="queries-heading">Query parameters: where they work</h2>
<p><strong>Without a query string</strong> every path is a plain file, which any host serves: collections hold
${MAX_LIMIT} results a page, later pages are at <code>page/N/</code>, linked by <code>next</code>.</p>
<p><strong>With a query string</strong>, the Node server (<code>npm start</code>, <code>npm run serve</code>), the
Cloudflare Pages worker (<code>_worker.js</code>) and the offline snapshot's server answer as LL2 does:
<code>limit</code> (${DEFAULT_LIMIT} by default, at most ${MAX_LIMIT}) and <code>offset</code>,
<code>mode=list|normal|detailed</code>, <code>ordering</code>, <code>search</code>, and every filter LL2 documents for
the endpoint (<code>lsp__id</code>, <code>status__ids</code>, <code>net__gte</code>, <code>is_crewed</code>, …; the
count of each list's is in the table below). A bad value answers 400 with django-filter's body, e.g.
<code>{"net__gte": ["Enter a valid date/time."]}</code>.</p>
<p><strong>A static host alone</strong> (GitHub Pages, a CDN, nginx without the server) <strong>cannot honour any query
parameter</strong>: it answers the plain file whatever the query string. A client there pages with <code>next</code>
and filters what it reads.</p>
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
