// The Node server end to end, as `npm run serve` starts it (scripts/serve.ts in
// its own process) over a build of the query fixture: queries answered as LL2
// would, with links on the server's own address; the detail routes under each
// list; compression of query answers; static files exactly as before; and a
// rebuilt index picked up without a restart.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../scripts/lib/pipeline.ts';
import { removeDir } from './helpers/data.ts';
import { rawRequest, spawnUntil, type Spawned } from './helpers/http.ts';
import { buildQuerySite, NOW, Q, SPUTNIK, uuid, writeQueryData } from './helpers/query-site.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

let site: { root: string; out: string };
let server: Spawned;
let api: string;

beforeAll(async () => {
  site = await buildQuerySite();
  server = await spawnUntil(
    process.execPath,
    ['--import', 'tsx', 'scripts/serve.ts', '--port', '0', '--root', site.out],
    /API: +(http:\/\/\S+\/2\.3\.0\/)/,
    { cwd: ROOT, timeoutMs: 30_000 },
  );
  api = server.match[1];
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (site) await removeDir(site.root);
});

const get = async (pathAndQuery: string, headers: Record<string, string> = {}) => {
  const response = await rawRequest(`${api}${pathAndQuery}`, headers);
  return { ...response, text: response.body.toString('utf8'), json: () => JSON.parse(response.body.toString('utf8')) };
};

describe('npm run serve answers LL2 queries', () => {
  it('filters, limits and links a page on its own address', async () => {
    const response = await get('launches/upcoming/?lsp__id=121&limit=2');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const body = response.json();
    expect(body.count).toBe(4);
    expect(body.results.map((r: { name: string }) => r.name)).toEqual([
      'Falcon 9 Block 5 | Starlink Group 1',
      'Falcon 9 Block 5 | Starlink Group 2',
    ]);
    expect(body.next).toBe(`${api}launches/upcoming/?limit=2&lsp__id=121&offset=2`);
  });

  it("answers the reference lists' parameters too", async () => {
    const response = await get('agencies/?search=rocket&mode=list&limit=1');
    expect(response.status).toBe(200);
    const body = response.json();
    expect([body.count, body.results[0].name, body.results[0].response_mode]).toEqual([2, 'Rocket Lab', 'list']);
    expect(body.next).toBe(`${api}agencies/?limit=1&mode=list&offset=1&search=rocket`);
    expect((await get('launcher_configurations/?maiden_flight=someday')).json()).toEqual({
      maiden_flight: ['Enter a valid date.'],
    });
  });

  it("answers bad values with 400 and django-filter's body", async () => {
    const response = await get('launches/?net__gte=notadate');
    expect([response.status, response.json()]).toEqual([400, { net__gte: ['Enter a valid date/time.'] }]);
  });

  it('answers the detail routes under a list by membership, and 404 outside it', async () => {
    const recent = uuid(Q.recent);
    const member = await get(`launches/upcoming/${recent}/`);
    expect(member.status).toBe(200);
    expect(member.text).toBe(await readFile(path.join(site.out, `2.3.0/launches/${recent}/index.json`), 'utf8'));
    const outside = await get(`launches/upcoming/${SPUTNIK}/`);
    expect([outside.status, outside.json()]).toEqual([404, { detail: 'Not found.' }]);
    const slashless = await get(`launches/previous/${recent}`);
    expect([slashless.status, slashless.headers.location]).toEqual([301, `/2.3.0/launches/previous/${recent}/`]);
  });

  it('compresses query answers for clients that accept it', async () => {
    const plain = await get('launches/?mode=detailed&limit=5');
    const br = await get('launches/?mode=detailed&limit=5', { 'Accept-Encoding': 'gzip, br' });
    const gz = await get('launches/?mode=detailed&limit=5', { 'Accept-Encoding': 'gzip' });
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(
      ['br', 'gzip', undefined],
    );
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.headers.vary).toBe('Accept-Encoding');
  });

  it('answers HEAD and other methods as before', async () => {
    const head = await rawRequest(`${api}launches/?limit=1`, {}, 'HEAD');
    expect([head.status, head.body.length]).toEqual([200, 0]);
    const post = await rawRequest(`${api}launches/?limit=1`, {}, 'POST');
    expect(post.status).toBe(405);
  });
});

describe('static files as before', () => {
  it('serves a list route without a query string from its file, with its twins', async () => {
    const file = await readFile(path.join(site.out, '2.3.0/launches/upcoming/index.json'));
    const plain = await get('launches/upcoming/');
    expect(plain.body.equals(file)).toBe(true);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const br = await get('launches/upcoming/', { 'Accept-Encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(file)).toBe(true);
  });

  it("redirects a folder without its slash and answers LL2's 404 for a miss", async () => {
    const redirect = await get('launches/upcoming?x=1');
    expect([redirect.status, redirect.headers.location]).toEqual([301, '/2.3.0/launches/upcoming/?x=1']);
    const miss = await get('nothing/here/');
    expect([miss.status, miss.json()]).toEqual([404, { detail: 'Not found.' }]);
  });
});

describe('a rebuild while serving', () => {
  it('is answered from the new index without a restart: a launch that left upcoming answers only under previous', async () => {
    const recent = uuid(Q.recent);
    const before = (await get('launches/?limit=1&offset=20')).json();
    expect(before.count).toBe(9);
    expect((await get(`launches/upcoming/${recent}/`)).status).toBe(200);
    const dataDir = await writeQueryData();
    try {
      // The same data at a clock a year later: the recent launch has left upcoming.
      await buildSite(dataDir, site.out, { now: NOW + 365 * 86_400_000, baseUrl: 'https://api.example.org/2.3.0/' });
    } finally {
      await removeDir(dataDir);
    }
    const after = (await get('launches/upcoming/?format=json')).json();
    expect(after.results.map((r: { name: string }) => r.name)).not.toContain('Electron | Recent Flight');
    expect((await get(`launches/upcoming/${recent}/`)).status).toBe(404);
    expect((await get(`launches/previous/${recent}/`)).status).toBe(200);
  });
});
