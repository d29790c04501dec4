// The one binary search (base/binary-search.ts): the first position where a test
// that is false, then true, holds; the length when it never does.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstIndexWhere } from '../scripts/lib/base/binary-search.ts';

describe('firstIndexWhere', () => {
  it('finds the first position at or above a value in sorted numbers, as a scan would', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 20 })), fc.integer({ min: -25, max: 25 }), (values, value) => {
        const sorted = [...values].sort((a, b) => a - b);
        const scan = sorted.findIndex((v) => v >= value);
        expect(firstIndexWhere(sorted.length, (i) => sorted[i] >= value)).toBe(scan < 0 ? sorted.length : scan);
      }),
      { numRuns: 500 },
    );
  });
});
