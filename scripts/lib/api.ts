// The whole published tree as a list of files, computed from a checked data set,
// the clock and the base URL. No I/O here: writing is the caller's job.
//
// Each kind of output is a generator over one shared context, so that new outputs
// (feeds, pages, host files) are added as modules without touching the others.

import { createHash } from 'node:crypto';
import { dataFileSchemas } from '../schemas/data-files.ts';
import { responseSchemas } from '../schemas/responses.ts';
import {
  allEvents, allLaunches, paginate, previousEvents, previousLaunches, upcomingEvents, upcomingLaunches, type Page,
} from './collections.ts';
import { calendarFiles } from './calendars.ts';
import { FragmentJson } from './fragments.ts';
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
  /** Serializes LL2 objects, writing each shared nested object once (fragments.ts). */
  json: FragmentJson;
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

/**
 * A file of the build, not yet rendered: its fingerprint changes exactly when its
 * bytes do, so a rebuild can skip rendering and writing what has not changed.
 */
export interface PlannedFile {
  path: string;
  fingerprint: string;
  render(): string | Buffer;
}

export type Generator = (context: BuildContext) => Array<OutputFile | PlannedFile>;

const contentHash = (content: string | Buffer): string => createHash('sha1').update(content).digest('base64url');

/** A file whose content is already in hand, as a planned file. */
export function planned(file: OutputFile | PlannedFile): PlannedFile {
  if ('render' in file) return file;
  const { path, content } = file;
  return { path, fingerprint: contentHash(content), render: () => content };
}

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

/** An API file serialized through the fragment writer: fingerprint now, bytes on demand. */
const plannedApiFile = (json: FragmentJson, path: string, value: unknown): PlannedFile => ({ path: `${API_VERSION}/${path}`, ...json.serialize(value) });

export function createContext(data: DataSet, inputs: BuildInputs): BuildContext {
  const stats = computeStats(data);
  const json = new FragmentJson();
  const shape = createShaper(data, stats, inputs.baseUrl, (value) => json.share(value));
  const normal = new Map<string, JsonObject>();
  const launchNormal = (launch: LaunchRecord) => {
    let shaped = normal.get(launch.id);
    // A launch in normal mode appears in two or three collections: shared, so serialized once.
    if (!shaped) normal.set(launch.id, (shaped = json.share(shape.launchNormal(launch))));
    return shaped;
  };
  return {
    ...inputs, data, json, stats, shape, launchNormal,
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
  const file = (path: string, value: unknown) => plannedApiFile(context.json, path, value);
  return [
    ...pages.map((page) => file(`${page.path}index.json`, page.body)),
    ...data.launches.map((launch) => file(`launches/${launch.id}/index.json`, shape.launchDetailed(launch))),
    ...data.events.map((event) => file(`events/${event.id}/index.json`, shape.eventDetailed(event, launchesById))),
  ];
};

/** The API root, the build status, the schemas and the 404 body. */
export const apiMetadata = ({ baseUrl, now, data, collections }: BuildContext): OutputFile[] => [
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

const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Every file of the API as planned files, in one fixed order (deterministic output). */
export function planApi(data: DataSet, inputs: BuildInputs, generators: Generator[] = GENERATORS): PlannedFile[] {
  const context = createContext(data, inputs);
  return generators.flatMap((generate) => generate(context)).map(planned).sort(byPath);
}

/** Every file of the API with its content. */
export function generateApi(data: DataSet, inputs: BuildInputs, generators: Generator[] = GENERATORS): OutputFile[] {
  return planApi(data, inputs, generators).map((file) => ({ path: file.path, content: file.render() }));
}
