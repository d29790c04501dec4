// Spacecraft, declared once (scripts/schemas/resources/spacecraft.ts): the three
// definitions made from their field list are the ones written by hand before, where
// they stood; each of the three objects (normal, its list and a normal flight's; nested,
// `SpacecraftDetailed`, a detailed launch's flight's; detailed, its detail with its
// flights and their launches), the flights that nest them and the query cells equal the
// ones the hand-written shapes and table made (test/fixtures/decl/spacecraft-snapshot.json,
// taken at 8a3fd699 over the checked-in fixture, a spacecraft stating every field, one
// stating only what a record must, and a launch flying both); all but the detail are built
// once per key; the declared table answers LL2's filters, search and orderings (durations
// in seconds). By hand.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { recordToYaml } from '../scripts/lib/data/canonical.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import { referenceList } from '../scripts/lib/model/collections.ts';
import type { DataSet, JsonObject, LaunchRecord, ReferenceRecord } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { keyedRecords } from '../scripts/schemas/building-blocks.ts';
import { dataFileSchemas, REFERENCE_KINDS } from '../scripts/schemas/data-files.ts';
import { FIXTURE_DIR } from './helpers/data.ts';
import { definitionsNow, tableCells } from './helpers/declared-snapshot.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const snapshot = JSON.parse(
  await readFile(new URL('./fixtures/decl/spacecraft-snapshot.json', import.meta.url), 'utf8'),
);

/** A spacecraft stating every field, and one stating only what a record must. */
const SPACECRAFT = {
  'dragon-c206': {
    id: 21,
    name: 'Dragon C206 Endeavour',
    spacecraft_config: 'cargo-dragon-2',
    serial_number: 'C206',
    is_placeholder: false,
    in_space: true,
    time_in_space: 'P600DT4H2M1S',
    time_docked: 'P590DT1H',
    flights_count: 5,
    mission_ends_count: 4,
    status: { id: 1, name: 'Active' },
    description: 'The first crewed Dragon.',
    image: {
      id: 31,
      name: 'C206',
      image_url: 'https://img.example/c206.jpg',
      credit: 'SpaceX',
      single_use: false,
    },
    fastest_turnaround: 'P95DT2H',
  },
  'unnamed-craft': { id: 22, name: 'Unnamed', spacecraft_config: 'cargo-dragon-2' },
};
/** A flight of the first, ended. */
const FLIGHTS = {
  'spacecraft-flight-881': {
    id: 881,
    spacecraft: 'dragon-c206',
    destination: 'ISS',
    mission_end: '2026-03-01T10:00:00Z',
  },
};

/** The checked fixture with those records, its Falcon 9 launch flying the fixture's flight and the one above. */
async function withSpacecraft(): Promise<{ data: DataSet; flown: LaunchRecord }> {
  const data = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
  const spacecraft = new Map(data.reference.spacecraft);
  for (const [key, record] of Object.entries(SPACECRAFT)) spacecraft.set(key, record as unknown as ReferenceRecord);
  const spacecraftFlights = new Map(data.reference.spacecraftFlights);
  for (const [key, record] of Object.entries(FLIGHTS)) spacecraftFlights.set(key, record as unknown as ReferenceRecord);
  const base = data.launches.find((l) => l.rocket.configuration === 'falcon-9-block-5')!;
  const flown = {
    ...base,
    rocket: {
      ...base.rocket,
      spacecraft_stage: [{ flight: 'spacecraft-flight-880' }, { flight: 'spacecraft-flight-881', landing_crew: [] }],
    },
  } as LaunchRecord;
  const launches = data.launches.map((l) => (l === base ? flown : l));
  return { data: { ...data, launches, reference: { ...data.reference, spacecraft, spacecraftFlights } }, flown };
}

describe('spacecraft, declared', () => {
  it('have the definitions and the record schema written by hand before, where they stood', () => {
    expect(definitionsNow(Object.keys(snapshot.definitions))).toEqual({
      definitions: snapshot.definitions,
      definitionOrder: snapshot.definitionOrder,
    });
    expect(dataFileSchemas().spacecraft).toEqual(snapshot.recordSchema);
  });

  it('give the objects, flights and query cells the hand-written shapes and table gave', async () => {
    const { data, flown } = await withSpacecraft();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const keys = referenceList(data.reference, 'spacecraft');
    expect(keys).toEqual(snapshot.order);
    const spacecraft = shaper.declared.spacecraft;
    expect(keys.map(spacecraft.normal)).toEqual(snapshot.normal);
    expect(keys.map(spacecraft.nested)).toEqual(snapshot.nested);
    expect(keys.map(spacecraft.detailed)).toEqual(snapshot.detailed);
    expect(tableCells('spacecraft', spacecraft, keys)).toEqual(snapshot.cells);
    expect((shaper.launchDetailed(flown) as JsonObject & { rocket: JsonObject }).rocket.spacecraft_stage).toEqual(
      snapshot.stage,
    );
    expect(
      ['spacecraft-flight-880', 'spacecraft-flight-881'].map((key) => [
        shaper.declared.spacecraftFlights.normal(key),
        shaper.declared.spacecraftFlights.detailed(key),
      ]),
    ).toEqual(snapshot.flights);
  });

  it('are built once per key as flights nest them, the detail each time', async () => {
    const { data } = await withSpacecraft();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const spacecraft = shaper.declared.spacecraft;
    expect(shaper.declared.spacecraftFlights.normal('spacecraft-flight-881').spacecraft).toBe(
      spacecraft.normal('dragon-c206'),
    );
    expect(shaper.declared.spacecraftFlights.detailed('spacecraft-flight-881').spacecraft).toBe(
      spacecraft.nested('dragon-c206'),
    );
    expect(spacecraft.detailed('dragon-c206')).not.toBe(spacecraft.detailed('dragon-c206'));
    expect(spacecraft.detailed('dragon-c206').flights).toHaveLength(1);
    // One no launch flies lists no flight.
    expect(spacecraft.detailed('unnamed-craft').flights).toEqual([]);
  });

  describe('published', () => {
    let api: FixtureApi;
    beforeAll(async () => {
      // Its records rewritten in canonical form with those above among them.
      api = await fixtureApi(NOW, BASE_URL, async (dataDir) => {
        for (const [kind, file, records] of [
          ['spacecraft', 'spacecraft.yaml', SPACECRAFT],
          ['spacecraftFlights', 'spacecraft-flights.yaml', FLIGHTS],
        ] as const) {
          const path = join(dataDir, 'reference', file);
          const all = { ...parse(await readFile(path, 'utf8')), ...records };
          await writeFile(path, recordToYaml(all, keyedRecords(REFERENCE_KINDS[kind])));
        }
      });
    });
    const ids = async (query: string) =>
      (await api.get(`spacecraft/?${query}`)).body.results.map((s: { id: number }) => s.id);

    it('answer the declared table: booleans, exact names and ids, search, orderings by duration', async () => {
      expect(await ids('limit=10')).toEqual([21, 22, 569]);
      expect(await ids('in_space=true')).toEqual([21]);
      expect(await ids('in_space=false')).toEqual([569]);
      expect(await ids('is_placeholder=true')).toEqual([569]);
      expect(await ids('name=Unnamed')).toEqual([22]);
      expect(await ids('name=unnamed')).toEqual([]);
      expect(await ids('status=1')).toEqual([21, 569]);
      expect(await ids('spacecraft_config=7')).toEqual([21, 22, 569]);
      expect(await ids('search=endeavour')).toEqual([21]);
      expect(await ids('search=cargo dragon 2')).toEqual([21, 22, 569]);
      // Durations order by their seconds (P590DT1H before P600DT4H2M1S), a null last ascending as PostgreSQL's.
      expect(await ids('ordering=time_in_space')).toEqual([569, 21, 22]);
      expect(await ids('ordering=-time_docked')).toEqual([22, 21, 569]);
      expect(await ids('ordering=-flights_count')).toEqual([22, 21, 569]);
      const detail = api.json('2.3.0/spacecraft/21/index.json');
      expect(detail.response_mode).toBe('detailed');
      // No launch of the published fixture flies it: its detail lists no flight (the flights above: the snapshot).
      expect(detail.flights).toEqual([]);
      // An unknown name of a boolean filter's values applies none, as django-filter's BooleanFilter.
      expect(await ids('in_space=maybe')).toEqual([21, 22, 569]);
    });
  });
});
