// Agencies, declared once (scripts/schemas/resources/agencies.ts): the four definitions
// made from their field list are the ones written by hand before, where they stood; each
// of the four objects (mini, a normal launch's provider and its list mode; normal, its
// list; nested, `AgencyDetailedAsNormal`, a detailed launch's provider; detailed, its
// detail with the rockets it makes) equals the one the hand-written shapes made
// (test/fixtures/decl/agency-snapshot.json, taken at 55eba94 over the checked-in fixture,
// an agency stating every field and some of LL2's figures, and a rocket it makes); all
// but the detail are built once per key; the declared table answers LL2's lookups (its
// countries' codes, whether it names spacecraft, its parent's id by name). By hand.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { launchInMode, referenceInListMode } from '../scripts/lib/api/projection.ts';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { recordToYaml } from '../scripts/lib/data/canonical.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import { referenceList } from '../scripts/lib/model/collections.ts';
import type { DataSet, Json, JsonObject, ReferenceRecord } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { keyedRecords } from '../scripts/schemas/building-blocks.ts';
import { REFERENCE_KINDS } from '../scripts/schemas/data-files.ts';
import { FIXTURE_DIR } from './helpers/data.ts';
import { definitionsNow } from './helpers/declared-snapshot.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const snapshot = JSON.parse(await readFile(new URL('./fixtures/decl/agency-snapshot.json', import.meta.url), 'utf8'));

/** An agency stating every field: a parent by name, two social media links (one medium without url or logo), some of LL2's figures. */
const ROSCOSMOS = {
  id: 63,
  name: 'Russian Federal Space Agency (ROSCOSMOS)',
  abbrev: 'RFSA',
  type: 'government',
  featured: true,
  country: ['rus'],
  description: 'The state corporation for space activities.',
  administrator: 'Administrator: Dmitry Bakanov',
  founding_year: 1992,
  launchers: 'Soyuz | Proton | Angara',
  spacecraft: 'Soyuz | Progress',
  parent: 'Soviet Space Program',
  image: {
    id: 9,
    name: 'Roscosmos',
    image_url: 'https://img.example/rfsa.jpg',
  },
  logo: {
    id: 10,
    name: 'Roscosmos logo',
    image_url: 'https://img.example/rfsa-logo.png',
    credit: 'Roscosmos',
    single_use: false,
  },
  social_logo: null,
  info_url: 'https://www.roscosmos.ru/',
  wiki_url: 'https://en.wikipedia.org/wiki/Roscosmos',
  social_media_links: [
    {
      id: 3,
      social_media: {
        id: 1,
        name: 'Twitter',
        url: 'https://twitter.com',
        logo: {
          id: 11,
          name: 'X',
          image_url: 'https://img.example/x.png',
        },
      },
      url: 'https://twitter.com/roscosmos',
    },
    {
      id: 4,
      social_media: {
        id: 7,
        name: 'Homepage',
      },
      url: 'https://www.roscosmos.ru/',
    },
  ],
  ll2_figures: {
    total_launch_count: 1601,
    successful_launches: 1540,
    successful_landings: 0,
    attempted_landings_spacecraft: 120,
    successful_landings_payload: null,
  },
};
/** A rocket it makes, so its detail lists one. */
const SOYUZ = {
  id: 18,
  name: 'Soyuz 2.1b',
  full_name: 'Soyuz 2.1b',
  families: ['sputnik'],
  manufacturer: 'roscosmos',
  active: true,
};

/** The checked fixture with that agency and its rocket. */
async function withRoscosmos(): Promise<DataSet> {
  const data = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
  const agencies = new Map(data.reference.agencies).set('roscosmos', ROSCOSMOS as unknown as ReferenceRecord);
  const launcherConfigurations = new Map(data.reference.launcherConfigurations).set(
    'soyuz-2-1b',
    SOYUZ as unknown as ReferenceRecord,
  );
  return { ...data, reference: { ...data.reference, agencies, launcherConfigurations } };
}

describe('agencies, declared', () => {
  it('have the definitions written by hand before, where they stood', () => {
    expect(definitionsNow(Object.keys(snapshot.definitions))).toEqual({
      definitions: snapshot.definitions,
      definitionOrder: snapshot.definitionOrder,
    });
  });

  it('give the objects the hand-written shapes gave, all but the detail built once per key', async () => {
    const data = await withRoscosmos();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const keys = referenceList(data.reference, 'agencies');
    expect(keys).toEqual(snapshot.order);
    const agencies = shaper.declared.agencies;
    expect(keys.map(agencies.mini)).toEqual(snapshot.mini);
    expect(keys.map(agencies.normal)).toEqual(snapshot.normal);
    expect(keys.map(agencies.nested)).toEqual(snapshot.nested);
    expect(keys.map(agencies.detailed)).toEqual(snapshot.detailed);
    // As others nest them: built once per key.
    for (const mode of ['mini', 'normal', 'nested'] as const)
      expect(agencies[mode]('spacex')).toBe(agencies[mode]('spacex'));
    const detail = agencies.detailed('roscosmos');
    expect(detail).not.toBe(agencies.detailed('roscosmos'));
    expect((detail.launcher_list as Json[])[0]).toBe(shaper.declared.launcherConfigurations.bare('soyuz-2-1b'));
  });

  it('in list mode are their mini objects, as a normal launch names its provider', async () => {
    const data = await withRoscosmos();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const keys = referenceList(data.reference, 'agencies');
    const listMode = keys.map((key) =>
      referenceInListMode('agencies', shaper.declared.agencies.normal(key) as JsonObject),
    );
    expect(listMode).toEqual(snapshot.listMode);
    expect(listMode).toEqual(snapshot.mini);
    const launch = data.launches.find((l) => l.launch_service_provider === 'spacex')!;
    const normal = launchInMode(shaper.launchDetailed(launch) as JsonObject, 'normal');
    expect(normal.launch_service_provider).toEqual(snapshot.launchProvider);
    expect(normal.launch_service_provider).toEqual(shaper.declared.agencies.mini('spacex'));
  });

  describe('published', () => {
    let api: FixtureApi;
    beforeAll(async () => {
      // Its records rewritten in canonical form with the agency stating every field among them.
      api = await fixtureApi(NOW, BASE_URL, async (dataDir) => {
        const file = join(dataDir, 'reference', 'agencies.yaml');
        const agencies = { ...parse(await readFile(file, 'utf8')), roscosmos: ROSCOSMOS };
        await writeFile(file, recordToYaml(agencies, keyedRecords(REFERENCE_KINDS.agencies)));
      });
    });
    const ids = async (query: string) =>
      (await api.get(`agencies/?${query}`)).body.results.map((a: { id: number }) => a.id);

    it("answer the declared table: countries' codes, spacecraft named, a parent's id by name, counts", async () => {
      expect(await ids('limit=10')).toEqual([44, 63, 66, 121]);
      expect(await ids('country_code=RUS')).toEqual([63, 66]);
      expect(await ids('country_code=FRA,USA')).toEqual([44, 121]);
      expect(await ids('spacecraft=true')).toEqual([63]);
      expect(await ids('spacecraft=false')).toEqual([44, 66, 121]);
      expect(await ids('parent__id=66')).toEqual([63]);
      expect(await ids('parent__id=121')).toEqual([]);
      expect(await ids('founding_year__gt=1990')).toEqual([63, 121]);
      expect(await ids('founding_year__lte=1958')).toEqual([44]);
      expect(await ids('featured=true')).toEqual([63, 121]);
      expect(await ids('type__id=1')).toEqual([44, 63, 66]);
      expect(await ids('total_launch_count__gte=1000')).toEqual([63]);
      expect((await ids('ordering=-total_launch_count'))[0]).toBe(63);
      expect(await ids('search=RFSA')).toEqual([63]);
      expect(await ids('abbrev__contains=S')).toEqual([44, 63, 121]);
      expect(await ids('abbrev=SpX')).toEqual([121]);
      expect(await ids('id=121')).toEqual([121]);
      // As django-filter's BooleanFilter: another value applies no filter, and is no error.
      expect(await ids('spacecraft=maybe&limit=10')).toEqual([44, 63, 66, 121]);
      expect(await ids('spacecraft=1')).toEqual([63]);
      const list = (await api.get('agencies/?mode=list&id=63')).body.results;
      expect(list.map((a: JsonObject) => Object.keys(a))).toEqual([
        ['response_mode', 'id', 'url', 'name', 'abbrev', 'type'],
      ]);
    });
  });
});
