import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../scripts/lib/pipeline.ts';
import { isQueryIndexFile } from '../scripts/lib/query/index-format.ts';
import { createApiServer, listen } from '../scripts/lib/query/node-server.ts';
import { removeDir, tempDir } from './helpers/data.ts';
import { rawRequest } from './helpers/http.ts';
import { NOW, pagedDataDir } from './helpers/publish.ts';
import { readTree } from './helpers/tree.ts';

// The build's .gz/.br twins, served by our server (npm start) and by plain `http-server -g -b`.
const require = createRequire(import.meta.url);
const httpServer = require('http-server') as {
  createServer(o: Record<string, unknown>): ReturnType<typeof createApiServer>;
};

let dataDir: string;
let outRoot: string;
let out: string;
let api: ReturnType<typeof createApiServer>;
let plain: ReturnType<typeof createApiServer>;
let apiUrl: string;
let plainUrl: string;

// The suite builds at the fast level (test/helpers/global-setup.ts); this file at a small data set's own: the best.
const suiteTwins = process.env.LAUNCH_SCHEDULE_TWINS;

beforeAll(async () => {
  delete process.env.LAUNCH_SCHEDULE_TWINS;
  dataDir = await pagedDataDir();
  outRoot = await tempDir();
  out = path.join(outRoot, 'public');
  api = createApiServer({ root: out });
  const port = await listen(api, 0);
  apiUrl = `http://127.0.0.1:${port}/2.3.0/`;
  await buildSite(dataDir, out, { now: NOW, baseUrl: apiUrl });
  plain = httpServer.createServer({ root: out, gzip: true, brotli: true, cache: -1 }); // = http-server public -g -b
  plainUrl = `http://127.0.0.1:${await listen(plain, 0)}/`;
});

afterAll(async () => {
  if (suiteTwins !== undefined) process.env.LAUNCH_SCHEDULE_TWINS = suiteTwins;
  api?.close();
  plain?.close();
  await removeDir(dataDir);
  await removeDir(outRoot);
});

describe('the build', () => {
  it("writes a .gz and a .br twin beside every JSON file but the query index's, and the host adapter files", async () => {
    const tree = await readTree(out);
    // The query index is read whole by our servers only: no twins (compress.ts).
    const index = [...tree.keys()].filter(isQueryIndexFile);
    expect(index).toContain('query-index.json');
    expect(index).toEqual(
      expect.arrayContaining([
        'query-index/events-0.json',
        'query-index/launches-0.json',
        'query-index/agencies-0.json',
      ]),
    );
    const json = [...tree.keys()].filter((f) => f.endsWith('.json') && !isQueryIndexFile(f));
    for (const file of index) expect([tree.has(`${file}.gz`), tree.has(`${file}.br`)], file).toEqual([false, false]);
    expect(json.length).toBeGreaterThan(280);
    for (const file of json) {
      expect(tree.get(`${file}.gz`)![8], `${file}.gz: XFL, best compression`).toBe(2);
      expect(gunzipSync(tree.get(`${file}.gz`)!).equals(tree.get(file)!), file).toBe(true);
      expect(brotliDecompressSync(tree.get(`${file}.br`)!).equals(tree.get(file)!), file).toBe(true);
    }
    for (const file of [
      '404.json',
      '2.3.0/404.json',
      '404.html',
      '_redirects',
      '_headers',
      'hosts/nginx.conf',
      'hosts/cloudfront-function.js',
      '_worker.js',
    ]) {
      expect(tree.has(file), file).toBe(true);
    }
  });
});

describe.each([
  ['npm start (scripts/lib/query/node-server.ts)', () => `${apiUrl}launches/upcoming/`],
  ['http-server -g -b', () => `${plainUrl}2.3.0/launches/upcoming/index.json`],
])('%s', (_name, url) => {
  it('answers a client that accepts brotli with the .br twin', async () => {
    const raw = await readFile(path.join(out, '2.3.0/launches/upcoming/index.json'));
    const res = await rawRequest(url(), { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.equals(await readFile(path.join(out, '2.3.0/launches/upcoming/index.json.br')))).toBe(true);
    expect(brotliDecompressSync(res.body).equals(raw)).toBe(true);
  });

  it('prefers brotli when both are accepted, falls back to gzip, and sends plain JSON otherwise', async () => {
    const raw = await readFile(path.join(out, '2.3.0/launches/upcoming/index.json'));
    expect((await rawRequest(url(), { 'Accept-Encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe(
      'br',
    );
    const gz = await rawRequest(url(), { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(raw)).toBe(true);
    const identity = await rawRequest(url());
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(raw)).toBe(true);
  });
});

describe('npm start', () => {
  it('tells caches that the answer varies with Accept-Encoding', async () => {
    const res = await rawRequest(`${apiUrl}launches/`, { 'Accept-Encoding': 'br' });
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('answers misses with the JSON 404, compressed or not', async () => {
    const res = await rawRequest(`${apiUrl}launches/nope/`, { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(404);
    expect(
      JSON.parse(
        res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body).toString() : res.body.toString(),
      ),
    ).toEqual({ detail: 'Not found.' });
  });
});
