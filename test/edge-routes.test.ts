// Only the API goes through the edge worker: `_routes.json` (Cloudflare Pages'
// list of the paths that run `_worker.js`) within Cloudflare's documented format
// and limits, keeping out every path no query is answered on; and the built worker,
// run in plain Node over the built files, serves a static request without reading
// the query index (it costs next to nothing); a query reads only record packs
// through `env.ASSETS`, the rest of the index being held in the worker itself; a
// read the host fails is answered as JSON (503, with CORS), and tried again.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_FILES, ROUTES_FILE_LIMITS } from '../scripts/lib/outputs/hosts.ts';
import { WORKER_FILE } from '../scripts/lib/outputs/edge-worker.ts';
import { claims } from '../scripts/lib/query/claimed-routes.ts';
import { fileAssets } from '../scripts/lib/query/file-assets.ts';
import { isQueryIndexFile } from '../scripts/lib/query/index-format.ts';
import { isRecordPack } from '../scripts/lib/query/record-packs.ts';
import { createHandler } from '../scripts/lib/query/handler.ts';
import { fetchAssets } from '../scripts/lib/query/fetch-assets.ts';
import { listRoutes, ROUTES } from '../scripts/lib/api/routes.ts';
import { removeDir } from './helpers/data.ts';
import { buildQuerySite, Q, uuid } from './helpers/query-site.ts';

let site: { root: string; out: string };
let routes: { version: number; include: string[]; exclude: string[] };
let files: string[];

beforeAll(async () => {
  site = await buildQuerySite();
  routes = JSON.parse(await readFile(path.join(site.out, HOST_FILES.routes), 'utf8'));
  const { readdir } = await import('node:fs/promises');
  files = (await readdir(site.out, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => path.relative(site.out, path.join(d.parentPath, d.name)).split(path.sep).join('/'));
}, 60_000);

afterAll(async () => {
  if (site) await removeDir(site.root);
});

/** Cloudflare's matching: `*` matches anything (slashes too); rules are whole paths. */
const matches = (rule: string, requestPath: string): boolean =>
  new RegExp(
    `^${rule
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(requestPath);
const runsWorker = (requestPath: string): boolean =>
  routes.include.some((rule) => matches(rule, requestPath)) &&
  !routes.exclude.some((rule) => matches(rule, requestPath));

describe('_routes.json', () => {
  it("has Cloudflare's format and stays within its limits (one include at least, 100 rules, 100 characters a rule)", () => {
    expect(Object.keys(routes).sort()).toEqual(['exclude', 'include', 'version']);
    expect(routes.version).toBe(1);
    expect(routes.include.length).toBeGreaterThanOrEqual(1);
    const rules = [...routes.include, ...routes.exclude];
    expect(rules.length).toBeLessThanOrEqual(ROUTES_FILE_LIMITS.rules);
    for (const rule of rules) {
      expect(rule.length).toBeLessThanOrEqual(ROUTES_FILE_LIMITS.ruleChars);
      expect(rule.startsWith('/')).toBe(true);
    }
  });

  it('sends every route the engine may answer to the worker', () => {
    for (const route of listRoutes(ROUTES)) expect(runsWorker(`/2.3.0/${route.path}`), route.path).toBe(true);
    expect(runsWorker(`/2.3.0/launches/upcoming/${uuid(Q.recent)}/`)).toBe(true);
    expect(runsWorker('/2.3.0/agencies/121/')).toBe(true);
  });

  it("keeps out the page, its assets, the snapshot, calendars and the API's documents", () => {
    for (const p of [
      '/',
      '/index.html',
      '/api.html',
      '/launch.html',
      '/assets/page.css',
      '/snapshot/launch-schedule-snapshot.tar.gz',
      '/2.3.0/calendars/',
      '/2.3.0/calendars/upcoming-launches.ics',
      '/2.3.0/schemas/',
      '/2.3.0/status.json',
      '/2.3.0/openapi.json',
    ]) {
      expect(runsWorker(p), p).toBe(false);
    }
  });

  it('keeps out no file a query is answered on, and every file it keeps out is one the engine never claims', () => {
    const kept = files.filter((file) => !runsWorker(`/${file}`));
    expect(kept.some((file) => file.startsWith('2.3.0/calendars/'))).toBe(true);
    for (const file of kept) {
      const url = new URL(`http://edge.test/${file.replace(/index\.json$/, '')}?limit=1`);
      expect(claims(url), file).toBe(false);
    }
  });
});

describe('the built worker in plain Node', () => {
  it('serves a static request without reading the query index, and reads only record packs for a query', async () => {
    const worker = (await import(pathToFileURL(path.join(site.out, WORKER_FILE)).href)).default as {
      fetch(r: Request, env: object): Promise<Response>;
    };
    const assets = fileAssets(site.out);
    const env = { ASSETS: assets };
    const staticAnswer = await worker.fetch(new Request('http://edge.test/2.3.0/launches/upcoming/'), env);
    expect(staticAnswer.status).toBe(200);
    expect(await staticAnswer.text()).toBe(
      await readFile(path.join(site.out, '2.3.0/launches/upcoming/index.json'), 'utf8'),
    );
    expect(assets.reads).toEqual(['2.3.0/launches/upcoming/index.json']);
    expect(assets.reads.some(isQueryIndexFile)).toBe(false);
    assets.reset();
    const query = await worker.fetch(new Request('http://edge.test/2.3.0/launches/upcoming/?limit=1'), env);
    expect(query.status).toBe(200);
    expect(assets.reads.length).toBeGreaterThan(0);
    expect(assets.reads.every(isRecordPack), assets.reads.join(' ')).toBe(true);
    // A filter, a search and a reference list: their columns, search values and parts are held, not read; the
    // answers are the handler's over the files alone.
    const files = fileAssets(site.out);
    const nodeHandler = createHandler(fetchAssets((url) => files.fetch(url), 'http://edge.test'));
    assets.reset();
    for (const target of [
      '/2.3.0/launches/?lsp__id=121&mode=list',
      '/2.3.0/launches/?search=falcon&ordering=-net',
      '/2.3.0/agencies/?search=space',
      '/2.3.0/pads/?ordering=-total_launch_count',
    ]) {
      const answer = await worker.fetch(new Request(`http://edge.test${target}`), env);
      expect(answer.status, target).toBe(200);
      const expected = await nodeHandler.fetch(new Request(`http://edge.test${target}`));
      expect(await answer.text(), target).toBe(await expected.text());
    }
    expect(assets.reads.filter((file) => isQueryIndexFile(file) && !isRecordPack(file))).toEqual([]);
  });

  it('answers JSON with CORS when the host fails to read a file (503, saying why), then answers once it reads again', async () => {
    const worker = (await import(pathToFileURL(path.join(site.out, WORKER_FILE)).href)).default as {
      fetch(r: Request, env: object): Promise<Response>;
    };
    const files = fileAssets(site.out);
    // As Cloudflare's binding past a request's subrequests: every read rejected. (A page no earlier test asked for:
    // the worker keeps the packs it read.)
    let refusing = true;
    const env = {
      ASSETS: {
        fetch: (request: Request | string) =>
          refusing ? Promise.reject(new Error('Too many subrequests.')) : files.fetch(request),
      },
    };
    const target = 'http://edge.test/2.3.0/launches/previous/?status__ids=3&mode=detailed&limit=3';
    const refused = await worker.fetch(new Request(target), env);
    expect(refused.status).toBe(503);
    expect([
      refused.headers.get('Content-Type'),
      refused.headers.get('Access-Control-Allow-Origin'),
      refused.headers.get('X-Content-Type-Options'),
      refused.headers.get('Retry-After'),
    ]).toEqual(['application/json', '*', 'nosniff', '5']);
    const { detail } = (await refused.json()) as { detail: string };
    expect(detail).toMatch(
      /^The API could not be answered: the host could not read (query-index\/launches\.detailed-\d+\.jsonl|2\.3\.0\/launches\/[0-9a-f-]+\/index\.json) \(Too many subrequests\.\)\. Try again/,
    );
    refusing = false;
    const answered = await worker.fetch(new Request(target), env);
    expect(answered.status).toBe(200);
    const expected = await createHandler(fetchAssets((url) => files.fetch(url), 'http://edge.test')).fetch(
      new Request(target),
    );
    expect(await answered.text()).toBe(await expected.text());
  });

  it("reads a resource's parts again after the host failed to read them, and answers a reader's own error as a JSON 500", async () => {
    const files = fileAssets(site.out);
    let refusals = 1;
    const handler = createHandler(
      fetchAssets((url) => {
        if (refusals > 0 && new URL(url).pathname === '/query-index/agencies-0.json') {
          refusals--;
          return Promise.reject(new Error('connection reset'));
        }
        return files.fetch(url);
      }, 'http://edge.test'),
    );
    // A filter on an agency's cells reads the agencies' part.
    const target = 'http://edge.test/2.3.0/agencies/?featured=true&mode=list';
    expect((await handler.fetch(new Request(target))).status).toBe(503);
    const again = await handler.fetch(new Request(target));
    expect(again.status).toBe(200);
    expect(((await again.json()) as { count: number }).count).toBeGreaterThan(0);
    // Not the host's failure but the reader's own (a bug): 500, as the Node server answers it.
    const broken = createHandler({
      readText: () => {
        throw new TypeError('not a function');
      },
    });
    const quiet = console.error;
    console.error = () => undefined;
    try {
      const answer = await broken.fetch(new Request('http://edge.test/2.3.0/launches/?limit=1'));
      expect([answer.status, answer.headers.get('Access-Control-Allow-Origin')]).toEqual([500, '*']);
      expect(await answer.json()).toEqual({ detail: 'A server error occurred.' });
    } finally {
      console.error = quiet;
    }
  });
});
