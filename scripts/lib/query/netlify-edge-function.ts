// The query side as a Netlify Edge Function (Deno), built from this file by
// outputs/netlify-edge.ts. Netlify serves the static tree itself, with our
// `_redirects` and `_headers`; the function answers only what the engine claims
// (a list with a query string, a detail route with one, a detail route under a
// list) and what is too long to be a target, and passes every other request on
// (returning nothing) to the static files. It reads the query index and record
// packs over HTTP from the site itself: those paths are files the engine never
// claims, so they pass straight through. The build appends `config` (the paths
// it runs on: the API, minus the documents no query is answered on).

import { MAX_TARGET_LENGTH, claims } from './engine.ts';
import { fetchAssets } from './fetch-assets.ts';
import { createHandler, type Handler } from './handler.ts';
import { warmUp } from './warm-up.ts';

/** Record packs and detail files kept between requests of one isolate (bytes). */
const CACHE_CHARS = 16 * 1024 * 1024;

let current: { origin: string; handler: Handler } | undefined;

// At start-up, as the Cloudflare worker does: the engine's code runs once over a tiny index in memory, so that an
// isolate's first request does not pay for compiling it (warm-up.ts).
void warmUp().catch(() => undefined);

function handlerFor(origin: string): Handler {
  if (current?.origin !== origin) {
    // Static files are Netlify's to serve: the handler is given no way to open them.
    const { readText, readBytes } = fetchAssets((url) => fetch(url), origin);
    current = { origin, handler: createHandler({ readText, readBytes }, { cacheChars: CACHE_CHARS }) };
  }
  return current.handler;
}

/** Netlify's edge function signature: a Response to answer, undefined to go on to the static files. */
export default function ll2Queries(request: Request): Promise<Response> | undefined {
  const url = new URL(request.url);
  const tooLong = url.pathname.length + url.search.length > MAX_TARGET_LENGTH;
  if (!tooLong && !claims(url)) return undefined;
  return handlerFor(url.origin).fetch(request);
}
