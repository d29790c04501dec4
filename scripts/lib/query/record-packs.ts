// The record packs of the query index: each record as an answer shows it, in each mode its lists have, written at
// build time a pack of consecutive rows (and a spread provider's launches in packs of their own), one record and
// its comma a line after a first line naming the rows and the lines' lengths. In: records' JSON texts (build), a
// pack's bytes (runtime). Out: the pack's text and file name, or its records' places as views of its bytes.

import type { Mode } from '../api/shapes/kit.ts';
import { toSafeJson } from '../base/json.ts';
import { isQueryIndexFile, QUERY_INDEX_PARTS, ROWS_PER_PART, type ResourceColumns } from './index-format.ts';

// Record packs: each record of a resource as the answer shows it, in every mode
// its lists have, written at build time so a page is assembled from text instead
// of reading, parsing, cutting and serializing detail files per request. A pack
// holds packRows(resource, mode) consecutive rows (in the index's row order), one
// record a line followed by a comma (JSON text never holds a raw line break), so that
// a record and the comma that follows it in a page are one view of the pack, one
// chunk of the answer's stream rather than two (byte-pieces.ts), after a first line
// `{"rows":"<rowsHash of the ids of the part holding its rows>"}` that the runtime
// checks against the head's (a pack of another build than the head's means the tree
// is being republished) without reading any column.

/**
 * Rows per pack of launches: about 100 to 200 kB each (a launch is about 1 kB in
 * list mode, 9 kB in normal mode, 15–30 kB in detailed mode). Where the worker is
 * measured (a fresh plain Node process, `npm run bench`), a read costs about 0.6 ms
 * and each MB read about 15 ms more (copies into fresh memory): the default page of
 * 10 in normal mode reads one or two packs of 90 kB, not of 180 kB; a page of 100
 * reads more files for about the same bytes. Each divides ROWS_PER_PART.
 */
export const LAUNCH_PACK_ROWS: Readonly<Record<Mode, number>> = { list: 100, normal: 10, detailed: 10 };

/**
 * Rows per pack of events and reference kinds (agencies, pads, …: tens to a few thousand records, a few kB each):
 * a read costs more than its bytes (about 1 ms a file where the bench runs the worker, 100 kB read in a fraction of
 * that), so a page of 100 pads ordered by their launch count, scattered over the kind, reads 3 packs rather than 12.
 */
const REFERENCE_PACK_ROWS: Readonly<Record<Mode, number>> = { list: 200, normal: 100, detailed: 20 };

/** Rows per pack of a resource in a mode (each divides ROWS_PER_PART). */
export const packRows = (resource: keyof ResourceColumns, mode: Mode): number =>
  (resource === 'launches' ? LAUNCH_PACK_ROWS : REFERENCE_PACK_ROWS)[mode];

export const packFile = (resource: keyof ResourceColumns, mode: Mode, n: number): string =>
  `${QUERY_INDEX_PARTS}/${resource}.${mode}-${n}.jsonl`;

/**
 * Rows per provider pack of launches, in the modes that have them: a launch service provider's launches only, in
 * row order (providerPackFile). A page filtered by its provider (`lsp__id`) finds its records scattered over the
 * packs above, one or two to a pack (on 100,000 synthetic launches a list page of 100 read 95 packs, 7.3 MB, for a
 * 71 kB answer); in its provider's packs they sit together. Detailed mode has none: a scattered detailed page reads
 * detail files. 20 in normal mode: a page of 10 reads one or two packs of about 180 kB, with half the files of 10.
 */
export const PROVIDER_PACK_ROWS: Readonly<Partial<Record<Mode, number>>> = { list: 100, normal: 20 };

/** The providers (agency ids, ascending) whose launches are spread over more than `spread` packs of a mode. */
export function spreadProviders(providers: readonly number[], mode: Mode, spread: number): number[] {
  const size = PROVIDER_PACK_ROWS[mode];
  if (size === undefined) return [];
  const packs = new Map<number, Set<number>>();
  providers.forEach((provider, row) => {
    let seen = packs.get(provider);
    if (!seen) packs.set(provider, (seen = new Set()));
    seen.add(Math.floor(row / packRows('launches', mode)));
  });
  return [...packs]
    .filter(([, seen]) => seen.size > spread)
    .map(([provider]) => provider)
    .sort((a, b) => a - b);
}

/**
 * The n-th pack of a provider's launches in a mode: its launches in row order, PROVIDER_PACK_ROWS a pack, its first
 * line naming the rows of the whole resource (columnFileRows: a provider's launches are in every part).
 */
export const providerPackFile = (mode: Mode, provider: number, n: number): string =>
  `${QUERY_INDEX_PARTS}/launches.${mode}-lsp${provider}-${n}.jsonl`;

/** Whether a file of the index is a record pack (the answers' bytes, not what filters read). */
export const isRecordPack = (path: string): boolean => isQueryIndexFile(path) && path.endsWith('.jsonl');

/** The part holding a pack's rows (packRows divide ROWS_PER_PART). */
export const partOfPack = (resource: keyof ResourceColumns, mode: Mode, n: number): number =>
  Math.floor((n * packRows(resource, mode)) / ROWS_PER_PART);

/** How many bytes a text takes in UTF-8 (as TextEncoder writes it: a lone surrogate as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  // Most records are ASCII: the runtime's own search says so without a loop here.
  if (!/[^\u0000-\u007f]/.test(text)) return text.length;
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) length += 1;
    else if (unit < 0x800) length += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length += 4;
        i++;
      } else length += 3;
    } else length += 3;
  }
  return length;
}

/**
 * A pack's text: its first line the rowsHash of its part's ids (the head's) and each record line's length in UTF-8
 * bytes (the record and its comma: `lines`, so that a reader finds the records without searching the bytes for line
 * breaks), then one record's JSON and a comma a line.
 */
export function packText(partRows: string, records: readonly string[]): string {
  if (records.some((record) => record.includes('\n'))) throw new Error('a record pack line holds a line break');
  const lines = records.map((record) => utf8Length(record) + 1);
  return `${toSafeJson({ rows: partRows, lines })}\n${records.map((record) => `${record},`).join('\n')}`;
}

/** A pack as read: its rows' hash, its bytes, and where each record's line starts (one more start past the end). */
export interface RecordPack {
  rows: string;
  bytes: Uint8Array;
  starts: Uint32Array;
}

const [LINE_BREAK, COMMA] = [0x0a, 0x2c];

/** A pack's bytes (UTF-8) split into its records' places, or undefined when they are not a pack. */
export function readPack(bytes: Uint8Array): RecordPack | undefined {
  const first = bytes.indexOf(LINE_BREAK);
  if (first < 0) return undefined;
  let header: { rows?: unknown; lines?: unknown } | null;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(0, first))) as typeof header;
  } catch {
    return undefined;
  }
  const rows = header?.rows;
  if (typeof rows !== 'string') return undefined;
  const lines = header?.lines;
  if (Array.isArray(lines)) return packOfLines(rows, bytes, first, lines);
  // A pack written before its header gave the lines' lengths: its line breaks searched for.
  const starts: number[] = [first + 1];
  for (let at = bytes.indexOf(LINE_BREAK, first + 1); at >= 0; at = bytes.indexOf(LINE_BREAK, at + 1)) {
    if (bytes[at - 1] !== COMMA) return undefined;
    starts.push(at + 1);
  }
  // A pack of no records is its first line alone.
  if (first + 1 === bytes.length) return { rows, bytes, starts: Uint32Array.of(first + 1) };
  if (bytes[bytes.length - 1] !== COMMA) return undefined;
  starts.push(bytes.length + 1);
  return { rows, bytes, starts: Uint32Array.from(starts) };
}

/** A pack whose header gives its lines' lengths: each line checked to end where it says, with a comma, then a line break but the last. */
function packOfLines(
  rows: string,
  bytes: Uint8Array,
  first: number,
  lines: readonly unknown[],
): RecordPack | undefined {
  const starts = new Uint32Array(lines.length + 1);
  let at = first + 1;
  starts[0] = at;
  for (let i = 0; i < lines.length; i++) {
    const length = lines[i];
    if (typeof length !== 'number' || !Number.isInteger(length) || length < 1) return undefined;
    at += length;
    // The line's last byte is its comma; a line break follows, or the pack ends.
    if (bytes[at - 1] !== COMMA || (i + 1 < lines.length ? bytes[at] !== LINE_BREAK : at !== bytes.length))
      return undefined;
    at += 1;
    starts[i + 1] = at;
  }
  // A pack of no records is its first line alone.
  if (lines.length === 0 && first + 1 !== bytes.length) return undefined;
  return { rows, bytes, starts };
}

/** The i-th record of a pack and the comma after it, as UTF-8 bytes (a view into the pack); undefined past its end. */
export function packRecordAndComma(pack: RecordPack, i: number): Uint8Array | undefined {
  if (i < 0 || i + 1 >= pack.starts.length) return undefined;
  return pack.bytes.subarray(pack.starts[i], pack.starts[i + 1] - 1);
}

/** The i-th record of a pack, its JSON as UTF-8 bytes (a view into the pack); undefined past its end. */
export function packRecord(pack: RecordPack, i: number): Uint8Array | undefined {
  return packRecordAndComma(pack, i)?.subarray(0, -1);
}
