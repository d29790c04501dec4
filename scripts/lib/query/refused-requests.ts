// The requests the Node server refuses before it routes them, each answered with
// JSON (`{"detail": …}`, as LL2's DRF) and the headers of every answer: a request
// without Host or with a target in neither origin nor absolute form (refusal), what
// Node's parser refuses (a request line or headers too long, bytes not allowed in a
// target, headers that never end: refusedRequestAnswer, written raw to the socket)
// and CONNECT. In: the request, or the parser's error. Out: the reason, or the raw
// HTTP/1.1 answer. Pure.

import type { IncomingMessage } from 'node:http';
import { ALLOWED_METHODS, JSON_TYPE, RESPONSE_HEADERS } from '../api/http.ts';
import { toSafeJson } from '../base/json.ts';
import { MAX_TARGET_LENGTH } from './claimed-routes.ts';
import { targetPath } from './request-target.ts';

/** Why a request is refused before it is routed (no Host, a target of another form), or undefined. */
export function refusal(req: IncomingMessage): string | undefined {
  if (req.headers.host === undefined && req.httpVersion !== '1.0')
    return 'Bad request: an HTTP/1.1 request must name its Host.';
  // `OPTIONS *` asks about the server as a whole (the asterisk form HTTP allows for it alone).
  if (targetPath(req.url ?? '') === undefined && !(req.method === 'OPTIONS' && req.url === '*'))
    return 'Bad request: the request target must be a path (/2.3.0/launches/) or an absolute http(s) URL.';
  return undefined;
}

/** A raw HTTP/1.1 answer with a JSON body and the headers of every answer, for requests Node's parser refused. */
function rawJsonAnswer(
  status: number,
  reason: string,
  body: string,
  extra: ReadonlyArray<readonly [string, string]> = [],
): string {
  const headers = [
    ['Content-Type', JSON_TYPE],
    ...RESPONSE_HEADERS,
    ...extra,
    ['Content-Length', String(Buffer.byteLength(body))],
    ['Connection', 'close'],
  ];
  return `HTTP/1.1 ${status} ${reason}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`;
}

/**
 * What to answer a request Node's parser refused (`clientError`): 414 when its
 * request line's target is over MAX_TARGET_LENGTH (the limit the handler answers
 * 414 under, as the edge worker does), 431 when its headers are, 408 when they did
 * not arrive in time, 400 for anything else (bytes not allowed in a target, a broken
 * request line), each with a JSON body.
 */
export function refusedRequestAnswer(error: Error & { code?: string; rawPacket?: Buffer }): string {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const packet = error.rawPacket?.toString('latin1') ?? '';
    const end = packet.indexOf('\r\n');
    const target = (end < 0 ? packet : packet.slice(0, end)).split(' ')[1] ?? '';
    if (end < 0 || target.length > MAX_TARGET_LENGTH)
      return rawJsonAnswer(414, 'URI Too Long', toSafeJson({ detail: 'Request-URI Too Long' }));
    return rawJsonAnswer(
      431,
      'Request Header Fields Too Large',
      toSafeJson({ detail: 'Request header fields too large.' }),
    );
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return rawJsonAnswer(
      408,
      'Request Timeout',
      toSafeJson({ detail: 'Request timeout: the request did not arrive in time.' }),
    );
  if (error.code === 'HPE_INVALID_METHOD' || error.code === 'HPE_INVALID_CONSTANT') {
    return rawJsonAnswer(
      400,
      'Bad Request',
      toSafeJson({ detail: 'Bad request: the request line could not be read.' }),
    );
  }
  return rawJsonAnswer(
    400,
    'Bad Request',
    toSafeJson({ detail: 'Bad request: the request could not be read (bytes outside ASCII must be percent-encoded).' }),
  );
}

/** The answer to CONNECT (a proxy's method, which Node hands over before any request handler): 405 with Allow. */
export const CONNECT_ANSWER = rawJsonAnswer(
  405,
  'Method Not Allowed',
  toSafeJson({ detail: 'Method "CONNECT" not allowed.' }),
  [['Allow', ALLOWED_METHODS]],
);
