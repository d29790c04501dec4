// One GET of an LL2 page, at the edge: `fetch` comes in (tests pass a stand-in),
// an LL2 page or a SyncStopped error with a message a maintainer can act on goes
// out. No retries: every request counts against LL2's hourly allowance, and the
// next scheduled run is the retry.

import type { Json, JsonObject } from '../../model/records.ts';
import { isUtcTimestamp } from '../../model/time.ts';
import { detectKind } from '../parse.ts';
import { isObject } from '../schema-walk.ts';
import { printableLine } from '../../base/outside-text.ts';
import type { Ll2Request } from './plan.ts';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** A detailed LL2 page of 100 launches is a few MB; far more is not LL2. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * Why a run stopped before writing anything. `temporary` failures (rate limit,
 * server error, network, timeout) go away by themselves; the others need a person.
 */
export class SyncStopped extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
  ) {
    super(message);
  }
}

export interface Ll2Page {
  count: number;
  next: string | null;
  results: JsonObject[];
  /** A launch's detail page asked for (`confirm-launch`) answered 404 with DRF's JSON: LL2 no longer has it. */
  notFound?: boolean;
}

export interface GetOptions {
  fetch: FetchLike;
  apiKey?: string;
  timeoutMs: number;
  userAgent: string;
}

/** `Retry-After` in seconds from now: a number of seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** DRF puts the reason of an error in `detail`; undefined when the body is not such JSON. */
function drfDetail(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as Json;
    if (isObject(body) && typeof body.detail === 'string') return body.detail;
  } catch {
    // not JSON: nothing to quote
  }
  return undefined;
}

/** The reason quoted in a message (outside text: made printable). */
function detailOf(text: string): string {
  const detail = drfDetail(text);
  return detail === undefined ? '' : `: ${printableLine(detail.slice(0, 300))}`;
}

async function readBody(response: Response, url: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES)
    throw new SyncStopped(
      `${url} answered with ${declared} bytes, more than the ${MAX_BODY_BYTES} an LL2 page can be`,
      false,
    );
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES)
      throw new SyncStopped(`${url} answered with more than the ${MAX_BODY_BYTES} bytes an LL2 page can be`, false);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function failure(response: Response, text: string, url: string, now: number): SyncStopped {
  const status = response.status;
  if (status === 429) {
    const wait = retryAfterSeconds(response.headers.get('retry-after'), now);
    const when =
      wait === undefined
        ? 'LL2 did not say when to try again'
        : `LL2 asks to wait ${wait} s (Retry-After) before the next request`;
    return new SyncStopped(
      `LL2 refused ${url}: too many requests (HTTP 429)${detailOf(text)}; ${when}. Nothing was written.`,
      true,
    );
  }
  if (status >= 300 && status < 400) {
    const location = response.headers.get('location');
    return new SyncStopped(
      `LL2 answered ${url} with a redirect (HTTP ${status}) to ${location === null ? 'nowhere' : printableLine(location)}; redirects are not followed, so that no other host is contacted: set LL2_BASE_URL to the address LL2 uses`,
      false,
    );
  }
  if (status >= 500)
    return new SyncStopped(
      `LL2 failed to answer ${url}: HTTP ${status}${detailOf(text)}. Nothing was written; the next run tries again`,
      true,
    );
  const hint =
    status === 401 || status === 403
      ? ' (is LL2_API_KEY right?)'
      : status === 404
        ? ' (is LL2_BASE_URL right? it should end in /2.3.0/)'
        : '';
  return new SyncStopped(`LL2 refused ${url}: HTTP ${status}${detailOf(text)}${hint}`, false);
}

/** The body as an LL2 page of launches or events (a document request: its one object as a page), or why it is not one. */
export function readLl2Page(text: string, request: Ll2Request): Ll2Page {
  const notLl2 = (why: string) =>
    new SyncStopped(`${request.url} did not answer with LL2's JSON: ${why}. Nothing was written`, false);
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    throw notLl2(`the body is not JSON (it starts with ${printableLine(JSON.stringify(text.slice(0, 60)))})`);
  }
  // A resource that is one document (the Starship dashboard), not a page: a page of that one object.
  if (request.document) {
    if (!isObject(body)) throw notLl2('expected one object');
    if (request.kind !== 'reference' && detectKind(body) !== request.kind)
      throw notLl2(`expected ${request.kind === 'launch' ? 'a launch' : 'an event'}`);
    return { count: 1, next: null, results: [body] };
  }
  if (
    !isObject(body) ||
    !Array.isArray(body.results) ||
    !Number.isInteger(body.count) ||
    !(body.next === null || typeof body.next === 'string')
  ) {
    throw notLl2('expected a page {count, next, previous, results}');
  }
  const results = body.results as Json[];
  results.forEach((item, i) => {
    if (request.kind === 'reference') {
      // A resource in rotation (astronauts, space stations): LL2 records with an integer id.
      if (!isObject(item) || !Number.isInteger(item.id)) throw notLl2(`results[${i}] is not an LL2 record with an id`);
      return;
    }
    if (!isObject(item) || detectKind(item) !== request.kind)
      throw notLl2(`results[${i}] is not ${request.kind === 'launch' ? 'a launch' : 'an event'}`);
    // The feed's cursor moves by these; a launch without one could never be stepped past.
    if (
      request.role === 'changed-launches' &&
      !(typeof item.last_updated === 'string' && isUtcTimestamp(item.last_updated))
    ) {
      throw notLl2(`results[${i}] has no last_updated timestamp`);
    }
  });
  return { count: body.count as number, next: body.next as string | null, results: results as JsonObject[] };
}

/** GETs one page; throws SyncStopped on anything but an LL2 page. */
export async function getLl2Page(request: Ll2Request, options: GetOptions, now: number): Promise<Ll2Page> {
  const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': options.userAgent };
  if (options.apiKey) headers.Authorization = `Token ${options.apiKey}`;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let text: string;
  let response: Response;
  try {
    response = await options.fetch(request.url, { headers, redirect: 'manual', signal });
    text = await readBody(response, request.url);
  } catch (error) {
    if (error instanceof SyncStopped) throw error;
    const err = error as Error & { cause?: { code?: string; message?: string } };
    if (err.name === 'TimeoutError' || signal.aborted) {
      throw new SyncStopped(
        `LL2 did not answer ${request.url} within ${options.timeoutMs / 1000} s. Nothing was written; the next run tries again`,
        true,
      );
    }
    const cause = err.cause?.code ?? err.cause?.message ?? err.message;
    throw new SyncStopped(
      `could not reach LL2 at ${request.url}: ${cause}. Nothing was written; the next run tries again`,
      true,
    );
  }
  // A launch's detail asked for to confirm it is gone: DRF's 404 (JSON with a `detail`) says so; any other 404 stops the run as usual.
  if (response.status === 404 && request.role === 'confirm-launch' && drfDetail(text) !== undefined)
    return { count: 0, next: null, results: [], notFound: true };
  if (response.status !== 200) throw failure(response, text, request.url, now);
  return readLl2Page(text, request);
}
