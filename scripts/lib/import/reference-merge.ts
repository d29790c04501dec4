// Which of two statements of a record wins, and the provenance the winner carries.
// In: the record we hold and an incoming one (2.3.0 shapes), with what richer.ts
// kept. Out: whether the incoming one is staler, merged records with their
// `provenance.assumed` and source, and whether two records state the same. Pure.

import type { FileReferenceKind as ReferenceKind } from '../../schemas/data-files.ts';
import type { Json, JsonObject, ProvenanceRecord } from '../model/records.ts';
import { toMillis } from '../model/time.ts';
import { statement } from './filer.ts';
import { assumedLastUpdated, LL2_CREDIT, nestedProvenance, type Origin } from './provenance.ts';
import type { RicherMerge } from './richer.ts';
import { deepEqual, isObject } from './schema-walk.ts';
import { SPACECRAFT_KINDS } from './spacecraft.ts';
import { canonicalReference } from './yaml-out.ts';

/** Incoming is older than what we have (or cannot be told apart): keep ours. */
function olderThan(incoming: Json | undefined, existing: Json | undefined): boolean {
  if (typeof existing !== 'string' || Number.isNaN(toMillis(existing))) return false;
  if (typeof incoming !== 'string' || Number.isNaN(toMillis(incoming))) return true;
  return toMillis(incoming) < toMillis(existing);
}

/** As olderThan, but a `last_updated` an import assumed loses to one a source states, and wins over none. */
export function staler(incoming: JsonObject, incomingAssumed: boolean, existing: JsonObject): boolean {
  const existingAssumed = assumedLastUpdated(existing);
  if (existingAssumed !== incomingAssumed) return incomingAssumed;
  return olderThan(incoming.last_updated, existing.last_updated);
}

/** Our reference record's LL2 figures are as of a later date than `asOf`. */
export function statedLater(record: JsonObject, asOf: string | undefined): boolean {
  const ours = isObject(record.ll2_figures) ? record.ll2_figures.as_of : undefined;
  return asOf !== undefined && typeof ours === 'string' && toMillis(asOf) < toMillis(ours);
}

/** The same figures stated again keep the date they were first stated: a re-import does not rewrite a file for a date. */
export function keepAsOfUnlessChanged(merged: JsonObject, previous: JsonObject): JsonObject {
  const before = previous.ll2_figures;
  const after = merged.ll2_figures;
  if (!isObject(before) || !isObject(after) || before.as_of === undefined) return merged;
  const { as_of: _before, ...figuresBefore } = before;
  const { as_of: _after, ...figuresAfter } = after;
  return deepEqual(figuresBefore, figuresAfter)
    ? { ...merged, ll2_figures: { ...after, as_of: before.as_of } }
    : merged;
}

/** The value at a dotted path (`image`, `mission.image`) of a record. */
function valueAt(record: JsonObject, path: string): Json | undefined {
  return path.split('.').reduce<Json | undefined>((node, key) => (isObject(node) ? node[key] : undefined), record);
}

/**
 * The kinds filed from the objects launches nest (the object graph: graph.ts,
 * spacecraft.ts, astronauts.ts, listed.ts): their records name their source, as
 * launches do, so one the import adds or changes says which file stated it.
 */
export const SOURCED_KINDS: ReadonlySet<ReferenceKind> = new Set<ReferenceKind>([
  'launchers',
  'astronauts',
  ...SPACECRAFT_KINDS,
  'missionPatches',
  'updates',
]);

/** Whether two records of a sourced kind say the same, as their files would (fields our schema drops never count; nor does the source). */
export const sameStatement = (kind: ReferenceKind, a: JsonObject, b: JsonObject): boolean => {
  const stated = (record: JsonObject): JsonObject => canonicalReference(kind, statement(record));
  return deepEqual(stated(a), stated(b));
};

/** A record of a sourced kind with its source in `provenance` (credit, LL2 version, saved by) beside what it assumed; others as they are. */
export function withSource(kind: ReferenceKind, record: JsonObject, origin: Origin): JsonObject {
  if (!SOURCED_KINDS.has(kind)) return record;
  const assumed =
    isObject(record.provenance) && isObject(record.provenance.assumed)
      ? (record.provenance.assumed as Record<string, string>)
      : {};
  return {
    ...record,
    provenance: nestedProvenance({ saved_by: origin.savedBy ?? '' }, undefined, origin.version, assumed),
  };
}

/**
 * A merged reference record with its `provenance.assumed`: the assumptions of
 * the record before that still hold (their value is unchanged) and the new ones.
 * A record with nothing assumed has no provenance block.
 */
export function withAssumptions(previous: JsonObject, merge: RicherMerge): JsonObject {
  const before =
    isObject(previous.provenance) && isObject(previous.provenance.assumed) ? previous.provenance.assumed : {};
  const held = Object.entries(before).filter(([field]) =>
    deepEqual(valueAt(previous, field), valueAt(merge.record, field)),
  );
  const assumed = { ...Object.fromEntries(held), ...merge.assumed };
  const { provenance: _provenance, ...record } = merge.record;
  if (Object.keys(assumed).length === 0) return record;
  return { ...record, provenance: { credit: LL2_CREDIT, assumed } };
}

/**
 * A launch's or event's provenance after richer.ts kept older values: no
 * assumption about what was kept (the older source stated it), and the new ones.
 */
export function withRicher(provenance: ProvenanceRecord, merge: RicherMerge): ProvenanceRecord {
  const under = (field: string) => merge.kept.some((path) => field === path || field.startsWith(`${path}.`));
  const assumed = {
    ...Object.fromEntries(Object.entries(provenance.assumed ?? {}).filter(([field]) => !under(field))),
    ...merge.assumed,
  };
  const { assumed: _assumed, ...rest } = provenance;
  return Object.keys(assumed).length > 0 ? { ...rest, assumed } : rest;
}
