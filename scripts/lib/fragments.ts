// JSON for a tree in which the same objects recur thousands of times (every launch
// from a pad carries that pad, its location and its celestial body). Objects
// marked as shared are serialized once; every output that contains them reuses
// the text. Each output also gets a fingerprint — a Merkle hash over its own
// fields and the hashes of the shared objects it contains — so a rebuild can tell
// which files changed without producing their bytes.
//
// The text is the same as `toSafeJson` would write: compact, with `<`, `>`, `&`,
// U+2028 and U+2029 escaped.

import { createHash, randomBytes } from 'node:crypto';
import { toSafeJson } from './json.ts';

interface Fragment {
  /** Escaped JSON of the object, shared objects inside it left as markers. */
  outer: string;
  hash: string;
  /** Escaped JSON with every marker resolved; made on first use, kept unless the object was shared with `keepText: false`. */
  text?: string;
  keepText: boolean;
}

export interface Serialized {
  fingerprint: string;
  render(): string;
}

const sha1 = (text: string): string => createHash('sha1').update(text).digest('base64url');

export class FragmentJson {
  /** Shared objects, and whether their resolved text is kept. */
  private readonly shared = new WeakMap<object, boolean>();
  private readonly ids = new WeakMap<object, number>();
  private readonly fragments: Fragment[] = [];
  // Markers hold a NUL and a random nonce: no data string can forge one
  // (validation rejects control characters, and the nonce is unknown to the data).
  private readonly nonce = randomBytes(6).toString('hex');
  private readonly markerPattern = new RegExp(`"\\\\u0000${this.nonce}:(\\d+)"`, 'g');

  /**
   * Marks an object as shared: it is serialized once, wherever it appears. Returns it.
   * `keepText: false` keeps only its serialized form with markers, resolving it again at
   * each use: for objects that are many and each used a few times (launches in normal
   * mode), whose resolved texts together would take gigabytes at LL2's scale.
   */
  share<T>(value: T, { keepText = true } = {}): T {
    if (value !== null && typeof value === 'object') this.shared.set(value as object, keepText);
    return value;
  }

  private outerOf(value: unknown, root: unknown): string {
    return toSafeJson(value, (key, v) => (v !== root && v !== null && typeof v === 'object' && this.shared.has(v) ? this.markerFor(v) : v));
  }

  private markerFor(value: object): string {
    let id = this.ids.get(value);
    if (id === undefined) {
      const outer = this.outerOf(value, value);
      id = this.fragments.length;
      this.fragments.push({ outer, hash: sha1(this.withHashes(outer)), keepText: this.shared.get(value) ?? true });
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
      if (fragment.text !== undefined) return fragment.text;
      const text = this.resolve(fragment.outer);
      if (fragment.keepText) fragment.text = text;
      return text;
    });
  }

  /** Serializes a value: its fingerprint now, its text when asked. */
  serialize(value: unknown): Serialized {
    const outer = this.outerOf(value, undefined);
    return { fingerprint: sha1(this.withHashes(outer)), render: () => this.resolve(outer) };
  }
}
