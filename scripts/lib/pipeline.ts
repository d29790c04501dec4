// The build from folder to folder: load → check → generate → write.

import { generateApi, type BuildInputs } from './api.ts';
import { checkData, type CheckResult } from './check.ts';
import { loadDataDir } from './load.ts';
import { DataError } from './problems.ts';
import { writeTreeAtomically } from './writer.ts';

export async function validateDataDir(dataDir: string, now: number): Promise<CheckResult> {
  return checkData(await loadDataDir(dataDir), now);
}

export interface BuildSummary {
  files: number;
  bytes: number;
  launches: number;
  events: number;
  warnings: CheckResult['problems'];
}

/** Builds the API from `dataDir` into `outDir`; throws DataError (writing nothing) if the data has errors. */
export async function buildSite(dataDir: string, outDir: string, inputs: BuildInputs): Promise<BuildSummary> {
  const checked = await validateDataDir(dataDir, inputs.now);
  if (!checked.dataset) throw new DataError(checked.problems);
  const files = generateApi(checked.dataset, inputs);
  await writeTreeAtomically(outDir, files);
  return {
    files: files.length,
    bytes: files.reduce((sum, f) => sum + Buffer.byteLength(f.content), 0),
    launches: checked.dataset.launches.length,
    events: checked.dataset.events.length,
    warnings: checked.problems,
  };
}
