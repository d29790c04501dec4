// The one HTTP core of the runtime side: `fetch(Request) → Response` over an
// "assets" reader of the published tree. Requests the engine claims (engine.ts:
// list routes with a query string, detail routes with one, the detail routes under
// a list) get LL2's answer, made from the query index: a page is assembled from
// the bytes of its records' lines in the record packs the build wrote in each mode
// (index-format.ts), a detail route's answer is its detail file; an adapter that also
// passes `openFile` gets the static files served as our hosts serve them (`/x/` →
// `/x/index.json`, `/x` → 301 `/x/`, LL2's JSON 404). The Node server and the edge
// worker are thin adapters around it. Files read are the only I/O, through `assets`.

import { ALLOWED_METHODS, contentTypeOf, JSON_TYPE, PREFLIGHT_HEADERS, RESPONSE_HEADERS } from '../api/http.ts';
import { PAGE_SIZE, pagePath } from '../api/paging.ts';
import { API_VERSION, NOT_FOUND_BODY } from '../api/paths.ts';
import type { Mode } from '../api/shapes/kit.ts';
import { firstIndexWhere } from '../base/binary-search.ts';
import { blobOfPieces } from '../base/byte-pieces.ts';
import { toSafeJson } from '../base/json.ts';
import type { JsonObject } from '../model/records.ts';
import {
  claims,
  MAX_TARGET_LENGTH,
  membersOf,
  plan,
  resourceOfRequest,
  searchOfRequest,
  type Plan,
  type PlannedRecord,
} from './engine.ts';
import { ENDPOINTS, tableOf, TABLES, type TableName } from './endpoints.ts';
import {
  columnFile,
  coreColumns,
  packFile,
  partFile,
  REFERENCE_FILE,
  searchFile,
  packRecordAndComma,
  packRows,
  partOfPack,
  PROVIDER_PACK_ROWS,
  providerPackFile,
  readPack,
  type RecordPack,
} from './index-format.ts';
import {
  ColumnsNeeded,
  openIndex,
  ReferenceNeeded,
  SearchNeeded,
  type IndexProblem,
  type LoadedIndex,
  type OpenedIndex,
} from './loaded-index.ts';
import { recordText } from './resource-table.ts';
import { formatLinks } from './format-links.ts';
import { treePathOf } from './tree-path.mjs';

/** The published tree, by paths from its root (`2.3.0/launches/index.json`). */
export interface Assets {
  /** A file's text, or undefined when there is none. */
  readText(path: string): Promise<string | undefined>;
  /** A file's bytes, or undefined when there is none (record packs; without it, their text is read and encoded). */
  readBytes?(path: string): Promise<Uint8Array | undefined>;
  /** A file of the query index as bytes or as text, whichever the reader holds (held-index.ts); without it, readBytes. */
  readIndexFile?(path: string): Promise<Uint8Array | string | undefined>;
  /** A file as a response body; adapters that serve static files themselves leave it out. */
  openFile?(path: string): Promise<{ body: BodyInit | null } | undefined>;
  /**
   * A file as a response body whose first bytes, which must be `head`, are replaced by `by`, the rest sent on as the
   * host read it, never through JavaScript (a static page answering a query: its records as they are, the query's
   * own count and links before them); undefined when the file does not start with `head`, or the host cannot.
   */
  spliceFile?(path: string, head: Uint8Array, by: Uint8Array): Promise<{ body: BodyInit } | undefined>;
}

/** A reader of the whole tree over HTTP (fetch-assets.ts), which every edge host gives. */
export type TreeReader = Required<Omit<Assets, 'readIndexFile' | 'spliceFile'>> & Pick<Assets, 'spliceFile'>;

/**
 * Thrown by a reader when the host fails to read a file (a file that is not there is `undefined`, not this): on
 * Cloudflare, `env.ASSETS.fetch` rejects past a request's subrequests, for one. The request is answered 503 with
 * JSON saying so (and CORS), as a client of the API can read it, not with the host's own error page.
 */
export class ReadFailed extends Error {
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`the host could not read ${path} (${cause instanceof Error ? cause.message : String(cause)})`);
  }
}

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
   * the head, the reference tables, a resource's parts when all are held, column files, search files), and nothing else.
   */
  preloadHeld(held: (path: string) => boolean): Promise<void>;
}

const DEFAULT_CACHE_CHARS = 32 * 1024 * 1024;

/**
 * Reads of record packs and detail files a detailed page may make to read fewer
 * bytes (pageRecords): within Cloudflare Workers Free's 50 subrequests a request,
 * with room for the index's files an isolate's first query reads.
 */
const PAGE_READS = 40;
/** Column files a request may read one after another (every core column), before the parts whole. */
const MAX_COLUMN_READS = Math.max(0, ...(Object.keys(TABLES) as TableName[]).map((name) => coreColumns(name).length));

/** Search shards a request may read one after another (one a term), before it reads the whole search file. */
const MAX_SEARCH_READS = 8;

/** A pack giving a detailed page at most this many of its rows is read as their detail files instead (a pack holds 10 launches, 20 of the others). */
const DETAIL_FILES_PER_PACK = 4;

/** Least recently used values, up to a total size. */
class SizedCache<T> {
  private readonly entries = new Map<string, T>();
  private size = 0;

  constructor(
    private readonly budget: number,
    private readonly sizeOf: (value: T) => number,
  ) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: T): void {
    if (this.sizeOf(value) > this.budget) return;
    const old = this.entries.get(key);
    if (old !== undefined) this.size -= this.sizeOf(old);
    this.entries.delete(key);
    this.entries.set(key, value);
    this.size += this.sizeOf(value);
    for (const [oldKey, oldValue] of this.entries) {
      if (this.size <= this.budget) break;
      this.entries.delete(oldKey);
      this.size -= this.sizeOf(oldValue);
    }
  }

  clear(): void {
    this.entries.clear();
    this.size = 0;
  }
}

/** A whole answer kept by `fetch` (options.answerBytes): its headers and its body, a Blob the runtime sends as it is. */
interface KeptAnswer {
  headers: HeaderList;
  body: Blob;
}

/** How many URLs answered by the host's own body `fetch` remembers, to keep their answer when asked again. */
const ASKED_URLS = 4096;

type HeaderList = Array<[string, string]>;

/** An answer's bytes in order, not joined: views into the cache's packs and files, which no one may write to. */
export type BytePieces = readonly Uint8Array[];

/** An answer before it is a Response: what `fetch` wraps, and what the Node server writes as it is. */
export interface Answer {
  status: number;
  headers: HeaderList;
  /**
   * Text (JSON), JSON as UTF-8 pieces in order (a page: its head, its records' bytes as the packs hold them, the
   * commas, its end; `fetch` streams them, the Node server joins them: byte-pieces.ts), a static file's body, or none.
   */
  body: string | BytePieces | BodyInit | null;
}

/** Whether an answer's body is JSON in pieces. */
export const isPieces = (body: Answer['body']): body is BytePieces => Array.isArray(body);

const headers = (type: string, extra: ReadonlyArray<readonly [string, string]> = []): HeaderList =>
  [['Content-Type', type], ...RESPONSE_HEADERS, ...extra] as HeaderList;

const encoder = new TextEncoder();
const COMMA = encoder.encode(',');
const PAGE_END = encoder.encode(']}');

const json = (
  status: number,
  body: string | BytePieces,
  extra: ReadonlyArray<readonly [string, string]> = [],
): Answer => ({ status, headers: headers(JSON_TYPE, extra), body });

const jsonError = (status: number, body: JsonObject): Answer => json(status, toSafeJson(body));

const redirect = (location: string): Answer => ({
  status: 301,
  headers: headers(JSON_TYPE, [['Location', location]]),
  body: null,
});

/** A page's record as UTF-8 bytes, ending with the comma that follows it in a page when they are a pack's line. */
interface PageRecord {
  bytes: Uint8Array;
  commaAfter: boolean;
}

/** Where a row is in a list given by its runs (index-format.ts encodeRuns), or -1 when the list does not hold it. */
export function positionInRuns(runs: readonly number[], row: number): number {
  let position = 0;
  for (let r = 0; r + 1 < runs.length; r += 2) {
    const first = runs[r];
    const length = runs[r + 1];
    const count = Math.abs(length);
    const k = length < 0 ? first - row : row - first;
    if (k >= 0 && k < count) return position + k;
    position += count;
  }
  return -1;
}

/** Thrown when a detail file the index names is missing: the tree is being replaced, or was not built whole. */
class MissingFile extends Error {}

export function createHandler(assets: Assets, options: HandlerOptions = {}): Handler {
  // Detail files (for detail routes) and record packs (for pages), in one budget.
  const cache = new SizedCache<Uint8Array | RecordPack>(options.cacheChars ?? DEFAULT_CACHE_CHARS, (value) =>
    value instanceof Uint8Array ? value.length : value.bytes.length,
  );
  const readBytes =
    assets.readBytes?.bind(assets) ??
    (async (path: string) => {
      const text = await assets.readText(path);
      return text === undefined ? undefined : encoder.encode(text);
    });
  const pending = new Map<string, Promise<RecordPack>>();
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

  /** A record in detailed mode (a detail route's answer), as UTF-8 JSON (cached): from the index where its table holds it, else its detail file. */
  const detailedBytes = async (record: PlannedRecord): Promise<Uint8Array> => {
    const key = `detailed ${record.file}`;
    const cached = cache.get(key);
    if (cached instanceof Uint8Array) return cached;
    const table = tableOf(record.resource);
    // The detail file's bytes are the answer where the index does not hold the record (recordText: the file's own
    // text in detailed mode): read as bytes, not decoded and encoded again.
    const fromFile = !table.fromIndex?.(record.row, 'detailed');
    const detailed = fromFile ? await readBytes(record.file) : await assets.readText(record.file);
    if (detailed === undefined) throw new MissingFile(record.file);
    const bytes =
      typeof detailed === 'string'
        ? encoder.encode(recordText(table, record.row, 'detailed', () => detailed))
        : detailed;
    cache.set(key, bytes);
    return bytes;
  };

  /** A record pack of a resource's part (packOf, below). */
  const packOf = (resource: TableName, mode: Mode, n: number, loaded: LoadedIndex): Promise<RecordPack> =>
    packNamed(packFile(resource, mode, n), loaded.partRows(resource, partOfPack(resource, mode, n)));

  /** A record pack (cached, read once however many records of a page are in it), checked against the rows it should name. */
  const packNamed = (file: string, rows: string | undefined): Promise<RecordPack> => {
    const cached = cache.get(file);
    if (cached !== undefined && !(cached instanceof Uint8Array)) return Promise.resolve(cached);
    let reading = pending.get(file);
    if (!reading) {
      reading = (async () => {
        const bytes = await readBytes(file);
        const pack = bytes === undefined ? undefined : readPack(bytes);
        // A pack of another build than the index's (a rebuild replacing the tree) holds other rows.
        if (!pack || pack.rows !== rows) throw new MissingFile(file);
        cache.set(file, pack);
        return pack;
      })().finally(() => pending.delete(file));
      pending.set(file, reading);
    }
    return reading;
  };

  /** Whether a record's detail file can be named without reading more of the index. */
  const namedAtHand = (record: PlannedRecord): boolean => {
    try {
      return record.file !== '';
    } catch (error) {
      if (error instanceof ColumnsNeeded) return false;
      throw error;
    }
  };

  /**
   * Where a page's launches are read from their provider's packs (index-format.ts providerPackFile) rather than the
   * packs of all the launches: for each provider of the page that has packs in its mode, when its records there take
   * fewer packs not read yet. Only when the providers' column is at hand (a query that filters by provider has read
   * it): a page of a query that did not is not worth reading it for. By record: its pack's file and its line there.
   */
  const providerPlaces = (
    records: readonly PlannedRecord[],
    mode: Mode,
    loaded: LoadedIndex,
  ): Map<PlannedRecord, { file: string; line: number }> => {
    const places = new Map<PlannedRecord, { file: string; line: number }>();
    const size = PROVIDER_PACK_ROWS[mode];
    const spread = loaded.providerPacks(mode);
    if (size === undefined || records.length < 2 || records[0].resource !== 'launches' || spread.size === 0)
      return places;
    let providers: readonly unknown[] | undefined;
    try {
      providers = loaded.column('launches', 'launch_service_provider');
    } catch (error) {
      if (error instanceof ColumnsNeeded) return places;
      throw error;
    }
    if (!providers) return places;
    const byProvider = new Map<number, PlannedRecord[]>();
    for (const record of records) {
      const provider = providers[record.row.row] as number;
      if (!spread.has(provider)) continue;
      let own = byProvider.get(provider);
      if (!own) byProvider.set(provider, (own = []));
      own.push(record);
    }
    const generalSize = packRows('launches', mode);
    for (const [provider, own] of byProvider) {
      const general = new Set<number>();
      for (const { row } of own) {
        const n = Math.floor(row.row / generalSize);
        if (!cache.get(packFile('launches', mode, n))) general.add(n);
      }
      const rows = loaded.providerRows(provider);
      const lines = own.map(({ row }) => firstIndexWhere(rows.length, (i) => rows[i] >= row.row));
      if (lines.some((line, i) => rows[line] !== own[i].row.row)) continue;
      const files = lines.map((line) => providerPackFile(mode, provider, Math.floor(line / size)));
      if (new Set(files.filter((file) => !cache.get(file))).size >= general.size) continue;
      own.forEach((record, i) => {
        places.set(record, { file: files[i], line: lines[i] % size });
      });
    }
    return places;
  };

  /**
   * A page's records in its mode, as UTF-8 JSON, cut from the record packs written
   * at build time. In detailed mode, when their ids are at hand, the records of a pack that gives the page few
   * of its rows (a record alone in its pack always) are read from their detail files
   * (the same bytes) rather than the whole pack, while the page's reads stay within
   * PAGE_READS: a pack costs all its bytes, a detail file one record's.
   */
  const pageRecords = async (
    records: readonly PlannedRecord[],
    mode: Mode,
    loaded: LoadedIndex,
  ): Promise<PageRecord[]> => {
    // A page's records are of one resource.
    const size = records.length ? packRows(records[0].resource, mode) : 1;
    const perPack = new Map<number, number>();
    for (const { row } of records)
      perPack.set(Math.floor(row.row / size), (perPack.get(Math.floor(row.row / size)) ?? 0) + 1);
    const alone = new Set<number>();
    // Detail files are named by the records' ids: not worth reading the ids for (a query that filters has read them).
    if (mode === 'detailed' && records.length && namedAtHand(records[0])) {
      const resource = records[0].resource;
      let reads = perPack.size;
      // The packs giving fewest rows first; a record alone in its pack costs no more reads.
      for (const [n, count] of [...perPack].sort((a, b) => a[1] - b[1] || a[0] - b[0])) {
        if (count > DETAIL_FILES_PER_PACK || (count > 1 && reads + count - 1 > PAGE_READS)) break;
        if (cache.get(packFile(resource, mode, n))) continue;
        alone.add(n);
        reads += count - 1;
      }
    }
    const places = providerPlaces(records, mode, loaded);
    return Promise.all(
      records.map(async (record) => {
        const place = places.get(record);
        if (place) {
          const bytes = packRecordAndComma(await packNamed(place.file, loaded.resourceRows('launches')), place.line);
          if (bytes === undefined) throw new MissingFile(place.file);
          return { bytes, commaAfter: true };
        }
        const n = Math.floor(record.row.row / size);
        if (alone.has(n)) return { bytes: await detailedBytes(record), commaAfter: false };
        const bytes = packRecordAndComma(await packOf(record.resource, mode, n, loaded), record.row.row - n * size);
        if (bytes === undefined) throw new MissingFile(packFile(record.resource, mode, n));
        return { bytes, commaAfter: true };
      }),
    );
  };

  /**
   * A page whose records are all those of one of the list's static pages, in their order (normal mode, the static
   * pages' mode, and no `format`): that file with its head (its count and its links to the pages beside it) replaced
   * by the answer's, sent on by a host that can (spliceFile) without its records passing through JavaScript; else
   * undefined. The file's head is checked byte for byte, so a file of another build is not sent.
   */
  const staticPage = async (
    planned: Plan & { kind: 'page' },
    loaded: LoadedIndex,
    head: string,
    inMemory: boolean,
  ): Promise<{ body: BodyInit | BytePieces } | undefined> => {
    if (!assets.spliceFile || planned.format !== undefined || planned.mode !== 'normal' || !planned.records.length)
      return undefined;
    const list = loaded.lists.get(planned.list);
    if (!list) return undefined;
    const at = positionInRuns(list.runs, planned.records[0].row.row);
    if (at < 0 || at % PAGE_SIZE !== 0) return undefined;
    const members = membersOf(list, 0);
    const rows = members.slice(at, at + PAGE_SIZE);
    if (rows.length !== planned.records.length || rows.some((row, i) => row !== planned.records[i].row.row))
      return undefined;
    const n = at / PAGE_SIZE + 1;
    const pages = Math.max(1, Math.ceil(members.length / PAGE_SIZE));
    const url = (k: number) => `${loaded.baseUrl}${pagePath(planned.list, k)}`;
    const fileHead = encoder.encode(
      `{"count":${members.length},"next":${toSafeJson(n < pages ? url(n + 1) : null)},"previous":${toSafeJson(n > 1 ? url(n - 1) : null)},"results":[`,
    );
    const file = `${API_VERSION}/${pagePath(planned.list, n)}index.json`;
    if (!inMemory) return assets.spliceFile(file, fileHead, encoder.encode(head));
    // To be kept (fetch, answerBytes): the file read whole, its head checked and replaced, as pieces.
    const bytes = await readBytes(file);
    if (!bytes || bytes.length < fileHead.length || fileHead.some((byte, i) => bytes[i] !== byte)) return undefined;
    return { body: [encoder.encode(head), bytes.subarray(fileHead.length)] };
  };

  /** The answer to a plan; `inMemory`: made of bytes in hand, not a body of the host's, so that fetch can keep it. */
  const answer = async (planned: Plan, loaded: LoadedIndex, inMemory: boolean): Promise<Answer> => {
    switch (planned.kind) {
      case 'error':
        return jsonError(planned.status, planned.body);
      case 'redirect':
        return redirect(planned.location);
      case 'record': {
        // Without `format`, a detail's answer is its detail file as it is (recordText in detailed mode): an adapter that
        // opens files passes the host's body on, which the worker never reads (unless the file is cached already).
        const { record } = planned;
        if (
          planned.format === undefined &&
          !inMemory &&
          assets.openFile &&
          !cache.get(`detailed ${record.file}`) &&
          !tableOf(record.resource).fromIndex?.(record.row, 'detailed')
        ) {
          const opened = await assets.openFile(record.file);
          if (!opened) throw new MissingFile(record.file);
          return { status: 200, headers: headers(JSON_TYPE), body: opened.body };
        }
        const bytes = await detailedBytes(record);
        // The cached bytes themselves, as pieces (`url` fields echo `?format=…` when the request has one, as DRF's hyperlinks do).
        return json(200, planned.format === undefined ? [bytes] : formatLinks(loaded.baseUrl, planned.format)(bytes));
      }
      case 'page': {
        const head = `{"count":${planned.count},"next":${toSafeJson(planned.next)},"previous":${toSafeJson(planned.previous)},"results":[`;
        const spliced = await staticPage(planned, loaded, head, inMemory);
        if (spliced) return { status: 200, headers: headers(JSON_TYPE), body: spliced.body };
        const records = await pageRecords(planned.records, planned.mode, loaded);
        // Assembled as bytes: the records' lines in their packs, never parsed, decoded or copied here (with `format`, their
        // links to our files echo it, as DRF's hyperlinks do).
        const withFormat =
          planned.format === undefined ? (bytes: Uint8Array) => [bytes] : formatLinks(loaded.baseUrl, planned.format);
        const pieces: Uint8Array[] = [encoder.encode(head)];
        for (const [i, { bytes, commaAfter }] of records.entries()) {
          const followed = i < records.length - 1;
          // A pack's line is the record and the comma a page puts after it: one piece.
          if (followed && commaAfter && planned.format === undefined) {
            pieces.push(bytes);
            continue;
          }
          pieces.push(...withFormat(commaAfter ? bytes.subarray(0, -1) : bytes));
          if (followed) pieces.push(COMMA);
        }
        pieces.push(PAGE_END);
        return json(200, pieces);
      }
      case 'static':
        throw new Error('a static request reached the query engine');
    }
  };

  /** A static file's answer; `inMemory`: its bytes read whole (a Blob), not the host's body, so that fetch can keep it. */
  const serveStatic = async (url: URL, inMemory: boolean): Promise<Answer> => {
    const open = assets.openFile!;
    const path = treePathOf(url.pathname);
    if (path === undefined) return jsonError(404, NOT_FOUND_BODY);
    const file = async (name: string) => {
      if (inMemory) {
        const bytes = await readBytes(name);
        return (
          bytes && {
            status: 200,
            headers: headers(contentTypeOf(name)),
            body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
          }
        );
      }
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
    if (!claims(url)) return assets.openFile ? serveStatic(url, inMemory) : jsonError(404, NOT_FOUND_BODY);
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
        Array.from({ length: open.parts(name) }, (_, n) => partFile(name, n)).every(held);
      if (held(REFERENCE_FILE)) await step(() => open.ensureReference());
      for (const name of Object.keys(TABLES) as TableName[]) {
        for (const column of coreColumns(name)) {
          if (held(columnFile(name, column)))
            await step(async () => !(await open.ensureColumns(name, column)) && loaded.column(name, column));
        }
        // Read whole by asking for its parts (ensureColumns with no column), as a query reading a field not in a column file does.
        if (allParts(name)) await step(async () => !(await open.ensureColumns(name)) && loaded.byKey[name]);
      }
      for (const [path, endpoint] of ENDPOINTS) {
        const name = endpoint.route.resource;
        // A search file needs none of its resource's columns: it gives the rows itself.
        if (endpoint.search.length && held(searchFile(name, path))) {
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
