// Celestial bodies, declared once (scripts/schemas/resources/celestial-bodies.ts): the
// four definitions made from their field list are the ones written by hand before
// (test/fixtures/decl/body-definitions.json, as schemas/responses.ts gave them at
// 0c41cd1), where they stood; each of the four objects (mini, as an orbit names a body;
// normal, its list; its detail with its figures and locations; nested, as a location
// nests it) equals the object the hand-written shapes made (body-objects.json, taken at
// 0c41cd1 over test/helpers/places-data.ts); its figures are LL2's stored ones, else
// the data set's; its list mode is its mini object, and every declared kind's list
// mode is what the hand-written key lists gave (list-mode-objects.json, 0c41cd1); and the input keys of its detail
// follow its figures, which its list objects do not show. On the checked-in fixture plus its places; by hand.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import { referenceInListMode } from '../scripts/lib/api/projection.ts';
import { REFERENCE_RESOURCES } from '../scripts/lib/api/reference-resources.ts';
import { REFERENCE_PATHS } from '../scripts/lib/api/paths.ts';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import { referenceList } from '../scripts/lib/model/collections.ts';
import type { DataSet, JsonObject } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR, makeLaunch, memoryDataSet } from './helpers/data.ts';
import { withPlaces } from './helpers/places-data.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const snapshotOf = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/decl/${name}`, import.meta.url), 'utf8'));

let loaded: Promise<DataSet> | undefined;
/** The checked fixture's data set with the places' records, loaded once. */
const placesData = async (): Promise<DataSet> =>
  withPlaces(await (loaded ??= loadDataDir(FIXTURE_DIR).then((files) => checkData(files, NOW).dataset!)));

/** The fixture with a second body whose figures LL2 stored, and a location on it. */
async function withMoon(): Promise<DataSet> {
  const data = await placesData();
  const earth = data.reference.celestialBodies.get('earth')!;
  const celestialBodies = new Map(data.reference.celestialBodies).set('moon', {
    ...earth,
    id: 2,
    name: 'Moon',
    atmosphere: false,
    ll2_figures: { total_attempted_launches: 0, successful_landings: 9 },
  });
  const { ll2_figures: _stored, ...base } = data.reference.locations.values().next().value!;
  const locations = new Map(data.reference.locations).set('mare', {
    ...base,
    id: 900,
    name: 'Mare Tranquillitatis',
    celestial_body: 'moon',
  });
  return { ...data, reference: { ...data.reference, celestialBodies, locations } };
}

describe('celestial bodies, declared', () => {
  it('have the definitions written by hand before, where they stood', () => {
    const definitions = responseDefinitions();
    const snapshot = snapshotOf('body-definitions.json');
    const names = ['CelestialBodyMini', 'CelestialBody', 'CelestialBodyNormal', 'CelestialBodyResource'];
    for (const name of names) expect(definitions[name], name).toEqual(snapshot[name]);
    const order = Object.keys(definitions);
    const at = order.indexOf('CelestialBodyMini');
    expect(order.slice(at - 1, at + 5)).toEqual(snapshot.order);
  });

  it('give the objects the hand-written shapes gave, in each of the four, and as routes publish them', async () => {
    const data = await placesData();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const snapshot = snapshotOf('body-objects.json');
    const keys = referenceList(data.reference, 'celestialBodies');
    expect(keys).toEqual(snapshot.order);
    expect(keys.map(shaper.declared.celestialBodies.mini)).toEqual(snapshot.mini);
    expect(keys.map(shaper.declared.celestialBodies.normal)).toEqual(snapshot.normal);
    expect(keys.map(shaper.declared.celestialBodies.nested)).toEqual(snapshot.nested);
    const resource = REFERENCE_RESOURCES.find((r) => r.kind === 'celestialBodies')!;
    expect(REFERENCE_PATHS.celestialBodies).toBe('celestial_bodies/');
    expect(keys.map(resource.normal(shaper))).toEqual(snapshot.normal);
    expect(keys.map(resource.detailed!(shaper))).toEqual(snapshot.detailed);
  });

  it('are built once per key where others nest them, and list mode is the mini object', async () => {
    const data = await placesData();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    expect(shaper.declared.celestialBodies.mini('earth')).toBe(shaper.declared.celestialBodies.mini('earth'));
    expect(shaper.declared.celestialBodies.nested('earth')).toBe(shaper.declared.celestialBodies.nested('earth'));
    expect(shaper.declared.celestialBodies.normal('earth')).toBe(shaper.declared.celestialBodies.normal('earth'));
    expect(referenceInListMode('celestialBodies', shaper.declared.celestialBodies.normal('earth') as never)).toEqual(
      shaper.declared.celestialBodies.mini('earth'),
    );
  });

  it("cut every declared kind's list mode from its normal object by its mini fields, as the hand-written keys did", async () => {
    const data = await placesData();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const snapshot = snapshotOf('list-mode-objects.json');
    for (const kind of ['programs', 'launcherFamilies', 'celestialBodies'] as const) {
      const resource = REFERENCE_RESOURCES.find((r) => r.kind === kind)!;
      const listed = referenceList(data.reference, kind).map((key) =>
        referenceInListMode(kind, resource.normal(shaper)(key) as JsonObject),
      );
      expect(listed, kind).toEqual(snapshot[kind]);
    }
  });

  it("show LL2's stored figures, else the data set's count, else 0, and list the locations on them", async () => {
    const data = await withMoon();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const earth = shaper.declared.celestialBodies.detailed('earth');
    expect(earth.total_attempted_launches).toBeGreaterThan(0);
    expect(earth).toMatchObject({ response_mode: 'detailed', total_attempted_landings: 0 });
    const moon = shaper.declared.celestialBodies.detailed('moon');
    expect(moon).toMatchObject({
      id: 2,
      total_attempted_launches: 0,
      successful_launches: 0,
      successful_landings: 9,
      failed_landings: 0,
    });
    expect(moon.locations).toEqual([shaper.declared.locations.bare('mare')]);
    expect(shaper.declared.celestialBodies.nested('moon')).toMatchObject({
      response_mode: 'normal',
      successful_landings: 9,
    });
    expect(shaper.declared.celestialBodies.normal('moon')).not.toHaveProperty('successful_landings');
  });

  it('key their detail by their figures, which their list object does not show', async () => {
    const data = await placesData();
    const flown = makeLaunch(1, '2025-03-01T10:00:00Z', { pad: 'slc-40', status: 'success' });
    const keysWith = (launches: DataSet['launches']) =>
      createContext(memoryDataSet(launches, [], data.reference), { now: NOW, baseUrl: BASE_URL }).keys;
    const [before, after] = [keysWith(data.launches), keysWith([...data.launches, flown])];
    expect(after.reference('celestialBodies', 'detailed')('earth')).not.toBe(
      before.reference('celestialBodies', 'detailed')('earth'),
    );
    expect(after.reference('celestialBodies', 'normal')('earth')).toBe(
      before.reference('celestialBodies', 'normal')('earth'),
    );
  });
});
