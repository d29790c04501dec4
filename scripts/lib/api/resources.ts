// The LL2 resources of the API as planned files: every collection cut into pages
// (normal mode) and every launch and event as a detail resource (detailed mode).
// Shaped and serialized only when a file must be written: a rebuild whose input
// keys match skips them.

import { sha1 } from '../base/digest.ts';
import type { BuildContext, Generator } from './context.ts';
import { RenderedOnDemand, type PlannedFile } from './files.ts';
import { paginate, type Page } from './paging.ts';
import { API_VERSION, COLLECTION_PATHS } from './paths.ts';

/** Collections (paged, normal mode) and detail resources (detailed mode). */
export const ll2Resources: Generator = (context: BuildContext) => {
  const { collections, shape, baseUrl, data, json, keys } = context;
  const lazyFile = (path: string, key: string, make: () => unknown): PlannedFile =>
    new RenderedOnDemand(`${API_VERSION}/${path}`, key, () => json.serialize(make()));
  const pageFile = <T>(page: Page<T>, itemKey: (item: T) => string, shapeItem: (item: T) => unknown) => {
    const { count, next, previous, results } = page.body;
    const key = sha1(`${page.path}\n${count}\n${next}\n${previous}\n${results.map(itemKey).join(',')}`);
    return lazyFile(`${page.path}index.json`, key, () => ({ count, next, previous, results: results.map(shapeItem) }));
  };
  const files: PlannedFile[] = [];
  for (const name of ['launches', 'upcomingLaunches', 'previousLaunches'] as const) {
    for (const page of paginate(collections[name], COLLECTION_PATHS[name], baseUrl)) files.push(pageFile(page, keys.launch, shape.launchNormal));
  }
  for (const name of ['events', 'upcomingEvents', 'previousEvents'] as const) {
    for (const page of paginate(collections[name], COLLECTION_PATHS[name], baseUrl)) files.push(pageFile(page, keys.event, shape.eventNormal));
  }
  const launchesById = new Map(data.launches.map((l) => [l.id, l]));
  for (const launch of data.launches) {
    files.push(lazyFile(`launches/${launch.id}/index.json`, `detail:${keys.launchDetail(launch)}`, () => shape.launchDetailed(launch)));
  }
  for (const event of data.events) {
    files.push(lazyFile(`events/${event.id}/index.json`, `detail:${keys.event(event)}`, () => shape.eventDetailed(event, launchesById)));
  }
  return files;
};
