// The search files of the query index: for each list route that searches, each distinct searched value once with
// the rows holding it, over all the resource's rows, and for a large resource the same values cut into shards by
// their runs of three characters. In: the rows' searched values (build), a term and a file's text (runtime). Out:
// the files' texts and names, and the rows holding a term.

import { toSafeJson } from '../base/json.ts';
import { QUERY_INDEX_PARTS, type ResourceColumns } from './index-format.ts';
import { columnFileRows } from './part-text.ts';

// Search files: for each list route that searches, what `search` looks in, written at build time over all
// of the resource's rows (`launches.search-launches_upcoming.txt`): each distinct searched value once (lower
// case), with the rows holding it. A term is looked for in all the values at once with the runtime's own
// `indexOf` (the providers', pads' and rockets' names repeat on thousands of rows), not in every row's text; and
// the file is used as it is read, a text: nothing in it is parsed but its first line, and only the rows of the
// values a term is found in are decoded.
// `["<the rowsHash of each part's ids, space separated>",<rows>]` on its first line, then the SearchIndex's text:
// a text file (`.txt`), not JSON, so its values are as the records have them (no escapes to undo before a search).

/**
 * What `search` looks in: one line a distinct value (lower case, its tabs and line breaks made spaces, which no
 * term holds), a tab, the rows holding it (ascending, each in ROW_DIGITS, ROW_SEPARATOR between), a line break.
 */
export interface SearchIndex {
  text: string;
  /** How many rows the resource has. */
  count: number;
}

/** Rows are written in base 25 with these digits, upper case, so that no term (lower case) is found among them. */
const ROW_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXY';

const ROW_SEPARATOR = 'Z';

const encodeRow = (row: number): string => {
  let text = '';
  do {
    text = ROW_DIGITS[row % 25] + text;
    row = Math.floor(row / 25);
  } while (row > 0);
  return text;
};

/** Marks (as 1s in `held`) the rows written between `from` and `to` in a SearchIndex's text. */
function markRows(text: string, from: number, to: number, held: Uint8Array): void {
  let row = 0;
  for (let at = from; at < to; at++) {
    const digit = text.charCodeAt(at) - 65;
    if (digit === 25) {
      held[row] = 1;
      row = 0;
    } else row = row * 25 + digit;
  }
  if (to > from) held[row] = 1;
}

/** The SearchIndex of the rows' searched values (each row's, lower case), each value once, in the order first met. */
export function searchIndexOf(rows: ReadonlyArray<readonly string[]>): SearchIndex {
  const holders = new Map<string, number[]>();
  rows.forEach((fields, row) => {
    for (const field of fields) {
      const value = field.replace(/[\t\n]/g, ' ');
      let list = holders.get(value);
      if (!list) holders.set(value, (list = []));
      // A row holding a value in two fields is listed once.
      if (list.at(-1) !== row) list.push(row);
    }
  });
  let text = '';
  for (const [value, list] of holders) text += `${value}\t${list.map(encodeRow).join(ROW_SEPARATOR)}\n`;
  return { text, count: rows.length };
}

/** Each value of a SearchIndex with its rows, in the text's order (for tests and inspection). */
export function searchValues(index: SearchIndex): Array<{ value: string; rows: number[] }> {
  return index.text
    .split('\n')
    .slice(0, -1)
    .map((line) => {
      const tab = line.lastIndexOf('\t');
      const held = new Uint8Array(index.count);
      markRows(line, tab + 1, line.length, held);
      return { value: line.slice(0, tab), rows: [...held].flatMap((h, row) => (h ? [row] : [])) };
    });
}

/** The rows (as 1s) holding a term in one of their searched values: every place the runtime's `indexOf` finds it, no value tested one by one. */
export function rowsHolding(index: SearchIndex, term: string): Uint8Array {
  const held = new Uint8Array(index.count);
  const { text } = index;
  for (let at = text.indexOf(term); at >= 0 && at < text.length; ) {
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const tab = text.indexOf('\t', lineStart);
    const end = text.indexOf('\n', tab);
    // A place in the value (not among its rows, were the term upper case): its rows are marked. Every value holds the empty term.
    if (at <= tab - term.length) markRows(text, tab + 1, end, held);
    // On from the next value: one place in a value is enough.
    at = text.indexOf(term, end + 1);
  }
  return held;
}

/**
 * A resource of more rows than this has its search files also cut into SEARCH_SHARDS search shards: 100,000
 * launches' search file is 8.1 MB, which a fresh isolate read and searched whole for one term (57 ms).
 */
export const SEARCH_SHARD_ROWS = 20_000;

/** How many search shards a list route of a resource of this many rows has (0: none, its search file is read whole). */
export const searchShardCount = (rows: number): number => (rows > SEARCH_SHARD_ROWS ? SEARCH_SHARDS : 0);

const SEARCH_SHARDS = 256;

/** Three characters: a term this long or longer holds one, and every value that holds the term holds them all. */
const GRAM = 3;

/** The shard of the three characters at `at` (their FNV-1a, of `shards`). */
function gramShard(text: string, at: number, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = at; i < at + GRAM; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash % shards;
}

/**
 * A SearchIndex cut into shards by the three-character runs of its values: each value (with its rows) is in the
 * shard of every run it holds, so that a value holding a term is in the shard of any run of the term
 * (searchShardFor). Values shorter than three characters are in none: only shorter terms find them, which read the
 * whole file. The same term finds the same rows in its shard as in the whole index (rowsHolding).
 */
export function searchShardsOf(index: SearchIndex, shards: number): SearchIndex[] {
  const texts: string[][] = Array.from({ length: shards }, () => []);
  const { text } = index;
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start);
    const tab = text.lastIndexOf('\t', end);
    const seen = new Set<number>();
    for (let at = start; at + GRAM <= tab; at++) seen.add(gramShard(text, at, shards));
    const line = text.slice(start, end + 1);
    for (const shard of seen) texts[shard].push(line);
    start = end + 1;
  }
  return texts.map((lines) => ({ text: lines.join(''), count: index.count }));
}

/** Characters from the most common in the launches' searched values to the least (the real data's): a run of rarer ones picks a smaller shard. */
const COMMON_LETTERS = ' asot-neirl1mu|2ckgp3hd4yz5bf0v6978()x&/w,.jq';

/**
 * The shard to look for a term in (searchShardsOf), or undefined for a term shorter than three characters (the
 * whole file): the shard of its run of the least common letters (COMMON_LETTERS; any run would find the same rows).
 */
export function searchShardFor(term: string, shards: number): number | undefined {
  if (term.length < GRAM) return undefined;
  let best = 0;
  let bestScore = -1;
  for (let at = 0; at + GRAM <= term.length; at++) {
    let score = 0;
    for (let i = at; i < at + GRAM; i++) {
      const place = COMMON_LETTERS.indexOf(term[i]);
      score += place < 0 ? COMMON_LETTERS.length : place;
    }
    if (score > bestScore) [best, bestScore] = [at, score];
  }
  return gramShard(term, best, shards);
}

/** The file of a list route's search shard n (searchShardsOf): a search file's text (searchFileText). */
export const searchShardFile = (resource: keyof ResourceColumns, listPath: string, n: number): string =>
  searchFile(resource, listPath).replace(/\.txt$/, `-s${n}.txt`);

export const searchFile = (resource: keyof ResourceColumns, listPath: string): string =>
  `${QUERY_INDEX_PARTS}/${resource}.search-${listPath.replace(/\/$/, '').replace(/\//g, '_')}.txt`;

export const searchFileText = (partHashes: readonly string[], index: SearchIndex): string =>
  `${toSafeJson([columnFileRows(partHashes), index.count])}\n${index.text}`;

/** A search file's rows (the part hashes, as columnFileRows joins them) and index (its text as read), or undefined when the text is not one. */
export function readSearchFile(text: string): { rows: string; index: () => SearchIndex } | undefined {
  const first = text.indexOf('\n');
  if (first < 0 || !text.startsWith('[') || !text.endsWith('\n')) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(text.slice(0, first));
  } catch {
    return undefined;
  }
  if (!Array.isArray(head) || typeof head[0] !== 'string' || !Number.isInteger(head[1])) return undefined;
  const index: SearchIndex = { text: text.slice(first + 1), count: head[1] as number };
  return { rows: head[0], index: () => index };
}
