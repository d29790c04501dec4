// The Node server's side of the query handler (handler.ts): the handler over the
// tree on disk, made again whenever a rebuild swaps in a new tree or replaces the
// query index's head or a part, and its answers written to the response, compressed
// with brotli or gzip when the client accepts it. In: the tree's root, then a request
// and the handler's answer. Out: the handler of the moment, and the answer written.
// Files read are the only I/O, besides the response.

import { realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createHandler, type Handler } from './handler.ts';
import { QUERY_INDEX_FILE, QUERY_INDEX_PARTS } from './index-format.ts';
import { isPieces, type Answer } from './plain-answer.ts';

/**
 * The folder the tree at `root` is in now: the generation its link points at
 * (publish/generations.ts), resolved once per request so that one answer reads one whole tree.
 */
function currentTree(root: string): string {
  try {
    return realpathSync.native(root);
  } catch {
    return root;
  }
}

/** The handler over the tree at `root`, made again whenever a rebuild swaps in a new tree or replaces the query index's head or a part. */
export function queryHandler(root: string): () => Handler {
  const assetsIn = (tree: string) => ({
    readText: async (file: string) => {
      try {
        return await readFile(path.join(tree, file), 'utf8');
      } catch {
        return undefined;
      }
    },
    readBytes: async (file: string) => {
      try {
        return await readFile(path.join(tree, file));
      } catch {
        return undefined;
      }
    },
  });
  const stampOf = (tree: string, file: string): string => {
    try {
      const s = statSync(path.join(tree, file));
      return `${s.ino}:${s.size}:${s.mtimeMs}`;
    } catch {
      return 'none'; // no index yet: the handler says so on each query
    }
  };
  let current: { handler: Handler; stamp: string } | undefined;
  return () => {
    // The tree, its head, and the parts' folder, whose time changes when a part is renamed into it.
    const tree = currentTree(root);
    const stamp = `${tree} ${stampOf(tree, QUERY_INDEX_FILE)} ${stampOf(tree, QUERY_INDEX_PARTS)}`;
    if (current?.stamp !== stamp) current = { handler: createHandler(assetsIn(tree)), stamp };
    return current.handler;
  };
}

const compressors = {
  br: promisify(brotliCompress) as (input: Buffer, options: object) => Promise<Buffer>,
  gzip: promisify(gzip) as (input: Buffer, options: object) => Promise<Buffer>,
};
/** Fast settings: answers are made per request, not once at build time like the twins. */
const COMPRESSION = { br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }, gzip: { level: 6 } } as const;
/** Shorter answers go out as they are. */
const COMPRESS_FROM = 1024;

/** Writes a handler's answer, compressed with brotli or gzip when the client accepts it. */
export async function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: Answer): Promise<void> {
  const headers: Record<string, string> = Object.fromEntries(answer.headers);
  const { body: raw } = answer;
  let body: Buffer =
    typeof raw === 'string'
      ? Buffer.from(raw)
      : isPieces(raw)
        ? Buffer.concat(raw)
        : raw instanceof Uint8Array
          ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength)
          : Buffer.alloc(0);
  if (body.length >= COMPRESS_FROM) {
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    if (encoding) {
      body = await compressors[encoding](body, COMPRESSION[encoding]);
      headers['Content-Encoding'] = encoding;
    }
    headers.Vary = 'Accept-Encoding';
  }
  headers['Content-Length'] = String(body.length);
  res.writeHead(answer.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
