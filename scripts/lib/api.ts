// The whole published tree as a list of files, computed from a checked data set,
// the clock and the base URL. No I/O here: writing is the caller's job.
//
// Each kind of output is a generator over one shared context, so that new outputs
// (feeds, pages, host files) are added as modules without touching the others.

import { dataFileSchemas } from '../schemas/data-files.ts';
import { responseSchemas } from '../schemas/responses.ts';
import {
  allEvents, allLaunches, paginate, previousEvents, previousLaunches, upcomingEvents, upcomingLaunches, type Page,
} from './collections.ts';
import { calendarFiles } from './calendars.ts';
import { toSafeJson } from './json.ts';
import { landingPage } from './landing-page.ts';
import { openApiFiles } from './openapi.ts';
import type { DataSet, EventRecord, JsonObject, LaunchRecord } from './model.ts';
import { createShaper, type Shaper } from './shape.ts';
import { computeStats, type DataSetStats } from './stats.ts';
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
  content: string | Buffer;
}

/** Everything a generator may need, computed once per build. */
export interface BuildContext extends BuildInputs {
  data: DataSet;
  stats: DataSetStats;
  shape: Shaper;
  /** Each launch in normal mode, shaped once and shared by every collection. */
  launchNormal: (launch: LaunchRecord) => JsonObject;
  collections: {
    launches: LaunchRecord[];
    upcomingLaunches: LaunchRecord[];
    previousLaunches: LaunchRecord[];
    events: EventRecord[];
    upcomingEvents: EventRecord[];
    previousEvents: EventRecord[];
  };
}

export type Generator = (context: BuildContext) => OutputFile[];

/** The collections we publish, by path under the API root, in the order the API root lists them. */
export const COLLECTION_PATHS = {
  launches: 'launches/',
  upcomingLaunches: 'launches/upcoming/',
  previousLaunches: 'launches/previous/',
  events: 'events/',
  upcomingEvents: 'events/upcoming/',
  previousEvents: 'events/previous/',
} as const satisfies Record<keyof BuildContext['collections'], string>;

export const NOT_FOUND_BODY = { detail: 'Not found.' };

export const apiFile = (path: string, value: unknown): OutputFile => ({ path: `${API_VERSION}/${path}`, content: toSafeJson(value) });

export function createContext(data: DataSet, inputs: BuildInputs): BuildContext {
  const stats = computeStats(data);
  const shape = createShaper(data, stats, inputs.baseUrl);
  const normal = new Map<string, JsonObject>();
  const launchNormal = (launch: LaunchRecord) => {
    let shaped = normal.get(launch.id);
    if (!shaped) normal.set(launch.id, (shaped = shape.launchNormal(launch)));
    return shaped;
  };
  return {
    ...inputs, data, stats, shape, launchNormal,
    collections: {
      launches: allLaunches(data.launches),
      upcomingLaunches: upcomingLaunches(data.launches, inputs.now),
      previousLaunches: previousLaunches(data.launches, inputs.now),
      events: allEvents(data.events),
      upcomingEvents: upcomingEvents(data.events, inputs.now),
      previousEvents: previousEvents(data.events, inputs.now),
    },
  };
}

/** Collections (paged, normal mode) and detail resources (detailed mode). */
export const ll2Resources: Generator = (context) => {
  const { collections, shape, baseUrl, data } = context;
  const pages: Page[] = [];
  for (const key of ['launches', 'upcomingLaunches', 'previousLaunches'] as const) {
    pages.push(...paginate(collections[key].map(context.launchNormal), COLLECTION_PATHS[key], baseUrl));
  }
  for (const key of ['events', 'upcomingEvents', 'previousEvents'] as const) {
    pages.push(...paginate(collections[key].map(shape.eventNormal), COLLECTION_PATHS[key], baseUrl));
  }
  const launchesById = new Map(data.launches.map((l) => [l.id, l]));
  return [
    ...pages.map((page) => apiFile(`${page.path}index.json`, page.body)),
    ...data.launches.map((launch) => apiFile(`launches/${launch.id}/index.json`, shape.launchDetailed(launch))),
    ...data.events.map((event) => apiFile(`events/${event.id}/index.json`, shape.eventDetailed(event, launchesById))),
  ];
};

/** The API root, the build status, the schemas and the 404 body. */
export const apiMetadata: Generator = ({ baseUrl, now, data, collections }) => [
  apiFile('index.json', {
    ...Object.fromEntries(Object.entries(COLLECTION_PATHS).map(([, p]) => [p.replace(/\/$/, '').replace('/', '_'), `${baseUrl}${p}`])),
    status: `${baseUrl}status.json`,
    schemas: `${baseUrl}schemas/`,
    calendars: `${baseUrl}calendars/`,
    openapi: `${baseUrl}openapi.json`,
  }),
  apiFile('status.json', {
    api_version: API_VERSION,
    build_clock: formatTimestamp(now),
    launch_count: data.launches.length,
    event_count: data.events.length,
    upcoming_launch_count: collections.upcomingLaunches.length,
    upcoming_event_count: collections.upcomingEvents.length,
  }),
  ...Object.entries(dataFileSchemas()).map(([name, schema]) => apiFile(`schemas/data/${name}.schema.json`, schema)),
  ...Object.entries(responseSchemas(baseUrl)).map(([name, schema]) => apiFile(`schemas/responses/${name}.schema.json`, schema)),
  apiFile('404.json', NOT_FOUND_BODY),
  { path: '404.json', content: toSafeJson(NOT_FOUND_BODY) },
];

export const GENERATORS: Generator[] = [ll2Resources, apiMetadata, calendarFiles, landingPage, openApiFiles];

export function generateApi(data: DataSet, inputs: BuildInputs, generators: Generator[] = GENERATORS): OutputFile[] {
  const context = createContext(data, inputs);
  const files = generators.flatMap((generate) => generate(context));
  // One fixed order makes the file list, and anything derived from it, deterministic.
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
