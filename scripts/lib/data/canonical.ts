// The canonical form of a data file, so that every file reads the same way and a
// diff shows only real changes: keys in schema order, plain scalars where YAML
// allows them, short lists of keys inline, UTC timestamps with `Z`. Comments stay.

import type { Document, Node } from 'yaml';
import { yaml } from '../base/lazy-packages.ts';
import {
  REFERENCE_FILES,
  REFERENCE_KINDS,
  STARSHIP_DASHBOARD_FILE,
  eventSchema,
  historySchema,
  launchSchema,
  ll2SyncSchema,
  starshipDashboardSchema,
  type FileReferenceKind as ReferenceKind,
} from '../../schemas/data-files.ts';
import { keyedRecords, type Schema } from '../../schemas/building-blocks.ts';
import type { FileKind, LoadedFile } from './files.ts';
import type { Problem } from './problems.ts';
import { formatTimestamp } from '../model/time.ts';

const KIND_BY_FILE = new Map(Object.entries(REFERENCE_FILES).map(([kind, file]) => [file, kind as ReferenceKind]));

export function schemaForFile(kind: FileKind, name: string): Schema | undefined {
  if (kind === 'launch') return launchSchema;
  if (kind === 'event') return eventSchema;
  if (kind === 'll2-sync') return ll2SyncSchema;
  if (kind === 'history') return historySchema;
  if (name === STARSHIP_DASHBOARD_FILE) return starshipDashboardSchema;
  const referenceKind = KIND_BY_FILE.get(name);
  return referenceKind ? keyedRecords(REFERENCE_KINDS[referenceKind]) : undefined;
}

/** The branch of a nullable `anyOf` that describes a value (the first one). */
function mainBranch(schema: Schema | undefined): Schema | undefined {
  const anyOf = schema?.anyOf as Schema[] | undefined;
  return anyOf ? anyOf[0] : schema;
}

/** A timestamp with an offset or fractional seconds, rewritten in UTC with `Z`; undefined if it has no zone. */
export function normalizeTimestamp(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || ms % 1000 !== 0) return undefined;
  return formatTimestamp(ms);
}

function canonicalizeNode(node: unknown, schema: Schema | undefined): void {
  const { isMap, isScalar, isSeq, Scalar } = yaml();
  const s = mainBranch(schema);
  if (isMap(node)) {
    node.flow = false;
    const properties = s?.properties as Record<string, Schema> | undefined;
    if (properties) {
      const order = Object.keys(properties);
      const rank = (key: unknown) => {
        const i = order.indexOf(String(isScalar(key) ? key.value : key));
        return i < 0 ? order.length : i;
      };
      node.items.sort((a, b) => rank(a.key) - rank(b.key));
    }
    for (const pair of node.items) {
      if (isScalar(pair.key)) pair.key.type = Scalar.PLAIN;
      const key = String(isScalar(pair.key) ? pair.key.value : '');
      const child =
        properties?.[key] ??
        (typeof s?.additionalProperties === 'object' ? (s.additionalProperties as Schema) : undefined);
      canonicalizeNode(pair.value, child);
    }
  } else if (isSeq(node)) {
    node.flow = node.items.length > 0 && node.items.every((item) => isScalar(item));
    for (const item of node.items) canonicalizeNode(item, s?.items as Schema | undefined);
  } else if (isScalar(node)) {
    node.type = undefined;
    if (typeof node.value === 'string' && s?.format === 'utc-timestamp') {
      node.value = normalizeTimestamp(node.value) ?? node.value;
    }
  }
}

const STRINGIFY_OPTIONS = { lineWidth: 0, indent: 2, indentSeq: true, flowCollectionPadding: false } as const;

/** The canonical text of a parsed YAML document (the document itself is left unchanged). */
export function canonicalText(doc: Document, schema: Schema | undefined, { inPlace = false } = {}): string {
  // In place is for a document whose value has been read already: reordering keys and
  // resetting scalar styles leaves every node's source range, so problems still point right.
  const target = inPlace ? doc : doc.clone();
  canonicalizeNode(target.contents as Node, schema);
  return target.toString(STRINGIFY_OPTIONS);
}

/** The canonical text of a YAML data file (the input text if it cannot be parsed). */
export function canonicalize(text: string, schema: Schema | undefined): string {
  const doc: Document = yaml().parseDocument(text, { schema: 'core', uniqueKeys: true });
  return doc.errors.length > 0 ? text : canonicalText(doc, schema);
}

/** A record written as a data file in canonical form. */
export function recordToYaml(value: unknown, schema: Schema | undefined): string {
  return canonicalText(new (yaml().Document)(value), schema);
}

/** A problem if a loaded file is not in canonical form, showing the lines to change. */
export function canonicalFormProblem(file: LoadedFile): Problem | undefined {
  const expected = canonicalText(file.doc, schemaForFile(file.kind, file.name), { inPlace: true });
  if (expected === file.text) return undefined;
  return {
    severity: 'error',
    file: file.path,
    line: firstDifferentLine(file.text, expected),
    col: 1,
    rule: 'not-canonical',
    field: '',
    message: `the file is not in canonical form (key order, quoting, timestamps):\n${lineDiff(file.text, expected)}`,
    hint: 'run `npm run fix` to rewrite it',
  };
}

/** Lines that differ, as a minimal unified-style listing for messages. */
export function lineDiff(actual: string, expected: string, maxLines = 12): string {
  const a = actual.split('\n');
  const b = expected.split('\n');
  const out: string[] = [];
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length && out.length < maxLines; i++) {
    if (a[i] === b[i]) continue;
    if (a[i] !== undefined) out.push(`-${i + 1}: ${a[i]}`);
    if (b[i] !== undefined) out.push(`+${i + 1}: ${b[i]}`);
  }
  return out.join('\n');
}

/** Line (1-based) of the first difference between the file and its canonical form. */
export function firstDifferentLine(actual: string, expected: string): number {
  const a = actual.split('\n');
  const b = expected.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i + 1;
  return 1;
}
