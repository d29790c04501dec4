// The paths of the route list (api/routes.ts) in the OpenAPI document: each paged
// collection (page 1 and its later pages, with LL2's query parameters) and each
// detail resource. In: the build context; out: the paths, each with this build's
// own files as examples, shaped by the same functions that write them. Also the
// names the document gives a route (its tag, its page component).

import { detailedDefinition, type ResourceSchemaName } from '../../schemas/responses.ts';
import type { BuildContext } from '../api/context.ts';
import { paginate, PAGE_SIZE, pagePath, type Page } from '../api/paging.ts';
import { resourceOf } from '../api/resource-table.ts';
import { detailFolder, detailRoutes, listRoutes, ownDetailRoute, ROUTES, type DetailRoute } from '../api/routes.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { objectExample, response, operation, pathParameter, type Example } from './openapi-blocks.ts';
import { queryParameters } from './openapi-query.ts';

/** How many results a page example keeps. */
const EXAMPLE_RESULTS = 1;

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
export const pageComponent = (schema: ResourceSchemaName): string =>
  `${schema
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('')}Page`;

/** The tag of a route: the first segment of its path (`launches`, `agencies`, `config`). */
export const tagOf = (path: string): string => path.split('/')[0];

/** `launches/:uuid/` → `/launches/{id}/`, as paths of this document name their placeholder. */
const template = (path: string): string => `/${path.replace(/:[a-z]+/, '{id}')}`;

/** The paths of each collection: page 1 with its query parameters, and its later pages. */
export function listPaths(context: BuildContext): Record<string, Json> {
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
      response(
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
        response(`Page N of the collection.`, schema, example(pages[1], pagePath(route.path, 2))),
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

/** The path of each detail route, its example a member of its collection. */
export function detailPaths(context: BuildContext): Record<string, Json> {
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
      response('The resource, LL2 detailed mode.', detailedDefinition(resource.schema), example),
      [ID_PARAMETERS[route.path.match(/:([a-z]+)/)![1]]],
    );
  }
  return paths;
}
