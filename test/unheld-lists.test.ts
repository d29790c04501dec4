// The lists LL2 publishes that our records hold nothing for (payloads/,
// payload_flights/, spacewalks/, spacecraft_configuration_families/;
// schemas/config-lists.ts, `root`): LL2's envelope with count 0, no detail, and the
// query engine reading every parameter LL2 documents for them, with LL2's 400 for a
// value of the wrong type. On the checked-in fixture; answers by hand.

import { beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_LISTS, configListPath, type ConfigList, type UnheldFilter } from '../scripts/schemas/config-lists.ts';
import { LL2_PARAMETERS } from '../scripts/lib/query/ll2-parameters.ts';
import { REFERENCE_TABLES } from '../scripts/lib/query/reference-tables.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const UNHELD: ConfigList[] = (CONFIG_LISTS as readonly ConfigList[]).filter((c) => c.root);
const EMPTY = { count: 0, next: null, previous: null, results: [] };

let files: Map<string, string>;
let get: FixtureApi['get'];

beforeAll(async () => {
  ({ files, get } = await fixtureApi(NOW, BASE_URL));
});

/** A value of each filter type LL2 accepts, and one it answers 400 for (texts take any value). */
const VALUES: Record<UnheldFilter, [good: string, bad: string | undefined]> = {
  int: ['4', 'four'],
  ints: ['4,5', '4,x'],
  uuids: ['e3df2ecd-c239-472f-95e4-2b89b4f75800', 'not-a-uuid'],
  text: ['ISS', undefined],
  contains: ['Space', undefined],
  dateTime: ['2024-09-10T00:00:00Z', 'yesterday'],
};

describe('the lists we hold nothing for', () => {
  it('are the four LL2 lists our records hold no object of, at the API root (expeditions are records: expeditions.test.ts)', () => {
    expect(UNHELD.map((c) => configListPath(c)).sort()).toEqual([
      'payload_flights/',
      'payloads/',
      'spacecraft_configuration_families/',
      'spacewalks/',
    ]);
  });

  it("publish LL2's envelope with count 0 and no detail file", () => {
    for (const list of UNHELD) {
      expect(JSON.parse(files.get(`2.3.0/${configListPath(list)}index.json`)!), list.path).toEqual(EMPTY);
      expect(
        [...files.keys()].filter(
          (f) => f.startsWith(`2.3.0/${configListPath(list)}`) && f !== `2.3.0/${configListPath(list)}index.json`,
        ),
      ).toEqual([]);
    }
  });

  it('have a table row for every parameter LL2 documents, and no other', () => {
    for (const list of UNHELD) {
      const rows = REFERENCE_TABLES[list.kind as keyof typeof REFERENCE_TABLES].parameters.map((p) => p.name).sort();
      expect(rows, list.path).toEqual([...LL2_PARAMETERS[configListPath(list)]].sort());
    }
    // Spot checks against the official document: payloads by operator, spacewalks by launch UUIDs.
    expect(LL2_PARAMETERS['payloads/']).toContain('operator__id');
    expect(LL2_PARAMETERS['spacewalks/']).toContain('launch__ids');
  });

  it('answer every filter with no record for a good value and 400 for a bad one', async () => {
    let cases = 0;
    for (const list of UNHELD) {
      for (const [name, type] of Object.entries(list.filters ?? {})) {
        const [good, bad] = VALUES[type];
        expect(
          await get(`${configListPath(list)}?${name}=${encodeURIComponent(good)}`),
          `${list.path} ${name}`,
        ).toEqual({ status: 200, body: EMPTY });
        if (bad !== undefined) {
          const answer = await get(`${configListPath(list)}?${name}=${encodeURIComponent(bad)}`);
          expect(answer.status, `${list.path} ${name}=${bad}`).toBe(400);
          expect(Object.keys(answer.body), `${list.path} ${name}`).toEqual([name]);
        }
        cases++;
      }
    }
    expect(cases).toBe(7 + 1 + 24 + 2);
  });

  it('answer the modes LL2 offers for each, paging, ordering and search, and 404 for any id', async () => {
    for (const list of UNHELD) {
      for (const mode of list.modes ?? [])
        expect((await get(`${configListPath(list)}?mode=${mode}`)).body, `${list.path} ${mode}`).toEqual(EMPTY);
      for (const query of ['limit=1', 'ordering=-id', 'search=x', 'format=json']) {
        expect((await get(`${configListPath(list)}?${query}`)).body, `${list.path} ${query}`).toEqual(EMPTY);
      }
      // Past the end: no results, and the link back to the first page, as LL2 pages.
      expect((await get(`${configListPath(list)}?offset=1`)).body, list.path).toMatchObject({
        count: 0,
        next: null,
        results: [],
      });
      expect((await get(`${configListPath(list)}1/`)).status, list.path).toBe(404);
    }
  });
});
