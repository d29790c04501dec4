// A page of a query whose records are all those of one of the list's static pages
// (normal mode, no `format`) is answered in workerd with that static file, its head
// (count, next, previous) replaced by the query's and the rest piped on by the
// runtime (plan-answer.ts staticPage, fetch-assets.ts spliceFile): the same bytes as
// the Node server answers from the record packs, and one read, the static page's.
// A static file whose head is not the one the index implies (another build's) is
// not sent: the page is made from the packs, as before.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type AssetsHost } from '../scripts/bench-workerd.ts';
import { QUERY_INDEX_FILE } from '../scripts/lib/query/index-format.ts';
import { type EdgeHarness, startEdgeHarness } from './helpers/edge-harness.ts';

let harness: EdgeHarness;
let site: EdgeHarness['site'];
let assets: AssetsHost;
let code: string;
/** The lists with members, by path (`launches/upcoming/`). */
let lists: string[];

beforeAll(async () => {
  harness = await startEdgeHarness();
  ({ site, assets, code } = harness);
  const head = JSON.parse(await readFile(path.join(site.out, QUERY_INDEX_FILE), 'utf8')) as {
    lists: Record<string, { rows: number[] }>;
  };
  lists = Object.entries(head.lists)
    .filter(([, list]) => list.rows.some((n, i) => i % 2 === 1 && n !== 0))
    .map(([list]) => list);
}, 180_000);

afterAll(async () => {
  await harness?.close();
});

const fromNode = async (target: string): Promise<string> => (await harness.fromNode(target)).body.toString('utf8');

/** The queries in one workerd process, in turn: each answer, its Content-Length and the files it read. */
async function answersOf(queries: readonly string[]) {
  const worker = await startWorker(code, assets.port);
  const answers = [];
  try {
    for (const query of queries) {
      const { result, reads } = await assets.during(() => worker.measure(query));
      answers.push({
        query,
        body: result.body.toString('utf8'),
        length: result.headers['content-length'],
        bytes: result.body.length,
        reads: reads.map((read) => read.path),
      });
    }
  } finally {
    await worker.stop();
  }
  return answers;
}

describe('a page that is a static page', () => {
  it("is the static file with the query's head, one read, the Node server's bytes", async () => {
    expect(lists.length).toBeGreaterThan(10);
    const queries = [
      ...lists.map((list) => `/2.3.0/${list}?limit=100`),
      '/2.3.0/launches/upcoming/?mode=normal&limit=50',
    ];
    for (const answer of await answersOf(queries)) {
      const list = answer.query.slice('/2.3.0/'.length, answer.query.indexOf('?'));
      expect({ query: answer.query, body: answer.body }).toEqual({
        query: answer.query,
        body: await fromNode(answer.query),
      });
      expect([answer.query, answer.reads, answer.length]).toEqual([
        answer.query,
        [`2.3.0/${list}index.json`],
        String(answer.bytes),
      ]);
    }
  }, 300_000);

  it('is made from the packs in other modes, with format, or when the static page is not the index’s', async () => {
    const list = 'launches/';
    const others = [`/2.3.0/${list}?mode=list&limit=100`, `/2.3.0/${list}?limit=100&format=json`];
    for (const answer of await answersOf(others)) {
      expect(answer.body).toBe(await fromNode(answer.query));
      expect(answer.reads).not.toContain(`2.3.0/${list}index.json`);
    }
    // The static page of another build (another count): not sent.
    const file = path.join(site.out, '2.3.0', list, 'index.json');
    const text = await readFile(file, 'utf8');
    const query = `/2.3.0/${list}?limit=100`;
    const expected = await fromNode(query);
    await writeFile(
      file,
      text.replace(/^\{"count":(\d+)/, (_, n: string) => `{"count":${Number(n) + 10}`),
    );
    try {
      const [answer] = await answersOf([query]);
      expect(answer.body).toBe(expected);
      expect(answer.reads).toContain(`2.3.0/${list}index.json`);
      expect(answer.reads.length).toBeGreaterThan(1);
    } finally {
      await writeFile(file, text);
    }
  }, 300_000);
});
