// Which request URLs the query engine answers (a list route with a query string, any detail route with one, a
// detail route under a list always, and those without their trailing slash, which redirect) and which of the
// index's resources and search texts the answer reads; the limits on a target. In: a URL. Out: the route matched,
// or undefined for a static file.

import { API_VERSION } from '../api/paths.ts';
import { matchFolder, type RouteMatch, type TableName } from './endpoints.ts';

/** Longer request targets (path and query) get 414, as a front server limits its request line. */
export const MAX_TARGET_LENGTH = 8192;

/** Django's DATA_UPLOAD_MAX_NUMBER_FIELDS: more parameters are a 400. */
export const MAX_PARAMETERS = 1000;

export const API_ROOT = `/${API_VERSION}/`;

/** A request path's folder under the API root, decoded; undefined outside it or when it cannot be decoded. */
function folderOf(pathname: string): string | undefined {
  if (!pathname.startsWith(API_ROOT)) return undefined;
  try {
    return decodeURIComponent(pathname.slice(API_ROOT.length));
  } catch {
    return undefined;
  }
}

/**
 * Whether the engine answers this URL (the rest are static files): a list route
 * with a query string, any detail route with one, and the detail routes under a
 * list (`launches/upcoming/{id}/`) always; also those routes without their
 * trailing slash, which redirect.
 */
export function routeOfRequest(url: URL): RouteMatch | { kind: 'slashless' } | undefined {
  const folder = folderOf(url.pathname);
  if (folder === undefined) return undefined;
  const slashless = !folder.endsWith('/') && matchFolder(`${folder}/`);
  if (slashless) return url.search.length > 1 || isMemberDetail(slashless) ? { kind: 'slashless' } : undefined;
  const match = matchFolder(folder);
  if (!match) return undefined;
  return url.search.length > 1 || isMemberDetail(match) ? match : undefined;
}

/** A detail route under a list other than the resource's list of everything. */
const isMemberDetail = (match: RouteMatch): boolean => match.kind === 'detail' && !match.endpoint.root;

export const claims = (url: URL): boolean => routeOfRequest(url) !== undefined;

/** The resource whose index columns the answer to this URL reads (none for a redirect or a static file). */
export function resourceOfRequest(url: URL): TableName | undefined {
  const match = routeOfRequest(url);
  return match && match.kind !== 'slashless' ? match.endpoint.route.resource : undefined;
}

/** The list route whose search texts the answer to this URL may read (a route that searches, asked with `search`). */
export function searchOfRequest(url: URL): string | undefined {
  const match = routeOfRequest(url);
  if (!match || match.kind === 'slashless' || match.endpoint.search.length === 0 || !url.searchParams.has('search'))
    return undefined;
  return match.endpoint.route.path;
}
