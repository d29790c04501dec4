// One process of the edge bench (bench-edge.ts starts it): the built `_worker.js`
// of a tree imported in plain Node, its `env.ASSETS` over the tree's files
// (query/file-assets.ts), as Cloudflare Pages runs it. `cold QUERY`: the first
// request of this fresh isolate, its CPU time (process.cpuUsage around it, the
// module already evaluated and its start-up work done, as Cloudflare counts start-up apart), and the bytes of
// index and of records it read. `warm ROUNDS QUERY…`: every query once, then ROUNDS rounds of them,
// the CPU time of each request. `floor BYTES`: the first request of a fresh isolate for
// a file of that many bytes (in a folder of its own) read through env.ASSETS and answered
// as it is, by a worker that does only that: what this harness costs to read an
// answer's bytes and hand them over, the least any answer of that size can cost here. Prints one line of JSON.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileAssets } from './lib/query/file-assets.ts';
import { isQueryIndexFile, isRecordPack } from './lib/query/index-format.ts';

interface Worker {
  fetch(request: Request, env: object): Promise<Response>;
}

const [root, kind, ...rest] = process.argv.slice(2);
// Node's own machinery first (its fetch classes load on first use, workerd's are built in), so a cold sample is the worker's.
await new Response(new Request('https://warm.up/', { headers: { a: 'b' } }).body).arrayBuffer();
await new Response(new Uint8Array(8), { status: 200, headers: { 'Content-Type': 'x' } }).text();
await fileAssets(process.cwd()).fetch('https://warm.up/package.json').then((r) => r.arrayBuffer());
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const startup = process.cpuUsage();
const worker = (await import(pathToFileURL(path.join(root, '_worker.js')).href)).default as Worker;
// A request reaches an isolate as an event of its own, after the script's evaluation and the microtasks it queued
// (the worker's warm-up, query/warm-up.ts, and the decoding of the index files it holds): so does the first request here.
await new Promise((resolve) => setTimeout(resolve, 0));
// What Cloudflare counts as start-up (its limit: 1 s): the module's evaluation and the work it queued.
const startupUsed = process.cpuUsage(startup);
const startupMs = (startupUsed.user + startupUsed.system) / 1000;
/** The floor: a file's bytes read through env.ASSETS and answered as they are, as the worker answers a page (no stream, one copy). */
const floorWorker: Worker = {
  fetch: async (request, env) => {
    const read = await (env as { ASSETS: { fetch(url: string): Promise<Response> } }).ASSETS.fetch(new URL('/floor.json', request.url).href);
    return new Response(new Uint8Array(await read.arrayBuffer()), { status: 200, headers: { 'Content-Type': 'application/json' } });
  },
};
// The floor's file, written before the sample (a static file the worker serves as it is).
const floorRoot = kind === 'floor' ? mkdtempSync(path.join(tmpdir(), 'edge-floor-')) : undefined;
if (floorRoot) writeFileSync(path.join(floorRoot, 'floor.json'), `"${'x'.repeat(Math.max(0, Number(rest[0]) - 2))}"`);
const assets = fileAssets(floorRoot ?? root);
const env = { ASSETS: assets };

/** CPU milliseconds (user + system) of one request, its body read whole. */
async function cpuOf(target: string, answering: Worker = worker): Promise<{ ms: number; status: number; answerKb: number }> {
  const start = process.cpuUsage();
  const response = await answering.fetch(new Request(`https://edge.bench${target}`), env);
  const body = await response.arrayBuffer();
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, status: response.status, answerKb: body.byteLength / 1024 };
}

/** Kilobytes read since start: of the index (head, parts, search texts), and of the rest (record packs, detail files, static files). */
const readKb = () => {
  let index = 0;
  let records = 0;
  // fileAssets sums all reads; the index's share is what the first query of a resource pays for.
  for (const file of assets.reads) {
    const bytes = assets.sizes.get(file) ?? 0;
    if (isQueryIndexFile(file) && !isRecordPack(file)) index += bytes;
    else records += bytes;
  }
  return { indexKb: index / 1024, recordsKb: records / 1024 };
};

if (kind === 'cold' || kind === 'floor') {
  // A fresh isolate holds no garbage; this process does (its loader's): collect it before the sample.
  gc?.();
  const { ms, status, answerKb } = await cpuOf(kind === 'floor' ? '/floor.json' : rest[0], kind === 'floor' ? floorWorker : worker);
  gc?.();
  if (floorRoot) rmSync(floorRoot, { recursive: true, force: true });
  console.log(JSON.stringify({ ms, status, answerKb, ...readKb(), reads: assets.reads.length, startupMs, heapMb: (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20 }));
} else {
  const rounds = Number(rest[0]);
  const queries = rest.slice(1);
  for (const query of queries) await cpuOf(query);
  const samples: number[] = [];
  const byQuery: Record<string, number[]> = {};
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const { ms } = await cpuOf(query);
      samples.push(ms);
      (byQuery[query] ??= []).push(ms);
    }
  }
  gc?.();
  console.log(JSON.stringify({ samples, byQuery, ...readKb(), heapMb: (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20, rssMb: process.memoryUsage().rss / 2 ** 20 }));
}
