// `openapi.json`: an OpenAPI 3.1 document of exactly what this build publishes
// under the API root: the API root and build status, the paged collections and
// detail resources of every route of the route list (api/routes.ts), the
// calendars, the histories and change feeds, the schemas, the snapshot and this
// document. In: the build context; out: the document and its file. This module
// puts the parts together (info, servers, tags, the shared responses); each part
// is made by its own module: openapi-metadata.ts, openapi-routes.ts,
// openapi-calendars.ts, changes-openapi.ts (paths) and openapi-schemas.ts
// (components).
//
// Response schemas are our own response schemas (`scripts/schemas/responses.ts`),
// moved under `components/schemas`. Every example is a response of this build,
// computed by the same functions that write the files; each names its file in
// `x-source`. Page examples keep the first results only (`x-results-shown`),
// calendar examples the first entries (`x-entries-shown`), and examples of one object
// (a detail, the dashboard) the first items of each long list (`x-items-shown`), so that
// the document does not grow with the data; the rest is verbatim.

import type { BuildContext } from '../api/context.ts';
import { apiFile, type OutputFile } from '../api/files.ts';
import { API_VERSION, NOT_FOUND_BODY } from '../api/paths.ts';
import { listRoutes, ROUTES } from '../api/routes.ts';
import { DATA_CREDIT } from '../model/credit.ts';
import type { JsonObject } from '../model/records.ts';
import { changePaths } from './changes-openapi.ts';
import { operation, pathParameter, response } from './openapi-blocks.ts';
import { calendarPaths } from './openapi-calendars.ts';
import { metadataPaths, OPENAPI_PATH } from './openapi-metadata.ts';
import { detailPaths, listPaths, tagOf } from './openapi-routes.ts';
import { componentSchemas } from './openapi-schemas.ts';
import { PAGES } from './page/paths.ts';

/** The document as a value. */
function openApiDocument(context: BuildContext): JsonObject {
  const { baseUrl } = context;
  const resourceTags = [...new Set(listRoutes(ROUTES).map((r) => tagOf(r.path)))]
    .filter((tag) => !['launches', 'events'].includes(tag))
    .map((tag) => ({
      name: tag,
      description:
        tag === 'config'
          ? "LL2's configuration lists our records use, each item also by id."
          : `The ${tag.replaceAll('_', ' ')} our launches and events refer to, paged and by id.`,
    }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Launch Schedule Service',
      version: API_VERSION,
      summary: `A static, key-free API of rocket launches and spaceflight events, compatible with Launch Library 2 ${API_VERSION}.`,
      description:
        'Every response is a static file written by one build from the YAML data, the build clock and the base URL. ' +
        "GET only. Collections answer with LL2's paged envelope, 100 results a page; later pages are at `page/N/`. " +
        "LL2's query parameters (limit, offset, mode, search, ordering, filters) are answered by the Node server (`npm start`) and the edge worker " +
        '(`_worker.js` on Cloudflare Pages); static hosts ignore query strings. ' +
        `Unknown paths answer 404 with \`{"detail": "Not found."}\`. \`../${PAGES.schedule}\` is the schedule for people, \`../${PAGES.api}\` this API's documentation. ` +
        `Data: ${DATA_CREDIT.name} (${DATA_CREDIT.url}). ${DATA_CREDIT.terms} What this service adds: ${DATA_CREDIT.adds}`,
      license: { name: `Data: ${DATA_CREDIT.name}, under their terms of use`, url: DATA_CREDIT.url },
    },
    servers: [{ url: baseUrl.replace(/\/$/, ''), description: 'This build' }],
    tags: [
      { name: 'launches', description: 'Launches, in LL2 normal (collections) and detailed (one launch) mode.' },
      { name: 'events', description: 'Spaceflight events: dockings, spacewalks, static fires, …' },
      ...resourceTags,
      { name: 'calendars', description: 'iCalendar feeds of upcoming launches and events.' },
      {
        name: 'changes',
        description:
          "What changed: each launch's history of dates and statuses, and change feeds (JSON Feed 1.1, Atom 1.0), beside the LL2 API.",
      },
      { name: 'metadata', description: 'The API root, the build status, schemas, the snapshot and this document.' },
    ],
    paths: {
      ...metadataPaths(context),
      ...listPaths(context),
      ...detailPaths(context),
      ...calendarPaths(context),
      ...changePaths(context, operation, pathParameter),
    },
    components: {
      schemas: componentSchemas(context),
      responses: {
        BadRequest: response('A bad query parameter value.', 'BadRequest'),
        NotFound: response('No such resource.', 'NotFound', {
          summary: '404.json of this build',
          value: NOT_FOUND_BODY,
          'x-source': '404.json',
        }),
      },
    },
  };
}

/** Generator: `openapi.json`. */
export function openApiFiles(context: BuildContext): OutputFile[] {
  return [apiFile(OPENAPI_PATH, openApiDocument(context))];
}
