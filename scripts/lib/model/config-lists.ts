// The entries of LL2's `config/…` lists that our records carry as nested objects
// (schemas/config-lists.ts says which lists and where): in → the data set's
// launches, events, reference records and Starship dashboard; out → for each list, its entries by key
// (the id as text), each with the declared fields. Pure.
//
// Every nested object at a declared place counts, in a fixed order: reference
// records by key, then events by id, then launches by `last_updated` (then id).
// An entry takes each field from the last object that states it with the declared
// type, so a newer record's name wins and a field only older ones state (a role's
// priority) is kept. An entry missing a required field is left out.

import { isObject } from '../base/json-types.ts';
import {
  CONFIG_LISTS,
  type ConfigField,
  type ConfigList,
  type ConfigListKind,
  type ConfigSourceSet,
} from '../../schemas/config-lists.ts';
import type { DataSet, Json, JsonObject, ReferenceRecord } from './records.ts';

/** Every value at a path (`a.[].b`, `**.c`) of a value, from step `from` on. */
export function valuesAt(value: Json | undefined, path: readonly string[], out: Json[] = [], from = 0): Json[] {
  if (value === undefined) return out;
  if (from === path.length) {
    out.push(value);
    return out;
  }
  const step = path[from];
  if (step === '**') {
    valuesAt(value, path, out, from + 1);
    const children = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
    for (const child of children) valuesAt(child, path, out, from);
  } else if (step === '[]') {
    if (Array.isArray(value)) for (const item of value) valuesAt(item, path, out, from + 1);
  } else if (isObject(value)) valuesAt(value[step], path, out, from + 1);
  return out;
}

/** Every value under each of these keys, at any depth of a record: one walk answers all of its `**.key…` paths. */
function keyIndex(record: Json, keys: ReadonlySet<string>): Map<string, Json[]> {
  const index = new Map<string, Json[]>();
  const walk = (node: Json): void => {
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === 'object') walk(item);
    } else if (isObject(node)) {
      for (const key in node) {
        const value = node[key];
        if (keys.has(key)) {
          let values = index.get(key);
          if (!values) index.set(key, (values = []));
          values.push(value);
        }
        if (value !== null && typeof value === 'object') walk(value);
      }
    }
  };
  walk(record);
  return index;
}

/** Whether a nested object's value is one of the field's type (nulls count: a record may state that a value is unknown). */
const fits = (type: ConfigField, value: Json | undefined): boolean => {
  switch (type) {
    case 'int':
    case 'optionalInt':
      return Number.isInteger(value);
    case 'text':
      return typeof value === 'string';
    case 'nullableText':
      return typeof value === 'string' || value === null;
    case 'nullableInt':
      return Number.isInteger(value) || value === null;
    case 'nullableNumber':
      return typeof value === 'number' || value === null;
    case 'optionalBool':
      return typeof value === 'boolean';
    case 'image':
      return isObject(value) || value === null;
    // A nested location object (2.2.0), or our location's key (a landing record's).
    case 'location':
      return isObject(value) || value === null || typeof value === 'string';
    // Our celestial body's key, as a landing record's site names it.
    case 'celestialBody':
      return typeof value === 'string';
    case 'unshaped':
    case 'station':
    case 'unheld':
      return false;
  }
};

/** The records of a source set, in the fixed order above, each with its key when it is a reference record. */
function recordsOf(data: DataSet, from: ConfigSourceSet): ReadonlyArray<[string | undefined, Json]> {
  if (from === 'launches') {
    return (
      [...data.launches].sort((a, b) =>
        a.last_updated < b.last_updated
          ? -1
          : a.last_updated > b.last_updated
            ? 1
            : a.id < b.id
              ? -1
              : a.id > b.id
                ? 1
                : 0,
      ) as unknown as Json[]
    ).map((record) => [undefined, record]);
  }
  if (from === 'starshipDashboard')
    return data.starshipDashboard ? [[undefined, data.starshipDashboard as unknown as Json]] : [];
  if (from === 'events')
    return ([...data.events].sort((a, b) => a.id - b.id) as unknown as Json[]).map((record) => [undefined, record]);
  return [...data.reference[from]].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const SET_ORDER: readonly ConfigSourceSet[] = [
  'agencies',
  'astronauts',
  'celestialBodies',
  'launcherConfigurations',
  'locations',
  'pads',
  'programs',
  'spaceStations',
  'landings',
  'spacecraft',
  'spacecraftConfigurations',
  'expeditions',
  'starshipDashboard',
  'events',
  'launches',
];

/** The lists' entries by key, in order of id: each record is walked once for all the lists that read it. */
function collect(data: DataSet, lists: readonly ConfigList[]): Map<ConfigList, Map<string, ReferenceRecord>> {
  const merged = new Map(lists.map((list) => [list, new Map<number, JsonObject>()]));
  /** `station`: the key of the space station record the entry was found in, if it was. */
  const add = (list: ConfigList, found: Json, station: string | undefined): void => {
    if (!isObject(found) || !Number.isInteger(found.id)) return;
    const entries = merged.get(list)!;
    const entry = entries.get(found.id as number) ?? {};
    for (const [field, type] of Object.entries(list.fields)) {
      if (fits(type, found[field])) entry[field] = found[field];
      else if (type === 'station' && station !== undefined) entry[field] = station;
    }
    entries.set(found.id as number, entry);
  };
  for (const set of SET_ORDER) {
    const reads = lists.flatMap((list) =>
      list.sources.filter((s) => s.from === set).map((s) => ({ list, path: s.path.split('.') })),
    );
    if (reads.length === 0) continue;
    const anywhere = new Set(reads.filter(({ path }) => path[0] === '**').map(({ path }) => path[1]));
    for (const [key, record] of recordsOf(data, set)) {
      const station = set === 'spaceStations' ? key : undefined;
      let index: Map<string, Json[]> | undefined;
      for (const { list, path } of reads) {
        if (path[0] !== '**') {
          for (const found of valuesAt(record, path)) add(list, found, station);
          continue;
        }
        index ??= keyIndex(record, anywhere);
        for (const value of index.get(path[1]) ?? [])
          for (const found of valuesAt(value, path, [], 2)) add(list, found, station);
      }
    }
  }
  return new Map(
    lists.map((list) => {
      const complete = [...merged.get(list)!.values()].filter((entry) =>
        Object.entries(list.fields).every(([field, type]) =>
          type === 'int' || type === 'text' ? field in entry : true,
        ),
      );
      return [
        list,
        new Map(
          complete
            .sort((a, b) => (a.id as number) - (b.id as number))
            .map((entry) => [String(entry.id), entry as ReferenceRecord]),
        ),
      ];
    }),
  );
}

/** One list's entries by key, in order of id. */
export const configListEntries = (data: DataSet, list: ConfigList): Map<string, ReferenceRecord> =>
  collect(data, [list]).get(list)!;

/** Every list's entries, by kind. */
export function configLists(data: DataSet): Record<ConfigListKind, Map<string, ReferenceRecord>> {
  const all = collect(data, CONFIG_LISTS);
  return Object.fromEntries(CONFIG_LISTS.map((list) => [list.kind, all.get(list)!])) as Record<
    ConfigListKind,
    Map<string, ReferenceRecord>
  >;
}

/** The data set with its config lists filled from its records. */
export const withConfigLists = (data: DataSet): DataSet => ({
  ...data,
  reference: { ...data.reference, ...configLists(data) },
});
