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

/** Cells are whole numbers below this in size; a null is keyed as this, above them all (2^35 × PLACES stays exact in a double). */
const NULL_CELL = 2 ** 35;

/**
 * Rows (by number) in the order of one whole-number column (ascending, or descending with `-`), ties in
 * their order here, as a stable sort keeps them: each row a key `cell × PLACES ± place`, sorted by the
 * runtime's own numeric sort (no comparator called per pair). A null is above every number, last ascending and
 * first descending, as PostgreSQL orders NULLs and resource-table.ts compareNullable compares them. Undefined when a
 * cell is neither null nor a safe whole number.
 */
export function sortedByColumn(rows: readonly number[], cells: readonly unknown[], descending: boolean): number[] | undefined {
  if (rows.length >= PLACES) return undefined;
  const keys = new Float64Array(rows.length);
  for (let place = 0; place < rows.length; place++) {
    const cell = cells[rows[place]];
    if (cell !== null && (typeof cell !== 'number' || !Number.isInteger(cell) || Math.abs(cell) >= NULL_CELL)) return undefined;
    const value = cell ?? NULL_CELL;
    keys[place] = (descending ? -value : value) * PLACES + place;
  }
  keys.sort();
  const sorted = new Array<number>(rows.length);
  for (let i = 0; i < keys.length; i++) sorted[i] = rows[((keys[i] % PLACES) + PLACES) % PLACES];
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
