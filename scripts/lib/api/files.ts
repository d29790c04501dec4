// Output files as every generator hands them to the publisher: a path and its
// content, or a planned file that is rendered only when its bytes are needed and
// carries a fingerprint (and optionally a cheaper input key) so that a rebuild
// can skip what has not changed. Pure data types and helpers; no I/O.

import { sha1 } from '../base/digest.ts';
import { toSafeJson } from '../base/json.ts';
import type { Serialized } from './fragments.ts';
import { API_VERSION } from './paths.ts';

export interface OutputFile {
  /** Path relative to the output folder, with `/` separators. */
  path: string;
  content: string | Buffer;
}

/**
 * A file of the build, not yet rendered: its fingerprint changes exactly when its
 * bytes do, so a rebuild can skip rendering and writing what has not changed.
 */
export interface PlannedFile {
  path: string;
  /** Hash of the bytes; may be computed on first read. */
  readonly fingerprint: string;
  /** Optional cheaper key of the inputs (input-keys.ts): equal keys mean equal bytes. */
  key?: string;
  render(): string | Buffer;
}

/**
 * A file made only when its bytes are needed: `inputs` (hashed into the key) must
 * change whenever what `make` reads does, so a rebuild with an equal key skips it.
 */
export function lazyPlannedFile(path: string, inputs: string, make: () => string | Buffer): PlannedFile {
  return new RenderedOnDemand(path, sha1(inputs), () => {
    const content = make();
    return { fingerprint: sha1(content), render: () => content };
  });
}

type Serializable = Serialized | { fingerprint: string; render(): string | Buffer };

/**
 * A planned file that holds its serialized form only until it is rendered, then
 * just its fingerprint: a full build renders every file once, and keeping them all
 * would hold the whole output in memory. (A class: a build plans one per record.)
 */
export class RenderedOnDemand implements PlannedFile {
  private serialized: Serializable | undefined;
  private knownFingerprint: string | undefined;

  constructor(
    readonly path: string,
    readonly key: string,
    private readonly serialize: () => Serializable,
  ) {}

  private get form(): Serializable {
    return (this.serialized ??= this.serialize());
  }

  get fingerprint(): string {
    return (this.knownFingerprint ??= this.form.fingerprint);
  }

  render(): string | Buffer {
    const content = this.form.render();
    this.knownFingerprint ??= this.serialized!.fingerprint;
    this.serialized = undefined;
    return content;
  }
}

/** A file whose content is already in hand, as a planned file. */
export function planned(file: OutputFile | PlannedFile): PlannedFile {
  if ('render' in file) return file;
  const { path, content } = file;
  return { path, fingerprint: sha1(content), render: () => content };
}

/** A JSON file under the API root. */
export const apiFile = (path: string, value: unknown): OutputFile => ({
  path: `${API_VERSION}/${path}`,
  content: toSafeJson(value),
});

export const byPath = (a: { path: string }, b: { path: string }): number =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
