// Locations and pads, declared once (scripts/schemas/resources/locations.ts, pads.ts): the definitions
// made from their field list are the ones written by hand before
// (test/fixtures/decl/place-definitions.json, as schemas/responses.ts gave them at
// b0d7190), in the same order; every object of the places (a location in each mode and
// bare, as a celestial body lists it; a pad, which nests one) equals the object the
// hand-written shapes made (test/fixtures/decl/place-objects.json, taken at b0d7190
// over test/helpers/places-data.ts), pads in their location's order; a figure is LL2's
// stored one, else the data set's; the declared tables answer LL2's lookups; and the
// input keys follow the figures each object shows. On the checked-in fixture plus the places of
// test/helpers/places-data.ts; by hand.

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
import type { ReferenceKind } from '../scripts/schemas/data-files.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR, makeLaunch, memoryDataSet } from './helpers/data.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';
import { withPlaces } from './helpers/places-data.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const snapshotOf = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/decl/${name}`, import.meta.url), 'utf8'));

let loaded: Promise<DataSet> | undefined;
/** The checked fixture's data set, loaded once. */
const fixtureData = (): Promise<DataSet> =>
  (loaded ??= loadDataDir(FIXTURE_DIR).then((files) => checkData(files, NOW).dataset!));

describe('locations and pads, declared', () => {
  it('have the definitions written by hand before, where they stood', () => {
    const definitions = responseDefinitions();
    const names = ['Location', 'LocationNoBody', 'LocationResource', 'Pad', 'PadNoLocation'];
    const snapshot = snapshotOf('place-definitions.json');
    for (const name of names) expect(definitions[name], name).toEqual(snapshot[name]);
    const order = Object.keys(definitions);
    expect(order.slice(order.indexOf('Mission'), order.indexOf('Mission') + 7)).toEqual([
      'Mission',
      ...names,
      'FamilyMini',
    ]);
  });

  it('give the objects the hand-written shapes gave, in each mode, bare, and as pads and bodies nest them', async () => {
    const data = withPlaces(await fixtureData());
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const snapshot = snapshotOf('place-objects.json');
    for (const kind of ['locations', 'pads', 'celestialBodies'] as const) {
      const resource = REFERENCE_RESOURCES.find((r) => r.kind === kind)!;
      const keys = referenceList(data.reference, kind as ReferenceKind);
      expect(keys, kind).toEqual(snapshot[kind].order);
      expect(
        keys.map((k) => resource.normal(shaper)(k)),
        kind,
      ).toEqual(snapshot[kind].normal);
      expect(
        keys.map((k) => (resource.detailed ?? resource.normal)(shaper)(k)),
        kind,
      ).toEqual(snapshot[kind].detailed);
    }
    expect(referenceList(data.reference, 'locations').map(shaper.declared.locations.bare)).toEqual(
      snapshot.locationNoBody,
    );
  });

  it('count their launches unless LL2 stored the figure, and are built once per key', async () => {
    const data = withPlaces(await fixtureData());
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const location = (key: string) => shaper.declared.locations.normal(key);
    const pad = (key: string) => shaper.declared.pads.normal(key);
    expect(pad('ela-3')).toMatchObject({ total_launch_count: 120, orbital_launch_attempt_count: 117 });
    expect(pad('baikonur-1-5')).toMatchObject({ total_launch_count: 1, fastest_turnaround: null });
    expect(shaper.declared.pads.normal('ela-3')).toBe(pad('ela-3'));
    expect(shaper.declared.pads.bare('ela-3')).toBe(shaper.declared.pads.bare('ela-3'));
    // As its location's detail lists it: no location, its agencies in list mode.
    expect(shaper.declared.pads.bare('ela-3')).toEqual({
      ...pad('ela-3'),
      agencies: [expect.objectContaining({ id: 44, response_mode: 'list' }), expect.objectContaining({ id: 121 })],
      location: undefined,
    });
    // Kourou: LL2's stored figures, though no launch of ours flew there; Baikonur: Sputnik, counted.
    expect(location('kourou')).toMatchObject({ total_launch_count: 300, total_landing_count: 2 });
    expect(location('baikonur')).toMatchObject({ total_launch_count: 1, total_landing_count: null });
    expect((shaper.declared.pads.normal('baikonur-1-5') as { location: unknown }).location).toBe(location('baikonur'));
    expect(shaper.declared.locations.bare('kourou')).toBe(shaper.declared.locations.bare('kourou'));
    expect(shaper.declared.locations.bare('kourou')).toEqual({
      ...location('kourou'),
      celestial_body: undefined,
    });
  });

  describe('published', () => {
    let api: FixtureApi;
    beforeAll(async () => {
      api = await fixtureApi(NOW, BASE_URL, async (dir) => {
        await appendFile(
          path.join(dir, 'reference/locations.yaml'),
          [
            'kourou:',
            '  id: 13',
            '  name: Guiana Space Centre, French Guiana',
            '  celestial_body: earth',
            '  country: usa',
            '  timezone_name: America/Cayenne',
            '  ll2_figures:',
            '    total_launch_count: 300',
            '    total_landing_count: 2',
            '',
          ].join('\n'),
        );
        await appendFile(
          path.join(dir, 'reference/pads.yaml'),
          [
            'ela-3:',
            '  id: 9',
            '  name: Ariane Launch Area 3',
            '  location: kourou',
            '  country: usa',
            '  agencies: [nasa]',
            '  latitude: 5.239',
            '  longitude: -52.768',
            '  ll2_figures:',
            '    total_launch_count: 120',
            '    orbital_launch_attempt_count: 117',
            '',
          ].join('\n'),
        );
      });
    });

    it('answer the declared table: exact counts and their comparisons, a country, a part of a name', async () => {
      const ids = async (query: string) =>
        (await api.get(`locations/?${query}`)).body.results.map((l: { id: number }) => l.id);
      expect(await ids('total_launch_count__gte=300')).toEqual([13]);
      expect(await ids('total_launch_count=1')).toEqual([15]);
      expect(await ids('total_launch_count__lt=300&ordering=-total_launch_count')).toEqual([15, 12]);
      expect(await ids('total_landing_count__gt=1')).toEqual([13]);
      expect(await ids('country_code=KAZ')).toEqual([15]);
      expect(await ids('name__contains=Cosmodrome')).toEqual([15]);
      expect((await api.get('locations/?total_launch_count__gte=x')).status).toBe(400);
    });

    it("list the pads in their location's order, and answer the pads' table: coordinates, digits of an id, counts", async () => {
      const ids = async (query: string) =>
        (await api.get(`pads/?${query}`)).body.results.map((p: { id: number }) => p.id);
      // Cape Canaveral (12), Kourou (13), Baikonur (15); by id they would be 9, 32, 80.
      expect(api.json('2.3.0/pads/index.json').results.map((p: { id: number }) => p.id)).toEqual([80, 9, 32]);
      expect(await ids('limit=10')).toEqual([80, 9, 32]);
      expect(await ids('latitude__gt=28')).toEqual([80]);
      expect(await ids('latitude__lt=10')).toEqual([9]);
      expect(await ids('id__contains=8')).toEqual([80]);
      expect(await ids('total_launch_count__gte=100')).toEqual([9]);
      expect(await ids('orbital_launch_attempt_count=117')).toEqual([9]);
      expect(await ids('location__name__contains=Guiana')).toEqual([9]);
      expect(await ids('location__id=15')).toEqual([32]);
      expect(await ids('agencies_ids=44,7')).toEqual([9]);
      expect(await ids('ordering=-total_launch_count')).toEqual([9, 32, 80]);
      expect((await api.get('pads/?latitude=28')).status).toBe(200);
      expect((await api.get('pads/?latitude__gt=north')).status).toBe(400);
    });

    it('give the detail with the pads that name it, without their location', () => {
      const detail = api.json('2.3.0/locations/12/index.json');
      expect(detail.response_mode).toBe('detailed');
      expect(detail.pads.map((p: { id: number }) => p.id)).toEqual([80]);
      expect(detail.pads[0].location).toBeUndefined();
    });
  });

  describe('input keys', () => {
    let fixture: DataSet;
    beforeAll(async () => {
      fixture = await fixtureData();
    });
    /** Cape Canaveral's key and bytes in a mode, with a past launch from the pad given. */
    const cape = (pad: string, mode: 'normal' | 'detailed') => {
      const flown = makeLaunch(1, '2025-03-01T10:00:00Z', { pad, status: 'success' });
      const data = withPlaces(fixture);
      const c = createContext(memoryDataSet([...data.launches, flown], [], data.reference), {
        now: NOW,
        baseUrl: BASE_URL,
      });
      return {
        key: c.keys.reference('locations', mode)('cape-canaveral'),
        bytes: toSafeJson(c.shape.declared.locations[mode]('cape-canaveral')),
      };
    };

    it("of the detail change with its pads' figures, which its list object does not show", () => {
      // The same count at the Cape, from SLC-40 or from SLC-41: only the pads listed in the detail differ.
      expect(cape('slc-41', 'detailed').bytes).not.toBe(cape('slc-40', 'detailed').bytes);
      expect(cape('slc-41', 'detailed').key).not.toBe(cape('slc-40', 'detailed').key);
      expect(cape('slc-41', 'normal')).toEqual(cape('slc-40', 'normal'));
    });

    it("of a pad change with its location's count, from a launch at another pad there", () => {
      const slc40 = (launchPad: string) => {
        const data = withPlaces(fixture);
        const flown = makeLaunch(1, '2025-03-01T10:00:00Z', { pad: launchPad, status: 'success' });
        const c = createContext(memoryDataSet([...data.launches, flown], [], data.reference), {
          now: NOW,
          baseUrl: BASE_URL,
        });
        return {
          key: c.keys.reference('pads', 'detailed')('slc-40'),
          bytes: toSafeJson(c.shape.declared.pads.normal('slc-40')),
        };
      };
      const [at41, atBaikonur] = [slc40('slc-41'), slc40('baikonur-1-5')];
      expect(at41.bytes).not.toBe(atBaikonur.bytes);
      expect(at41.key).not.toBe(atBaikonur.key);
    });

    it('change with its own count', () => {
      const data = withPlaces(fixture);
      const without = createContext(data, { now: NOW, baseUrl: BASE_URL });
      expect(cape('slc-40', 'normal').bytes).not.toBe(
        toSafeJson(without.shape.declared.locations.normal('cape-canaveral')),
      );
      expect(cape('slc-40', 'normal').key).not.toBe(without.keys.reference('locations', 'normal')('cape-canaveral'));
    });
  });
});
