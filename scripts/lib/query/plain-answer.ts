// An answer before it is a Response: its status, its headers (those of every answer,
// CORS and nosniff, after the content type) and its body as text, JSON in UTF-8 pieces,
// a host's body or none; and the JSON, error and redirect answers made of them. In:
// statuses, bodies, a location. Out: Answer values, which the handler's fetch wraps
// and the Node server writes as they are. Pure.

import { JSON_TYPE, RESPONSE_HEADERS } from '../api/http.ts';
import { toSafeJson } from '../base/json.ts';
import type { JsonObject } from '../model/records.ts';

export type HeaderList = Array<[string, string]>;

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

export const headers = (type: string, extra: ReadonlyArray<readonly [string, string]> = []): HeaderList =>
  [['Content-Type', type], ...RESPONSE_HEADERS, ...extra] as HeaderList;
export const json = (
  status: number,
  body: string | BytePieces,
  extra: ReadonlyArray<readonly [string, string]> = [],
): Answer => ({ status, headers: headers(JSON_TYPE, extra), body });

export const jsonError = (status: number, body: JsonObject): Answer => json(status, toSafeJson(body));

export const redirect = (location: string): Answer => ({
  status: 301,
  headers: headers(JSON_TYPE, [['Location', location]]),
  body: null,
});
