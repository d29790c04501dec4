// The I/O edge of `npm run migrate:graph`: reads the data folder, files the
// objects nested in launches as records of their own (graph.ts) and writes the
// launches that changed (comments and untouched fields kept) and the reference
// files that gained or changed records. Running it again on its own result
// changes nothing.

import { loadDataDir } from '../data/load.ts';
import type { Problem } from '../data/problems.ts';
import { extractGraph, graphFiles } from './graph.ts';
import { existingData, writeFiles } from './io.ts';

export interface MigrationRun {
  /** Files written (or, on a dry run, that would be), relative to the data folder. */
  files: string[];
  conversions: Map<string, number>;
  problems: Problem[];
}

export async function migrateGraph(dataDir: string, { dryRun = false } = {}): Promise<MigrationRun> {
  const loaded = await loadDataDir(dataDir, dataDir);
  const problems = loaded.problems.filter((p) => p.severity === 'error');
  if (problems.length > 0) return { files: [], conversions: new Map(), problems };
  const existing = existingData(loaded);
  const result = extractGraph(existing.launches.map((l) => l.record), existing.reference);
  const files = graphFiles(result, existing);
  if (!dryRun) await writeFiles(dataDir, files);
  return { files: files.map((f) => f.path), conversions: result.conversions, problems: [] };
}
