// The published tree read over HTTP, for the edge entries (cloudflare-worker.ts,
// netlify-edge-function.ts): a function that fetches a URL (Cloudflare's
// `env.ASSETS.fetch`, or the global `fetch` against the site itself) and the
// site's origin in; the handler's file reader (handler.ts `Assets`) out. A file is
// what answers 200 at its exact path; anything else is no file.

import { readBody } from '../base/byte-pieces.ts';
import type { TreeReader } from './handler.ts';

export function fetchAssets(fetchUrl: (url: string) => Promise<Response>, origin: string): TreeReader {
  const get = async (path: string): Promise<Response | undefined> => {
    // A URL, not a Request: both hosts take either, and a Request object is work the read does not need.
    const response = await fetchUrl(`${origin}/${path.split('/').map(encodeURIComponent).join('/')}`);
    if (response.status === 200) return response;
    await response.body?.cancel();
    return undefined;
  };
  return {
    readText: async (path) => (await get(path))?.text(),
    readBytes: async (path) => {
      const response = await get(path);
      // Read as it comes, not by arrayBuffer(), which copies the bytes (twice in Node) before they are ours.
      return response && readBody(response.body);
    },
    openFile: async (path) => {
      const response = await get(path);
      return response && { body: response.body };
    },
  };
}
