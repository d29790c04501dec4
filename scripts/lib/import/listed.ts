// The objects launches list (mission patches, updates) as records of their own
// (issue 21). In: launches whose list field (`mission_patches`, `updates`) holds
// LL2's objects (a patch's agency already our key), and the records already
// filed. Out: one record per LL2 id (data/reference/mission-patches.yaml,
// updates.yaml), keyed by a key of ours from its name (a patch) or its id (an
// update), the newest launch's statement kept, its source in `provenance`; and
// the launches listing each by key. Pure; a second run changes nothing.

import type { JsonObject } from '../model/records.ts';
import { Conversions, oldestFirst, RecordFiler } from './filer.ts';
import { keyWord } from './keys.ts';
import { nestedProvenance } from './provenance.ts';
import { isObject } from './schema-walk.ts';

export interface ListedResult {
  launches: Array<{ index: number; after: JsonObject }>;
  records: Map<string, JsonObject>;
  changed: boolean;
  conversions: Map<string, number>;
}

/** What a launch lists: its field, the fields of a record, the field a key is made from (else `${prefix}-${id}`). */
export interface Listed {
  field: 'mission_patches' | 'updates';
  fields: readonly string[];
  name?: string;
  prefix: string;
  /** For the report: what one is called. */
  what: string;
}

export const MISSION_PATCHES: Listed = {
  field: 'mission_patches',
  fields: ['name', 'priority', 'image_url', 'agency'],
  name: 'name',
  prefix: keyWord('missionPatches'),
  what: 'mission patch',
};
export const UPDATES: Listed = {
  field: 'updates',
  fields: ['created_on', 'profile_image', 'comment', 'info_url', 'created_by'],
  prefix: keyWord('updates'),
  what: 'update',
};

export function extractListed(
  launches: readonly JsonObject[],
  filed: ReadonlyMap<string, JsonObject>,
  listed: Listed,
): ListedResult {
  const filer = new RecordFiler(filed, listed.prefix);
  const conversions = new Conversions();
  const changed: ListedResult['launches'] = [];
  for (const index of oldestFirst(launches)) {
    const launch = launches[index];
    const items = launch[listed.field];
    if (!Array.isArray(items) || !items.some((p) => isObject(p) && typeof p.id === 'number')) continue;
    const source = isObject(launch.provenance) ? launch.provenance : {};
    const after = items.map((item) => {
      if (!isObject(item) || typeof item.id !== 'number') return item;
      const record: JsonObject & { id: number } = { id: item.id };
      for (const field of listed.fields) if (item[field] !== undefined) record[field] = item[field];
      record.provenance = nestedProvenance(
        source,
        undefined,
        typeof source.ll2_version === 'string' ? source.ll2_version : undefined,
        {},
      );
      conversions.count(`nested ${listed.what} → ${listed.what} record`);
      const name = listed.name === undefined ? undefined : item[listed.name];
      return filer.file(record, typeof name === 'string' ? name : '');
    });
    changed.push({ index, after: { ...launch, [listed.field]: [...new Set(after)] } });
  }
  changed.sort((a, b) => a.index - b.index);
  return { launches: changed, records: filer.records, changed: filer.changed, conversions };
}
