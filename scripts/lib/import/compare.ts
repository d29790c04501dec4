// Round-trip fidelity: an LL2 object compared leaf by leaf with what our build
// published for the same id. A leaf is a value that is not an object or list, or
// an empty object or list; it is equal when our value at the same path is equal.
// Links to LL2's own API (`url: https://ll.thespacedevs.com/2.3.0/agencies/121/`)
// are not compared: ours name the files we publish, by design.

import type { Json } from '../model/records.ts';
import { isObject } from './schema-walk.ts';

export interface LeafDiff {
  path: string;
  expected: Json;
  /** `undefined` when our object has nothing at that path. */
  actual: Json | undefined;
}

export interface Fidelity {
  total: number;
  equal: number;
  diffs: LeafDiff[];
}

/** Counters that depend on the whole LL2 database, left out of the comparison. */
export const isAttemptCounter = (key: string): boolean => /_launch_attempt_count/.test(key);

/** A resource's link into LL2's API (not an info or video link, whose `url` names another site). */
export const isLl2ApiLink = (key: string, value: Json): boolean =>
  key === 'url' && typeof value === 'string' && /^https?:\/\/ll(dev)?\.thespacedevs\.com\//.test(value);

export function compareLeaves(
  expected: Json,
  actual: Json | undefined,
  exclude: (key: string) => boolean = isAttemptCounter,
): Fidelity {
  const result: Fidelity = { total: 0, equal: 0, diffs: [] };
  const visit = (e: Json, a: Json | undefined, path: string): void => {
    if (Array.isArray(e) && e.length > 0) {
      for (const [i, item] of e.entries()) visit(item, Array.isArray(a) ? a[i] : undefined, `${path}[${i}]`);
      return;
    }
    if (isObject(e) && Object.keys(e).length > 0) {
      for (const [key, value] of Object.entries(e)) {
        if (exclude(key) || isLl2ApiLink(key, value)) continue;
        visit(value, isObject(a) ? a[key] : undefined, path ? `${path}.${key}` : key);
      }
      return;
    }
    result.total++;
    const same = Array.isArray(e)
      ? Array.isArray(a) && a.length === 0
      : isObject(e)
        ? isObject(a) && Object.keys(a).length === 0
        : e === a;
    if (same) result.equal++;
    else result.diffs.push({ path: path || '(value)', expected: e, actual: a });
  };
  visit(expected, actual, '');
  return result;
}

export const percent = (f: Fidelity): number => (f.total === 0 ? 100 : (100 * f.equal) / f.total);

/** What "reproduced" means for a launch: these six facts are the same as LL2's (ids for the related records). */
export const CORE_FIELDS: readonly (readonly string[])[] = [
  ['name'],
  ['net'],
  ['status', 'id'],
  ['launch_service_provider', 'id'],
  ['pad', 'id'],
  ['rocket', 'configuration', 'id'],
];

const at = (value: Json | undefined, path: readonly string[]): Json | undefined =>
  path.reduce<Json | undefined>((node, key) => (isObject(node) ? node[key] : undefined), value);

/** The core fields where our published launch differs from LL2's (empty: reproduced). */
export function coreDifferences(ll2: Json, ours: Json | undefined): LeafDiff[] {
  return CORE_FIELDS.filter((path) => at(ll2, path) !== at(ours, path)).map((path) => ({
    path: path.join('.'),
    expected: at(ll2, path) ?? null,
    actual: at(ours, path),
  }));
}
