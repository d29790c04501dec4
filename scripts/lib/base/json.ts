// JSON as we publish it: compact, UTF-8, and safe if a host serves it as HTML.

const UNSAFE_IN_HTML = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * `JSON.stringify` with `<`, `>`, `&`, U+2028 and U+2029 written as `\u` escapes.
 * Those characters can only occur inside JSON strings, so the parsed value is unchanged.
 */
export function toSafeJson(value: unknown, replacer?: (key: string, value: unknown) => unknown): string {
  return JSON.stringify(value, replacer as (key: string, value: unknown) => unknown).replace(
    UNSAFE_IN_HTML,
    (c) => ESCAPES[c],
  );
}
