// The edge worker: a Cloudflare Pages "advanced mode" worker (`_worker.js`, built
// from this file by outputs/edge-worker.ts) in front of the published tree. It
// takes every request: the handler (handler.ts) answers LL2's queries from the
// query index and serves the static files, all read through `env.ASSETS`, the
// binding to the deployment's own files (which serves exact file paths only).
// One handler per isolate: the index is read and decoded once, and the record
// packs read are kept for the next requests within the worker's memory.

import { fetchAssets } from './fetch-assets.ts';
import { createHandler, type Handler } from './handler.ts';
import { warmUp } from './warm-up.ts';

/** What Cloudflare passes as `env`: the static assets of the deployment. */
interface WorkerEnv {
  ASSETS: { fetch(request: Request | string): Promise<Response> };
}

/** Record packs and detail files kept between requests (bytes): well within a worker's 128 MB with the index beside them. */
const CACHE_CHARS = 16 * 1024 * 1024;

let current: { assets: WorkerEnv['ASSETS']; handler: Handler } | undefined;

// At start-up (the global scope, which Cloudflare counts apart from requests): the engine's code runs once over a
// tiny index in memory, so that an isolate's first request does not pay for compiling it (warm-up.ts).
void warmUp().catch(() => undefined);

function handlerFor(env: WorkerEnv, origin: string): Handler {
  if (current?.assets !== env.ASSETS) {
    current = {
      assets: env.ASSETS,
      handler: createHandler(fetchAssets((url) => env.ASSETS.fetch(url), origin), { cacheChars: CACHE_CHARS }),
    };
  }
  return current.handler;
}

export default {
  fetch(request: Request, env: WorkerEnv): Promise<Response> {
    return handlerFor(env, new URL(request.url).origin).fetch(request);
  },
};
