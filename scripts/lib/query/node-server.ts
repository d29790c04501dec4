// Serving the built tree like the real API on Node (`npm start`, `npm run serve`):
// requests the query engine claims (a query string on a list or detail route, the
// detail routes under a list) go to the handler (node-query.ts, handler.ts);
// everything else is a static file (static-file.ts): `/x/` answers with
// `/x/index.json`, `/x` redirects to `/x/`, misses get LL2's JSON 404, the build's
// .gz/.br twins go to clients that accept them. Every answer allows any origin and
// says nosniff. The query index is read before the server listens. Requests refused
// before routing get JSON (refused-requests.ts); links name an origin of the
// configuration only (link-origins.ts). In: the tree's root and the options. Out:
// the server, and `listen`.

import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { ALLOWED_METHODS, JSON_TYPE, PREFLIGHT_HEADERS } from '../api/http.ts';
import { NOT_FOUND_BODY } from '../api/paths.ts';
import { toSafeJson } from '../base/json.ts';
import type { Handler } from './handler.ts';
import { linkOrigins, requestUrl, type LinkOrigin } from './link-origins.ts';
import { listenOrigin } from './listen-origin.ts';
import { queryHandler, sendAnswer } from './node-query.ts';
import { CONNECT_ANSWER, refusal, refusedRequestAnswer } from './refused-requests.ts';
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

/** A Location of ours for a path: one leading slash, so that `//host/x` never reads as another host. */
const ownLocation = (pathname: string, search: string): string => `/${pathname.replace(/^[/\\]+/, '')}/${search}`;

/** Maps a request to a file of the tree and sends it, or answers it (query, redirect, 404, 405, 400) itself. */
function routeRequest(root: string, linkOrigin: LinkOrigin, handler: () => Handler, cacheSeconds: number): Listener {
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
