// Finding a run of bytes (base/byte-search.ts): the same place as Node's own
// Buffer#indexOf gives, on random bytes of a small alphabet (so needles are met,
// overlap and repeat), from any start, and on JSON records' `"url":"…` needles.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteFinder } from '../scripts/lib/base/byte-search.ts';

const bytesOf = (alphabet: number[], maxLength: number) =>
  fc.array(fc.constantFrom(...alphabet), { maxLength }).map((b) => Uint8Array.from(b));

describe('byteFinder', () => {
  it('finds where Buffer#indexOf does, from every start', () => {
    fc.assert(
      fc.property(
        bytesOf([0x22, 0x61, 0x62, 0xff], 60),
        bytesOf([0x22, 0x61, 0x62, 0xff], 6),
        fc.integer({ min: -3, max: 70 }),
        (bytes, needle, from) => {
          const find = byteFinder(needle);
          expect(find(bytes, from)).toBe(Buffer.from(bytes).indexOf(Buffer.from(needle), Math.max(from, 0)));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('finds every place of a long needle in JSON, as Buffer#indexOf does', () => {
    const needle = new TextEncoder().encode('"url":"https://api.example.org/2.3.0/');
    const find = byteFinder(needle);
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            '"url":"https://api.example.org/2.3.0/',
            '"url":"https://api.example.org/2.2.0/',
            '"url":"',
            '2.3.0/',
            '"',
            'é',
            'x',
          ),
          { maxLength: 30 },
        ),
        (parts) => {
          const bytes = Buffer.from(parts.join(''));
          const places: number[] = [];
          const expected: number[] = [];
          for (let at = find(bytes, 0); at >= 0; at = find(bytes, at + 1)) places.push(at);
          for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) expected.push(at);
          expect(places).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
