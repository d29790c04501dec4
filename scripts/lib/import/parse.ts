// What an LL2 body holds, as LL2 returns it or as other projects save it: a
// paginated page `{count, next, previous, results}`, a bare array, a single
// object, or any wrapper around such lists (`{updatedAt, launches: [...]}`,
// `{upcoming: {results}, previous: {results}}`, …). Items are launches (UUID id),
// events (integer id with `type` and `date`) or reference records (agencies,
// pads, locations, launcher configurations, space stations, programs, astronauts,
// spacecraft configurations: told by
// their `url` or, without one, by their fields); in list, normal or detailed mode;
// from LL2 2.2.0 or 2.3.0. Anything in the body that holds objects we cannot read
// is reported, never skipped silently.

import type { FileReferenceKind as ReferenceKind } from '../../schemas/data-files.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { isObject } from './schema-walk.ts';

export type Ll2Kind = 'launch' | 'event' | 'reference';
export type Ll2Mode = 'list' | 'normal' | 'detailed';
export type Ll2Shape = 'page' | 'array' | 'object' | 'wrapper';

export interface Ll2Item {
  kind: Ll2Kind;
  /** For `reference` items: which kind of reference record. */
  referenceKind?: ReferenceKind;
  mode: Ll2Mode;
  value: JsonObject;
  /** Where it came from, for messages: `file.json#results[3]`. */
  source: string;
}

export interface ParsedInput {
  shape: Ll2Shape;
  items: Ll2Item[];
  problems: string[];
  /** The LL2 version the body comes from (`2.2.0`, `2.3.0`), read from its URLs or its shapes. */
  version?: string;
  /** When the file was saved, if its wrapper says so (`updatedAt` and the like): a UTC timestamp. */
  savedAt?: string;
  /** Where the items were found, for the report: `results`, `launches`, `upcoming.results`. */
  lists?: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MODES: readonly Ll2Mode[] = ['list', 'normal', 'detailed'];
/** How deep a wrapper is searched for lists of items. */
const MAX_WRAPPER_DEPTH = 4;

export const isPage = (value: Json): value is JsonObject =>
  isObject(value) && Array.isArray(value.results) && ('count' in value || 'next' in value || 'previous' in value);

/** LL2 resource paths (2.2.0 singular, 2.3.0 plural) → the reference kind they hold. */
const URL_KINDS: [RegExp, ReferenceKind][] = [
  [/\/agenc(?:y|ies)\/\d+\/?/, 'agencies'],
  [/\/config\/launcher\/\d+\/?|\/launcher_configurations\/\d+\/?/, 'launcherConfigurations'],
  [/\/pads?\/\d+\/?/, 'pads'],
  [/\/locations?\/\d+\/?/, 'locations'],
  [/\/space_?stations?\/\d+\/?/, 'spaceStations'],
  [/\/programs?\/\d+\/?/, 'programs'],
  [/\/astronauts?\/\d+\/?/, 'astronauts'],
  [/\/config\/spacecraft\/\d+\/?|\/spacecraft_configurations\/\d+\/?/, 'spacecraftConfigurations'],
];

/** A reference record without a `url` (some saved files drop it), told by the fields only it has. */
function referenceKindByFields(value: JsonObject): ReferenceKind | undefined {
  if ('full_name' in value && ('family' in value || 'families' in value)) return 'launcherConfigurations';
  if ('timezone_name' in value && !('location' in value)) return 'locations';
  if (isObject(value.location) && ('latitude' in value || 'map_url' in value)) return 'pads';
  if ('founded' in value && ('owners' in value || 'orbit' in value)) return 'spaceStations';
  // An astronaut of LL2's list, as saved without its url (launchschedule's astronauts.json).
  if ('date_of_birth' in value && 'nationality' in value && ('flights' in value || 'bio' in value || 'agency' in value))
    return 'astronauts';
  if (
    'abbrev' in value &&
    'type' in value &&
    ('founding_year' in value || 'country_code' in value || 'country' in value)
  )
    return 'agencies';
  return undefined;
}

export function detectReferenceKind(value: JsonObject): ReferenceKind | undefined {
  if (typeof value.id !== 'number' || !Number.isInteger(value.id)) return undefined;
  if (typeof value.url === 'string') {
    const found = URL_KINDS.find(([pattern]) => pattern.test(value.url as string));
    if (found) return found[1];
  }
  return referenceKindByFields(value);
}

export function detectKind(value: JsonObject): Ll2Kind | undefined {
  if (typeof value.id === 'string' && UUID.test(value.id)) return 'launch';
  if (typeof value.id === 'number' && Number.isInteger(value.id) && 'type' in value && 'date' in value) return 'event';
  return detectReferenceKind(value) ? 'reference' : undefined;
}

/**
 * The mode an object was returned in. LL2 always writes `response_mode`; without
 * it we guess from the fields (detailed launches have `updates`, normal ones
 * `launch_service_provider`; detailed events have `launches`).
 */
export function detectMode(value: JsonObject, kind: Ll2Kind): Ll2Mode {
  if (typeof value.response_mode === 'string' && MODES.includes(value.response_mode as Ll2Mode))
    return value.response_mode as Ll2Mode;
  if (kind === 'reference') return 'detailed';
  if (kind === 'launch')
    return 'updates' in value || 'timeline' in value
      ? 'detailed'
      : 'launch_service_provider' in value
        ? 'normal'
        : 'list';
  return 'launches' in value || 'agencies' in value ? 'detailed' : 'updates' in value ? 'normal' : 'list';
}

const VERSION_IN_URL = /\/\/[^/]*thespacedevs\.com\/(\d+\.\d+\.\d+)\//;

/** 2.2.0 shapes that 2.3.0 no longer has: an agency `type` as a string, a `family` string, `country_code`, `vidURLs`. */
function has220Shape(value: JsonObject): boolean {
  return (
    typeof value.family === 'string' ||
    'country_code' in value ||
    'vidURLs' in value ||
    'infoURLs' in value ||
    (typeof value.type === 'string' && 'abbrev' in value)
  );
}

/** The LL2 version of a body: the first `…thespacedevs.com/X.Y.Z/` URL in it, else 2.2.0 when it has 2.2.0 shapes. */
export function detectVersion(value: Json): string | undefined {
  let shape220 = false;
  let found: string | undefined;
  const visit = (node: Json, depth: number): void => {
    if (found !== undefined || depth > 12) return;
    if (typeof node === 'string') {
      const match = VERSION_IN_URL.exec(node);
      if (match) found = match[1];
    } else if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
    } else if (isObject(node)) {
      if (has220Shape(node)) shape220 = true;
      for (const item of Object.values(node)) visit(item, depth + 1);
    }
  };
  visit(value, 0);
  return found ?? (shape220 ? '2.2.0' : undefined);
}

/** A wrapper's own time stamp (`updatedAt`, `generated_at`, `fetchedAt`, …), as the saving project wrote it. */
const SAVED_AT_KEY = /^(?:updated|generated|fetched|saved|last_?updated)_?(?:at|on|time)?$/i;

function savedAtOf(value: Json): string | undefined {
  if (!isObject(value) || detectKind(value)) return undefined;
  for (const [key, field] of Object.entries(value)) {
    if (!SAVED_AT_KEY.test(key) || typeof field !== 'string') continue;
    const ms = Date.parse(field);
    if (!Number.isNaN(ms)) return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  }
  return undefined;
}

const describeKey = (path: string, key: string) => (path ? `${path}.${key}` : key);

export function parseLl2(value: Json, source: string): ParsedInput {
  const items: Ll2Item[] = [];
  const problems: string[] = [];
  const lists: string[] = [];
  const shape: Ll2Shape = isPage(value)
    ? 'page'
    : Array.isArray(value)
      ? 'array'
      : isObject(value) && detectKind(value)
        ? 'object'
        : 'wrapper';
  const take = (entry: JsonObject, where: string): boolean => {
    const kind = detectKind(entry);
    if (!kind) return false;
    items.push({
      kind,
      referenceKind: kind === 'reference' ? detectReferenceKind(entry) : undefined,
      mode: detectMode(entry, kind),
      value: entry,
      source: where,
    });
    return true;
  };
  const readList = (list: Json[], path: string): void => {
    lists.push(path || '(top level)');
    list.forEach((entry, i) => {
      const where = `${source}#${path}[${i}]`;
      if (!isObject(entry)) problems.push(`${where}: not an object`);
      else if (!take(entry, where))
        problems.push(
          `${where}: neither a launch (UUID id), an event (integer id with type and date) nor an LL2 reference record`,
        );
    });
  };
  const visit = (node: Json, path: string, depth: number): void => {
    if (Array.isArray(node)) {
      // A list is read when it holds objects at all; a list of numbers or strings is metadata.
      if (node.some(isObject)) readList(node, path);
      return;
    }
    if (!isObject(node)) return;
    if (path !== '' || shape === 'object') {
      if (take(node, path ? `${source}#${path}` : source)) return;
    }
    if (depth >= MAX_WRAPPER_DEPTH) {
      problems.push(`${source}#${path}: nested too deep to look for launches or events in it`);
      return;
    }
    for (const [key, field] of Object.entries(node)) {
      if (isObject(field) || Array.isArray(field)) visit(field, describeKey(path, key), depth + 1);
    }
  };
  if (shape === 'object') take(value as JsonObject, source);
  else visit(value, '', 0);
  // An empty page is an answer (`count: 0`: nothing upcoming), not a file we could not read.
  const emptyPage = shape === 'page' && ((value as JsonObject).results as Json[]).length === 0;
  if (items.length === 0 && problems.length === 0 && !emptyPage)
    problems.push(`${source}: holds no launches, events or LL2 reference records`);
  // The items' own URLs say the version best: a page's `next` link may name another (2.0.0 pages of 2.2.0 objects).
  const version = (items.length > 0 ? detectVersion(items[0].value) : undefined) ?? detectVersion(value);
  return { shape, items, problems, version, savedAt: savedAtOf(value), lists };
}
