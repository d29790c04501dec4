// The edge worker in its own runtime: Miniflare 4 runs Cloudflare's workerd with
// the built `public/_worker.js` as a Pages advanced-mode worker (it takes every
// request) and the built tree as its `env.ASSETS`. Its answers are the handler's
// (the same bytes as the Node side gives), static files keep their types and
// CORS, folders answer with their index.json, and misses get LL2's 404.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_FILE } from '../scripts/lib/outputs/edge-worker.ts';
import { removeDir } from './helpers/data.ts';
import { buildQuerySite, EDGE_QUERIES, Q, queryFixture, uuid, type QueryFixture } from './helpers/query-site.ts';

const ORIGIN = 'http://edge.test';

let site: { root: string; out: string };
let worker: Miniflare;
let fixture: QueryFixture;

beforeAll(async () => {
  site = await buildQuerySite();
  fixture = await queryFixture();
  worker = new Miniflare({
    modules: [
      { type: 'ESModule', path: WORKER_FILE, contents: await readFile(path.join(site.out, WORKER_FILE), 'utf8') },
    ],
    compatibilityDate: '2025-01-01',
    // As Cloudflare Pages runs an advanced-mode worker: before the assets, for every request.
    assets: {
      directory: site.out,
      binding: 'ASSETS',
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
  });
  await worker.ready;
}, 120_000);

afterAll(async () => {
  await worker?.dispose();
  if (site) await removeDir(site.root);
});

const edge = async (pathAndQuery: string, init?: RequestInit) => {
  const response = await worker.dispatchFetch(`${ORIGIN}${pathAndQuery}`, { ...init, redirect: 'manual' } as never);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
};

describe('the worker file', () => {
  it('is one ES module with a default export and no imports', async () => {
    const code = await readFile(path.join(site.out, WORKER_FILE), 'utf8');
    expect(code).toMatch(/export\s*\{\s*cloudflare_worker_default as default\s*\}|export default/);
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).not.toMatch(/\brequire\(/);
  });
});

describe('queries at the edge', () => {
  it.each(EDGE_QUERIES)('%s answers as the handler does on Node', async (pathAndQuery) => {
    const atEdge = await edge(pathAndQuery);
    const onNode = await fixture.handler.fetch(new Request(`${ORIGIN}${pathAndQuery}`));
    expect([atEdge.status, atEdge.text]).toEqual([onNode.status, await onNode.text()]);
    expect(atEdge.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('redirects the routes without their slash', async () => {
    const response = await edge(`/2.3.0/launches/previous/${uuid(Q.recent)}?mode=list`);
    expect([response.status, response.headers.get('location')]).toEqual([
      301,
      `/2.3.0/launches/previous/${uuid(Q.recent)}/?mode=list`,
    ]);
  });
});

describe('static files at the edge', () => {
  it('answers a folder with its index.json, with a JSON type, CORS and cache headers', async () => {
    const response = await edge('/2.3.0/launches/upcoming/');
    expect(response.status).toBe(200);
    expect(response.text).toBe(await readFile(path.join(site.out, '2.3.0/launches/upcoming/index.json'), 'utf8'));
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('serves files by path, the site root with its page, and redirects a folder without its slash', async () => {
    expect((await edge('/2.3.0/status.json')).headers.get('content-type')).toBe('application/json; charset=utf-8');
    const root = await edge('/');
    expect([root.status, root.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    const folder = await edge('/2.3.0/launches');
    expect([folder.status, folder.headers.get('location')]).toEqual([301, '/2.3.0/launches/']);
  });

  it("answers LL2's 404 for a miss, 405 to a POST, 204 to a preflight", async () => {
    expect(await edge('/2.3.0/nothing/here/')).toMatchObject({ status: 404, text: '{"detail":"Not found."}' });
    expect(await edge('/2.3.0/no-file.json')).toMatchObject({ status: 404, text: '{"detail":"Not found."}' });
    expect((await edge('/2.3.0/launches/?limit=1', { method: 'POST' })).status).toBe(405);
    const preflight = await edge('/2.3.0/launches/', { method: 'OPTIONS' });
    expect([preflight.status, preflight.headers.get('access-control-allow-methods')]).toEqual([
      204,
      'GET, HEAD, OPTIONS',
    ]);
  });
});
