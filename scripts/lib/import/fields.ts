// Which fields of an LL2 object the importer carried into our records. Mapping
// marks paths as used (stored) or derived (recomputed by the build); every other
// leaf of the input is a skipped field and is reported, never lost silently.
// Paths are dotted with `[]` for list items: `mission.agencies[].name`.

import type { Json } from '../model/records.ts';
import { isObject } from './schema-walk.ts';

export const joinPath = (path: string, key: string): string => (path ? `${path}.${key}` : key);
export const itemPath = (path: string): string => `${path}[]`;

/** The path and its ancestors: `a.b[].c` → `a.b[].c`, `a.b[]`, `a.b`, `a`. */
function withAncestors(path: string): string[] {
  const out = [path];
  for (let i = path.length - 1; i > 0; i--) {
    if (path[i] === '.' || (path[i] === '[' && path[i + 1] === ']')) out.push(path.slice(0, i));
  }
  return out;
}

export class FieldUse {
  private readonly used = new Set<string>();
  private readonly derivedPaths = new Set<string>();

  /** The value at `path` (and all below it) is carried into our data. */
  use(path: string): void {
    this.used.add(path);
  }

  /** The value at `path` is not stored because the build computes it (urls, response modes, counters). */
  derive(path: string): void {
    this.derivedPaths.add(path);
  }

  /** Leaves of `input` neither used nor derived (skipped), and those derived; unique normalized paths. */
  classify(input: Json): { skipped: string[]; derived: string[] } {
    const skipped = new Set<string>();
    const derived = new Set<string>();
    const visit = (value: Json, path: string): void => {
      const covering = withAncestors(path);
      if (path && covering.some((p) => this.used.has(p))) return;
      if (path && covering.some((p) => this.derivedPaths.has(p))) {
        derived.add(path);
        return;
      }
      if (Array.isArray(value) && value.length > 0) for (const item of value) visit(item, itemPath(path));
      else if (isObject(value) && Object.keys(value).length > 0)
        for (const [k, v] of Object.entries(value)) visit(v, joinPath(path, k));
      else skipped.add(path || '(record)');
    };
    visit(input, '');
    return { skipped: [...skipped], derived: [...derived] };
  }
}
