// The one HTTP core of the runtime side: `fetch(Request) → Response` over an
// "assets" reader of the published tree (tree-assets.ts). It reads the query index
// when a request first needs it (loaded-index.ts), plans each request the engine
// claims (engine.ts) and answers the plan from the packs and files the build wrote
// (plan-answer.ts); an adapter that also passes `openFile` gets the static files
// served as our hosts serve them (static-answer.ts). It answers methods, over-long
// targets, a host's failed read (503) and a tree being republished itself, and keeps
// whole answers by URL where asked. The Node server and the edge worker are thin
// adapters around it. Files read are the only I/O, through `assets`.

import { ALLOWED_METHODS, PREFLIGHT_HEADERS } from '../api/http.ts';
import { NOT_FOUND_BODY } from '../api/paths.ts';
import { blobOfPieces } from '../base/byte-pieces.ts';
import { toSafeJson } from '../base/json.ts';
import { plan } from './engine.ts';
import { claims, MAX_TARGET_LENGTH, resourceOfRequest, searchOfRequest } from './claimed-routes.ts';
import { ENDPOINTS, TABLES, type TableName } from './endpoints.ts';
import { columnFile, coreColumns, partFile, REFERENCE_FILE } from './index-format.ts';
import { searchFile } from './search-files.ts';
import { ColumnsNeeded, ReferenceNeeded, SearchNeeded } from './loaded-index.ts';
import { openIndex, type OpenedIndex } from './opened-index.ts';
import type { IndexProblem } from './index-head.ts';
import { headers, isPieces, json, jsonError, type Answer, type HeaderList } from './plain-answer.ts';
import { MissingFile, planAnswers } from './plan-answer.ts';
import { SizedCache } from './sized-cache.ts';
import { staticAnswer } from './static-answer.ts';
import { bytesReader, ReadFailed, type Assets } from './tree-assets.ts';

export interface HandlerOptions {
  /** How many bytes of record packs and detail files to keep between requests. */
  cacheChars?: number;
  /**
   * How many bytes of whole answers `fetch` keeps between requests, by URL (none by default): an edge isolate's tree
   * never changes under it, so a request made again is answered with the bytes it got before, made by no plan and
   * no read. An answer the host's own body carried (a static file, a static page for a query, a detail file) is
   * read whole and kept once asked twice.
   */
  answerBytes?: number;
}

export interface Handler {
  /** Whether the engine answers this URL (everything else is a static file). */
  claims(url: URL): boolean;
  /** The answer as plain data, for adapters that write it themselves (HEAD: drop the body). */
  respond(method: string, url: URL): Promise<Answer>;
  fetch(request: Request): Promise<Response>;
  /** Reads the whole query index now, with each list's search text, rather than on the first query (a server does it before it listens). */
  preload(): Promise<void>;
  /**
   * Reads and decodes now the files of the query index that `held` says are at hand (an edge bundle's, held-index.ts:
   * the head, the reference tables, a resource's parts when all are held, column files, search files), and nothing
   * else; `held` is given each file's path and how many rows its resource has (0 for the head and the reference tables).
   */
  preloadHeld(held: (path: string, rows: number) => boolean): Promise<void>;
}

const DEFAULT_CACHE_CHARS = 32 * 1024 * 1024;

/** Column files a request may read one after another (every core column), before the parts whole. */
const MAX_COLUMN_READS = Math.max(0, ...(Object.keys(TABLES) as TableName[]).map((name) => coreColumns(name).length));

/** Search shards a request may read one after another (one a term), before it reads the whole search file. */
const MAX_SEARCH_READS = 8;

/** A whole answer kept by `fetch` (options.answerBytes): its headers and its body, a Blob the runtime sends as it is. */
interface KeptAnswer {
  headers: HeaderList;
  body: Blob;
}

/** How many URLs answered by the host's own body `fetch` remembers, to keep their answer when asked again. */
const ASKED_URLS = 4096;

export function createHandler(assets: Assets, options: HandlerOptions = {}): Handler {
  const readBytes = bytesReader(assets);
  const answer = planAnswers(assets, readBytes, options.cacheChars ?? DEFAULT_CACHE_CHARS);
  // Whole answers by URL (fetch), and the URLs whose answer went out as the host's own body, kept when asked again.
  const answers = new SizedCache<KeptAnswer>(options.answerBytes ?? 0, (kept) => kept.body.size);
  const asked = new SizedCache<true>(options.answerBytes ? ASKED_URLS : 0, () => 1);
  let loading: Promise<OpenedIndex | IndexProblem> | undefined;
  let whole = false;
  // The head read once, each resource's columns when a query first needs them; a failed read, or a tree being
  // republished, is tried again by the next request.
  const readIndexFile = assets.readIndexFile?.bind(assets) ?? assets.readBytes?.bind(assets);
  const opened = (): Promise<OpenedIndex | IndexProblem> =>
    (loading ??= openIndex((path) => assets.readText(path), readIndexFile).then(
      (read) => {
        if ('reason' in read && read.retry) loading = undefined;
        return read;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const index = async (
    names: readonly TableName[],
    searched: readonly string[] = [],
  ): Promise<OpenedIndex | IndexProblem> => {
    const open = await opened();
    if ('reason' in open) return open;
    // Every resource is read in steps, as the plan first reads its columns (respond, ColumnsNeeded), unless the
    // adapter holds the whole index (preload): then every query needs its resource whole, read again if it failed.
    let problem = whole ? await open.ensure(names) : undefined;
    // The search texts the build wrote, once the rows they belong to are read; a route with search shards reads the
    // shards its terms are looked for in (SearchNeeded), unless the adapter holds the whole index.
    for (const path of searched) if (whole || !open.searchShards(path)) problem ??= await open.ensureSearch(path);
    if (problem?.retry) loading = undefined;
    return problem ?? open;
  };
  /** The answer to a request, or a 503 when the host failed to read a file it needs (ReadFailed). */
  const respond = async (method: string, url: URL, inMemory = false): Promise<Answer> => {
    try {
      return await answerTo(method, url, inMemory);
    } catch (error) {
      if (!(error instanceof ReadFailed)) throw error;
      const detail = `The API could not be answered: ${error.message}. Try again; a page of fewer records (a smaller limit) reads fewer files.`;
      return json(503, toSafeJson({ detail }), [['Retry-After', '5']]);
    }
  };

  /** The answer to a request (for HEAD, the body is left for the adapter to drop). */
  const answerTo = async (method: string, url: URL, inMemory: boolean): Promise<Answer> => {
    if (method === 'OPTIONS') return { status: 204, headers: headers('text/plain', PREFLIGHT_HEADERS), body: null };
    if (method !== 'GET' && method !== 'HEAD') {
      return json(405, toSafeJson({ detail: `Method "${method}" not allowed.` }), [['Allow', ALLOWED_METHODS]]);
    }
    if (url.pathname.length + url.search.length > MAX_TARGET_LENGTH)
      return jsonError(414, { detail: 'Request-URI Too Long' });
    if (!claims(url))
      return assets.openFile ? staticAnswer(assets.openFile, readBytes, url, inMemory) : jsonError(404, NOT_FOUND_BODY);
    const resource = resourceOfRequest(url);
    const searched = searchOfRequest(url);
    const open = await index(resource ? [resource] : [], searched ? [searched] : []);
    const unavailable = (problem: IndexProblem) =>
      json(503, toSafeJson({ detail: problem.reason }), problem.retry ? [['Retry-After', '5']] : []);
    if ('reason' in open) return unavailable(open);
    // Planned again after each read of columns the plan asked for (at most: the reference tables, each column file, then the parts whole).
    // A search reads its terms' shards, the whole search file after MAX_SEARCH_READS of them (then every term is in it).
    let searchReads = 0;
    for (let round = 0; ; round++) {
      try {
        return await answer(plan(url, open.loaded), open.loaded, inMemory);
      } catch (error) {
        if (error instanceof SearchNeeded && searchReads <= MAX_SEARCH_READS) {
          const problem = await open.ensureSearch(
            error.listPath,
            ++searchReads <= MAX_SEARCH_READS ? error.shard : undefined,
          );
          if (problem?.retry) loading = undefined;
          if (problem) return unavailable(problem);
          continue;
        }
        if (
          (error instanceof ReferenceNeeded || error instanceof ColumnsNeeded) &&
          round <= MAX_COLUMN_READS + MAX_SEARCH_READS + 2
        ) {
          const problem =
            error instanceof ReferenceNeeded
              ? await open.ensureReference()
              : await open.ensureColumns(error.resource, error.column);
          if (problem?.retry) loading = undefined;
          if (problem) return unavailable(problem);
          continue;
        }
        // The index read may be of the build being replaced: read it again on the next request, and keep no answer of it.
        if (error instanceof MissingFile) {
          loading = undefined;
          answers.clear();
          asked.clear();
          return json(503, toSafeJson({ detail: 'The API is being republished; try again.' }), [['Retry-After', '5']]);
        }
        throw error;
      }
    }
  };

  return {
    claims,
    preload: async () => {
      whole = true;
      const open = await index(
        Object.keys(TABLES) as TableName[],
        [...ENDPOINTS].filter(([, endpoint]) => endpoint.search.length).map(([path]) => path),
      );
      if ('reason' in open || (await open.ensureReference())) return;
      const { loaded } = open;
      // The core columns the parts lack (a reference kind's ranks): read from their column files, so an ordering
      // by them is answered as an edge worker answers it. A file that cannot be read is asked for again by a query.
      for (const name of Object.keys(TABLES) as TableName[]) {
        for (const column of coreColumns(name)) await open.ensureColumns(name, column);
      }
      // What a first query would otherwise make: every resource's rows by id and each list's search text.
      for (const [path, endpoint] of ENDPOINTS) {
        void loaded.byKey[endpoint.route.resource];
        if (endpoint.search.length) loaded.searchIndex(path);
      }
    },
    preloadHeld: async (held) => {
      const open = await opened();
      if ('reason' in open) return;
      const { loaded } = open;
      // Each step alone: one that fails (a file not held after all) leaves the others done, and its file for a query.
      const step = async (work: () => Promise<unknown>): Promise<void> => {
        try {
          await work();
        } catch {
          // Read again when a query needs it.
        }
      };
      const allParts = (name: TableName) =>
        Array.from({ length: open.parts(name) }, (_, n) => partFile(name, n)).every((path) =>
          held(path, open.rows(name)),
        );
      if (held(REFERENCE_FILE, 0)) await step(() => open.ensureReference());
      for (const name of Object.keys(TABLES) as TableName[]) {
        for (const column of coreColumns(name)) {
          if (held(columnFile(name, column), open.rows(name)))
            await step(async () => !(await open.ensureColumns(name, column)) && loaded.column(name, column));
        }
        // Read whole by asking for its parts (ensureColumns with no column), as a query reading a field not in a column file does.
        if (allParts(name)) await step(async () => !(await open.ensureColumns(name)) && loaded.byKey[name]);
      }
      for (const [path, endpoint] of ENDPOINTS) {
        const name = endpoint.route.resource;
        // A search file needs none of its resource's columns: it gives the rows itself.
        if (endpoint.search.length && held(searchFile(name, path), open.rows(name))) {
          await step(async () => !(await open.ensureSearch(path)) && loaded.searchIndex(path));
        }
      }
    },
    respond: (method, url) => respond(method.toUpperCase(), url),
    fetch: async (request) => {
      const method = request.method.toUpperCase();
      // A query answered before in this isolate: the same bytes, by URL (options.answerBytes; GET and HEAD alike).
      const key = options.answerBytes && (method === 'GET' || method === 'HEAD') ? request.url : undefined;
      const kept = key === undefined ? undefined : answers.get(key);
      if (kept) return new Response(method === 'HEAD' ? null : kept.body, { status: 200, headers: kept.headers });
      const url = new URL(request.url);
      // Asked again, an answer that went out as the host's body is made of bytes in hand this time, to be kept.
      const again = key !== undefined && asked.get(key) !== undefined;
      // Whatever goes wrong is answered as JSON with CORS, as the Node server answers it, not by the host's error page.
      const {
        status,
        headers: list,
        body,
      } = await respond(method, url, again).catch((error: unknown) => {
        console.error(error);
        return jsonError(500, { detail: 'A server error occurred.' });
      });
      if (method === 'HEAD' && body instanceof ReadableStream) await body.cancel();
      // JSON in pieces goes out as one Blob the runtime joins (not a stream JavaScript feeds chunk by chunk); a file
      // opened goes out as the host's own body, untouched.
      const sent = isPieces(body) ? blobOfPieces(body) : body;
      // Only an answer's bytes are kept: errors, redirects and 503s are text or no body (and are made again).
      if (key !== undefined && status === 200) {
        if (sent instanceof Blob) answers.set(key, { headers: list, body: sent });
        else if (sent instanceof ReadableStream) asked.set(key, true);
      }
      return new Response(method === 'HEAD' ? null : sent, { status, headers: list });
    },
  };
}
