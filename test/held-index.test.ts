// The query index held in the edge worker (outputs/edge-worker.ts chooses the
// files, query/held-index.ts reads them, handler.ts preloadHeld decodes them at
// start-up): which files, in which order, within the budget, identical texts
// once, a resource's parts all or none; the declaration the worker's code reads;
// a reader that answers held paths from memory; and a handler that, after
// preloading, answers queries with the same bytes while reading only what is
// not held.

import { beforeAll, describe, expect, it } from 'vitest';
import { workerText } from '../scripts/lib/outputs/edge-worker.ts';
import { chooseHeld, heldRank } from '../scripts/lib/outputs/held-bundle.ts';
import { createHandler } from '../scripts/lib/query/handler.ts';
import { decodedAtStartUp, heldFirst, STARTUP_COLUMN_ROWS } from '../scripts/lib/query/held-index.ts';
import {
  columnFile,
  coreColumns,
  NUMBER_COLUMNS,
  partFile,
  QUERY_INDEX_FILE,
  REFERENCE_FILE,
} from '../scripts/lib/query/index-format.ts';
import { isRecordPack, packFile } from '../scripts/lib/query/record-packs.ts';
import { partColumns } from '../scripts/lib/query/part-text.ts';
import { searchFile } from '../scripts/lib/query/search-files.ts';
import { ORIGIN, queryFixture, type QueryFixture } from './helpers/query-site.ts';

const file = (path: string, text = `text of ${path}`) => ({ path, text });

describe('the files a worker holds', () => {
  it("ranks the head, the reference tables, the reference kinds' parts, their ranks and the events' columns, the launches' columns, the search files, then the events' parts; never packs, the launches' parts, their text columns or their ranks", () => {
    const ranks = [
      QUERY_INDEX_FILE,
      REFERENCE_FILE,
      partFile('agencies', 0),
      columnFile('agencies', 'ranks'),
      columnFile('launches', 'id'),
      columnFile('launches', 'counters'),
      searchFile('agencies', 'agencies/'),
      searchFile('launches', 'launches/'),
      partFile('events', 0),
    ].map((path) => heldRank(path)!.rank);
    for (const column of coreColumns('events'))
      expect(heldRank(columnFile('events', column))!.rank, column).toBe(
        heldRank(columnFile('agencies', 'ranks'))!.rank,
      );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(ranks.length);
    // The launches' columns the filters LL2 clients send most read (statuses, providers, the NET) before the window's
    // end and the last update: at 100,000 launches only the first of them fit.
    const launchRank = (column: string) => heldRank(columnFile('launches', column))!.rank;
    for (const first of ['status', 'launch_service_provider', 'net'])
      for (const later of ['window_end', 'last_updated', 'counters'])
        expect(launchRank(first), `${first} before ${later}`).toBeLessThan(launchRank(later));
    // The launches' text columns (slugs, names, designators, videos) and their ranks by name and id are read when asked for:
    // held, they make every first request dearer.
    const texts = ['slug', 'name', 'launch_designator', 'vid_urls', 'ranks'].map((column) =>
      columnFile('launches', column),
    );
    for (const never of [
      partFile('launches', 0),
      packFile('launches', 'normal', 0),
      packFile('agencies', 'list', 0),
      '2.3.0/launches/index.json',
      ...texts,
    ]) {
      expect(heldRank(never), never).toBeUndefined();
    }
    expect(heldRank(partFile('agencies', 1))!.group).toBe(heldRank(partFile('agencies', 0))!.group);
  });

  it("takes files in that order while they fit, skips what does not, holds identical texts once, and a resource's parts all or none", () => {
    const same = 'the same search values';
    const files = [
      file(searchFile('launches', 'launches/'), same),
      file(searchFile('launches', 'launches/previous/'), same),
      file(columnFile('launches', 'net'), 'n'.repeat(30)),
      file(partFile('agencies', 0), 'a'.repeat(50)),
      file(partFile('agencies', 1), 'b'.repeat(50)),
      file(QUERY_INDEX_FILE, 'h'.repeat(10)),
      file(packFile('launches', 'normal', 0), 'p'),
      file(REFERENCE_FILE, 'r'.repeat(10)),
    ];
    const held = chooseHeld(files, 10 + 10 + 30 + same.length);
    // The agencies' two parts (100) do not fit after the head and the tables; the column, then one copy of the search values, do.
    expect(held.map(([paths]) => paths)).toEqual([
      [QUERY_INDEX_FILE],
      [REFERENCE_FILE],
      [columnFile('launches', 'net')],
      [searchFile('launches', 'launches/'), searchFile('launches', 'launches/previous/')],
    ]);
    expect(chooseHeld(files, 1e6).flatMap(([paths]) => paths)).toContain(partFile('agencies', 1));
    expect(
      chooseHeld(files, 1e6)
        .flatMap(([paths]) => paths)
        .some(isRecordPack),
    ).toBe(false);
  });

  it("declares them after the banner, in a form the worker's code reads back whole", () => {
    const held = [
      [[QUERY_INDEX_FILE], '{"a":"\u2028\\"</script>"}'],
      [[REFERENCE_FILE, 'x'], 'r'],
    ] as const;
    const text = workerText(held);
    const [banner, declaration] = text.split('\n');
    expect(banner).toMatch(/^\/\/ Launch Schedule Service edge worker/);
    expect(declaration).toBe('const HELD_QUERY_INDEX = [');
    const literal = text.slice(text.indexOf('= ') + 2, text.indexOf('\n];\n') + 2);
    expect(JSON.parse(literal)).toEqual(held);
  });
});

describe('a handler over held files', () => {
  let fixture: QueryFixture;
  beforeAll(async () => {
    fixture = await queryFixture();
  }, 60_000);

  const treeReader = (reads: string[]) => ({
    readText: async (path: string) => {
      reads.push(path);
      return fixture.files.get(path);
    },
    readBytes: async (path: string) => {
      reads.push(path);
      const text = fixture.files.get(path);
      return text === undefined ? undefined : new TextEncoder().encode(text);
    },
    openFile: async (path: string) => {
      reads.push(path);
      const text = fixture.files.get(path);
      return text === undefined ? undefined : { body: text };
    },
  });

  /** A held reader whose text and index-file reads are also listed in `reads`. */
  const countingReads = <R extends { readText(path: string): unknown; readIndexFile(path: string): unknown }>(
    reader: R,
    reads: string[],
  ): R => ({
    ...reader,
    readText: (path: string) => {
      reads.push(path);
      return reader.readText(path);
    },
    readIndexFile: (path: string) => {
      reads.push(path);
      return reader.readIndexFile(path);
    },
  });

  it('answers held paths from memory and the others through the host', async () => {
    const reads: string[] = [];
    const reader = heldFirst([[[QUERY_INDEX_FILE], 'head']], () => treeReader(reads));
    expect(await reader.readIndexFile(QUERY_INDEX_FILE)).toBe('head');
    expect(new TextDecoder().decode(await reader.readBytes(QUERY_INDEX_FILE))).toBe('head');
    expect(reader.holds(QUERY_INDEX_FILE)).toBe(true);
    expect(reads).toEqual([]);
    await reader.readText(REFERENCE_FILE);
    expect(reads).toEqual([REFERENCE_FILE]);
  });

  it('decodes only the held files at start-up, then answers as a handler over the files does, reading only what is not held', async () => {
    const candidates = [...fixture.files].map(([path, text]) => ({ path, text }));
    const held = chooseHeld(candidates, 1e9);
    const reads: string[] = [];
    const reader = heldFirst(held, () => treeReader(reads));
    // Every read of a held file, through any of the reader's methods.
    const heldReads: string[] = [];
    const counted = Object.fromEntries(
      Object.entries(reader).map(([name, method]) => [
        name,
        (path: string) => {
          if (name !== 'holds' && reader.holds(path)) heldReads.push(path);
          return (method as (path: string) => unknown)(path);
        },
      ]),
    ) as unknown as typeof reader;
    const handler = createHandler(counted);
    await handler.preloadHeld(reader.holds);
    expect(reads).toEqual([]);
    expect(heldReads).toContain(QUERY_INDEX_FILE);
    expect(heldReads).toContain(searchFile('launches', 'launches/'));
    heldReads.length = 0;
    for (const target of [
      'launches/upcoming/?limit=2',
      'launches/?lsp__id=121&status__ids=3,4&mode=list',
      'launches/?search=starlink&ordering=-net',
      'launches/?net__gte=2026-01-01T00:00:00Z&mode=detailed',
      'agencies/?search=rocket',
      'pads/?ordering=-total_launch_count',
      'events/?mode=detailed',
    ]) {
      const answer = await handler.fetch(new Request(`${ORIGIN}/2.3.0/${target}`));
      const expected = await fixture.get(target);
      expect(answer.status, target).toBe(expected.status);
      expect(await answer.text(), target).toBe(expected.text);
    }
    expect(reads.length).toBeGreaterThan(0);
    expect(
      reads.filter((path) => !isRecordPack(path) && !path.startsWith('2.3.0/')),
      reads.join(' '),
    ).toEqual([]);
    // Decoded at start-up: no query reads a held file again.
    expect(heldReads).toEqual([]);
  });

  it("decodes at start-up, as an edge bundle does, the head, and of a large resource the columns of numbers only: a first query filtering on them reads no held file, one on another column reads that column's", async () => {
    // Each of those columns is one number (or null) a row, so that decoding it makes one array, no object per row.
    for (const [resource, columns] of Object.entries(NUMBER_COLUMNS) as Array<[keyof typeof NUMBER_COLUMNS, string[]]>)
      for (const column of columns) {
        expect(coreColumns(resource), `${resource} ${column}`).toContain(column);
        const values = partColumns(fixture.files.get(columnFile(resource, column))!)![column] as unknown[];
        expect(values.length, `${resource} ${column}`).toBeGreaterThan(0);
        expect(
          values.every((value) => value === null || typeof value === 'number'),
          `${resource} ${column}`,
        ).toBe(true);
      }
    expect(decodedAtStartUp(QUERY_INDEX_FILE, 0)).toBe(true);
    for (const other of [
      REFERENCE_FILE,
      columnFile('launches', 'id'),
      columnFile('launches', 'program'),
      partFile('agencies', 0),
    ])
      expect(decodedAtStartUp(other, 1e6), other).toBe(false);
    // Of a resource of STARTUP_COLUMN_ROWS rows or fewer, none but the head (the fixture's few rows: the head alone).
    expect(decodedAtStartUp(columnFile('launches', 'net'), STARTUP_COLUMN_ROWS)).toBe(false);
    expect(decodedAtStartUp(columnFile('launches', 'net'), STARTUP_COLUMN_ROWS + 1)).toBe(true);
    const reader = heldFirst(
      chooseHeld(
        [...fixture.files].map(([path, text]) => ({ path, text })),
        1e9,
      ),
      () => treeReader([]),
    );
    const heldReads: string[] = [];
    const counted = countingReads(reader, heldReads);
    const bundled = createHandler(counted);
    await bundled.preloadHeld((path, rows) => reader.holds(path) && decodedAtStartUp(path, rows));
    expect(heldReads).toEqual([QUERY_INDEX_FILE]);
    heldReads.length = 0;
    // With a threshold below the fixture's rows, as at 100,000 launches.
    const handler = createHandler(counted);
    await handler.preloadHeld((path, rows) => reader.holds(path) && decodedAtStartUp(path, rows, 0));
    expect(heldReads.sort()).toEqual(
      [
        QUERY_INDEX_FILE,
        ...NUMBER_COLUMNS.launches!.map((column) => columnFile('launches', column)),
        ...NUMBER_COLUMNS.events!.map((column) => columnFile('events', column)),
      ].sort(),
    );
    heldReads.length = 0;
    const target = 'launches/previous/?lsp__id=121&status__ids=3,4&mode=list';
    const answer = await handler.fetch(new Request(`${ORIGIN}/2.3.0/${target}`));
    expect(await answer.text()).toBe((await fixture.get(target)).text);
    expect(heldReads).toEqual([]);
    expect((await handler.fetch(new Request(`${ORIGIN}/2.3.0/launches/?is_crewed=true&mode=list`))).status).toBe(200);
    expect(heldReads).toEqual([columnFile('launches', 'spacecraft')]);
  });

  it('reads, at start-up, no file it does not hold, and a column it does not hold when a query first needs it', async () => {
    const held = chooseHeld(
      [...fixture.files].map(([path, text]) => ({ path, text })),
      1e9,
    ).filter(([paths]) => !paths.includes(columnFile('launches', 'launch_service_provider')));
    const reads: string[] = [];
    const reader = heldFirst(held, () => treeReader(reads));
    const handler = createHandler(reader);
    await handler.preloadHeld(reader.holds);
    expect(reads).toEqual([]);
    expect(coreColumns('launches')).toContain('launch_service_provider');
    await handler.fetch(new Request(`${ORIGIN}/2.3.0/launches/?lsp__id=121&mode=list`));
    expect(reads.filter((path) => !isRecordPack(path))).toEqual([columnFile('launches', 'launch_service_provider')]);
  });

  it("decodes the rest when one held file cannot be used at start-up (the host's files are out of reach then)", async () => {
    const held = chooseHeld(
      [...fixture.files].map(([path, text]) => ({ path, text })),
      1e9,
    ).map(
      ([paths, text]) =>
        [paths, paths.includes(columnFile('launches', 'status')) ? 'not a column file' : text] as const,
    );
    let answering = false;
    const reader = heldFirst(held, () => {
      if (!answering) throw new Error('no request is being answered');
      return treeReader([]);
    });
    const heldReads: string[] = [];
    const counted = countingReads(reader, heldReads);
    const handler = createHandler(counted);
    await expect(handler.preloadHeld(reader.holds)).resolves.toBeUndefined();
    expect(heldReads).toContain(partFile('agencies', 0));
    expect(heldReads).toContain(searchFile('agencies', 'agencies/'));
    heldReads.length = 0;
    answering = true;
    expect((await handler.fetch(new Request(`${ORIGIN}/2.3.0/agencies/?search=rocket&mode=list`))).status).toBe(200);
    expect(heldReads).toEqual([]);
  });
});
