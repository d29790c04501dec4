// The build from folder to folder: load → check → generate → write. This is the
// one place that wires the stages together: it hands the registry of outputs
// (outputs/index.ts) to the planner (publish/plan.ts), so no stage imports a later one.

import path from 'node:path';
import type { BuildInputs } from './api/context.ts';
import type { OutputFile, PlannedFile } from './api/files.ts';
import type { DataSet } from './model/records.ts';
import { API_GENERATORS, OUTPUT_GENERATORS } from './outputs/index.ts';
import { checkData, type CheckResult } from './data/check.ts';
import { hostLimitWarnings, hostsOfTree, measureForHosts, type MeasuredFile } from './publish/host-limits.ts';
import { loadDataDir } from './data/load.ts';
import { openRecordCache, type RecordCache } from './data/record-cache.ts';
import { toolFingerprint } from './base/tool-identity.ts';
import { DataError } from './data/problems.ts';
import { planFiles, renderAll } from './publish/plan.ts';
import { compressionLevelFor, twinCompanions } from './publish/compress.ts';
import { HOST_FILES } from './outputs/hosts.ts';
import { publishPlan } from './publish/publish.ts';
import { UsageError } from './cli/options.ts';
import { outDirProblem } from './publish/out-dir.ts';
import type { ProgressListener } from './base/progress.ts';

/**
 * Checks the data folder. With a record cache, files unchanged since they last
 * passed their own checks are not parsed again, and newly clean files are remembered.
 */
export async function validateDataDir(
  dataDir: string,
  now: number,
  cache?: RecordCache,
  progress?: ProgressListener,
): Promise<CheckResult> {
  const loaded = await loadDataDir(dataDir, process.cwd(), cache, undefined, progress);
  progress?.({ stage: 'checking', files: loaded.files.length });
  const result = checkData(loaded, now);
  if (cache) {
    for (const file of loaded.files) {
      if (file.hash && file.checked && file.checked.content.length === 0 && !file.checked.form)
        cache.set(file.path, file.hash, file.value, file.stamp);
    }
    await cache.save(loaded.files.map((f) => f.path));
  }
  return result;
}

/** The record cache in `dir` for this version of the tool, or none when `dir` is undefined. */
export async function recordCacheIn(dir: string | undefined): Promise<RecordCache | undefined> {
  return dir === undefined ? undefined : openRecordCache(dir, toolFingerprint());
}

export interface BuildSummary {
  files: number;
  bytes: number;
  launches: number;
  events: number;
  warnings: CheckResult['problems'];
  /** Limits of the hosts that get this tree, which this build comes near or passes (host-limits.ts). */
  hostWarnings: string[];
  /** Whether every file was written (`full`) or only the changed ones (`incremental`). */
  mode: 'full' | 'incremental';
  rendered: number;
}

/** Builds the API from `dataDir` into `outDir`; throws DataError (writing nothing) if the data has errors. */
export async function buildSite(
  dataDir: string,
  outDir: string,
  inputs: BuildInputs,
  cache?: RecordCache,
  progress?: ProgressListener,
): Promise<BuildSummary> {
  const badOutDir = outDirProblem(path.resolve(outDir), path.resolve(dataDir), process.cwd());
  if (badOutDir)
    throw new UsageError(`the output folder ${outDir} ${badOutDir}; choose a folder of its own, e.g. public/`);
  const checked = await validateDataDir(dataDir, inputs.now, cache, progress);
  if (!checked.dataset) throw new DataError(checked.problems);
  progress?.({ stage: 'planning', launches: checked.dataset.launches.length, events: checked.dataset.events.length });
  // The API and the host adapter files (site.ts), each JSON file with .gz/.br twins;
  // only files whose fingerprint changed since the last build are rendered (publish.ts).
  const plan = planSite(checked.dataset, inputs);
  const level = compressionLevelFor(checked.dataset.launches.length + checked.dataset.events.length);
  // The recipe names the tool version too: input keys assume the same code made the files in place.
  const recipe = `twins:${level};tool:${toolFingerprint()}`;
  // Unchanged files keep their twins through the manifest; twins are never taken from a tree
  // made with another recipe, which could hold another compression level.
  const published = await publishPlan(outDir, plan, {
    recipe,
    companions: twinCompanions(level),
    progress: progress && ((done, total) => progress({ stage: 'publishing', done, total })),
  });
  // Host limits count the rules of _redirects too: its text, with the sizes of every file.
  const measured: MeasuredFile[] = published.tree;
  const redirects = measured.findIndex((f) => f.path === HOST_FILES.redirects);
  const redirectsPlan = plan.find((f) => f.path === HOST_FILES.redirects);
  if (redirects >= 0 && redirectsPlan)
    measured[redirects] = { ...measured[redirects], content: redirectsPlan.render() };
  const measures = measureForHosts(measured);
  return {
    files: measures.all.files,
    bytes: measures.all.bytes,
    launches: checked.dataset.launches.length,
    events: checked.dataset.events.length,
    warnings: checked.problems,
    hostWarnings: hostLimitWarnings(measures, hostsOfTree(inputs.collectionDetails)),
    mode: published.mode,
    rendered: published.rendered,
  };
}

/** Every file the outputs make (no host adapters), planned. */
export const planApi = (data: DataSet, inputs: BuildInputs): PlannedFile[] => planFiles(data, inputs, API_GENERATORS);

/** Every file the outputs make (no host adapters), rendered. */
export const generateApi = (data: DataSet, inputs: BuildInputs): OutputFile[] => renderAll(planApi(data, inputs));

/** The published tree without compressed twins, planned: what the build publishes. */
export const planSite = (data: DataSet, inputs: BuildInputs): PlannedFile[] =>
  planFiles(data, inputs, OUTPUT_GENERATORS);

/** The published tree without compressed twins, rendered (what the offline snapshot holds). */
export const siteFiles = (data: DataSet, inputs: BuildInputs): OutputFile[] => renderAll(planSite(data, inputs));
