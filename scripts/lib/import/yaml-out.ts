// Writing records as YAML files in the canonical form `npm run validate` checks
// (canonical.ts: schema key order, plain scalars, inline key lists, UTC
// timestamps with Z), after leaving out optional fields that are null or empty.

import { Document, isMap, isScalar, type Pair, type YAMLMap } from 'yaml';
import type { Schema } from '../../schemas/building-blocks.ts';
import { canonicalText, recordToYaml } from '../data/canonical.ts';
import {
  eventSchema,
  launchSchema,
  REFERENCE_FILES,
  REFERENCE_KINDS,
  type FileReferenceKind as ReferenceKind,
} from '../../schemas/data-files.ts';
import { keyedRecords } from '../../schemas/building-blocks.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { canonicalize, deepEqual, isObject } from './schema-walk.ts';

/** The YAML text of a value in canonical form (copied first, so that shared objects never become anchors). */
export function toYaml(value: Json, schema: Schema): string {
  return recordToYaml(JSON.parse(JSON.stringify(value)) as Json, schema);
}

const keyedSchemas = new Map<ReferenceKind, Schema>();
export function referenceFileSchema(kind: ReferenceKind): Schema {
  let schema = keyedSchemas.get(kind);
  if (!schema) keyedSchemas.set(kind, (schema = keyedRecords(REFERENCE_KINDS[kind])));
  return schema;
}

export const canonicalLaunch = (record: JsonObject): JsonObject => canonicalize(record, launchSchema) as JsonObject;
export const canonicalEvent = (record: JsonObject): JsonObject => canonicalize(record, eventSchema) as JsonObject;
export const canonicalReference = (kind: ReferenceKind, record: JsonObject): JsonObject =>
  canonicalize(record, REFERENCE_KINDS[kind]) as JsonObject;

/** A whole reference file: records sorted by key, each in canonical form; `keyComments` go above their keys. */
export function referenceFileYaml(
  kind: ReferenceKind,
  records: Map<string, JsonObject>,
  keyComments: ReadonlyMap<string, string> = new Map(),
): string {
  const schema = referenceFileSchema(kind);
  const value = JSON.parse(JSON.stringify(canonicalize(Object.fromEntries(records), schema))) as Json;
  if (keyComments.size === 0) return toYaml(value, schema);
  const doc = new Document(value);
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      const comment = keyComments.get(keyOf(pair as Pair));
      if (comment !== undefined && isScalar(pair.key)) pair.key.commentBefore = comment;
    }
  }
  return canonicalText(doc, schema);
}

/** Where new records go: `launches/<YYYY>/<slug>.yaml`, `events/<YYYY>/<slug>.yaml` (undated events under `undated/`). */
export const launchFilePath = (record: { net: string; slug: string }, suffix = ''): string =>
  `launches/${record.net.slice(0, 4)}/${record.slug}${suffix}.yaml`;
export const eventFilePath = (record: { date: string | null; slug: string }, suffix = ''): string =>
  `events/${record.date ? record.date.slice(0, 4) : 'undated'}/${record.slug}${suffix}.yaml`;
export const referenceFilePath = (kind: ReferenceKind): string => `reference/${REFERENCE_FILES[kind]}.yaml`;

/**
 * Applies the changes from `before` to `after` (both canonical records) to a
 * parsed file, so that comments and the form of untouched fields stay, then
 * writes it in canonical form. Keys of a reference file that is sorted stay
 * sorted; otherwise new keys go at the end.
 */
export function updateYaml(
  doc: Document,
  before: JsonObject,
  after: JsonObject,
  schema: Schema,
  keyComments: ReadonlyMap<string, string> = new Map(),
  staleComments: ReadonlyMap<string, string> = new Map(),
): string {
  const copy = doc.clone();
  if (!isMap(copy.contents)) return toYaml(after, schema);
  applyChanges(copy, copy.contents, before, after, keyComments);
  // `staleComments`: a comment above a key that no longer holds (an id of ours that became LL2's), removed.
  for (const pair of copy.contents.items) {
    const stale = staleComments.get(keyOf(pair as Pair));
    if (stale !== undefined && isScalar(pair.key) && pair.key.commentBefore?.trim() === stale.trim())
      pair.key.commentBefore = undefined;
  }
  return canonicalText(copy, schema);
}

const keyOf = (pair: Pair): string => String(isScalar(pair.key) ? pair.key.value : pair.key);

/** `keyComments`: comments above keys added at this level (an id of ours, say). */
function applyChanges(
  doc: Document,
  map: YAMLMap,
  before: JsonObject,
  after: JsonObject,
  keyComments: ReadonlyMap<string, string> = new Map(),
): void {
  const keys = map.items.map((p) => keyOf(p as Pair));
  const sorted = keys.every((k, i) => i === 0 || keys[i - 1] <= k);
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[key];
    const a = after[key];
    if (deepEqual(b, a)) continue;
    const pair = map.items.find((p) => keyOf(p as Pair) === key) as Pair | undefined;
    if (a === undefined) {
      if (pair) map.items.splice(map.items.indexOf(pair), 1);
    } else if (pair && isMap(pair.value) && isObject(a) && isObject(b)) {
      applyChanges(doc, pair.value, b, a);
    } else if (pair && isScalar(pair.value) && (a === null || typeof a !== 'object')) {
      pair.value.value = a; // the node, and any comment on it, stays
    } else if (pair) {
      pair.value = doc.createNode(JSON.parse(JSON.stringify(a)), { aliasDuplicateObjects: false });
    } else {
      const added = doc.createPair(key, JSON.parse(JSON.stringify(a)), { aliasDuplicateObjects: false });
      const comment = keyComments.get(key);
      if (comment !== undefined && isScalar(added.key)) added.key.commentBefore = comment;
      const at = sorted ? map.items.findIndex((p) => keyOf(p as Pair) > key) : -1;
      if (at < 0) map.items.push(added);
      else map.items.splice(at, 0, added);
    }
  }
}
