// The entries of LL2's `config/…` lists that our records carry as nested objects
// (schemas/config-lists.ts says which lists and where): in → the data set's
// launches, events and reference records; out → for each list, its entries by key
// (the id as text), each with the declared fields. Pure.
//
// Every nested object at a declared place counts, in a fixed order: reference
// records by key, then events by id, then launches by `last_updated` (then id).
// An entry takes each field from the last object that states it with the declared
// type, so a newer record's name wins and a field only older ones state (a role's
// priority) is kept. An entry missing a required field is left out.

import { CONFIG_LISTS, type ConfigField, type ConfigList, type ConfigListKind, type ConfigSourceSet } from '../../schemas/config-lists.ts';
import type { DataSet, Json, JsonObject, ReferenceRecord } from './records.ts';

const isObject = (value: Json | undefined): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every value at a path (`a.[].b`, `**.c`) of a value. */
export function valuesAt(value: Json | undefined, path: readonly string[], out: Json[] = []): Json[] {
  if (value === undefined) return out;
  if (path.length === 0) {
    out.push(value);
    return out;
  }
  const [step, ...rest] = path;
  if (step === '**') {
    valuesAt(value, rest, out);
    const children = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
    for (const child of children) valuesAt(child, path, out);
  } else if (step === '[]') {
    if (Array.isArray(value)) for (const item of value) valuesAt(item, rest, out);
  } else if (isObject(value)) valuesAt(value[step], rest, out);
  return out;
}

/** Whether a nested object's value is one of the field's type (nulls count: a record may state that a value is unknown). */
const fits = (type: ConfigField, value: Json | undefined): boolean => {
  switch (type) {
    case 'int': case 'optionalInt': return Number.isInteger(value);
    case 'text': return typeof value === 'string';
    case 'nullableText': return typeof value === 'string' || value === null;
    case 'nullableInt': return Number.isInteger(value) || value === null;
    case 'nullableNumber': return typeof value === 'number' || value === null;
    case 'optionalBool': return typeof value === 'boolean';
    case 'image': case 'location': return isObject(value) || value === null;
    case 'celestialBody': case 'unshaped': return false;
  }
};

/** The records of a source set, in the fixed order above. */
function recordsOf(data: DataSet, from: ConfigSourceSet): readonly Json[] {
  if (from === 'launches') {
    return [...data.launches].sort((a, b) => (a.last_updated < b.last_updated ? -1 : a.last_updated > b.last_updated ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) as unknown as Json[];
  }
  if (from === 'events') return [...data.events].sort((a, b) => a.id - b.id) as unknown as Json[];
  return [...data.reference[from]].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, record]) => record);
}

const SET_ORDER: readonly ConfigSourceSet[] = [
  'agencies', 'astronauts', 'celestialBodies', 'launcherConfigurations', 'locations', 'pads', 'programs', 'spaceStations', 'events', 'launches',
];

/** One list's entries by key, in order of id. */
export function configListEntries(data: DataSet, list: ConfigList): Map<string, ReferenceRecord> {
  const merged = new Map<number, JsonObject>();
  const sources = [...list.sources].sort((a, b) => SET_ORDER.indexOf(a.from) - SET_ORDER.indexOf(b.from));
  for (const source of sources) {
    const path = source.path.split('.');
    for (const record of recordsOf(data, source.from)) {
      for (const found of valuesAt(record, path)) {
        if (!isObject(found) || !Number.isInteger(found.id)) continue;
        const entry = merged.get(found.id as number) ?? {};
        for (const [field, type] of Object.entries(list.fields)) if (fits(type, found[field])) entry[field] = found[field];
        merged.set(found.id as number, entry);
      }
    }
  }
  const complete = [...merged.values()].filter((entry) =>
    Object.entries(list.fields).every(([field, type]) => (type === 'int' || type === 'text' ? field in entry : true)));
  return new Map(complete.sort((a, b) => (a.id as number) - (b.id as number)).map((entry) => [String(entry.id), entry as ReferenceRecord]));
}

/** Every list's entries, by kind. */
export function configLists(data: DataSet): Record<ConfigListKind, Map<string, ReferenceRecord>> {
  return Object.fromEntries(CONFIG_LISTS.map((list) => [list.kind, configListEntries(data, list)])) as Record<ConfigListKind, Map<string, ReferenceRecord>>;
}

/** The data set with its config lists filled from its records. */
export const withConfigLists = (data: DataSet): DataSet => ({ ...data, reference: { ...data.reference, ...configLists(data) } });
