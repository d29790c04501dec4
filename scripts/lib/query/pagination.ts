// Django REST Framework's LimitOffsetPagination as LL2 configures it: `limit`
// defaults to 10 and is capped at 100, a value that is not a positive whole number
// falls back to the default (never an error), `offset` defaults to 0; `next` and
// `previous` are the request's URL with every parameter kept, `limit` always
// written, keys sorted, and `offset` dropped from `previous` when it would be 0.
// Pure: the query, the count and the request's address in; the window and links out.

import type { QueryValues } from './parameters.ts';
import { encodeQuery, pythonInt, type QueryPair } from './python-text.ts';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export interface PageWindow {
  limit: number;
  /** May be larger than any count (and than a JavaScript number holds exactly). */
  offset: bigint;
}

/** DRF's `_positive_int`: Python's `int()`, then negative (or, strictly, zero) is invalid. */
function positiveInt(raw: string | undefined, strict: boolean): bigint | undefined {
  if (raw === undefined) return undefined;
  const value = pythonInt(raw);
  if (value === undefined || value < 0n || (strict && value === 0n)) return undefined;
  return value;
}

export function pageWindow(query: QueryValues): PageWindow {
  const limit = positiveInt(query.last('limit'), true);
  return {
    limit: limit === undefined ? DEFAULT_LIMIT : Number(limit < BigInt(MAX_LIMIT) ? limit : BigInt(MAX_LIMIT)),
    offset: positiveInt(query.last('offset'), false) ?? 0n,
  };
}

/** The results of a window, as `queryset[offset:offset + limit]` (nothing once the offset passes the count). */
export function windowSlice<T>(items: Pick<readonly T[], 'length' | 'slice'>, { limit, offset }: PageWindow): T[] {
  if (offset > BigInt(items.length)) return [];
  const start = Number(offset);
  return items.slice(start, start + limit);
}

/**
 * `next` and `previous` of a page: `address` is the request's scheme, host and
 * path; `pairs` its query. Null at the ends.
 */
export function pageLinks(
  address: string,
  pairs: readonly QueryPair[],
  { limit, offset }: PageWindow,
  count: number,
): { next: string | null; previous: string | null } {
  const link = (set: Record<string, string | undefined>) => `${address}?${encodeQuery(pairs, set)}`;
  const big = BigInt(limit);
  const next = offset + big >= BigInt(count) ? null : link({ limit: String(limit), offset: String(offset + big) });
  let previous: string | null = null;
  if (offset > 0n)
    previous =
      offset - big <= 0n
        ? link({ limit: String(limit), offset: undefined })
        : link({ limit: String(limit), offset: String(offset - big) });
  return { next, previous };
}
