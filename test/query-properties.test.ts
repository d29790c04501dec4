// Bad input never breaks the query engine: random query strings (every parameter
// name, random values, broken percent escapes, NULs, huge numbers) on every route
// answer 200, 301, 400, 404 or 414 with a JSON body, never a 5xx, in bounded time;
// and the worst queries a URL can hold stay fast on an index of 10,000 launches.

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { plan } from '../scripts/lib/query/engine.ts';
import { MAX_TARGET_LENGTH } from '../scripts/lib/query/claimed-routes.ts';
import { EVENT_TABLE } from '../scripts/lib/query/event-table.ts';
import {
  COUNTER_NAMES,
  emptyColumns,
  encodeRuns,
  QUERY_INDEX_FORMAT,
  type QueryIndex,
} from '../scripts/lib/query/index-format.ts';
import { LAUNCH_TABLE } from '../scripts/lib/query/launch-table.ts';
import type { LoadedIndex } from '../scripts/lib/query/loaded-index.ts';
import { loadIndex } from '../scripts/lib/query/whole-index.ts';
import { REFERENCE_KINDS } from '../scripts/schemas/data-files.ts';
import type { ReferenceKind } from '../scripts/schemas/data-files.ts';
import { ORIGIN, Q, queryFixture, uuid, type QueryFixture } from './helpers/query-site.ts';

const NAMES = [...new Set([...LAUNCH_TABLE.parameters, ...EVENT_TABLE.parameters].map((p) => p.name))];
const PATHS = [
  'launches/',
  'launches/upcoming/',
  'launches/previous/',
  'events/',
  'events/upcoming/',
  'events/previous/',
  `launches/upcoming/${uuid(Q.recent)}/`,
  `launches/${uuid(Q.crew)}/`,
  'events/upcoming/902/',
  'events/904/',
  'launches/upcoming',
  'events/previous/903/',
];

const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.double().map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.array(fc.integer({ min: -5, max: 200 }), { maxLength: 6 }).map((a) => a.join(',')),
  fc.constantFrom(
    '',
    ' ',
    ',',
    '%',
    '%zz',
    '%00',
    '%FF%FE',
    '\u0000',
    'true',
    'False',
    '-net',
    '--name,net',
    'detailed',
    'list',
    'json',
    'api',
    'xml',
    'NaN',
    '1e999',
  ),
);
/** A raw query string: names and values escaped or not, broken escapes kept as typed. */
const queryString = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 12 })), value, fc.boolean()), {
    maxLength: 12,
  })
  .map((pairs) =>
    pairs
      .map(([k, v, encoded]) => (encoded ? `${encodeURIComponent(k)}=${encodeURIComponent(v)}` : `${k}=${v}`))
      .join('&'),
  );

describe('random queries on every route', () => {
  let fixture: QueryFixture;
  beforeAll(async () => {
    fixture = await queryFixture();
  });

  it('never answer 5xx, always JSON, each within a bound', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), queryString, async (path, query) => {
        let url: string;
        try {
          url = new URL(`${ORIGIN}/2.3.0/${path}?${query}`).href;
        } catch {
          return; // not a URL a client could send
        }
        const start = performance.now();
        const response = await fixture.handler.fetch(new Request(url));
        const elapsed = performance.now() - start;
        expect([200, 301, 400, 404, 414]).toContain(response.status);
        // Every answer but a redirect is JSON (json() throws otherwise).
        const body = response.status === 301 ? null : await response.json();
        if (response.status === 400)
          expect(Object.values(body as object).every((v) => Array.isArray(v) || typeof v === 'string')).toBe(true);
        expect(elapsed).toBeLessThan(1000);
      }),
      { numRuns: 600 },
    );
  });
});

/** An index of `count` launches in memory, shaped as the build writes it, for timing the engine alone. */
function largeIndex(count: number): LoadedIndex {
  const rows = Array.from({ length: count }, (_, i) => i);
  const net = rows.map((i) => 1_000_000_000 + i * 60_000);
  const index: QueryIndex = {
    format: QUERY_INDEX_FORMAT,
    api_version: '2.3.0',
    base_url: 'https://x.example/2.3.0/',
    resources: {
      launches: {
        id: rows.map((i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
        slug: rows.map((i) => `launch-${i}`),
        name: rows.map((i) => `Falcon 9 Block 5 | Starlink Group ${i % 97}-${i}`),
        launch_designator: rows.map(() => null),
        status: rows.map((i) => 1 + (i % 4)),
        net,
        window_start: rows.map(() => 0),
        window_end: rows.map(() => 0),
        last_updated: net,
        launch_service_provider: rows.map((i) => [121, 44, 147][i % 3]),
        configuration: rows.map(() => 164),
        pad: rows.map(() => 80),
        mission: rows.map((i) => `Starlink Group ${i % 97}`),
        orbit: rows.map(() => 8),
        program: rows.map(() => []),
        counters: Object.fromEntries(
          COUNTER_NAMES.map((name) => [name, rows.map((i) => i)]),
        ) as QueryIndex['resources']['launches']['counters'],
        vid_urls: rows.map(() => []),
        serial_numbers: rows.map(() => []),
        spacecraft: rows.map(() => []),
      },
      events: {
        id: [],
        slug: [],
        name: [],
        type: [],
        date: [],
        last_updated: [],
        agencies: [],
        program: [],
        vid_urls: [],
      },
      ...(Object.fromEntries(
        (Object.keys(REFERENCE_KINDS) as ReferenceKind[]).map((kind) => [kind, emptyColumns(kind)]),
      ) as Omit<QueryIndex['resources'], 'launches' | 'events'>),
    },
    lists: {
      'launches/': { rows: encodeRuns(rows), recent: 0 },
      'launches/upcoming/': { rows: encodeRuns(rows.slice(count / 2)), recent: 3 },
      'launches/previous/': { rows: encodeRuns(rows.slice(0, count / 2).reverse()), recent: 0 },
      'events/': { rows: [], recent: 0 },
      'events/upcoming/': { rows: [], recent: 0 },
      'events/previous/': { rows: [], recent: 0 },
    },
    reference: {
      agencies: [
        [44, 'NASA', 'NASA'],
        [121, 'SpaceX', 'SpX'],
        [147, 'Rocket Lab', 'RL'],
      ],
      configurations: [[164, 'Falcon 9', 'Falcon 9 Block 5', 121]],
      pads: [[80, 'Space Launch Complex 40', 12]],
      locations: [[12, 'Cape Canaveral SFS, FL, USA', 1]],
      orbits: [[8, 'Low Earth Orbit', 1, 0]],
      launch_statuses: [1, 2, 3, 4],
      programs: [],
      event_types: [],
    },
  };
  return loadIndex(index);
}

describe('the worst a URL can hold, on 10,000 launches', () => {
  const index = largeIndex(10_000);
  const timed = (query: string): number => {
    const url = new URL(`${ORIGIN}/2.3.0/launches/?${query}`);
    expect(url.pathname.length + url.search.length).toBeLessThanOrEqual(MAX_TARGET_LENGTH + 100);
    const start = performance.now();
    const answer = plan(url, index);
    expect(['page', 'error']).toContain(answer.kind);
    return performance.now() - start;
  };

  it('answers 8 KB of search terms that all match every launch in bounded time', () => {
    // Distinct terms that every record contains: substrings of "falcon 9 block 5 | starlink group".
    const common = 'falcon 9 block 5 | starlink group';
    const terms = new Set<string>();
    for (let i = 0; i < common.length; i++)
      for (let j = i + 1; j <= common.length; j++) terms.add(common.slice(i, j).trim());
    const search = [...terms]
      .filter((t) => t && !/\s/.test(t))
      .join('+')
      .slice(0, MAX_TARGET_LENGTH - 100);
    timed(`search=${search}`); // the first search makes the endpoint's search text
    expect(timed(`search=${search}`)).toBeLessThan(2000);
  });

  it('answers long comma lists and many parameters in bounded time', () => {
    expect(timed(`lsp__id=${Array.from({ length: 1800 }, (_, i) => i).join(',')}`)).toBeLessThan(1000);
    expect(timed(Array.from({ length: 1000 }, (_, i) => `name=${i % 10}`).join('&'))).toBeLessThan(1000);
    expect(timed(`ordering=${Array.from({ length: 1500 }, () => '-net').join(',')}`)).toBeLessThan(2000);
  });
});
