// The text of the query index's parts and column files (index-format.ts names them): JSON with one column a line,
// which a runtime decodes a column at a time, when a query first reads it (partColumns, over text or UTF-8 bytes),
// and joins over a resource's parts (joinedColumns, joinColumns). In: columns (build) or a file's text or bytes
// (runtime). Out: the file's text, or its columns as lazy values.

import { toSafeJson } from '../base/json.ts';

/** The line of a column file saying its numbers never go down from row to row (launches' NET): a range filter on it is a binary search. */
export const COLUMN_ASCENDING = 'ascending';

/** Whether a column's values are numbers that never go down from row to row. */
export const isAscending = (values: readonly unknown[]): boolean =>
  values.every((value, i) => typeof value === 'number' && (i === 0 || (values[i - 1] as number) <= value));

/** A column file's text: the parts' hashes, whether its numbers never go down, and the column over all rows. */
export function columnFileText(partHashes: readonly string[], name: string, values: unknown): string {
  const ascending = Array.isArray(values) && isAscending(values) ? { [COLUMN_ASCENDING]: true } : {};
  return partText({ [PART_ROWS]: columnFileRows(partHashes), ...ascending, [name]: values });
}

/** What a column file carries as its `rows`: the rowsHash of each part's ids, in order (the head's), joined by spaces. */
export const columnFileRows = (partHashes: readonly string[]): string => partHashes.join(' ');

/** The name of a part's line holding the rowsHash of its ids. */
export const PART_ROWS = 'rows';

/** The shape of a part's columns (every array empty): reference kinds' cells are named by their parts. */
export function shapeOf<C>(columns: C): C {
  return (
    Array.isArray(columns)
      ? []
      : Object.fromEntries(Object.entries(columns as object).map(([name, inner]) => [name, shapeOf(inner)]))
  ) as C;
}

type Columns = { [name: string]: unknown[] | Columns };

/** Parts' columns joined back in order. */
export function joinColumns<C extends object>(parts: readonly C[], empty: C): C {
  const join = (pieces: Array<unknown[] | Columns>, shape: unknown[] | Columns): unknown[] | Columns =>
    Array.isArray(shape)
      ? ([] as unknown[]).concat(...(pieces as unknown[][]))
      : Object.fromEntries(
          Object.entries(shape).map(([name, inner]) => [
            name,
            join(
              pieces.map((p) => (p as Columns)[name]),
              inner,
            ),
          ]),
        );
  return join(parts as unknown as Columns[], empty as unknown as Columns) as C;
}

const PART_START = '{"columns":{\n';

const PART_END = '\n}}';

/** A part file's text: JSON, one column a line (JSON text never holds a raw line break); undefined columns left out. */
export function partText(columns: object): string {
  return `${PART_START}${Object.entries(columns)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${toSafeJson(name)}:${toSafeJson(value)}`)
    .join(',\n')}${PART_END}`;
}

/** A value parsed from its text when first read. */
function lazyValue<T>(text: string): () => T {
  let parsed = false;
  let value: T;
  return () => {
    if (!parsed) {
      value = JSON.parse(text) as T;
      parsed = true;
    }
    return value;
  };
}

/**
 * A part's columns, each parsed from its line when first read (text written by
 * partText); other JSON of a part is parsed whole. Given bytes (UTF-8), only the
 * lines of the columns read are decoded. Undefined when the text is not a part.
 */
export function partColumns(text: string | Uint8Array): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return partBytesColumns(text);
  if (!text.startsWith(PART_START) || !text.endsWith(PART_END)) {
    try {
      const whole = (JSON.parse(text) as { columns?: Record<string, unknown> } | null)?.columns;
      return whole !== null && typeof whole === 'object' ? whole : undefined;
    } catch {
      return undefined;
    }
  }
  const columns: Record<string, unknown> = {};
  const body = text.slice(PART_START.length, -PART_END.length);
  for (let start = 0; start < body.length; ) {
    const end = body.indexOf('\n', start) < 0 ? body.length : body.indexOf('\n', start);
    const line = body.slice(start, end);
    start = end + 1;
    // `"name":value,` (column names are plain identifiers, so the first `":` ends the name).
    const colon = line.indexOf('":');
    if (!line.startsWith('"') || colon < 0) return undefined;
    const name = line.slice(1, colon);
    // The part's rows hash is not a column: read, not joined.
    Object.defineProperty(columns, name, {
      get: lazyValue(line.slice(colon + 2, line.endsWith(',') ? -1 : undefined)),
      enumerable: name !== PART_ROWS && name !== COLUMN_ASCENDING,
    });
  }
  return columns;
}

const utf8 = new TextDecoder();

const PART_START_BYTES = new TextEncoder().encode(PART_START);

const PART_END_BYTES = new TextEncoder().encode(PART_END);

const [QUOTE, COLON, COMMA, BREAK] = [0x22, 0x3a, 0x2c, 0x0a];

const startsWithBytes = (bytes: Uint8Array, prefix: Uint8Array, at = 0): boolean =>
  prefix.every((byte, i) => bytes[at + i] === byte);

/** partColumns over a part's bytes: each line found by its line break, decoded and parsed when its column is first read. */
function partBytesColumns(bytes: Uint8Array): Record<string, unknown> | undefined {
  const bodyEnd = bytes.length - PART_END_BYTES.length;
  if (
    !startsWithBytes(bytes, PART_START_BYTES) ||
    bodyEnd < PART_START_BYTES.length ||
    !startsWithBytes(bytes, PART_END_BYTES, bodyEnd)
  ) {
    return partColumns(utf8.decode(bytes));
  }
  const columns: Record<string, unknown> = {};
  for (let start = PART_START_BYTES.length; start < bodyEnd; ) {
    const found = bytes.indexOf(BREAK, start);
    const end = found < 0 || found > bodyEnd ? bodyEnd : found;
    // `"name":value,` (column names are plain identifiers, so the first `:` ends the name).
    const colon = bytes.indexOf(COLON, start);
    if (bytes[start] !== QUOTE || colon < 0 || colon >= end || bytes[colon - 1] !== QUOTE) return undefined;
    const name = utf8.decode(bytes.subarray(start + 1, colon - 1));
    const value = bytes.subarray(colon + 1, bytes[end - 1] === COMMA ? end - 1 : end);
    let parsed: { value: unknown } | undefined;
    Object.defineProperty(columns, name, {
      get: () => (parsed ??= { value: JSON.parse(utf8.decode(value)) }).value,
      enumerable: name !== PART_ROWS && name !== COLUMN_ASCENDING,
    });
    start = end + 1;
  }
  return columns;
}

/** A resource's columns over its parts' (partColumns), each joined when first read. */
export function joinedColumns(parts: ReadonlyArray<Record<string, unknown>>): Record<string, unknown> {
  if (parts.length === 1) return parts[0];
  const columns: Record<string, unknown> = {};
  for (const name of Object.keys(parts[0] ?? {})) {
    Object.defineProperty(columns, name, {
      enumerable: true,
      configurable: true,
      get: () => {
        const pieces = parts.map((part) => ({ [name]: part[name] }));
        const joined = (joinColumns(pieces, shapeOf(pieces[0])) as Record<string, unknown>)[name];
        // Joined once, then a plain value: a filter reads it per row.
        Object.defineProperty(columns, name, { value: joined, enumerable: true });
        return joined;
      },
    });
  }
  return columns;
}
