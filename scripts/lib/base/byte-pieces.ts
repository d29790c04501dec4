// Bytes in pieces, as the query side hands them on. In: pieces of UTF-8 (views into
// record packs and detail files, a page's head, the commas between its records).
// Out: the pieces joined into one array (the Node server, which sends a length and
// may compress), or one Blob the runtime joins (the edge hosts' response body). Why
// pieces: a page's records are never copied out of their packs before that one join.

/** The pieces in one array (one copy). */
export function joinBytes(pieces: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const joined = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    joined.set(piece, at);
    at += piece.length;
  }
  return joined;
}

/**
 * The pieces as one Blob, a response body: the runtime joins them itself (one copy, in native code), and the body
 * it sends is then its own. A ReadableStream made in JavaScript is pulled chunk by chunk instead, each chunk through
 * JavaScript, which Cloudflare counts as the request's CPU (in workerd, a page of 100 detailed launches, 1.7 MB in
 * about 100 chunks: some 4 ms more than one body; docs/performance.md).
 */
export function blobOfPieces(pieces: readonly Uint8Array[]): Blob {
  // Views of ArrayBuffers (record packs, encoded text), never of a SharedArrayBuffer.
  return new Blob(pieces as ReadonlyArray<Uint8Array<ArrayBuffer>> as Uint8Array<ArrayBuffer>[]);
}
