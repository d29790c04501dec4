// The query index the build writes (outputs/query-index.ts): its lists are the
// build's own collections, it is compact (runs, reference tables), the same inputs
// give the same bytes, and its input key changes exactly when what it holds does —
// not with the clock alone — so warm rebuilds skip it.

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { planSite, validateDataDir } from '../scripts/lib/pipeline.ts';
import { decodeRuns, encodeRuns, QUERY_INDEX_FILE, type QueryIndex } from '../scripts/lib/query/index-format.ts';
import type { DataSet } from '../scripts/lib/model/records.ts';
import { removeDir } from './helpers/data.ts';
import { BASE_URL, NOW, queryFixture, writeQueryData, type QueryFixture } from './helpers/query-site.ts';

describe('runs', () => {
  it('decode to the rows they encode', () => {
    fc.assert(fc.property(fc.array(fc.nat(50)), (rows) => {
      expect(decodeRuns(encodeRuns(rows))).toEqual(rows);
    }));
  });

  it('hold a collection in order in a few numbers', () => {
    expect(encodeRuns([0, 1, 2, 3, 4])).toEqual([0, 5]);
    expect(encodeRuns([9, 8, 7, 5, 6])).toEqual([9, -3, 5, 2]);
  });
});

describe('the index of a build', () => {
  let fixture: QueryFixture;
  let index: QueryIndex;
  beforeAll(async () => {
    fixture = await queryFixture();
    index = JSON.parse(fixture.files.get(QUERY_INDEX_FILE)!);
  });

  it('lists each collection\'s records in the order of its static pages', () => {
    for (const path of ['launches/', 'launches/upcoming/', 'launches/previous/', 'events/', 'events/upcoming/', 'events/previous/']) {
      const resource = path.startsWith('launches') ? 'launches' : 'events';
      const ids = index.resources[resource].id as Array<string | number>;
      const page = JSON.parse(fixture.files.get(`2.3.0/${path}index.json`)!) as { results: Array<{ id: string | number }> };
      expect(decodeRuns(index.lists[path].rows).map((row) => ids[row]), path).toEqual(page.results.map((r) => r.id));
    }
  });

  it('counts the records of the last 24 hours at the head of each upcoming list only', () => {
    expect(Object.fromEntries(Object.entries(index.lists).map(([path, list]) => [path, list.recent]))).toEqual({
      'launches/': 0, 'launches/upcoming/': 1, 'launches/previous/': 0, 'events/': 0, 'events/upcoming/': 1, 'events/previous/': 0,
    });
  });

  it('keeps the API root of the objects and refers to reference records by LL2 id', () => {
    expect(index.base_url).toBe(BASE_URL);
    expect(index.reference.agencies.map(([id]) => id)).toEqual([44, 66, 121, 124, 147]);
    expect(index.resources.launches.launch_service_provider).toEqual([66, 121, 147, 147, 121, 121, 121, 124, 121]);
  });
});

describe('input key and bytes', () => {
  let dataDir: string;
  let data: DataSet;
  beforeAll(async () => {
    dataDir = await writeQueryData();
    data = (await validateDataDir(dataDir, NOW)).dataset!;
    return () => removeDir(dataDir);
  });

  const indexFile = (now: number, dataSet = data) => planSite(dataSet, { now, baseUrl: BASE_URL }).find((f) => f.path === QUERY_INDEX_FILE)!;

  it('gives the same bytes for the same data, clock and base URL', () => {
    expect(String(indexFile(NOW).render())).toBe(String(indexFile(NOW).render()));
  });

  it('keeps its key when only the clock moves, and changes it when a record crosses into another list', () => {
    const hour = 3_600_000;
    expect(indexFile(NOW + hour).key).toBe(indexFile(NOW).key);
    // The recent launch (NET 10 hours before the clock) leaves upcoming 24 hours after its NET.
    expect(indexFile(NOW + 15 * hour).key).not.toBe(indexFile(NOW).key);
  });

  it('changes its key when a record changes', () => {
    const edited = { ...data, launches: data.launches.map((l) => (l.name.includes('Old Flight') ? { ...l, slug: 'renamed-old-flight' } : l)) };
    expect(indexFile(NOW, edited).key).not.toBe(indexFile(NOW).key);
    expect(String(indexFile(NOW, edited).render())).toContain('"renamed-old-flight"');
  });
});
