// Astronauts, declared once (scripts/schemas/resources/astronauts.ts): the two
// definitions made from their field list are the ones written by hand before, where
// they stood, as are the crew member's astronaut typed in an expedition's detail and
// the record schema; each of their objects (list mode, a crew member's astronaut, the
// list with its counts, the detail with its flights), a launch's crews, an expedition's
// crew and the query cells equal the ones the hand-written shapes and table made
// (test/fixtures/decl/astronaut-snapshot.json, taken at 35ddbe6d over the checked-in
// fixture, an astronaut stating every field, a "Non-Human" one stating only its name and
// type, and a launch whose crews name them); a crew member's astronaut is built once per
// key; the declared table answers LL2's filters (has_flown, is_human, a first flight's
// exact instant), search and orderings. By hand.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { referenceInListMode } from '../scripts/lib/api/projection.ts';
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
  await readFile(new URL('./fixtures/decl/astronaut-snapshot.json', import.meta.url), 'utf8'),
);

/** An astronaut stating every field (with a link of 2.3.0), and a "Non-Human" one stating only its name and type. */
const ASTRONAUTS = {
  'oleg-kononenko': {
    id: 34,
    name: 'Oleg Kononenko',
    status: { id: 2, name: 'Retired' },
    type: { id: 2, name: 'Government' },
    agency: 'spacex',
    nationality: ['kaz', 'usa'],
    image: {
      id: 8,
      name: 'Kononenko',
      image_url: 'https://img.example/ok.jpg',
      credit: 'NASA',
      single_use: true,
    },
    in_space: true,
    time_in_space: 'P1110DT14H57M',
    eva_time: 'P1DT7H',
    age: 62,
    date_of_birth: '1964-06-21',
    date_of_death: null,
    bio: 'Cosmonaut.',
    wiki: 'https://en.wikipedia.org/wiki/Oleg_Kononenko',
    first_flight: '2008-04-08T11:16:39Z',
    last_flight: '2023-09-15T15:44:36Z',
    twitter: 'https://twitter.com/ok',
    social_media_links: [
      {
        id: 3,
        social_media: { id: 1, name: 'Twitter', url: 'https://twitter.com' },
        url: 'https://twitter.com/ok',
      },
    ],
  },
  dummy: { id: 35, name: 'Rick the dummy', type: { id: 5, name: 'Non-Human' } },
};
/** The Falcon 9 launch's stage: the fixture's flight, the first astronaut commanding, the fixture's one aboard, the first landing. */
const STAGES = [
  {
    flight: 'spacecraft-flight-880',
    launch_crew: [
      { id: 5, role: { id: 1, role: 'Commander', priority: 0 }, astronaut: 'oleg-kononenko' },
      { id: 6, role: null, astronaut: 'jessica-meir' },
    ],
    onboard_crew: [],
    landing_crew: [{ id: 7, role: null, astronaut: 'oleg-kononenko' }],
  },
];

/** The checked fixture with those astronauts and that launch. */
async function withAstronauts(): Promise<{ data: DataSet; flown: LaunchRecord }> {
  const data = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
  const astronauts = new Map(data.reference.astronauts);
  for (const [key, record] of Object.entries(ASTRONAUTS)) astronauts.set(key, record as unknown as ReferenceRecord);
  const base = data.launches.find((l) => l.rocket.configuration === 'falcon-9-block-5')!;
  const flown = { ...base, rocket: { ...base.rocket, spacecraft_stage: STAGES } } as LaunchRecord;
  const launches = data.launches.map((l) => (l === base ? flown : l));
  return { data: { ...data, launches, reference: { ...data.reference, astronauts } }, flown };
}

describe('astronauts, declared', () => {
  it('have the definitions and the record schema written by hand before, where they stood', () => {
    expect(definitionsNow(Object.keys(snapshot.definitions))).toEqual({
      definitions: snapshot.definitions,
      definitionOrder: snapshot.definitionOrder,
    });
    expect(dataFileSchemas().astronauts).toEqual(snapshot.recordSchema);
  });

  it('give the objects, crews and query cells the hand-written shapes and table gave', async () => {
    const { data, flown } = await withAstronauts();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const keys = referenceList(data.reference, 'astronauts');
    expect(keys).toEqual(snapshot.order);
    const astronauts = shaper.declared.astronauts;
    expect(keys.map((key) => referenceInListMode('astronauts', astronauts.normal(key)))).toEqual(snapshot.listMode);
    expect(keys.map((key) => shaper.crewMember({ id: 9, role: null, astronaut: key }))).toEqual(snapshot.crew);
    expect(keys.map(astronauts.normal)).toEqual(snapshot.normal);
    expect(keys.map(astronauts.detailed)).toEqual(snapshot.detailed);
    expect(tableCells('astronauts', astronauts, keys)).toEqual(snapshot.cells);
    expect((shaper.launchDetailed(flown) as JsonObject & { rocket: JsonObject }).rocket.spacecraft_stage).toEqual(
      snapshot.stage,
    );
    const expedition = [...data.reference.expeditions.keys()][0];
    expect(shaper.declared.expeditions.detailed(expedition)).toEqual(snapshot.expedition);
  });

  it("count a crew's flights and landings, list the flights by NET, and nest one object per key in crews", async () => {
    const { data, flown } = await withAstronauts();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const astronauts = shaper.declared.astronauts;
    expect(astronauts.normal('oleg-kononenko')).toMatchObject({ flights_count: 1, landings_count: 1 });
    expect(astronauts.normal('dummy')).toMatchObject({ flights_count: 0, landings_count: 0, spacewalks_count: null });
    expect((astronauts.detailed('oleg-kononenko').flights as JsonObject[]).map((l) => l.id)).toEqual([flown.id]);
    const member = (key: string) => shaper.crewMember({ id: 1, role: null, astronaut: key }) as JsonObject;
    expect(member('dummy').astronaut).toBe(member('dummy').astronaut);
    expect(member('dummy').astronaut).toBe(astronauts.nested('dummy'));
  });

  describe('published', () => {
    let api: FixtureApi;
    beforeAll(async () => {
      // Its records rewritten in canonical form with those above among them.
      api = await fixtureApi(NOW, BASE_URL, async (dataDir) => {
        const path = join(dataDir, 'reference', 'astronauts.yaml');
        const all = { ...parse(await readFile(path, 'utf8')), ...ASTRONAUTS };
        await writeFile(path, recordToYaml(all, keyedRecords(REFERENCE_KINDS.astronauts)));
      });
    });
    const ids = async (query: string) =>
      (await api.get(`astronauts/?${query}`)).body.results.map((a: { id: number }) => a.id);

    it('answer the declared table: flown, human, instants, nationality, search, orderings', async () => {
      expect(await ids('limit=10')).toEqual([34, 35, 573]);
      expect(await ids('has_flown=true')).toEqual([34, 573]);
      expect(await ids('has_flown=false')).toEqual([35]);
      expect(await ids('is_human=false')).toEqual([35]);
      expect(await ids('is_human=true')).toEqual([34, 573]);
      expect(await ids('first_flight=2008-04-08T11:16:39Z')).toEqual([34]);
      expect(await ids('first_flight__gt=2010-01-01T00:00:00Z')).toEqual([573]);
      expect(await ids('nationality=Kazakh')).toEqual([34]);
      expect(await ids('nationality=American')).toEqual([34, 573]);
      // The fixture's astronaut is aboard the expedition under way at the clock.
      expect(await ids('in_space=true')).toEqual([34, 573]);
      expect(await ids('in_space=false')).toEqual([35]);
      expect(await ids('age__gte=60')).toEqual([34]);
      expect(await ids('type__id=5')).toEqual([35]);
      expect(await ids('status_ids=1,2')).toEqual([34, 573]);
      expect(await ids('search=kononenko')).toEqual([34]);
      // Durations order by their seconds: the dummy's stated none, "P0D".
      expect(await ids('ordering=-eva_time')).toEqual([34, 35, 573]);
      expect(await ids('ordering=-time_in_space')).toEqual([35, 34, 573]);
      const list = (await api.get('astronauts/?mode=list&search=kononenko')).body.results;
      expect(list.map((a: JsonObject) => [a.response_mode, 'flights_count' in a])).toEqual([['list', false]]);
    });
  });
});
