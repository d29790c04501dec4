// The served output under load: autocannon keeps 20 connections busy for 2
// seconds on loopback across collections, pages, detail resources, calendars,
// the page for people and queries, while sampled responses are compared byte for
// byte with the files (plain, and the precompressed twins when a client asks for them).

import { get, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../scripts/lib/pipeline.ts';
import { createApiServer, listen } from '../scripts/lib/query/node-server.ts';
import { copyFixture, makeLaunch, removeDir, tempDir, writeRecords } from './helpers/data.ts';

interface AutocannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  totalCompletedRequests: number;
  resets: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const NOW = Date.parse('2026-11-21T12:00:00Z');
let dataDir: string;
let outRoot: string;
let out: string;
let server: ReturnType<typeof createApiServer>;
let port: number;

beforeAll(async () => {
  dataDir = await copyFixture();
  const start = Date.parse('2027-01-01T00:00:00Z');
  await writeRecords(
    dataDir,
    Array.from({ length: 120 }, (_, i) =>
      makeLaunch(3000 + i, new Date(start + i * 2 * 86_400_000).toISOString().replace('.000', ''), { status: 'tbd' }),
    ),
  );
  outRoot = await tempDir('lss-load-');
  out = path.join(outRoot, 'public');
  server = createApiServer({ root: out });
  port = await listen(server, 0, '127.0.0.1');
  await buildSite(dataDir, out, { now: NOW, baseUrl: `http://127.0.0.1:${port}/2.3.0/` });
}, 60_000);

afterAll(async () => {
  server?.server.closeAllConnections?.();
  server?.close();
  await removeDir(dataDir);
  await removeDir(outRoot);
});

/** URL path → the file that answers it. */
const SAMPLES: Array<[string, string]> = [
  ['/2.3.0/launches/', '2.3.0/launches/index.json'],
  ['/2.3.0/launches/page/2/', '2.3.0/launches/page/2/index.json'],
  ['/2.3.0/launches/upcoming/', '2.3.0/launches/upcoming/index.json'],
  ['/2.3.0/launches/previous/', '2.3.0/launches/previous/index.json'],
  ['/2.3.0/events/', '2.3.0/events/index.json'],
  ['/2.3.0/events/upcoming/', '2.3.0/events/upcoming/index.json'],
  [
    '/2.3.0/launches/11111111-2222-4333-8444-555555555555/',
    '2.3.0/launches/11111111-2222-4333-8444-555555555555/index.json',
  ],
  ['/2.3.0/events/901/', '2.3.0/events/901/index.json'],
  ['/2.3.0/status.json', '2.3.0/status.json'],
];

/** Answered by the query engine (node-query.e2e.test.ts checks the answers): under load they must answer 2xx too. */
const QUERIES = [
  '/2.3.0/launches/?limit=10&mode=list',
  '/2.3.0/launches/upcoming/?lsp__id=121&ordering=-net',
  '/2.3.0/events/?search=docking',
];

function rawGet(
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: pathname, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('under concurrent GETs', () => {
  it('answers every request with 2xx, and sampled bodies equal the files byte for byte', async () => {
    const load = autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 20,
      duration: 2,
      timeout: 10,
      requests: [...SAMPLES.map(([p]) => p), ...QUERIES].map((p) => ({ method: 'GET', path: p })),
    });
    // Sampled while the load runs: plain bodies, and the .br/.gz twins for clients that accept them.
    const mismatches: string[] = [];
    let sampled = 0;
    const sampling = (async () => {
      for (let round = 0; round < 3; round++) {
        for (const [pathname, file] of SAMPLES) {
          const plain = await rawGet(pathname);
          const expected = await readFile(path.join(out, file));
          sampled++;
          if (plain.status !== 200 || !plain.body.equals(expected)) mismatches.push(`${pathname}: ${plain.status}`);
          for (const [encoding, suffix] of [
            ['br', '.br'],
            ['gzip', '.gz'],
          ] as const) {
            const packed = await rawGet(pathname, { 'Accept-Encoding': encoding });
            const twin = await readFile(path.join(out, `${file}${suffix}`)).catch(() => undefined);
            if (!twin) continue;
            sampled++;
            if (packed.status !== 200 || packed.headers['content-encoding'] !== encoding || !packed.body.equals(twin))
              mismatches.push(`${pathname} (${encoding}): ${packed.status}`);
          }
        }
      }
    })();
    const [result] = await Promise.all([load, sampling]);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result['2xx']).toBeGreaterThan(100);
    expect(mismatches).toEqual([]);
    expect(sampled).toBeGreaterThanOrEqual(SAMPLES.length * 3);
  }, 30_000);
});
