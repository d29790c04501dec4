// The small documents beside the LL2 resources: the API root (links to the
// collections and documents), status.json (the build clock, when the data last
// heard from LL2, counts, and the spans of the history known to be incomplete), the
// JSON Schemas of our responses and data files with an index of them, and LL2's 404 body.

import { toSafeJson } from '../base/json.ts';
import { DATA_CREDIT } from '../model/credit.ts';
import { describeSpan, incompleteSpans, spanEnd } from '../model/coverage.ts';
import { dataNumbers } from '../model/data-numbers.ts';
import type { DataSet, JsonObject } from '../model/records.ts';
import { formatTimestamp } from '../model/time.ts';
import { dataFileSchemas } from '../../schemas/data-files.ts';
import { responseSchemas } from '../../schemas/responses.ts';
import type { BuildContext, BuildInputs } from './context.ts';
import { apiFile, type OutputFile } from './files.ts';
import { API_VERSION, NOT_FOUND_BODY } from './paths.ts';
import { listRoutes, ROUTES } from './routes.ts';

/** The documents the API root links to besides the list routes, by key. */
export const ROOT_DOCUMENTS = {
  status: 'status.json',
  schemas: 'schemas/',
  calendars: 'calendars/',
  openapi: 'openapi.json',
};

/** The body of the API root: links to every list route (`launches/upcoming/` as `launches_upcoming`) and the documents. */
export const apiRoot = ({ baseUrl }: BuildInputs): JsonObject =>
  Object.fromEntries(
    [
      ...listRoutes(ROUTES).map((route) => [route.path.replace(/\/$/, '').replaceAll('/', '_'), route.path]),
      ...Object.entries(ROOT_DOCUMENTS),
    ].map(([key, path]) => [key, `${baseUrl}${path}`]),
  );

/**
 * When the data last heard from LL2, beside the build clock: the sync's state
 * (`data/ll2-sync.yaml`: its last successful run, and every launch LL2 updated
 * before `launches_updated_since` is in the data) and
 * the newest `last_updated` of the records imported from LL2 (those whose
 * provenance credits it); the later of the two, and how many whole days before
 * the build clock that was. Nulls where the data says nothing.
 */
export interface DataAge {
  last_successful_sync: string | null;
  ll2_sync_since: string | null;
  newest_ll2_record_update: string | null;
  last_heard_from_ll2: string | null;
  days_before_build: number | null;
}

const DAY_MS = 86_400_000;

export function dataAge(data: DataSet, now: number): DataAge {
  let newest = -Infinity;
  for (const record of [...data.launches, ...data.events]) {
    if (record.provenance?.credit !== DATA_CREDIT.name || !record.last_updated) continue;
    const ms = Date.parse(record.last_updated);
    if (ms > newest) newest = ms;
  }
  const since = data.ll2Sync ? Date.parse(data.ll2Sync.launches_updated_since) : -Infinity;
  // The sync writes last_success_at after every run that ended well: the data heard from LL2 then, even when nothing changed.
  const synced = data.ll2Sync?.last_success_at ? Date.parse(data.ll2Sync.last_success_at) : -Infinity;
  const heard = Math.max(newest, since, synced);
  return {
    last_successful_sync: Number.isFinite(synced) ? formatTimestamp(synced) : null,
    ll2_sync_since: Number.isFinite(since) ? formatTimestamp(since) : null,
    newest_ll2_record_update: Number.isFinite(newest) ? formatTimestamp(newest) : null,
    last_heard_from_ll2: Number.isFinite(heard) ? formatTimestamp(heard) : null,
    days_before_build: Number.isFinite(heard) ? Math.max(0, Math.floor((now - heard) / DAY_MS)) : null,
  };
}

/** The body of status.json: the build clock, when the data last heard from LL2, record counts, and where the data comes from. */
export const buildStatus = ({ now, data, collections }: BuildContext): JsonObject => ({
  api_version: API_VERSION,
  build_clock: formatTimestamp(now),
  data_age: { ...dataAge(data, now) },
  launch_count: data.launches.length,
  event_count: data.events.length,
  upcoming_launch_count: collections.upcomingLaunches.length,
  upcoming_event_count: collections.upcomingEvents.length,
  // Spans of the flown history with markedly fewer launches than the months around (model/coverage.ts): from ≤ NET < to.
  incomplete_spans: incompleteSpans(data.launches, now).map((span) => ({
    from: `${span.from}-01T00:00:00Z`,
    to: spanEnd(span),
    note: describeSpan(span),
  })),
  // Launches per year beside LL2's counts, astronauts' fields, the upcoming horizon (model/data-numbers.ts).
  data_in_numbers: dataNumbers(
    data.launches,
    data.reference.astronauts.values(),
    collections.upcomingLaunches.map((l) => l.net),
  ) as unknown as JsonObject,
  credit: { ...DATA_CREDIT },
});

/** Where each schema is published, under the API root. */
const schemaPaths = ({ baseUrl }: BuildInputs) => ({
  responses: Object.fromEntries(
    Object.entries(responseSchemas(baseUrl)).map(([name, schema]) => [
      name,
      { path: `schemas/responses/${name}.schema.json`, schema },
    ]),
  ),
  data: Object.fromEntries(
    Object.entries(dataFileSchemas()).map(([name, schema]) => [
      name,
      { path: `schemas/data/${name}.schema.json`, schema },
    ]),
  ),
});

/** The body of `schemas/`: the URL of every response schema and data-file schema, by name. */
export const schemaIndex = (inputs: BuildInputs): JsonObject =>
  Object.fromEntries(
    Object.entries(schemaPaths(inputs)).map(([group, schemas]) => [
      group,
      Object.fromEntries(Object.entries(schemas).map(([name, { path }]) => [name, `${inputs.baseUrl}${path}`])),
    ]),
  );

/** The API root, the build status, the schemas and the 404 body. */
export const apiMetadata = (context: BuildContext): OutputFile[] => [
  apiFile('index.json', apiRoot(context)),
  apiFile('status.json', buildStatus(context)),
  apiFile('schemas/index.json', schemaIndex(context)),
  ...Object.values(schemaPaths(context)).flatMap((schemas) =>
    Object.values(schemas).map(({ path, schema }) => apiFile(path, schema)),
  ),
  apiFile('404.json', NOT_FOUND_BODY),
  { path: '404.json', content: toSafeJson(NOT_FOUND_BODY) },
];
