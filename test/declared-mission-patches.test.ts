// Mission patches, declared once (scripts/schemas/resources/mission-patches.ts): the
// definitions made from their field list are the ones written by hand before
// (test/fixtures/decl/mission-patch-definitions.json, as schemas/responses.ts gave them
// at a48072c8); the object launches nest is built once per key, and one a launch states
// in place of a key is shaped from it; the detail lists the launches that carry the
// patch (ShapeTools.launches) with its agency in detailed mode; and its input keys
// change with what the detail shows of those launches, not the list's. On the
// checked-in fixture plus two launches' patches; by hand.

import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { toSafeJson } from '../scripts/lib/base/json.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import type { DataSet, LaunchRecord } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR, makeLaunch, memoryDataSet } from './helpers/data.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const STARLINK = 'space-x-starlink-mission-patch';
const CRS_DEMO = '11111111-2222-4333-8444-555555555555';

// The fixture's demo launch carries the Starlink patch by key; Sputnik states a patch of its own (not filed).
const CARRIED = [`mission_patches: [${STARLINK}]`, ''];
const STATED = [
  'mission_patches:',
  '  - id: 99',
  '    name: Sputnik Patch',
  '    image_url: https://example.org/sputnik-patch.png',
  '    agency: soviet-space-program',
  '',
];
/** A launch file with `lines` before its `last_updated` (the canonical key order). */
const withPatches = async (file: string, lines: string[]): Promise<void> => {
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace(/^last_updated:/m, `${lines.join('\n')}last_updated:`));
};

describe('mission patches, declared', () => {
  it('have the definitions written by hand before', () => {
    const before = JSON.parse(
      readFileSync(new URL('./fixtures/decl/mission-patch-definitions.json', import.meta.url), 'utf8'),
    );
    const definitions = responseDefinitions();
    expect({
      MissionPatch: definitions.MissionPatch,
      MissionPatchDetailed: definitions.MissionPatchDetailed,
    }).toEqual(before);
    expect(definitions.MissionPatchNormal).toBeUndefined();
  });

  it('stand where the hand-written definitions stood, each mode apart, the programs after the normal one', () => {
    const names = Object.keys(responseDefinitions());
    const next = (name: string) => names[names.indexOf(name) + 1];
    // The orbits' definition (declared before them) follows the same one.
    expect(names.slice(names.indexOf('CelestialBodyResource'), names.indexOf('Program'))).toEqual([
      'CelestialBodyResource',
      'Orbit',
      'MissionPatch',
    ]);
    expect(next('MissionPatch')).toBe('Program');
    expect(next('DockingEventDetailed')).toBe('MissionPatchDetailed');
  });

  it('are built once per key, and shaped from the object a launch states', async () => {
    const fixture = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
    const carrying = makeLaunch(1, '2027-03-01T10:00:00Z', { mission_patches: [STARLINK] });
    const stating = makeLaunch(2, '2027-03-02T10:00:00Z', {
      mission_patches: [{ id: 99, name: 'Own', image_url: 'https://example.org/own.png', agency: null }],
    });
    const data = memoryDataSet([...fixture.launches, carrying, stating], [], fixture.reference);
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const patch = shaper.declared.missionPatches.normal(STARLINK);
    expect((shaper.launchDetailed(carrying) as { mission_patches: unknown[] }).mission_patches[0]).toBe(patch);
    expect((shaper.launchDetailed(stating) as { mission_patches: unknown[] }).mission_patches).toEqual([
      {
        id: 99,
        name: 'Own',
        priority: 10,
        image_url: 'https://example.org/own.png',
        agency: null,
        response_mode: 'normal',
      },
    ]);
  });

  describe('published', () => {
    let api: FixtureApi;
    beforeAll(async () => {
      api = await fixtureApi(NOW, BASE_URL, async (dir) => {
        await withPatches(path.join(dir, 'launches/crs-demo.yaml'), CARRIED);
        await withPatches(path.join(dir, 'launches/sputnik-1.yaml'), STATED);
      });
    });

    it('give the detail with its agency in detailed mode and the launches that carry it', () => {
      const detail = api.json('2.3.0/mission_patches/7/index.json');
      const demo = api.json('2.3.0/launches/index.json').results.find((l: { id: string }) => l.id === CRS_DEMO);
      expect(detail).toEqual({
        id: 7,
        name: 'Space X Starlink Mission Patch',
        priority: 10,
        image_url: 'https://example.org/starlink-patch.png',
        // As a detailed launch nests its provider (`AgencyDetailedAsNormal`): normal mode, with its tallies.
        agency: expect.objectContaining({ id: 121, response_mode: 'normal', pending_launches: 1 }),
        response_mode: 'detailed',
        launches: [demo],
        expeditions: [],
        program: [],
      });
      expect(api.json('2.3.0/mission_patches/index.json').results[0]).toEqual({
        ...detail,
        agency: expect.objectContaining({ id: 121, response_mode: 'list' }),
        response_mode: 'normal',
        launches: undefined,
        expeditions: undefined,
        program: undefined,
      });
    });

    it('nest in a launch as the list shows them, and as a launch states one', () => {
      const listed = api.json('2.3.0/mission_patches/index.json').results.find((p: { id: number }) => p.id === 7);
      expect(api.json(`2.3.0/launches/${CRS_DEMO}/index.json`).mission_patches).toEqual([listed]);
      const sputnik = api.json('2.3.0/launches/e3df2ecd-c239-472f-95e4-2b89b4f75800/index.json');
      expect(sputnik.mission_patches).toEqual([
        expect.objectContaining({ id: 99, priority: 10, agency: expect.objectContaining({ response_mode: 'list' }) }),
      ]);
    });

    it('answer the declared table: any of several ids, a part of a name', async () => {
      expect((await api.get('mission_patches/?ids=7,99')).body.count).toBe(1);
      expect((await api.get('mission_patches/?name__contains=Starlink')).body.count).toBe(1);
      expect((await api.get('mission_patches/?name__contains=starlink')).body.count).toBe(0);
      expect((await api.get('mission_patches/?ids=x')).status).toBe(400);
    });
  });

  describe('input keys', () => {
    let fixture: DataSet;
    beforeAll(async () => {
      fixture = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
    });
    const carrier = (name: string) => makeLaunch(1, '2027-03-01T10:00:00Z', { name, mission_patches: [STARLINK] });
    const context = (...launches: LaunchRecord[]) =>
      createContext(memoryDataSet([...fixture.launches, ...launches], [], fixture.reference), {
        now: NOW,
        baseUrl: BASE_URL,
      });
    /** The patch's key and bytes in a mode. */
    const patch = (c: ReturnType<typeof context>, mode: 'normal' | 'detailed') => ({
      key: c.keys.reference('missionPatches', mode)(STARLINK),
      bytes: toSafeJson(c.shape.declared.missionPatches[mode](STARLINK)),
    });

    it('of the detail change with a launch that carries the patch', () => {
      const [before, after] = [context(carrier('Carrier')), context(carrier('Renamed carrier'))];
      expect(patch(after, 'detailed').bytes).not.toBe(patch(before, 'detailed').bytes);
      expect(patch(after, 'detailed').key).not.toBe(patch(before, 'detailed').key);
    });

    it("of the detail change with its agency's tallies, which the list does not show", () => {
      // A new upcoming SpaceX launch, without the patch: SpaceX's pending count.
      const [before, after] = [
        context(carrier('Carrier')),
        context(carrier('Carrier'), makeLaunch(3, '2027-05-01T10:00:00Z')),
      ];
      expect(patch(after, 'detailed').bytes).not.toBe(patch(before, 'detailed').bytes);
      expect(patch(after, 'detailed').key).not.toBe(patch(before, 'detailed').key);
      expect(patch(after, 'normal')).toEqual(patch(before, 'normal'));
    });
  });
});
