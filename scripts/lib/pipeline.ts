// The build from folder to folder: load → check → generate → write.

import path from 'node:path';
import type { BuildInputs } from './api.ts';
import { checkData, type CheckResult } from './check.ts';
import { checkHostLimits } from './host-limits.ts';
import { loadDataDir } from './load.ts';
import { DataError } from './problems.ts';
import { publishedFiles } from './site.ts';
import { previousTwins } from './twin-reuse.ts';
import { writeTreeAtomically } from './writer.ts';
import { UsageError } from './options.ts';
import { outDirProblem } from './out-dir.ts';

export async function validateDataDir(dataDir: string, now: number): Promise<CheckResult> {
  return checkData(await loadDataDir(dataDir), now);
}

export interface BuildSummary {
  files: number;
  bytes: number;
  launches: number;
  events: number;
  warnings: CheckResult['problems'];
  /** Static-host limits this build comes near or passes (host-limits.ts). */
  hostWarnings: string[];
}

/** Builds the API from `dataDir` into `outDir`; throws DataError (writing nothing) if the data has errors. */
export async function buildSite(dataDir: string, outDir: string, inputs: BuildInputs): Promise<BuildSummary> {
  const badOutDir = outDirProblem(path.resolve(outDir), path.resolve(dataDir), process.cwd());
  if (badOutDir) throw new UsageError(`the output folder ${outDir} ${badOutDir}; choose a folder of its own, e.g. public/`);
  const checked = await validateDataDir(dataDir, inputs.now);
  if (!checked.dataset) throw new DataError(checked.problems);
  // The API, the host adapter files, and .gz/.br twins of every JSON file (site.ts),
  // reusing the previous build's twins of unchanged files.
  const files = await publishedFiles(checked.dataset, inputs, previousTwins(outDir));
  await writeTreeAtomically(outDir, files);
  return {
    files: files.length,
    bytes: files.reduce((sum, f) => sum + Buffer.byteLength(f.content), 0),
    launches: checked.dataset.launches.length,
    events: checked.dataset.events.length,
    warnings: checked.problems,
    hostWarnings: checkHostLimits(files),
  };
}
