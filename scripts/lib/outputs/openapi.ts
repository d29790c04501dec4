// `openapi.json`: an OpenAPI 3.1 document of exactly what this build publishes
// under the API root: the API root and build status, the paged collections and
// detail resources of every route of the route list (api/routes.ts), the
// calendars, the schemas, the snapshot and this document.
//
// Response schemas are our own response schemas (`scripts/schemas/responses.ts`),
// moved under `components/schemas`. Every example is a response of this build,
// computed by the same functions that write the files; each names its file in
// `x-source`. Page examples keep the first results only (`x-results-shown`),
// calendar examples the first entries (`x-entries-shown`), and examples of one object
// (a detail, the dashboard) the first items of each long list (`x-items-shown`), so that
// the document does not grow with the data; the rest is verbatim.

import { dataFileSchemas } from '../../schemas/data-files.ts';
import {
  detailedDefinition,
  responseDefinitions,
  responseSchemas,
  type ResourceSchemaName,
} from '../../schemas/responses.ts';
import type { Schema } from '../../schemas/building-blocks.ts';
import { API_VERSION, NOT_FOUND_BODY } from '../api/paths.ts';
import { apiFile, type OutputFile } from '../api/files.ts';
import { apiThrottle, NO_LIMIT, starshipDashboard } from '../api/views.ts';
import { apiRoot, buildStatus, schemaIndex } from '../api/metadata.ts';
import type { BuildContext } from '../api/context.ts';
import { resourceOf } from '../api/resource-table.ts';
import { detailFolder, detailRoutes, listRoutes, ownDetailRoute, ROUTES, type DetailRoute } from '../api/routes.ts';
import { CALENDAR_PATHS, calendarFeeds, calendarIndex } from './calendars.ts';
import { CHANGE_SCHEMAS, changePaths } from './changes-openapi.ts';
import { paginate, PAGE_SIZE, pagePath, type Page } from '../api/paging.ts';
import { writeCalendar } from './ical.ts';
import { PAGES, SNAPSHOT } from './page/paths.ts';
import { BAD_REQUEST_SCHEMA, queryParameters } from './openapi-query.ts';
import { DATA_CREDIT } from '../model/credit.ts';
import type { Json, JsonObject } from '../model/records.ts';

/** How many results a page example keeps, and how many entries a calendar example. */
export const EXAMPLE_RESULTS = 1;
export const EXAMPLE_ENTRIES = 2;
/**
 * How many items an example of one object keeps of each of its lists that has more (`x-items-shown`): a detail
 * or the dashboard lists records whose number grows with the data (a mission patch's 78 launches, 1.1 MB on the real
 * data; the Starship dashboard's previous launches, 7 MB of a 9.4 MB document at 100,000 synthetic launches).
 */
export const EXAMPLE_ITEMS = 10;

/** A value with each of its lists (at any depth) cut to its first `items`; `cut` says whether one was. */
export function firstItems(value: Json, items: number): { value: Json; cut: boolean } {
  let cut = false;
  const walk = (node: Json): Json => {
    if (Array.isArray(node)) {
      if (node.length > items) cut = true;
      return node.slice(0, items).map(walk);
    }
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, walk(inner as Json)]));
  };
  return { value: walk(value), cut };
}

/** An example of one object: the file's body, its long lists cut to their first EXAMPLE_ITEMS (firstItems). */
function objectExample(summary: string, body: Json, source: string): Example {
  const { value, cut } = firstItems(body, EXAMPLE_ITEMS);
  return cut
    ? {
        summary: `${summary}, with the first ${EXAMPLE_ITEMS} items of each longer list`,
        value,
        'x-source': source,
        'x-items-shown': EXAMPLE_ITEMS,
      }
    : { summary, value, 'x-source': source };
}
/** This document, under the API root. */
export const OPENAPI_PATH = 'openapi.json';

const componentRef = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });

/** Moves `#/definitions/X` references to `#/components/schemas/X`. */
function toComponents(node: unknown): Json {
  if (Array.isArray(node)) return node.map(toComponents);
  if (!node || typeof node !== 'object') return node as Json;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace(/^#\/definitions\//, '#/components/schemas/')
        : toComponents(value),
    ]),
  );
}

/** A response schema document's root, without its `$schema`, `$id` and `definitions`. */
function rootOf(document: Schema): Json {
  const { $schema: _s, $id: _i, definitions: _d, ...root } = document as Record<string, unknown>;
  return toComponents(root);
}

const uri: JsonObject = { type: 'string', format: 'uri' };
const timestamp: JsonObject = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' };
const count: JsonObject = { type: 'integer', minimum: 0 };

/** Schemas of the responses that `responses.ts` does not cover. */
function extraSchemas(context: BuildContext): Record<string, Json> {
  const rootKeys = Object.keys(apiRoot(context));
  return {
    ApiRoot: {
      type: 'object',
      description: 'Absolute URLs of the collections and documents.',
      required: rootKeys,
      properties: Object.fromEntries(rootKeys.map((key) => [key, uri])),
      additionalProperties: uri,
    },
    Status: {
      type: 'object',
      description: 'The clock the build used, record counts, and the credit of the data.',
      required: [
        'api_version',
        'build_clock',
        'data_age',
        'launch_count',
        'event_count',
        'upcoming_launch_count',
        'upcoming_event_count',
        'credit',
      ],
      properties: {
        api_version: { const: API_VERSION },
        build_clock: timestamp,
        data_age: {
          type: 'object',
          additionalProperties: false,
          description:
            'When the data last heard from Launch Library 2: the sync state (data/ll2-sync.yaml: its last successful run and the time up to which it has every change), the newest last_updated of the records imported from LL2, the latest of these, and how many whole days before build_clock that was; null where the data says nothing.',
          required: [
            'last_successful_sync',
            'll2_sync_since',
            'newest_ll2_record_update',
            'last_heard_from_ll2',
            'days_before_build',
          ],
          properties: {
            last_successful_sync: { anyOf: [timestamp, { type: 'null' }] },
            ll2_sync_since: { anyOf: [timestamp, { type: 'null' }] },
            newest_ll2_record_update: { anyOf: [timestamp, { type: 'null' }] },
            last_heard_from_ll2: { anyOf: [timestamp, { type: 'null' }] },
            days_before_build: { anyOf: [count, { type: 'null' }] },
          },
        },
        launch_count: count,
        event_count: count,
        upcoming_launch_count: count,
        upcoming_event_count: count,
        incomplete_spans: {
          type: 'array',
          description:
            'Spans of the flown history with markedly fewer launches in this data than the months around them (launches are missing): from <= net < to. Empty when none.',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['from', 'to', 'note'],
            properties: { from: timestamp, to: timestamp, note: { type: 'string' } },
          },
        },
        data_in_numbers: {
          type: 'object',
          description:
            'The data in numbers: per year the launches held and, where a saved LL2 list states it, how many LL2 listed (its count, which list, the day it was saved and who saved it; null where no list does); astronauts with an agency, an image and a biography; the upcoming launches at build_clock by year and the last NET held.',
          required: ['years', 'astronauts', 'upcoming'],
          properties: {
            years: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['year', 'launches', 'll2_listed'],
                properties: {
                  year: { type: 'integer' },
                  launches: count,
                  ll2_listed: {
                    anyOf: [
                      {
                        type: 'object',
                        additionalProperties: false,
                        required: ['count', 'what', 'as_of', 'source'],
                        properties: {
                          count,
                          what: { enum: ['flown launches', 'upcoming launches'] },
                          as_of: { type: 'string', format: 'date' },
                          source: { type: 'string' },
                        },
                      },
                      { type: 'null' },
                    ],
                  },
                },
              },
            },
            astronauts: {
              type: 'object',
              additionalProperties: false,
              required: ['count', 'with_agency', 'with_image', 'with_biography'],
              properties: { count, with_agency: count, with_image: count, with_biography: count },
            },
            upcoming: {
              type: 'object',
              additionalProperties: false,
              required: ['count', 'last_net', 'by_year'],
              properties: {
                count,
                last_net: { anyOf: [timestamp, { type: 'null' }] },
                by_year: {
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['year', 'launches'],
                    properties: { year: { type: 'integer' }, launches: count },
                  },
                },
              },
            },
          },
        },
        credit: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'url', 'terms', 'adds'],
          properties: { name: { type: 'string' }, url: uri, terms: { type: 'string' }, adds: { type: 'string' } },
        },
      },
    },
    CalendarIndex: {
      type: 'object',
      additionalProperties: false,
      required: ['count', 'build_clock', 'results'],
      properties: {
        count,
        build_clock: timestamp,
        results: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name', 'description', 'url', 'entry_count', 'agency'],
            properties: {
              name: { type: 'string' },
              description: { type: 'string' },
              url: uri,
              entry_count: count,
              agency: {
                anyOf: [
                  {
                    type: 'object',
                    additionalProperties: false,
                    required: ['id', 'name', 'abbrev'],
                    properties: { id: { type: 'integer' }, name: { type: 'string' }, abbrev: { type: 'string' } },
                  },
                  { type: 'null' },
                ],
              },
            },
          },
        },
      },
    },
    StarshipDashboard: {
      type: 'object',
      description:
        "LL2's StarshipDashboardNormal, from our records and the road closures, notices, live streams and orbiters LL2's dashboard last gave (docs/resources.md).",
      required: [
        'response_mode',
        'updates',
        'live_streams',
        'road_closures',
        'notices',
        'vehicles',
        'orbiters',
        'upcoming',
        'previous',
      ],
      properties: {
        response_mode: { const: 'normal' },
        updates: { type: 'array', items: componentRef('Update') },
        live_streams: { type: 'array', items: componentRef('VidURLs') },
        road_closures: { type: 'array', items: componentRef('RoadClosure') },
        notices: { type: 'array', items: componentRef('Notice') },
        orbiters: { type: 'array', items: componentRef('SpacecraftNormal') },
        vehicles: { type: 'array', items: componentRef('LauncherDetailed') },
        ...Object.fromEntries(
          ['upcoming', 'previous'].map((name) => [
            name,
            {
              type: 'object',
              required: ['launches', 'events'],
              properties: {
                launches: { type: 'array', items: componentRef('LaunchNormal') },
                events: { type: 'array', items: componentRef('EventNormal') },
              },
            },
          ]),
        ),
      },
    },
    ApiThrottle: {
      type: 'object',
      description:
        "LL2's APIThrottle: there is no limit here; your_request_limit is the largest integer, nothing is ever used up.",
      required: ['your_request_limit', 'limit_frequency_secs', 'current_use', 'next_use_secs', 'ident'],
      properties: {
        your_request_limit: { const: NO_LIMIT },
        limit_frequency_secs: { type: 'integer' },
        current_use: { const: 0 },
        next_use_secs: { const: 0 },
        ident: { type: 'string' },
      },
    },
    ICalendar: {
      type: 'string',
      description: 'An iCalendar (RFC 5545) object: CRLF line ends, lines folded at 75 octets.',
    },
    NotFound: {
      type: 'object',
      additionalProperties: false,
      required: ['detail'],
      properties: { detail: { const: NOT_FOUND_BODY.detail } },
    },
    JsonSchema: { type: 'object', description: 'A JSON Schema (draft-07) document.' },
    SchemaIndex: {
      type: 'object',
      additionalProperties: false,
      required: ['responses', 'data'],
      properties: Object.fromEntries(
        ['responses', 'data'].map((group) => [group, { type: 'object', additionalProperties: uri }]),
      ),
    },
    OpenApiDocument: { type: 'object', description: 'This document.' },
  };
}

interface Example {
  summary: string;
  value: Json;
  'x-source': string;
  'x-results-shown'?: number;
  'x-entries-shown'?: number;
  'x-items-shown'?: number;
}

const jsonResponse = (description: string, schema: string, example: Example | null): JsonObject => ({
  description,
  content: {
    'application/json': {
      schema: componentRef(schema),
      ...(example ? { examples: { 'this-build': example as unknown as Json } } : {}),
    },
  },
});

const calendarResponse = (description: string, example: Example | null): JsonObject => ({
  description,
  content: {
    'text/calendar': {
      schema: componentRef('ICalendar'),
      ...(example ? { examples: { 'this-build': example as unknown as Json } } : {}),
    },
  },
});

const operation = (id: string, tag: string, summary: string, ok: JsonObject, parameters: Json[] = []): JsonObject => ({
  get: {
    operationId: id,
    tags: [tag],
    summary,
    ...(parameters.length ? { parameters } : {}),
    responses: {
      200: ok,
      ...(parameters.some((p) => (p as JsonObject).in === 'query')
        ? { 400: { $ref: '#/components/responses/BadRequest' } }
        : {}),
      404: { $ref: '#/components/responses/NotFound' },
    },
  },
});

const pathParameter = (name: string, description: string, schema: JsonObject): JsonObject => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});

/** `launches/upcoming/` → `launchesUpcoming`. */
const operationName = (path: string): string =>
  path
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w))
    .join('');

/** A page as an example: its envelope with the first results, already shaped, of the `onPage` it holds. */
function pageExample(body: JsonObject & { results: Json[] }, onPage: number, path: string): Example {
  const { results } = body;
  return {
    summary: `${path} of this build, with the first ${results.length} of its ${onPage} results`,
    value: body,
    'x-source': `${path}index.json`,
    'x-results-shown': results.length,
  };
}

/** `agency` → `AgencyPage`: the component of a resource's page schema. */
const pageComponent = (schema: ResourceSchemaName): string =>
  `${schema
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('')}Page`;

/** The tag of a route: the first segment of its path (`launches`, `agencies`, `config`). */
const tagOf = (path: string): string => path.split('/')[0];

/** `launches/:uuid/` → `/launches/{id}/`, as paths of this document name their placeholder. */
const template = (path: string): string => `/${path.replace(/:[a-z]+/, '{id}')}`;

function listPaths(context: BuildContext): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const route of listRoutes(ROUTES)) {
    const resource = resourceOf(route.resource);
    // Pages 1 and 2 are the examples, so only the records they show are shaped.
    const pages: Array<Page<unknown>> = paginate(
      resource.collection(context, route.collection),
      route.path,
      context.baseUrl,
    );
    const shapeItem = resource.normal(context) as (record: unknown) => Json;
    const example = (page: Page<unknown>, pagePathShown: string) =>
      pageExample(
        { ...page.body, results: page.body.results.slice(0, EXAMPLE_RESULTS).map(shapeItem) },
        page.body.results.length,
        pagePathShown,
      );
    const name = operationName(route.path);
    const schema = pageComponent(resource.schema);
    paths[`/${route.path}`] = operation(
      name,
      tagOf(route.path),
      `${route.summary}.`,
      jsonResponse(
        `Page 1 of the collection: LL2's envelope, up to ${PAGE_SIZE} results in normal mode; with a query string, LL2's answer to it.`,
        schema,
        example(pages[0], route.path),
      ),
      queryParameters(route.path),
    );
    if (pages.length > 1) {
      paths[`/${route.path}page/{page}/`] = operation(
        `${name}Page`,
        tagOf(route.path),
        `Later pages of ${route.path} (page 1 is ${route.path} itself); \`next\` and \`previous\` link them.`,
        jsonResponse(`Page N of the collection.`, schema, example(pages[1], pagePath(route.path, 2))),
        [
          pathParameter('page', `Page number, 2 to ${pages.length} in this build.`, {
            type: 'integer',
            minimum: 2,
            maximum: pages.length,
          }),
        ],
      );
    }
  }
  return paths;
}

const ID_PARAMETERS: Record<string, JsonObject> = {
  uuid: pathParameter('id', 'The launch UUID.', {
    type: 'string',
    format: 'uuid',
    pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
  }),
  id: pathParameter('id', "The record's LL2 id (or ours, see docs/resources.md).", { type: 'integer', minimum: 0 }),
};

/** The record a detail route's example shows: its collection's first member; for a resource's own route the first upcoming one, else the first listed. */
function exampleRecord(context: BuildContext, route: DetailRoute): unknown {
  const lists = listRoutes(ROUTES).filter((r) => r.resource === route.resource);
  const list =
    route.memberOf === undefined
      ? (lists.find((r) => r.path.endsWith('/upcoming/')) ?? lists[0])
      : lists.find((r) => r.path === route.memberOf)!;
  const resource = resourceOf(route.resource);
  return (
    resource.collection(context, list.collection)[0] ??
    (route.memberOf === undefined ? resource.records(context)[0] : undefined)
  );
}

function detailPaths(context: BuildContext): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const route of detailRoutes(ROUTES)) {
    const resource = resourceOf(route.resource);
    const own = ownDetailRoute(route.resource);
    const record = exampleRecord(context, route) as object | undefined;
    const id = record === undefined ? undefined : resource.id(context, record);
    // A collection's members answer with their own detail file: that file is the example's source.
    const example =
      id === undefined
        ? null
        : objectExample(
            `${detailFolder(route, id)} of this build`,
            resource.detailed(context)(record!) as Json,
            `${detailFolder(own, id)}index.json`,
          );
    const summary = route === own ? `${route.summary}.` : `${route.summary}: the same body as ${template(own.path)}.`;
    paths[template(route.path)] = operation(
      `${operationName(route.path)}Detail`,
      tagOf(route.path),
      summary,
      jsonResponse('The resource, LL2 detailed mode.', detailedDefinition(resource.schema), example),
      [ID_PARAMETERS[route.path.match(/:([a-z]+)/)![1]]],
    );
  }
  return paths;
}

function calendarPaths(context: BuildContext): Record<string, Json> {
  const feeds = calendarFeeds(context);
  const example = (path: string): Example => {
    const feed = feeds.find((f) => f.path === path)!;
    const entries = feed.firstEntries(EXAMPLE_ENTRIES);
    return {
      summary: `${path} of this build, with the first ${entries.length} of its ${feed.entryCount} entries`,
      // Not a spread of feed.calendar: that would read its getter and make every entry.
      value: writeCalendar({
        name: feed.calendar.name,
        description: feed.calendar.description,
        url: feed.calendar.url,
        entries,
      }),
      'x-source': path,
      'x-entries-shown': entries.length,
    };
  };
  const providerFeeds = feeds.filter((f) => f.agency !== null);
  const rule =
    'Launches whose NET precision is finer than a day are timed entries (DTSTART/DTEND from the window); ' +
    'morning, afternoon and day precision give all-day entries on the UTC date of the NET; week or coarser are left out. ' +
    "UIDs come from record ids; DTSTAMP and LAST-MODIFIED are the record's last_updated, SEQUENCE its seconds since 2000-01-01.";
  return {
    [`/${CALENDAR_PATHS.index.replace(/index\.json$/, '')}`]: operation(
      'calendars',
      'calendars',
      'Every calendar feed of this build.',
      jsonResponse('The feeds, with their entry counts.', 'CalendarIndex', {
        summary: `${CALENDAR_PATHS.index} of this build`,
        value: calendarIndex(context),
        'x-source': CALENDAR_PATHS.index,
      }),
    ),
    [`/${CALENDAR_PATHS.upcomingLaunches}`]: operation(
      'calendarUpcomingLaunches',
      'calendars',
      'Upcoming launches as an iCalendar feed.',
      calendarResponse(rule, example(CALENDAR_PATHS.upcomingLaunches)),
    ),
    [`/${CALENDAR_PATHS.upcomingEvents}`]: operation(
      'calendarUpcomingEvents',
      'calendars',
      'Upcoming events as an iCalendar feed.',
      calendarResponse(
        'Events with a time of day are timed entries (DTEND from the duration when it has one); day precision gives all-day entries.',
        example(CALENDAR_PATHS.upcomingEvents),
      ),
    ),
    ...(providerFeeds.length
      ? {
          '/calendars/providers/{agency_id}.ics': operation(
            'calendarProvider',
            'calendars',
            'Upcoming launches of one launch service provider as an iCalendar feed.',
            calendarResponse(rule, example(providerFeeds[0].path)),
            [
              pathParameter(
                'agency_id',
                'LL2 id of the launch service provider (`launch_service_provider.id`). Every provider of a launch in the data set has a feed.',
                {
                  type: 'integer',
                  enum: providerFeeds.map((f) => f.agency!.id),
                },
              ),
            ],
          ),
        }
      : {}),
  };
}

/** Bodies that another generator writes; the document shows them as its examples. */
export interface PublishedMetadata {
  root: JsonObject;
  status: JsonObject;
}

function metadataPaths(context: BuildContext, { root, status }: PublishedMetadata): Record<string, Json> {
  const document = (description: string) => ({
    description,
    content: { 'application/json': { schema: componentRef('JsonSchema') } },
  });
  return {
    '/': operation(
      'root',
      'metadata',
      'The API root: links to the collections and documents.',
      jsonResponse('The links.', 'ApiRoot', {
        summary: 'The API root of this build',
        value: root,
        'x-source': 'index.json',
      }),
    ),
    '/status.json': operation(
      'status',
      'metadata',
      'The build clock and record counts; which launches are upcoming was decided against this clock.',
      jsonResponse('The status.', 'Status', {
        summary: 'status.json of this build',
        value: status,
        'x-source': 'status.json',
      }),
    ),
    '/schemas/': operation(
      'schemas',
      'metadata',
      'The URL of every JSON Schema below, by name.',
      jsonResponse('The schemas of the responses and of the data files.', 'SchemaIndex', {
        summary: 'schemas/index.json of this build',
        value: schemaIndex(context),
        'x-source': 'schemas/index.json',
      }),
    ),
    '/schemas/responses/{name}.schema.json': operation(
      'responseSchema',
      'metadata',
      'JSON Schema of one kind of response.',
      document('The schema.'),
      [
        pathParameter('name', 'Which response.', {
          type: 'string',
          enum: Object.keys(responseSchemas(context.baseUrl)),
        }),
      ],
    ),
    '/schemas/data/{name}.schema.json': operation(
      'dataSchema',
      'metadata',
      'JSON Schema of one kind of YAML data file in the repository.',
      document('The schema.'),
      [pathParameter('name', 'Which data file.', { type: 'string', enum: Object.keys(dataFileSchemas()) })],
    ),
    '/dashboard/starship/': operation(
      'starshipDashboard',
      'metadata',
      'The LL2 Starship dashboard from our records (LL2 serves one object, as here).',
      jsonResponse(
        'The dashboard.',
        'StarshipDashboard',
        objectExample(
          'dashboard/starship/ of this build',
          starshipDashboard(context) as Json,
          'dashboard/starship/index.json',
        ),
      ),
    ),
    '/api-throttle/': operation(
      'apiThrottle',
      'metadata',
      'The LL2 request limit document: no limit here.',
      jsonResponse('The limit.', 'ApiThrottle', {
        summary: 'api-throttle/ of this build',
        value: apiThrottle(),
        'x-source': 'api-throttle/index.json',
      }),
    ),
    [`/${OPENAPI_PATH}`]: operation('openapi', 'metadata', 'This document.', {
      description: 'The OpenAPI document.',
      content: { 'application/json': { schema: componentRef('OpenApiDocument') } },
    }),
    ...snapshotPaths(context.baseUrl),
  };
}

/** The site root: the folder above the API root, where the landing page and the snapshot live. */
export const siteRoot = (baseUrl: string): string => new URL('../', baseUrl).href;

/**
 * The offline snapshot, written beside the API root by the deploy (`npm run snapshot`), not by
 * the build: its paths carry their own server, the site root.
 */
function snapshotPaths(baseUrl: string): Record<string, Json> {
  const servers = [{ url: siteRoot(baseUrl).replace(/\/$/, ''), description: 'The site root, above the API root' }];
  const file = (id: string, summary: string, mediaType: string, schema: JsonObject): JsonObject => ({
    servers,
    ...operation(id, 'metadata', summary, { description: summary, content: { [mediaType]: { schema } } }),
  });
  return {
    [`/${SNAPSHOT.archive}`]: file(
      'snapshotArchive',
      'The offline snapshot: the whole API tree, a dump of every launch and event, a manifest and a server needing only Node.js, as one .tar.gz.',
      'application/gzip',
      { type: 'string', contentEncoding: 'binary' },
    ),
    [`/${SNAPSHOT.archive}.sha256`]: file(
      'snapshotChecksum',
      'The sha256 of the snapshot archive, for `sha256sum -c`.',
      'text/plain',
      { type: 'string' },
    ),
    [`/${SNAPSHOT.manifest}`]: file(
      'snapshotManifest',
      'The snapshot manifest: when it was built, with which clock and base URL, counts, and the sha256 of every file.',
      'application/json',
      { type: 'object' },
    ),
  };
}

/** The document as a value. */
export function openApiDocument(context: BuildContext, published: PublishedMetadata): JsonObject {
  const { baseUrl } = context;
  const documents = responseSchemas(baseUrl);
  const definitions = toComponents(responseDefinitions()) as JsonObject;
  const pages = Object.fromEntries(
    listRoutes(ROUTES)
      .map((r) => resourceOf(r.resource).schema)
      .map((schema) => [pageComponent(schema), rootOf(documents[`${schema}-page`])]),
  );
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
      ...metadataPaths(context, published),
      ...listPaths(context),
      ...detailPaths(context),
      ...calendarPaths(context),
      ...changePaths(context, operation, pathParameter),
    },
    components: {
      schemas: {
        ...definitions,
        ...pages,
        BadRequest: BAD_REQUEST_SCHEMA,
        ...extraSchemas(context),
        ...CHANGE_SCHEMAS,
      },
      responses: {
        BadRequest: {
          description: 'A bad query parameter value.',
          content: { 'application/json': { schema: componentRef('BadRequest') } },
        },
        NotFound: {
          description: 'No such resource.',
          content: {
            'application/json': {
              schema: componentRef('NotFound'),
              examples: {
                'this-build': { summary: '404.json of this build', value: NOT_FOUND_BODY, 'x-source': '404.json' },
              },
            },
          },
        },
      },
    },
  };
}

/** Generator: `openapi.json`, with the API root and status as `apiMetadata` writes them. */
export function openApiFiles(context: BuildContext): OutputFile[] {
  return [apiFile(OPENAPI_PATH, openApiDocument(context, { root: apiRoot(context), status: buildStatus(context) }))];
}
