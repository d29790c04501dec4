// What a build publishes: the API's generators (api.ts) and the host adapter files
// read off that tree (hosts.ts). Compressed twins are added when publishing (compress.ts).

import { generateApi, planApi, planned, type BuildInputs, type OutputFile, type PlannedFile } from './api.ts';
import { hostAdapters, withHostAdapters } from './hosts.ts';
import type { DataSet } from './model.ts';

/** The published tree without compressed twins (what the offline snapshot holds). */
export function siteFiles(data: DataSet, inputs: BuildInputs): OutputFile[] {
  return withHostAdapters(generateApi(data, inputs));
}

/** The published tree (without twins) as planned files: what the build publishes, rendered on demand. */
export function planSite(data: DataSet, inputs: BuildInputs): PlannedFile[] {
  const plan = planApi(data, inputs);
  return [...plan, ...hostAdapters(plan).map(planned)].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
