// Bytes in pieces (base/byte-pieces.ts): joined, or as one Blob (the edge hosts'
// body), they are the answer's bytes in order. And the handler answers a page with
// its records' bytes as views of their record pack, and fetch gives those bytes.

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { blobOfPieces, joinBytes } from '../scripts/lib/base/byte-pieces.ts';
import { createHandler } from '../scripts/lib/query/handler.ts';
import { isPieces } from '../scripts/lib/query/plain-answer.ts';
import { packFile } from '../scripts/lib/query/record-packs.ts';
import { queryFixture, type QueryFixture } from './helpers/query-site.ts';

const bytesOf = (values: number[]) => Uint8Array.from(values);
const pieceArbitrary = fc.array(fc.array(fc.nat(255), { maxLength: 40 }).map(bytesOf), { maxLength: 30 });

describe('byte pieces', () => {
  it('joined, and as one Blob, are the same bytes in the same order', async () => {
    await fc.assert(
      fc.asyncProperty(pieceArbitrary, async (pieces) => {
        const joined = joinBytes(pieces);
        expect(joined).toHaveLength(pieces.reduce((sum, piece) => sum + piece.length, 0));
        let at = 0;
        for (const piece of pieces) {
          expect(joined.subarray(at, at + piece.length)).toEqual(piece);
          at += piece.length;
        }
        expect(new Uint8Array(await blobOfPieces(pieces).arrayBuffer())).toEqual(joined);
      }),
    );
  });

  it('a Blob of views holds the bytes of the views only, not their whole buffers', async () => {
    const pack = Uint8Array.from({ length: 100 }, (_, i) => i);
    const blob = blobOfPieces([pack.subarray(10, 20), bytesOf([200]), pack.subarray(90)]);
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 200, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99,
    ]);
  });
});

describe('a page answered in pieces', () => {
  let fixture: QueryFixture;
  beforeAll(async () => {
    fixture = await queryFixture();
  });

  it('carries its records (and the commas between them) as views of their record pack, and fetch answers the same bytes the Node server joins', async () => {
    const packs = new Map<string, Uint8Array>();
    const encoder = new TextEncoder();
    const handler = createHandler({
      readText: async (file) => fixture.files.get(file),
      readBytes: async (file) => {
        const text = fixture.files.get(file);
        if (text === undefined) return undefined;
        const bytes = encoder.encode(text);
        packs.set(file, bytes);
        return bytes;
      },
    });
    const url = new URL('http://query.test/2.3.0/launches/?mode=detailed&limit=5');
    const answer = await handler.respond('GET', url);
    expect(answer.status).toBe(200);
    if (!isPieces(answer.body)) throw new Error('a page is answered in pieces');
    const pack = packs.get(packFile('launches', 'detailed', 0))!;
    const records = answer.body.filter((piece) => piece.length > 1 && piece.buffer === pack.buffer);
    expect(records).toHaveLength(5);
    // Each record but the last is one piece with the comma after it (a pack's line): the head, 5 records, the end.
    expect(answer.body).toHaveLength(7);
    expect(records.slice(0, 4).every((record) => record[record.length - 1] === 0x2c)).toBe(true);
    const fetchedText = await (await handler.fetch(new Request(url))).text();
    expect(fetchedText).toBe(new TextDecoder().decode(joinBytes(answer.body)));
    expect(JSON.parse(fetchedText).results).toHaveLength(5);
  });
});
