import { writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../scripts/lib/data/schema-check.ts';
import { buildSite, planSite, validateDataDir } from '../scripts/lib/pipeline.ts';
import { DataError } from '../scripts/lib/data/problems.ts';
import { createApiServer, listen } from '../scripts/lib/query/node-server.ts';
import { responseSchemas } from '../scripts/schemas/responses.ts';
import { copyFixture, makeEvent, makeLaunch, removeDir, tempDir, writeRecords } from './helpers/data.ts';
import { copyTree, readTree, responseKindOf } from './helpers/tree.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE = 'http://127.0.0.1:PORT/2.3.0/';
let dataDir: string;
let outRoot: string;
let out: string;
let baseUrl: string;
let server: ReturnType<typeof createApiServer>;

// 130 past launches, 120 future ones, one on each side of the 24 h boundary, and events.
function generated() {
  const launches = [];
  for (let i = 0; i < 130; i++)
    launches.push(
      makeLaunch(
        i + 1,
        new Date(Date.parse('2020-01-01T00:00:00Z') + i * 86_400_000 * 7).toISOString().replace('.000', ''),
      ),
    );
  for (let i = 0; i < 120; i++)
    launches.push(
      makeLaunch(
        500 + i,
        new Date(Date.parse('2027-01-01T00:00:00Z') + i * 86_400_000 * 3).toISOString().replace('.000', ''),
        { status: 'tbd' },
      ),
    );
  launches.push(makeLaunch(900, '2026-11-20T12:00:00Z', { status: 'success' }));
  launches.push(makeLaunch(901, '2026-11-20T11:59:59Z', { status: 'success' }));
  const events = [
    makeEvent(1, '2026-11-20T12:00:00Z'),
    makeEvent(2, '2026-11-20T11:00:00Z'),
    makeEvent(3, '2027-05-01T00:00:00Z'),
    makeEvent(4, null),
  ];
  return { launches, events };
}

async function get(pathname: string, headers: Record<string, string> = {}) {
  return fetch(new URL(pathname, baseUrl), { headers, redirect: 'manual' });
}

beforeAll(async () => {
  dataDir = await copyFixture();
  const { launches, events } = generated();
  await writeRecords(dataDir, launches, events);
  outRoot = await tempDir();
  out = path.join(outRoot, 'first', 'public');
  server = createApiServer({ root: out });
  const port = await listen(server, 0);
  baseUrl = BASE.replace('PORT', String(port));
  await buildSite(dataDir, out, { now: NOW, baseUrl });
});

afterAll(async () => {
  server?.close();
  await removeDir(dataDir);
  await removeDir(outRoot);
});

async function walk(
  collection: string,
): Promise<{ pages: Array<Record<string, any>>; results: Array<Record<string, any>> }> {
  const pages = [];
  let url: string | null = `${baseUrl}${collection}`;
  const seen = new Set<string>();
  while (url) {
    expect(seen.has(url)).toBe(false);
    seen.add(url);
    expect(url.startsWith(baseUrl)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const page = (await response.json()) as Record<string, any>;
    pages.push(page);
    url = page.next;
  }
  return { pages, results: pages.flatMap((p) => p.results) };
}

describe('the four endpoints over HTTP', () => {
  it.each(['launches/upcoming/', 'launches/previous/', 'launches/', 'events/upcoming/'])(
    '%s answers 200 JSON with CORS and the LL2 envelope',
    async (collection) => {
      const response = await get(collection);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['count', 'next', 'previous', 'results']);
      expect(body.previous).toBeNull();
    },
  );

  it("answers a query string with LL2's page of it (the query engine), and none with the static file", async () => {
    const plain = (await (await get('launches/upcoming/')).json()) as { count: number; results: Array<{ id: string }> };
    expect(plain.results).toHaveLength(100);
    const withQuery = await get('launches/upcoming/?limit=10&offset=20&mode=list');
    expect(withQuery.status).toBe(200);
    const page = (await withQuery.json()) as {
      count: number;
      next: string;
      results: Array<{ id: string; response_mode: string }>;
    };
    expect(page.count).toBe(plain.count);
    expect(page.results.map((r) => r.id)).toEqual(plain.results.slice(20, 30).map((r) => r.id));
    expect(page.results.every((r) => r.response_mode === 'list')).toBe(true);
    // Links name the address the server listens on (listen-origin.ts: loopback as localhost), not the request's.
    expect(page.next).toBe(
      `${baseUrl.replace('127.0.0.1', 'localhost')}launches/upcoming/?limit=10&mode=list&offset=30`,
    );
  });

  it('redirects a path without its trailing slash, keeping the query', async () => {
    const response = await get('/2.3.0/launches/upcoming?format=json');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/2.3.0/launches/upcoming/?format=json');
  });

  it('answers unknown paths with a JSON 404 and refuses writes', async () => {
    const missing = await get('launches/00000000-0000-4000-8000-ffffffffffff/');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await missing.json()).toEqual({ detail: 'Not found.' });
    const post = await fetch(`${baseUrl}launches/`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('upcoming: NET >= now - 24 h, ascending, every page linked', async () => {
    const { pages, results } = await walk('launches/upcoming/');
    expect(pages).toHaveLength(2);
    expect(results).toHaveLength(pages[0].count);
    expect(pages[0].count).toBe(122);
    expect(pages[1].previous).toBe(`${baseUrl}launches/upcoming/`);
    const nets = results.map((l) => Date.parse(l.net));
    expect(nets.every((n) => n >= NOW - 86_400_000)).toBe(true);
    expect([...nets].sort((a, b) => a - b)).toEqual(nets);
    expect(results[0].id).toBe('00000000-0000-4000-8000-000000000384'); // 900: exactly 24 h before now
  });

  it('previous: NET <= now, descending, includes the last 24 h', async () => {
    const { results, pages } = await walk('launches/previous/');
    expect(pages[0].count).toBe(133);
    const nets = results.map((l) => Date.parse(l.net));
    expect(nets.every((n) => n <= NOW)).toBe(true);
    expect([...nets].sort((a, b) => b - a)).toEqual(nets);
    expect(results[0].id).toBe('00000000-0000-4000-8000-000000000384');
  });

  it('launches/: every launch once, ascending, three pages', async () => {
    const { results, pages } = await walk('launches/');
    expect(pages).toHaveLength(3);
    expect(results).toHaveLength(254);
    expect(new Set(results.map((l) => l.id)).size).toBe(254);
    expect(results[0].name).toBe('Sputnik 8K71PS | Sputnik 1');
  });

  it('events/upcoming/: dated from 24 h ago on, ascending', async () => {
    const { results } = await walk('events/upcoming/');
    expect(results.map((e) => e.id)).toEqual([1, 3, 901]);
  });

  it('a second page is served at its path', async () => {
    const response = await get('launches/page/2/');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, any>;
    expect(body.previous).toBe(`${baseUrl}launches/`);
    expect(body.next).toBe(`${baseUrl}launches/page/3/`);
  });

  it('detail resources answer in detailed mode at every url the collections give', async () => {
    const { results } = await walk('launches/upcoming/');
    for (const launch of results.slice(0, 5)) {
      expect(launch.response_mode).toBe('normal');
      expect(launch.url).toBe(`${baseUrl}launches/${launch.id}/`);
      const detail = (await (await fetch(launch.url)).json()) as Record<string, any>;
      expect(detail.response_mode).toBe('detailed');
      expect(detail.id).toBe(launch.id);
      expect(detail.launch_service_provider.response_mode).toBe('normal'); // as real LL2 2.3.0 answers, with the detailed fields
      expect(detail.launch_service_provider).toHaveProperty('total_launch_count');
    }
    const event = (await (await get('events/901/')).json()) as Record<string, any>;
    expect(event.response_mode).toBe('detailed');
    expect(event.launches[0]).toMatchObject({ id: '11111111-2222-4333-8444-555555555555', response_mode: 'list' });
  });
});

describe('every generated file', () => {
  it('validates against our published response schemas', async () => {
    const ajv = createAjv();
    const validators = Object.fromEntries(
      Object.entries(responseSchemas(baseUrl)).map(([k, s]) => [k, ajv.compile(s)]),
    );
    const tree = await readTree(out);
    let checked = 0;
    for (const [file, bytes] of tree) {
      const kind = responseKindOf(file);
      if (!kind) continue;
      const validate = validators[kind];
      const ok = validate(JSON.parse(bytes.toString('utf8')));
      expect(ok ? [] : validate.errors?.slice(0, 3), file).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(260);
  });

  it('is UTF-8 JSON without BOM, with HTML-sensitive characters escaped', async () => {
    for (const [file, bytes] of await readTree(out)) {
      if (!file.endsWith('.json')) continue;
      expect(bytes[0]).not.toBe(0xef);
      expect(bytes.toString('utf8')).not.toMatch(/[<>&\u2028\u2029]/);
    }
  });
});

describe('builds', () => {
  it('are byte-identical for the same data, clock and base URL', async () => {
    const again = path.join(outRoot, 'again');
    await buildSite(dataDir, again, { now: NOW, baseUrl });
    const [a, b] = [await readTree(out), await readTree(again)];
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [file, bytes] of a) expect(b.get(file)!.equals(bytes), file).toBe(true);
  });

  it('leave the previous output untouched when the data is broken', async () => {
    // The first build's output as it left it (the link and its generations folder), copied rather than built again.
    const target = path.join(outRoot, 'broken-target', 'public');
    await copyTree(path.dirname(out), path.dirname(target));
    const before = await readTree(target);
    expect(before.size).toBeGreaterThan(1000);
    const broken = await copyFixture();
    try {
      await writeFile(path.join(broken, 'launches/crs-demo.yaml'), 'id: [unclosed\n');
      await expect(buildSite(broken, target, { now: NOW, baseUrl })).rejects.toBeInstanceOf(DataError);
      const after = await readTree(target);
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [file, bytes] of before) expect(after.get(file)!.equals(bytes)).toBe(true);
      await expect(stat(`${target}.tmp-${process.pid}`)).rejects.toThrow();
    } finally {
      await removeDir(broken);
    }
  });

  it('move a launch from upcoming to previous as the clock passes', async () => {
    // The two lists' first pages as the build plans them at each clock (pipeline.ts), rendered alone: writing the
    // other thousand files of each build would prove nothing more than 'are byte-identical' does above.
    const firstPage = async (now: string, collection: string) => {
      const checked = await validateDataDir(dataDir, Date.parse(now));
      const file = planSite(checked.dataset!, { now: Date.parse(now), baseUrl }).find(
        (f) => f.path === `2.3.0/${collection}index.json`,
      );
      return JSON.parse(file!.render().toString());
    };
    // 12 h after its NET a launch is in both lists; 24 h and one second after, only in previous.
    expect((await firstPage('2027-01-01T12:00:00Z', 'launches/upcoming/')).results[0].net).toBe('2027-01-01T00:00:00Z');
    expect((await firstPage('2027-01-01T12:00:00Z', 'launches/previous/')).results[0].net).toBe('2027-01-01T00:00:00Z');
    expect((await firstPage('2027-01-02T00:00:01Z', 'launches/upcoming/')).results[0].net).toBe('2027-01-04T00:00:00Z');
  });
});
