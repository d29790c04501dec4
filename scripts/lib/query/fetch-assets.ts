// The published tree read over HTTP, for the edge entries (cloudflare-worker.ts,
// netlify-edge-function.ts): a function that fetches a URL (Cloudflare's
// `env.ASSETS.fetch`, or the global `fetch` against the site itself) and the
// site's origin in; the handler's file reader (handler.ts `Assets`) out. A file is
// what answers 200 at its exact path; anything else is no file; a fetch that fails
// (rejects, or its body breaks off) is the host's failure, ReadFailed. Where the
// runtime has workerd's FixedLengthStream, a file can be answered with its head
// replaced (spliceFile: a static page for a query), the rest piped natively.

import { ReadFailed, type TreeReader } from './tree-assets.ts';

export function fetchAssets(fetchUrl: (url: string) => Promise<Response>, origin: string): TreeReader {
  /** The host's failure to read (a rejected fetch, a body cut short) as ReadFailed, which the handler answers. */
  const failing = async <T>(path: string, read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      throw new ReadFailed(path, error);
    }
  };
  const get = (path: string): Promise<Response | undefined> =>
    failing(path, async () => {
      // A URL, not a Request: both hosts take either, and a Request object is work the read does not need.
      const response = await fetchUrl(`${origin}/${path.split('/').map(encodeURIComponent).join('/')}`);
      if (response.status === 200) return response;
      await response.body?.cancel();
      return undefined;
    });
  return {
    readText: async (path) => {
      const response = await get(path);
      return response && failing(path, () => response.text());
    },
    readBytes: async (path) => {
      const response = await get(path);
      // Read whole by the runtime (arrayBuffer()): in workerd a body read chunk by chunk through a reader costs
      // JavaScript per chunk of 4 KiB (a pack of 170 kB, some 40 of them), which Cloudflare counts as CPU.
      return response && failing(path, async () => new Uint8Array(await response.arrayBuffer()));
    },
    openFile: async (path) => {
      const response = await get(path);
      return response && { body: response.body };
    },
    spliceFile: async (path, head, by) => {
      const Fixed = (globalThis as { FixedLengthStream?: FixedLengthStreamClass }).FixedLengthStream;
      if (!Fixed) return undefined;
      const response = await get(path);
      if (!response) return undefined;
      const { body } = response;
      const length = Number(response.headers.get('content-length') ?? Number.NaN);
      if (!body || response.headers.has('content-encoding') || !Number.isSafeInteger(length) || length < head.length) {
        await body?.cancel();
        return undefined;
      }
      return failing(path, async () => {
        // A small file is read whole and answered as one Blob, as a page from the packs is: the pipe's own setup
        // costs more than reading it (events/upcoming/?limit=10, an 8 kB page: 4.6 ms from its pack, 6.4 piped).
        if (length <= SPLICE_READ_BYTES) {
          const bytes = new Uint8Array(await response.arrayBuffer());
          for (let i = 0; i < head.length; i++) if (bytes[i] !== head[i]) return undefined;
          return { body: new Blob([by as Uint8Array<ArrayBuffer>, bytes.subarray(head.length)]) };
        }
        if (!(await startsWith(body, head))) {
          await body.cancel();
          return undefined;
        }
        const out = new Fixed(by.length + length - head.length);
        const writer = out.writable.getWriter();
        // Not awaited: the answer's reader takes `by`, then the rest of the file is piped runtime to runtime.
        void writer
          .write(by)
          .then(() => {
            writer.releaseLock();
            return body.pipeTo(out.writable);
          })
          .catch(() => undefined);
        return { body: out.readable };
      });
    },
  };
}

/** Up to this many bytes, a file answered with its head replaced is read whole rather than piped. */
const SPLICE_READ_BYTES = 256 * 1024;

/** workerd's stream of a stated length: a body that goes out with its Content-Length, its bytes passed on natively. */
type FixedLengthStreamClass = new (length: number) => { readable: ReadableStream; writable: WritableStream };

/** Whether a body starts with these bytes, read with a BYOB reader for exactly that many (the rest left unread, unlocked). */
async function startsWith(body: ReadableStream<Uint8Array>, head: Uint8Array): Promise<boolean> {
  const reader = body.getReader({ mode: 'byob' });
  let buffer = new ArrayBuffer(head.length);
  let filled = 0;
  try {
    while (filled < head.length) {
      const { value, done } = await reader.read(new Uint8Array(buffer, filled, head.length - filled));
      if (done || !value) return false;
      buffer = value.buffer as ArrayBuffer;
      filled += value.byteLength;
    }
  } finally {
    reader.releaseLock();
  }
  const read = new Uint8Array(buffer);
  for (let i = 0; i < head.length; i++) if (read[i] !== head[i]) return false;
  return true;
}
