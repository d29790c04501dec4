// Records of the data folder brought to the current schema, for `npm run
// migrate:graph`: each reference record is repaired as the importer repairs what it
// files (repair.ts), e.g. LL2's "" for an unknown link (a nullable uri in 2.3.0)
// becomes null, which the canonical form leaves out. Pure: the reference records
// in; the records after, with what changed, out. A second run changes nothing.

import { REFERENCE_KINDS, type FileReferenceKind as ReferenceKind } from '../../schemas/data-files.ts';
import type { JsonObject } from '../model/records.ts';
import { repairRecord } from './repair.ts';

export interface ConformResult {
  /** The kinds with a record that changed: all their records after the repair. */
  changed: Map<ReferenceKind, Map<string, JsonObject>>;
  /** One line per change: `agencies "soviet-space-program": set info_url to null`. */
  changes: string[];
  /** Records that could not be made valid, with why (left as they were). */
  problems: string[];
}

export function conformReference(
  reference: Partial<Record<ReferenceKind, ReadonlyMap<string, JsonObject>>>,
): ConformResult {
  const changed = new Map<ReferenceKind, Map<string, JsonObject>>();
  const changes: string[] = [];
  const problems: string[] = [];
  for (const kind of Object.keys(REFERENCE_KINDS) as ReferenceKind[]) {
    const records = reference[kind];
    if (!records) continue;
    let after: Map<string, JsonObject> | undefined;
    for (const [key, record] of records) {
      const copy = structuredClone(record);
      const result = repairRecord(copy, REFERENCE_KINDS[kind]);
      if (!result.ok) {
        problems.push(`${kind} "${key}": ${result.reason}`);
        continue;
      }
      if (result.changes.length === 0) continue;
      after ??= new Map(records);
      after.set(key, copy);
      for (const change of result.changes) changes.push(`${kind} "${key}": ${change}`);
    }
    if (after) changed.set(kind, after);
  }
  return { changed, changes, problems };
}
