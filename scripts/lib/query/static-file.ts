// One file of the built tree sent over HTTP by the Node server, as the static hosts
// send it. In: the request's method and headers, the file's path on disk (found by
// node-server.ts), how long caches may keep it. Out: the answer written to the
// response: the build's .br or .gz twin when the client accepts it (Vary:
// Accept-Encoding), the content type by extension with charset=utf-8 (never guessed
// from the bytes: a .txt of data text stays text), the headers of every answer (CORS,
// nosniff), an ETag and Last-Modified with 304 for a match, and one byte range
// (`bytes=a-b`, `a-`, `-n`) as 206, or 416 with a JSON body and `Content-Range:
// bytes */size` when the range is not satisfiable. The parsing is pure and exported.

import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CACHE_SECONDS, contentTypeOf, JSON_TYPE, RESPONSE_HEADERS } from '../api/http.ts';
import { toSafeJson } from '../base/json.ts';

export type ByteRange = { start: number; end: number };

/**
 * What a Range header asks of a file of `size` bytes: one range (end inclusive),
 * 'unsatisfiable' (a bytes range that cannot be read, or that does not parse), or
 * undefined when the whole file is sent (no header, another unit, several ranges:
 * RFC 9110 lets a server send the whole file for those).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return undefined;
  const specs = match[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (specs.length > 1) return undefined;
  const spec = /^(\d*)-(\d*)$/.exec(specs[0] ?? '');
  if (!spec || (spec[1] === '' && spec[2] === '')) return 'unsatisfiable';
  if (spec[1] === '') {
    // The last n bytes.
    const n = Number(spec[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(spec[1]);
  const end = spec[2] === '' ? size - 1 : Math.min(Number(spec[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Whether an Accept-Encoding header accepts `coding` (by name, or `*`), honouring `q=0`. */
export function accepts(header: string | undefined, coding: string): boolean {
  let star: boolean | undefined;
  for (const item of (header ?? '').split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const ok = q === undefined || Number(q) > 0;
    if (name === coding) return ok;
    if (name === '*') star = ok;
  }
  return star ?? false;
}

const statOf = async (file: string): Promise<Stats | undefined> => {
  try {
    const s = await stat(file);
    return s.isFile() ? s : undefined;
  } catch {
    return undefined;
  }
};

const TWINS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/** The Cache-Control of a file: `cacheSeconds` -1 turns caching off. */
export const cacheControl = (cacheSeconds: number): string =>
  cacheSeconds < 0
    ? 'no-store'
    : cacheSeconds === CACHE_SECONDS
      ? RESPONSE_HEADERS.find(([n]) => n === 'Cache-Control')![1]
      : `public, max-age=${cacheSeconds}`;

/** The headers of every answer with this Cache-Control. */
export const everyAnswer = (cacheSeconds: number): Record<string, string> => ({
  ...Object.fromEntries(RESPONSE_HEADERS),
  'Cache-Control': cacheControl(cacheSeconds),
});

/**
 * Sends the file at `file` (an absolute path that exists), or its twin; resolves
 * false, sending nothing, when the file is gone by the time it is read.
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  cacheSeconds: number,
  status = 200,
): Promise<boolean> {
  let chosen = file;
  let encoding: string | undefined;
  let info: Stats | undefined;
  const acceptEncoding = req.headers['accept-encoding'];
  for (const [coding, suffix] of TWINS) {
    if (!accepts(acceptEncoding, coding)) continue;
    info = await statOf(file + suffix);
    if (info) {
      chosen = file + suffix;
      encoding = coding;
      break;
    }
  }
  info ??= await statOf(file);
  if (!info) return false;
  // One tag per representation: the twin's bytes are not the file's.
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string> = {
    ...everyAnswer(cacheSeconds),
    'Content-Type': contentTypeOf(file),
    Vary: 'Accept-Encoding',
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': info.mtime.toUTCString(),
  };
  if (encoding) headers['Content-Encoding'] = encoding;

  const ifNoneMatch = req.headers['if-none-match'];
  const ifModifiedSince = req.headers['if-modified-since'];
  const notModified =
    ifNoneMatch !== undefined
      ? ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Math.floor(info.mtimeMs / 1000) * 1000;
  if (status === 200 && notModified) {
    delete headers['Content-Type'];
    res.writeHead(304, headers);
    res.end();
    return true;
  }

  const ifRange = req.headers['if-range'];
  const range =
    status === 200 && (ifRange === undefined || ifRange === etag)
      ? parseRange(req.headers.range, info.size)
      : undefined;
  if (range === 'unsatisfiable') {
    const body = toSafeJson({
      detail: `The range "${String(req.headers.range)}" is not satisfiable: the file has ${info.size} bytes.`,
    });
    delete headers['Content-Encoding'];
    res.writeHead(416, {
      ...headers,
      'Content-Type': JSON_TYPE,
      'Content-Range': `bytes */${info.size}`,
      'Content-Length': String(Buffer.byteLength(body)),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${info.size}`;
  headers['Content-Length'] = String(info.size === 0 ? 0 : end - start + 1);
  res.writeHead(range ? 206 : status, headers);
  if (req.method === 'HEAD' || info.size === 0) {
    res.end();
    return true;
  }
  const stream = createReadStream(chosen, { start, end });
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
  return true;
}
