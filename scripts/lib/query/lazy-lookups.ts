// What a loaded index makes only when a query first reads it, apart from the columns: a value made once
// (once), the reference records by id (referenceLookup, over tables that may be read after the head), and each
// list route's members expanded from their runs (LazyLists). In: the head's tables and runs. Out: those lookups.

import { decodeRuns, type QueryIndex } from './index-format.ts';
import type { ReferenceLookup } from './reference-lookup.ts';

export interface LoadedList {
  /** Row numbers in the list's default order (decoded from `runs` when first read). */
  readonly members: readonly number[];
  /** The same as runs (index-format.ts encodeRuns): a few numbers, for a query that never reads every member. */
  runs: readonly number[];
  /** How many of the first members `hide_recent_previous=true` hides. */
  recent: number;
}

/** A value made when first read. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** Reference records by id, each map made when a query first looks one up. */
export function referenceLookup(index: Pick<QueryIndex, 'reference'>): ReferenceLookup {
  // Read when a map is first made: the tables may be read after the head (openIndex).
  const r = {
    get agencies() {
      return index.reference.agencies;
    },
    get configurations() {
      return index.reference.configurations;
    },
    get pads() {
      return index.reference.pads;
    },
    get locations() {
      return index.reference.locations;
    },
    get orbits() {
      return index.reference.orbits;
    },
  };
  const agencies = once(() => new Map(r.agencies.map(([id, name, abbrev]) => [id, { name, abbrev }])));
  const configurations = once(
    () => new Map(r.configurations.map(([id, name, fullName, manufacturer]) => [id, { name, fullName, manufacturer }])),
  );
  const pads = once(() => new Map(r.pads.map(([id, name, location]) => [id, { name, location }])));
  const locations = once(() => new Map(r.locations.map(([id, name, celestialBody]) => [id, { name, celestialBody }])));
  const orbits = once(
    () =>
      new Map(
        r.orbits.map(([id, name, celestialBody, suborbital]) => [
          id,
          { name, celestialBody, suborbital: suborbital === 1 },
        ]),
      ),
  );
  return {
    get agencies() {
      return agencies();
    },
    get configurations() {
      return configurations();
    },
    get pads() {
      return pads();
    },
    get locations() {
      return locations();
    },
    get orbits() {
      return orbits();
    },
  };
}

/** Each list route's members, expanded from their runs when a query first reads the list. */
export class LazyLists extends Map<string, LoadedList> {
  constructor(private readonly runs: Readonly<Record<string, { rows: number[]; recent: number }>>) {
    super();
  }

  override get(path: string): LoadedList | undefined {
    let list = super.get(path);
    if (!list && Object.hasOwn(this.runs, path)) {
      const entry = this.runs[path];
      const members = once(() => decodeRuns(entry.rows));
      list = {
        get members() {
          return members();
        },
        runs: entry.rows,
        recent: entry.recent,
      };
      super.set(path, list);
    }
    return list;
  }
}
