// The small documents beside the LL2 resources: the API root (links to the
// collections and documents), status.json (the build clock and counts), the
// JSON Schemas of our responses and data files, and LL2's 404 body.

import { toSafeJson } from '../base/json.ts';
import type { JsonObject } from '../model/records.ts';
import { formatTimestamp } from '../model/time.ts';
import { dataFileSchemas } from '../../schemas/data-files.ts';
import { responseSchemas } from '../../schemas/responses.ts';
import type { BuildContext, BuildInputs } from './context.ts';
import { apiFile, type OutputFile } from './files.ts';
import { API_VERSION, COLLECTION_PATHS, NOT_FOUND_BODY } from './paths.ts';

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
