// The query index the build writes (outputs/query-index.ts): its lists are the
// build's own collections, it is compact (runs, reference tables), it comes in a
// head and parts that the runtime joins (and refuses when they do not match), the
// same inputs give the same bytes, and input keys change exactly when what a file
// holds does — not with the clock alone — so warm rebuilds skip them or re-make one part.

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { planSite, validateDataDir } from '../scripts/lib/pipeline.ts';
import { planFiles } from '../scripts/lib/publish/plan.ts';
import { queryIndexFilesAt } from '../scripts/lib/outputs/query-index.ts';
import {
  decodeRuns,
  encodeRuns,
  coreColumns,
  columnFile,
  partFile,
  QUERY_INDEX_FILE,
  QUERY_INDEX_PARTS,
  RANKS_COLUMN,
  type LaunchColumns,
  REFERENCE_FILE,
  ROWS_PER_PART,
  rowsHash,
  type QueryIndex,
  type QueryIndexHead,
} from '../scripts/lib/query/index-format.ts';
import { COLUMN_ASCENDING, columnFileRows, isAscending, partColumns } from '../scripts/lib/query/part-text.ts';
import {
  keyShardColumn,
  keyShardCount,
  keyShardOf,
  PROVIDER_PACK_SPREAD,
  KEY_SHARD_ROWS,
  type IndexScale,
} from '../scripts/lib/query/index-scale.ts';
import {
  packFile,
  packRecord,
  packRecordAndComma,
  PROVIDER_PACK_ROWS,
  providerPackFile,
  packRows,
  readPack,
  spreadProviders,
} from '../scripts/lib/query/record-packs.ts';
import {
  readSearchFile,
  searchFile,
  searchFileText,
  rowsHolding,
  searchIndexOf,
  searchShardFile,
  searchShardFor,
  searchShardsOf,
  searchValues,
} from '../scripts/lib/query/search-files.ts';
import { ENDPOINTS, TABLES, type TableName } from '../scripts/lib/query/endpoints.ts';
import { createHandler } from '../scripts/lib/query/handler.ts';
import { loadIndex, readIndex } from '../scripts/lib/query/whole-index.ts';
import { recordText } from '../scripts/lib/query/resource-table.ts';
import { openIndex } from '../scripts/lib/query/opened-index.ts';
import { plan, type Plan } from '../scripts/lib/query/engine.ts';
import { EVENT_TABLE, type EventRow } from '../scripts/lib/query/event-table.ts';
import { launchOrderingRanks } from '../scripts/lib/query/launch-table.ts';
import type { FilterParameter } from '../scripts/lib/query/parameters.ts';
import type { DataSet } from '../scripts/lib/model/records.ts';
import { syntheticDataSet } from '../scripts/lib/data/synthetic.ts';
import { listRoutes } from '../scripts/lib/api/routes.ts';
import type { Mode } from '../scripts/lib/api/shapes/kit.ts';
import { REFERENCE_KINDS } from '../scripts/schemas/data-files.ts';
import { removeDir } from './helpers/data.ts';
import { BASE_URL, NOW, queryFixture, writeQueryData, type QueryFixture } from './helpers/query-site.ts';

describe('runs', () => {
  it('decode to the rows they encode', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(50)), (rows) => {
        expect(decodeRuns(encodeRuns(rows))).toEqual(rows);
      }),
    );
  });

  it('hold a collection in order in a few numbers', () => {
    expect(encodeRuns([0, 1, 2, 3, 4])).toEqual([0, 5]);
    expect(encodeRuns([9, 8, 7, 5, 6])).toEqual([9, -3, 5, 2]);
  });
});

describe('the index of a build', () => {
  let fixture: QueryFixture;
  let index: QueryIndex;

  /**
   * A request in a fresh handler: every file it read, in order, after checking that it answers 200 with the same
   * bytes as a handler that read the whole index first.
   */
  const filesReadBy = async (target: string): Promise<string[]> => {
    const files: string[] = [];
    const handler = createHandler({
      readText: async (file) => {
        files.push(file);
        return fixture.files.get(file);
      },
    });
    const whole = createHandler({ readText: async (file) => fixture.files.get(file) });
    await whole.preload();
    const response = await handler.fetch(new Request(`http://query.test/2.3.0/${target}`));
    expect(response.status, target).toBe(200);
    expect(await response.text(), target).toBe(
      await (await whole.fetch(new Request(`http://query.test/2.3.0/${target}`))).text(),
    );
    return files;
  };
  beforeAll(async () => {
    fixture = await queryFixture();
    index = (await readIndex(async (file) => fixture.files.get(file))) as QueryIndex;
  });

  it("lists each collection's records in the order of its static pages, for every list route", () => {
    for (const route of listRoutes()) {
      const ids = index.resources[route.resource].id as Array<string | number>;
      const page = JSON.parse(fixture.files.get(`2.3.0/${route.path}index.json`)!) as {
        count: number;
        results: Array<{ id: string | number }>;
      };
      expect(
        decodeRuns(index.lists[route.path].rows)
          .map((row) => ids[row])
          .slice(0, 100),
        route.path,
      ).toEqual(page.results.map((r) => r.id));
      expect(decodeRuns(index.lists[route.path].rows), route.path).toHaveLength(page.count);
    }
  });

  it('counts the records of the last 24 hours at the head of each upcoming list only', () => {
    const recent = Object.entries(index.lists)
      .filter(([, list]) => list.recent > 0)
      .map(([path, list]) => [path, list.recent]);
    expect(Object.fromEntries(recent)).toEqual({ 'launches/upcoming/': 1, 'events/upcoming/': 1 });
  });

  it("holds a reference kind's records in its list's order, their cells in its part and their objects in the record packs only", () => {
    const agencies = index.resources.agencies;
    expect(decodeRuns(index.lists['agencies/'].rows)).toEqual(agencies.id.map((_, i) => i));
    expect(agencies.normal).toBeUndefined();
    const nasa = agencies.id.indexOf(44);
    expect(agencies.cells.abbrev[nasa]).toBe('NASA');
    expect(agencies.cells.country_codes[nasa]).toEqual(['USA']);
  });

  it("is a head, one part and one record pack per mode per resource here, and the runtime refuses parts whose rows are not the head's", async () => {
    // The config lists collected from the records: a part for those the fixture's records carry (its crew's roles, its astronauts',
    // bodies', programs' and stations' types and statuses, its landing's type and place, its spacecraft's status and configuration type,
    // its station's docking ports, its Starship dashboard's road closures' statuses and notices' types).
    const configLists = [
      'astronautRoles',
      'astronautStatuses',
      'astronautTypes',
      'celestialBodyTypes',
      'programTypes',
      'spaceStationStatuses',
      'landingLocations',
      'landingTypes',
      'spacecraftStatuses',
      'spacecraftConfigurationTypes',
      'dockingLocations',
      'roadClosureStatuses',
      'noticeTypes',
    ];
    const resources = ['launches', 'events', ...Object.keys(REFERENCE_KINDS), ...configLists] as Array<
      keyof QueryIndex['resources']
    >;
    const packs = resources.flatMap((r) => [...TABLES[r].modes].map((mode) => packFile(r, mode, 0)));
    const searches = [...ENDPOINTS]
      .filter(([, e]) => e.search.length)
      .map(([path, e]) => searchFile(e.route.resource, path));
    expect([...fixture.files.keys()].filter((f) => f.startsWith('query-index')).sort()).toEqual(
      [
        QUERY_INDEX_FILE,
        REFERENCE_FILE,
        ...resources.map((r) => partFile(r, 0)),
        ...resources.flatMap((r) => coreColumns(r).map((c) => columnFile(r, c))),
        ...packs,
        ...searches,
      ].sort(),
    );
    // A part of another build: an event id the head's lists do not know.
    const stale = (file: string) =>
      file === partFile('events', 0)
        ? fixture.files
            .get(file)!
            .replace('"id":[904,', '"id":[999,')
            .replace(/"rows":"[^"]*"/, `"rows":"${rowsHash([999])}"`)
        : fixture.files.get(file);
    expect(await readIndex(async (file) => stale(file))).toEqual({
      reason: 'the query index is being republished; try again',
      retry: true,
    });
    expect(await readIndex(async () => undefined)).toMatchObject({ retry: false });
  });

  it('refuses a missing head and a head of another format alike, whole (readIndex) or in steps (openIndex)', async () => {
    const head = JSON.parse(fixture.files.get(QUERY_INDEX_FILE)!) as QueryIndexHead;
    const older = JSON.stringify({ ...head, format: head.format - 1 });
    const withHead = (text: string | undefined) => async (file: string) =>
      file === QUERY_INDEX_FILE ? text : fixture.files.get(file);
    for (const reader of [readIndex, openIndex]) {
      expect(await reader(withHead(undefined))).toEqual({
        reason: `the query index ${QUERY_INDEX_FILE} is missing: build the site with this version`,
        retry: false,
      });
      const refused = await reader(withHead(older));
      expect(refused).toMatchObject({ retry: false });
      expect((refused as { reason: string }).reason).toMatch(`has format ${head.format - 1} for API`);
      expect(await reader(withHead('not json'))).toMatchObject({ retry: false });
      expect('reason' in (await reader(withHead(fixture.files.get(QUERY_INDEX_FILE))))).toBe(false);
    }
  });

  /** The pack line of a resource's record (by row) in a mode, as the build wrote it. */
  const packLine = (resource: TableName, mode: Mode, row: number): string => {
    const n = Math.floor(row / packRows(resource, mode));
    const pack = readPack(new TextEncoder().encode(fixture.files.get(packFile(resource, mode, n))!))!;
    return new TextDecoder().decode(packRecord(pack, row - n * packRows(resource, mode)));
  };

  it("holds each record in a pack line per mode: its detail file in detailed mode, its static page's object in normal mode", () => {
    for (const [path, endpoint] of ENDPOINTS) {
      if (!endpoint.root) continue;
      const resource = endpoint.route.resource;
      const ids = index.resources[resource].id as Array<string | number>;
      const line = (mode: 'normal' | 'detailed', row: number) => packLine(resource, mode, row);
      const page = JSON.parse(fixture.files.get(`2.3.0/${path}index.json`)!) as { results: unknown[] };
      const rows = decodeRuns(index.lists[path].rows).slice(0, page.results.length);
      expect(
        rows.map((row) => JSON.parse(line('normal', row)!)),
        path,
      ).toEqual(page.results);
      if (!endpoint.table.modes.has('detailed')) continue;
      for (const [row, id] of ids.entries())
        expect(line('detailed', row), `${path}${id}`).toBe(fixture.files.get(endpoint.detailFile(String(id))));
    }
  });

  it("holds in each lighter mode the bytes the runtime cuts from the record's detail file, for every record not held in the index", () => {
    // The build cuts from the detailed object and the runtime from the detail file's text (resource-table.ts recordText).
    const rowsOf = loadIndex(index).rows;
    const checked = new Set<string>();
    for (const [path, endpoint] of ENDPOINTS) {
      // A table that makes its records from the index (the reference kinds) has no detailed object to cut from.
      if (!endpoint.root || endpoint.table.fromIndex) continue;
      const resource = endpoint.route.resource;
      const ids = index.resources[resource].id as Array<string | number>;
      for (const mode of [...endpoint.table.modes].filter((m) => m !== 'detailed')) {
        for (const [row, id] of ids.entries()) {
          const decoded = rowsOf[resource][row];
          const line = packLine(resource, mode, row);
          const detail = fixture.files.get(endpoint.detailFile(String(id)))!;
          expect(line, `${path}${id} ${mode}`).toBe(recordText(endpoint.table, decoded, mode, () => detail));
          checked.add(`${resource} ${mode}`);
        }
      }
    }
    expect([...checked].sort()).toEqual(['events list', 'events normal', 'launches list', 'launches normal']);
  });

  it('ends each pack line with the comma a page puts after the record, and refuses a pack whose lines do not', () => {
    const text = fixture.files.get(packFile('launches', 'normal', 0))!;
    const pack = readPack(new TextEncoder().encode(text))!;
    const decoded = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
    expect(decoded(packRecordAndComma(pack, 0))).toBe(`${decoded(packRecord(pack, 0))},`);
    expect(
      text
        .split('\n')
        .slice(1)
        .every((line) => line.endsWith(',')),
    ).toBe(true);
    // A pack of format 6 (the records alone a line) is not a pack.
    expect(readPack(new TextEncoder().encode(text.replace(/,$/gm, '')))).toBeUndefined();
  });

  it("holds each searching list's values as the runtime makes them from the rows, each once, and the handler answers searches from them", async () => {
    const loaded = loadIndex(index);
    for (const [path, endpoint] of ENDPOINTS) {
      if (!endpoint.search.length) continue;
      const file = readSearchFile(fixture.files.get(searchFile(endpoint.route.resource, path))!)!;
      expect(file.index(), path).toEqual(loaded.searchIndex(path));
      const { count } = file.index();
      const entries = searchValues(file.index());
      const values = entries.map((entry) => entry.value);
      expect(new Set(values).size, path).toBe(values.length);
      expect(count, path).toBe(loaded.rows[endpoint.route.resource].length);
      // Each row holds the values of its searched fields, lower case, as the search text was; and only those.
      const fields = endpoint.search.map((name) => endpoint.table.searchFields[name]);
      loaded.rows[endpoint.route.resource].forEach((row, i) => {
        const held = entries.filter((entry) => entry.rows.includes(i)).map((entry) => entry.value);
        expect(held.sort(), `${path} ${i}`).toEqual(
          [...new Set(fields.flatMap((field) => field(row) ?? []).map((v) => v.toLowerCase()))].sort(),
        );
      });
    }
    // A search file of its own (the word is in no record): the handler reads it rather than making the values from the rows.
    const file = searchFile('launches', 'launches/');
    const own = readSearchFile(fixture.files.get(file)!)!;
    // Row 1 holds "zzyzx" in this file alone ("B" is row 1 in the file's digits).
    const edited = searchFileText(own.rows.split(' '), { ...own.index(), text: `${own.index().text}zzyzx\tB\n` });
    const handler = createHandler({ readText: async (path) => (path === file ? edited : fixture.files.get(path)) });
    expect(
      (await (await handler.fetch(new Request('http://query.test/2.3.0/launches/?search=zzyzx'))).json()).count,
    ).toBe(1);
    expect((await fixture.get('launches/?search=zzyzx')).body.count).toBe(0);
  });

  it('finds in the search shard of a term the rows the whole search index finds for it, any value and term', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', '-', '1', 'é', '|'), maxLength: 12 });
    fc.assert(
      fc.property(
        fc.array(fc.array(text, { maxLength: 3 }), { minLength: 1, maxLength: 30 }),
        fc.array(text, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(1, 7, 256),
        (rows, terms, count) => {
          const whole = searchIndexOf(rows);
          const shards = searchShardsOf(whole, count);
          for (const term of terms) {
            const shard = searchShardFor(term, count);
            if (term.length < 3) expect(shard).toBeUndefined();
            else expect(rowsHolding(shards[shard!], term)).toEqual(rowsHolding(whole, term));
          }
        },
      ),
    );
  });

  it("reads a route's search shards, one a term, where the head names them, for the answers of its whole search file", async () => {
    const path = 'launches/';
    const whole = readSearchFile(fixture.files.get(searchFile('launches', path))!)!;
    const count = 16;
    const shards = searchShardsOf(whole.index(), count);
    const head = JSON.parse(fixture.files.get(QUERY_INDEX_FILE)!) as QueryIndexHead;
    const files = new Map(fixture.files);
    files.set(QUERY_INDEX_FILE, JSON.stringify({ ...head, search_shards: { [path]: count } }));
    shards.forEach((shard, n) => {
      files.set(searchShardFile('launches', path, n), searchFileText(whole.rows.split(' '), shard));
    });
    for (const search of ['starlink', 'falcon%209', 'x', 'cape,starlink', 'zzyzx']) {
      const read: string[] = [];
      const handler = createHandler({
        readText: async (file) => {
          read.push(file);
          return files.get(file);
        },
      });
      const target = `launches/?search=${search}&mode=list`;
      const response = await handler.fetch(new Request(`http://query.test/2.3.0/${target}`));
      expect(response.status, target).toBe(200);
      expect(await response.text(), target).toBe((await fixture.get(target)).text);
      const terms = decodeURIComponent(search).split(/[ ,]/);
      // A term of three characters or more reads its shard; a shorter one the whole file.
      const expected = terms.map((term) =>
        term.length < 3
          ? searchFile('launches', path)
          : searchShardFile('launches', path, searchShardFor(term, count)!),
      );
      expect(
        read.filter((file) => file.includes('.search-')),
        target,
      ).toEqual(expected.filter((file, i) => expected.indexOf(file) === i));
    }
  });

  it("answers 503, and reads the index again, when a record pack is not of the index's build", async () => {
    const pack = packFile('launches', 'list', 0);
    let stale = true;
    const handler = createHandler({
      readText: async (file) =>
        file === pack && stale
          ? fixture.files.get(file)!.replace(/^\{"rows":"9:/, '{"rows":"8:')
          : fixture.files.get(file),
    });
    const first = await handler.fetch(new Request('http://query.test/2.3.0/launches/?mode=list'));
    expect([first.status, first.headers.get('Retry-After')]).toEqual([503, '5']);
    stale = false;
    const second = await handler.fetch(new Request('http://query.test/2.3.0/launches/?mode=list'));
    expect(second.status).toBe(200);
    expect((await second.json()).results).toHaveLength(9);
  });

  /** The index files a first query reads (record packs, search files' rows aside: detail files too). */
  const indexFiles = async (target: string): Promise<string[]> =>
    (await filesReadBy(target)).filter((file) => !file.endsWith('.jsonl') && !file.startsWith('2.3.0/'));

  it('reads the events in steps: a page alone reads the head and its record packs, an ordering or a filter on a number its column file, a text the parts whole', async () => {
    expect(await indexFiles('events/upcoming/?limit=2&mode=detailed')).toEqual([QUERY_INDEX_FILE]);
    expect(await indexFiles('events/?limit=3&offset=1&hide_recent_previous=true')).toEqual([QUERY_INDEX_FILE]);
    // The fixture has undated events: the column's nulls are ordered as the comparator orders them (filesReadBy compares).
    for (const term of ['date', '-date', 'last_updated', '-last_updated']) {
      expect(await indexFiles(`events/?ordering=${term}&mode=detailed`), term).toEqual([
        QUERY_INDEX_FILE,
        columnFile('events', term.replace('-', '')),
      ]);
    }
    expect(await indexFiles('events/?type__ids=1')).toEqual([QUERY_INDEX_FILE, columnFile('events', 'type')]);
    expect(await indexFiles('events/previous/?year=2024&ordering=-date')).toEqual([
      QUERY_INDEX_FILE,
      columnFile('events', 'date'),
    ]);
    expect((await indexFiles('events/?agency__ids=44&ordering=last_updated')).sort()).toEqual(
      [QUERY_INDEX_FILE, ...['last_updated', 'agencies'].map((c) => columnFile('events', c))].sort(),
    );
    const id = index.resources.events.id[1];
    expect(await indexFiles(`events/${id}/?format=json`)).toEqual([QUERY_INDEX_FILE, columnFile('events', 'id')]);
    // Texts are in the parts only.
    expect(await indexFiles('events/?slug=x')).toEqual([QUERY_INDEX_FILE, partFile('events', 0)]);
    // Ordered by two fields, the comparators read the rows: their fields' columns, each from its file.
    expect(await indexFiles('events/?ordering=-date,last_updated')).toEqual([
      QUERY_INDEX_FILE,
      ...['date', 'last_updated'].map((c) => columnFile('events', c)),
    ]);
  });

  it("filters events on their columns (ids, type, date, last update) as their rows' values would, on and around every date and update", () => {
    const loaded = loadIndex(index);
    const events = loaded.rows.events as readonly EventRow[];
    const iso = (ms: number, fraction = '') => `${new Date(ms).toISOString().slice(0, 19)}${fraction}Z`;
    const times = events.flatMap((event) => [event.date, event.lastUpdated]).filter((ms): ms is number => ms !== null);
    const queries = [
      ...times.flatMap((ms) =>
        ['', '.000001', '.5'].flatMap((fraction) =>
          [
            'date__gte',
            'date__gt',
            'date__lt',
            'date__lte',
            'date__gt__lt',
            'last_updated__gte',
            'last_updated__lte',
          ].map((name) => `${name}=${iso(ms, fraction)}`),
        ),
      ),
      `type__ids=${events[0].type},${events[events.length - 1].type}`,
      `type=${events[0].type}`,
      `id=${events
        .slice(0, 2)
        .map((e) => e.id)
        .join(',')}`,
      `date__gte=${iso(times[0])}&type__ids=${events[0].type}`,
    ];
    expect(queries.length).toBeGreaterThan(100);
    for (const query of queries) {
      const pairs = [...new URLSearchParams(query)];
      const values = {
        last: (key: string) => pairs.find(([k]) => k === key)?.[1],
        all: (key: string) => pairs.filter(([k]) => k === key).map(([, v]) => v),
      };
      const answer = plan(new URL(`http://query.test/2.3.0/events/?${query}&limit=100&mode=list`), loaded) as Plan & {
        kind: 'page';
      };
      expect(answer.kind, query).toBe('page');
      const tests = EVENT_TABLE.parameters
        .filter((p): p is FilterParameter<EventRow> => p.kind === 'filter')
        .flatMap((p) => {
          const cleaned = p.clean(values, loaded.choices);
          return cleaned.ok && cleaned.value !== undefined ? [p.matcher(cleaned.value)] : [];
        });
      const expected = loaded.lists.get('events/')!.members.filter((row) => tests.every((test) => test(events[row])));
      expect(
        answer.records.map((record) => record.row.row),
        query,
      ).toEqual(expected);
    }
  });

  it('reads a reference kind whole only when a query reads its cells or ids: a page alone reads the head and its record packs', async () => {
    expect(await indexFiles('agencies/?limit=2&offset=1&mode=list')).toEqual([QUERY_INDEX_FILE]);
    expect(await indexFiles('pads/?mode=detailed&limit=3')).toEqual([QUERY_INDEX_FILE]);
    // A search reads the rows holding the term from its search file: the kind's cells are not read either.
    expect(await indexFiles('agencies/?search=space')).toEqual([QUERY_INDEX_FILE, searchFile('agencies', 'agencies/')]);
    // An ordering by one field reads the kind's ranks (its column file), not its cells.
    expect(await indexFiles('agencies/?search=space&ordering=name')).toEqual([
      QUERY_INDEX_FILE,
      searchFile('agencies', 'agencies/'),
      columnFile('agencies', 'ranks'),
    ]);
    expect(await indexFiles('pads/?ordering=-total_launch_count')).toEqual([
      QUERY_INDEX_FILE,
      columnFile('pads', 'ranks'),
    ]);
    // By two fields, the comparators read the cells.
    expect(await indexFiles('pads/?ordering=-total_launch_count,name')).toContain(partFile('pads', 0));
    const id = index.resources.agencies.id[1];
    expect(await indexFiles(`agencies/${id}/?format=json`)).toContain(partFile('agencies', 0));
  });

  it("repeats the launches' and events' ids and numbers in column files, one a file, and a first query reads only the columns its plan reads", async () => {
    for (const resource of ['launches', 'events'] as const) {
      const part = partColumns(fixture.files.get(partFile(resource, 0))!)!;
      for (const name of coreColumns(resource)) {
        const file = partColumns(fixture.files.get(columnFile(resource, name))!)!;
        expect(Object.keys(file), name).toEqual([name]);
        // The launches' ranks are over all their rows, in their column file only; the others repeat the parts.
        if (name === RANKS_COLUMN) {
          expect(part[name], name).toBeUndefined();
          expect(file[name], name).toEqual(launchOrderingRanks(part as unknown as LaunchColumns));
          expect(Object.keys(file[name] as object).sort()).toEqual(['id', 'name']);
        } else expect(file[name], name).toEqual(part[name]);
        expect(file.rows, name).toBe(columnFileRows([part.rows as string]));
        // The runtime finds a comparison's rows by binary search only in a column the build says is ascending.
        expect(file[COLUMN_ASCENDING], name).toBe(
          Array.isArray(part[name]) && isAscending(part[name] as unknown[]) ? true : undefined,
        );
      }
    }
    expect(partColumns(fixture.files.get(columnFile('launches', 'net'))!)![COLUMN_ASCENDING]).toBe(true);
    // The index files each request read (packs, search texts and detail files aside).
    const read = async (target: string): Promise<string[]> =>
      (await filesReadBy(target))
        .filter(
          (file) =>
            file === QUERY_INDEX_FILE ||
            file === REFERENCE_FILE ||
            /^query-index\/launches(\.column-[a-z_]+)?(-\d+)?\.json$/.test(file),
        )
        .sort();
    const columns = (...names: string[]) => names.map((name) => columnFile('launches', name));
    expect(await read('launches/upcoming/?limit=3&offset=1&mode=detailed&hide_recent_previous=true')).toEqual([
      QUERY_INDEX_FILE,
    ]);
    expect(await read('launches/previous/?status__ids=3,4&ordering=-net&mode=list')).toEqual(
      [QUERY_INDEX_FILE, ...columns('net', 'status')].sort(),
    );
    // The ordering's columns are read, and the filters' (a name: its column file, as a slug's and a designator's).
    // An ordering by name or id reads their ranks, not the names or the ids.
    expect(await read('launches/?lsp__id=121&ordering=name')).toEqual(
      [QUERY_INDEX_FILE, ...columns('launch_service_provider', RANKS_COLUMN)].sort(),
    );
    expect(await read('launches/previous/?ordering=-id&mode=list')).toEqual(
      [QUERY_INDEX_FILE, ...columns(RANKS_COLUMN)].sort(),
    );
    // Two fields: the comparators, which read the names.
    expect(await read('launches/?ordering=name,-net&mode=list')).toEqual(
      [QUERY_INDEX_FILE, ...columns('name', 'net')].sort(),
    );
    expect(await read(`launches/?slug=${index.resources.launches.slug[1]}&mode=list`)).toEqual(
      [QUERY_INDEX_FILE, ...columns('slug')].sort(),
    );
    expect(await read('launches/?launch_designator=1957-001&mode=list')).toEqual(
      [QUERY_INDEX_FILE, ...columns('launch_designator')].sort(),
    );
    // A video's address: its column file (no launch filter reads the parts whole any more).
    expect(await read('launches/?video_url=https://example.org/&mode=list')).toEqual([
      QUERY_INDEX_FILE,
      ...columns('vid_urls'),
    ]);
    const id = index.resources.launches.id[2];
    expect(await read(`launches/${id}/?format=json`)).toEqual([QUERY_INDEX_FILE, ...columns('id')]);
    expect(await read('launches/?lsp__id=121&mode=detailed&limit=1')).toEqual([
      QUERY_INDEX_FILE,
      ...columns('launch_service_provider'),
    ]);
    // The reference tables only for a query that looks a reference record up (a pad's location, a choice's ids).
    expect(await read('launches/?location__ids=12&mode=list')).toEqual(
      [QUERY_INDEX_FILE, REFERENCE_FILE, ...columns('pad')].sort(),
    );
    expect(await read('launches/?status=1&mode=list')).toEqual(
      [QUERY_INDEX_FILE, REFERENCE_FILE, ...columns('status')].sort(),
    );
    // Spacecraft flights and boosters have column files of their own (small beside the parts).
    expect(await read('launches/?is_crewed=true&mode=list')).toEqual(
      [QUERY_INDEX_FILE, ...columns('spacecraft')].sort(),
    );
    expect(await read('launches/?serial_number=B1058&mode=list')).toEqual(
      [QUERY_INDEX_FILE, ...columns('serial_numbers')].sort(),
    );
  });

  it("answers 503, and reads the index again, when the reference file is not of the index's build", async () => {
    let stale = true;
    const handler = createHandler({
      readText: async (path) =>
        path === REFERENCE_FILE && stale
          ? fixture.files.get(path)!.replace(/^\{"hash":"/, '{"hash":"0')
          : fixture.files.get(path),
    });
    const first = await handler.fetch(new Request('http://query.test/2.3.0/launches/?status=1&mode=list'));
    expect([first.status, first.headers.get('Retry-After')]).toEqual([503, '5']);
    stale = false;
    const second = await handler.fetch(new Request('http://query.test/2.3.0/launches/?status=1&mode=list'));
    expect(second.status).toBe(200);
  });

  it("gives a resource's rows one at a time, and a probe moved from row to row, as the decoded rows", () => {
    const loaded = loadIndex(index);
    const fields = (row: object) =>
      Object.fromEntries(
        ['row', 'key', 'name', 'status', 'net', 'provider', 'location', 'programs', 'crewed'].map((f) => [
          f,
          (row as Record<string, unknown>)[f],
        ]),
      );
    for (const name of ['launches', 'events'] as const) {
      const rows = loaded.rows[name];
      const reader = loadIndex(index).rowReader(name);
      const probe = loadIndex(index).rowProbe(name);
      // Counting down, as a previous list reads them.
      for (let row = rows.length - 1; row >= 0; row--) {
        expect(fields(reader(row)), `${name} ${row}`).toEqual(fields(rows[row]));
        expect(fields(probe(row)), `${name} ${row}`).toEqual(fields(rows[row]));
      }
      expect(reader(1)).toBe(reader(1));
    }
    const probe = loadIndex(index).rowProbe('launches');
    expect(probe(0)).toBe(probe(1));
  });

  it("answers 503, and reads the index again, when a column file is not of the index's build", async () => {
    const file = columnFile('launches', 'status');
    let stale = true;
    const handler = createHandler({
      readText: async (path) =>
        path === file && stale ? fixture.files.get(path)!.replace(/"rows":"9:/, '"rows":"8:') : fixture.files.get(path),
    });
    const first = await handler.fetch(new Request('http://query.test/2.3.0/launches/?status__ids=3&mode=list'));
    expect([first.status, first.headers.get('Retry-After')]).toEqual([503, '5']);
    stale = false;
    const second = await handler.fetch(new Request('http://query.test/2.3.0/launches/?status__ids=3&mode=list'));
    expect(second.status).toBe(200);
  });

  it("reads a detailed page's records from their detail files when their pack gives it few rows, from the pack when it gives many", async () => {
    const ids = index.resources.launches.id;
    // The record files each request read: packs and detail files.
    const read = async (target: string): Promise<string[]> =>
      (await filesReadBy(target)).filter((file) => file.endsWith('.jsonl') || file.startsWith('2.3.0/')).sort();
    const few = ids.slice(0, 3);
    expect(await read(`launches/?mode=detailed&id=${few.join(',')}`)).toEqual(
      few.map((id) => ENDPOINTS.get('launches/')!.detailFile(id)).sort(),
    );
    expect(await read(`launches/?mode=detailed&id=${ids.slice(0, 5).join(',')}`)).toEqual([
      packFile('launches', 'detailed', 0),
    ]);
  });

  it("reads a part's columns from its bytes as from its text, non-ASCII names included", () => {
    const text = fixture.files.get(partFile('launches', 0))!.replace('"name":["', '"name":["Ünïcode ✓ ');
    const [fromText, fromBytes] = [partColumns(text)!, partColumns(new TextEncoder().encode(text))!];
    expect(Object.keys(fromBytes)).toEqual(Object.keys(fromText));
    for (const name of Object.keys(fromText)) expect(fromBytes[name], name).toEqual(fromText[name]);
    expect((fromBytes.name as string[])[0]).toMatch(/^Ünïcode ✓ /);
    expect(fromBytes.rows).toBe(fromText.rows);
    expect(partColumns(new TextEncoder().encode('not json'))).toBeUndefined();
  });

  it('keeps the API root of the objects and refers to reference records by LL2 id', () => {
    expect(index.base_url).toBe(BASE_URL);
    expect(index.reference.agencies.map(([id]) => id)).toEqual([44, 66, 121, 124, 147, 9001]);
    expect(index.resources.launches.launch_service_provider).toEqual([66, 121, 147, 147, 121, 121, 121, 124, 121]);
  });
});

describe('input keys and bytes', () => {
  let dataDir: string;
  let data: DataSet;
  beforeAll(async () => {
    dataDir = await writeQueryData();
    data = (await validateDataDir(dataDir, NOW)).dataset!;
    return () => removeDir(dataDir);
  });

  /** The index's files of a build, by path. */
  const indexFiles = (now: number, dataSet = data) =>
    new Map(
      planSite(dataSet, { now, baseUrl: BASE_URL })
        .filter((f) => f.path.startsWith('query-index'))
        .map((f) => [f.path, f]),
    );
  const keys = (files: ReturnType<typeof indexFiles>) =>
    Object.fromEntries([...files].map(([path, f]) => [path, f.key]));

  it('gives the same bytes for the same data, clock and base URL', () => {
    const [a, b] = [indexFiles(NOW), indexFiles(NOW)];
    for (const [path, file] of a) expect(String(file.render()), path).toBe(String(b.get(path)!.render()));
  });

  it('keeps every key when only the clock moves, and changes the head when a record crosses into another list', () => {
    const hour = 3_600_000;
    expect(keys(indexFiles(NOW + hour))).toEqual(keys(indexFiles(NOW)));
    // The recent launch (NET 10 hours before the clock) leaves upcoming 24 hours after its NET; the parts stay.
    const later = keys(indexFiles(NOW + 15 * hour));
    expect(later[QUERY_INDEX_FILE]).not.toBe(keys(indexFiles(NOW))[QUERY_INDEX_FILE]);
    expect(later[partFile('launches', 0)]).toBe(keys(indexFiles(NOW))[partFile('launches', 0)]);
  });

  it("changes the key of a record's part when the record changes, not of the head or the other parts", () => {
    const edited = {
      ...data,
      launches: data.launches.map((l) => (l.name.includes('Old Flight') ? { ...l, slug: 'renamed-old-flight' } : l)),
    };
    const [before, after] = [keys(indexFiles(NOW)), keys(indexFiles(NOW, edited))];
    expect(after[QUERY_INDEX_FILE]).toBe(before[QUERY_INDEX_FILE]);
    expect(after[partFile('launches', 0)]).not.toBe(before[partFile('launches', 0)]);
    expect(after[partFile('events', 0)]).toBe(before[partFile('events', 0)]);
    expect(String(indexFiles(NOW, edited).get(partFile('launches', 0))!.render())).toContain('"renamed-old-flight"');
  });

  it("writes a spread provider's launches in packs of their own and the launches' keys in shards from the sizes its scale says, and a fresh handler answers every query with the same bytes with and without them", async () => {
    const many = syntheticDataSet(data.reference, { launches: ROWS_PER_PART + 5, events: 3, now: NOW });
    const dataSet = { ...data, launches: many.launches, events: many.events };
    const inputs = { now: NOW, baseUrl: BASE_URL };
    const site = new Map(planSite(dataSet, inputs).map((f) => [f.path, f]));
    // The same tree with its index at another scale.
    const at = (scale: IndexScale) => {
      const tree = new Map([...site].filter(([path]) => !path.startsWith('query-index')));
      for (const f of planFiles(dataSet, inputs, [queryIndexFilesAt(scale)])) tree.set(f.path, f);
      return tree;
    };
    const trees = {
      // The build's: 2,005 launches are below its key shards' size; its providers spread over packs have their own.
      build: site,
      // Both, as at 100,000 launches.
      large: at({ keyShardRows: 2 * KEY_SHARD_ROWS, providerPackSpread: PROVIDER_PACK_SPREAD }),
      // Neither.
      none: at({ keyShardRows: Number.POSITIVE_INFINITY, providerPackSpread: Number.POSITIVE_INFINITY }),
    };
    const textIn = (tree: typeof site) => (file: string) =>
      tree.has(file) ? String(tree.get(file)!.render()) : undefined;
    const headOf = (tree: typeof site) => JSON.parse(textIn(tree)(QUERY_INDEX_FILE)!) as QueryIndexHead;
    const providers = partColumns(textIn(site)(columnFile('launches', 'launch_service_provider'))!)!
      .launch_service_provider as number[];
    const isKeyShard = (path: string) => path.startsWith(`${QUERY_INDEX_PARTS}/launches.column-keys-`);
    const isProviderPack = (path: string) => /\.(list|normal)-lsp\d+-\d+\.jsonl$/.test(path);
    // The head names exactly the providers spread over more than the scale's packs, and each has its packs.
    for (const [name, tree] of [
      ['build', trees.build],
      ['large', trees.large],
    ] as const) {
      const head = headOf(tree);
      for (const mode of Object.keys(PROVIDER_PACK_ROWS) as Mode[]) {
        expect(head.provider_packs?.[mode], `${name} ${mode}`).toEqual(
          spreadProviders(providers, mode, PROVIDER_PACK_SPREAD),
        );
        expect(head.provider_packs?.[mode]?.length, `${name} ${mode}`).toBeGreaterThan(0);
        for (const provider of head.provider_packs![mode]!) {
          const rows = providers.flatMap((p, row) => (p === provider ? [row] : []));
          const packs = Math.ceil(rows.length / PROVIDER_PACK_ROWS[mode]!);
          for (let n = 0; n < packs; n++) expect(tree.has(providerPackFile(mode, provider, n)), mode).toBe(true);
          expect(tree.has(providerPackFile(mode, provider, packs))).toBe(false);
        }
      }
    }
    expect(headOf(trees.large).key_shards).toEqual({ launches: keyShardCount(ROWS_PER_PART + 5, 2 * KEY_SHARD_ROWS) });
    expect([...trees.large.keys()].filter(isKeyShard)).toHaveLength(headOf(trees.large).key_shards!.launches!);
    for (const tree of [trees.build, trees.none]) {
      expect(headOf(tree).key_shards).toEqual({});
      expect([...tree.keys()].filter(isKeyShard)).toEqual([]);
    }
    expect(Object.values(headOf(trees.none).provider_packs ?? {}).flat()).toEqual([]);
    expect([...trees.none.keys()].filter(isProviderPack)).toEqual([]);
    // A fresh handler (as an edge isolate reads the index, in steps), and the Node server's (the index read whole).
    const answerOf = async (tree: typeof site, target: string, whole: boolean) => {
      const read: string[] = [];
      const text = textIn(tree);
      const handler = createHandler({
        readText: async (file) => {
          read.push(file);
          return text(file);
        },
      });
      if (whole) await handler.preload();
      const response = await handler.fetch(new Request(`http://query.test/2.3.0/${target}`));
      return { status: response.status, body: await response.text(), read };
    };
    const provider = headOf(trees.large).provider_packs!.list![0];
    const missing = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
    const targets = [
      ...(['list', 'normal'] as const).map((mode) => `launches/?lsp__id=${provider}&mode=${mode}&limit=100`),
      `launches/previous/?lsp__id=${provider}&mode=list&limit=100`,
      `launches/upcoming/?lsp__id=${provider}&limit=10`,
      ...[many.launches[0].id, many.launches[1234].id, missing].map((id) => `launches/${id}/?format=json`),
      'launches/?limit=100&mode=list',
    ];
    // A page of several providers' launches in normal mode, where one spread provider has two of them in different
    // general packs that the others' records need too: the general packs only, even once the providers' column is at
    // hand (read by a query before it in the same isolate).
    const spreadNormal = new Set(headOf(trees.large).provider_packs!.normal!);
    const offset = Array.from({ length: Math.floor((providers.length - 20) / 10) }, (_, k) => k * 10).find((at) => {
      const page = providers.slice(at, at + 20);
      return page.some((p, i) => spreadNormal.has(p) && i < 10 && page.slice(10).includes(p) && new Set(page).size > 2);
    });
    expect(offset).toBeDefined();
    {
      const read: string[] = [];
      const text = textIn(trees.large);
      const handler = createHandler({
        readText: async (file) => {
          read.push(file);
          return text(file);
        },
      });
      await handler.fetch(new Request(`http://query.test/2.3.0/launches/?lsp__id=${provider}&mode=list&limit=1`));
      read.length = 0;
      const target = `launches/?limit=20&offset=${offset}`;
      const response = await handler.fetch(new Request(`http://query.test/2.3.0/${target}`));
      expect(await response.text()).toBe((await answerOf(trees.none, target, true)).body);
      expect(read.filter((file) => file.endsWith('.jsonl'))).toEqual([
        packFile('launches', 'normal', offset! / 10),
        packFile('launches', 'normal', offset! / 10 + 1),
      ]);
    }
    const server = new Map<string, { status: number; body: string }>();
    for (const target of targets) server.set(target, await answerOf(trees.none, target, true));
    expect(server.get(`launches/${missing}/?format=json`)!.status).toBe(404);
    const packsRead = (read: readonly string[]) => read.filter((file) => file.endsWith('.jsonl'));
    for (const [name, tree] of Object.entries(trees)) {
      for (const target of targets) {
        const [fresh, whole] = [await answerOf(tree, target, false), await answerOf(tree, target, true)];
        const expected = server.get(target)!;
        expect([fresh.status, fresh.body], `${name} ${target}`).toEqual([expected.status, expected.body]);
        expect([whole.status, whole.body], `${name} ${target}`).toEqual([expected.status, expected.body]);
        // A page of the provider reads its packs where the tree has them: its first 100 launches, in row order.
        if (target.startsWith('launches/?lsp__id=')) {
          const mode = target.includes('mode=list') ? 'list' : 'normal';
          const count = Math.min(100, providers.filter((p) => p === provider).length);
          const own = Array.from({ length: Math.ceil(count / PROVIDER_PACK_ROWS[mode]!) }, (_, n) =>
            providerPackFile(mode, provider, n),
          );
          if (name === 'none') expect(packsRead(fresh.read).some(isProviderPack), `${name} ${target}`).toBe(false);
          else expect(packsRead(fresh.read), `${name} ${target}`).toEqual(own);
        }
        // A detail reads one key shard where the tree has them, else the id column.
        if (target.includes('format=json')) {
          const id = target.split('/')[1];
          const shards = headOf(tree).key_shards?.launches;
          expect(
            fresh.read.filter((file) => file.startsWith('query-index')),
            `${name} ${target}`,
          ).toEqual([
            QUERY_INDEX_FILE,
            shards ? columnFile('launches', keyShardColumn(keyShardOf(id, shards))) : columnFile('launches', 'id'),
          ]);
        }
      }
    }
  });

  it(`cuts launches into parts of ${ROWS_PER_PART} rows that the runtime joins back in order`, async () => {
    const many = syntheticDataSet(data.reference, { launches: ROWS_PER_PART + 5, events: 3, now: NOW });
    const dataSet = { ...data, launches: many.launches, events: many.events };
    const files = indexFiles(NOW, dataSet);
    expect(
      [...files.keys()]
        .filter((f) => f === QUERY_INDEX_FILE || f.includes('/launches-') || f.includes('/events-'))
        .sort(),
    ).toEqual([QUERY_INDEX_FILE, partFile('events', 0), partFile('launches', 0), partFile('launches', 1)]);
    const joined = (await readIndex(async (file) =>
      files.has(file) ? String(files.get(file)!.render()) : undefined,
    )) as QueryIndex;
    const byNet = [...many.launches].sort(
      (a, b) => Date.parse(a.net) - Date.parse(b.net) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
    expect(joined.resources.launches.id).toEqual(byNet.map((l) => l.id));
    expect(joined.resources.launches.counters.pad_launch_attempt_count).toHaveLength(ROWS_PER_PART + 5);
    expect(decodeRuns(joined.lists['launches/'].rows)).toEqual(byNet.map((_, i) => i));
  });
});
