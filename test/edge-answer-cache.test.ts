// handler.ts `answerBytes`, the edge hosts' answers kept by URL: a query asked again
// in the same isolate gets the bytes it got before and reads no file; an answer
// that went out as the host's own body (a detail file opened) is read into memory
// when asked again and kept from then on; an answer other than 200 is never kept;
// without the option (the Node server), every request is answered afresh.

import { beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../scripts/lib/query/handler.ts';
import type { Assets } from '../scripts/lib/query/tree-assets.ts';
import { ORIGIN, queryFixture, SPUTNIK, type QueryFixture } from './helpers/query-site.ts';

let fixture: QueryFixture;
beforeAll(async () => {
  fixture = await queryFixture();
});

const encoder = new TextEncoder();

/**
 * A handler over the fixture's files, recording each file read or opened; `missing` files are not there. It keeps
 * no record pack between requests (cacheChars 0), so a request answered afresh reads its packs again.
 */
function counted(answerBytes: number | undefined, missing = new Set<string>(), splice = false) {
  const reads: string[] = [];
  const file = (path: string) => (missing.has(path) ? undefined : fixture.files.get(path));
  const assets: Assets = {
    readText: async (path) => {
      reads.push(path);
      return file(path);
    },
    readBytes: async (path) => {
      reads.push(path);
      const text = file(path);
      return text === undefined ? undefined : encoder.encode(text);
    },
    openFile: async (path) => {
      reads.push(`open ${path}`);
      const text = file(path);
      return text === undefined ? undefined : { body: new Response(text).body };
    },
  };
  // A host that answers a static page for a query with its head replaced (workerd's, fetch-assets.ts), its body a stream.
  if (splice)
    assets.spliceFile = async (path, head, by) => {
      reads.push(`splice ${path}`);
      const bytes = encoder.encode(file(path) ?? '');
      if (!head.every((byte, i) => bytes[i] === byte)) return undefined;
      return { body: new Blob([by, bytes.subarray(head.length)] as Uint8Array<ArrayBuffer>[]).stream() };
    };
  const handler = createHandler(assets, { answerBytes, cacheChars: 0 });
  const get = async (target: string, method = 'GET') => {
    const response = await handler.fetch(new Request(`${ORIGIN}/2.3.0/${target}`, { method }));
    return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
  };
  /** The files one request read, and its answer. */
  const readsOf = async (target: string, method?: string) => {
    const from = reads.length;
    const answer = await get(target, method);
    return { ...answer, reads: reads.slice(from) };
  };
  return { readsOf };
}

describe('answers kept by URL (answerBytes)', () => {
  const page = 'launches/?ordering=-net&mode=detailed&limit=3';

  it('answers a page asked again with the same bytes, reading no file', async () => {
    const { readsOf } = counted(1 << 20);
    const first = await readsOf(page);
    expect(first.status).toBe(200);
    expect(first.reads.length).toBeGreaterThan(0);
    expect(first.text).toBe((await fixture.get(page)).text);
    const again = await readsOf(page);
    expect(again.reads).toEqual([]);
    expect(again.text).toBe(first.text);
    expect(again.type).toBe(first.type);
    // HEAD of a kept answer: its status and headers, no body, no read.
    const head = await readsOf(page, 'HEAD');
    expect(head).toMatchObject({ status: 200, text: '', reads: [], type: first.type });
  });

  it('keeps nothing without the option, or past its budget', async () => {
    for (const budget of [undefined, 10]) {
      const { readsOf } = counted(budget);
      const first = await readsOf(page);
      const again = await readsOf(page);
      // The index was read once; the pack again.
      expect(again.reads.length, String(budget)).toBeGreaterThan(0);
      expect(first.reads).toEqual(expect.arrayContaining(again.reads));
      expect(again.text).toBe(first.text);
    }
  });

  it("keeps a detail that went out as the host's body once it is asked again", async () => {
    const { readsOf } = counted(1 << 20);
    const detail = `launches/${SPUTNIK}/?mode=detailed`;
    const expected = (await fixture.get(detail)).text;
    const first = await readsOf(detail);
    expect(first.status).toBe(200);
    expect(first.reads.filter((read) => read.startsWith('open '))).toHaveLength(1);
    const second = await readsOf(detail);
    expect(second.reads.some((read) => read.startsWith('open '))).toBe(false);
    expect(second.reads.length).toBeGreaterThan(0);
    const third = await readsOf(detail);
    expect(third.reads).toEqual([]);
    for (const answer of [first, second, third]) expect(answer.text).toBe(expected);
  });

  it('keeps a static file, and a static page answering a query, once asked again', async () => {
    const { readsOf } = counted(1 << 20, new Set(), true);
    for (const [target, how] of [
      ['launches/', 'open '],
      ['launches/?limit=100', 'splice '],
    ] as const) {
      // The static file's own bytes; the query's answer as the handler without the host's help gives it.
      const expected =
        how === 'open ' ? fixture.files.get(`2.3.0/${target}index.json`) : (await fixture.get(target)).text;
      const first = await readsOf(target);
      expect(
        first.reads.filter((read) => read.startsWith(how)),
        target,
      ).toHaveLength(1);
      const second = await readsOf(target);
      expect(
        second.reads.some((read) => read.startsWith(how)),
        target,
      ).toBe(false);
      const third = await readsOf(target);
      expect(third.reads, target).toEqual([]);
      for (const answer of [first, second, third]) expect(answer.text, target).toBe(expected);
    }
  });

  it('keeps no answer other than 200', async () => {
    // A pack the page reads, missing: the tree is being replaced, answered 503.
    const pack = (await counted(1 << 20).readsOf(page)).reads.find((read) => read.includes('.detailed-'));
    expect(pack).toBeDefined();
    const { readsOf } = counted(1 << 20, new Set([pack!]));
    const failed = await readsOf(page);
    expect(failed.status).toBe(503);
    // Asked again, the failure is not answered from memory: the files are read again.
    const retried = await readsOf(page);
    expect(retried.status).toBe(503);
    expect(retried.reads).toContain(pack);
  });
});
