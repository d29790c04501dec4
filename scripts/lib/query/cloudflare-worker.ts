// The edge worker: a Cloudflare Pages "advanced mode" worker (`_worker.js`, built
// from this file by outputs/edge-worker.ts) in front of the published tree. It
// takes every request: the handler (handler.ts) answers LL2's queries from the
// query index and serves the static files, read through `env.ASSETS`, the binding
// to the deployment's own files (which serves exact file paths only), except the
// index files the build wrote into the worker itself (held-index.ts), which cost
// no read: a query decodes those it needs when it first needs them. One handler per isolate: the index is
// decoded once, and the record packs read are kept for the next requests within
// the worker's memory.

import { fetchAssets } from './fetch-assets.ts';
import { createHandler } from './handler.ts';
import type { TreeReader } from './tree-assets.ts';
import { decodedAtStartUp, heldFirst, type HeldFiles } from './held-index.ts';
import { warmUp } from './warm-up.ts';

/** What Cloudflare passes as `env`: the static assets of the deployment. */
interface WorkerEnv {
  ASSETS: { fetch(request: Request | string): Promise<Response> };
}

/** Written before this module by the build (outputs/edge-worker.ts): the index files held in the worker. */
declare const HELD_QUERY_INDEX: HeldFiles | undefined;

/** Record packs and detail files kept between requests (bytes): well within a worker's 128 MB with the index beside them. */
const CACHE_CHARS = 16 * 1024 * 1024;

/**
 * Whole answers kept between requests, by URL (handler.ts answerBytes): a query asked again costs no plan and no
 * read. With the packs' 16 MB, the index and the heap (14 MB on the real data, 34 MB at 100,000 launches), within the isolate's 128 MB; the bench's mix answers 16 MB in all.
 */
const ANSWER_BYTES = 24 * 1024 * 1024;

/** The deployment's files, as the request being answered reaches them (the same binding for every request of an isolate). */
let tree: { assets: WorkerEnv['ASSETS']; origin: string; reader: TreeReader } | undefined;

const held = heldFirst(typeof HELD_QUERY_INDEX === 'undefined' ? [] : HELD_QUERY_INDEX, () => {
  if (!tree) throw new Error("the deployment's files are read only while a request is answered");
  return tree.reader;
});

const handler = createHandler(held, { cacheChars: CACHE_CHARS, answerBytes: ANSWER_BYTES });

// At start-up (the global scope, which Cloudflare counts apart from requests): the engine's code runs once over a
// tiny index in memory, so that an isolate's first request does not pay for compiling it (warm-up.ts); then the
// head, and beyond 32,768 rows the held columns of numbers, are decoded (held-index.ts decodedAtStartUp: one array each, no object per
// row; at 100,000 launches the providers' and statuses' columns cost the first request filtering on them 6 ms).
// Both only take microtasks: they are done before the first request arrives. The other held files are decoded when
// a query first needs them, as they were read before: decoding all of them here (about 3 MB of JSON on the real
// data) leaves some 30 MB of new objects whose first garbage collection then lands on the first request, about 30
// ms of its CPU in a fresh Node process, where a query decodes only what it touches.
void warmUp()
  .catch(() => undefined)
  .then(() => handler.preloadHeld((path, rows) => held.holds(path) && decodedAtStartUp(path, rows)))
  .catch(() => undefined);

export default {
  fetch(request: Request, env: WorkerEnv): Promise<Response> {
    const origin = new URL(request.url).origin;
    if (tree?.assets !== env.ASSETS || tree.origin !== origin) {
      tree = { assets: env.ASSETS, origin, reader: fetchAssets((url) => env.ASSETS.fetch(url), origin) };
    }
    return handler.fetch(request);
  },
};
