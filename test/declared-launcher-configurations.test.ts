// Rocket configurations, declared once (scripts/schemas/resources/launcher-configurations.ts):
// the four definitions made from their field list (and the agency detail that lists the
// manufacturer-less one) are the ones written by hand before, where they stood; each of the
// four objects (mini, as a normal launch's rocket nests it; normal, its list; detailed, its
// detail and a detailed launch's rocket; bare, as its manufacturer's detail lists it) equals
// the one the hand-written shapes made (test/fixtures/decl/configuration-snapshot.json, taken
// at f47bdd4 over the checked-in fixture and a third configuration stating every field and
// LL2's figures), each built once per key; list mode, cut from the normal object, is the mini
// object with its families cut to theirs; the declared table answers LL2's lookups. By hand.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { launchInMode, referenceInListMode } from '../scripts/lib/api/projection.ts';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import { referenceList } from '../scripts/lib/model/collections.ts';
import type { DataSet, Json, JsonObject, ReferenceRecord } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR } from './helpers/data.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const snapshot = JSON.parse(
  readFileSync(new URL('./fixtures/decl/configuration-snapshot.json', import.meta.url), 'utf8'),
);

/** The checked fixture with the snapshot's third configuration: every field stated, and some of LL2's figures. */
async function withFalconHeavy(): Promise<DataSet> {
  const data = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
  const launcherConfigurations = new Map(data.reference.launcherConfigurations).set('falcon-heavy', {
    id: 161,
    name: 'Falcon Heavy',
    full_name: 'Falcon Heavy',
    families: ['falcon'],
    active: true,
    is_placeholder: false,
    manufacturer: 'spacex',
    program: ['iss'],
    reusable: true,
    image: { id: 7, name: 'FH', image_url: 'https://img.example/fh.jpg' },
    info_url: 'https://www.spacex.com/vehicles/falcon-heavy/',
    wiki_url: 'https://en.wikipedia.org/wiki/Falcon_Heavy',
    description: 'Three cores.',
    alias: 'FH',
    min_stage: 2,
    max_stage: 3,
    length: 70,
    diameter: 12.2,
    maiden_flight: '2018-02-06',
    launch_cost: 97000000,
    launch_mass: 1420,
    leo_capacity: 63800,
    gto_capacity: 26700,
    to_thrust: 22819,
    ll2_figures: {
      total_launch_count: 11,
      successful_landings: 20,
      attempted_landings: 23,
      fastest_turnaround: 'P45D',
    },
  } as unknown as ReferenceRecord);
  return { ...data, reference: { ...data.reference, launcherConfigurations } };
}

describe('rocket configurations, declared', () => {
  it('have the definitions written by hand before, where they stood', () => {
    const definitions = responseDefinitions();
    for (const [name, definition] of Object.entries(snapshot.definitions))
      expect(definitions[name], name).toEqual(definition);
    const order = Object.keys(definitions);
    const at = order.indexOf('ConfigurationList');
    expect(order.slice(at - 1, at + 5)).toEqual(snapshot.definitionOrder);
  });

  it('give the objects the hand-written shapes gave, each built once per key, and the agency its rockets', async () => {
    const data = await withFalconHeavy();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const keys = referenceList(data.reference, 'launcherConfigurations');
    expect(keys).toEqual(snapshot.order);
    expect(keys.map(shaper.declared.launcherConfigurations.mini)).toEqual(snapshot.list);
    expect(keys.map(shaper.declared.launcherConfigurations.normal)).toEqual(snapshot.normal);
    expect(keys.map(shaper.declared.launcherConfigurations.detailed)).toEqual(snapshot.detailed);
    const spacex = shaper.declared.agencies.detailed('spacex');
    expect(spacex.launcher_list).toEqual(snapshot.spacexLaunchers);
    expect(spacex).toEqual(snapshot.spacexAgency);
    expect(shaper.declared.launcherConfigurations.detailed('falcon-heavy')).toBe(
      shaper.declared.launcherConfigurations.detailed('falcon-heavy'),
    );
    expect((spacex.launcher_list as Json[])[0]).toBe(shaper.declared.launcherConfigurations.bare('falcon-9-block-5'));
  });

  it('in list mode are their mini objects, families cut to theirs, as a normal launch nests its rocket', async () => {
    const data = await withFalconHeavy();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const keys = referenceList(data.reference, 'launcherConfigurations');
    expect(
      keys.map((key) =>
        referenceInListMode('launcherConfigurations', shaper.declared.launcherConfigurations.normal(key) as JsonObject),
      ),
    ).toEqual(snapshot.listMode);
    expect(snapshot.listMode).toEqual(snapshot.list);
    const launch = data.launches.find((l) => l.rocket.configuration === 'falcon-9-block-5')!;
    const normal = launchInMode(shaper.launchDetailed(launch) as JsonObject, 'normal');
    expect((normal.rocket as JsonObject).configuration).toEqual(
      shaper.declared.launcherConfigurations.mini('falcon-9-block-5'),
    );
  });

  describe('published', () => {
    let api: FixtureApi;
    beforeAll(async () => {
      api = await fixtureApi(NOW, BASE_URL);
    });
    const ids = async (query: string) =>
      (await api.get(`launcher_configurations/?${query}`)).body.results.map((c: { id: number }) => c.id);

    it("answer the declared table: families and programs among their records, a manufacturer's name, booleans", async () => {
      expect(await ids('limit=10')).toEqual([164, 469]);
      expect(await ids('families=176')).toEqual([164]);
      expect(await ids('families__contains=154&families__contains=1')).toEqual([164, 469]);
      expect((await api.get('launcher_configurations/?families=99999')).status).toBe(400);
      expect(await ids('manufacturer__name__contains=Space')).toEqual([164]);
      expect(await ids('name__contains=Sputnik')).toEqual([469]);
      expect(await ids('active=false')).toEqual([469]);
      expect(await ids('search=SpX')).toEqual([164]);
      expect(await ids('ordering=-name')).toEqual([469, 164]);
      const list = (await api.get('launcher_configurations/?mode=list&name=Falcon 9')).body.results;
      expect(list[0].families.map((f: JsonObject) => Object.keys(f))).toEqual([
        ['response_mode', 'id', 'name'],
        ['response_mode', 'id', 'name'],
      ]);
    });
  });
});
