// How a collection is cut into pages for static hosting: LL2's envelope
// `{count, next, previous, results}` with page 1 at the collection path and later
// pages at `page/N/`. Pure: items, path and base URL in, pages out.

import type { Json } from '../model/records.ts';

/** LL2's largest page (its `limit` maximum). */
export const PAGE_SIZE = 100;

export interface Page<T = Json> {
  /** Path of the page's folder under the API root, e.g. `launches/upcoming/page/2/`. */
  path: string;
  body: { count: number; next: string | null; previous: string | null; results: T[] };
}

/** Where page `n` (1-based) of a collection lives: page 1 at the collection path itself. */
export function pagePath(collectionPath: string, n: number): string {
  return n === 1 ? collectionPath : `${collectionPath}page/${n}/`;
}

/**
 * Cuts a collection into LL2 envelopes. Static hosts ignore query strings, so
 * later pages live at path-based URLs; `next`/`previous` are absolute and null at
 * the ends. An empty collection is one page with `count: 0`.
 */
export function paginate<T = Json>(
  items: readonly T[],
  collectionPath: string,
  baseUrl: string,
  pageSize = PAGE_SIZE,
): Page<T>[] {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const url = (n: number) => `${baseUrl}${pagePath(collectionPath, n)}`;
  const pages: Page<T>[] = [];
  for (let n = 1; n <= pageCount; n++) {
    pages.push({
      path: pagePath(collectionPath, n),
      body: {
        count: items.length,
        next: n < pageCount ? url(n + 1) : null,
        previous: n > 1 ? url(n - 1) : null,
        results: items.slice((n - 1) * pageSize, n * pageSize),
      },
    });
  }
  return pages;
}
