// Where things are in the API: its version, the collection paths, absolute URLs
// of LL2 resources under a base URL, and LL2's not-found body. Constants and
// string builders only, so every stage (outputs, host adapters, the query
// engine, the edge worker) can import them without pulling in the build.

import type { ReferenceKind } from '../../schemas/data-files.ts';

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

/** Absolute URLs of LL2 resources under the base URL (which ends with `/`). */
export function resourceUrls(baseUrl: string) {
  return {
    launch: (id: string) => `${baseUrl}launches/${id}/`,
    event: (id: number) => `${baseUrl}events/${id}/`,
    agency: (id: number) => `${baseUrl}agencies/${id}/`,
    configuration: (id: number) => `${baseUrl}launcher_configurations/${id}/`,
    pad: (id: number) => `${baseUrl}pads/${id}/`,
    location: (id: number) => `${baseUrl}locations/${id}/`,
    program: (id: number) => `${baseUrl}programs/${id}/`,
    spaceStation: (id: number) => `${baseUrl}space_stations/${id}/`,
  };
}
