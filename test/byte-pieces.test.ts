// Bytes in pieces (base/byte-pieces.ts): joined, they are the answer; as chunks,
// small runs are joined and large pieces pass as the same views (not copies); a
// body is read as its one chunk or its chunks joined. And the handler answers a
// page with its records' bytes as views of their record pack, streamed.

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { chunksOf, joinBytes, readBody, streamOfPieces } from '../scripts/lib/base/byte-pieces.ts';
import { createHandler, isPieces } from '../scripts/lib/query/handler.ts';
import { packFile } from '../scripts/lib/query/index-format.ts';
import { queryFixture, type QueryFixture } from './helpers/query-site.ts';

const bytesOf = (values: number[]) => Uint8Array.from(values);
const pieceArbitrary = fc.array(fc.array(fc.nat(255), { maxLength: 40 }).map(bytesOf), { maxLength: 30 });

async function streamed(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks;
}

describe('byte pieces', () => {
  it('as chunks, hold the same bytes in the same order, with no empty chunk and no run of small pieces left apart', () => {
    fc.assert(fc.property(pieceArbitrary, fc.integer({ min: 1, max: 50 }), (pieces, joinBelow) => {
      const chunks = chunksOf(pieces, joinBelow);
      expect(joinBytes(chunks)).toEqual(joinBytes(pieces));
      expect(chunks.every((chunk) => chunk.length > 0)).toBe(true);
      // One chunk per large piece and per run of small pieces between them.
      let expected = 0;
      let inRun = false;
      for (const piece of pieces.filter((piece) => piece.length)) {
        if (piece.length >= joinBelow) expected++;
        else if (!inRun) expected++;
        inRun = piece.length < joinBelow;
      }
      expect(chunks).toHaveLength(expected);
    }));
  });

  it('pass a large piece on as the same view, not a copy', () => {
    const pack = new Uint8Array(100).fill(7);
    const large = pack.subarray(10, 90);
    const chunks = chunksOf([bytesOf([1]), large, bytesOf([2]), bytesOf([3])], 50);
    expect(chunks).toHaveLength(3);
    expect(chunks[1]).toBe(large);
    expect(chunks[2]).toEqual(bytesOf([2, 3]));
  });

  it('stream as their chunks, and a body reads back as the bytes', async () => {
    await fc.assert(fc.asyncProperty(pieceArbitrary, async (pieces) => {
      expect(joinBytes(await streamed(streamOfPieces(pieces)))).toEqual(joinBytes(pieces));
      expect(await readBody(streamOfPieces(pieces))).toEqual(joinBytes(pieces));
    }));
    expect(await readBody(null)).toEqual(new Uint8Array(0));
  });

  it('read a body that comes in one chunk as that chunk itself', async () => {
    const whole = bytesOf([1, 2, 3]);
    const body = new ReadableStream<Uint8Array>({ start: (controller) => { controller.enqueue(whole); controller.close(); } });
    expect(await readBody(body)).toBe(whole);
  });
});

describe('a page answered in pieces', () => {
  let fixture: QueryFixture;
  beforeAll(async () => {
    fixture = await queryFixture();
  });

  it('carries its records (and the commas between them) as views of their record pack, and streams the same bytes the Node server joins', async () => {
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
    const streamedText = await (await handler.fetch(new Request(url))).text();
    expect(streamedText).toBe(new TextDecoder().decode(joinBytes(answer.body)));
    expect(JSON.parse(streamedText).results).toHaveLength(5);
  });
});
