// Where LL2 data would break our schema, the smallest sensible change, each one
// reported: text over the maximum length is shortened, timestamps are rewritten
// as UTC seconds, an invalid URL (e.g. "") becomes null where null is allowed, is
// left out where the field is optional, or takes its list item with it. The
// record's own schema decides, checked with the same ajv setup as validation.

import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Schema } from '../../schemas/building-blocks.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { createAjv } from '../data/schema-check.ts';
import { formatTimestamp } from '../model/time.ts';
import { allowsNull, branchFor, isObject, requiredOf, schemaAt } from './schema-walk.ts';

type Path = (string | number)[];

export interface RepairResult {
  ok: boolean;
  /** One line per change: `mission.info_urls[0].url: "" is not a valid URL; list item removed`. */
  changes: string[];
  /** Why the record could not be made valid. */
  reason?: string;
  /** The changes that lost some of the source's content (text shortened, items cut, a value left out), by field: reported apart (report.ts). */
  trimmed: string[];
}

const validators = new Map<Schema, ValidateFunction>();
const ajv = createAjv();

function validatorFor(schema: Schema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
  return validate;
}

const parsePointer = (pointer: string): Path =>
  pointer
    ? pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
        .map((s) => (/^\d+$/.test(s) ? Number(s) : s))
    : [];

export const formatPath = (path: readonly (string | number)[]): string =>
  path.reduce<string>((out, s) => (typeof s === 'number' ? `${out}[${s}]` : out ? `${out}.${s}` : s), '') || '(record)';

function getAt(root: Json, path: Path): Json | undefined {
  let node: Json | undefined = root;
  for (const s of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, Json>)[s as string];
  }
  return node;
}

const preview = (value: Json | undefined): string => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** Shortens to `limit` code points (as JSON Schema counts), ending with an ellipsis. */
export function truncate(text: string, limit: number): string {
  const chars = Array.from(text);
  return chars.length <= limit
    ? text
    : `${chars
        .slice(0, Math.max(0, limit - 1))
        .join('')
        .trimEnd()}…`;
}

/** Makes the value at `path` go away as gently as the schema allows: null, left out, or its list item removed. */
function invalidate(record: JsonObject, schema: Schema, path: Path): string | null {
  for (let p = path; p.length > 0; p = p.slice(0, -1)) {
    const parentPath = p.slice(0, -1);
    const parent = getAt(record, parentPath);
    const key = p[p.length - 1];
    const current = getAt(record, p);
    if (current !== null && allowsNull(schemaAt(schema, record, p))) {
      (parent as Record<string, Json>)[key as string] = null;
      return `set ${formatPath(p)} to null`;
    }
    if (Array.isArray(parent)) {
      parent.splice(key as number, 1);
      return `removed list item ${formatPath(p)}`;
    }
    const parentSchema = schemaAt(schema, record, parentPath);
    if (isObject(parent) && parentSchema && !requiredOf(branchFor(parentSchema, parent)).includes(key as string)) {
      delete parent[key as string];
      return `left out ${formatPath(p)}`;
    }
  }
  return null;
}

/** Errors of the alternatives we did not mean (`null`, `""`) say nothing useful; prefer the others. */
function pickError(errors: ErrorObject[]): ErrorObject {
  const useful = errors.filter(
    (e) =>
      e.keyword !== 'anyOf' &&
      e.keyword !== 'const' &&
      !(e.keyword === 'type' && (e.params as { type: unknown }).type === 'null'),
  );
  return useful[0] ?? errors[0];
}

/** A value that says something: not null, "", [] or {} (leaving one of those out loses nothing). */
const hasContent = (value: Json | undefined): boolean =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0) &&
  !(isObject(value) && Object.keys(value).length === 0);

/** Its size, for the report: characters of a text, items of a list. */
const sizeOf = (value: Json | undefined): string =>
  typeof value === 'string'
    ? `${Array.from(value).length} characters`
    : Array.isArray(value)
      ? `${value.length} items`
      : preview(value);

interface Fixed {
  change: string;
  trimmed?: string;
}

function fix(record: JsonObject, schema: Schema, error: ErrorObject): Fixed | null {
  const fixed = fixValue(record, schema, error);
  return typeof fixed === 'string' ? { change: fixed } : fixed;
}

function fixValue(record: JsonObject, schema: Schema, error: ErrorObject): string | Fixed | null {
  const path = parsePointer(error.instancePath);
  const value = getAt(record, path);
  const parent = getAt(record, path.slice(0, -1)) as Record<string, Json> | Json[] | undefined;
  const set = (v: Json) => {
    (parent as Record<string, Json>)[path[path.length - 1] as string] = v;
  };
  const where = formatPath(path);
  const insideAlternative = error.schemaPath.includes('/anyOf/');
  switch (error.keyword) {
    case 'maxLength': {
      const limit = (error.params as { limit: number }).limit;
      if (insideAlternative || typeof value !== 'string' || path.length === 0) break;
      set(truncate(value, limit));
      const change = `${where}: shortened to ${limit} characters (was ${Array.from(value).length})`;
      return { change, trimmed: change };
    }
    case 'maxItems': {
      const limit = (error.params as { limit: number }).limit;
      if (!Array.isArray(value)) break;
      const was = value.length;
      value.splice(limit);
      const change = `${where}: kept the first ${limit} items`;
      return { change, trimmed: `${change} (was ${was})` };
    }
    case 'uniqueItems': {
      if (!Array.isArray(value) || path.length === 0) break;
      const seen = new Set<string>();
      set(value.filter((item) => !seen.has(JSON.stringify(item)) && seen.add(JSON.stringify(item))));
      return `${where}: removed duplicate items`;
    }
    case 'format':
    case 'pattern': {
      // A timestamp or date in another notation is rewritten; anything else is not valid.
      const field = schemaAt(schema, record, path);
      const format = field ? branchFor(field, value).format : undefined;
      if (typeof value === 'string' && path.length > 0) {
        const ms = Date.parse(value);
        if (format === 'utc-timestamp' && !Number.isNaN(ms) && formatTimestamp(ms) !== value) {
          set(formatTimestamp(ms));
          return `${where}: ${preview(value)} written as ${formatTimestamp(ms)}`;
        }
        // A URL with non-ASCII characters (an IRI, as Wikipedia links often are) is written percent-encoded.
        if (format === 'uri' && /[^\x00-\x7f]/.test(value) && URL.canParse(value)) {
          set(new URL(value).href);
          return `${where}: ${preview(value)} written percent-encoded`;
        }
        if (format === 'date' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(ms)) {
          set(value.slice(0, 10));
          return `${where}: ${preview(value)} written as ${value.slice(0, 10)}`;
        }
      }
      break;
    }
    case 'type': {
      const expected = String((error.params as { type: unknown }).type);
      if (path.length === 0) break;
      if (value === null && expected.includes('string')) {
        set('');
        return `${where}: null written as ""`;
      }
      if (
        typeof value === 'string' &&
        /number|integer/.test(expected) &&
        value.trim() !== '' &&
        !Number.isNaN(Number(value))
      ) {
        const n = Number(value);
        if (!expected.includes('integer') || Number.isInteger(n)) {
          set(n);
          return `${where}: ${preview(value)} written as the number ${n}`;
        }
      }
      break;
    }
    case 'minimum':
    case 'maximum': {
      const limit = (error.params as { limit: number }).limit;
      if (typeof value !== 'number' || path.length === 0) break;
      set(limit);
      return `${where}: ${value} is out of range; written as ${limit}`;
    }
    case 'additionalProperties': {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      if (!isObject(value)) break;
      delete value[extra];
      return `${formatPath([...path, extra])}: not in our schema; left out`;
    }
    case 'required': {
      // An incomplete list item (a link without a url, say) goes; an incomplete record cannot be repaired.
      const missing = (error.params as { missingProperty: string }).missingProperty;
      const item = getAt(record, path);
      const gone = path.length > 0 ? invalidate(record, schema, path) : null;
      if (!gone) return null;
      const change = `${formatPath([...path, missing])} is missing; ${gone}`;
      return hasContent(item) ? { change, trimmed: `${where}: ${change}` } : change;
    }
    default:
      break;
  }
  const gone = path.length > 0 ? invalidate(record, schema, path) : null;
  if (!gone) return null;
  const change = `${where}: ${preview(value)} ${error.message ?? 'is not valid'}; ${gone}`;
  return hasContent(value)
    ? { change, trimmed: `${where} (${sizeOf(value)}): ${error.message ?? 'is not valid'}; ${gone}` }
    : change;
}

/** Changes `record` in place until it satisfies `schema`, or says why it cannot. */
export function repairRecord(record: JsonObject, schema: Schema): RepairResult {
  const validate = validatorFor(schema);
  const changes: string[] = [];
  const trimmed: string[] = [];
  for (let round = 0; round < 200; round++) {
    if (validate(record)) return { ok: true, changes, trimmed };
    const error = pickError(validate.errors ?? []);
    const fixed = fix(record, schema, error);
    if (!fixed) {
      const path = parsePointer(error.instancePath);
      const field =
        error.keyword === 'required' ? [...path, (error.params as { missingProperty: string }).missingProperty] : path;
      return { ok: false, changes, trimmed, reason: `${formatPath(field)}: ${error.message ?? 'is not valid'}` };
    }
    changes.push(fixed.change);
    if (fixed.trimmed) trimmed.push(fixed.trimmed);
  }
  return { ok: false, changes, trimmed, reason: 'too many problems' };
}
