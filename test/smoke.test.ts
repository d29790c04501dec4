import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../scripts/lib/pipeline.ts';
import { createApiServer, listen } from '../scripts/lib/query/node-server.ts';
import { SMOKE_PATHS, smokeCheck } from '../scripts/lib/publish/smoke.ts';
import { formatTimestamp } from '../scripts/lib/model/time.ts';
import { copyFixture, removeDir, tempDir } from './helpers/data.ts';
import { NOW } from './helpers/publish.ts';

let dataDir: string;
let outRoot: string;
let server: ReturnType<typeof createApiServer>;
let base: string;

beforeAll(async () => {
  dataDir = await copyFixture();
  outRoot = await tempDir();
  server = createApiServer({ root: path.join(outRoot, 'public') });
  base = `http://127.0.0.1:${await listen(server, 0)}/2.3.0/`;
  await buildSite(dataDir, path.join(outRoot, 'public'), { now: NOW, baseUrl: base });
  await buildSite(dataDir, path.join(outRoot, 'public', 'elsewhere'), {
    now: NOW,
    baseUrl: 'https://elsewhere.example/2.3.0/',
  });
});
afterAll(async () => {
  server?.close();
  await removeDir(dataDir);
  await removeDir(outRoot);
});

describe('smokeCheck', () => {
  it('passes a good deployment: the four endpoints answer 200 JSON pages whose links stay under the base URL', async () => {
    const report = await smokeCheck(base, { also: [`${base}status.json`] });
    expect(report.problems).toEqual([]);
    expect(report.passed).toHaveLength(SMOKE_PATHS.length + 1);
    expect(report.buildClock).toBe(formatTimestamp(NOW));
  });

  it('fails loudly when an endpoint is missing or not JSON', async () => {
    const report = await smokeCheck(`${base}nope/`);
    expect(report.problems).toHaveLength(4);
    expect(report.problems[0]).toMatch(/answered 404, not 200/);
    const notJson = await smokeCheck(base, { paths: ['launches/'], also: [new URL('/_headers', base).href], fetch });
    expect(notJson.problems).toEqual([
      expect.stringMatching(/_headers answered Content-Type ".*", not application\/json/),
    ]);
  });

  it('fails when the links point at another host (a build for the wrong base URL)', async () => {
    const wrong = `${new URL('/elsewhere/2.3.0/', base).href}`;
    const report = await smokeCheck(wrong, { paths: ['launches/'] });
    expect(report.problems).toEqual([
      expect.stringMatching(/links outside .*: https:\/\/elsewhere\.example\/2\.3\.0\//),
    ]);
  });

  it('reports a network failure as a problem, not a crash', async () => {
    const failing = (async () => {
      throw new Error('ECONNREFUSED');
    }) as unknown as typeof fetch;
    const report = await smokeCheck(base, { fetch: failing });
    expect(report.problems).toHaveLength(4);
    expect(report.problems[0]).toMatch(/failed: ECONNREFUSED/);
  });
});
