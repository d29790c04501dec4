// Writing records as YAML in canonical form: schema key order, block mappings,
// plain scalars wherever YAML allows them (timestamps stay strings ending in Z
// under the core schema the loader uses), no line folding, no anchors.

import { Document } from 'yaml';
import type { Schema } from '../../schemas/building-blocks.ts';
import { eventSchema, launchSchema, REFERENCE_FILES, REFERENCE_KINDS, type ReferenceKind } from '../../schemas/data-files.ts';
import { keyedRecords } from '../../schemas/building-blocks.ts';
import type { Json, JsonObject } from '../model.ts';
import { canonicalize } from './schema-walk.ts';

export function toYaml(value: Json): string {
  const doc = new Document(value, { schema: 'core', aliasDuplicateObjects: false });
  return doc.toString({ lineWidth: 0, indentSeq: true });
}

const keyedSchemas = new Map<ReferenceKind, Schema>();
export function referenceFileSchema(kind: ReferenceKind): Schema {
  let schema = keyedSchemas.get(kind);
  if (!schema) keyedSchemas.set(kind, (schema = keyedRecords(REFERENCE_KINDS[kind])));
  return schema;
}

export const canonicalLaunch = (record: JsonObject): JsonObject => canonicalize(record, launchSchema) as JsonObject;
export const canonicalEvent = (record: JsonObject): JsonObject => canonicalize(record, eventSchema) as JsonObject;
export const canonicalReference = (kind: ReferenceKind, record: JsonObject): JsonObject => canonicalize(record, REFERENCE_KINDS[kind]) as JsonObject;

/** A whole reference file: records sorted by key, each in canonical form. */
export function referenceFileYaml(kind: ReferenceKind, records: Map<string, JsonObject>): string {
  return toYaml(canonicalize(Object.fromEntries(records), referenceFileSchema(kind)));
}

/** Where new records go: `launches/<YYYY>/<slug>.yaml`, `events/<YYYY>/<slug>.yaml` (undated events under `undated/`). */
export const launchFilePath = (record: { net: string; slug: string }, suffix = ''): string =>
  `launches/${record.net.slice(0, 4)}/${record.slug}${suffix}.yaml`;
export const eventFilePath = (record: { date: string | null; slug: string }, suffix = ''): string =>
  `events/${record.date ? record.date.slice(0, 4) : 'undated'}/${record.slug}${suffix}.yaml`;
export const referenceFilePath = (kind: ReferenceKind): string => `reference/${REFERENCE_FILES[kind]}.yaml`;
