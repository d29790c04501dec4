// The registry of output generators: every kind of file a build publishes, in one
// list that the pipeline hands to the planner (publish/plan.ts). Adding an output
// is one module and one line here; the planner never imports the outputs.

import type { Generator } from '../api/context.ts';
import { apiMetadata } from '../api/metadata.ts';
import { derivedViews } from '../api/views.ts';
import { ll2Resources } from '../api/resources.ts';
import { calendarFiles } from './calendars.ts';
import { changeFiles } from './changes.ts';
import { edgeWorker } from './edge-worker.ts';
import { hostAdapters } from './hosts.ts';
import { netlifyEdgeFunction } from './netlify-edge.ts';
import { openApiFiles } from './openapi.ts';
import { sitePages } from './page/index.ts';
import { queryIndexFiles } from './query-index.ts';

/** The API, the pages for people beside it, and the query index the runtime side reads. */
export const API_GENERATORS: readonly Generator[] = [
  ll2Resources,
  apiMetadata,
  derivedViews,
  calendarFiles,
  changeFiles,
  sitePages,
  openApiFiles,
  queryIndexFiles,
];

/** What hosts need to serve that tree like the API (rewrites, headers, 404 page, the edge worker and function). */
export const HOST_GENERATORS: readonly Generator[] = [hostAdapters, edgeWorker, netlifyEdgeFunction];

/** Everything a build publishes. */
export const OUTPUT_GENERATORS: readonly Generator[] = [...API_GENERATORS, ...HOST_GENERATORS];
