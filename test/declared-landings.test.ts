// Landings, declared once (scripts/schemas/resources/landings.ts): the three definitions
// made from their field list are the ones written by hand before, where they stood, as is
// the record schema; each of their objects (`Landing` as a stage nests it, the list and the
// detail with the first stage or spacecraft flight that made it, and the list mode with
// those in their short forms: a field's `listCut`), what the table reads beyond them and
// the query cells equal the ones the hand-written shapes and table made
// (test/fixtures/decl/landing-snapshot.json, taken at e7649ef9 over the checked-in fixture,
// a booster's landing stating every field, one stating only its id, and a launch whose
// first stage and spacecraft flight made the first and the fixture's splashdown); the
// nested object is built once per key; the declared table answers LL2's filters, among
// them the first stage's booster by serial number and its launch. By hand.

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
import { dataFileSchemas, launchSchema, REFERENCE_KINDS } from '../scripts/schemas/data-files.ts';
import { FIXTURE_DIR } from './helpers/data.ts';
import { definitionsNow, tableCells } from './helpers/declared-snapshot.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const snapshot = JSON.parse(await readFile(new URL('./fixtures/decl/landing-snapshot.json', import.meta.url), 'utf8'));
const CRS_DEMO = '11111111-2222-4333-8444-555555555555';

/** A booster's landing on a drone ship stating every field (its location ours by key), and one stating only its id. */
const LANDINGS = {
  'landing-2001': {
    id: 2001,
    attempt: true,
    success: true,
    description: 'B1062 landed on the drone ship.',
    downrange_distance: 600.5,
    landing_location: {
      id: 5,
      name: 'A Shortfall of Gravitas',
      abbrev: 'ASOG',
      description: null,
      location: 'cape-canaveral',
      active: true,
      longitude: -79.5,
      latitude: 30.1,
      successful_landings: 80,
      attempted_landings: 81,
      failed_landings: 1,
    },
    type: { id: 2, name: 'Autonomous Spaceport Drone Ship', abbrev: 'ASDS', description: 'A ship.' },
  },
  'landing-2002': { id: 2002 },
};
/** The Falcon 9 launch's first stage (B1062, landing on the drone ship after Sputnik 1) and its flight's splashdown. */
const LAUNCHER_STAGE = [
  {
    id: 823,
    type: 'Core',
    reused: true,
    launcher_flight_number: 3,
    launcher: 'b1062',
    landing: 'landing-2001',
    previous_flight_date: '1957-10-04T19:28:34Z',
    turn_around_time_days: 5,
    previous_flight: { id: 'e3df2ecd-c239-472f-95e4-2b89b4f75800', name: 'Sputnik 1' },
  },
];
const SPACECRAFT_STAGE = [{ flight: 'spacecraft-flight-880', landing: 'landing-1601', landing_crew: [] }];

/** The checked fixture with those landings and that launch. */
async function withLandings(): Promise<{ data: DataSet; flown: LaunchRecord }> {
  const data = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
  const landings = new Map(data.reference.landings);
  for (const [key, record] of Object.entries(LANDINGS)) landings.set(key, record as unknown as ReferenceRecord);
  const base = data.launches.find((l) => l.id === CRS_DEMO)!;
  const rocket = { ...base.rocket, launcher_stage: LAUNCHER_STAGE, spacecraft_stage: SPACECRAFT_STAGE };
  const flown = { ...base, rocket } as LaunchRecord;
  const launches = data.launches.map((l) => (l === base ? flown : l));
  return { data: { ...data, launches, reference: { ...data.reference, landings } }, flown };
}

describe('landings, declared', () => {
  it('have the definitions and the record schema written by hand before, where they stood', () => {
    expect(definitionsNow(Object.keys(snapshot.definitions))).toEqual({
      definitions: snapshot.definitions,
      definitionOrder: snapshot.definitionOrder,
    });
    expect(dataFileSchemas().landings).toEqual(snapshot.recordSchema);
  });

  it('give the objects, list mode, related facts and query cells the hand-written shapes and table gave', async () => {
    const { data, flown } = await withLandings();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const keys = referenceList(data.reference, 'landings');
    expect(keys).toEqual(snapshot.order);
    const landings = shaper.declared.landings;
    expect(keys.map(landings.nested)).toEqual(snapshot.nested);
    expect(keys.map(landings.normal)).toEqual(snapshot.normal);
    expect(keys.map(landings.detailed)).toEqual(snapshot.detailed);
    expect(keys.map((key) => referenceInListMode('landings', landings.normal(key)))).toEqual(snapshot.listMode);
    expect(keys.map(landings.related)).toEqual(snapshot.related);
    expect(tableCells('landings', landings, keys)).toEqual(snapshot.cells);
    expect((shaper.launchDetailed(flown) as JsonObject).rocket).toEqual(snapshot.rocket);
  });

  it('nest one object per key in stages, and cut the stage and flight in list mode', async () => {
    const { data, flown } = await withLandings();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const landings = shaper.declared.landings;
    const rocket = shaper.launchDetailed(flown).rocket as {
      launcher_stage: JsonObject[];
      spacecraft_stage: JsonObject[];
    };
    expect(rocket.launcher_stage[0].landing).toBe(landings.nested('landing-2001'));
    expect(rocket.spacecraft_stage[0].landing).toBe(landings.nested('landing-1601'));
    const list = referenceInListMode('landings', landings.normal('landing-2001'));
    expect(list.response_mode).toBe('list');
    expect(Object.keys(list.firststage as JsonObject)).toEqual([
      'id',
      'type',
      'reused',
      'launcher_flight_number',
      'launcher',
      'previous_flight_date',
      'turn_around_time',
    ]);
    expect((list.firststage as { launcher: JsonObject }).launcher.response_mode).toBe('list');
    const flight = referenceInListMode('landings', landings.normal('landing-1601')).spacecraftflight as JsonObject;
    expect(flight.launch).toEqual({ id: CRS_DEMO, url: `${BASE_URL}launches/${CRS_DEMO}/`, name: flown.name });
    expect(flight).not.toHaveProperty('landing');
  });

  describe('published', () => {
    let api: FixtureApi;
    beforeAll(async () => {
      // Its records rewritten in canonical form with those above among them, and the launch's stages.
      api = await fixtureApi(NOW, BASE_URL, async (dataDir) => {
        const path = join(dataDir, 'reference', 'landings.yaml');
        const all = { ...parse(await readFile(path, 'utf8')), ...LANDINGS };
        await writeFile(path, recordToYaml(all, keyedRecords(REFERENCE_KINDS.landings)));
        const launchFile = join(dataDir, 'launches', 'crs-demo.yaml');
        const launch = parse(await readFile(launchFile, 'utf8'));
        launch.rocket = { ...launch.rocket, launcher_stage: LAUNCHER_STAGE, spacecraft_stage: SPACECRAFT_STAGE };
        await writeFile(launchFile, recordToYaml(launch, launchSchema));
      });
    });
    const ids = async (query: string) =>
      (await api.get(`landings/?${query}`)).body.results.map((l: { id: number }) => l.id);

    it("answer the declared table: outcomes, the stage's booster and launch, the flight's spacecraft", async () => {
      expect(await ids('limit=10')).toEqual([1601, 2001, 2002]);
      expect(await ids('attempt=true')).toEqual([1601, 2001]);
      // An outcome not yet known is neither.
      expect(await ids('success=true')).toEqual([2001]);
      expect(await ids('success=false')).toEqual([]);
      expect(await ids('landing_location__ids=5,18')).toEqual([1601, 2001]);
      expect(await ids('landing_type__ids=4')).toEqual([1601]);
      expect(await ids('launcher__ids=90')).toEqual([2001]);
      expect(await ids('launcher_serial_numbers=B1062,B9999')).toEqual([2001]);
      expect(await ids(`firststage_launch__ids=${CRS_DEMO}`)).toEqual([2001]);
      expect(await ids('launcher_config__ids=164')).toEqual([2001]);
      expect(await ids('spacecraft__ids=569')).toEqual([1601]);
      expect(await ids(`spacecraft_launch__ids=${CRS_DEMO}`)).toEqual([1601]);
      expect(await ids('search=ASOG')).toEqual([2001]);
      expect(await ids('search=cargo dragon')).toEqual([1601]);
      // Descending, the landings of no stated distance first, as PostgreSQL orders nulls.
      expect(await ids('ordering=-downrange_distance')).toEqual([1601, 2002, 2001]);
      expect(await ids('ordering=downrange_distance')).toEqual([2001, 1601, 2002]);
      const list = (await api.get('landings/?mode=list&launcher__ids=90')).body.results;
      expect(list.map((l: JsonObject) => [l.response_mode, Object.keys(l.firststage as JsonObject).length])).toEqual([
        ['list', 7],
      ]);
    });
  });
});
