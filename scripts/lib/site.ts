// What a build publishes: the API's generators (api.ts) and the host adapter files
// read off that tree (hosts.ts). Compressed twins are added when publishing (compress.ts).

import { byPath, generateApi, planApi, planned, type BuildInputs, type OutputFile, type PlannedFile } from './api.ts';
import { hostAdapters, withHostAdapters } from './hosts.ts';
import type { DataSet } from './model.ts';

/** The published tree without compressed twins (what the offline snapshot holds). */
export function siteFiles(data: DataSet, inputs: BuildInputs): OutputFile[] {
  return withHostAdapters(generateApi(data, inputs));
}

/** The published tree (without twins) as planned files: what the build publishes, rendered on demand. */
export function planSite(data: DataSet, inputs: BuildInputs): PlannedFile[] {
  const plan = planApi(data, inputs); // sorted by path
  const adapters = hostAdapters(plan).map(planned).sort(byPath);
  // A merge, not a sort: the plan has one file per record.
  const merged: PlannedFile[] = [];
  let i = 0;
  for (const file of plan) {
    while (i < adapters.length && byPath(adapters[i], file) < 0) merged.push(adapters[i++]);
    merged.push(file);
  }
  return merged.concat(adapters.slice(i));
}
