// Bytes in pieces, as the query side hands them on. In: pieces of UTF-8 (views into
// record packs and detail files, a page's head, the commas between its records) or
// a response body. Out: the pieces joined into one array (the Node server, which
// sends a length and may compress), the pieces as the chunks of a stream (the edge
// hosts: views passed on as they are, not copied), or a body read whole. Why pieces:
// every copy of a page's bytes costs CPU per byte, and on a fresh isolate each new
// megabyte touched costs more again; a chunk of a stream costs per chunk instead.

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
 * Pieces below this many bytes are joined with their neighbours into one chunk; larger ones pass as they are. A chunk
 * costs the stream some microseconds whatever its size (measured in Node: about 10 µs warm, 30 µs on a fresh
 * process), a copy about 4 µs a kB in memory not touched before: a list-mode record (under 1 kB) or a comma is cheaper
 * copied, a detailed record (10 to 40 kB) cheaper passed on.
 */
export const JOIN_BELOW = 8 * 1024;

/** The pieces as chunks: runs of small pieces joined, larger pieces as they are (views, not copies); no empty chunk. */
export function chunksOf(pieces: readonly Uint8Array[], joinBelow = JOIN_BELOW): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let run: Uint8Array[] = [];
  const flush = () => {
    if (run.length) chunks.push(run.length === 1 ? run[0] : joinBytes(run));
    run = [];
  };
  for (const piece of pieces) {
    if (!piece.length) continue;
    if (piece.length < joinBelow) {
      run.push(piece);
    } else {
      flush();
      chunks.push(piece);
    }
  }
  flush();
  return chunks;
}

/** A stream of the pieces' chunks (chunksOf), all in memory already: a response body that is not copied whole. */
export function streamOfPieces(pieces: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  const chunks = chunksOf(pieces);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/** A body's bytes: its one chunk itself when it comes whole (Node's Response over a buffer: no copy), else its chunks joined. */
export async function readBody(body: ReadableStream<Uint8Array> | null): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks.length === 1 ? chunks[0] : joinBytes(chunks);
}
