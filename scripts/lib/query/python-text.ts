// The few Python behaviours LL2's answers depend on, written out so the engine
// gives the same results: query strings as `urllib.parse.parse_qsl` reads them
// and `urlencode(..., doseq=True)` writes them (Django's QueryDict and DRF's page
// links), `int()` on a string, and `str.split()` on whitespace. Pure functions.

/** One `key=value` pair of a query string, decoded, in the order it was sent. */
export type QueryPair = readonly [key: string, value: string];

const utf8Decoder = new TextDecoder('utf-8', { fatal: false });
const utf8Encoder = new TextEncoder();

/** Percent-decoding as `urllib.parse.unquote` does: UTF-8, invalid sequences become U+FFFD. */
function unquote(text: string): string {
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  let out = '';
  const flush = () => {
    if (bytes.length) out += utf8Decoder.decode(new Uint8Array(bytes));
    bytes.length = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
      continue;
    }
    flush();
    out += c;
  }
  flush();
  return out;
}

/**
 * `parse_qsl(query, keep_blank_values=True)`: pairs split on `&` (empty ones
 * skipped), a pair without `=` has the value '', `+` is a space, escapes are UTF-8.
 */
export function parseQueryPairs(query: string): QueryPair[] {
  const pairs: QueryPair[] = [];
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const [key, value] = eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
    pairs.push([unquote(key.replace(/\+/g, ' ')), unquote(value.replace(/\+/g, ' '))]);
  }
  return pairs;
}

const UNRESERVED = /[A-Za-z0-9_.~-]/;

/** `urllib.parse.quote_plus`: UTF-8 bytes, unreserved characters kept, space as `+`, uppercase hex. */
export function quotePlus(text: string): string {
  let out = '';
  for (const char of text) {
    if (char === ' ') out += '+';
    else if (UNRESERVED.test(char)) out += char;
    else for (const byte of utf8Encoder.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Python's string order (by code point), which differs from JavaScript's (by UTF-16 unit) above U+FFFF. */
export function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const diff = left[i].codePointAt(0)! - right[i].codePointAt(0)!;
    if (diff) return diff;
  }
  return left.length - right.length;
}

/**
 * `urlencode(sorted(parse_qs(query).items()), doseq=True)` after setting or
 * removing keys: what DRF's `replace_query_param` and `remove_query_param` write.
 * Keys are sorted; the values of one key keep their order.
 */
export function encodeQuery(pairs: readonly QueryPair[], set: Record<string, string | undefined>): string {
  const byKey = new Map<string, string[]>();
  for (const [key, value] of pairs) {
    const values = byKey.get(key);
    if (values) values.push(value);
    else byKey.set(key, [value]);
  }
  for (const [key, value] of Object.entries(set)) {
    if (value === undefined) byKey.delete(key);
    else byKey.set(key, [value]);
  }
  return [...byKey.keys()]
    .sort(compareCodePoints)
    .flatMap((key) => byKey.get(key)!.map((value) => `${quotePlus(key)}=${quotePlus(value)}`))
    .join('&');
}

/** The characters Python's `str.isspace()` accepts (what `str.split()` and `int()` treat as whitespace). */
const PYTHON_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const SPACES = new RegExp(`[${PYTHON_SPACE}]+`);
const INTEGER = new RegExp(`^[${PYTHON_SPACE}]*([+-]?\\d+(?:_\\d+)*)[${PYTHON_SPACE}]*$`);

/** `str.split()`: runs of whitespace separate, none at the ends. */
export const splitOnSpace = (text: string): string[] => text.split(SPACES).filter((part) => part !== '');

/** `str.strip()` with no argument. */
export const stripSpace = (text: string): string =>
  text.replace(new RegExp(`^[${PYTHON_SPACE}]+|[${PYTHON_SPACE}]+$`, 'g'), '');

/** `int(text)` for ASCII digits (spaces around, a sign, `_` between digits); undefined where Python raises. */
export function pythonInt(text: string): bigint | undefined {
  const match = INTEGER.exec(text);
  return match ? BigInt(match[1].replace(/_/g, '')) : undefined;
}
