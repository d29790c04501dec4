// What every server of the published tree says over HTTP, declared once: the
// headers on every answer (CORS, no MIME sniffing, how long caches may keep it),
// the answer to a CORS preflight, and the content type of each kind of file. The
// host adapter files (outputs/hosts.ts), the Node server and the edge worker
// (query/) all read them. Constants only.

/** How long browsers and caches may keep a response; the site is rebuilt hourly. */
export const CACHE_SECONDS = 300;

export const RESPONSE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Access-Control-Allow-Origin', '*'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Cache-Control', `public, max-age=${CACHE_SECONDS}`],
];

/** Added to the answer of a CORS preflight (`OPTIONS`). */
export const PREFLIGHT_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS'],
  ['Access-Control-Allow-Headers', 'Origin, X-Requested-With, Content-Type, Accept, Range'],
];

/** The methods the API answers; others get 405 with this `Allow`. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

export const JSON_TYPE = 'application/json';

/** Content types by file extension, for servers that do not know them (the edge worker). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  ics: 'text/calendar; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  conf: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
};

export const contentTypeOf = (path: string): string =>
  CONTENT_TYPES[/\.([a-z0-9]+)$/i.exec(path)?.[1].toLowerCase() ?? ''] ?? 'application/octet-stream';
