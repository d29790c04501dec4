// Serving the built tree like the real API on Node (`npm start`, `npm run serve`):
// requests the query engine claims (a query string on a list or detail route, the
// detail routes under a list) go to the handler (handler.ts), whose answers are
// compressed here when the client accepts it; everything else is served as static
// files by http-server: `/x/` answers with `/x/index.json`, `/x` redirects to
// `/x/`, misses get LL2's JSON 404, the build's .gz/.br twins are sent to clients
// that accept them, and every answer allows any origin. The query index is read
// before the server listens; requests Node's own parser refuses (a request line or
// headers too long, bytes not allowed in a target) get a JSON answer with the same
// headers as every other; `next`/`previous` links name the configured public URL or
// an allowed host, never whatever Host header arrives (a shared cache could keep it).

import { readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ALLOWED_METHODS, JSON_TYPE, RESPONSE_HEADERS } from '../api/http.ts';
import { NOT_FOUND_BODY } from '../api/paths.ts';
import { toSafeJson } from '../base/json.ts';
import { createHandler, isPieces, type Answer, type Handler } from './handler.ts';
import { MAX_TARGET_LENGTH } from './engine.ts';
import { QUERY_INDEX_FILE, QUERY_INDEX_PARTS } from './index-format.ts';
import { treePathOf } from './tree-path.mjs';

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
function queryHandler(root: string): () => Handler {
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
async function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: Answer): Promise<void> {
  const headers: Record<string, string> = Object.fromEntries(answer.headers);
  const { body: raw } = answer;
  let body: Buffer = typeof raw === 'string' ? Buffer.from(raw) : isPieces(raw) ? Buffer.concat(raw) : raw instanceof Uint8Array ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength) : Buffer.alloc(0);
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

/**
 * Where the links of a page point, by the request's Host header (lower case):
 * that host when it is trusted to name the server (the loopback names of its
 * port, the hosts configured), else the configured origin
 * (`https://api.example.org`, by default the address the server listens on).
 */
export type PublicOrigin = (host: string) => string;

/**
 * The request's absolute URL. Its origin, which the links of a page are built
 * from, is the Host header only when that is an allowed host; any other (a typo, or
 * a forged one a shared cache would keep and serve to others) gets the configured origin.
 */
export function requestUrl(req: IncomingMessage, publicOrigin: PublicOrigin): URL {
  const target = req.url ?? '/';
  const host = String(req.headers.host ?? '').toLowerCase();
  const origin = publicOrigin(host);
  try {
    return new URL(target, origin);
  } catch {
    return new URL('/', origin);
  }
}

/** Maps a request to a file of the tree, or answers it (query, redirect, 404, 405) itself. */
export function routeRequest(root: string, publicOrigin: PublicOrigin, handler: () => Handler = queryHandler(root)): Middleware {
  const notFoundFile = path.join(root, '404.json');
  const notFound = (res: ServerResponse) => sendJson(res, 404, isFile(notFoundFile) ? readFileSync(notFoundFile, 'utf8') : toSafeJson(NOT_FOUND_BODY));
  return (req, res) => {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return void res.emit('next');
    if (method !== 'GET' && method !== 'HEAD') {
      return sendJson(res, 405, toSafeJson({ detail: `Method "${method}" not allowed.` }), { Allow: ALLOWED_METHODS });
    }
    const url = requestUrl(req, publicOrigin);
    const queries = handler();
    if (queries.claims(url)) {
      queries.respond(method, url).then((answer) => sendAnswer(req, res, answer)).catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) sendJson(res, 500, toSafeJson({ detail: 'A server error occurred.' }));
        else res.destroy();
      });
      return;
    }
    const file = treePathOf(url.pathname);
    if (file === undefined) return notFound(res);
    const pathname = `/${file}`;
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

/** A raw HTTP/1.1 answer with a JSON body and the headers of every answer, for requests Node's parser refused. */
function rawJsonAnswer(status: number, reason: string, body: string): string {
  const headers = [['Content-Type', JSON_TYPE], ...RESPONSE_HEADERS, ['Content-Length', String(Buffer.byteLength(body))], ['Connection', 'close']];
  return `HTTP/1.1 ${status} ${reason}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`;
}

/**
 * What to answer a request Node's parser refused (`clientError`): 414 when its
 * request line's target is over MAX_TARGET_LENGTH (the limit the handler answers
 * 414 under, as the edge worker does), 431 when its headers are, 400 for anything
 * else (bytes not allowed in a target, a broken request line), each with a JSON body.
 */
export function refusedRequestAnswer(error: Error & { code?: string; rawPacket?: Buffer }): string {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const packet = error.rawPacket?.toString('latin1') ?? '';
    const end = packet.indexOf('\r\n');
    const target = (end < 0 ? packet : packet.slice(0, end)).split(' ')[1] ?? '';
    if (end < 0 || target.length > MAX_TARGET_LENGTH) return rawJsonAnswer(414, 'URI Too Long', toSafeJson({ detail: 'Request-URI Too Long' }));
    return rawJsonAnswer(431, 'Request Header Fields Too Large', toSafeJson({ detail: 'Request header fields too large.' }));
  }
  return rawJsonAnswer(400, 'Bad Request', toSafeJson({ detail: 'Bad request: the request could not be read (bytes outside ASCII must be percent-encoded).' }));
}

export interface ServerOptions {
  root: string;
  /** Seconds for Cache-Control; -1 turns caching off. */
  cacheSeconds?: number;
  /** The origin the links of pages name (`https://api.example.org`); by default the address the server listens on. */
  publicUrl?: string;
  /** More Host headers (`host` or `host:port`) links may be built from, besides the loopback names of the server's port. */
  allowedHosts?: readonly string[];
}

export type ApiServer = ReturnType<typeof httpServer.createServer> & {
  /** Reads the query index (the first query then costs what the next one does). */
  ready(): Promise<void>;
  /** Sets the address links fall back to, once the port is known (listen does it). */
  bound(host: string, port: number): void;
};

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

export function createApiServer({ root, cacheSeconds = 300, publicUrl, allowedHosts = [] }: ServerOptions): ApiServer {
  const resolved = path.resolve(root);
  const handler = queryHandler(resolved);
  let listening = { host: '127.0.0.1', port: 0 };
  const configured = publicUrl === undefined ? undefined : new URL(publicUrl).origin;
  const extra = new Set(allowedHosts.map((host) => host.toLowerCase()));
  const own = () => `${listening.host.includes(':') ? `[${listening.host}]` : listening.host === '0.0.0.0' ? 'localhost' : listening.host}:${listening.port}`;
  const publicOrigin: PublicOrigin = (host) => {
    if (configured && host === new URL(configured).host) return configured;
    const allowed = extra.has(host) || extra.has(host.replace(/:\d+$/, ''))
      || LOOPBACK.some((name) => host === `${name}:${listening.port}`) || host === own();
    return allowed ? `http://${host}` : configured ?? `http://${own()}`;
  };
  const server = httpServer.createServer({
    root: resolved,
    cors: true,
    gzip: true,
    brotli: true,
    cache: cacheSeconds,
    // The same URL may answer with brotli, gzip or plain bytes (the build's .br/.gz twins).
    headers: { Vary: 'Accept-Encoding' },
    showDir: 'false',
    autoIndex: 'false',
    before: [routeRequest(resolved, publicOrigin, handler)],
  });
  server.server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    socket.end(refusedRequestAnswer(error));
  });
  return Object.assign(server, {
    ready: async () => {
      await handler().preload();
    },
    bound: (host: string, port: number) => {
      listening = { host, port };
    },
  });
}

/** Reads the index, then starts the server; resolves with the port it listens on (0 picks a free one). */
export async function listen(server: ApiServer, port: number, host = '127.0.0.1'): Promise<number> {
  // A plain http-server (tests compare against one) has nothing to read first.
  await (server as Partial<ApiServer>).ready?.();
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      (server as Partial<ApiServer>).bound?.(host, bound);
      resolve(bound);
    });
  });
}
