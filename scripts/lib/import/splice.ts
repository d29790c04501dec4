// A keyed reference file (data/reference/*.yaml: `key:` at column 0, each
// record indented below it) updated entry by entry. In: the file's text, known
// to be in canonical form, and the records before and after of the keys that
// changed. Out: the file's new text, where every entry that did not change keeps
// its bytes and each changed or added entry is written by yaml-out.ts
// updateYaml exactly as a rewrite of the whole file would write it; or
// undefined when the file's layout is not one this can do (then the caller
// rewrites the whole file). So an import that changes one update record of the
// ~1 MB updates.yaml parses, copies and writes that record, not the file. Pure.

import { parseDocument } from 'yaml';
import type { Schema } from '../../schemas/building-blocks.ts';
import type { JsonObject } from '../model/records.ts';
import { deepEqual } from './schema-walk.ts';
import { updateYaml } from './yaml-out.ts';

export interface KeyedSplice {
  /** The new text of the whole file. */
  content: string;
  /** The file's keys after the change, in the file's order. */
  keys: string[];
  /** The text of each entry that changed or was added (its comment lines included), by key. */
  entries: Map<string, string>;
}

interface Segment {
  key: string;
  /** The entry's text: comment and blank lines at column 0 just above its key, its key line, its indented lines. */
  text: string;
}

const KEY_LINE = /^([a-z0-9]+(?:-[a-z0-9]+)*):(?: .*)?$/;

/** The file cut into its entries, or undefined when it holds anything else at column 0 (a trailing comment, a document marker). */
function segments(text: string): Segment[] | undefined {
  if (!text.endsWith('\n')) return undefined;
  const lines = text.slice(0, -1).split('\n');
  const found: Segment[] = [];
  let start = 0;
  let pending: number | undefined; // first line of the comment and blank lines just above the next key
  let key: string | undefined;
  const close = (end: number) => {
    if (key !== undefined) found.push({ key, text: `${lines.slice(start, end).join('\n')}\n` });
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === '' || line.startsWith('#')) {
      pending ??= i;
      continue;
    }
    if (line.startsWith(' ')) {
      if (key === undefined) return undefined;
      pending = undefined;
      continue;
    }
    const match = KEY_LINE.exec(line);
    if (!match) return undefined;
    const begin = pending ?? i;
    close(begin);
    if (key === undefined && begin !== 0) return undefined;
    start = begin;
    key = match[1];
    pending = undefined;
  }
  // Comment or blank lines after the last entry belong to the document, not to an entry.
  if (pending !== undefined || key === undefined) return undefined;
  close(lines.length);
  return found;
}

/** An entry that sorts before every key (the empty key), ahead of the entry written, as the entry before it. */
const LEAD = '"": 0\n';

/**
 * The text of one entry as updateYaml writes it in a whole file: the entry
 * (`current`, undefined for an added one) between an entry before it and the
 * entry after it (`next`, kept as it is), so that its comments attach as they
 * do in the file. Undefined when the neighbours do not come out unchanged.
 */
function entryText(
  key: string,
  current: string | undefined,
  next: string | undefined,
  before: JsonObject | undefined,
  after: JsonObject | undefined,
  schema: Schema,
  keyComments: ReadonlyMap<string, string>,
  staleComments: ReadonlyMap<string, string>,
): string | undefined {
  const source = `${LEAD}${current ?? ''}${next ?? ''}`;
  const doc = parseDocument(source, { uniqueKeys: false, schema: 'core' });
  if (doc.errors.length > 0) return undefined;
  const one = <T>(map: ReadonlyMap<string, T>) =>
    map.has(key) ? new Map([[key, map.get(key)!]]) : new Map<string, T>();
  const out = updateYaml(
    doc,
    before === undefined ? {} : { [key]: before },
    after === undefined ? {} : { [key]: after },
    schema,
    one(keyComments),
    one(staleComments),
  );
  const tail = next ?? '';
  if (!out.startsWith(LEAD) || !out.endsWith(tail) || out.length < LEAD.length + tail.length) return undefined;
  return out.slice(LEAD.length, out.length - tail.length);
}

/**
 * `text` with the entries of `changed` keys written as `after` says (removed when
 * `after` has no record for the key, added when `before` has none): what
 * `updateYaml(parse(text), before, after, …)` writes, without parsing or writing
 * the rest. `before`/`after` need only hold the changed keys (canonical records).
 * Undefined when the file cannot be treated entry by entry; the caller then
 * rewrites it whole.
 */
export function spliceKeyedYaml(
  text: string,
  changed: readonly string[],
  before: ReadonlyMap<string, JsonObject>,
  after: ReadonlyMap<string, JsonObject>,
  schema: Schema,
  keyComments: ReadonlyMap<string, string> = new Map(),
  staleComments: ReadonlyMap<string, string> = new Map(),
): KeyedSplice | undefined {
  const parts = segments(text);
  if (!parts || parts.length === 0) return undefined;
  const position = new Map<string, number>();
  for (const [i, part] of parts.entries()) {
    if (position.has(part.key)) return undefined; // a duplicate key: the whole file's checks say where
    position.set(part.key, i);
  }
  const keys = parts.map((p) => p.key);
  const sorted = keys.every((k, i) => i === 0 || keys[i - 1] <= k);
  const entries = new Map<string, string>();
  const replaced = new Map<number, string | null>(); // index → new text, null: removed
  const added: string[] = [];
  for (const key of changed) {
    const was = before.get(key);
    const is = after.get(key);
    if (deepEqual(was, is)) continue;
    const at = position.get(key);
    if (at === undefined) {
      if (was !== undefined || is === undefined) return undefined; // the file and `before` disagree
      added.push(key);
      continue;
    }
    if (was === undefined) return undefined;
    // The first entry may carry the document's own comment: only a whole rewrite says where that goes.
    if (at === 0) return undefined;
    if (is === undefined) {
      replaced.set(at, null);
      continue;
    }
    const written = entryText(key, parts[at].text, parts[at + 1]?.text, was, is, schema, keyComments, staleComments);
    if (written === undefined) return undefined;
    replaced.set(at, written);
    entries.set(key, written);
  }
  // Added entries: in a sorted file before the first key that sorts after them, else at the end (updateYaml's rule).
  const inserted = new Map<number, string[]>(); // index of the entry they go before (parts.length: the end) → keys
  // A whole rewrite adds keys in the order of an object's keys (integer-like ones first): the same order here.
  const addedInOrder = Object.keys(Object.fromEntries(added.map((key) => [key, 0])));
  for (const key of sorted ? [...added].sort() : addedInOrder) {
    let at = parts.length;
    if (sorted) {
      const after = parts.findIndex((p) => p.key > key);
      if (after === 0) return undefined; // before the first entry, where the document's comment is
      if (after >= 0) at = after;
    }
    inserted.set(at, [...(inserted.get(at) ?? []), key]);
  }
  for (const [at, list] of inserted) {
    for (const key of list) {
      const written = entryText(
        key,
        undefined,
        parts[at]?.text,
        undefined,
        after.get(key),
        schema,
        keyComments,
        staleComments,
      );
      if (written === undefined) return undefined;
      entries.set(key, written);
    }
  }
  const out: string[] = [];
  const order: string[] = [];
  for (let i = 0; i <= parts.length; i++) {
    for (const key of inserted.get(i) ?? []) {
      out.push(entries.get(key)!);
      order.push(key);
    }
    if (i === parts.length) break;
    const now = replaced.has(i) ? replaced.get(i) : parts[i].text;
    if (now === null || now === undefined) continue;
    out.push(now);
    order.push(parts[i].key);
  }
  return { content: out.join(''), keys: order, entries };
}
