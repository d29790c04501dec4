// Cloudflare's `env.ASSETS` binding over a folder on disk, for running the built
// `_worker.js` in plain Node (the bench, tests): a request's path in, the file at
// that exact path out (200 with its bytes and type), or a 404; every path read is
// counted, and the bytes read summed, so a caller can tell what a request touched.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf } from '../api/http.ts';
import { treePathOf } from './tree-path.mjs';

export interface FileAssets {
  fetch(request: Request | string): Promise<Response>;
  /** Paths read since the last reset (from the tree's root, decoded), in order. */
  readonly reads: string[];
  /** Bytes of the files read since the last reset. */
  bytes: number;
  /** Each file's size, once read. */
  readonly sizes: Map<string, number>;
  reset(): void;
}

export function fileAssets(root: string): FileAssets {
  const assets: FileAssets = {
    reads: [],
    bytes: 0,
    sizes: new Map(),
    reset() {
      assets.reads.length = 0;
      assets.bytes = 0;
    },
    async fetch(request) {
      const url = new URL(typeof request === 'string' ? request : request.url);
      const file = treePathOf(url.pathname);
      if (file === undefined) return new Response(null, { status: 404 });
      try {
        const bytes = await readFile(path.join(root, file));
        assets.reads.push(file);
        assets.bytes += bytes.length;
        assets.sizes.set(file, bytes.length);
        return new Response(bytes, { status: 200, headers: { 'Content-Type': contentTypeOf(file) } });
      } catch {
        return new Response(null, { status: 404 });
      }
    },
  };
  return assets;
}
