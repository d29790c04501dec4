// Serving the built tree like the real API on Node (`npm start`, `npm run serve`):
// requests the query engine claims (a query string on a list or detail route, the
// detail routes under a list) go to the handler (handler.ts), whose answers are
// compressed here when the client accepts it; everything else is served as static
// files by http-server: `/x/` answers with `/x/index.json`, `/x` redirects to
// `/x/`, misses get LL2's JSON 404, the build's .gz/.br twins are sent to clients
// that accept them, and every answer allows any origin.

import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ALLOWED_METHODS } from '../api/http.ts';
import { NOT_FOUND_BODY } from '../api/paths.ts';
import { toSafeJson } from '../base/json.ts';
import { createHandler, type Answer, type Handler } from './handler.ts';
import { QUERY_INDEX_FILE, QUERY_INDEX_PARTS } from './index-format.ts';

const require = createRequire(import.meta.url);
const httpServer = require('http-server') as {
  createServer(options: Record<string, unknown>): { server: import('node:http').Server; listen(port: number, host: string, cb: () => void): void; close(): void };
};

type Middleware = (req: IncomingMessage, res: ServerResponse & { emit(event: 'next'): boolean }) => void;

const isFile = (p: string): boolean => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff', ...headers });
  res.end(body);
}

/** The handler over the tree at `root`, made again whenever the build replaces the query index's head or a part. */
function queryHandler(root: string): () => Handler {
  const assets = {
    readText: async (file: string) => {
      try {
        return await readFile(path.join(root, file), 'utf8');
      } catch {
        return undefined;
      }
    },
  };
  const stampOf = (file: string): string => {
    try {
      const s = statSync(path.join(root, file));
      return `${s.ino}:${s.size}:${s.mtimeMs}`;
    } catch {
      return 'none'; // no index yet: the handler says so on each query
    }
  };
  let current: { handler: Handler; stamp: string } | undefined;
  return () => {
    // The head, and the parts' folder, whose time changes when a rebuild renames a part into it.
    const stamp = `${stampOf(QUERY_INDEX_FILE)} ${stampOf(QUERY_INDEX_PARTS)}`;
    if (current?.stamp !== stamp) current = { handler: createHandler(assets), stamp };
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
async function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: Answer): Promise<void> {
  const headers: Record<string, string> = Object.fromEntries(answer.headers);
  let body: Buffer = Buffer.from(typeof answer.body === 'string' ? answer.body : '');
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

/** The request's absolute URL; its host (for the links of a page) from the Host header, if that is a host. */
function requestUrl(req: IncomingMessage): URL {
  const target = req.url ?? '/';
  try {
    return new URL(target, `http://${req.headers.host ?? 'localhost'}`);
  } catch {
    return new URL(target, 'http://localhost');
  }
}

/** Maps a request to a file of the tree, or answers it (query, redirect, 404, 405) itself. */
export function routeRequest(root: string): Middleware {
  const notFoundFile = path.join(root, '404.json');
  const notFound = (res: ServerResponse) => sendJson(res, 404, isFile(notFoundFile) ? readFileSync(notFoundFile, 'utf8') : toSafeJson(NOT_FOUND_BODY));
  const handler = queryHandler(root);
  return (req, res) => {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return void res.emit('next');
    if (method !== 'GET' && method !== 'HEAD') {
      return sendJson(res, 405, toSafeJson({ detail: `Method "${method}" not allowed.` }), { Allow: ALLOWED_METHODS });
    }
    const url = requestUrl(req);
    const queries = handler();
    if (queries.claims(url)) {
      queries.respond(method, url).then((answer) => sendAnswer(req, res, answer)).catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) sendJson(res, 500, toSafeJson({ detail: 'A server error occurred.' }));
        else res.destroy();
      });
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return notFound(res);
    }
    if (pathname.includes('\0') || pathname.split('/').includes('..')) return notFound(res);
    const onDisk = path.join(root, pathname);
    if (pathname.endsWith('/')) {
      // A folder with a page for people and no JSON (the site root) answers with the page.
      if (!isFile(path.join(onDisk, 'index.json')) && isFile(path.join(onDisk, 'index.html'))) {
        req.url = `${url.pathname}index.html`;
        return void res.emit('next');
      }
      if (!isFile(path.join(onDisk, 'index.json'))) return notFound(res);
      req.url = `${url.pathname}index.json`;
      return void res.emit('next');
    }
    if (isFile(onDisk)) {
      req.url = url.pathname;
      return void res.emit('next');
    }
    if (isFile(path.join(onDisk, 'index.json'))) {
      res.writeHead(301, { Location: `${url.pathname}/${url.search}`, 'Access-Control-Allow-Origin': '*' });
      return void res.end();
    }
    return notFound(res);
  };
}

export interface ServerOptions {
  root: string;
  /** Seconds for Cache-Control; -1 turns caching off. */
  cacheSeconds?: number;
}

export function createApiServer({ root, cacheSeconds = 300 }: ServerOptions) {
  return httpServer.createServer({
    root,
    cors: true,
    gzip: true,
    brotli: true,
    cache: cacheSeconds,
    // The same URL may answer with brotli, gzip or plain bytes (the build's .br/.gz twins).
    headers: { Vary: 'Accept-Encoding' },
    showDir: 'false',
    autoIndex: 'false',
    before: [routeRequest(path.resolve(root))],
  });
}

/** Starts the server; resolves with the port it listens on (0 picks a free one). */
export function listen(server: ReturnType<typeof createApiServer>, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
