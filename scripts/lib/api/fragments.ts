// JSON for a tree in which the same objects recur thousands of times (every launch
// from a pad carries that pad, its location and its celestial body). Objects
// marked as shared are serialized once; every output that contains them reuses
// the text. Each output also gets a fingerprint — a Merkle hash over its own
// fields and the hashes of the shared objects it contains — so a rebuild can tell
// which files changed without producing their bytes.
//
// The text is the same as `toSafeJson` would write: compact, with `<`, `>`, `&`,
// U+2028 and U+2029 escaped.

import { randomBytes } from 'node:crypto';
import { sha1 } from '../base/digest.ts';
import { toSafeJson } from '../base/json.ts';

interface Fragment {
  /** Escaped JSON of the object, shared objects inside it left as markers. */
  outer: string;
  hash: string;
  /** Escaped JSON with every marker resolved; made on first use. */
  text?: string;
}

export interface Serialized {
  fingerprint: string;
  render(): string;
}

export class FragmentJson {
  private readonly shared = new WeakSet<object>();
  private readonly ids = new WeakMap<object, number>();
  private readonly fragments: Fragment[] = [];
  // Markers hold a NUL and a random nonce: no data string can forge one
  // (validation rejects control characters, and the nonce is unknown to the data).
  private readonly nonce = randomBytes(6).toString('hex');
  private readonly markerPattern = new RegExp(`"\\\\u0000${this.nonce}:(\\d+)"`, 'g');

  /** Marks an object as shared: it is serialized once, wherever it appears. Returns it. */
  share<T>(value: T): T {
    if (value !== null && typeof value === 'object') this.shared.add(value as object);
    return value;
  }

  private outerOf(value: unknown, root: unknown): string {
    return toSafeJson(value, (_key, v) =>
      v !== root && v !== null && typeof v === 'object' && this.shared.has(v) ? this.markerFor(v) : v,
    );
  }

  private markerFor(value: object): string {
    let id = this.ids.get(value);
    if (id === undefined) {
      const outer = this.outerOf(value, value);
      id = this.fragments.length;
      this.fragments.push({ outer, hash: sha1(this.withHashes(outer)) });
      this.ids.set(value, id);
    }
    return `\u0000${this.nonce}:${id}`;
  }

  /** The outer text with each marker replaced by its fragment's hash: what a fingerprint covers. */
  private withHashes(outer: string): string {
    return outer.replace(this.markerPattern, (_, id: string) => `#${this.fragments[Number(id)].hash}`);
  }

  private resolve(outer: string): string {
    return outer.replace(this.markerPattern, (_, id: string) => {
      const fragment = this.fragments[Number(id)];
      return (fragment.text ??= this.resolve(fragment.outer));
    });
  }

  /** Serializes a value: its fingerprint now, its text when asked. */
  serialize(value: unknown): Serialized {
    const outer = this.outerOf(value, undefined);
    return { fingerprint: sha1(this.withHashes(outer)), render: () => this.resolve(outer) };
  }
}
