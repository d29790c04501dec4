// `?format=…` echoed in our resources' `url` fields, made on the records' bytes
// (query/format-links.ts): the same text the rule gives on decoded JSON (a url of
// ours, the API root then no `"` or `?`, ending with `/`, gets the format after it),
// on random records with links of ours and of others, escapes and non-ASCII text.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLinks } from '../scripts/lib/query/format-links.ts';
import { quotePlus } from '../scripts/lib/query/python-text.ts';

const BASE = 'https://api.example.org/2.3.0/';

/** The rule on the decoded text, as a regular expression: the oracle. */
function onText(text: string, baseUrl: string, format: string): string {
  const base = JSON.stringify(baseUrl)
    .slice(1, -1)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`("url":"${base}[^"?]*/)"`, 'g'), `$1?format=${quotePlus(format)}"`);
}

const joined = (pieces: Uint8Array[]) => new TextDecoder().decode(Buffer.concat(pieces));

describe('links echoing the format', () => {
  it('adds it after each url of ours naming a folder, as the rule on the text does', () => {
    const segment = fc.constantFrom('launches', 'agencies', '121', 'é', 'a?b', '', 'x"y', 'config/orbits');
    const url = fc.oneof(
      fc.array(segment, { maxLength: 3 }).map((parts) => `${BASE}${parts.map((p) => `${p}/`).join('')}`),
      fc.array(segment, { maxLength: 3 }).map((parts) => `${BASE}${parts.join('/')}`),
      fc.constantFrom('https://example.org/x/', 'https://api.example.org/2.2.0/launches/', BASE),
    );
    const field = fc.tuple(fc.constantFrom('url', 'info_url', 'name', 'image'), url);
    const record = fc
      .array(fc.oneof(field, fc.tuple(fc.constant('nested'), fc.array(field, { maxLength: 2 }))), { maxLength: 6 })
      .map((fields) =>
        JSON.stringify(
          Object.fromEntries(
            fields.map(([key, value], i) => [
              `${key}${i}`.replace(/\d+$/, i % 2 ? '' : String(i)),
              Array.isArray(value) ? Object.fromEntries(value) : value,
            ]),
          ),
        ),
      );
    fc.assert(
      fc.property(record, fc.constantFrom('json', 'api', 'a b&c'), (text, format) => {
        const bytes = new TextEncoder().encode(text);
        expect(joined(formatLinks(BASE, format)(bytes))).toBe(onText(text, BASE, format));
      }),
      { numRuns: 500 },
    );
  });

  it("leaves the record's own bytes uncopied and unchanged", () => {
    const text = `{"id":1,"url":"${BASE}launches/1/","image":"${BASE}x"}`;
    const bytes = new TextEncoder().encode(text);
    const pieces = formatLinks(BASE, 'json')(bytes);
    expect(pieces.filter((piece) => piece.buffer === bytes.buffer).length).toBe(2);
    expect(new TextDecoder().decode(bytes)).toBe(text);
    expect(joined(pieces)).toBe(`{"id":1,"url":"${BASE}launches/1/?format=json","image":"${BASE}x"}`);
  });
});
