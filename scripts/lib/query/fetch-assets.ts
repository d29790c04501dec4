// The published tree read over HTTP, for the edge entries (cloudflare-worker.ts,
// netlify-edge-function.ts): a function that fetches a URL (Cloudflare's
// `env.ASSETS.fetch`, or the global `fetch` against the site itself) and the
// site's origin in; the handler's file reader (handler.ts `Assets`) out. A file is
// what answers 200 at its exact path; anything else is no file; a fetch that fails
// (rejects, or its body breaks off) is the host's failure, ReadFailed.

import { ReadFailed, type TreeReader } from './handler.ts';

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
  };
}
