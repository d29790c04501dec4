// LL2's object graph as records of their own: the boosters (LL2 launchers)
// nested in launches' `rocket.launcher_stage[].launcher`, in 2.2.0's layout
// (status a string, `image_url`) or 2.3.0's (status `{id, name}`, an image
// object), become records of `data/reference/launchers.yaml` (their statuses of
// `launcher-statuses.yaml`), and each stage refers to its booster by key. Used by
// `npm run migrate:graph` over the whole data folder and by the importer on the
// launches it writes. Idempotent: a stage that already holds a key is left as it
// is, and a booster record is replaced only by a statement at least as recent
// (its `last_launch_date`). Pure: parsed records in, new records and a report out.

import { launchSchema } from '../../schemas/data-files.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { ll2Slug, nestedProvenance } from './provenance.ts';
import type { Document } from 'yaml';
import { isObject } from './schema-walk.ts';
import { OUR_FIRST_ID, OUR_ID_COMMENT } from './keys.ts';
import {
  canonicalLaunch,
  canonicalReference,
  referenceFilePath,
  referenceFileYaml,
  toYaml,
  updateYaml,
} from './yaml-out.ts';

export interface GraphReference {
  launchers: ReadonlyMap<string, JsonObject>;
  launcherStatuses: ReadonlyMap<string, JsonObject>;
}

export interface GraphResult {
  /** The launches that changed: each with its record before and after. */
  launches: Array<{ index: number; before: JsonObject; after: JsonObject }>;
  launchers: Map<string, JsonObject>;
  launcherStatuses: Map<string, JsonObject>;
  /** Whether each reference kind changed (its file must be written). */
  changed: { launchers: boolean; launcherStatuses: boolean };
  /** What was converted, for the report: `conversion → times`. */
  conversions: Map<string, number>;
}

/** A key from a text: LL2's slug rule, never empty. */
const keyOf = (text: string, fallback: string): string => ll2Slug(text) || fallback;

const str = (value: Json | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

class Graph {
  readonly launchers: Map<string, JsonObject>;
  readonly statuses: Map<string, JsonObject>;
  readonly changed = { launchers: false, launcherStatuses: false };
  readonly conversions = new Map<string, number>();
  private readonly launcherKeyById = new Map<number, string>();

  constructor(reference: GraphReference) {
    this.launchers = new Map(reference.launchers);
    this.statuses = new Map(reference.launcherStatuses);
    for (const [key, record] of this.launchers)
      if (typeof record.id === 'number') this.launcherKeyById.set(record.id, key);
  }

  count(what: string): void {
    this.conversions.set(what, (this.conversions.get(what) ?? 0) + 1);
  }

  /** The key of a launcher status, given as 2.2.0's text or 2.3.0's `{id, name}`; null for LL2's "N/A" and empty text. */
  private status(value: Json | undefined, assumed: Record<string, string>): string | null {
    if (isObject(value) && typeof value.name === 'string') {
      const id = typeof value.id === 'number' ? value.id : undefined;
      const byId = id === undefined ? undefined : [...this.statuses].find(([, s]) => s.id === id)?.[0];
      if (byId) return byId;
      return this.statusByName(value.name, id);
    }
    const text = str(value)?.trim();
    if (text === undefined) return null;
    if (text === '' || text.toUpperCase() === 'N/A') {
      assumed.status = `LL2 2.2.0 gave "${text}"; published as null, LL2's value for an unknown status`;
      this.count('launcher status "N/A" → null');
      return null;
    }
    this.count('launcher status text → launcher status record');
    return this.statusByName(text[0].toUpperCase() + text.slice(1), undefined);
  }

  private statusByName(name: string, id: number | undefined): string {
    const found = [...this.statuses].find(([, s]) => String(s.name).toLowerCase() === name.toLowerCase());
    if (found) return found[0];
    const key = keyOf(name, 'unknown');
    const ids = [...this.statuses.values()].map((s) => Number(s.id));
    this.statuses.set(key, { id: id ?? Math.max(OUR_FIRST_ID - 1, ...ids) + 1, name });
    this.changed.launcherStatuses = true;
    return key;
  }

  /** A nested booster as our record, with its source in provenance. */
  private record(launcher: JsonObject, launch: JsonObject): JsonObject {
    const assumed: Record<string, string> = {};
    const record: JsonObject = { id: launcher.id as number, serial_number: str(launcher.serial_number) ?? null };
    record.status = this.status(launcher.status, assumed);
    for (const field of ['flight_proven', 'is_placeholder', 'details'])
      if (launcher[field] !== undefined && launcher[field] !== null) record[field] = launcher[field];
    if (isObject(launcher.image)) record.image = launcher.image;
    else if (typeof launcher.image_url === 'string' && launcher.image_url !== '') {
      // 2.2.0 gives the URL alone: id 0 says that the image has no LL2 image record here (as import/upgrade.ts does).
      record.image = { id: 0, name: '', image_url: launcher.image_url };
      this.count('launcher image_url → image object (id 0)');
    }
    for (const field of [
      'successful_landings',
      'attempted_landings',
      'flights',
      'first_launch_date',
      'last_launch_date',
      'fastest_turnaround',
    ]) {
      if (launcher[field] !== undefined) record[field] = launcher[field];
    }
    const source = isObject(launch.provenance) ? launch.provenance : {};
    const url = str(launcher.url);
    const version = str(source.ll2_version) ?? (url && /\/2\.2\.0\//.test(url) ? '2.2.0' : undefined);
    record.provenance = nestedProvenance(source, url, version, assumed);
    return record;
  }

  /** The key a nested booster is filed under; its record is added, or replaced by a statement at least as recent. */
  launcher(launcher: JsonObject, launch: JsonObject): string {
    const id = launcher.id as number;
    const incoming = this.record(launcher, launch);
    let key = this.launcherKeyById.get(id);
    if (key === undefined) {
      key = keyOf(str(launcher.serial_number) ?? '', `launcher-${id}`);
      if (this.launchers.has(key)) key = `${key}-${id}`;
      this.launcherKeyById.set(id, key);
      this.launchers.set(key, incoming);
      this.changed.launchers = true;
      return key;
    }
    const current = this.launchers.get(key)!;
    const stated = (r: JsonObject): string => str(r.last_launch_date) ?? '';
    if (stated(incoming) >= stated(current)) {
      // Fields the newer statement lacks are kept.
      const merged = { ...current, ...incoming };
      if (JSON.stringify(merged) !== JSON.stringify(current)) {
        this.launchers.set(key, merged);
        this.changed.launchers = true;
      }
    }
    return key;
  }
}

/** The launches' nested boosters as records, and the launches referring to them by key. */
export function extractGraph(launches: readonly JsonObject[], reference: GraphReference): GraphResult {
  const graph = new Graph(reference);
  const changedLaunches: GraphResult['launches'] = [];
  // Oldest launch first, so that the newest statement of a booster is the one kept when dates tie.
  const order = launches
    .map((launch, index) => ({ launch, index }))
    .sort((a, b) => String(a.launch.net ?? '').localeCompare(String(b.launch.net ?? '')) || a.index - b.index);
  for (const { launch, index } of order) {
    const rocket = launch.rocket;
    if (!isObject(rocket) || !Array.isArray(rocket.launcher_stage)) continue;
    if (
      !rocket.launcher_stage.some(
        (stage) => isObject(stage) && isObject(stage.launcher) && typeof stage.launcher.id === 'number',
      )
    )
      continue;
    const stages = rocket.launcher_stage.map((stage) => {
      if (!isObject(stage) || !isObject(stage.launcher) || typeof stage.launcher.id !== 'number') return stage;
      graph.count('nested launcher → launcher record');
      return { ...stage, launcher: graph.launcher(stage.launcher, launch) };
    });
    changedLaunches.push({
      index,
      before: launch,
      after: { ...launch, rocket: { ...rocket, launcher_stage: stages } },
    });
  }
  changedLaunches.sort((a, b) => a.index - b.index);
  return {
    launches: changedLaunches,
    launchers: graph.launchers,
    launcherStatuses: graph.statuses,
    changed: graph.changed,
    conversions: graph.conversions,
  };
}

/**
 * The files a graph extraction changes: each changed launch (its comments and the
 * form of untouched fields kept) and the reference files whose records changed,
 * written whole, sorted by key, with the id-of-ours comment above such records.
 */
export function graphFiles(
  result: GraphResult,
  existing: {
    launches: ReadonlyArray<{ path: string; doc?: Document }>;
    referencePaths: Partial<Record<'launchers' | 'launcherStatuses', string>>;
  },
): Array<{ path: string; content: string }> {
  const files: Array<{ path: string; content: string }> = [];
  for (const { index, before, after } of result.launches) {
    const { path, doc } = existing.launches[index];
    const canonical = canonicalLaunch(after);
    files.push({
      path,
      content: doc
        ? updateYaml(doc, canonicalLaunch(before), canonical, launchSchema)
        : toYaml(canonical, launchSchema),
    });
  }
  for (const kind of ['launchers', 'launcherStatuses'] as const) {
    if (!result.changed[kind]) continue;
    const records = new Map([...result[kind]].map(([key, record]) => [key, canonicalReference(kind, record)]));
    const comments = new Map(
      [...records].filter(([, r]) => Number(r.id) >= OUR_FIRST_ID).map(([key]) => [key, OUR_ID_COMMENT]),
    );
    files.push({
      path: existing.referencePaths[kind] ?? referenceFilePath(kind),
      content: referenceFileYaml(kind, records, comments),
    });
  }
  return files;
}
