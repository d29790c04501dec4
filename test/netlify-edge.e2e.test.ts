// The Netlify Edge Function in its own runtime: the built
// `hosts/netlify-edge-function.js` imported by Deno (the `deno` package), over the
// built tree served on loopback as Netlify serves a site's files. What the engine
// claims gets the same bytes as the handler on Node; everything else is passed on
// to the static files; its reads of the query index are plain static requests.

import { spawn } from 'node:child_process';
import { open, readFile, realpath } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesFile } from '../scripts/lib/outputs/hosts.ts';
import { NETLIFY_EDGE_FILE } from '../scripts/lib/outputs/netlify-edge.ts';
import { fileAssets, type FileAssets } from '../scripts/lib/query/file-assets.ts';
import { isQueryIndexFile } from '../scripts/lib/query/index-format.ts';
import { isRecordPack } from '../scripts/lib/query/record-packs.ts';
import { removeDir } from './helpers/data.ts';
import { buildQuerySite, EDGE_QUERIES, queryFixture, SPUTNIK, type QueryFixture } from './helpers/query-site.ts';

const DENO = path.resolve('node_modules/.bin/deno');
const HARNESS = path.resolve('test/helpers/netlify-edge-harness.mjs');

interface EdgeAnswer {
  status: number;
  cors: string | null;
  type: string | null;
  body: string;
}

let site: { root: string; out: string };
let fixture: QueryFixture;
let assets: FileAssets;
let server: Server;
let origin: string;

beforeAll(async () => {
  site = await buildQuerySite();
  fixture = await queryFixture();
  assets = fileAssets(site.out);
  // Netlify's static side, reduced to what the function reads: a file at its exact path, or a 404.
  server = createServer((request, response) => {
    void assets.fetch(`http://static.test${request.url}`).then(async (answer) => {
      response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (site) await removeDir(site.root);
});

/** Every target through the function in one Deno process (in order: its index stays loaded, as in a warm isolate). */
function inDeno(targets: string[]): Promise<(EdgeAnswer | null)[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      DENO,
      [
        'run',
        '--no-prompt',
        `--allow-net=127.0.0.1`,
        `--allow-read=${site.out}`,
        HARNESS,
        origin,
        path.join(site.out, NETLIFY_EDGE_FILE),
      ],
      {
        env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', DENO_DIR: path.join(site.root, 'deno'), NO_COLOR: '1' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`deno exited ${code}: ${err}`)),
    );
    child.stdin.end(JSON.stringify(targets));
  });
}

describe('the function file', () => {
  it('is one ES module with a default export, no imports, and the API paths minus its documents as its config', async () => {
    const code = await readFile(path.join(site.out, NETLIFY_EDGE_FILE), 'utf8');
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).not.toMatch(/\brequire\(/);
    const config = JSON.parse(/export const config = (\{.*\});\s*$/s.exec(code)![1]);
    expect(config).toEqual({ path: '/2.3.0/*', excludedPath: routesFile().exclude });
    expect(config.excludedPath).toContain('/2.3.0/calendars/*');
  });
});

describe('the installed Deno', () => {
  it("is Deno's own binary, not npm's Node launcher (allowScripts runs deno's install script): the bench measures its thread", async () => {
    const file = await open(await realpath(DENO));
    const { buffer } = await file.read(Buffer.alloc(4), 0, 4, 0).finally(() => file.close());
    expect(buffer.toString('latin1')).toBe('\x7fELF');
  });
});

describe('queries in Deno', () => {
  const claimed = [...EDGE_QUERIES, `/2.3.0/launches/?search=${'x'.repeat(9000)}`];
  const passedOn = [
    '/2.3.0/launches/',
    `/2.3.0/launches/${SPUTNIK}/`,
    '/2.3.0/calendars/launches.ics',
    '/2.3.0/openapi.json?x=1',
    '/',
  ];

  it('answers what the engine claims as the handler does on Node, and passes the rest on to the static files', async () => {
    assets.reset();
    const answers = await inDeno([...claimed, ...passedOn]);
    for (const [i, target] of claimed.entries()) {
      const onNode = await fixture.handler.fetch(new Request(`${origin}${target}`));
      expect([target, answers[i]?.status, answers[i]?.body]).toEqual([target, onNode.status, await onNode.text()]);
      expect(answers[i]?.cors).toBe('*');
      expect(answers[i]?.type).toBe(onNode.headers.get('content-type'));
    }
    expect(answers.slice(claimed.length)).toEqual(passedOn.map(() => null));
    expect(answers.find((answer) => answer?.status === 414)).toBeDefined();
    // The record packs came from the site's own files, read at most once each (kept for the next request); the index
    // files are held in the function, none read over HTTP.
    expect(assets.reads.length).toBeGreaterThan(0);
    expect(new Set(assets.reads).size).toBe(assets.reads.length);
    expect(assets.reads.filter((file) => isQueryIndexFile(file) && !isRecordPack(file))).toEqual([]);
  }, 60_000);
});
