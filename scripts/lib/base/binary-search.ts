// Binary search over positions: a length and a test that is false, then true, along
// the positions in; the first position where it holds out (the length when it never
// does). The query engine's stretches of ascending columns and lists, the search
// values' starts, and the replay's observations in time order use it. Pure.

export function firstIndexWhere(length: number, holds: (i: number) => boolean): number {
  let [lo, hi] = [0, length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (holds(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
