// Boosters, declared once (scripts/schemas/resources/launchers.ts): the definitions
// made from their field list are the ones written by hand before, where they stood,
// and each object (mini, its list mode; normal, as its list and a launch's first stage
// nest it; its detail, with its configuration) equals the one the hand-written shapes
// made (test/fixtures/decl/launcher-snapshot.json, taken at 9b80340 over the checked-in
// fixture and a second booster stating little); the objects are built once per key;
// list mode is the mini object; the declared table answers LL2's lookups, its
// configuration's manufacturer among them. On the checked-in fixture; by hand.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceInListMode } from '../scripts/lib/api/projection.ts';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import { referenceList } from '../scripts/lib/model/collections.ts';
import type { DataSet, JsonObject, ReferenceRecord } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR } from './helpers/data.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const snapshot = JSON.parse(readFileSync(new URL('./fixtures/decl/launcher-snapshot.json', import.meta.url), 'utf8'));

/** The checked fixture with the snapshot's second booster: no status, configuration, image or figures; a placeholder. */
async function withSecondBooster(): Promise<DataSet> {
  const data = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
  const launchers = new Map(data.reference.launchers).set('unknown-f9', {
    id: 130,
    serial_number: null,
    status: null,
    is_placeholder: true,
    details: 'x',
  } as unknown as ReferenceRecord);
  return { ...data, reference: { ...data.reference, launchers } };
}

describe('boosters, declared', () => {
  it('have the definitions written by hand before, where they stood', () => {
    const definitions = responseDefinitions();
    for (const [name, definition] of Object.entries(snapshot.definitions))
      expect(definitions[name], name).toEqual(definition);
    const order = Object.keys(definitions);
    const at = order.indexOf('LauncherMini');
    expect(order.slice(at - 1, at + 4)).toEqual(snapshot.definitionOrder);
  });

  it('give the objects the hand-written shapes gave, each built once per key, and the same first stage', async () => {
    const data = await withSecondBooster();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const keys = referenceList(data.reference, 'launchers');
    expect(keys).toEqual(snapshot.order);
    expect(keys.map(shaper.declared.launchers.mini)).toEqual(snapshot.mini);
    expect(keys.map(shaper.declared.launchers.normal)).toEqual(snapshot.normal);
    expect(keys.map(shaper.declared.launchers.detailed)).toEqual(snapshot.detailed);
    expect(shaper.declared.launchers.detailed('b1062')).toBe(shaper.declared.launchers.detailed('b1062'));
    const stage = {
      id: 5,
      type: 'Core',
      launcher: 'b1062',
      reused: true,
      previous_flight_date: '2024-04-28T22:08:00Z',
    };
    expect(shaper.firstStage(stage, '2024-06-01T00:00:00Z')).toEqual(snapshot.firstStage);
    expect(shaper.firstStage(stage, '2024-06-01T00:00:00Z').launcher).toBe(shaper.declared.launchers.normal('b1062'));
    for (const key of keys)
      expect(referenceInListMode('launchers', shaper.declared.launchers.normal(key) as JsonObject)).toEqual(
        shaper.declared.launchers.mini(key),
      );
  });

  describe('published', () => {
    let api: FixtureApi;
    beforeAll(async () => {
      api = await fixtureApi(NOW, BASE_URL);
    });
    const ids = async (query: string) =>
      (await api.get(`launchers/?${query}`)).body.results.map((l: { id: number }) => l.id);

    it("answer the declared table: counts, instants, booleans, a serial's part, the configuration's manufacturer", async () => {
      expect(await ids('flights__gte=20')).toEqual([90]);
      expect(await ids('flights__lt=20')).toEqual([]);
      expect(await ids('first_launch_date=2020-11-05T23:24:23Z')).toEqual([90]);
      expect(await ids('flight_proven=true&is_placeholder=false')).toEqual([90]);
      expect(await ids('serial_number__contains=106')).toEqual([90]);
      expect(await ids('launcher_config__manufacturer__name__contains=SpaceX')).toEqual([90]);
      expect(await ids('launcher_config__manufacturer__name=Blue Origin')).toEqual([]);
      expect((await api.get('launchers/?flights__gte=many')).status).toBe(400);
      expect((await api.get('launchers/90/?mode=list')).status).toBe(200);
    });
  });
});
