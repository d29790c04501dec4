// The answer to a plan of the query engine (engine.ts), made of the files the build
// wrote: a page assembled from the bytes of its records' lines in the record packs of
// its mode (index-format.ts), or a static page of the list with its head replaced
// where the page is one of them and the host can splice it; a detail route's answer
// is its detail file. In: the host's reader, a cache budget, then a plan with the
// loaded index. Out: the answer (plain-answer.ts), or MissingFile when a file the
// index names is not there. Its own module because it is the one job of the handler
// that reads packs and files; files read are the only I/O, through the reader.

import { JSON_TYPE } from '../api/http.ts';
import { PAGE_SIZE, pagePath } from '../api/paging.ts';
import { API_VERSION } from '../api/paths.ts';
import type { Mode } from '../api/shapes/kit.ts';
import { firstIndexWhere } from '../base/binary-search.ts';
import { toSafeJson } from '../base/json.ts';
import type { Plan, PlannedRecord } from './engine.ts';
import { membersOf } from './list-rows.ts';
import { tableOf, type TableName } from './endpoints.ts';
import { formatLinks } from './format-links.ts';
import {
  packFile,
  packRecordAndComma,
  packRows,
  partOfPack,
  PROVIDER_PACK_ROWS,
  providerPackFile,
  readPack,
  type RecordPack,
} from './record-packs.ts';
import { ColumnsNeeded, type LoadedIndex } from './loaded-index.ts';
import { headers, json, jsonError, redirect, type Answer, type BytePieces } from './plain-answer.ts';
import { recordText } from './resource-table.ts';
import { SizedCache } from './sized-cache.ts';
import type { Assets } from './tree-assets.ts';

/**
 * Reads of record packs and detail files a detailed page may make to read fewer
 * bytes (pageRecords): within Cloudflare Workers Free's 50 subrequests a request,
 * with room for the index's files an isolate's first query reads.
 */
const PAGE_READS = 40;

/** A pack giving a detailed page at most this many of its rows is read as their detail files instead (a pack holds 10 launches, 20 of the others). */
const DETAIL_FILES_PER_PACK = 4;

const encoder = new TextEncoder();
const COMMA = encoder.encode(',');
const PAGE_END = encoder.encode(']}');

/** A page's record as UTF-8 bytes, ending with the comma that follows it in a page when they are a pack's line. */
interface PageRecord {
  bytes: Uint8Array;
  commaAfter: boolean;
}

/** Where a row is in a list given by its runs (index-format.ts encodeRuns), or -1 when the list does not hold it. */
function positionInRuns(runs: readonly number[], row: number): number {
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
export class MissingFile extends Error {}

/** The answer to a plan; `inMemory`: made of bytes in hand, not a body of the host's, so that fetch can keep it. */
export type PlanAnswer = (planned: Plan, loaded: LoadedIndex, inMemory: boolean) => Promise<Answer>;

/** Answers to plans over `assets`, keeping detail files and record packs in one budget of `cacheChars` bytes. */
export function planAnswers(
  assets: Assets,
  readBytes: (path: string) => Promise<Uint8Array | undefined>,
  cacheChars: number,
): PlanAnswer {
  // Detail files (for detail routes) and record packs (for pages), in one budget.
  const cache = new SizedCache<Uint8Array | RecordPack>(cacheChars, (value) =>
    value instanceof Uint8Array ? value.length : value.bytes.length,
  );
  const pending = new Map<string, Promise<RecordPack>>();

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
    // The one provider of the page's records in each general pack, or null where they are of several: such a pack is
    // read for the others whatever one provider's records do.
    const soleProvider = new Map<number, number | null>();
    for (const record of records) {
      const n = Math.floor(record.row.row / generalSize);
      const provider = providers[record.row.row] as number;
      const seen = soleProvider.get(n);
      soleProvider.set(n, seen === undefined || seen === provider ? provider : null);
    }
    for (const [provider, own] of byProvider) {
      // The general packs not read yet that its records alone need: what reading its own packs saves.
      const general = new Set<number>();
      for (const { row } of own) {
        const n = Math.floor(row.row / generalSize);
        if (soleProvider.get(n) === provider && !cache.get(packFile('launches', mode, n))) general.add(n);
      }
      // Its own packs take a read at least: fewer only where they save two general packs or more. Its rows are not
      // looked for otherwise (a search of 100,000 cells each: for the 50 providers of a NET range's page at 100,000
      // launches, its column decoded at start-up, 10 ms of a first request, and its packs read beside the general
      // packs its records shared with others'). On a page of one provider's launches every pack is its alone.
      if (general.size < 2) continue;
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

  return async (planned, loaded, inMemory) => {
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
}
