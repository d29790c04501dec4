// Reference kinds and launches ordered by the ranks the build writes (query/column-order.ts,
// ReferenceTable.ranks, launchOrderingRanks, one column file a resource): sorting rows by their ranks is
// the comparator's stable sort, ascending and descending, for random cells with
// ties, nulls, texts that differ in case and accents, lists and booleans, and for
// launch names and ids with ties; on the query fixture every reference list's every
// ordering field, and every launch list by name and by id, answers the same bytes
// from the ranks file as from the whole index and as from the comparators; a first
// such query reads the head and the ranks file, not the kind's part (nor the
// launches' names); a ranks file of another build answers 503 and is read again.

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { denseRanks, sortedByColumn } from '../scripts/lib/query/column-order.ts';
import { ENDPOINTS, type TableName } from '../scripts/lib/query/endpoints.ts';
import { createHandler, type Handler } from '../scripts/lib/query/handler.ts';
import { columnFile, partFile, QUERY_INDEX_FILE, RANKS_COLUMN, type Cell } from '../scripts/lib/query/index-format.ts';
import { partColumns } from '../scripts/lib/query/part-text.ts';
import type { LaunchRow } from '../scripts/lib/query/launch-row.ts';
import { LAUNCH_TABLE, launchOrderingRanks } from '../scripts/lib/query/launch-table.ts';
import { referenceTable, type ReferenceRow } from '../scripts/lib/query/reference-kit.ts';
import { compareNullable, compareNumbers } from '../scripts/lib/query/resource-table.ts';
import { ORIGIN, queryFixture, type QueryFixture } from './helpers/query-site.ts';

/** A table of one cell `v`, ordered by it and by id (as the reference tables declare theirs). */
const TABLE = referenceTable({
  name: 'agencies',
  modes: [],
  cells: {},
  parameters: [],
  search: {},
  ordering: { v: 'v', id: 'id' },
});

const rowsOf = (cells: readonly Cell[], ids: readonly number[]): ReferenceRow[] =>
  cells.map((v, row) => ({ row, key: String(ids[row]), id: ids[row], normal: {}, cells: { v } }));

/** Cells of one kind a run, with nulls: the kit ranks only a field whose cells are all numbers, or hold none. */
const TEXTS = ['a', 'A', 'á', 'Á', 'b', 'B', ' a', 'a ', '10', '9', 'é', 'e', 'ß', 'ss', ''];
const cellsOfOneKind = fc.oneof(
  fc.array(fc.option(fc.integer({ min: -5, max: 5 }), { nil: null })),
  fc.array(fc.option(fc.double({ min: -3, max: 3, noNaN: true }), { nil: null })),
  fc.array(fc.option(fc.constantFrom(...TEXTS), { nil: null })),
  fc.array(fc.option(fc.boolean(), { nil: null })),
  fc.array(fc.option(fc.array(fc.constantFrom(...TEXTS, 3, 12), { maxLength: 2 }), { nil: null })),
  fc.array(fc.option(fc.oneof(fc.constantFrom(...TEXTS), fc.boolean()), { nil: null })),
);

/** A list's members: some of the rows, in any order. */
const membersOf = (count: number) => fc.shuffledSubarray(Array.from({ length: count }, (_, i) => i));

/** Sorting the members by each field's ranks, both ways, gives the field's comparator's stable sort. */
function expectComparatorsOrder<Row extends { row: number }>(
  rows: readonly Row[],
  members: readonly number[],
  ranks: Record<string, number[]>,
  fields: Record<string, (a: Row, b: Row) => number>,
  names = Object.keys(ranks),
): void {
  for (const field of names) {
    const compare = fields[field];
    for (const descending of [false, true]) {
      const byComparator = members
        .map((row) => rows[row])
        .sort((a, b) => (descending ? -compare(a, b) : compare(a, b)))
        .map((row) => row.row);
      expect(sortedByColumn(members, ranks[field], descending), `${field} ${descending}`).toEqual(byComparator);
    }
  }
}

describe('ranks', () => {
  it("order any of the rows, in any order, as the comparator's stable sort does, ascending and descending", () => {
    fc.assert(
      fc.property(
        cellsOfOneKind.chain((cells) =>
          fc.tuple(
            fc.constant(cells),
            fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: cells.length, maxLength: cells.length }),
            membersOf(cells.length),
          ),
        ),
        ([cells, ids, members]) => {
          const rows = rowsOf(cells, ids);
          const ranks = TABLE.ranks(rows);
          expect(Object.keys(ranks).sort()).toEqual(['id', 'v']);
          expectComparatorsOrder(rows, members, ranks, TABLE.orderingFields);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('order a column of whole numbers with nulls as compareNullable does (nulls last ascending, first descending), stably', () => {
    const compare = (a: number | null, b: number | null) => compareNullable(a, b, compareNumbers);
    // Cells in 32 bits (keyed by whole-number work) and beyond (keyed by doubles), the edges of both, in one column.
    const cell = fc.oneof(
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      fc.integer({ min: -(2 ** 33) + 1, max: 2 ** 33 - 1 }),
      fc.integer({ min: -3, max: 3 }),
      fc.constantFrom(-(2 ** 31), 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 33 - 1, -(2 ** 33) + 1, -0),
    );
    fc.assert(
      fc.property(
        fc
          .array(fc.option(cell, { nil: null }), { maxLength: 60 })
          .chain((cells) => fc.tuple(fc.constant(cells), membersOf(cells.length))),
        ([cells, members]) => {
          for (const descending of [false, true]) {
            const byComparator = members
              .slice()
              .sort((a, b) => (descending ? -compare(cells[a], cells[b]) : compare(cells[a], cells[b])));
            expect(sortedByColumn(members, cells, descending), String(descending)).toEqual(byComparator);
          }
        },
      ),
      { numRuns: 300 },
    );
    // Neither a text nor a number too large for its key: the comparators order those.
    expect(sortedByColumn([0, 1], [1, 'a'], false)).toBeUndefined();
    expect(sortedByColumn([0, 1], [1, 2 ** 33], false)).toBeUndefined();
    expect(sortedByColumn([0, 1], [-(2 ** 33), 1], true)).toBeUndefined();
    expect(sortedByColumn([0, 1], [1, 0.5], false)).toBeUndefined();
  });

  it('are dense, shared by the rows the comparator finds equal, nulls last', () => {
    const rows = rowsOf(['b', null, 'a', 'b'], [5, 6, 7, 8]);
    expect(TABLE.ranks(rows)).toEqual({ v: [1, 2, 0, 1], id: [0, 1, 2, 3] });
    expect(denseRanks([3, 1, 3, 2], (a, b) => a - b)).toEqual([2, 0, 2, 1]);
    expect(denseRanks([], (a: number, b: number) => a - b)).toEqual([]);
  });

  it("order launches by name and by id as the launch table's comparators do, ties and case included, both ways", () => {
    const texts = fc.constantFrom(...TEXTS, 'Falcon 9 | Starlink', 'falcon 9 | Starlink', 'Soyuz | Progress MS-20');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(texts, texts)).chain((cells) => fc.tuple(fc.constant(cells), membersOf(cells.length))),
        ([cells, members]) => {
          const columns = { id: cells.map(([id]) => id), name: cells.map(([, name]) => name) };
          const rows = cells.map(([key, name], row) => ({ row, key, name }) as LaunchRow);
          const ranks = launchOrderingRanks(columns);
          expectComparatorsOrder(rows, members, ranks, LAUNCH_TABLE.orderingFields, ['name', 'id']);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leave out a field whose cells mix numbers and texts, which are in no one order: its comparator orders it', () => {
    // 2 < 10 as numbers, "10" < "1x" and "1x" < "2" as texts.
    const ranks = TABLE.ranks(rowsOf([2, 10, '1x', null], [1, 2, 3, 4]));
    expect(Object.keys(ranks)).toEqual(['id']);
  });
});

describe('a reference kind or the launches ordered by one field', () => {
  let fixture: QueryFixture;
  let whole: Handler;
  let byComparators: Handler;
  /** Every reference list route with its resource. */
  const referenceLists = () =>
    [...ENDPOINTS].filter(
      ([, endpoint]) => endpoint.route.resource !== 'launches' && endpoint.route.resource !== 'events',
    );
  const text = async (handler: Handler, target: string): Promise<string> => {
    const response = await handler.fetch(new Request(`${ORIGIN}/2.3.0/${target}`));
    expect(response.status, target).toBe(200);
    return response.text();
  };
  /** A handler over the fixture's files, with the paths it reads. */
  const reading = (files: Map<string, string> = fixture.files) => {
    const reads: string[] = [];
    const handler = createHandler({
      readText: async (path) => {
        reads.push(path);
        return files.get(path);
      },
    });
    return {
      handler,
      reads,
      indexReads: () => reads.filter((path) => !path.endsWith('.jsonl') && !path.startsWith('2.3.0/')),
    };
  };

  beforeAll(async () => {
    fixture = await queryFixture();
    whole = createHandler({ readText: async (path) => fixture.files.get(path) });
    await whole.preload();
    // The same files but every kind's ranks left out: the engine orders by the comparators.
    const unranked = new Map(
      [...fixture.files].map(([path, content]) => [
        path,
        path.endsWith(`.column-${RANKS_COLUMN}.json`) ? content.replace(/^"ranks":\{.*\}$/m, '"ranks":{}') : content,
      ]),
    );
    expect([...unranked.values()].filter((content) => content.includes('"ranks":{}')).length).toBeGreaterThan(10);
    byComparators = createHandler({ readText: async (path) => unranked.get(path) });
  });

  it("answers every reference list's every ordering field, both ways, as the whole index and the comparators do, reading the ranks file and not the part", async () => {
    let checked = 0;
    for (const [path, endpoint] of referenceLists()) {
      const resource = endpoint.route.resource as TableName;
      const ranksFile = fixture.files.get(columnFile(resource, RANKS_COLUMN));
      const ranked = ranksFile === undefined ? {} : (partColumns(ranksFile)![RANKS_COLUMN] as Record<string, number[]>);
      for (const field of Object.keys(endpoint.table.orderingFields)) {
        // No field of the fixture's kinds mixes numbers with texts: every field is ranked (a kind without records has no file).
        if (ranksFile !== undefined) expect(Object.keys(ranked), `${path} ${field}`).toContain(field);
        for (const term of [field, `-${field}`]) {
          const target = `${path}?ordering=${term}&limit=100`;
          const first = reading();
          const answer = await text(first.handler, target);
          expect(answer, target).toBe(await text(whole, target));
          expect(answer, target).toBe(await text(byComparators, target));
          expect(first.indexReads(), target).toEqual(
            ranksFile === undefined ? [QUERY_INDEX_FILE] : [QUERY_INDEX_FILE, columnFile(resource, RANKS_COLUMN)],
          );
          if (ranksFile !== undefined) checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('answers every launch list by name and by id, both ways, as the whole index and the comparators do, reading the ranks file only', async () => {
    const ranksFile = columnFile('launches', RANKS_COLUMN);
    const ranked = partColumns(fixture.files.get(ranksFile)!)![RANKS_COLUMN] as Record<string, number[]>;
    expect(Object.keys(ranked).sort()).toEqual(['id', 'name']);
    expect(ranked.name.length).toBeGreaterThan(5);
    for (const path of ['launches/', 'launches/upcoming/', 'launches/previous/']) {
      for (const term of ['name', '-name', 'id', '-id']) {
        for (const mode of ['list', 'normal']) {
          const target = `${path}?ordering=${term}&mode=${mode}&limit=100&offset=1`;
          const first = reading();
          const answer = await text(first.handler, target);
          expect(answer, target).toBe(await text(whole, target));
          expect(answer, target).toBe(await text(byComparators, target));
          expect(first.indexReads(), target).toEqual([QUERY_INDEX_FILE, ranksFile]);
        }
      }
    }
  });

  it('reads the part too when a filter needs the cells, and the ranks file after a query that read the part', async () => {
    const filtered = reading();
    const target = 'agencies/?featured=true&ordering=-name';
    expect(await text(filtered.handler, target)).toBe(await text(whole, target));
    expect(filtered.indexReads().sort()).toEqual(
      [QUERY_INDEX_FILE, columnFile('agencies', RANKS_COLUMN), partFile('agencies', 0)].sort(),
    );
    // The part read whole first (a detail route reads the ids), then an ordering: the ranks are not in the part.
    const after = reading();
    const id = JSON.parse(await text(whole, 'agencies/?limit=1')).results[0].id as number;
    await text(after.handler, `agencies/${id}/?format=json`);
    expect(after.indexReads()).not.toContain(columnFile('agencies', RANKS_COLUMN));
    for (const ordered of ['agencies/?ordering=name', 'agencies/?ordering=-total_launch_count&mode=list'])
      expect(await text(after.handler, ordered)).toBe(await text(whole, ordered));
    expect(after.indexReads()).toContain(columnFile('agencies', RANKS_COLUMN));
  });

  it('is answered by the Node server from what it read before listening (preload reads the ranks files too)', async () => {
    const preloaded = reading();
    await preloaded.handler.preload();
    expect(preloaded.reads).toContain(columnFile('astronauts', RANKS_COLUMN));
    preloaded.reads.length = 0;
    for (const target of [
      'astronauts/?ordering=-name',
      'updates/?ordering=created_on',
      'agencies/?ordering=-id&mode=list',
    ]) {
      expect(await text(preloaded.handler, target), target).toBe(await text(byComparators, target));
    }
    expect(preloaded.indexReads()).toEqual([]);
  });

  it('orders by two fields with the comparators, as before', async () => {
    const target = 'pads/?ordering=-total_launch_count,name';
    expect(await text(reading().handler, target)).toBe(await text(byComparators, target));
  });

  it("answers 503, and reads the ranks again, when the ranks file is not of the index's build", async () => {
    const file = columnFile('pads', RANKS_COLUMN);
    let stale = true;
    const handler = createHandler({
      readText: async (path) =>
        path === file && stale
          ? fixture.files.get(path)!.replace(/"rows":"(\d+):/, (_, count: string) => `"rows":"${Number(count) + 1}:`)
          : fixture.files.get(path),
    });
    const target = 'pads/?ordering=-total_launch_count';
    const first = await handler.fetch(new Request(`${ORIGIN}/2.3.0/${target}`));
    expect([first.status, first.headers.get('Retry-After')]).toEqual([503, '5']);
    expect(await first.json()).toEqual({ detail: 'the query index is being republished; try again' });
    stale = false;
    expect(await text(handler, target)).toBe(await text(whole, target));
  });
});
