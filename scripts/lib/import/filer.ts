// Filing the objects nested in launches as records of their own, one kind at a
// time: in, the records already filed (by key) and, one by one, each nested
// object as a new record with its LL2 id; out, the key it is filed under (the key
// of the record with that id, else a new one from the given text, made unique
// with the id) and the records, where a later statement replaces an earlier one
// and keeps the fields it lacks. Callers feed launches oldest first, so the
// newest statement wins. Pure (state in memory only); also counts what was
// converted, for the migration's report.

import type { JsonObject } from '../model/records.ts';
import { ll2Slug } from './provenance.ts';

/** LL2's slug of a text as a key of ours: only lower-case letters, digits and single hyphens ("FLTA007_Patch" → "flta007-patch"). */
const keyOf = (text: string): string =>
  ll2Slug(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');

/** What a record states, without the source it names. */
export const statement = ({ provenance: _provenance, ...record }: JsonObject): JsonObject => record;

export class RecordFiler {
  readonly records: Map<string, JsonObject>;
  changed = false;
  private readonly keyById = new Map<number, string>();

  /** `prefix` names a record whose text gives no key: `${prefix}-${id}`. */
  constructor(
    existing: ReadonlyMap<string, JsonObject>,
    private readonly prefix: string,
  ) {
    this.records = new Map(existing);
    for (const [key, record] of this.records) if (typeof record.id === 'number') this.keyById.set(record.id, key);
  }

  /** The key of the record filed for an LL2 id, if any. */
  keyFor(id: number): string | undefined {
    return this.keyById.get(id);
  }

  /** The key of the record with LL2 id `incoming.id`: added, or merged over the one filed (its fields the newer statement lacks kept). */
  file(incoming: JsonObject & { id: number }, text = ''): string {
    let key = this.keyById.get(incoming.id);
    if (key === undefined) {
      key = keyOf(text) || `${this.prefix}-${incoming.id}`;
      if (this.records.has(key)) key = `${key}-${incoming.id}`;
      this.keyById.set(incoming.id, key);
      this.records.set(key, incoming);
      this.changed = true;
      return key;
    }
    const current = this.records.get(key)!;
    const merged = { ...current, ...incoming };
    // A source that says the same again leaves the record, and the source it names, as they are.
    if (JSON.stringify(statement(merged)) !== JSON.stringify(statement(current))) {
      this.records.set(key, merged);
      this.changed = true;
    }
    return key;
  }
}

/** Counts of what a migration converted: `conversion → times`. */
export class Conversions extends Map<string, number> {
  count(what: string): void {
    this.set(what, (this.get(what) ?? 0) + 1);
  }
}

/** Indexes of launches, oldest NET first (ties in input order): the order a filer is fed in. */
export function oldestFirst(launches: readonly JsonObject[]): number[] {
  return launches
    .map((launch, index) => ({ launch, index }))
    .sort((a, b) => String(a.launch.net ?? '').localeCompare(String(b.launch.net ?? '')) || a.index - b.index)
    .map(({ index }) => index);
}
