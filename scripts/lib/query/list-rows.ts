// A list route's members as rows by number, read from the list's runs (index-format.ts encodeRuns) only where an
// answer needs them: a page's window (membersOf), or of some rows those the list holds, in its order (listedAmong).
// In: the loaded list and rows. Out: rows in the list's order.

import { firstIndexWhere } from '../base/binary-search.ts';
import type { LoadedList } from './lazy-lookups.ts';

/** Rows by number in an answer's order: an array, or a list's members read from its runs (membersOf). */
export type Rows = Pick<readonly number[], 'length' | 'slice'>;

/** A list's members past its first `skip`, read from its runs only where sliced: a page without filters, search or ordering decodes its window, not the list. */
export function membersOf(list: LoadedList, skip: number): Rows {
  const { runs } = list;
  let total = 0;
  for (let r = 1; r < runs.length; r += 2) total += Math.abs(runs[r]);
  const length = Math.max(0, total - skip);
  return {
    length,
    slice(start = 0, end = length) {
      const [from, to] = [skip + Math.max(0, Math.min(start, length)), skip + Math.max(0, Math.min(end, length))];
      const rows: number[] = [];
      let position = 0;
      for (let r = 0; r + 1 < runs.length && position < to; r += 2) {
        const [first, count] = [runs[r], Math.abs(runs[r + 1])];
        const step = runs[r + 1] < 0 ? -1 : 1;
        for (let k = Math.max(0, from - position); k < count && position + k < to; k++) rows.push(first + step * k);
        position += count;
      }
      return rows;
    },
  };
}

/** Of the rows (ascending), those in a list, in the list's order, past its first `skip` members: read from the list's runs, not its members one by one. */
export function listedAmong(list: LoadedList, rows: Int32Array, skip: number): number[] {
  const listed: number[] = [];
  // The first index of `rows` at or above a row number.
  const lowerBound = (row: number) => firstIndexWhere(rows.length, (i) => rows[i] >= row);
  let position = 0;
  for (let r = 0; r + 1 < list.runs.length; r += 2) {
    const [first, length] = [list.runs[r], list.runs[r + 1]];
    const count = Math.abs(length);
    const [low, high] = length < 0 ? [first - count + 1, first] : [first, first + count - 1];
    const [a, b] = [lowerBound(low), lowerBound(high + 1)];
    if (length < 0) {
      for (let i = b - 1; i >= a; i--) if (position + first - rows[i] >= skip) listed.push(rows[i]);
    } else {
      for (let i = a; i < b; i++) if (position + rows[i] - first >= skip) listed.push(rows[i]);
    }
    position += count;
  }
  return listed;
}
