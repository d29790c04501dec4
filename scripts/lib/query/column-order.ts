// Ordering by whole-number columns. In: row numbers and a column of whole
// numbers or nulls (launches' NET, events' dates, a reference kind's ranks), or at build time rows and a
// comparator; out: the rows in the column's order (sortedByColumn), or each
// row's dense rank in the comparator's order (denseRanks), a column that
// sortedByColumn then orders exactly as the comparator's stable sort would,
// ascending and descending. Ordering by a column sorts numbers with the runtime's
// own numeric sort: no comparator is called per pair, which on a fresh isolate
// (cold code, an Intl collator for texts) cost 15–50 ms for a few thousand rows. Pure.

/** Keys sorted by the runtime's own numeric sort: a row's place in the list fits below this, beside its cell. */
const PLACES = 2 ** 17;

/** Cells are whole numbers below this in size (2^33 seconds is some 270 years either side of 1970; ranks are far below). */
const CELL_LIMIT = 2 ** 33;

/**
 * Each key is the double 2^52 + (cell + 2^34) × PLACES + place, whose bits are written as two 32-bit words: the
 * high word the exponent of 2^52 (KEY_EXPONENT) and the key's top 20 bits, the low word the rest. Doubles of one
 * exponent compare as their bits do, so the runtime's numeric sort orders the keys by cell, then place; and the
 * place is read back from the low word. Whole-number work only, where a cell fits 32 bits: on a fresh isolate's
 * interpreter, arithmetic on doubles (a cell × 2^17, a remainder) costs about 1 µs a row, 10 ms for 10,000 rows.
 */
const KEY_EXPONENT = 0x43300000;
/** A null's top 20 bits: above every cell's (last ascending), or below (first descending). */
const NULL_HIGH = { ascending: 0xfffff, descending: 0 };
/** Which word of a double's two is its low half, in this host's byte order. */
const LOW_WORD = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;
const HIGH_WORD = 1 - LOW_WORD;

/**
 * Rows (by number) in the order of one whole-number column (ascending, or descending with `-`), ties in
 * their order here, as a stable sort keeps them: each row a key of its cell and its place, sorted by the
 * runtime's own numeric sort (no comparator called per pair). A null is above every number, last ascending and
 * first descending, as PostgreSQL orders NULLs and resource-table.ts compareNullable compares them. Undefined when a
 * cell is neither null nor a whole number within CELL_LIMIT.
 */
export function sortedByColumn(
  rows: readonly number[],
  cells: readonly unknown[],
  descending: boolean,
): number[] | undefined {
  if (rows.length >= PLACES) return undefined;
  const keys = new Float64Array(rows.length);
  const words = new Int32Array(keys.buffer);
  for (let place = 0; place < rows.length; place++) {
    const cell = cells[rows[place]];
    let high: number;
    let low: number;
    if (cell === null) {
      high = descending ? NULL_HIGH.descending : NULL_HIGH.ascending;
      low = 0;
    } else if (typeof cell !== 'number') {
      return undefined;
    } else if ((cell | 0) === cell && cell !== -(2 ** 31)) {
      // 32 bits: cell + 2^34 split by shifts (2^34 is 2^19 in the top part, nothing in the bottom 15 bits).
      const value = descending ? -cell : cell;
      high = (value >> 15) + 2 ** 19;
      low = value & 0x7fff;
    } else {
      if (!Number.isInteger(cell) || Math.abs(cell) >= CELL_LIMIT) return undefined;
      const value = (descending ? -cell : cell) + 2 ** 34;
      high = Math.floor(value / 2 ** 15);
      low = value - high * 2 ** 15;
    }
    words[2 * place + HIGH_WORD] = KEY_EXPONENT | high;
    words[2 * place + LOW_WORD] = (low << 17) | place;
  }
  keys.sort();
  const sorted = new Array<number>(rows.length);
  for (let i = 0; i < rows.length; i++) sorted[i] = rows[words[2 * i + LOW_WORD] & (PLACES - 1)];
  return sorted;
}

/**
 * Each row's dense rank (0, 1, 2, …) in the ascending order of a comparator: rows it finds equal share a rank.
 * For any subset of the rows in any order, sortedByColumn over these ranks gives what a stable sort with the
 * comparator (or its negation, descending) gives, provided the comparator is a total preorder (consistent and
 * transitive); the caller makes sure of that (reference-kit.ts ranks only such fields).
 */
export function denseRanks<Row>(rows: readonly Row[], compare: (a: Row, b: Row) => number): number[] {
  const order = rows.map((_, i) => i).sort((a, b) => compare(rows[a], rows[b]));
  const ranks = new Array<number>(rows.length);
  let rank = 0;
  for (let i = 0; i < order.length; i++) {
    if (i > 0 && compare(rows[order[i - 1]], rows[order[i]]) !== 0) rank++;
    ranks[order[i]] = rank;
  }
  return ranks;
}
