// fetch-assets.ts spliceFile, the edge hosts' way of answering a static page for a
// query: the file's first bytes, which must be the head asked for, replaced by the
// query's own, the rest passed on (piped into workerd's FixedLengthStream when the
// file is large, read whole when small); nothing when the head is another, or when
// the runtime has no FixedLengthStream (Deno, Node). Run in Node with a stand-in
// for workerd's FixedLengthStream (an identity TransformStream) and a fetch that
// serves one file.

import { afterEach, describe, expect, it } from 'vitest';
import { fetchAssets } from '../scripts/lib/query/fetch-assets.ts';

const encoder = new TextEncoder();
const ORIGIN = 'https://site.test';

/** A file of `size` bytes: a head, then records. */
function file(size: number, head = '{"count":7,"next":null,"previous":null,"results":['): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x61);
  bytes.set(encoder.encode(head));
  return bytes;
}

function readerOf(bytes: Uint8Array) {
  return fetchAssets(
    async () => new Response(bytes.slice(), { status: 200, headers: { 'content-length': String(bytes.length) } }),
    ORIGIN,
  );
}

/** workerd's FixedLengthStream as a stand-in: an identity stream that checks the length written. */
class StandInFixedLengthStream extends TransformStream<Uint8Array, Uint8Array> {
  constructor(readonly length: number) {
    let written = 0;
    super({
      transform(chunk, controller) {
        written += chunk.length;
        controller.enqueue(chunk);
      },
      flush() {
        if (written !== length) throw new Error(`wrote ${written} bytes of ${length}`);
      },
    });
  }
}

const withFixedLength = () => {
  (globalThis as { FixedLengthStream?: unknown }).FixedLengthStream = StandInFixedLengthStream;
};
afterEach(() => {
  delete (globalThis as { FixedLengthStream?: unknown }).FixedLengthStream;
});

const bodyBytes = async (body: BodyInit) => new Uint8Array(await new Response(body).arrayBuffer());

describe('a file answered with its head replaced', () => {
  const head = encoder.encode('{"count":7,"next":null,"previous":null,"results":[');
  const by = encoder.encode('{"count":7,"next":"https://q.test/?limit=100&offset=100","previous":null,"results":[');

  for (const size of [10_000, 700_000]) {
    it(`is the query's head then the file's rest, ${size} bytes (${size > 262_144 ? 'piped' : 'read whole'})`, async () => {
      withFixedLength();
      const bytes = file(size);
      const spliced = await readerOf(bytes).spliceFile!(`2.3.0/launches/index.json`, head, by);
      expect(spliced).toBeDefined();
      const out = await bodyBytes(spliced!.body);
      expect(out.length).toBe(by.length + size - head.length);
      expect(Buffer.from(out).equals(Buffer.concat([by, bytes.subarray(head.length)]))).toBe(true);
    });

    it(`is nothing when the file starts otherwise, ${size} bytes`, async () => {
      withFixedLength();
      const other = file(size, '{"count":8,"next":null,"previous":null,"results":[');
      expect(await readerOf(other).spliceFile!('2.3.0/launches/index.json', head, by)).toBeUndefined();
    });
  }

  it('is nothing where the runtime has no FixedLengthStream', async () => {
    expect(await readerOf(file(700_000)).spliceFile!('2.3.0/launches/index.json', head, by)).toBeUndefined();
  });
});
