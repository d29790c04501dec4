// The I/O edge of `npm run migrate:graph`: reads the data folder, brings the
// reference records to the current schema (conform.ts: LL2's "" for an unknown
// link becomes null), files the objects nested in launches as records of their
// own (graph.ts) and writes the launches that changed (comments and untouched
// fields kept) and the reference files that gained or changed records. Running it
// again on its own result changes nothing.

import { loadDataDir } from '../data/load.ts';
import type { Problem } from '../data/problems.ts';
import type { JsonObject } from '../model/records.ts';
import { extractAstronauts } from './astronauts.ts';
import { conformReference } from './conform.ts';
import { extractGraph, graphFiles } from './graph.ts';
import { referenceFilePath, referenceFileSchema, referenceFileYaml, canonicalReference, updateYaml } from './yaml-out.ts';
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
  // Reference records repaired first, so that the steps below file from (and write) the repaired ones.
  const conformed = conformReference(existing.reference);
  const before = new Map([...conformed.changed.keys()].map((kind) => [kind, existing.reference[kind]]));
  for (const [kind, records] of conformed.changed) existing.reference[kind] = records;
  const records = existing.launches.map((l) => l.record);
  const result = extractGraph(records, existing.reference);
  // The crews' astronauts (import/astronauts.ts), over the launches as the booster step left them.
  const current = records.slice();
  for (const { index, after } of result.launches) current[index] = after;
  const { countries, agencies, astronauts: filed } = existing.reference;
  const crews = extractAstronauts(current, { countries, agencies, astronauts: filed });
  const changed = new Map(result.launches.map((l) => [l.index, l]));
  for (const { index, after } of crews.launches) changed.set(index, { index, before: records[index], after });
  result.launches = [...changed.values()].sort((a, b) => a.index - b.index);
  for (const [what, times] of crews.conversions) result.conversions.set(what, times);
  const files = graphFiles(result, existing);
  if (crews.changed) {
    const astronauts = new Map([...crews.astronauts].map(([key, record]) => [key, canonicalReference('astronauts', record)]));
    files.push({ path: existing.referencePaths.astronauts ?? referenceFilePath('astronauts'), content: referenceFileYaml('astronauts', astronauts, new Map()) });
  }
  for (const [kind, records] of conformed.changed) {
    const path = existing.referencePaths[kind] ?? referenceFilePath(kind);
    if (files.some((f) => f.path === path)) continue; // written whole above, from the repaired records
    const canonicalAll = (all: ReadonlyMap<string, JsonObject>) => Object.fromEntries([...all].map(([k, r]) => [k, canonicalReference(kind, r)]));
    const doc = existing.referenceDocs?.[kind];
    files.push({ path, content: doc ? updateYaml(doc, canonicalAll(before.get(kind)!), canonicalAll(records), referenceFileSchema(kind)) : referenceFileYaml(kind, new Map(Object.entries(canonicalAll(records)))) });
  }
  if (conformed.changes.length > 0) result.conversions.set('reference value repaired to the schema (e.g. "" link → null)', conformed.changes.length);
  if (!dryRun) await writeFiles(dataDir, files);
  return { files: files.map((f) => f.path), conversions: result.conversions, problems: [] };
}
