// The bench's workerd harness (scripts/bench-workerd.ts) on a fixture build: the
// built `_worker.js` run by workerd with the tree as a disk service for its
// env.ASSETS answers every query of the bench's mix, and the fixture's own edge
// queries, byte for byte as the Node server (`npm run serve`'s createApiServer)
// answers the same request, in a fresh process's first request and in a process
// that has answered the rest of the mix before. The figures are the bench's to
// print: here only that the harness measures something and counts the reads.

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mixFor } from '../scripts/bench-edge-workerd.ts';
import { startWorker, type AssetsHost, type WorkerProcess } from '../scripts/bench-workerd.ts';
import { type EdgeHarness, startEdgeHarness } from './helpers/edge-harness.ts';
import { EDGE_QUERIES } from './helpers/query-site.ts';

let harness: EdgeHarness;
let site: EdgeHarness['site'];
let assets: AssetsHost;
let code: string;
let queries: string[];

beforeAll(async () => {
  harness = await startEdgeHarness();
  ({ site, assets, code } = harness);
  queries = [...new Set([...mixFor(site.out), ...EDGE_QUERIES])];
}, 180_000);

afterAll(async () => {
  await harness?.close();
});

const fromNode = (target: string) => harness.fromNode(target);

const summary = (answer: { status: number; body: Buffer }) => ({
  status: answer.status,
  body: answer.body.toString('utf8'),
});

describe('the workerd harness', () => {
  it("answers every query of the mix as the Node server does, on each query's first request in a fresh process", async () => {
    expect(queries.length).toBeGreaterThan(30);
    const firstAnswer = async (query: string) => {
      const worker = await startWorker(code, assets.port);
      try {
        return { query, result: await worker.measure(query) };
      } finally {
        await worker.stop();
      }
    };
    // Four processes at a time: nothing is timed here, and the reads are counted in the next test (one request at a time).
    const answers: Array<Awaited<ReturnType<typeof firstAnswer>>> = [];
    for (let at = 0; at < queries.length; at += 4)
      answers.push(...(await Promise.all(queries.slice(at, at + 4).map(firstAnswer))));
    for (const { query, result } of answers) {
      expect({ query, ...summary(result) }).toEqual({ query, ...summary(await fromNode(query)) });
      // Measured on the isolate's thread.
      expect(result.cpuMs).toBeGreaterThan(0);
    }
  }, 300_000);

  it('answers the mix in one process, after the rest of it, as the Node server does, its reads logged; a page with its length; a static page is one read of its file', async () => {
    let worker: WorkerProcess | undefined;
    try {
      worker = await startWorker(code, assets.port);
      for (const query of [...queries].reverse()) {
        const { result, reads } = await assets.during(() => worker!.measure(query));
        expect({ query, ...summary(result) }).toEqual({ query, ...summary(await fromNode(query)) });
        // Each read through env.ASSETS logged with the disk service's status for that path.
        for (const read of reads)
          expect([query, read.path, read.status]).toEqual([
            query,
            read.path,
            existsSync(path.join(site.out, read.path)) ? 200 : 404,
          ]);
      }
      // A page goes out as one body of a known length (a Blob), not as a stream JavaScript feeds, which is sent chunked.
      const page = await worker.measure('/2.3.0/launches/?mode=detailed&limit=5');
      expect([page.status, page.headers['content-length'], page.headers['transfer-encoding']]).toEqual([
        200,
        String(page.body.length),
        undefined,
      ]);
      const { reads } = await assets.during(() => worker!.measure('/2.3.0/launches/upcoming/'));
      expect(reads).toEqual([
        {
          path: '2.3.0/launches/upcoming/index.json',
          status: 200,
          bytes: (await readFile(path.join(site.out, '2.3.0/launches/upcoming/index.json'))).length,
        },
      ]);
    } finally {
      await worker?.stop();
    }
  }, 300_000);
});
