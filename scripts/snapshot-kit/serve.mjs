#!/usr/bin/env node
// Serves this offline snapshot of the Launch Schedule API the way the live API
// answers, with nothing but Node.js 18 or later:
//
//   node serve.mjs [--port 8080] [--host 127.0.0.1] [--base-url URL] [--no-verify]
//
// `/x/` answers with `x/index.json`, `/x` redirects to `/x/`, misses get LL2's
// JSON 404, every answer allows any origin. A request under the API with a query
// string (`/2.3.0/launches/upcoming/?search=falcon&limit=5`) is answered by the
// same handler as the live API's, from the query index in this snapshot: it is
// the edge worker `_worker.js` of the published tree, run here with this folder as
// its static assets. Where it cannot run (a snapshot without it, an older Node),
// the server says so at start and query strings are ignored, with a header
// (X-Query-Ignored) and a line in the console saying so. A folder
// path without a file (`/2.3.0/launches/upcoming/{id}/`) answers as the rewrite
// rules of `_redirects` say, as Netlify would: a launch of that collection with
// its own detail file, any other with the 404. Every link
// (url, next, previous) is rewritten on the fly from the base URL the snapshot was
// built for to the address the request came to (or --base-url), so links keep
// working on this machine. Before serving, every file is checked against
// manifest.json (--no-verify skips that).

import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const MANIFEST = 'manifest.json';
const UNREWRITTEN = new Set([MANIFEST, 'SHA256SUMS']);
const TYPES = {
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.conf': 'text/plain; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  // The pages' style sheet: with nosniff, browsers apply no style sheet served under another type.
  '.css': 'text/css; charset=utf-8',
};
const TEXT = /^(application\/json|text\/)/;
const NOT_FOUND = '{"detail":"Not found."}';

function parseArgs(argv) {
  const options = { port: 8080, host: '127.0.0.1', baseUrl: undefined, verify: true };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--port') options.port = Number(value());
    else if (flag === '--host') options.host = value();
    else if (flag === '--base-url') options.baseUrl = value();
    else if (flag === '--no-verify') options.verify = false;
    else if (flag === '--help' || flag === '-h') {
      console.log('usage: node serve.mjs [--port 8080] [--host 127.0.0.1] [--base-url URL] [--no-verify]');
      process.exit(0);
    } else {
      console.error(`unknown option ${argv[i]} (try --help)`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    console.error('--port must be a port number');
    process.exit(2);
  }
  if (options.baseUrl !== undefined && !options.baseUrl.endsWith('/')) options.baseUrl += '/';
  return options;
}

const isFile = (p) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/**
 * The 200 rewrites of a Netlify `_redirects` file as [pattern, target] pairs, first
 * match wins: `:name` is one path segment, `*` the rest (`:splat` in the target).
 */
function readRewrites(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').map((line) => line.trim().split(/\s+/)).filter(([from, to, status]) => from && !from.startsWith('#') && to && status === '200').map(([from, to]) => {
    const names = [];
    const source = from.split(/(:[A-Za-z]\w*|\*)/).map((part) => {
      if (part === '*') return (names.push(':splat'), '(.*)');
      if (part.startsWith(':')) return (names.push(part), '([^/]+)');
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }).join('');
    return [new RegExp(`^${source}$`), (m) => to.replace(/:[A-Za-z]\w*/g, (name) => (names.includes(name) ? m[names.indexOf(name) + 1] : name))];
  });
}

/** Files whose bytes differ from the manifest's sha256 (or are missing). */
function verify(manifest) {
  const bad = [];
  for (const [file, { sha256 }] of Object.entries(manifest.files)) {
    let actual;
    try {
      actual = createHash('sha256').update(readFileSync(path.join(ROOT, file))).digest('hex');
    } catch {
      actual = 'missing';
    }
    if (actual !== sha256) bad.push(file);
  }
  return bad;
}

/** A path under this folder from a URL's path, or undefined when it is not a plain path inside it. */
function insidePath(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split('/').includes('..')) return undefined;
  return decoded.replace(/^\/+/, '');
}

/**
 * The live API's query handler: `_worker.js` (a bundled ES module with no imports,
 * imported from its text so that no package.json is needed to read it as one),
 * given this folder as Cloudflare's ASSETS binding (exact file paths only).
 * Undefined, with the reason, when it cannot run here.
 */
async function loadQueryHandler() {
  const file = path.join(ROOT, '_worker.js');
  if (!isFile(file)) return { reason: 'this snapshot has no query handler (_worker.js)' };
  if (typeof Request !== 'function' || typeof Response !== 'function') return { reason: `Node ${process.version} has no fetch API (Node 18 or later has)` };
  try {
    const { default: worker } = await import(`data:text/javascript;base64,${readFileSync(file).toString('base64')}`);
    const env = {
      ASSETS: {
        fetch: async (request) => {
          const relative = insidePath(new URL(typeof request === 'string' ? request : request.url).pathname);
          if (relative === undefined || !isFile(path.join(ROOT, relative))) return new Response(null, { status: 404 });
          return new Response(readFileSync(path.join(ROOT, relative)), { status: 200 });
        },
      },
    };
    return { fetch: (request) => worker.fetch(request, env) };
  } catch (error) {
    return { reason: `the query handler (_worker.js) did not load: ${error.message}` };
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const manifest = JSON.parse(readFileSync(path.join(ROOT, MANIFEST), 'utf8'));
  const apiRoot = `/${manifest.api_version}/`;
  if (options.verify) {
    const bad = verify(manifest);
    if (bad.length) {
      console.error(`${bad.length} file(s) do not match ${MANIFEST}: ${bad.slice(0, 10).join(', ')}${bad.length > 10 ? ', …' : ''}`);
      console.error('The snapshot is damaged or was edited; download it again, or start with --no-verify.');
      process.exit(1);
    }
  }

  const queries = await loadQueryHandler();
  const rewrites = readRewrites(path.join(ROOT, '_redirects'));
  /** Where `_redirects` sends a request path, relative to this folder, or undefined. */
  const rewritten = (pathname) => {
    for (const [pattern, target] of rewrites) {
      const m = pattern.exec(pathname);
      if (m) return target(m).replace(/^\/+/, '');
    }
    return undefined;
  };

  const baseFor = (req) => options.baseUrl ?? `http://${req.headers.host ?? `${options.host}:${options.port}`}${apiRoot}`;

  const send = (req, res, status, body, type, extra = {}) => {
    res.writeHead(status, {
      'Content-Type': type,
      'Content-Length': Buffer.byteLength(body),
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
      ...extra,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const notFound = (req, res) => send(req, res, 404, NOT_FOUND, TYPES['.json']);

  const serveFile = (req, res, relative, extra = {}) => {
    const type = TYPES[path.extname(relative)] ?? 'application/octet-stream';
    let body = readFileSync(path.join(ROOT, relative));
    if (TEXT.test(type) && !UNREWRITTEN.has(relative)) {
      body = Buffer.from(body.toString('utf8').split(manifest.base_url).join(baseFor(req)), 'utf8');
    }
    send(req, res, 200, body, type, extra);
  };

  /** A query answered by the handler, its links rewritten to this address as files' are. */
  const answerQuery = async (req, res) => {
    const answer = await queries.fetch(new Request(new URL(req.url, `http://${req.headers.host ?? `${options.host}:${options.port}`}`), { method: req.method }));
    const type = answer.headers.get('content-type') ?? TYPES['.json'];
    let body = Buffer.from(await answer.arrayBuffer());
    if (TEXT.test(type)) body = Buffer.from(body.toString('utf8').split(manifest.base_url).join(baseFor(req)), 'utf8');
    // Its other headers (Allow, …) pass through; those send() sets are set once.
    const own = ['content-length', 'content-encoding', 'content-type', 'cache-control', 'access-control-allow-origin', 'x-content-type-options'];
    const headers = Object.fromEntries([...answer.headers].filter(([name]) => !own.includes(name.toLowerCase())));
    send(req, res, answer.status, body, type, headers);
  };
  // Said once in the console, and on every answer that ignored one.
  const IGNORED = { 'X-Query-Ignored': `query strings are not answered by this server: ${queries.reason}` };

  const server = createServer(async (req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(req, res, 405, JSON.stringify({ detail: `Method "${req.method}" not allowed.` }), TYPES['.json'], { Allow: 'GET, HEAD, OPTIONS' });
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const relative = insidePath(url.pathname);
    if (relative === undefined) return notFound(req, res);
    const pathname = `/${relative}`;
    // Queries on the API go to the live API's handler; the pages' own (launch.html?id=…) are theirs.
    const query = url.search.length > 1 && pathname.startsWith(apiRoot);
    if (query && queries.fetch) {
      try {
        return await answerQuery(req, res);
      } catch (error) {
        return send(req, res, 500, JSON.stringify({ detail: `the query handler failed: ${error.message}` }), TYPES['.json']);
      }
    }
    const extra = query ? IGNORED : {};
    if (pathname.endsWith('/')) {
      for (const index of ['index.json', 'index.html']) {
        if (isFile(path.join(ROOT, relative, index))) return serveFile(req, res, path.posix.join(relative, index), extra);
      }
      const target = rewritten(pathname);
      if (target && !target.split('/').includes('..') && isFile(path.join(ROOT, target))) return serveFile(req, res, target, extra);
      return notFound(req, res);
    }
    if (isFile(path.join(ROOT, relative))) return serveFile(req, res, relative, extra);
    if (isFile(path.join(ROOT, relative, 'index.json'))) {
      res.writeHead(301, { Location: `${url.pathname}/${url.search}`, 'Access-Control-Allow-Origin': '*' });
      return res.end();
    }
    return notFound(req, res);
  });

  server.on('error', (error) => {
    console.error(error.code === 'EADDRINUSE' ? `port ${options.port} is in use; try --port 8081` : `error: ${error.message}`);
    process.exit(1);
  });
  server.listen(options.port, options.host, () => {
    const { port } = server.address();
    const shown = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host.includes(':') ? `[${options.host}]` : options.host;
    // The data's age: when it last heard from LL2 (a snapshot made before that field: the build's clock).
    const heard = manifest.data_last_heard_from_ll2;
    const daysAgo = (time) => ((Date.now() - Date.parse(time)) / 86_400_000).toFixed(1);
    const age = heard
      ? `data last heard from Launch Library 2 on ${heard} (${daysAgo(heard)} days ago; built ${manifest.build_clock})`
      : `data as of the build, ${manifest.build_clock} (${daysAgo(manifest.build_clock)} days ago; no record says when it last heard from Launch Library 2)`;
    // One write, so that whoever waits for the first line has them all.
    console.log([
      `serving the snapshot at http://${shown}:${port}${apiRoot} (Ctrl-C to stop)`,
      `${age}: ${manifest.counts.launches} launches, ${manifest.counts.events} events`,
      queries.fetch
        ? `queries answered as the live API answers them, e.g. http://${shown}:${port}${apiRoot}launches/upcoming/?search=falcon&limit=5`
        : `query strings are ignored (${queries.reason}): every list answers its first page, unfiltered`,
    ].join('\n'));
  });
}

await main();
