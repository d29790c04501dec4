// The I/O edge of `npm run migrate:graph`: reads the data folder, brings the
// reference records to the current schema (conform.ts: LL2's "" for an unknown
// link becomes null), files the objects nested in launches as records of their
// own (boosters: graph.ts; astronauts: astronauts.ts; landings and spacecraft:
// spacecraft.ts; mission patches and updates: listed.ts; docking events: dockings.ts) and writes the launches
// that changed (comments and untouched fields kept) and the reference files that
// gained or changed records. Running it again on its own result changes nothing.

import { loadDataDir } from '../data/load.ts';
import type { Problem } from '../data/problems.ts';
import type { JsonObject } from '../model/records.ts';
import { extractAstronauts } from './astronauts.ts';
import { conformReference } from './conform.ts';
import { extractGraph, graphFiles } from './graph.ts';
import { extractSpacecraft, SPACECRAFT_KINDS } from './spacecraft.ts';
import { extractListed, MISSION_PATCHES, UPDATES } from './listed.ts';
import { extractDockings } from './dockings.ts';
import type { FileReferenceKind as ReferenceKind } from '../../schemas/data-files.ts';
import {
  referenceFilePath,
  referenceFileSchema,
  referenceFileYaml,
  canonicalReference,
  updateYaml,
} from './yaml-out.ts';
import { existingData, writeFiles } from './io.ts';

export interface MigrationRun {
  /** Files written (or, on a dry run, that would be), relative to the data folder. */
  files: string[];
  conversions: Map<string, number>;
  problems: Problem[];
}

/** What a step after the boosters' changed: launches, by index, after it; the reference records it filed. */
interface Step {
  launches: Array<{ index: number; after: JsonObject }>;
  conversions: Map<string, number>;
  files: Array<[ReferenceKind, Map<string, JsonObject>]>;
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
  // The further steps, each over the launches as the steps before it left them: the crews' astronauts
  // (import/astronauts.ts), the stages' landings and spacecraft (import/spacecraft.ts), the mission patches and updates (import/listed.ts).
  const current = records.slice();
  const changed = new Map(result.launches.map((l) => [l.index, l]));
  const referenceFiles: Array<[ReferenceKind, Map<string, JsonObject>]> = [];
  const steps: Array<(launches: JsonObject[]) => Step> = [
    (launches) => {
      const { countries, agencies, astronauts } = existing.reference;
      const crews = extractAstronauts(launches, { countries, agencies, astronauts });
      return { ...crews, files: crews.changed ? [['astronauts', crews.astronauts]] : [] };
    },
    (launches) => {
      const { agencies, locations, landings, spacecraft, spacecraftConfigurations, spacecraftFlights } =
        existing.reference;
      const stages = extractSpacecraft(launches, {
        agencies,
        locations,
        landings,
        spacecraft,
        spacecraftConfigurations,
        spacecraftFlights,
      });
      return {
        ...stages,
        files: SPACECRAFT_KINDS.filter((kind) => stages.changed[kind]).map((kind) => [kind, stages.records[kind]]),
      };
    },
    ...(
      [
        ['missionPatches', MISSION_PATCHES],
        ['updates', UPDATES],
      ] as const
    ).map(([kind, listed]) => (launches: JsonObject[]): Step => {
      const filed = extractListed(launches, existing.reference[kind], listed);
      return { ...filed, files: filed.changed ? [[kind, filed.records]] : [] };
    }),
    (launches) => {
      const filed = extractDockings(launches, existing.reference);
      return {
        launches: [],
        conversions: filed.conversions,
        files: filed.changed ? [['dockingEvents', filed.records]] : [],
      };
    },
  ];
  for (const step of steps) {
    for (const { index, after } of result.launches) current[index] = after;
    const done = step(current);
    for (const { index, after } of done.launches) {
      changed.set(index, { index, before: records[index], after });
      current[index] = after;
    }
    result.launches = [...changed.values()].sort((a, b) => a.index - b.index);
    for (const [what, times] of done.conversions) result.conversions.set(what, times);
    referenceFiles.push(...done.files);
  }
  const files = graphFiles(result, existing);
  for (const [kind, filed] of referenceFiles) {
    const canonical = new Map([...filed].map(([key, record]) => [key, canonicalReference(kind, record)]));
    files.push({
      path: existing.referencePaths[kind] ?? referenceFilePath(kind),
      content: referenceFileYaml(kind, canonical, new Map()),
    });
  }
  for (const [kind, records] of conformed.changed) {
    const path = existing.referencePaths[kind] ?? referenceFilePath(kind);
    if (files.some((f) => f.path === path)) continue; // written whole above, from the repaired records
    const canonicalAll = (all: ReadonlyMap<string, JsonObject>) =>
      Object.fromEntries([...all].map(([k, r]) => [k, canonicalReference(kind, r)]));
    const doc = existing.referenceDocs?.[kind];
    files.push({
      path,
      content: doc
        ? updateYaml(doc, canonicalAll(before.get(kind)!), canonicalAll(records), referenceFileSchema(kind))
        : referenceFileYaml(kind, new Map(Object.entries(canonicalAll(records)))),
    });
  }
  if (conformed.changes.length > 0)
    result.conversions.set('reference value repaired to the schema (e.g. "" link → null)', conformed.changes.length);
  if (!dryRun) await writeFiles(dataDir, files);
  return { files: files.map((f) => f.path), conversions: result.conversions, problems: [] };
}
