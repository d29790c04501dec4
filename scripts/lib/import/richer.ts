// A newer but poorer source never erases a richer field. In: the older record and
// the newer one (both in our record shapes, as the importer maps them) and whether
// the newer source is the poorer one (LL2 2.2.0 against 2.3.0). Out: the merged
// record, the values it had to assume (for `provenance.assumed`) and the paths
// where the older, richer value was kept. Pure.
//
// When the newer source is not poorer, it wins field by field as the importer
// has always merged (`mergeRecord`: its fields replace ours, the rest stay).
// When it is poorer, a value it states replaces ours unless it is only a poorer
// rendering of the same thing:
// - a field it does not give (at any depth) stays as ours;
// - an image given as a URL only (2.2.0: `{id: 0, name: ""}`) keeps our image
//   object with its id, name, thumbnail, credit and licence when the URL is the
//   same; with a new URL, the URL is taken, the thumbnail and variants (of the old
//   picture) go, and the id, name, credit and licence kept are marked assumed;
// - a families list that names no family ours lacks (2.2.0 names one family by
//   name) keeps ours; a family ours lacks is a real change and replaces the list;
// - a string where ours has an object (2.2.0 `status: "Active"`) keeps the
//   object when the string is its name or abbreviation;
// - an object is merged field by field unless it is another picture (another
//   image URL) or another record (another id): then it is the newer source's;
// - a list of the same length whose items are the same (same ids) is merged item
//   by item; any other list, and any other value (a changed figure, a new name,
//   null), is the newer source's.

import type { Json, JsonObject } from '../model/records.ts';
import { isObject } from './schema-walk.ts';

export interface RicherMerge {
  record: JsonObject;
  /** Field path (`image`, `mission.image`) → why its value is not all the newer source's. */
  assumed: Record<string, string>;
  /** Paths where the older, richer value was kept over a poorer one the newer source states. */
  kept: string[];
}

const FIRST_RICH_VERSION = [2, 3, 0];

/** A source of this LL2 version gives poorer shapes than 2.3.0 (unknown versions are taken as 2.3.0). */
export function isPoorerVersion(version: string | undefined): boolean {
  if (version === undefined) return false;
  const parts = version.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const diff = (parts[i] ?? 0) - FIRST_RICH_VERSION[i];
    if (Number.isNaN(diff)) return false;
    if (diff !== 0) return diff < 0;
  }
  return false;
}

/** An image object as 2.2.0 gives it after upgrade.ts: a URL and nothing else known (id 0). */
const isUrlOnlyImage = (value: Json | undefined): value is JsonObject =>
  isObject(value) &&
  typeof value.image_url === 'string' &&
  value.id === 0 &&
  (value.name === '' || value.name === undefined) &&
  value.license === undefined &&
  value.credit === undefined;

/** An image object that says more than its URL: an LL2 id, a name, a credit or a licence. */
const isRichImage = (value: Json | undefined): value is JsonObject =>
  isObject(value) && typeof value.image_url === 'string' && !isUrlOnlyImage(value);

const joinPath = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/** The merge of one image: ours kept, or ours with the newer URL (the rest marked assumed). */
function mergeImage(older: JsonObject, newer: JsonObject, path: string, out: RicherMerge): JsonObject {
  out.kept.push(path);
  if (older.image_url === newer.image_url) return older;
  const { thumbnail_url: _thumbnail, variants: _variants, ...rest } = older;
  out.assumed[path] =
    `id, name, credit and licence of the image an earlier LL2 2.3.0 record gave (${String(older.image_url)}); ` +
    'the newer source gives the new image URL only';
  return { ...rest, image_url: newer.image_url };
}

/** Two objects that may be merged field by field: not two pictures or two records with different ids. */
const sameThing = (older: JsonObject, newer: JsonObject): boolean =>
  ['image_url', 'id'].every(
    (field) => older[field] === undefined || newer[field] === undefined || older[field] === newer[field],
  );

/** Every item of a newer list has an older twin at the same place (same id, or neither has one). */
function sameItems(older: Json[], newer: Json[]): boolean {
  return (
    older.length === newer.length &&
    older.every((item, i) => {
      const other = newer[i];
      if (isObject(item) !== isObject(other)) return false;
      return !isObject(item) || (item.id ?? null) === ((other as JsonObject).id ?? null);
    })
  );
}

function mergeValue(
  older: Json | undefined,
  newer: Json | undefined,
  key: string,
  path: string,
  out: RicherMerge,
): Json | undefined {
  if (newer === undefined) return older;
  if (older === undefined) return newer;
  if (isRichImage(older) && isUrlOnlyImage(newer)) return mergeImage(older, newer, path, out);
  if (key === 'families' && Array.isArray(older) && Array.isArray(newer) && newer.every((f) => older.includes(f))) {
    if (newer.length < older.length) out.kept.push(path);
    return older;
  }
  if (isObject(older) && typeof newer === 'string') {
    const same = [older.name, older.abbrev].some(
      (n) => typeof n === 'string' && n.toLowerCase() === newer.toLowerCase(),
    );
    if (same) {
      out.kept.push(path);
      return older;
    }
    return newer;
  }
  if (isObject(older) && isObject(newer)) return sameThing(older, newer) ? mergeObject(older, newer, path, out) : newer;
  if (Array.isArray(older) && Array.isArray(newer) && sameItems(older, newer)) {
    return newer.map((item, i) => mergeValue(older[i], item, key, `${path}[${i}]`, out) as Json);
  }
  return newer;
}

function mergeObject(older: JsonObject, newer: JsonObject, path: string, out: RicherMerge): JsonObject {
  const merged: JsonObject = { ...older };
  for (const [key, value] of Object.entries(newer)) {
    const result = mergeValue(older[key], value, key, joinPath(path, key), out);
    if (result !== undefined) merged[key] = result;
  }
  return merged;
}

/** Incoming fields replace ours; fields the incoming mode does not carry are kept (list mode has no rocket stages …). */
export function mergeRecord(previous: JsonObject | undefined, incoming: JsonObject): JsonObject {
  if (!previous) return incoming;
  const merged: JsonObject = { ...previous, ...incoming };
  for (const nested of ['rocket', 'mission', 'll2_figures']) {
    if (isObject(previous[nested]) && isObject(incoming[nested]))
      merged[nested] = { ...(previous[nested] as JsonObject), ...(incoming[nested] as JsonObject) };
  }
  return merged;
}

/**
 * `older` updated by `newer`. With `newerPoorer`, the rules above keep what the
 * newer source cannot say; otherwise the newer source's fields replace ours.
 */
export function keepRicher(older: JsonObject, newer: JsonObject, newerPoorer: boolean): RicherMerge {
  if (!newerPoorer) return { record: mergeRecord(older, newer), assumed: {}, kept: [] };
  const out: RicherMerge = { record: {}, assumed: {}, kept: [] };
  out.record = mergeObject(older, newer, '', out);
  return out;
}
