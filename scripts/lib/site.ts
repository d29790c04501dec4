// What a build publishes: the API's generators (api.ts), the host adapter files
// read off that tree (hosts.ts), and .gz/.br twins of every JSON file (compress.ts).

import { generateApi, type BuildInputs, type OutputFile } from './api.ts';
import { withCompressedTwins, type TwinLookup } from './compress.ts';
import { withHostAdapters } from './hosts.ts';
import type { DataSet } from './model.ts';

/** The published tree without compressed twins (what the offline snapshot holds). */
export function siteFiles(data: DataSet, inputs: BuildInputs): OutputFile[] {
  return withHostAdapters(generateApi(data, inputs));
}

/** The published tree as written to the output folder: every JSON file with its .gz and .br twins. */
export async function publishedFiles(data: DataSet, inputs: BuildInputs, reuse?: TwinLookup): Promise<OutputFile[]> {
  return withCompressedTwins(siteFiles(data, inputs), reuse);
}
