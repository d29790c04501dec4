// Which records answer under a detail route below a collection
// (`launches/upcoming/{id}/`): the collection's members at the build clock, as
// LL2 decides them. Host adapters turn this into rewrites (and 404s for the
// others); builds for hosts that cannot rewrite get a copy of each member's file.

import type { BuildContext } from './context.ts';
import { API_VERSION } from './paths.ts';
import { resourceOf } from './resource-table.ts';
import {
  detailFolder,
  detailRoutes,
  listRoutes,
  ownDetailRoute,
  ROUTES,
  type DetailRoute,
  type Rewrite,
  type Route,
} from './routes.ts';

export interface Membership {
  /** The detail route under the collection, e.g. `launches/upcoming/:uuid/`. */
  route: DetailRoute;
  /** The resource's own detail route (`launches/:uuid/`), whose files members answer with. */
  own: DetailRoute;
  /** Ids of the collection's members, in its order. */
  members: Array<string | number>;
  /** Ids of the resource's other records. */
  others: Array<string | number>;
}

/** The membership of every collection detail route of the route list. */
export function memberships(context: BuildContext, routes: readonly Route[] = ROUTES): Membership[] {
  return detailRoutes(routes).flatMap((route) => {
    if (route.memberOf === undefined) return [];
    const list = listRoutes(routes).find((r) => r.path === route.memberOf);
    if (!list) throw new Error(`${route.path}: no list route ${route.memberOf}`);
    const resource = resourceOf(route.resource);
    const members = resource.collection(context, list.collection).map((record) => resource.id(context, record));
    const memberIds = new Set(members);
    const others = resource
      .records(context)
      .map((record) => resource.id(context, record))
      .filter((id) => !memberIds.has(id));
    return [{ route, own: ownDetailRoute(route.resource, routes), members, others }];
  });
}

/** Where a non-member's request is rewritten: a path no build publishes, so that the host answers with its 404. */
export const NOT_FOUND_PATH = `/${API_VERSION}/404/`;

/**
 * Rewrites that serve collection detail routes by membership, as few as the
 * membership allows: each member to its own detail file when members are the
 * fewer (launches/upcoming/), else each other record to a missing path and then
 * every id to its own detail file (launches/previous/: all but future launches).
 * Unknown ids find no file either way.
 */
export function memberRewrites(list: readonly Membership[], root = `/${API_VERSION}/`): Rewrite[] {
  return list.flatMap(({ route, own, members, others }): Rewrite[] => {
    const request = (id: string | number) => `${root}${detailFolder(route, id)}`;
    if (members.length <= others.length)
      return members.map((id) => ({
        from: request(id),
        to: `${root}${detailFolder(own, id)}index.json`,
        dynamic: false,
      }));
    return [
      ...others.map((id) => ({ from: request(id), to: NOT_FOUND_PATH, dynamic: false })),
      { from: `${root}${route.path}`, to: `${root}${own.path}index.json`, dynamic: true },
    ];
  });
}
