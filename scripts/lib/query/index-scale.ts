// What the query index writes only for a large data set, and from what size: the build's IndexScale (key
// shards from 20,000 rows, a provider's own packs when its launches are spread over more than PROVIDER_PACK_SPREAD
// packs of a mode), and the key shards' names and sizes. In: row counts and keys. Out: how many shards, which one
// a key is in, the column that holds it. The build (outputs/query-index.ts) decides by it; a runtime reads what
// the head names.

import { textHash } from './index-format.ts';

/**
 * About how many keys a key shard holds. A detail route finds its row by its key (the id in its URL) in the
 * resource's id column, 290 kB on the real data (held in the edge worker) but 3.8 MB for 100,000 launches, which a
 * fresh isolate read and parsed for one row (53 ms): with more rows than its IndexScale's keyShardRows, the
 * launches' keys are also written cut into key shards (keyShardColumn), each mapping the keys of its share to their rows.
 */
export const KEY_SHARD_ROWS = 1000;

/**
 * The sizes from which the build writes the index files only a large data set needs (the build's IndexScale; a
 * test's own is small, so that its fixtures exercise both paths): below them a runtime reads what it reads anyway.
 */
export interface IndexScale {
  /**
   * A resource of more rows than this has key shards (keyShardCount). Below it the id column is under 800 kB, which
   * the edge bundles hold (292 kB on the real data: a detail route read a shard of 8 for nothing, 2 reads for 1).
   */
  keyShardRows: number;
  /** A provider whose launches are spread over more than this many packs of a mode has packs of its own in it (spreadProviders). */
  providerPackSpread: number;
}

/** How many key shards a resource of this many rows has (a power of two, at least 2; 0: none, its id column is small). */
export const keyShardCount = (rows: number, minRows: number): number =>
  rows <= Math.max(minRows, KEY_SHARD_ROWS) ? 0 : 2 ** Math.max(1, Math.ceil(Math.log2(rows / KEY_SHARD_ROWS)));

/** The shard a key is in, of `shards`: by its text's FNV-1a (textHash), which spreads UUIDs and numbers alike. */
export const keyShardOf = (key: string, shards: number): number => Number.parseInt(textHash(key), 16) % shards;

/**
 * The column (in a column file of its own, columnFile: its first line the parts' hashes) of a key shard: an object
 * of the keys in shard n to their rows.
 */
export const keyShardColumn = (n: number): string => `keys-${n}`;

/**
 * A provider has packs of its own in a mode when its launches are spread over more than this many of the mode's
 * packs (a page of them would read that many files): the others read the packs above as every page does. On the
 * real data that is 53 providers in list mode (112 files) and 65 in normal mode (413): without them,
 * `launches/?lsp__id=63&limit=100` reads 61 packs (3.9 MB, past Workers Free's 50 subrequests), with them 5.
 */
export const PROVIDER_PACK_SPREAD = 4;

/** The build's IndexScale: key shards from 20,000 rows (the search shards' size, SEARCH_SHARD_ROWS), provider packs by PROVIDER_PACK_SPREAD. */
export const INDEX_SCALE: IndexScale = { keyShardRows: 20_000, providerPackSpread: PROVIDER_PACK_SPREAD };
