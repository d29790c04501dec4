// Launcher families, declared once (scripts/schemas/resources/launcher-families.ts): the
// definitions made from their field list are the ones written by hand before
// (test/fixtures/decl/family-definitions.json, as schemas/responses.ts gave them at
// c4688890), where they stood; every object of a family (list mode as a configuration's
// list nests it, normal, detailed) and of the configurations nesting them equals the
// object the hand-written shapes made (test/fixtures/decl/family-objects.json, taken at
// c4688890 over test/helpers/families-data.ts); a figure is LL2's stored one, else the
// data set's; the table answers LL2's lookups (dates, a manufacturer's texts, ids and
// country, counts); and the input keys of a detail follow its figures and its
// manufacturers' tallies, those of the list object neither. On the checked-in fixture
// plus Ariane (test/helpers/families-data.ts); by hand.

import { readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import { REFERENCE_RESOURCES } from '../scripts/lib/api/reference-resources.ts';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { toSafeJson } from '../scripts/lib/base/json.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import { referenceList } from '../scripts/lib/model/collections.ts';
import type { DataSet } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR, makeLaunch, memoryDataSet } from './helpers/data.ts';
import { withFamilies } from './helpers/families-data.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const snapshotOf = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/decl/${name}`, import.meta.url), 'utf8'));

let loaded: Promise<DataSet> | undefined;
/** The checked fixture's data set, loaded once. */
const fixtureData = (): Promise<DataSet> =>
  (loaded ??= loadDataDir(FIXTURE_DIR).then((files) => checkData(files, NOW).dataset!));

describe('launcher families, declared', () => {
  it('have the definitions written by hand before, where they stood', () => {
    const definitions = responseDefinitions();
    const names = ['FamilyMini', 'FamilyNormal', 'FamilyDetailed'];
    const snapshot = snapshotOf('family-definitions.json');
    for (const name of names) expect(definitions[name], name).toEqual(snapshot[name]);
    const order = Object.keys(definitions);
    expect(order.slice(order.indexOf('PadNoLocation'), order.indexOf('PadNoLocation') + 5)).toEqual([
      'PadNoLocation',
      ...names,
      'ConfigurationList',
    ]);
  });

  it('give the objects the hand-written shapes gave, in each mode and as configurations nest them', async () => {
    const data = withFamilies(await fixtureData());
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const snapshot = snapshotOf('family-objects.json');
    for (const kind of ['launcherFamilies', 'launcherConfigurations'] as const) {
      const resource = REFERENCE_RESOURCES.find((r) => r.kind === kind)!;
      const keys = referenceList(data.reference, kind);
      expect(keys, kind).toEqual(snapshot[kind].order);
      expect(
        keys.map((k) => resource.normal(shaper)(k)),
        kind,
      ).toEqual(snapshot[kind].normal);
      expect(
        keys.map((k) => resource.detailed!(shaper)(k)),
        kind,
      ).toEqual(snapshot[kind].detailed);
    }
    expect(referenceList(data.reference, 'launcherFamilies').map(shaper.declared.launcherFamilies.mini)).toEqual(
      snapshot.launcherFamilies.mini,
    );
  });

  it('take LL2 figures where stored, else count them, and are built once per key', async () => {
    const data = withFamilies(await fixtureData());
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    // Ariane: LL2's launch count and landings, and the data set's count of what LL2 did not store.
    expect(shaper.declared.launcherFamilies.detailed('ariane')).toMatchObject({
      total_launch_count: 500,
      successful_launches: 480,
      pending_launches: 0,
      attempted_landings: 3,
      successful_landings: 2,
      failed_landings: null,
      parent: shaper.declared.launcherFamilies.normal('falcon-9'),
      manufacturer: [expect.objectContaining({ id: 44 }), expect.objectContaining({ id: 121 })],
    });
    expect(shaper.declared.launcherFamilies.detailed('falcon-9')).toMatchObject({
      total_launch_count: 0,
      pending_launches: 1,
    });
    expect(shaper.declared.launcherFamilies.normal('ariane')).toMatchObject({
      parent: shaper.declared.launcherFamilies.mini('falcon-9'),
    });
    const ariane5 = shaper.declared.launcherConfigurations.detailed('ariane-5') as { families: unknown[] };
    expect(ariane5.families[0]).toBe(shaper.declared.launcherFamilies.detailed('ariane'));
    const normal = shaper.declared.launcherConfigurations.normal('ariane-5') as { families: unknown[] };
    expect(normal.families[0]).toBe(shaper.declared.launcherFamilies.normal('ariane'));
  });

  describe('published', () => {
    let api: FixtureApi;
    beforeAll(async () => {
      api = await fixtureApi(NOW, BASE_URL, async (dir) => {
        await appendFile(
          path.join(dir, 'reference/launcher-families.yaml'),
          [
            'ariane:',
            '  id: 77',
            '  name: Ariane',
            '  manufacturer: [nasa, spacex]',
            '  maiden_flight: 1979-12-24',
            '  ll2_figures:',
            '    total_launch_count: 500',
            '    attempted_landings: 3',
            '',
          ].join('\n'),
        );
      });
    });

    it("answer the table: a maiden flight's dates, a manufacturer's texts, ids and country, counts", async () => {
      const ids = async (query: string) =>
        (await api.get(`launcher_configuration_families/?${query}`)).body.results.map((f: { id: number }) => f.id);
      expect(await ids('maiden_flight__lt=2000-01-01')).toEqual([77]);
      expect(await ids('maiden_flight=1979-12-24')).toEqual([77]);
      expect(await ids('manufacturer__abbrev=NASA')).toEqual([77]);
      expect(await ids('manufacturer__abbrev__contains=Sp')).toEqual([1, 77, 176]);
      expect(await ids('manufacturer__name__contains=Aeronautics')).toEqual([77]);
      expect(await ids('manufacturer__id=44')).toEqual([77]);
      expect(await ids('manufacturer__id__contains=12')).toEqual([1, 77, 176]);
      expect(await ids('manufacturer__country_code=USA')).toEqual([1, 77, 176]);
      expect(await ids('total_launch_count__gte=100')).toEqual([77]);
      expect(await ids('attempted_landings=3')).toEqual([77]);
      expect(await ids('name__contains=Falcon')).toEqual([1, 176]);
      expect(await ids('ordering=-total_launch_count&limit=1')).toEqual([77]);
      expect((await api.get('launcher_configuration_families/?maiden_flight__gt=soon')).status).toBe(400);
    });

    it('give the detail and its list in list mode', async () => {
      expect(api.json('2.3.0/launcher_configuration_families/77/index.json')).toMatchObject({
        response_mode: 'detailed',
        total_launch_count: 500,
        attempted_landings: 3,
      });
      expect((await api.get('launcher_configuration_families/?mode=list&id=77')).body.results).toContainEqual({
        response_mode: 'list',
        id: 77,
        name: 'Ariane',
      });
    });
  });

  describe('input keys', () => {
    /** Falcon 9's key and bytes in a mode, with a launch of SpaceX's given (its manufacturer's tallies). */
    const falcon9 = async (status: string, mode: 'normal' | 'detailed') => {
      const data = withFamilies(await fixtureData());
      const flown = makeLaunch(1, '2025-03-01T10:00:00Z', { launch_service_provider: 'spacex', status });
      const c = createContext(memoryDataSet([...data.launches, flown], [], data.reference), {
        now: NOW,
        baseUrl: BASE_URL,
      });
      return {
        key: c.keys.reference('launcherFamilies', mode)('falcon-9'),
        bytes: toSafeJson(c.shape.declared.launcherFamilies.detailed('falcon-9')),
      };
    };

    it("of the detail change with its manufacturer's tallies, which the list object does not show", async () => {
      const [success, failure] = [await falcon9('success', 'detailed'), await falcon9('failure', 'detailed')];
      expect(success.bytes).not.toBe(failure.bytes);
      expect(success.key).not.toBe(failure.key);
      expect((await falcon9('success', 'normal')).key).toBe((await falcon9('failure', 'normal')).key);
    });
  });
});
