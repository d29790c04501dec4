// Reading our data-file schemas as a description of the records: which fields a
// record has, in which order, which may be null or left out. Pure helpers.

import type { Schema } from '../../schemas/building-blocks.ts';
import { isObject } from '../base/json-types.ts';
import type { Json, JsonObject } from '../model/records.ts';

/** Re-exported for the importer's modules, which take it from here. */
export { isObject };

const typesOf = (schema: Schema): string[] => {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
};

/** A schema we keep as it comes (LL2 objects we do not model), e.g. rocket payloads. */
export const isPassthrough = (schema: Schema): boolean =>
  typesOf(schema).includes('object') && !schema.properties && !schema.additionalProperties;

export function allowsNull(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (typesOf(schema).includes('null')) return true;
  return Array.isArray(schema.anyOf) && (schema.anyOf as Schema[]).some(allowsNull);
}

/** For `anyOf` schemas (our nullable values), the branch describing a value of this shape. */
export function branchFor(schema: Schema, value: unknown): Schema {
  if (!Array.isArray(schema.anyOf)) return schema;
  const branches = schema.anyOf as Schema[];
  const wanted = Array.isArray(value)
    ? 'array'
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? 'object'
        : typeof value;
  return (
    branches.find((b) => typesOf(b).includes(wanted) || (wanted === 'object' && b.properties !== undefined)) ??
    branches.find((b) => !typesOf(b).includes('null') && b.const === undefined) ??
    branches[0]
  );
}

export const propertiesOf = (schema: Schema): Record<string, Schema> =>
  (schema.properties as Record<string, Schema> | undefined) ?? {};
export const requiredOf = (schema: Schema): string[] => (schema.required as string[] | undefined) ?? [];

/** The schema of the value at `path` inside a value described by `root`, or undefined. */
export function schemaAt(root: Schema, value: unknown, path: readonly (string | number)[]): Schema | undefined {
  let schema: Schema | undefined = root;
  let node: unknown = value;
  for (const segment of path) {
    if (!schema) return undefined;
    schema = branchFor(schema, node);
    if (Array.isArray(node)) {
      schema = schema.items as Schema | undefined;
      node = node[segment as number];
    } else if (isObject(node)) {
      const props = propertiesOf(schema);
      schema =
        props[segment as string] ??
        (isObject(schema.additionalProperties) ? (schema.additionalProperties as Schema) : undefined);
      node = node[segment as string];
    } else {
      return undefined;
    }
  }
  return schema;
}

/**
 * The canonical form of a record: keys in the schema's property order, and
 * optional fields that are null or empty lists left out (the build writes the
 * same null or [] for a missing field). Keyed reference files are sorted by key.
 * Objects we carry through unchanged keep their own keys and order.
 */
export function canonicalize(value: Json, schema: Schema | undefined): Json {
  if (!schema || value === null || typeof value !== 'object') return value;
  const branch = branchFor(schema, value);
  if (Array.isArray(value)) return value.map((item) => canonicalize(item, branch.items as Schema | undefined));
  if (isPassthrough(branch)) return value;
  const props = propertiesOf(branch);
  if (!branch.properties && isObject(branch.additionalProperties)) {
    const out: JsonObject = {};
    for (const key of Object.keys(value).sort())
      out[key] = canonicalize(value[key], branch.additionalProperties as Schema);
    return out;
  }
  const required = new Set(requiredOf(branch));
  const out: JsonObject = {};
  const keys = [...Object.keys(props).filter((k) => k in value), ...Object.keys(value).filter((k) => !(k in props))];
  for (const key of keys) {
    const field = value[key];
    if (field === undefined) continue;
    if (!required.has(key) && (field === null || (Array.isArray(field) && field.length === 0))) continue;
    if (
      !required.has(key) &&
      isObject(field) &&
      Object.keys(field).length === 0 &&
      props[key] &&
      !isPassthrough(branchFor(props[key], field))
    )
      continue;
    out[key] = canonicalize(field, props[key]);
  }
  return out;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => deepEqual(item, other[i]));
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return (
    ka.length === kb.length &&
    ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** Dotted paths (at most `depth` deep) where two records differ, e.g. `mission.description`. */
export function changedPaths(before: Json | undefined, after: Json | undefined, depth = 2, prefix = ''): string[] {
  if (deepEqual(before, after)) return [];
  if (depth === 0 || !isObject(before) || !isObject(after)) return [prefix || '(record)'];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.flatMap((k) => changedPaths(before[k], after[k], depth - 1, prefix ? `${prefix}.${k}` : k));
}
