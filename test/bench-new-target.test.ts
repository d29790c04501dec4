// The bench's warm "new" figures (bench-edge-workerd.ts newTarget): a query made new to an isolate that keeps
// answers by URL must be another URL each round, and answered as the query itself is (the same status, count and
// records; only the page's links echo the added parameter), so that what is measured is the query's own cost.

import { beforeAll, describe, expect, it } from 'vitest';
import { NEW_PARAMETER, newTarget, WORKERD_MIX } from '../scripts/bench-edge-workerd.ts';
import { EDGE_QUERIES, queryFixture, type QueryFixture } from './helpers/query-site.ts';

let fixture: QueryFixture;
beforeAll(async () => {
  fixture = await queryFixture();
}, 60_000);

const API = '/2.3.0/';
/** A page without its links (which echo the added parameter); anything else as it is. */
const withoutLinks = (body: unknown) =>
  body !== null && typeof body === 'object' && 'results' in body
    ? { ...body, next: undefined, previous: undefined }
    : body;

describe('the bench’s queries new to a warm isolate', () => {
  it('are another URL each round, and none for a static file', () => {
    for (const query of [...WORKERD_MIX, ...EDGE_QUERIES]) {
      const targets = [0, 1, 2].map((round) => newTarget(query, round));
      if (!query.includes('?')) {
        expect(targets).toEqual([undefined, undefined, undefined]);
        continue;
      }
      expect(new Set([query, ...targets]).size).toBe(4);
      for (const target of targets) expect(new URL(target!, 'http://x').searchParams.has(NEW_PARAMETER)).toBe(true);
    }
  });

  it('are answered as the query itself is', async () => {
    let compared = 0;
    for (const query of [...EDGE_QUERIES, ...WORKERD_MIX]) {
      const target = newTarget(query, 4);
      if (target === undefined) continue;
      const [asked, made] = await Promise.all([
        fixture.get(query.slice(API.length)),
        fixture.get(target.slice(API.length)),
      ]);
      expect(made.status, target).toBe(asked.status);
      expect(withoutLinks(made.body), target).toEqual(withoutLinks(asked.body));
      if (asked.status === 200) compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });
});
