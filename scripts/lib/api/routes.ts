// The one list of routes: every path the API answers under its root, declared
// once. The resource generators, the host adapters (outputs/hosts.ts), the
// OpenAPI document, the pages for people and the query engine all read it, so a
// new resource is added here and nowhere else by hand. Patterns use one
// placeholder per path segment (`:uuid`, `:id`, `:page`); list routes are paged at
// `page/:page/` below them (derived, not listed). Also here: the rewrites that
// hosts without a directory index for index.json need (/x/ → /x/index.json).

import type { ReferenceKind } from '../../schemas/data-files.ts';
import type { CollectionName } from './paths.ts';
import { API_VERSION, REFERENCE_PATHS } from './paths.ts';
import { REFERENCE_RESOURCES } from './reference-resources.ts';

/** The kinds of LL2 resources we publish: launches, events, and each kind of reference record by its data name. */
export type ResourceName = 'launches' | 'events' | ReferenceKind;

interface RouteBase {
  /** Path under the API root with placeholders, ending in `/` ('' is the API root). */
  path: string;
  /** One line for people: what the route answers. */
  summary: string;
}

/** A paged collection: LL2's envelope, 100 a page statically, `limit`/`offset` and filters through the query engine. */
export interface ListRoute extends RouteBase {
  kind: 'list';
  resource: ResourceName;
  /** Which records, in which default order (api/context.ts builds each collection once). */
  collection: CollectionName;
}

/** One resource by id, in detailed mode. */
export interface DetailRoute extends RouteBase {
  kind: 'detail';
  resource: ResourceName;
  /**
   * For a detail route under a collection (`launches/upcoming/:uuid/`): the path of that
   * list route. Only its members answer, with the body of the resource's own detail
   * route; others answer 404 (api/membership.ts).
   */
  memberOf?: string;
}

/** A folder that answers with a document of its own (its index.json), not an LL2 resource. */
export interface DocumentRoute extends RouteBase {
  kind: 'document';
}

export type Route = ListRoute | DetailRoute | DocumentRoute;

/** A reference kind's list and detail routes. */
const referenceRoutes = (path: string, resource: ReferenceKind, list: string, detail: string): Route[] => [
  { kind: 'list', path, resource, collection: resource, summary: list },
  { kind: 'detail', path: `${path}:id/`, resource, summary: detail },
];

export const ROUTES: readonly Route[] = [
  { kind: 'document', path: '', summary: 'The API root: links to the collections and documents' },
  {
    kind: 'list',
    path: 'launches/',
    resource: 'launches',
    collection: 'launches',
    summary: 'Every launch, NET ascending',
  },
  {
    kind: 'list',
    path: 'launches/upcoming/',
    resource: 'launches',
    collection: 'upcomingLaunches',
    summary: 'Launches with NET from 24 hours before the build onwards, any status, NET ascending',
  },
  {
    kind: 'list',
    path: 'launches/previous/',
    resource: 'launches',
    collection: 'previousLaunches',
    summary: 'Launches with NET up to the build, newest first',
  },
  { kind: 'detail', path: 'launches/:uuid/', resource: 'launches', summary: 'One launch, LL2 detailed mode' },
  {
    kind: 'detail',
    path: 'launches/upcoming/:uuid/',
    resource: 'launches',
    memberOf: 'launches/upcoming/',
    summary: 'One launch of launches/upcoming/, LL2 detailed mode; 404 for any other',
  },
  {
    kind: 'detail',
    path: 'launches/previous/:uuid/',
    resource: 'launches',
    memberOf: 'launches/previous/',
    summary: 'One launch of launches/previous/, LL2 detailed mode; 404 for any other',
  },
  {
    kind: 'list',
    path: 'events/',
    resource: 'events',
    collection: 'events',
    summary: 'Every event, date ascending (undated ones last)',
  },
  {
    kind: 'list',
    path: 'events/upcoming/',
    resource: 'events',
    collection: 'upcomingEvents',
    summary: 'Events dated from 24 hours before the build onwards, date ascending',
  },
  {
    kind: 'list',
    path: 'events/previous/',
    resource: 'events',
    collection: 'previousEvents',
    summary: 'Events dated up to the build, newest first',
  },
  { kind: 'detail', path: 'events/:id/', resource: 'events', summary: 'One event, LL2 detailed mode' },
  {
    kind: 'detail',
    path: 'events/upcoming/:id/',
    resource: 'events',
    memberOf: 'events/upcoming/',
    summary: 'One event of events/upcoming/, LL2 detailed mode; 404 for any other',
  },
  {
    kind: 'detail',
    path: 'events/previous/:id/',
    resource: 'events',
    memberOf: 'events/previous/',
    summary: 'One event of events/previous/, LL2 detailed mode; 404 for any other',
  },
  ...REFERENCE_RESOURCES.flatMap(({ kind, list, detail }) =>
    referenceRoutes(REFERENCE_PATHS[kind], kind, list, detail),
  ),
  { kind: 'document', path: 'calendars/', summary: 'Every iCalendar feed with its name, URL and number of entries' },
  {
    kind: 'document',
    path: 'changes/',
    summary:
      'Every change feed (JSON Feed 1.1 and Atom 1.0, all launches and each provider) with its URLs and number of entries',
  },
  {
    kind: 'document',
    path: 'history/',
    summary: 'Every launch with a history of its dates and statuses, with the URL of its history document',
  },
  { kind: 'document', path: 'schemas/', summary: 'The JSON Schemas of the responses and of the data files, by name' },
  {
    kind: 'document',
    path: 'dashboard/starship/',
    summary:
      'The LL2 Starship dashboard from our records: upcoming and previous launches and events of the Starship program, their updates',
  },
  { kind: 'document', path: 'api-throttle/', summary: 'The LL2 request limit document: there is no limit here' },
];

export const listRoutes = (routes: readonly Route[] = ROUTES): ListRoute[] =>
  routes.filter((r): r is ListRoute => r.kind === 'list');
export const detailRoutes = (routes: readonly Route[] = ROUTES): DetailRoute[] =>
  routes.filter((r): r is DetailRoute => r.kind === 'detail');

/** The detail route of a resource itself (`launches/:uuid/`), which collection detail routes answer like. */
export function ownDetailRoute(resource: ResourceName, routes: readonly Route[] = ROUTES): DetailRoute {
  const route = detailRoutes(routes).find((r) => r.resource === resource && r.memberOf === undefined);
  if (!route) throw new Error(`no detail route for ${resource}`);
  return route;
}

/** Where the record with this id lives under a detail route: its folder, ending in `/`. */
export const detailFolder = (route: DetailRoute, id: string | number): string =>
  route.path.replace(/:[a-z]+\/$/, `${id}/`);

/** Where the later pages of a list route live. */
export const pagesRoute = (list: ListRoute): string => `${list.path}page/:page/`;

/**
 * Every folder pattern that holds an index.json, as hosts must route them: the
 * fixed routes first (the root, documents, lists), then those with placeholders
 * (later pages, details).
 */
export function folderRoutes(routes: readonly Route[] = ROUTES): string[] {
  const fixed = routes
    .filter((r) => r.kind !== 'detail')
    .map((r) => r.path)
    .sort();
  const dynamic = [...listRoutes(routes).map(pagesRoute), ...detailRoutes(routes).map((r) => r.path)];
  return [...fixed, ...new Set(dynamic.map(grouped))];
}

/**
 * Hosts route folders by shape, not by resource: every later page of a list is
 * `:resource/page/:page/` (or `:resource/:list/page/:page/` below a collection or
 * a config list), every detail `:resource/:key/` (or `:resource/:list/:key/`), so
 * the dynamic rules of `_redirects` do not grow with the resources (Cloudflare
 * Pages allows only 100). Each folder pattern is rewritten to that folder's own
 * index.json, so a shape that also matches another folder sends it to its own
 * file too (or to none: the host's 404). A list's own folder stays a fixed route.
 */
const SHAPE_NAMES = [':resource', ':list'];
export function grouped(pattern: string): string {
  if (!isDynamic(pattern)) return pattern;
  const segments = pattern.split('/').slice(0, -1);
  const tail = /(^|\/)page\/:page\/$/.test(pattern) ? 2 : 1;
  const head = segments.slice(0, -tail);
  if (head.length > SHAPE_NAMES.length)
    throw new Error(`${pattern}: no host shape for ${head.length} segments before the placeholder`);
  const rest = tail === 2 ? ['page', ':page'] : [':key'];
  return `${[...head.map((_, i) => SHAPE_NAMES[i]), ...rest].join('/')}/`;
}

/** What a placeholder stands for: one path segment of this shape. */
const PLACEHOLDER_SHAPES: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  id: /^\d+$/,
  page: /^\d+$/,
  resource: /^[a-z_]+$/,
  list: /^[a-z_]+$/,
  key: /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
};

/** The route pattern a folder under the API root (ending in `/`) answers to, or undefined. */
export function routeOf(folder: string, patterns: readonly string[] = folderRoutes()): string | undefined {
  const segments = folder.split('/');
  return patterns.find((pattern) => {
    const parts = pattern.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) =>
        part.startsWith(':') ? (PLACEHOLDER_SHAPES[part.slice(1)] ?? /(?!)/).test(segments[i]) : part === segments[i],
      )
    );
  });
}

export const isDynamic = (pattern: string): boolean => pattern.includes(':');

export interface Rewrite {
  /** Request path on the site, e.g. `/2.3.0/launches/:id/`. */
  from: string;
  /** File path on the site, e.g. `/2.3.0/launches/:id/index.json`. */
  to: string;
  dynamic: boolean;
}

const parentOf = (pattern: string): string => pattern.replace(/[^/]+\/$/, '');

/**
 * Rewrites for every route, with and without its trailing slash, static ones first.
 * A dynamic route loses its slash-less form when its parent folder is itself a route:
 * `/2.3.0/launches/:uuid` would otherwise also match the file `/2.3.0/launches/index.json`
 * (Cloudflare Pages applies a rule even where a file exists).
 */
export function rewrites(routes: readonly string[], root = `/${API_VERSION}/`): Rewrite[] {
  const routeSet = new Set(routes);
  const rules = (pattern: string): Rewrite[] => {
    const dynamic = isDynamic(pattern);
    const withSlash = `${root}${pattern}`;
    const forms = [withSlash];
    const parent = parentOf(pattern);
    // A grouped parent (`:resource/:list/`) stands for fixed routes (`config/orbits/`, `launches/upcoming/`).
    const parentIsRoute =
      routeSet.has(parent) ||
      (isDynamic(parent) && routes.some((r) => !isDynamic(r) && routeOf(r, [parent]) !== undefined));
    if (!dynamic || !parentIsRoute) forms.push(withSlash.replace(/\/$/, ''));
    return forms.map((from) => ({ from, to: `${withSlash}index.json`, dynamic }));
  };
  return [...routes.filter((r) => !isDynamic(r)), ...routes.filter(isDynamic)].flatMap(rules);
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A rewrite's source as an anchored regular expression, placeholders as capture groups, and its target with `$n`. */
export function compileRewrite(rule: Rewrite): { pattern: string; target: string } {
  const names: string[] = [];
  const pattern = rule.from
    .split(/(:[A-Za-z]\w*)/)
    .map((part) => {
      if (!part.startsWith(':')) return escapeRegExp(part);
      names.push(part);
      return '([^/]+)';
    })
    .join('');
  const target = rule.to.replace(/:[A-Za-z]\w*/g, (name) => `$${names.indexOf(name) + 1}`);
  return { pattern: `^${pattern}$`, target };
}

/** Where request paths are rewritten to, as Netlify and Cloudflare Pages apply `_redirects`: first match wins. */
export function rewriteResolver(rules: readonly Rewrite[]): (requestPath: string) => string | undefined {
  const compiled = rules.map((rule) => {
    const { pattern, target } = compileRewrite(rule);
    return { re: new RegExp(pattern), target };
  });
  return (requestPath) => {
    const rule = compiled.find(({ re }) => re.test(requestPath));
    return rule && requestPath.replace(rule.re, rule.target);
  };
}

/** Where one request path is rewritten to (rewriteResolver, for a single path). */
export const resolveRewrite = (rules: readonly Rewrite[], requestPath: string): string | undefined =>
  rewriteResolver(rules)(requestPath);
