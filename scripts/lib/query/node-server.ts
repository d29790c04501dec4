// Serving the built tree like the real API: `/x/` answers with `/x/index.json`,
// `/x` redirects to `/x/`, query strings are ignored, misses get LL2's JSON 404,
// and every answer allows any origin. http-server does the file serving.

import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { NOT_FOUND_BODY } from '../api/paths.ts';
import { toSafeJson } from '../base/json.ts';

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

/** Maps a request to a file of the tree, or answers it (redirect, 404, 405) itself. */
export function routeRequest(root: string): Middleware {
  const notFoundFile = path.join(root, '404.json');
  const notFound = (res: ServerResponse) => sendJson(res, 404, isFile(notFoundFile) ? readFileSync(notFoundFile, 'utf8') : toSafeJson(NOT_FOUND_BODY));
  return (req, res) => {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return void res.emit('next');
    if (method !== 'GET' && method !== 'HEAD') {
      return sendJson(res, 405, toSafeJson({ detail: `Method "${method}" not allowed.` }), { Allow: 'GET, HEAD, OPTIONS' });
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
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
