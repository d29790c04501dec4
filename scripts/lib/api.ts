// The whole published tree as a list of files, computed from a checked data set,
// the clock and the base URL. No I/O here: writing is the caller's job.
//
// Each kind of output is a generator over one shared context, so that new outputs
// (feeds, pages, host files) are added as modules without touching the others.

import { dataFileSchemas } from '../schemas/data-files.ts';
import { responseSchemas } from '../schemas/responses.ts';
import {
  allEvents, launchLists, paginate, previousEvents, upcomingEvents, type Page,
} from './collections.ts';
import { calendarFiles } from './calendars.ts';
import { sha1 } from './digest.ts';
import { FragmentJson, type Serialized } from './fragments.ts';
import { inputKeys, type InputKeys } from './input-keys.ts';
import { toSafeJson } from './json.ts';
import { landingPage } from './landing-page.ts';
import { openApiFiles } from './openapi.ts';
import type { DataSet, EventRecord, JsonObject, LaunchRecord } from './model.ts';
import { createShaper, type Shaper } from './shape.ts';
import { computeStats, launchesByNet, type DataSetStats, type TimedLaunch } from './stats.ts';
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
  /** Keys of each record's inputs: equal keys, equal shaped objects (input-keys.ts). */
  keys: InputKeys;
  shape: Shaper;
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
  /** Hash of the bytes; may be computed on first read. */
  readonly fingerprint: string;
  /** Optional cheaper key of the inputs (input-keys.ts): equal keys mean equal bytes. */
  key?: string;
  render(): string | Buffer;
}

export type Generator = (context: BuildContext) => Array<OutputFile | PlannedFile>;

/**
 * A file made only when its bytes are needed: `inputs` (hashed into the key) must
 * change whenever what `make` reads does, so a rebuild with an equal key skips it.
 */
export function lazyPlannedFile(path: string, inputs: string, make: () => string | Buffer): PlannedFile {
  return new RenderedOnDemand(path, sha1(inputs), () => {
    const content = make();
    return { fingerprint: sha1(content), render: () => content };
  });
}

type Serializable = Serialized | { fingerprint: string; render(): string | Buffer };

/**
 * A planned file that holds its serialized form only until it is rendered, then
 * just its fingerprint: a full build renders every file once, and keeping them all
 * would hold the whole output in memory. (A class: a build plans one per record.)
 */
class RenderedOnDemand implements PlannedFile {
  private serialized: Serializable | undefined;
  private knownFingerprint: string | undefined;

  constructor(readonly path: string, readonly key: string, private readonly serialize: () => Serializable) {}

  private get form(): Serializable {
    return (this.serialized ??= this.serialize());
  }

  get fingerprint(): string {
    return (this.knownFingerprint ??= this.form.fingerprint);
  }

  render(): string | Buffer {
    const content = this.form.render();
    this.knownFingerprint ??= this.serialized!.fingerprint;
    this.serialized = undefined;
    return content;
  }
}

/** A file whose content is already in hand, as a planned file. */
export function planned(file: OutputFile | PlannedFile): PlannedFile {
  if ('render' in file) return file;
  const { path, content } = file;
  return { path, fingerprint: sha1(content), render: () => content };
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


export function createContext(data: DataSet, inputs: BuildInputs): BuildContext {
  const byNet = launchesByNet(data.launches);
  const stats = computeStats(data, byNet);
  const json = new FragmentJson();
  const shape = createShaper(data, stats, inputs.baseUrl, (value) => json.share(value));
  // Launches in normal mode are not shared (fragments.ts) though each is in two or three collections:
  // pages are written far apart, so sharing meant holding every launch's text to the end, over a
  // gigabyte at 100,000 launches, to save a few per cent of a cold build. Pads, rockets, agencies are.
  return {
    ...inputs, data, json, stats, shape,
    keys: inputKeys(data, stats, inputs.baseUrl, API_VERSION),
    collections: collectionsOf(data, byNet, inputs.now),
  };
}

function collectionsOf(data: DataSet, byNet: readonly TimedLaunch[], now: number): BuildContext['collections'] {
  const launches = launchLists(byNet, now);
  // The split event lists are taken from the sorted one: sorting input already in order costs next to nothing.
  const events = allEvents(data.events);
  return {
    launches: launches.all,
    upcomingLaunches: launches.upcoming,
    previousLaunches: launches.previous,
    events,
    upcomingEvents: upcomingEvents(events, now),
    previousEvents: previousEvents(events, now),
  };
}

/** Collections (paged, normal mode) and detail resources (detailed mode). */
export const ll2Resources: Generator = (context) => {
  const { collections, shape, baseUrl, data, json, keys } = context;
  // Shaped and serialized only when asked: a rebuild whose keys match skips them.
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

/** The body of the API root: links to the collections and documents. */
export const apiRoot = ({ baseUrl }: BuildInputs): JsonObject => ({
  ...Object.fromEntries(Object.entries(COLLECTION_PATHS).map(([, p]) => [p.replace(/\/$/, '').replace('/', '_'), `${baseUrl}${p}`])),
  status: `${baseUrl}status.json`,
  schemas: `${baseUrl}schemas/`,
  calendars: `${baseUrl}calendars/`,
  openapi: `${baseUrl}openapi.json`,
});

/** The body of status.json: the build clock and record counts. */
export const buildStatus = ({ now, data, collections }: BuildContext): JsonObject => ({
  api_version: API_VERSION,
  build_clock: formatTimestamp(now),
  launch_count: data.launches.length,
  event_count: data.events.length,
  upcoming_launch_count: collections.upcomingLaunches.length,
  upcoming_event_count: collections.upcomingEvents.length,
});

/** The API root, the build status, the schemas and the 404 body. */
export const apiMetadata = (context: BuildContext): OutputFile[] => [
  apiFile('index.json', apiRoot(context)),
  apiFile('status.json', buildStatus(context)),
  ...Object.entries(dataFileSchemas()).map(([name, schema]) => apiFile(`schemas/data/${name}.schema.json`, schema)),
  ...Object.entries(responseSchemas(context.baseUrl)).map(([name, schema]) => apiFile(`schemas/responses/${name}.schema.json`, schema)),
  apiFile('404.json', NOT_FOUND_BODY),
  { path: '404.json', content: toSafeJson(NOT_FOUND_BODY) },
];

export const GENERATORS: Generator[] = [ll2Resources, apiMetadata, calendarFiles, landingPage, openApiFiles];

export const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Every file of the API as planned files, in one fixed order (deterministic output). */
export function planApi(data: DataSet, inputs: BuildInputs, generators: Generator[] = GENERATORS): PlannedFile[] {
  const context = createContext(data, inputs);
  return generators.flatMap((generate) => generate(context)).map(planned).sort(byPath);
}

/** Every file of the API with its content. */
export function generateApi(data: DataSet, inputs: BuildInputs, generators: Generator[] = GENERATORS): OutputFile[] {
  return planApi(data, inputs, generators).map((file) => ({ path: file.path, content: file.render() }));
}
