// The whole published tree as a list of files, computed from a checked data set,
// the clock and the base URL. No I/O here: writing is the caller's job.

import { dataFileSchemas } from '../schemas/data-files.ts';
import { responseSchemas } from '../schemas/responses.ts';
import {
  allEvents, allLaunches, paginate, previousEvents, previousLaunches, upcomingEvents, upcomingLaunches, type Page,
} from './collections.ts';
import { toSafeJson } from './json.ts';
import type { DataSet, Json, LaunchRecord } from './model.ts';
import { createShaper } from './shape.ts';
import { computeStats } from './stats.ts';
import { formatTimestamp } from './timestamps.ts';

export const API_VERSION = '2.3.0';

export interface BuildInputs {
  /** The clock: which launches are upcoming is decided against it. */
  now: number;
  /** Absolute URL of the API root, ending in `/2.3.0/`. */
  baseUrl: string;
}

export interface OutputFile {
  /** Path relative to the output folder, with `/` separators. */
  path: string;
  content: string;
}

/** Names of the collections we publish and the order their links appear in the API root. */
export const COLLECTIONS = ['launches/', 'launches/upcoming/', 'launches/previous/', 'events/', 'events/upcoming/', 'events/previous/'] as const;

export const NOT_FOUND_BODY = { detail: 'Not found.' };

export function generateApi(data: DataSet, { now, baseUrl }: BuildInputs): OutputFile[] {
  const stats = computeStats(data);
  const shape = createShaper(data, stats, baseUrl);
  const files: OutputFile[] = [];
  const put = (path: string, value: unknown) => files.push({ path: `${API_VERSION}/${path}`, content: toSafeJson(value) });
  const putPages = (pages: Page[]) => pages.forEach((page) => put(`${page.path}index.json`, page.body));

  const launchesNormal = new Map(data.launches.map((l) => [l.id, shape.launchNormal(l)]));
  const normalOf = (launches: LaunchRecord[]): Json[] => launches.map((l) => launchesNormal.get(l.id)!);
  putPages(paginate(normalOf(allLaunches(data.launches)), 'launches/', baseUrl));
  putPages(paginate(normalOf(upcomingLaunches(data.launches, now)), 'launches/upcoming/', baseUrl));
  putPages(paginate(normalOf(previousLaunches(data.launches, now)), 'launches/previous/', baseUrl));
  for (const launch of data.launches) put(`launches/${launch.id}/index.json`, shape.launchDetailed(launch));

  putPages(paginate(allEvents(data.events).map(shape.eventNormal), 'events/', baseUrl));
  putPages(paginate(upcomingEvents(data.events, now).map(shape.eventNormal), 'events/upcoming/', baseUrl));
  putPages(paginate(previousEvents(data.events, now).map(shape.eventNormal), 'events/previous/', baseUrl));
  const launchesById = new Map(data.launches.map((l) => [l.id, l]));
  for (const event of data.events) put(`events/${event.id}/index.json`, shape.eventDetailed(event, launchesById));

  put('index.json', {
    ...Object.fromEntries(COLLECTIONS.map((c) => [c.replace(/\/$/, '').replace('/', '_'), `${baseUrl}${c}`])),
    schemas: `${baseUrl}schemas/`,
  });
  put('status.json', {
    api_version: API_VERSION,
    build_clock: formatTimestamp(now),
    launch_count: data.launches.length,
    event_count: data.events.length,
    upcoming_launch_count: upcomingLaunches(data.launches, now).length,
    upcoming_event_count: upcomingEvents(data.events, now).length,
  });
  for (const [name, schema] of Object.entries(dataFileSchemas())) put(`schemas/data/${name}.schema.json`, schema);
  for (const [name, schema] of Object.entries(responseSchemas(baseUrl))) put(`schemas/responses/${name}.schema.json`, schema);
  put('404.json', NOT_FOUND_BODY);
  files.push({ path: '404.json', content: toSafeJson(NOT_FOUND_BODY) });
  return files;
}
