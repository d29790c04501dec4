// The registry of output generators: every kind of file a build publishes, in one
// list that the pipeline hands to the planner (publish/plan.ts). Adding an output
// is one module and one line here; the planner never imports the outputs.

import type { Generator } from '../api/context.ts';
import { apiMetadata } from '../api/metadata.ts';
import { ll2Resources } from '../api/resources.ts';
import { calendarFiles } from './calendars.ts';
import { hostAdapters } from './hosts.ts';
import { openApiFiles } from './openapi.ts';
import { sitePages } from './page/index.ts';

/** The API and the pages for people beside it. */
export const API_GENERATORS: readonly Generator[] = [ll2Resources, apiMetadata, calendarFiles, sitePages, openApiFiles];

/** What hosts need to serve that tree like the API (rewrites, headers, 404 page). */
export const HOST_GENERATORS: readonly Generator[] = [hostAdapters];

/** Everything a build publishes. */
export const OUTPUT_GENERATORS: readonly Generator[] = [...API_GENERATORS, ...HOST_GENERATORS];
