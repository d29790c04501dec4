// Filters on a launch value read straight from a column (or two added: a window's
// start), or through the reference
// record a column names (a launch's location through its pad: engine.ts passingRows,
// listedAmong): the rows they keep, in each list's order and past its recent
// members, are the rows the same filters keep when tested row by row. Random
// launches, lists made of runs that count up and down, random filter values; NET
// ascending with ties (its comparisons found by binary search); ordered by a column's
// cells, as the comparators order them.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plan, type Plan } from '../scripts/lib/query/engine.ts';
import {
  COUNTER_NAMES,
  emptyColumns,
  encodeRuns,
  QUERY_INDEX_FORMAT,
  type QueryIndex,
} from '../scripts/lib/query/index-format.ts';
import { rowsHolding, searchIndexOf } from '../scripts/lib/query/search-files.ts';
import { LAUNCH_TABLE } from '../scripts/lib/query/launch-table.ts';
import { loadIndex } from '../scripts/lib/query/whole-index.ts';
import { columnValue } from '../scripts/lib/query/column-cells.ts';
import { dateTimeFilter, lookupNames } from '../scripts/lib/query/filters.ts';
import type { FilterParameter, QueryValues } from '../scripts/lib/query/parameters.ts';
import type { LaunchRow } from '../scripts/lib/query/launch-row.ts';
import { REFERENCE_KINDS, type ReferenceKind } from '../scripts/schemas/data-files.ts';

const PROVIDERS = [44, 121, 147];
/** The first NET, in seconds: before 1970, so that the NETs cross zero (launches of the 1950s and 60s). */
const BASE = -50_000;
const STATUSES = [1, 2, 3, 4];

function index(launches: readonly LaunchDrawn[], lists: QueryIndex['lists']): QueryIndex {
  const rows = launches.map((_, i) => i);
  // Ascending, with ties (two launches an hour): the comparisons' stretches are found by binary search.
  const net = rows.map((i) => BASE + Math.floor(i / 2) * 3600);
  return {
    format: QUERY_INDEX_FORMAT,
    api_version: '2.3.0',
    base_url: 'https://x.example/2.3.0/',
    resources: {
      launches: {
        id: rows.map((i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
        slug: rows.map((i) => `l-${i}`),
        name: rows.map((i) => `L ${i}`),
        launch_designator: rows.map(() => null),
        status: launches.map((l) => l.status),
        net,
        window_start: launches.map((l) => l.window[0]),
        window_end: launches.map((l) => l.window[1]),
        last_updated: net.map((n, i) => n - (i % 7) * 3600),
        launch_service_provider: launches.map((l) => l.provider),
        configuration: launches.map((l) => l.configuration),
        pad: launches.map((l) => l.pad),
        mission: rows.map(() => null),
        orbit: launches.map((l) => l.orbit),
        program: rows.map(() => []),
        counters: Object.fromEntries(
          COUNTER_NAMES.map((name) => [
            name,
            name === 'agency_launch_attempt_count' ? launches.map((l) => l.count) : rows.map(() => null),
          ]),
        ) as QueryIndex['resources']['launches']['counters'],
        vid_urls: launches.map((l) => l.videos),
        serial_numbers: launches.map((l) => l.serials),
        spacecraft: launches.map((l) => l.flights),
      },
      events: emptyColumns('events'),
      ...(Object.fromEntries(
        (Object.keys(REFERENCE_KINDS) as ReferenceKind[]).map((kind) => [kind, emptyColumns(kind)]),
      ) as Omit<QueryIndex['resources'], 'launches' | 'events'>),
    },
    lists: {
      ...lists,
      'events/': { rows: [], recent: 0 },
      'events/upcoming/': { rows: [], recent: 0 },
      'events/previous/': { rows: [], recent: 0 },
    },
    reference: {
      // Provider 150 and configuration 3, which launches name, have no record either.
      agencies: PROVIDERS.map((id) => [id, `A${id}`, `a${id}`]),
      configurations: [
        [1, 'C1', 'Falcon C1', 121],
        [2, 'C2', 'C2', null],
        [4, 'C4', 'C4', 150],
      ],
      // Pad 82 and orbit 9, which launches name, have no record (their location 0, no celestial body); location 30 has no pad.
      pads: [
        [80, 'P80', 12],
        [81, 'P81', 12],
        [83, 'P83', 27],
      ],
      locations: [
        [12, 'L12', 1],
        [27, 'L27', null],
        [30, 'L30', 2],
      ],
      orbits: [
        [5, 'LEO', 1, 0],
        [6, 'Heliocentric', null, 0],
        [7, 'Lunar', 2, 0],
        [8, 'Suborbital', 1, 1],
      ],
      launch_statuses: STATUSES,
      programs: [],
      event_types: [],
    },
  };
}

const launch = fc.record({
  provider: fc.constantFrom(...PROVIDERS, 150),
  status: fc.constantFrom(...STATUSES),
  pad: fc.constantFrom(80, 81, 82, 83),
  configuration: fc.constantFrom(1, 2, 3, 4),
  orbit: fc.constantFrom(null, 5, 6, 7, 8, 9),
  count: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
  // The window's start and end, in seconds from the NET (0 most often, as most launches have).
  window: fc.tuple(
    fc.oneof(fc.constant(0), fc.integer({ min: -10_800, max: 0 })),
    fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_800 })),
  ),
  serials: fc.subarray(['B1', 'B2']),
  videos: fc.subarray(['https://v.example/1', 'https://v.example/2']),
  // Spacecraft flights: id, name, configuration (each may be missing), whether it carried a launch crew.
  flights: fc.array(
    fc.tuple(
      fc.option(fc.constantFrom(1, 2), { nil: null }),
      fc.option(fc.constantFrom('Dragon', 'Soyuz'), { nil: null }),
      fc.option(fc.constantFrom(1, 2), { nil: null }),
      fc.constantFrom(0 as const, 1 as const),
    ),
    { maxLength: 2 },
  ),
});
/**
 * A time on the hour of some launches, or half an hour from it; on the second, or a fraction past it (the
 * column holds seconds, the filter compares instants to the microsecond: a cell matches a time only on its second).
 */
const hour = fc
  .tuple(
    fc.integer({ min: -8, max: 32 }),
    fc.boolean(),
    fc.constantFrom('', '.000Z', '.000001Z', '.5Z', '.999999Z', '.999Z'),
  )
  .map(([h, half, fraction]) =>
    new Date((BASE + h * 3600 + (half ? 1800 : 0)) * 1000).toISOString().replace(/\.000Z$/, fraction || 'Z'),
  );
/** A filter's value in one query of five (with some twenty filters, a few at once: most queries keep some rows). */
const sometimes = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: value, weight: 1 });
/** A query of filters on columns, each present or not. */
const filters = fc.record({
  lsp__id: sometimes(fc.subarray([...PROVIDERS, 5, 121.5]).map((ids) => ids.join(','))),
  status__ids: sometimes(fc.subarray(STATUSES, { minLength: 1 }).map((ids) => ids.join(','))),
  status: sometimes(fc.constantFrom('1', '3')),
  pad: sometimes(fc.constantFrom('80', '81')),
  rocket__configuration__id: sometimes(fc.constantFrom('1', '2', '1.5')),
  // Through the pad's or the orbit's reference record: 0 is the location of a pad with no record.
  location__ids: sometimes(fc.subarray([12, 27, 30, 0, 99, 12.5]).map((ids) => ids.join(','))),
  pad__location: sometimes(fc.constantFrom('12', '27', '30')),
  pad__location__celestial_body__id: sometimes(fc.constantFrom('1', '2', '0', '1.5')),
  mission__orbit__celestial_body__id: sometimes(fc.constantFrom('1', '2', '0')),
  net__gte: sometimes(hour),
  net__gt: sometimes(hour),
  net__lt: sometimes(hour),
  net__lte: sometimes(hour),
  last_updated__lte: sometimes(hour),
  last_updated__gte: sometimes(hour),
  // The NET plus the window's offset (a column of sums).
  window_start__gte: sometimes(hour),
  window_start__lt: sometimes(hour),
  window_end__gt: sometimes(hour),
  window_end__lte: sometimes(hour),
  hide_recent_previous: fc.boolean(),
  ordering: fc.option(fc.constantFrom('net', '-net', 'last_updated', '-last_updated', 'name,-net'), { nil: undefined }),
});

/** No filter: the list itself (read from its runs), past its recent members or not. */
type LaunchDrawn = typeof launch extends fc.Arbitrary<infer T> ? T : never;
/** A query's filters, any of them absent. */
type Query = Partial<typeof filters extends fc.Arbitrary<infer T> ? T : never>;
const noFilter = fc.record({ hide_recent_previous: fc.boolean() }) as fc.Arbitrary<Query>;

/** The plan's page of each launch list for the query, against the same filters' matchers tested row by row and the comparators' order. */
function checkAgainstRows(
  launches: readonly LaunchDrawn[],
  cut: number,
  recent: number,
  query: Query,
  { offset, limit }: { offset: number; limit: number },
): void {
  const split = Math.min(cut, launches.length);
  const rows = launches.map((_, i) => i);
  // Upcoming counts up from the split; previous counts down from it, then a stretch counting up (two kinds of runs).
  const previous = [...rows.slice(0, split).reverse().slice(0, 5), ...rows.slice(0, Math.max(0, split - 5))];
  const loaded = loadIndex(
    index(launches, {
      'launches/': { rows: encodeRuns(rows), recent: 0 },
      'launches/upcoming/': { rows: encodeRuns(rows.slice(split)), recent: Math.min(recent, launches.length - split) },
      'launches/previous/': { rows: encodeRuns(previous), recent: 0 },
    }),
  );
  const pairs = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== false)
    .map(([k, v]) => [k, String(v)]);
  const values: QueryValues = {
    last: (key) => pairs.find(([k]) => k === key)?.[1],
    all: (key) => pairs.filter(([k]) => k === key).map(([, v]) => v),
  };
  for (const path of ['launches/', 'launches/upcoming/', 'launches/previous/']) {
    const answer = plan(
      new URL(
        `https://x.example/2.3.0/${path}?${new URLSearchParams([...pairs, ['limit', String(limit)], ['offset', String(offset)], ['mode', 'list']])}`,
      ),
      loaded,
    ) as Plan & { kind: 'page' };
    expect(answer.kind, path).toBe('page');
    // Row by row: every filter's matcher on every member of the list, in order.
    const list = loaded.lists.get(path)!;
    const hide = query.hide_recent_previous && path === 'launches/upcoming/';
    const tests = LAUNCH_TABLE.parameters
      .filter((p): p is FilterParameter<LaunchRow> => p.kind === 'filter')
      .flatMap((p) => {
        const cleaned = p.clean(values, loaded.choices);
        return cleaned.ok && cleaned.value !== undefined ? [p.matcher(cleaned.value)] : [];
      });
    const kept = list.members
      .slice(hide ? list.recent : 0)
      .filter((n) => tests.every((test) => test(loaded.rows.launches[n] as LaunchRow)));
    // Ordered by the comparators (a stable sort: ties in the list's order).
    const terms = query.ordering?.split(',') ?? [];
    const compare = (a: number, b: number) => {
      for (const term of terms) {
        const c = LAUNCH_TABLE.orderingFields[term.replace(/^-/, '')](
          loaded.rows.launches[a] as LaunchRow,
          loaded.rows.launches[b] as LaunchRow,
        );
        if (c) return term.startsWith('-') ? -c : c;
      }
      return 0;
    };
    const expected = [...kept].sort(compare);
    expect(
      answer.records.map((r) => r.row.row),
      `${path}?${new URLSearchParams(pairs)}`,
    ).toEqual(expected.slice(offset, offset + limit));
    expect(answer.count).toBe(expected.length);
  }
}

const window = fc.record({ offset: fc.integer({ min: 0, max: 70 }), limit: fc.integer({ min: 1, max: 100 }) });

describe('filters on columns', () => {
  it("keep, in each list's order and past its recent members, the rows the same filters keep row by row (none: the list itself), any window of them", () => {
    fc.assert(
      fc.property(
        fc.array(launch, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 5 }),
        fc.oneof(filters, noFilter),
        window,
        checkAgainstRows,
      ),
      { numRuns: 300 },
    );
  });

  it("through a reference record (a launch's location, celestial bodies, provider's and rocket's names), or computed from a cell (a NET's year, a launch's flights, boosters, counters), or found in a column of ids, or a window's start or end (the NET plus its offset), keep the rows the getters keep, records missing included", () => {
    // These filters alone, each in one query of ten (two or three at once: most queries keep some rows); values only a missing record gives (location 0) among them.
    const rarely = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
      fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: value, weight: 1 });
    const through = fc.record({
      location__ids: rarely(fc.subarray([12, 27, 30, 0, 99], { minLength: 1 }).map((ids) => ids.join(','))),
      pad__location: rarely(fc.constantFrom('12', '27', '30')),
      pad__location__celestial_body__id: rarely(fc.constantFrom('1', '2', '0')),
      mission__orbit__celestial_body__id: rarely(fc.constantFrom('1', '2', '0')),
      include_suborbital: rarely(fc.constantFrom('true', 'false')),
      lsp__name: rarely(fc.subarray(['A44', 'A121', 'B'], { minLength: 1 }).map((names) => names.join(','))),
      related_lsp__name: rarely(fc.constantFrom('A147', 'A150')),
      rocket__configuration__name: rarely(fc.constantFrom('C1', 'C2', 'C3')),
      rocket__configuration__full_name: rarely(fc.constantFrom('Falcon C1', 'C2')),
      rocket__configuration__full_name__icontains: rarely(fc.constantFrom('falcon', 'c', '2')),
      rocket__configuration__manufacturer__name: rarely(fc.constantFrom('A121', 'A150')),
      rocket__configuration__manufacturer__name__icontains: rarely(fc.constantFrom('a1', '2')),
      // The NETs cross midnight of 1 January 1970 (BASE): two years, months and days.
      year: rarely(fc.constantFrom('1969', '1970', '1969,1970', '1971')),
      month: rarely(fc.constantFrom('12', '1', '1,2')),
      day: rarely(fc.constantFrom('31', '1', '2')),
      is_crewed: rarely(fc.constantFrom('true', 'false')),
      serial_number: rarely(fc.constantFrom('B1', 'B1,B2', 'B3')),
      rocket__spacecraftflight__spacecraft__id: rarely(fc.constantFrom('1', '2')),
      rocket__spacecraftflight__spacecraft__name: rarely(fc.constantFrom('Dragon', 'Soyuz')),
      rocket__spacecraftflight__spacecraft__name__icontains: rarely(fc.constantFrom('dra', 'o')),
      spacecraft_config__ids: rarely(fc.constantFrom('1', '1,2')),
      agency_launch_attempt_count: rarely(fc.constantFrom('0', '3')),
      agency_launch_attempt_count__gte: rarely(fc.constantFrom('2', '4')),
      name: rarely(fc.constantFrom('L 1', 'L 2')),
      slug: rarely(fc.constantFrom('l-0', 'l-3')),
      mission__orbit__name: rarely(fc.constantFrom('LEO', 'Lunar')),
      mission__orbit__name__icontains: rarely(fc.constantFrom('o', 'sub')),
      // Ids found in their column: some of the launches', in any case and with or without dashes, and one no launch has.
      id: rarely(
        fc
          .subarray(
            [
              ...[0, 1, 2, 5, 29].map((i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
              '00000000-0000-4000-8000-00000000000A'.toLowerCase(),
              '00000000000040008000000000000003',
            ],
            { minLength: 1 },
          )
          .map((ids) => ids.join(',')),
      ),
      video_url: rarely(
        fc.constantFrom('https://v.example/1', 'https://v.example/1,https://v.example/2', 'https://v.example/3'),
      ),
      // A window's start or end: the NET plus its offset, a column of sums.
      window_start__gte: rarely(hour),
      window_start__lte: rarely(hour),
      window_end__gt: rarely(hour),
      window_end__lt: rarely(hour),
      hide_recent_previous: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(launch, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 29 }),
        fc.integer({ min: 0, max: 5 }),
        through,
        window,
        checkAgainstRows,
      ),
      { numRuns: 800 },
    );
  });
});

describe('search values', () => {
  it("give the rows one of whose values holds the term, as testing each row's values would", () => {
    // Upper case letters like the rows' digits, and tabs and line breaks in values (no term holds whitespace).
    const value = fc.stringMatching(/^[ab|éAZ\t\n-]{0,6}$/);
    const word = fc.stringMatching(/^[ab|éAZ-]{0,6}$/);
    fc.assert(
      fc.property(fc.array(fc.array(value, { maxLength: 3 }), { minLength: 1, maxLength: 40 }), word, (rows, term) => {
        const index = searchIndexOf(rows);
        const held = rowsHolding(index, term);
        expect([...held].map((h, row) => [row, h === 1])).toEqual(
          rows.map((values, row) => [row, values.some((value) => value.includes(term))]),
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe('date-time filters on a column of seconds', () => {
  it("by year, month and day keep a cell of seconds exactly when the row's NET in milliseconds has that year, month or day", () => {
    const filters = ['year', 'month', 'day'].map(
      (name) =>
        LAUNCH_TABLE.parameters.find((p): p is FilterParameter<LaunchRow> => p.name === name && p.kind === 'filter')!,
    );
    const partOf: Record<string, (date: Date) => number> = {
      year: (d) => d.getUTCFullYear(),
      month: (d) => d.getUTCMonth() + 1,
      day: (d) => d.getUTCDate(),
    };
    // Days from 1833 to 2106, each at midnight, a second either side of it, or noon.
    const second = fc
      .tuple(fc.integer({ min: -50_000, max: 50_000 }), fc.constantFrom(-1, 0, 1, 43_200))
      .map(([day, at]) => day * 86_400 + at);
    fc.assert(
      fc.property(
        fc.constantFrom(...filters),
        fc.array(second, { minLength: 1, maxLength: 20 }),
        fc.nat(),
        fc.constantFrom(-1, 0, 1),
        (filter, cells, pick, delta) => {
          // The year, month or day of one of the cells, or one either side of it.
          const text = String(partOf[filter.name](new Date(cells[pick % cells.length] * 1000)) + delta);
          const cleaned = filter.clean({ last: () => text, all: () => [text] }, {} as never);
          if (!cleaned.ok || cleaned.value === undefined) throw new Error(`${text} is not a list of numbers`);
          const onRows = filter.matcher(cleaned.value);
          const onCells = filter.cells!.matcher(cleaned.value, {} as never);
          for (const cell of cells)
            expect(onCells(cell), `${filter.name}=${text} on ${cell}`).toBe(onRows({ net: cell * 1000 } as LaunchRow));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keep a cell exactly when the row's value in milliseconds passes, to the microsecond, without multiplying the cell", () => {
    const column = columnValue<{ row: number; columns: { t: ReadonlyArray<number | null> } }>('t', 1000);
    // Instants on a second, a microsecond past it, half a second, just before the next; before and after 1970.
    const instant = fc
      .tuple(fc.integer({ min: -5, max: 5 }), fc.constantFrom('', '.000001', '.5', '.999', '.999999', '.001'))
      .map(([second, fraction]) => `${new Date((BASE + second) * 1000).toISOString().slice(0, 19)}${fraction}Z`);
    fc.assert(
      fc.property(
        fc.constantFrom(...lookupNames('t')),
        instant,
        fc.array(fc.option(fc.integer({ min: BASE - 6, max: BASE + 6 }), { nil: null })),
        ([name, lookup], text, cells) => {
          const filter = dateTimeFilter(name, lookup, column);
          const cleaned = filter.clean({ last: () => text, all: () => [text] }, {} as never);
          if (!cleaned.ok || cleaned.value === undefined) throw new Error(`${text} is not a date-time`);
          const onRows = filter.matcher(cleaned.value);
          const onCells = filter.cells!.matcher(cleaned.value, {} as never);
          const range = filter.cells!.range!(cleaned.value);
          cells.forEach((cell, row) => {
            const byRow = onRows({ row, columns: { t: cells } });
            expect(onCells(cell), `${name}=${text} on ${cell}`).toBe(byRow);
            if (cell !== null)
              expect(Math.sign(range.compare(cell)), `${name}=${text} on ${cell}`).toBe(
                Math.sign(cell * 1000 - (cleaned.value as { ms: number }).ms) ||
                  ((cleaned.value as { micro: number }).micro ? -1 : 0),
              );
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
