// What the runtime side reads from the host: the published tree by paths from its
// root (Assets: text, bytes, index files, and for adapters that serve static files,
// bodies the host sends on), the reader every edge host gives (TreeReader), and the
// error a reader throws when the host fails to read a file (ReadFailed). In: nothing.
// Out: those types, and the bytes reader the handler falls back to. Its own module
// because the handler, the edge adapters and their readers (fetch-assets.ts,
// held-index.ts) all name it, and none of them needs the handler for it.

/** The published tree, by paths from its root (`2.3.0/launches/index.json`). */
export interface Assets {
  /** A file's text, or undefined when there is none. */
  readText(path: string): Promise<string | undefined>;
  /** A file's bytes, or undefined when there is none (record packs; without it, their text is read and encoded). */
  readBytes?(path: string): Promise<Uint8Array | undefined>;
  /** A file of the query index as bytes or as text, whichever the reader holds (held-index.ts); without it, readBytes. */
  readIndexFile?(path: string): Promise<Uint8Array | string | undefined>;
  /** A file as a response body; adapters that serve static files themselves leave it out. */
  openFile?(path: string): Promise<{ body: BodyInit | null } | undefined>;
  /**
   * A file as a response body whose first bytes, which must be `head`, are replaced by `by`, the rest sent on as the
   * host read it, never through JavaScript (a static page answering a query: its records as they are, the query's
   * own count and links before them); undefined when the file does not start with `head`, or the host cannot.
   */
  spliceFile?(path: string, head: Uint8Array, by: Uint8Array): Promise<{ body: BodyInit } | undefined>;
}

/** A reader of the whole tree over HTTP (fetch-assets.ts), which every edge host gives. */
export type TreeReader = Required<Omit<Assets, 'readIndexFile' | 'spliceFile'>> & Pick<Assets, 'spliceFile'>;

/**
 * Thrown by a reader when the host fails to read a file (a file that is not there is `undefined`, not this): on
 * Cloudflare, `env.ASSETS.fetch` rejects past a request's subrequests, for one. The request is answered 503 with
 * JSON saying so (and CORS), as a client of the API can read it, not with the host's own error page.
 */
export class ReadFailed extends Error {
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`the host could not read ${path} (${cause instanceof Error ? cause.message : String(cause)})`);
  }
}

const encoder = new TextEncoder();

/** A reader of a file's bytes: the host's own, or its text encoded where it gives only text. */
export const bytesReader = (assets: Assets): ((path: string) => Promise<Uint8Array | undefined>) =>
  assets.readBytes?.bind(assets) ??
  (async (path: string) => {
    const text = await assets.readText(path);
    return text === undefined ? undefined : encoder.encode(text);
  });
