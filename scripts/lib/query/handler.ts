// The one HTTP core of the runtime side: `fetch(Request) → Response` over an
// "assets" reader of the published tree. Requests the engine claims (engine.ts:
// list routes with a query string, detail routes with one, the detail routes under
// a list) get LL2's answer, made from the query index and the records' detail
// files (cut to the mode asked for, api/projection.ts); an adapter that also
// passes `openFile` gets the static files served as our hosts serve them (`/x/` →
// `/x/index.json`, `/x` → 301 `/x/`, LL2's JSON 404). The Node server and the edge
// worker are thin adapters around it. Files read are the only I/O, through `assets`.

import { ALLOWED_METHODS, contentTypeOf, JSON_TYPE, PREFLIGHT_HEADERS, RESPONSE_HEADERS } from '../api/http.ts';
import { NOT_FOUND_BODY } from '../api/paths.ts';
import type { Mode } from '../api/shapes/kit.ts';
import { toSafeJson } from '../base/json.ts';
import type { JsonObject } from '../model/records.ts';
import { claims, MAX_TARGET_LENGTH, plan, resourceOfRequest, type Plan, type PlannedRecord } from './engine.ts';
import { ENDPOINTS, tableOf, TABLES, type TableName } from './endpoints.ts';
import { openIndex, type IndexProblem, type LoadedIndex, type OpenedIndex } from './loaded-index.ts';
import { quotePlus } from './python-text.ts';

/** The published tree, by paths from its root (`2.3.0/launches/index.json`). */
export interface Assets {
  /** A file's text, or undefined when there is none. */
  readText(path: string): Promise<string | undefined>;
  /** A file as a response body; adapters that serve static files themselves leave it out. */
  openFile?(path: string): Promise<{ body: BodyInit | null } | undefined>;
}

export interface HandlerOptions {
  /** How many characters of records, cut to a mode, to keep between requests. */
  cacheChars?: number;
}

export interface Handler {
  /** Whether the engine answers this URL (everything else is a static file). */
  claims(url: URL): boolean;
  /** The answer as plain data, for adapters that write it themselves (HEAD: drop the body). */
  respond(method: string, url: URL): Promise<Answer>;
  fetch(request: Request): Promise<Response>;
  /** Reads the whole query index now, with each list's search text, rather than on the first query (a server does it before it listens). */
  preload(): Promise<void>;
}

const DEFAULT_CACHE_CHARS = 32 * 1024 * 1024;

/** Least recently used texts, up to a total length. */
class TextCache {
  private readonly entries = new Map<string, string>();
  private size = 0;

  constructor(private readonly budget: number) {}

  get(key: string): string | undefined {
    const text = this.entries.get(key);
    if (text !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, text);
    }
    return text;
  }

  set(key: string, text: string): void {
    if (text.length > this.budget) return;
    this.size -= this.entries.get(key)?.length ?? 0;
    this.entries.set(key, text);
    this.size += text.length;
    for (const [oldKey, oldText] of this.entries) {
      if (this.size <= this.budget) break;
      this.entries.delete(oldKey);
      this.size -= oldText.length;
    }
  }
}

type HeaderList = Array<[string, string]>;

/** An answer before it is a Response: what `fetch` wraps, and what the Node server writes as it is. */
export interface Answer {
  status: number;
  headers: HeaderList;
  /** Text (JSON), a static file's body, or none. */
  body: string | BodyInit | null;
}

const headers = (type: string, extra: ReadonlyArray<readonly [string, string]> = []): HeaderList =>
  [['Content-Type', type], ...RESPONSE_HEADERS, ...extra] as HeaderList;

const json = (status: number, body: string, extra: ReadonlyArray<readonly [string, string]> = []): Answer =>
  ({ status, headers: headers(JSON_TYPE, extra), body });

const jsonError = (status: number, body: JsonObject): Answer => json(status, toSafeJson(body));

const redirect = (location: string): Answer => ({ status: 301, headers: headers(JSON_TYPE, [['Location', location]]), body: null });

/** Thrown when a detail file the index names is missing: the tree is being replaced, or was not built whole. */
class MissingFile extends Error {}

export function createHandler(assets: Assets, options: HandlerOptions = {}): Handler {
  const cache = new TextCache(options.cacheChars ?? DEFAULT_CACHE_CHARS);
  let loading: Promise<OpenedIndex | IndexProblem> | undefined;
  // The head read once, each resource's columns when a query first needs them; a failed read, or a tree being
  // republished, is tried again by the next request.
  const opened = (): Promise<OpenedIndex | IndexProblem> => (loading ??= openIndex((path) => assets.readText(path)).then(
    (read) => {
      if ('reason' in read && read.retry) loading = undefined;
      return read;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
  const index = async (names: readonly TableName[]): Promise<LoadedIndex | IndexProblem> => {
    const open = await opened();
    if ('reason' in open) return open;
    const problem = await open.ensure(names);
    if (problem?.retry) loading = undefined;
    return problem ?? open.loaded;
  };

  /** `url` fields of our resources echo `?format=…` when the request has one, as DRF's hyperlinks do. */
  const withFormat = (text: string, baseUrl: string, format: string | undefined): string => {
    if (format === undefined) return text;
    const base = JSON.stringify(baseUrl).slice(1, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return text.replace(new RegExp(`("url":"${base}[^"?]*/)"`, 'g'), `$1?format=${quotePlus(format)}"`);
  };

  /** A record in a mode, as JSON text (cached): from the index where its table holds that mode, else its detail file cut to it. */
  const recordText = async (record: PlannedRecord, mode: Mode): Promise<string> => {
    const key = `${mode} ${record.file}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const table = tableOf(record.resource);
    const fromIndex = table.fromIndex?.(record.row, mode);
    let text: string;
    if (fromIndex) text = toSafeJson(fromIndex);
    else {
      const detailed = await assets.readText(record.file);
      if (detailed === undefined) throw new MissingFile(record.file);
      text = mode === 'detailed' ? detailed : toSafeJson(table.inMode(JSON.parse(detailed) as JsonObject, mode));
    }
    cache.set(key, text);
    return text;
  };

  const answer = async (planned: Plan, loaded: LoadedIndex): Promise<Answer> => {
    switch (planned.kind) {
      case 'error':
        return jsonError(planned.status, planned.body);
      case 'redirect':
        return redirect(planned.location);
      case 'record':
        return json(200, withFormat(await recordText(planned.record, 'detailed'), loaded.baseUrl, planned.format));
      case 'page': {
        const texts = await Promise.all(planned.records.map((record) => recordText(record, planned.mode)));
        const results = withFormat(texts.join(','), loaded.baseUrl, planned.format);
        return json(200, `{"count":${planned.count},"next":${toSafeJson(planned.next)},"previous":${toSafeJson(planned.previous)},"results":[${results}]}`);
      }
      case 'static':
        throw new Error('a static request reached the query engine');
    }
  };

  const serveStatic = async (url: URL): Promise<Answer> => {
    const open = assets.openFile!;
    let path: string;
    try {
      path = decodeURIComponent(url.pathname).slice(1);
    } catch {
      return jsonError(404, NOT_FOUND_BODY);
    }
    if (path.includes('\0') || path.split('/').includes('..')) return jsonError(404, NOT_FOUND_BODY);
    const file = async (name: string) => {
      const opened = await open(name);
      return opened && { status: 200, headers: headers(contentTypeOf(name)), body: opened.body };
    };
    if (path === '' || path.endsWith('/')) {
      // A folder answers with its index.json, or with its page for people (the site root).
      return (await file(`${path}index.json`)) ?? (await file(`${path}index.html`)) ?? jsonError(404, NOT_FOUND_BODY);
    }
    // Every file of the tree has an extension; a name without one may be a folder missing its slash.
    if (!/\.[^/]*$/.test(path)) {
      const folder = await open(`${path}/index.json`);
      if (folder) {
        if (folder.body instanceof ReadableStream) await folder.body.cancel();
        return redirect(`${url.pathname}/${url.search}`);
      }
    }
    return (await file(path)) ?? jsonError(404, NOT_FOUND_BODY);
  };

  /** The answer to a request (for HEAD, the body is left for the adapter to drop). */
  const respond = async (method: string, url: URL): Promise<Answer> => {
    if (method === 'OPTIONS') return { status: 204, headers: headers('text/plain', PREFLIGHT_HEADERS), body: null };
    if (method !== 'GET' && method !== 'HEAD') {
      return json(405, toSafeJson({ detail: `Method "${method}" not allowed.` }), [['Allow', ALLOWED_METHODS]]);
    }
    if (url.pathname.length + url.search.length > MAX_TARGET_LENGTH) return jsonError(414, { detail: 'Request-URI Too Long' });
    if (!claims(url)) return assets.openFile ? serveStatic(url) : jsonError(404, NOT_FOUND_BODY);
    const resource = resourceOfRequest(url);
    const loaded = await index(resource ? [resource] : []);
    if ('reason' in loaded) return json(503, toSafeJson({ detail: loaded.reason }), loaded.retry ? [['Retry-After', '5']] : []);
    try {
      return await answer(plan(url, loaded), loaded);
    } catch (error) {
      if (error instanceof MissingFile) return json(503, toSafeJson({ detail: 'The API is being republished; try again.' }), [['Retry-After', '5']]);
      throw error;
    }
  };

  return {
    claims,
    preload: async () => {
      const loaded = await index(Object.keys(TABLES) as TableName[]);
      if ('reason' in loaded) return;
      // What a first query would otherwise make: every resource's rows by id and each list's search text.
      for (const [path, endpoint] of ENDPOINTS) {
        void loaded.byKey[endpoint.route.resource];
        if (endpoint.search.length) loaded.searchText(path);
      }
    },
    respond: (method, url) => respond(method.toUpperCase(), url),
    fetch: async (request) => {
      const method = request.method.toUpperCase();
      const { status, headers: list, body } = await respond(method, new URL(request.url));
      if (method === 'HEAD' && body instanceof ReadableStream) await body.cancel();
      return new Response(method === 'HEAD' ? null : body, { status, headers: list });
    },
  };
}
