// The query side as a Netlify Edge Function (Deno), built from this file by
// outputs/netlify-edge.ts. Netlify serves the static tree itself, with our
// `_redirects` and `_headers`; the function answers only what the engine claims
// (a list with a query string, a detail route with one, a detail route under a
// list) and what is too long to be a target, and passes every other request on
// (returning nothing) to the static files. As the Cloudflare worker does, it holds
// the small files of the query index in its own code (held-index.ts: the build
// writes them before this module) and reads the rest, the record packs and detail
// files, over HTTP from the site itself: those paths are files the engine never
// claims, so they pass straight through. The build appends `config` (the paths
// it runs on: the API, minus the documents no query is answered on).

import { MAX_TARGET_LENGTH, claims } from './claimed-routes.ts';
import { fetchAssets } from './fetch-assets.ts';
import { createHandler } from './handler.ts';
import type { TreeReader } from './tree-assets.ts';
import { decodedAtStartUp, heldFirst, type HeldFiles } from './held-index.ts';
import { warmUp } from './warm-up.ts';

/** Written before this module by the build (outputs/netlify-edge.ts): the index files held in the function. */
declare const HELD_QUERY_INDEX: HeldFiles | undefined;

/** Record packs and detail files kept between requests of one isolate (bytes). */
const CACHE_CHARS = 16 * 1024 * 1024;

/**
 * Whole answers kept between requests, by URL (handler.ts answerBytes): a query asked again costs no plan and no
 * read. With the packs' 16 MB, the index and the heap (14 MB on the real data, 34 MB at 100,000 launches), within the isolate's 128 MB; the bench's mix answers 16 MB in all.
 */
const ANSWER_BYTES = 24 * 1024 * 1024;

/** The site's files over HTTP, as the request being answered names its origin. */
let site: { origin: string; reader: TreeReader } | undefined;

const held = heldFirst(typeof HELD_QUERY_INDEX === 'undefined' ? [] : HELD_QUERY_INDEX, () => {
  if (!site) throw new Error("the site's files are read only while a request is answered");
  return site.reader;
});

// Static files are Netlify's to serve: the handler is given no way to open them.
const handler = createHandler(
  { readText: held.readText, readBytes: held.readBytes, readIndexFile: held.readIndexFile },
  { cacheChars: CACHE_CHARS, answerBytes: ANSWER_BYTES },
);

// At start-up, as the Cloudflare worker does: the engine's code runs once over a tiny index in memory, so that an
// isolate's first request does not pay for compiling it (warm-up.ts); then the head and the held columns of
// numbers of a resource of more than 32,768 rows are decoded (held-index.ts decodedAtStartUp).
void warmUp()
  .catch(() => undefined)
  .then(() => handler.preloadHeld((path, rows) => held.holds(path) && decodedAtStartUp(path, rows)))
  .catch(() => undefined);

/** Netlify's edge function signature: a Response to answer, undefined to go on to the static files. */
export default function ll2Queries(request: Request): Promise<Response> | undefined {
  const url = new URL(request.url);
  const tooLong = url.pathname.length + url.search.length > MAX_TARGET_LENGTH;
  if (!tooLong && !claims(url)) return undefined;
  if (site?.origin !== url.origin)
    site = { origin: url.origin, reader: fetchAssets((target) => fetch(target), url.origin) };
  return handler.fetch(request);
}
