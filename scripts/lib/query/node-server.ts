// Serving the built tree like the real API on Node (`npm start`, `npm run serve`):
// requests the query engine claims (a query string on a list or detail route, the
// detail routes under a list) go to the handler (handler.ts), whose answers are
// compressed here when the client accepts it; everything else is a static file
// (static-file.ts): `/x/` answers with `/x/index.json`, `/x` redirects to `/x/`,
// misses get LL2's JSON 404, the build's .gz/.br twins go to clients that accept
// them. Every answer allows any origin and says nosniff. The query index is read
// before the server listens. What Node's parser refuses (a request line or headers
// too long, bytes not allowed in a target, headers that never end), CONNECT, a
// request without Host, a target in neither origin nor absolute form: each gets a
// JSON answer (`{"detail": …}`, as LL2's DRF) with the same headers as every other.
// `next`/`previous` links name an origin of the configuration only: the public URL,
// else the address the server listens on, or an allowed host the Host header names
// exactly; never a host, scheme or port taken from the request (a shared cache
// could keep it).

import { readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ALLOWED_METHODS, JSON_TYPE, PREFLIGHT_HEADERS, RESPONSE_HEADERS } from '../api/http.ts';
import { NOT_FOUND_BODY } from '../api/paths.ts';
import { toSafeJson } from '../base/json.ts';
import { createHandler, type Handler } from './handler.ts';
import { isPieces, type Answer } from './plain-answer.ts';
import { MAX_TARGET_LENGTH } from './engine.ts';
import { QUERY_INDEX_FILE, QUERY_INDEX_PARTS } from './index-format.ts';
import { listenOrigin } from './listen-origin.ts';
import { joinTarget, targetPath } from './request-target.ts';
import { everyAnswer, sendFile } from './static-file.ts';
import { treePathOf } from './tree-path.mjs';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

const isFile = (p: string): boolean => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': JSON_TYPE,
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(res.req?.method === 'HEAD' ? undefined : body);
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

/**
 * The origin the links of an answer name, by the request's Host header: an allowed
 * host's own origin when the header names it exactly, else the public URL, else the
 * address the server listens on. The header only picks among configured origins.
 */
export type LinkOrigin = (host: string | undefined) => string;

/** `host`, `host:port` (over http) or an origin (`https://mirror.example.net`), lower case, as an origin. */
export function allowedOrigin(entry: string): string {
  const text = entry.trim().toLowerCase();
  return new URL(/^https?:\/\//.test(text) ? text : `http://${text}`).origin;
}

export function linkOrigins(config: {
  publicUrl?: string;
  allowedHosts?: readonly string[];
  own: () => string;
}): LinkOrigin {
  const byHost = new Map<string, string>();
  for (const entry of config.allowedHosts ?? []) {
    const origin = allowedOrigin(entry);
    byHost.set(new URL(origin).host, origin);
  }
  const fixed = config.publicUrl === undefined ? undefined : new URL(config.publicUrl).origin;
  return (host) => byHost.get(String(host ?? '').toLowerCase()) ?? fixed ?? config.own();
}

/** Why a request is refused before it is routed (no Host, a target of another form), or undefined. */
function refusal(req: IncomingMessage): string | undefined {
  if (req.headers.host === undefined && req.httpVersion !== '1.0')
    return 'Bad request: an HTTP/1.1 request must name its Host.';
  // `OPTIONS *` asks about the server as a whole (the asterisk form HTTP allows for it alone).
  if (targetPath(req.url ?? '') === undefined && !(req.method === 'OPTIONS' && req.url === '*'))
    return 'Bad request: the request target must be a path (/2.3.0/launches/) or an absolute http(s) URL.';
  return undefined;
}

/** The request's URL: its path and query (targetPath) on the origin its links name. */
export function requestUrl(req: IncomingMessage, linkOrigin: LinkOrigin): URL {
  return joinTarget(linkOrigin(req.headers.host), targetPath(req.url ?? '') ?? '/');
}

/** A Location of ours for a path: one leading slash, so that `//host/x` never reads as another host. */
const ownLocation = (pathname: string, search: string): string => `/${pathname.replace(/^[/\\]+/, '')}/${search}`;

/** Maps a request to a file of the tree and sends it, or answers it (query, redirect, 404, 405, 400) itself. */
export function routeRequest(
  root: string,
  linkOrigin: LinkOrigin,
  handler: () => Handler = queryHandler(root),
  cacheSeconds = 300,
): Listener {
  const notFoundFile = path.join(root, '404.json');
  const notFound = (res: ServerResponse) =>
    sendJson(res, 404, isFile(notFoundFile) ? readFileSync(notFoundFile, 'utf8') : toSafeJson(NOT_FOUND_BODY));
  const send = (req: IncomingMessage, res: ServerResponse, file: string) => {
    sendFile(req, res, file, cacheSeconds)
      .then((sent) => sent || notFound(res))
      .catch(() => res.destroy());
  };
  return (req, res) => {
    const method = req.method ?? 'GET';
    const refused = refusal(req);
    if (refused) return sendJson(res, 400, toSafeJson({ detail: refused }));
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        ...everyAnswer(cacheSeconds),
        ...Object.fromEntries(PREFLIGHT_HEADERS),
        Allow: ALLOWED_METHODS,
      });
      return void res.end();
    }
    if (method !== 'GET' && method !== 'HEAD') {
      return sendJson(res, 405, toSafeJson({ detail: `Method "${method}" not allowed.` }), { Allow: ALLOWED_METHODS });
    }
    const url = requestUrl(req, linkOrigin);
    const queries = handler();
    if (queries.claims(url)) {
      queries
        .respond(method, url)
        .then((answer) => sendAnswer(req, res, answer))
        .catch((error: unknown) => {
          console.error(error);
          if (!res.headersSent) sendJson(res, 500, toSafeJson({ detail: 'A server error occurred.' }));
          else res.destroy();
        });
      return;
    }
    const file = treePathOf(url.pathname);
    if (file === undefined) return notFound(res);
    const onDisk = path.join(root, file);
    if (file === '' || file.endsWith('/')) {
      // A folder answers with its index.json, or with its page for people (the site root).
      if (isFile(path.join(onDisk, 'index.json'))) return send(req, res, path.join(onDisk, 'index.json'));
      if (isFile(path.join(onDisk, 'index.html'))) return send(req, res, path.join(onDisk, 'index.html'));
      return notFound(res);
    }
    if (isFile(onDisk)) return send(req, res, onDisk);
    if (isFile(path.join(onDisk, 'index.json'))) {
      res.writeHead(301, {
        Location: ownLocation(url.pathname, url.search),
        'Access-Control-Allow-Origin': '*',
        'X-Content-Type-Options': 'nosniff',
        'Content-Length': '0',
      });
      return void res.end();
    }
    return notFound(res);
  };
}

/** A raw HTTP/1.1 answer with a JSON body and the headers of every answer, for requests Node's parser refused. */
function rawJsonAnswer(
  status: number,
  reason: string,
  body: string,
  extra: ReadonlyArray<readonly [string, string]> = [],
): string {
  const headers = [
    ['Content-Type', JSON_TYPE],
    ...RESPONSE_HEADERS,
    ...extra,
    ['Content-Length', String(Buffer.byteLength(body))],
    ['Connection', 'close'],
  ];
  return `HTTP/1.1 ${status} ${reason}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`;
}

/**
 * What to answer a request Node's parser refused (`clientError`): 414 when its
 * request line's target is over MAX_TARGET_LENGTH (the limit the handler answers
 * 414 under, as the edge worker does), 431 when its headers are, 408 when they did
 * not arrive in time, 400 for anything else (bytes not allowed in a target, a broken
 * request line), each with a JSON body.
 */
export function refusedRequestAnswer(error: Error & { code?: string; rawPacket?: Buffer }): string {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const packet = error.rawPacket?.toString('latin1') ?? '';
    const end = packet.indexOf('\r\n');
    const target = (end < 0 ? packet : packet.slice(0, end)).split(' ')[1] ?? '';
    if (end < 0 || target.length > MAX_TARGET_LENGTH)
      return rawJsonAnswer(414, 'URI Too Long', toSafeJson({ detail: 'Request-URI Too Long' }));
    return rawJsonAnswer(
      431,
      'Request Header Fields Too Large',
      toSafeJson({ detail: 'Request header fields too large.' }),
    );
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return rawJsonAnswer(
      408,
      'Request Timeout',
      toSafeJson({ detail: 'Request timeout: the request did not arrive in time.' }),
    );
  if (error.code === 'HPE_INVALID_METHOD' || error.code === 'HPE_INVALID_CONSTANT') {
    return rawJsonAnswer(
      400,
      'Bad Request',
      toSafeJson({ detail: 'Bad request: the request line could not be read.' }),
    );
  }
  return rawJsonAnswer(
    400,
    'Bad Request',
    toSafeJson({ detail: 'Bad request: the request could not be read (bytes outside ASCII must be percent-encoded).' }),
  );
}

/** The answer to CONNECT (a proxy's method, which Node hands over before any request handler): 405 with Allow. */
export const CONNECT_ANSWER = rawJsonAnswer(
  405,
  'Method Not Allowed',
  toSafeJson({ detail: 'Method "CONNECT" not allowed.' }),
  [['Allow', ALLOWED_METHODS]],
);

export interface ServerOptions {
  root: string;
  /** Seconds for Cache-Control; -1 turns caching off. */
  cacheSeconds?: number;
  /** The origin the links of pages name (`https://api.example.org`); by default the address the server listens on. */
  publicUrl?: string;
  /** Other origins links may name (`host`, `host:port` over http, or `https://host`), each when the Host header names it exactly. */
  allowedHosts?: readonly string[];
  /** How long a client may take to send its headers (Node's headersTimeout; default 60 s); tests shorten it. */
  headersTimeoutMs?: number;
}

export interface ApiServer {
  server: Server;
  listen(port: number, host: string, cb: () => void): void;
  close(): void;
  /** Reads the query index (the first query then costs what the next one does). */
  ready(): Promise<void>;
  /** Sets the address links fall back to, once the port is known (listen does it). */
  bound(host: string, port: number): void;
  /** The origin links name without an allowed Host: the public URL, else the address listened on. */
  linkOrigin(): string;
}

export function createApiServer({
  root,
  cacheSeconds = 300,
  publicUrl,
  allowedHosts = [],
  headersTimeoutMs,
}: ServerOptions): ApiServer {
  const resolved = path.resolve(root);
  const handler = queryHandler(resolved);
  let listening = { host: '127.0.0.1', port: 0 };
  const own = () => listenOrigin(listening.host, listening.port);
  const linkOrigin = linkOrigins({ publicUrl, allowedHosts, own });
  const timeouts =
    headersTimeoutMs === undefined
      ? {}
      : {
          headersTimeout: headersTimeoutMs,
          requestTimeout: headersTimeoutMs + 1,
          connectionsCheckingInterval: Math.max(10, Math.floor(headersTimeoutMs / 4)),
        };
  // Host is checked by routeRequest, which answers its absence with JSON (Node's own 400 has no body and no CORS).
  const server = createServer(
    { requireHostHeader: false, ...timeouts },
    routeRequest(resolved, linkOrigin, handler, cacheSeconds),
  );
  server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    socket.end(refusedRequestAnswer(error));
  });
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    if (socket.writable) socket.end(CONNECT_ANSWER);
    else socket.destroy();
  });
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    sendJson(res, 417, toSafeJson({ detail: `Expectation failed: "${String(req.headers.expect)}" is not supported.` }));
  });
  return {
    server,
    listen: (port, host, cb) => void server.listen(port, host, cb),
    close: () => {
      server.close();
      server.closeAllConnections();
    },
    ready: async () => {
      await handler().preload();
    },
    bound: (host, port) => {
      listening = { host, port };
    },
    linkOrigin: () => linkOrigin(undefined),
  };
}

/** What listen starts: ours, or a plain http-server (tests compare against one). */
type Listenable = Pick<ApiServer, 'server' | 'listen'> & Partial<Pick<ApiServer, 'ready' | 'bound'>>;

/** Reads the index, then starts the server; resolves with the port it listens on (0 picks a free one). */
export async function listen(server: Listenable, port: number, host = '127.0.0.1'): Promise<number> {
  // A plain http-server has nothing to read first.
  await server.ready?.();
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      const address = server.server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      server.bound?.(host, bound);
      resolve(bound);
    });
  });
}
