import { describe, expect, it } from 'vitest';
import { heapGrowingPercent, LARGE_DATA_SET } from '../scripts/lib/base/memory-policy.ts';

describe('the memory policy', () => {
  it("keeps V8's default heap growth up to LARGE_DATA_SET data files, and bounds it above", () => {
    expect(heapGrowingPercent(0)).toBeUndefined();
    expect(heapGrowingPercent(11_000)).toBeUndefined(); // the 10,000-launch benchmark
    expect(heapGrowingPercent(LARGE_DATA_SET)).toBeUndefined();
    expect(heapGrowingPercent(LARGE_DATA_SET + 1)).toBe(30);
    expect(heapGrowingPercent(110_000)).toBe(30); // the 100,000-launch benchmark
  });
});
