// The Node server's answers to requests in every form HTTP allows, on raw sockets:
// links only from its configuration (absolute-form targets, `//host` and `/\host`
// paths, an allowed host on another port never name another host, scheme or port),
// the headers SECURITY.md promises on every kind of static file (nosniff, CORS, the
// content type by extension with charset=utf-8, never guessed from the bytes), and a
// JSON body with CORS for what is refused: no Host, headers that never end, a range
// past the end, CONNECT.

import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf } from '../scripts/lib/api/http.ts';
import { accepts, parseRange } from '../scripts/lib/query/static-file.ts';
import { targetPath } from '../scripts/lib/query/request-target.ts';
import { createApiServer, listen, type ApiServer } from '../scripts/lib/query/node-server.ts';
import { removeDir } from './helpers/data.ts';
import { rawExchange, rawRequest, type RawExchange } from './helpers/http.ts';
import { buildQuerySite } from './helpers/query-site.ts';

let site: { root: string; out: string };
const servers: ApiServer[] = [];
let port: number;
let publicPort: number;
let slowPort: number;

beforeAll(async () => {
  site = await buildQuerySite();
  const start = async (options: Partial<Parameters<typeof createApiServer>[0]>) => {
    const server = createApiServer({ root: site.out, ...options });
    servers.push(server);
    return listen(server, 0);
  };
  port = await start({ allowedHosts: ['mirror.example.net'] });
  publicPort = await start({ publicUrl: 'https://launches.example.org', allowedHosts: ['mirror.example.net'] });
  slowPort = await start({ headersTimeoutMs: 300 });
}, 60_000);

afterAll(async () => {
  for (const server of servers) server.close();
  if (site) await removeDir(site.root);
});

const get = (target: string, headers = 'Host: 127.0.0.1\r\n', method = 'GET') =>
  `${method} ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;

const expectJson = (answer: RawExchange, status: number) => {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['access-control-allow-origin']).toBe('*');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  return JSON.parse(answer.body) as { detail: string };
};

describe('links name the configuration only', () => {
  const own = () => `http://localhost:${port}/2.3.0/launches/?limit=1&offset=1`;
  const PUBLIC = 'https://launches.example.org/2.3.0/launches/?limit=1&offset=1';

  it('answers an absolute-form target (HTTP allows it) with links of its own', async () => {
    for (const target of [
      'http://evil.example/2.3.0/launches/?limit=1',
      'https://evil.example:6666/2.3.0/launches/?limit=1',
      'HTTP://EVIL.EXAMPLE/2.3.0/launches/?limit=1',
    ]) {
      const answer = await rawExchange(port, get(target));
      expect(answer.status, target).toBe(200);
      expect(JSON.parse(answer.body).next, target).toBe(own());
      const behindPublicUrl = await rawExchange(publicPort, get(target, 'Host: launches.example.org\r\n'));
      expect(JSON.parse(behindPublicUrl.body).next, target).toBe(PUBLIC);
    }
    // A static file by an absolute-form target is the file.
    const file = await rawExchange(port, get('http://evil.example/2.3.0/launches/'));
    expect(file.status).toBe(200);
    expect(file.body).toBe(await readFile(path.join(site.out, '2.3.0/launches/index.json'), 'utf8'));
  });

  it('reads `//host/…` and `/\\host/…` as paths of ours: no answer names that host', async () => {
    for (const to of [port, publicPort]) {
      for (const target of [
        '//evil.example/2.3.0/launches/?limit=1',
        '/\\evil.example/2.3.0/launches/?limit=1',
        '/\\/evil.example/2.3.0/launches/?limit=1',
        '//evil.example/2.3.0/launches',
      ]) {
        const answer = await rawExchange(to, get(target));
        expect(answer.text, target).not.toMatch(/evil\.example/);
        expect(answer.status, target).toBe(404);
      }
    }
  });

  it('never redirects to another host: a Location has one leading slash', async () => {
    for (const target of ['//schedule', '/\\schedule', '///2.3.0/launches', 'http://evil.example//schedule']) {
      const answer = await rawExchange(port, get(target));
      expect(answer.status, target).toBe(301);
      expect(answer.headers.location, target).toMatch(/^\/[^/\\]/);
    }
  });

  it('gives an allowed host on another port, or over another scheme, the configured links', async () => {
    for (const host of ['mirror.example.net:6666', 'mirror.example.net:443', 'evil.example', `localhost:${port + 1}`]) {
      const answer = await rawExchange(port, get('/2.3.0/launches/?limit=1', `Host: ${host}\r\n`));
      expect(JSON.parse(answer.body).next, host).toBe(own());
      const behind = await rawExchange(publicPort, get('/2.3.0/launches/?limit=1', `Host: ${host}\r\n`));
      expect(JSON.parse(behind.body).next, host).toBe(PUBLIC);
    }
    // The forwarding headers a proxy sets choose nothing either.
    const forwarded = await rawExchange(
      port,
      get(
        '/2.3.0/launches/?limit=1',
        'Host: 127.0.0.1\r\nX-Forwarded-Host: evil.example\r\nX-Forwarded-Proto: https\r\nForwarded: host=evil.example;proto=https\r\n',
      ),
    );
    expect(JSON.parse(forwarded.body).next).toBe(own());
  });

  it('reads only the path and query of a target (pure)', () => {
    expect(targetPath('/2.3.0/launches/?limit=1')).toBe('/2.3.0/launches/?limit=1');
    expect(targetPath('http://evil.example:81/2.3.0/?a=1')).toBe('/2.3.0/?a=1');
    expect(targetPath('http://evil.example')).toBe('/');
    for (const target of ['*', 'evil.example:443', 'ftp://evil.example/x', 'javascript:alert(1)', ''])
      expect(targetPath(target), target).toBeUndefined();
  });
});

describe('the headers of every static file', () => {
  /** One file of each kind the tree holds, by extension (none: `_headers`, `_redirects`). */
  async function oneOfEachKind(): Promise<string[]> {
    const byKind = new Map<string, string>();
    const walk = async (dir: string) => {
      for (const entry of await readdir(path.join(site.out, dir), { withFileTypes: true })) {
        const relative = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(relative);
        else if (!/\.(gz|br)$/.test(entry.name)) {
          const kind = /\.([a-z0-9]+)$/i.exec(entry.name)?.[1] ?? '';
          if (!byKind.has(kind)) byKind.set(kind, relative);
        }
      }
    };
    await walk('');
    return [...byKind.values()];
  }

  it('sends nosniff, CORS and the type by extension on every kind, plain and compressed', async () => {
    const files = await oneOfEachKind();
    // JSON, the pages, calendars, the index's text, scripts, style, the nginx snippet, the host files.
    for (const kind of ['json', 'html', 'ics', 'txt', 'js', 'css', 'conf', ''])
      expect(
        files.some((f) => (/\.([a-z0-9]+)$/i.exec(f)?.[1] ?? '') === kind),
        kind,
      ).toBe(true);
    for (const file of files) {
      for (const encoding of ['', 'Accept-Encoding: br\r\n', 'Accept-Encoding: gzip\r\n']) {
        for (const method of ['GET', 'HEAD']) {
          const answer = await rawExchange(port, get(`/${file}`, `Host: 127.0.0.1\r\n${encoding}`, method));
          expect(answer.status, `${method} ${file} ${encoding}`).toBe(200);
          expect(answer.headers['x-content-type-options'], file).toBe('nosniff');
          expect(answer.headers['access-control-allow-origin'], file).toBe('*');
          expect(answer.headers['content-type'], file).toBe(contentTypeOf(file));
        }
      }
    }
  });

  it('never guesses a charset from the bytes: a .txt of data text stays text/plain; charset=utf-8', async () => {
    const bait = 'query-index/bait.txt';
    await writeFile(
      path.join(site.out, bait),
      '<meta charset="iso-2022-jp"><html><body><img src=x onerror=alert(1)></body></html>\n',
    );
    const answer = await rawExchange(port, get(`/${bait}`));
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    // The index's own text files, which hold names from the data.
    const search = (await readdir(path.join(site.out, 'query-index'))).find((n) => n.includes('search-launches'))!;
    const own = await rawExchange(port, get(`/query-index/${search}`));
    expect([own.headers['content-type'], own.headers['x-content-type-options']]).toEqual([
      'text/plain; charset=utf-8',
      'nosniff',
    ]);
  });

  it('answers a matching ETag with 304, and a range with 206', async () => {
    const first = await rawRequest(`http://127.0.0.1:${port}/2.3.0/`);
    const again = await rawRequest(`http://127.0.0.1:${port}/2.3.0/`, { 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    const whole = first.body.toString('latin1');
    const last = await rawRequest(`http://127.0.0.1:${port}/2.3.0/`, { Range: 'bytes=-10' });
    expect([last.status, last.body.toString('latin1'), last.headers['content-range']]).toEqual([
      206,
      whole.slice(-10),
      `bytes ${whole.length - 10}-${whole.length - 1}/${whole.length}`,
    ]);
    const middle = await rawRequest(`http://127.0.0.1:${port}/2.3.0/`, { Range: 'bytes=2-5' });
    expect([middle.status, middle.body.toString('latin1')]).toEqual([206, whole.slice(2, 6)]);
  });
});

describe('what is refused gets JSON with CORS', () => {
  it('a request without Host: 400', async () => {
    const answer = await rawExchange(port, 'GET /2.3.0/launches/ HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(expectJson(answer, 400).detail).toMatch(/Host/);
    // HTTP/1.0 needs none.
    expect((await rawExchange(port, 'GET /2.3.0/ HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  it('headers that do not arrive in time: 408', async () => {
    const answer = await rawExchange(slowPort, 'GET /2.3.0/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n');
    expect(expectJson(answer, 408).detail).toMatch(/timeout/i);
  });

  it('a range past the end, or one that does not parse: 416 with Content-Range bytes */size', async () => {
    const size = (await readFile(path.join(site.out, '2.3.0/index.json'))).length;
    for (const range of [`bytes=${size}-`, 'bytes=999999-1000000', 'bytes=5-2', 'bytes=abc', 'bytes=-0']) {
      const answer = await rawExchange(port, get('/2.3.0/', `Host: 127.0.0.1\r\nRange: ${range}\r\n`));
      expect(expectJson(answer, 416).detail, range).toMatch(/not satisfiable/);
      expect(answer.headers['content-range'], range).toBe(`bytes */${size}`);
    }
  });

  it('CONNECT: 405 with Allow, not silence', async () => {
    for (const target of ['evil.example:443', '127.0.0.1:22']) {
      const answer = await rawExchange(port, `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
      expect(expectJson(answer, 405).detail).toBe('Method "CONNECT" not allowed.');
      expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    }
  });

  it('another method: 405 with Allow; a target of no known form: 400; OPTIONS *: the preflight', async () => {
    const post = await rawExchange(port, get('/2.3.0/launches/', 'Host: 127.0.0.1\r\n', 'DELETE'));
    expect(expectJson(post, 405).detail).toBe('Method "DELETE" not allowed.');
    expect(expectJson(await rawExchange(port, get('evil.example:443')), 400).detail).toMatch(/^Bad request/);
    const options = await rawExchange(port, get('*', 'Host: 127.0.0.1\r\n', 'OPTIONS'));
    expect([options.status, options.headers.allow, options.headers['x-content-type-options']]).toEqual([
      204,
      'GET, HEAD, OPTIONS',
      'nosniff',
    ]);
  });
});

describe('the parsing, pure', () => {
  it('reads one byte range, or says why not', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-0', 0)).toBe('unsatisfiable');
    expect(parseRange('items=0-9', 100)).toBeUndefined();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange(undefined, 100)).toBeUndefined();
  });

  it('honours q=0 in Accept-Encoding', () => {
    expect(accepts('gzip, deflate, br', 'br')).toBe(true);
    expect(accepts('gzip;q=1, br;q=0', 'br')).toBe(false);
    expect(accepts('*', 'gzip')).toBe(true);
    expect(accepts('*;q=0, gzip', 'br')).toBe(false);
    expect(accepts(undefined, 'gzip')).toBe(false);
  });
});
