// The LL2 resources of the API as planned files, one set per route of the route
// list (routes.ts): every list route cut into pages (normal mode) and every
// record of a detail route's resource as its own file (detailed mode). Shaped and
// serialized only when a file must be written: a rebuild whose input keys match
// skips them.

import { sha1 } from '../base/digest.ts';
import type { EventRecord, LaunchRecord } from '../model/records.ts';
import type { BuildContext, Generator } from './context.ts';
import { RenderedOnDemand, type PlannedFile } from './files.ts';
import { paginate } from './paging.ts';
import { API_VERSION } from './paths.ts';
import { detailRoutes, listRoutes, ROUTES, type ResourceName } from './routes.ts';

/** How one kind of resource becomes files: its records, their ids, input keys and shapes. */
interface ResourceFiles<T> {
  /** Every record of the kind, for its detail route. */
  records(context: BuildContext): readonly T[];
  /** The items of a list route's collection. */
  collection(context: BuildContext, name: string): readonly T[];
  id(record: T): string | number;
  /** Input keys (input-keys.ts): of the object in a list, and of the detail resource. */
  listKey(context: BuildContext): (record: T) => string;
  detailKey(context: BuildContext): (record: T) => string;
  /** LL2's normal mode (list pages) and detailed mode (detail resources). */
  normal(context: BuildContext): (record: T) => unknown;
  detailed(context: BuildContext): (record: T) => unknown;
}

const launches: ResourceFiles<LaunchRecord> = {
  records: (c) => c.data.launches,
  collection: (c, name) => c.collections[name as 'launches'],
  id: (l) => l.id,
  listKey: (c) => c.keys.launch,
  detailKey: (c) => c.keys.launchDetail,
  normal: (c) => c.shape.launchNormal,
  detailed: (c) => c.shape.launchDetailed,
};

const events: ResourceFiles<EventRecord> = {
  records: (c) => c.data.events,
  collection: (c, name) => c.collections[name as 'events'],
  id: (e) => e.id,
  listKey: (c) => c.keys.event,
  detailKey: (c) => c.keys.event,
  normal: (c) => c.shape.eventNormal,
  detailed: (c) => {
    const launchesById = new Map(c.data.launches.map((l) => [l.id, l]));
    return (e) => c.shape.eventDetailed(e, launchesById);
  },
};

const RESOURCES = { launches, events } satisfies { [name in ResourceName]: unknown };

/** A route's resource, typed for code that only passes its records back to it. */
const resourceOf = (name: ResourceName) => RESOURCES[name] as unknown as ResourceFiles<object>;

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
      files.push(lazyFile(`${page.path}index.json`, key, () => ({ count, next, previous, results: results.map(shape) })));
    }
  }
  for (const route of detailRoutes(ROUTES)) {
    const resource = resourceOf(route.resource);
    const key = resource.detailKey(context);
    const shape = resource.detailed(context);
    const folder = route.path.replace(/:[a-z]+\/$/, '');
    for (const record of resource.records(context)) {
      files.push(lazyFile(`${folder}${resource.id(record)}/index.json`, `detail:${key(record)}`, () => shape(record)));
    }
  }
  return files;
};
