// What a build publishes: the API's generators (api.ts), the host adapter files
// read off that tree (hosts.ts), and .gz/.br twins of every JSON file (compress.ts).

import { generateApi, planApi, planned, type BuildInputs, type OutputFile, type PlannedFile } from './api.ts';
import { withCompressedTwins, type TwinLookup } from './compress.ts';
import { hostAdapters, withHostAdapters } from './hosts.ts';
import type { DataSet } from './model.ts';

/** The published tree without compressed twins (what the offline snapshot holds). */
export function siteFiles(data: DataSet, inputs: BuildInputs): OutputFile[] {
  return withHostAdapters(generateApi(data, inputs));
}

/** The published tree as written to the output folder: every JSON file with its .gz and .br twins. */
export async function publishedFiles(data: DataSet, inputs: BuildInputs, reuse?: TwinLookup): Promise<OutputFile[]> {
  return withCompressedTwins(siteFiles(data, inputs), reuse);
}

/** The published tree (without twins) as planned files: what the build publishes, rendered on demand. */
export function planSite(data: DataSet, inputs: BuildInputs): PlannedFile[] {
  const plan = planApi(data, inputs);
  return [...plan, ...hostAdapters(plan).map(planned)].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
