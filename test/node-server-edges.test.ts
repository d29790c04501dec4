// The Node server's edges, on loopback: the query index read before it listens;
// requests Node's own parser refuses (a target over the limit, headers over the
// limit, raw bytes not allowed in a target) answered with JSON and the headers of
// every answer, as the edge worker answers; `next`/`previous` links from the
// configured public URL or an allowed host, never from a forged Host header.

import { readdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, listen, type ApiServer } from '../scripts/lib/query/node-server.ts';
import { QUERY_INDEX_PARTS } from '../scripts/lib/query/index-format.ts';
import { removeDir } from './helpers/data.ts';
import { rawRequest } from './helpers/http.ts';
import { buildQuerySite } from './helpers/query-site.ts';

let site: { root: string; out: string };
let server: ApiServer;
let withPublicUrl: ApiServer;
let port: number;
let publicPort: number;

beforeAll(async () => {
  site = await buildQuerySite();
  server = createApiServer({ root: site.out, allowedHosts: ['mirror.example.net'] });
  port = await listen(server, 0);
  withPublicUrl = createApiServer({ root: site.out, publicUrl: 'https://launches.example.org' });
  publicPort = await listen(withPublicUrl, 0);
}, 60_000);

afterAll(async () => {
  server?.close();
  withPublicUrl?.close();
  if (site) await removeDir(site.root);
});

/** Sends bytes as they are (no client would send some of them) and returns the whole answer. */
function sendRaw(bytes: Buffer, to = port): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...body] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body.join('\r\n\r\n') });
    });
  });
}

const request = (target: string | Buffer, headers = 'Host: 127.0.0.1\r\n') =>
  Buffer.concat([
    Buffer.from('GET '),
    Buffer.from(target),
    Buffer.from(` HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`),
  ]);

const expectJsonHeaders = (headers: Record<string, string>) => {
  expect(headers['content-type']).toBe('application/json');
  expect(headers['access-control-allow-origin']).toBe('*');
  expect(headers['x-content-type-options']).toBe('nosniff');
};

describe('the index is read before the server listens', () => {
  it('answers its first query from the index read at start, even when the parts on disk are spoiled in place after it', async () => {
    const own = await buildQuerySite();
    const started: ApiServer[] = [];
    try {
      const first = createApiServer({ root: own.out });
      started.push(first);
      const firstPort = await listen(first, 0);
      // Overwritten in place: the same files, the parts' folder unchanged, so the server has no reason to read them again.
      const parts = path.join(own.out, QUERY_INDEX_PARTS);
      for (const name of (await readdir(parts)).filter((n) => n.startsWith('launches-')))
        await writeFile(path.join(parts, name), 'not json', { flag: 'r+' });
      const answer = await rawRequest(`http://127.0.0.1:${firstPort}/2.3.0/launches/?limit=1`);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString('utf8')).count).toBe(9);
      // A server started now reads the spoiled parts and says so: the check above would have seen a late read.
      const second = createApiServer({ root: own.out });
      started.push(second);
      const secondPort = await listen(second, 0);
      expect((await rawRequest(`http://127.0.0.1:${secondPort}/2.3.0/launches/?limit=1`)).status).toBe(503);
    } finally {
      for (const s of started) s.close();
      await removeDir(own.root);
    }
  }, 60_000);
});

describe("requests Node's parser refuses get JSON", () => {
  it('answers a target over the limit with 414, as the worker does, however long it is', async () => {
    for (const length of [9_000, 20_000, 70_000]) {
      const answer = await sendRaw(request(`/2.3.0/launches/?search=${'a'.repeat(length)}`));
      expect(answer.status).toBe(414);
      expectJsonHeaders(answer.headers);
      expect(JSON.parse(answer.body)).toEqual({ detail: 'Request-URI Too Long' });
    }
  });

  it('answers headers over the limit with 431 and JSON', async () => {
    const answer = await sendRaw(
      request('/2.3.0/launches/?limit=1', `Host: 127.0.0.1\r\nX-Big: ${'b'.repeat(20_000)}\r\n`),
    );
    expect(answer.status).toBe(431);
    expectJsonHeaders(answer.headers);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Request header fields too large.' });
  });

  it('answers raw bytes outside ASCII with 400 and JSON', async () => {
    for (const bytes of [Buffer.from([0xff, 0xfe]), Buffer.from('café')]) {
      const answer = await sendRaw(request(Buffer.concat([Buffer.from('/2.3.0/launches/?search='), bytes])));
      expect(answer.status).toBe(400);
      expectJsonHeaders(answer.headers);
      expect(JSON.parse(answer.body).detail).toMatch(/^Bad request/);
    }
  });
});

describe('links of a page', () => {
  const nextOf = async (host: string, to = port) =>
    JSON.parse((await sendRaw(request('/2.3.0/launches/?limit=1', `Host: ${host}\r\n`), to)).body).next;

  it('follow the Host header only when it names an allowed host exactly', async () => {
    expect(await nextOf('mirror.example.net')).toBe('http://mirror.example.net/2.3.0/launches/?limit=1&offset=1');
    // The server's own loopback names pick nothing: its links name the address it listens on.
    expect(await nextOf(`127.0.0.1:${port}`)).toBe(`http://localhost:${port}/2.3.0/launches/?limit=1&offset=1`);
  });

  it("never follow any other Host header: the server's own address, or the public URL when one is set", async () => {
    expect(await nextOf('evil.example')).toBe(`http://localhost:${port}/2.3.0/launches/?limit=1&offset=1`);
    expect(await nextOf(`127.0.0.1:${port + 1}`)).toBe(`http://localhost:${port}/2.3.0/launches/?limit=1&offset=1`);
    expect(await nextOf('mirror.example.net:6666')).toBe(`http://localhost:${port}/2.3.0/launches/?limit=1&offset=1`);
    expect(await nextOf('evil.example', publicPort)).toBe(
      'https://launches.example.org/2.3.0/launches/?limit=1&offset=1',
    );
    expect(await nextOf('launches.example.org', publicPort)).toBe(
      'https://launches.example.org/2.3.0/launches/?limit=1&offset=1',
    );
    expect(await nextOf(`127.0.0.1:${publicPort}`, publicPort)).toBe(
      'https://launches.example.org/2.3.0/launches/?limit=1&offset=1',
    );
  });
});
