// Space stations, declared once (scripts/schemas/resources/space-stations.ts): the four
// definitions made from their field list are the ones written by hand before, where they
// stood; each of the five objects (mini, as a docking location names a station; nested,
// as events list it; bare, as its expedition's detail nests it; normal, its list, with
// the expeditions under way at the build's clock; its detail) equals the one the
// hand-written shapes made, without a clock and at one (test/fixtures/decl/station-
// snapshot.json, taken at 591b7d8 over the checked-in fixture and a second station); and
// the declared table answers LL2's lookups: an owner among the agencies (a choice, an
// unknown id a 400), an orbit's id by the name the record states. By hand.

import { appendFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import { referenceList } from '../scripts/lib/model/collections.ts';
import type { DataSet, ReferenceRecord } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR } from './helpers/data.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const snapshot = JSON.parse(readFileSync(new URL('./fixtures/decl/station-snapshot.json', import.meta.url), 'utf8'));

/** The checked fixture with the snapshot's second station: in LEO (by name), owned by SpaceX, no figures. */
async function withTiangong(): Promise<DataSet> {
  const data = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
  const spaceStations = new Map(data.reference.spaceStations).set('tiangong', {
    id: 18,
    name: 'Tiangong',
    status: { id: 1, name: 'Active' },
    type: { id: 1, name: 'Government' },
    founded: '2021-04-29',
    orbit: 'Low Earth Orbit',
    owners: ['spacex'],
    description: 'CSS',
  } as unknown as ReferenceRecord);
  return { ...data, reference: { ...data.reference, spaceStations } };
}

describe('space stations, declared', () => {
  it('have the definitions written by hand before, where they stood', () => {
    const definitions = responseDefinitions();
    const order = Object.keys(definitions);
    for (const [name, definition] of Object.entries(snapshot.definitions)) {
      expect(definitions[name], name).toEqual(definition);
      expect(order.slice(order.indexOf(name) - 1, order.indexOf(name) + 2), name).toEqual(snapshot.order[name]);
    }
    expect(definitions.SpaceStationDetailed).toBeUndefined();
  });

  it.each([
    ['clockless', undefined],
    ['at', NOW],
  ] as const)('give the five objects the hand-written shapes gave (%s the build clock)', async (label, now) => {
    const data = await withTiangong();
    const shaper = createShaper(data, computeStats(data), BASE_URL, undefined, now);
    const expected = snapshot[label];
    const keys = referenceList(data.reference, 'spaceStations');
    expect(keys).toEqual(expected.keys);
    expect(keys.map(shaper.declared.spaceStations.mini)).toEqual(expected.mini);
    expect(keys.map(shaper.declared.spaceStations.nested)).toEqual(expected.nested);
    expect(keys.map(shaper.declared.spaceStations.bare)).toEqual(expected.bare);
    expect(keys.map(shaper.declared.spaceStations.normal)).toEqual(expected.normal);
    expect(keys.map(shaper.declared.spaceStations.detailed)).toEqual(expected.detailed);
    expect(shaper.declared.spaceStations.nested('iss')).toBe(shaper.declared.spaceStations.nested('iss'));
  });

  it('list the expeditions under way at the clock, and none without one', async () => {
    const data = await withTiangong();
    const at = createShaper(data, computeStats(data), BASE_URL, undefined, NOW);
    const clockless = createShaper(data, computeStats(data), BASE_URL);
    expect(
      (at.declared.spaceStations.normal('iss') as { active_expeditions: unknown[] }).active_expeditions,
    ).toHaveLength(1);
    expect(
      (clockless.declared.spaceStations.normal('iss') as { active_expeditions: unknown[] }).active_expeditions,
    ).toEqual([]);
    expect(
      (at.declared.spaceStations.normal('tiangong') as { active_expeditions: unknown[] }).active_expeditions,
    ).toEqual([]);
  });

  describe('published', () => {
    let api: FixtureApi;
    beforeAll(async () => {
      api = await fixtureApi(NOW, BASE_URL, (dir) =>
        appendFile(
          path.join(dir, 'reference/space-stations.yaml'),
          [
            'tiangong:',
            '  id: 18',
            '  name: Tiangong',
            '  status:',
            '    id: 1',
            '    name: Active',
            '  type:',
            '    id: 1',
            '    name: Government',
            '  founded: 2021-04-29',
            '  orbit: Low Earth Orbit',
            '  owners: [spacex]',
            '',
          ].join('\n'),
        ),
      );
    });
    const ids = async (query: string) =>
      (await api.get(`space_stations/?${query}`)).body.results.map((s: { id: number }) => s.id);

    it("answer the declared table: an owner among the agencies, an orbit's id by its name, counts", async () => {
      expect(await ids('owners=121')).toEqual([18]);
      expect(await ids('owner__ids=121,44')).toEqual([18]);
      expect((await api.get('space_stations/?owners=99999')).status).toBe(400);
      expect(await ids('orbit=8')).toEqual([18]);
      expect(await ids('orbit=15')).toEqual([]);
      expect(await ids('onboard_crew__gte=7')).toEqual([4]);
      expect(await ids('name__contains=Tian')).toEqual([18]);
      expect(await ids('status__ids=1&ordering=-id')).toEqual([18, 4]);
    });
  });
});
