// The LL2 resources of the API as planned files, one set per route of the route
// list (routes.ts): every list route cut into pages (normal mode), every record
// of a resource as its own file (detailed mode) under the resource's own detail
// route, and, where the build makes files for collection detail routes
// (`collectionDetails: 'files'`), a copy for each member there. Shaped and
// serialized only when a file must be written: a rebuild whose input keys match
// skips them.

import { sha1 } from '../base/digest.ts';
import type { BuildContext, Generator } from './context.ts';
import { RenderedOnDemand, type PlannedFile } from './files.ts';
import { memberships } from './membership.ts';
import { paginate } from './paging.ts';
import { API_VERSION } from './paths.ts';
import { resourceOf } from './resource-table.ts';
import { detailFolder, detailRoutes, listRoutes, ROUTES } from './routes.ts';

/** Collections (paged, normal mode) and detail resources (detailed mode) of every route. */
export const ll2Resources: Generator = (context: BuildContext) => {
  const { baseUrl, json } = context;
  const lazyFile = (path: string, key: string, make: () => unknown): PlannedFile =>
    new RenderedOnDemand(`${API_VERSION}/${path}`, key, () => json.serialize(make()));
  const files: PlannedFile[] = [];
  for (const route of listRoutes(ROUTES)) {
    const resource = resourceOf(route.resource);
    const itemKey = resource.listKey(context);
    const shape = resource.normal(context);
    for (const page of paginate(resource.collection(context, route.collection), route.path, baseUrl)) {
      const { count, next, previous, results } = page.body;
      const key = sha1(`${page.path}\n${count}\n${next}\n${previous}\n${results.map(itemKey).join(',')}`);
      files.push(
        lazyFile(`${page.path}index.json`, key, () => ({ count, next, previous, results: results.map(shape) })),
      );
    }
  }
  // Members answer under a collection detail route with their own detail file: here as copies, or by rewrites (outputs/hosts.ts).
  const copies = context.collectionDetails === 'files' ? memberships(context) : [];
  for (const route of detailRoutes(ROUTES).filter((r) => r.memberOf === undefined)) {
    const resource = resourceOf(route.resource);
    const key = resource.detailKey(context);
    const shape = resource.detailed(context);
    // The collection detail routes of this resource that get copies, each with its members.
    const copiedTo = copies
      .filter((m) => m.own === route)
      .map((m) => ({ route: m.route, members: new Set(m.members) }));
    for (const record of resource.records(context)) {
      const id = resource.id(context, record);
      const fileKey = `detail:${key(record)}`;
      const file = (folder: string) => lazyFile(`${folder}index.json`, fileKey, () => shape(record));
      files.push(file(detailFolder(route, id)));
      for (const { route: under, members } of copiedTo) if (members.has(id)) files.push(file(detailFolder(under, id)));
    }
  }
  return files;
};
