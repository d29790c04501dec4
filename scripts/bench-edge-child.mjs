// One process of the edge bench (bench-edge.ts starts it): the built `_worker.js`
// of a tree imported in plain Node (no TypeScript loader, whose own work would be
// counted), its `env.ASSETS` a reader of the tree's files (a request's path in,
// the file at that exact path out, or a 404), as Cloudflare Pages runs it. `cold
// QUERY`: the first request of this fresh isolate, its CPU time (process.cpuUsage
// around it, the module already evaluated and the work it queued done, as
// Cloudflare counts start-up apart), with no garbage collection forced before it
// (a fresh isolate gets none: what the start-up left is the request's to pay).
// `floor BYTES`: the first request of a fresh isolate to a worker that only opens a
// file of that many bytes through env.ASSETS and passes its body on (in a folder
// of its own; the real worker imported all the same): what this harness costs to
// read and hand over an answer's bytes. `warm ROUNDS QUERY…`: every query once,
// then ROUNDS rounds of them, the CPU time of each request. Prints one line of
// JSON: the figures, the files read with their sizes, the start-up's CPU time and
// the heap the worker holds (after a collection, once the samples are taken).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { treePathOf } from './lib/query/tree-path.mjs';

const [root, kind, ...rest] = process.argv.slice(2);

/** env.ASSETS over a folder: exact paths only; every read recorded with its size. */
function folderAssets(folder) {
  const reads = [];
  return {
    reads,
    async fetch(request) {
      const url = new URL(typeof request === 'string' ? request : request.url);
      const file = treePathOf(url.pathname);
      if (file === undefined) return new Response(null, { status: 404 });
      try {
        const bytes = await readFile(path.join(folder, file));
        reads.push([file, bytes.length]);
        return new Response(bytes, { status: 200 });
      } catch {
        return new Response(null, { status: 404 });
      }
    },
  };
}

// Node's own machinery first (its fetch classes load on first use, workerd's are built in), so a cold sample is the worker's.
await new Response(new Request('https://warm.up/', { headers: { a: 'b' } }).body).arrayBuffer();
await new Response(new Uint8Array(8), { status: 200, headers: { 'Content-Type': 'x' } }).text();
await folderAssets(process.cwd())
  .fetch('https://warm.up/package.json')
  .then((r) => r.arrayBuffer());
const gc = globalThis.gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const startup = process.cpuUsage();
const worker = (await import(pathToFileURL(path.join(root, '_worker.js')).href)).default;
// A request reaches an isolate as an event of its own, after the script's evaluation and the microtasks it queued
// (the worker's warm-up, query/warm-up.ts): so does the first request here.
await new Promise((resolve) => setTimeout(resolve, 0));
// What Cloudflare counts as start-up (its limit: 1 s): the module's evaluation and the work it queued.
const startupUsed = process.cpuUsage(startup);
const startupMs = (startupUsed.user + startupUsed.system) / 1000;

/** The floor's worker: a file read through env.ASSETS and its body passed on as it is (no byte read or copied by the worker). */
const floorWorker = {
  fetch: async (request, env) => {
    const read = await env.ASSETS.fetch(new URL('/floor.json', request.url).href);
    return new Response(read.body, { status: 200, headers: { 'Content-Type': 'application/json' } });
  },
};
/** A body read whole as the worker reads record packs (query/fetch-assets.ts readBytes: arrayBuffer()). */
async function bodyBytes(response) {
  return new Uint8Array(await response.arrayBuffer());
}

/** The reads floor's worker: the given files read at once, then the answer's bytes cut from them, passed on as views. */
const readsWorker = (answerBytes, files) => ({
  fetch: async (request, env) => {
    const bodies = await Promise.all(
      files.map(async (file) => bodyBytes(await env.ASSETS.fetch(new URL(`/${file}`, request.url).href))),
    );
    const views = [];
    let left = answerBytes;
    for (const bytes of bodies) {
      if (left <= 0) break;
      views.push(bytes.subarray(0, Math.min(left, bytes.length)));
      left -= views.at(-1).length;
    }
    return new Response(new Blob(views), { status: 200, headers: { 'Content-Type': 'application/json' } });
  },
});
const floorRoot = kind === 'floor' ? mkdtempSync(path.join(tmpdir(), 'edge-floor-')) : undefined;
if (floorRoot) writeFileSync(path.join(floorRoot, 'floor.json'), `"${'x'.repeat(Math.max(0, Number(rest[0]) - 2))}"`);
const assets = folderAssets(floorRoot ?? root);
const env = { ASSETS: assets };

/** CPU milliseconds (user + system) of one request, its body read whole. */
async function cpuOf(target, answering = worker) {
  const start = process.cpuUsage();
  const response = await answering.fetch(new Request(`https://edge.bench${target}`), env);
  const body = await response.arrayBuffer();
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, status: response.status, answerKb: body.byteLength / 1024 };
}

const heapMb = () => {
  gc?.();
  return (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
};

if (kind === 'cold' || kind === 'floor' || kind === 'reads') {
  const answering =
    kind === 'floor' ? floorWorker : kind === 'reads' ? readsWorker(Number(rest[0]), rest.slice(1)) : worker;
  const sample = await cpuOf(kind === 'cold' ? rest[0] : '/floor.json', answering);
  if (floorRoot) rmSync(floorRoot, { recursive: true, force: true });
  console.log(JSON.stringify({ ...sample, reads: assets.reads, startupMs, heapMb: heapMb() }));
} else {
  const rounds = Number(rest[0]);
  const queries = rest.slice(1);
  for (const query of queries) await cpuOf(query);
  const samples = [];
  const byQuery = {};
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const { ms } = await cpuOf(query);
      samples.push(ms);
      (byQuery[query] ??= []).push(ms);
    }
  }
  console.log(
    JSON.stringify({
      samples,
      byQuery,
      reads: assets.reads,
      heapMb: heapMb(),
      rssMb: process.memoryUsage().rss / 2 ** 20,
    }),
  );
}
