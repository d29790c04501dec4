// What the edge hosts' reads and answers leave to the runtime, which Cloudflare does
// not count as the worker's CPU: a file read over HTTP (fetch-assets.ts) is read
// whole by the runtime (arrayBuffer), never chunk by chunk through a reader; a
// detail asked with a query string but no `format` is answered with its detail
// file's body as the host opened it, unread; with `format`, or where no file can be
// opened (the Node server), it is read and its links made to echo the format.

import { beforeAll, describe, expect, it } from 'vitest';
import { JSON_TYPE } from '../scripts/lib/api/http.ts';
import { createHandler } from '../scripts/lib/query/handler.ts';
import { isPieces } from '../scripts/lib/query/plain-answer.ts';
import { fetchAssets } from '../scripts/lib/query/fetch-assets.ts';
import { ORIGIN, queryFixture, SPUTNIK, type QueryFixture } from './helpers/query-site.ts';

let fixture: QueryFixture;
beforeAll(async () => {
  fixture = await queryFixture();
}, 60_000);

describe('a file read over HTTP', () => {
  it('is read whole by the runtime (arrayBuffer), its stream never touched', async () => {
    const bytes = new TextEncoder().encode('{"a":1}');
    const answered = {
      status: 200,
      arrayBuffer: async () => bytes.buffer.slice(0),
      get body(): never {
        throw new Error('the body was read as a stream');
      },
    } as unknown as Response;
    const reader = fetchAssets(async () => answered, 'http://edge.test');
    expect(await reader.readBytes('2.3.0/query-index/launches.list-0.jsonl')).toEqual(bytes);
  });
});

describe('a detail asked with a query string', () => {
  const detailFile = `2.3.0/launches/${SPUTNIK}/index.json`;
  const opened = new ReadableStream<Uint8Array>();
  let textReads: string[];
  const handler = () => {
    textReads = [];
    return createHandler({
      readText: async (file) => {
        textReads.push(file);
        return fixture.files.get(file);
      },
      openFile: async (file) =>
        fixture.files.has(file) ? { body: file === detailFile ? opened : fixture.files.get(file)! } : undefined,
    });
  };

  it('is answered with its detail file as the host opened it, unread, when it has no format', async () => {
    const answer = await handler().respond('GET', new URL(`${ORIGIN}/2.3.0/launches/${SPUTNIK}/?mode=detailed`));
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(opened);
    expect(answer.headers).toContainEqual(['Content-Type', JSON_TYPE]);
    expect(textReads).not.toContain(detailFile);
  });

  it('is read, and its links made to echo the format, with one', async () => {
    const answer = await handler().respond('GET', new URL(`${ORIGIN}/2.3.0/launches/${SPUTNIK}/?format=json`));
    expect(answer.status).toBe(200);
    expect(isPieces(answer.body)).toBe(true);
    expect(textReads).toContain(detailFile);
  });

  it('is read where the host opens no files (the Node server), the same answer', async () => {
    const nodeLike = createHandler({ readText: async (file) => fixture.files.get(file) });
    const answer = await nodeLike.fetch(new Request(`${ORIGIN}/2.3.0/launches/${SPUTNIK}/?mode=detailed`));
    expect([answer.status, await answer.text()]).toEqual([200, fixture.files.get(detailFile)]);
  });
});
