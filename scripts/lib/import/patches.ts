// Mission patches as records of their own (issue 21). In: launches whose
// `mission_patches` hold LL2's patch objects (`{id, name, priority, image_url,
// agency}`, the agency already our key), and the patches already filed. Out: one
// record per LL2 patch id (data/reference/mission-patches.yaml), keyed by LL2's
// slug of its name, the newest launch's statement kept, its source in
// `provenance`; and the launches listing each patch by key. Pure; a second run
// changes nothing.

import type { JsonObject } from '../model/records.ts';
import { Conversions, oldestFirst, RecordFiler } from './filer.ts';
import { nestedProvenance } from './provenance.ts';
import { isObject } from './schema-walk.ts';

export interface PatchResult {
  launches: Array<{ index: number; after: JsonObject }>;
  records: Map<string, JsonObject>;
  changed: boolean;
  conversions: Map<string, number>;
}

const PATCH_FIELDS = ['name', 'priority', 'image_url', 'agency'] as const;

export function extractPatches(launches: readonly JsonObject[], filed: ReadonlyMap<string, JsonObject>): PatchResult {
  const filer = new RecordFiler(filed, 'mission-patch');
  const conversions = new Conversions();
  const changed: PatchResult['launches'] = [];
  for (const index of oldestFirst(launches)) {
    const launch = launches[index];
    const patches = launch.mission_patches;
    if (!Array.isArray(patches) || !patches.some((p) => isObject(p) && typeof p.id === 'number')) continue;
    const source = isObject(launch.provenance) ? launch.provenance : {};
    const after = patches.map((patch) => {
      if (!isObject(patch) || typeof patch.id !== 'number') return patch;
      const record: JsonObject & { id: number } = { id: patch.id };
      for (const field of PATCH_FIELDS) if (patch[field] !== undefined) record[field] = patch[field];
      record.provenance = nestedProvenance(source, undefined, typeof source.ll2_version === 'string' ? source.ll2_version : undefined, {});
      conversions.count('nested mission patch → mission patch record');
      return filer.file(record, typeof patch.name === 'string' ? patch.name : '');
    });
    changed.push({ index, after: { ...launch, mission_patches: [...new Set(after)] } });
  }
  changed.sort((a, b) => a.index - b.index);
  return { launches: changed, records: filer.records, changed: filer.changed, conversions };
}
