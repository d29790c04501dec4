// Where things are in the API: its version, the collection paths, absolute URLs
// of LL2 resources under a base URL, and LL2's not-found body. Constants and
// string builders only, so every stage (outputs, host adapters, the query
// engine, the edge worker) can import them without pulling in the build.

import { CONFIG_LISTS, configListPath, type ConfigListKind } from '../../schemas/config-lists.ts';
import type { ReferenceKind } from '../../schemas/data-files.ts';
import { placeDeclaredIn } from '../../schemas/resources/declaration.ts';
import { DECLARED_RESOURCES, type DeclaredKind } from '../../schemas/resources/index.ts';

export const API_VERSION = '2.3.0';

/** The collections of launches and events, by path under the API root. */
export const COLLECTION_PATHS = {
  launches: 'launches/',
  upcomingLaunches: 'launches/upcoming/',
  previousLaunches: 'launches/previous/',
  events: 'events/',
  upcomingEvents: 'events/upcoming/',
  previousEvents: 'events/previous/',
} as const;

export type TimedCollectionName = keyof typeof COLLECTION_PATHS;

/** Every collection a list route pages: those of launches and events, and all records of a reference kind. */
export type CollectionName = TimedCollectionName | ReferenceKind;

export const NOT_FOUND_BODY = { detail: 'Not found.' };

/**
 * Where each kind of reference record is published, under the API root: the one
 * place a resource's path is written (a declared resource's: its declaration, schemas/resources/). Its list route is this path, its detail
 * route `${path}:id/` (api/reference-resources.ts), and every `url` naming one
 * of its records is made from it (resourceUrls below).
 */
const HAND_PATHS: Record<Exclude<ReferenceKind, DeclaredKind>, string> = {
  // The config lists collected from the records (schemas/config-lists.ts).
  ...(Object.fromEntries(CONFIG_LISTS.map((c) => [c.kind, configListPath(c)])) as Record<ConfigListKind, string>),
};
export const REFERENCE_PATHS = placeDeclaredIn(
  HAND_PATHS,
  DECLARED_RESOURCES,
  (d) => [d.kind, d.path],
  (d) => d.placement?.kind,
) as Record<ReferenceKind, string>;

/** Absolute URLs of LL2 resources under the base URL (which ends with `/`). */
export function resourceUrls(baseUrl: string) {
  const reference = (kind: ReferenceKind, id: number): string => `${baseUrl}${REFERENCE_PATHS[kind]}${id}/`;
  return {
    launch: (id: string) => `${baseUrl}launches/${id}/`,
    event: (id: number) => `${baseUrl}events/${id}/`,
    /** The detail resource of a reference record of any kind. */
    reference,
  };
}
