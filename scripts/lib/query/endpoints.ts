// The endpoints the engine answers, keyed by list route path (api/routes.ts): each
// list route, its resource's table, LL2's search fields for it, and the detail
// route under it (`launches/upcoming/{id}/`, issue 18: a record answers there while
// it is in the list). The plain detail routes (`launches/{id}/`) are the ones
// under each resource's list of everything. Also: matching a request path to one
// of them. A new resource is one entry in TABLES (test/query-routes.test.ts fails
// for a list route without one).

import { API_VERSION } from '../api/paths.ts';
import { listRoutes, ownDetailRoute, routeOf, ROUTES, type ListRoute, type ResourceName } from '../api/routes.ts';
import { EVENT_TABLE } from './event-table.ts';
import { LAUNCH_TABLE } from './launch-table.ts';
import { REFERENCE_TABLES } from './reference-tables.ts';
import type { BaseRow, ResourceTable } from './resource-table.ts';

export const TABLES = { launches: LAUNCH_TABLE, events: EVENT_TABLE, ...REFERENCE_TABLES } satisfies Record<
  ResourceName,
  unknown
>;

/** The resources the engine has a table for: every one (TABLES satisfies the record of them all). */
export type TableName = keyof typeof TABLES;

/** A resource's table, typed for code that only hands its rows back to it. */
export const tableOf = (name: TableName): ResourceTable<BaseRow> => TABLES[name] as unknown as ResourceTable<BaseRow>;

/** LL2 searches these launch fields on `launches/` and `launches/previous/`; `launches/upcoming/` leaves out the designator. */
const LAUNCH_SEARCH = [
  'launch_designator',
  'launch_service_provider__name',
  'mission__name',
  'name',
  'pad__location__name',
  'pad__name',
  'rocket__configuration__manufacturer__abbrev',
  'rocket__configuration__manufacturer__name',
  'rocket__configuration__name',
  'rocket__spacecraftflight__spacecraft__name',
];
const EVENT_SEARCH = ['name'];

/**
 * Per list route where they differ from its table's: LL2's search fields there
 * (OpenAPI, each endpoint's "Fields searched"). The others search every field of their table.
 */
const SEARCH_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'launches/': LAUNCH_SEARCH,
  'launches/upcoming/': LAUNCH_SEARCH.filter((field) => field !== 'launch_designator'),
  'launches/previous/': LAUNCH_SEARCH,
  'events/': EVENT_SEARCH,
  'events/upcoming/': EVENT_SEARCH,
  'events/previous/': EVENT_SEARCH,
};

export interface Endpoint {
  route: ListRoute & { resource: TableName };
  table: ResourceTable<BaseRow>;
  search: readonly string[];
  /** The detail route under the list (`launches/upcoming/:uuid/`); for a resource's list of everything, its plain detail route. */
  detail: string;
  /** Whether this is the resource's list of everything (`launches/`), whose detail route is the plain one. */
  root: boolean;
  /** The detail file of a record (`2.3.0/launches/{id}/index.json`). */
  detailFile(key: string): string;
}

/** The endpoint of a list route. */
function endpointOf(route: ListRoute): Endpoint {
  const search = SEARCH_FIELDS[route.path] ?? Object.keys(tableOf(route.resource).searchFields);
  const detailRoute = ownDetailRoute(route.resource);
  const placeholder = /:[a-z]+\/$/.exec(detailRoute.path)![0];
  return {
    route,
    table: tableOf(route.resource),
    search,
    detail: `${route.path}${placeholder}`,
    root: detailRoute.path === `${route.path}${placeholder}`,
    detailFile: (key) => `${API_VERSION}/${detailRoute.path.replace(placeholder, `${key}/`)}index.json`,
  };
}

/** Every list route's endpoint, by path. */
export const ENDPOINTS: ReadonlyMap<string, Endpoint> = new Map(
  listRoutes(ROUTES).map((route) => [route.path, endpointOf(route)]),
);

const DETAIL_PATTERNS = [...ENDPOINTS.values()].map((endpoint) => endpoint.detail);

export type RouteMatch = { kind: 'list'; endpoint: Endpoint } | { kind: 'detail'; endpoint: Endpoint; key: string };

/** The list or detail route a folder under the API root (`launches/upcoming/`) answers to. */
export function matchFolder(folder: string): RouteMatch | undefined {
  const list = ENDPOINTS.get(folder);
  if (list) return { kind: 'list', endpoint: list };
  const pattern = routeOf(folder, DETAIL_PATTERNS);
  if (!pattern) return undefined;
  const endpoint = [...ENDPOINTS.values()].find((e) => e.detail === pattern)!;
  return { kind: 'detail', endpoint, key: folder.split('/').at(-2)! };
}
