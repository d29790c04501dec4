// The importer on LL2 2.2.0 and on files as other projects save them: wrappers,
// 2.2.0 shapes, reference files, trimmed records with their provenance, doing
// nothing the second time, and launches of ours matched to LL2 records. The
// fixtures in test/fixtures/ll2/v220/ are invented and small, shaped like the
// files in shared/ll2-dumps/ (a bare array of trimmed launches, reference lists, a
// `{updatedAt, launches}` wrapper).

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { coreDifferences } from '../scripts/lib/import/compare.ts';
import { compareLaunches, nameSimilarity } from '../scripts/lib/import/curated.ts';
import { checkFacts, likelyTwins } from '../scripts/lib/import/facts.ts';
import { importLl2Files } from '../scripts/lib/import/io.ts';
import { detectVersion, parseLl2 } from '../scripts/lib/import/parse.ts';
import { ll2Slug, recordUrl } from '../scripts/lib/import/provenance.ts';
import { formatImportReport } from '../scripts/lib/import/report.ts';
import { upgradeToLl2v230 } from '../scripts/lib/import/upgrade.ts';
import type { Json, JsonObject } from '../scripts/lib/model/records.ts';
import { validateDataDir } from '../scripts/lib/pipeline.ts';
import { copyFixture, makeLaunch, memoryDataSet, removeDir } from './helpers/data.ts';

const V220 = fileURLToPath(new URL('./fixtures/ll2/v220/', import.meta.url));
const fixture = (name: string) => path.join(V220, name);
const readFixture = async (name: string): Promise<Json> => JSON.parse(await readFile(fixture(name), 'utf8')) as Json;
const REFERENCE_FILES = ['agencies.json', 'locations.json', 'rockets.json'].map(fixture);
const SAVED = { savedBy: 'example/launch-saver@abc1234', savedAt: '2024-09-10T00:00:00Z' };
const NOW = Date.parse('2026-11-24T00:00:00Z');
const id = (n: number) => `0a1b2c3d-0000-4000-8000-0000000220${String(n).padStart(2, '0')}`;

let dataDir: string;
beforeEach(async () => {
  dataDir = await copyFixture();
});
afterEach(async () => {
  await removeDir(dataDir);
});

async function launchFile(launchId: string): Promise<{ path: string; text: string }> {
  const checked = await validateDataDir(dataDir, NOW);
  const { readdir } = await import('node:fs/promises');
  const files = (await readdir(path.join(dataDir, 'launches'), { recursive: true })).filter((f) => f.endsWith('.yaml'));
  for (const file of files) {
    const text = await readFile(path.join(dataDir, 'launches', file), 'utf8');
    if (text.startsWith(`id: ${launchId}\n`)) return { path: file.split(path.sep).join('/'), text };
  }
  throw new Error(`no file for ${launchId} (${checked.dataset?.launches.length} launches)`);
}

describe('files as other projects publish them', () => {
  const launch = {
    id: id(1),
    name: 'X | Y',
    net: '2021-01-01T00:00:00Z',
    url: 'https://ll.thespacedevs.com/2.2.0/launch/x/',
  };

  it('finds the launches in a bare array, a page, a {launches} wrapper, an {upcoming: {results}} wrapper and a single object', () => {
    expect(parseLl2([launch], 'a.json').items.map((i) => i.source)).toEqual(['a.json#[0]']);
    expect(
      parseLl2({ count: 1, next: null, previous: null, results: [launch] }, 'p.json').items.map((i) => i.source),
    ).toEqual(['p.json#results[0]']);
    const published = parseLl2({ updatedAt: '2026-08-22T20:48:17.287Z', launches: [launch] }, 'z.json');
    expect(published).toMatchObject({
      shape: 'wrapper',
      lists: ['launches'],
      savedAt: '2026-08-22T20:48:17Z',
      version: '2.2.0',
      problems: [],
    });
    const both = parseLl2(
      { upcoming: { count: 1, results: [launch] }, previous: { results: [{ ...launch, id: id(2) }] } },
      'u.json',
    );
    expect(both.items.map((i) => i.source)).toEqual(['u.json#upcoming.results[0]', 'u.json#previous.results[0]']);
    expect(parseLl2(launch, 'one.json').items.map((i) => [i.kind, i.source])).toEqual([['launch', 'one.json']]);
    // The items' URLs give the version, not a page link that names another.
    expect(
      parseLl2({ count: 1, next: 'https://ll.thespacedevs.com/2.0.0/launch/?offset=10', results: [launch] }, 'p.json')
        .version,
    ).toBe('2.2.0');
  });

  it('reports what it cannot read, and a body with nothing in it', () => {
    const parsed = parseLl2(
      { meta: { page: 1 }, launches: [launch, { name: 'not a launch' }], tags: ['a', 'b'] },
      'w.json',
    );
    expect(parsed.items).toHaveLength(1);
    expect(parsed.problems).toEqual([
      'w.json#launches[1]: neither a launch (UUID id), an event (integer id with type and date) nor an LL2 reference record',
    ]);
    expect(parseLl2({ updatedAt: 'x', note: 'empty' }, 'e.json').problems).toEqual([
      'e.json: holds no launches, events or LL2 reference records',
    ]);
    expect(parseLl2({ count: 0, next: null, previous: null, results: [] }, 'p.json').problems).toEqual([]);
  });

  it('tells reference records by their url, or by their fields when they have none', async () => {
    const kinds = async (name: string) =>
      parseLl2(await readFixture(name), name).items.map((i) => [i.kind, i.referenceKind]);
    expect(await kinds('agencies.json')).toEqual([
      ['reference', 'agencies'],
      ['reference', 'agencies'],
    ]);
    expect(await kinds('locations.json')).toEqual([['reference', 'locations']]); // no url: told by timezone_name
    expect(await kinds('rockets.json')).toEqual([['reference', 'launcherConfigurations']]);
    expect(detectVersion({ results: [{ url: 'https://ll.thespacedevs.com/2.3.0/launches/x/' }] })).toBe('2.3.0');
    expect(detectVersion([{ id: 1, family: 'Falcon', full_name: 'Falcon 9' }])).toBe('2.2.0'); // no URL: a 2.2.0 shape
  });
});

describe('2.2.0 shapes read as 2.3.0', () => {
  it('converts agency types, country codes, families, images, coordinates and the nested location of trimmed copies', async () => {
    const [rocket] = (await readFixture('rockets.json')) as JsonObject[];
    const { value, conversions, problems } = upgradeToLl2v230(rocket, 'launcherConfigurations', 'rocket');
    expect(value.families).toEqual([{ name: 'Fixture Lifter' }]);
    expect(value.image).toEqual({ id: 0, name: '', image_url: 'https://images.example.org/lifter.jpg' });
    expect(value.launch_cost).toBe(15000000);
    const manufacturer = value.manufacturer as JsonObject;
    expect(manufacturer.type).toEqual({ id: 3, name: 'Commercial' }); // LL2's fixed agency type ids
    expect(manufacturer.country).toEqual([
      { name: 'France', alpha_2_code: 'FR', alpha_3_code: 'FRA' },
      { name: 'Germany', alpha_2_code: 'DE', alpha_3_code: 'DEU' },
    ]);
    expect(manufacturer.founding_year).toBe(2015);
    expect(manufacturer.logo).toMatchObject({ id: 0, image_url: 'https://images.example.org/fxo_logo.png' });
    expect(problems).toEqual([]);
    expect(conversions.get('agency type string → LL2 agency type id')).toBe(1);

    const [trimmed] = (await readFixture('launches-trimmed.json')) as JsonObject[];
    const launch = upgradeToLl2v230(trimmed, 'launch', 'launch').value;
    const location = (launch.pad as JsonObject).location as JsonObject;
    expect(location).toMatchObject({
      id: 9401,
      name: 'Fixture Spaceport, France',
      timezone_name: 'Europe/Paris',
      celestial_body: { id: 1, name: 'Earth' },
    });
    expect(location.country).toEqual({ name: 'France', alpha_2_code: 'FR', alpha_3_code: 'FRA' });
    expect(launch.vid_urls).toHaveLength(1);
    expect(launch).not.toHaveProperty('vidURLs');
    expect(launch.image).toEqual({ id: 0, name: '', image_url: 'https://images.example.org/launch_1.jpg' });
  });

  it('reads an unknown probability (-1) as null, not as 0 %', () => {
    expect(upgradeToLl2v230({ id: id(1), probability: -1 }, 'launch', 'l').value.probability).toBeNull();
    expect(upgradeToLl2v230({ id: id(1), probability: 80 }, 'launch', 'l').value.probability).toBe(80);
  });

  it('leaves an orbit around another body without one, and reports a country code that is not ISO', () => {
    const orbit = upgradeToLl2v230({ id: 9, name: 'Lunar flyby', abbrev: 'LF' }, 'orbits', 'o').value;
    expect(orbit).not.toHaveProperty('celestial_body');
    expect(
      upgradeToLl2v230({ id: 8, name: 'Low Earth Orbit', abbrev: 'LEO' }, 'orbits', 'o').value.celestial_body,
    ).toEqual({ id: 1, name: 'Earth' });
    const pad = upgradeToLl2v230({ id: 1, name: 'P', country_code: 'XX1', latitude: '1.5' }, 'pads', 'pad');
    expect(pad.problems).toEqual(['pad.country_code: "XX1" is not an ISO 3166 alpha-3 code; no country']);
    expect(pad.value).toMatchObject({ country: null, latitude: 1.5 });
  });

  it('makes slugs as LL2 does: Django slugify of the name, cut to 50 characters', () => {
    expect(ll2Slug('Soyuz 2.1a | Progress MS-34 (95P)')).toBe('soyuz-21a-progress-ms-34-95p');
    expect(ll2Slug('Long March 2F/G | Shenzhou 23')).toBe('long-march-2fg-shenzhou-23');
    expect(ll2Slug('Vega-C | Pléiades Neo 5 & 6')).toBe('vega-c-pleiades-neo-5-6');
    // 50 characters, and the hyphen the cut leaves at the end goes.
    expect(ll2Slug('Electron | Daughter Of The Stars (LEO-PNT Pathfinder A)')).toBe(
      'electron-daughter-of-the-stars-leo-pnt-pathfinder',
    );
    expect(recordUrl({ id: id(1) }, 'launch', '2.2.0')).toBe(`https://ll.thespacedevs.com/2.2.0/launch/${id(1)}/`);
    expect(recordUrl({ id: 7 }, 'event', '2.3.0')).toBe('https://ll.thespacedevs.com/2.3.0/events/7/');
    expect(recordUrl({ id: 7, url: 'https://ll.thespacedevs.com/2.2.0/event/7/?format=json' }, 'event', '2.2.0')).toBe(
      'https://ll.thespacedevs.com/2.2.0/event/7/',
    );
  });
});

describe('importing 2.2.0 reference files and trimmed launches', () => {
  it('adds agencies, locations with their pads and configurations with LL2 ids and figures; countries and families get ids of ours, marked', async () => {
    const run = await importLl2Files({ dataDir, files: REFERENCE_FILES, now: NOW, ...SAVED });
    expect(run.newErrors).toEqual([]);
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const { reference } = checked.dataset!;
    expect(reference.agencies.get('fixture-orbital')).toMatchObject({
      id: 9301,
      type: 'commercial',
      country: ['fra', 'deu'],
      founding_year: 2015,
      wiki_url: 'https://fr.wikipedia.org/wiki/Agence_spatiale_fictive_%C3%A9t%C3%A9', // an IRI, percent-encoded
      ll2_figures: { total_launch_count: 3, failed_launches: 1 },
    });
    expect(reference.agencies.get('filc')).toMatchObject({ id: 9302, type: 'multinational' });
    expect(reference.agencies.get('filc')).not.toHaveProperty('country'); // "???": no country
    expect(reference.countries.get('fra')).toEqual({
      id: 90001,
      name: 'France',
      alpha_2_code: 'FR',
      alpha_3_code: 'FRA',
    });
    expect(reference.pads.get('fixture-pad-a')).toMatchObject({
      id: 9501,
      location: 'fixture-spaceport',
      country: 'fra',
      latitude: 45,
      longitude: 5.25,
    });
    expect(reference.locations.get('fixture-spaceport')).toMatchObject({
      id: 9401,
      celestial_body: 'earth',
      ll2_figures: { total_launch_count: 3 },
    });
    expect(reference.launcherConfigurations.get('fixture-lifter-block-2')).toMatchObject({
      id: 9601,
      families: ['fixture-lifter'],
      manufacturer: 'fixture-orbital',
    });
    expect(reference.launcherFamilies.get('fixture-lifter')).toEqual({ id: 90001, name: 'Fixture Lifter' });
    const countries = await readFile(path.join(dataDir, 'reference/countries.yaml'), 'utf8');
    expect(countries).toContain("# id assigned by this project; LL2's id not known\nfra:\n  id: 90001");
    expect(countries).toContain("# id assigned by this project; LL2's id not known\ndeu:\n  id: 90002");
    expect(countries).not.toMatch(/#.*\nusa:/); // LL2's own ids are not marked
    expect(formatImportReport(run.report)).toContain(
      "  countries: id of ours (90001+); LL2's id is not in the source: 2 records, e.g. fra, deu",
    );
  });

  it('imports trimmed launches with what LL2 derives and what it had to assume said in their provenance, and refuses one without a NET', async () => {
    await importLl2Files({ dataDir, files: REFERENCE_FILES, now: NOW, ...SAVED });
    const run = await importLl2Files({ dataDir, files: [fixture('launches-trimmed.json')], now: NOW, ...SAVED });
    expect(run.newErrors).toEqual([]);
    expect(run.report.created).toHaveLength(3);
    expect(run.report.dropped).toEqual([
      `launches-trimmed.json#[3]: launch Fixture Lifter Block 2 | No Date Yet has no net; not imported (a time or an outcome is never assumed)`,
    ]);
    const demo = (await validateDataDir(dataDir, NOW)).dataset!.launches.find((l) => l.id === id(1))!;
    expect(demo).toMatchObject({
      slug: 'fixture-lifter-block-2-demo-flight',
      status: 'failure',
      net: '2021-03-01T10:00:00Z',
      window_start: '2021-03-01T10:00:00Z',
      window_end: '2021-03-01T10:00:00Z',
      last_updated: '2024-09-10T00:00:00Z',
      launch_service_provider: 'fixture-orbital',
      pad: 'fixture-pad-a',
      rocket: { configuration: 'fixture-lifter-block-2' },
      mission: { name: 'Demo Flight', type: 'test-flight', orbit: 'unknown' },
    });
    expect(demo.net_precision).toBeUndefined(); // not in the source, not required: not assumed either
    expect(demo.provenance).toEqual({
      credit: 'Launch Library 2 by The Space Devs',
      ll2_version: '2.2.0',
      saved_by: 'example/launch-saver@abc1234',
      saved_at: '2024-09-10T00:00:00Z',
      url: `https://ll.thespacedevs.com/2.2.0/launch/${id(1)}/`,
      derived: ['slug'],
      assumed: {
        'image.id': '0; the source gives the image URL only',
        last_updated: 'when the source file was saved (2024-09-10); the source gives none',
        'mission.orbit': 'LL2\'s "Unknown" orbit; the source gives none',
        window_end: 'the NET; the source gives no window',
        window_start: 'the NET; the source gives no window',
      },
    });
    const { text } = await launchFile(id(1));
    expect(text).toContain('provenance:\n  credit: Launch Library 2 by The Space Devs\n');

    // Two launches of one name: the second slug is made unique; a mission type "" is "Unknown", assumed.
    const rideshares = (await validateDataDir(dataDir, NOW)).dataset!.launches.filter((l) =>
      l.name.endsWith('| Rideshare'),
    );
    expect(rideshares.map((l) => l.slug).sort()).toEqual([
      'fixture-lifter-block-2-rideshare',
      'fixture-lifter-block-2-rideshare-0a1b2c3d',
    ]);
    const first = rideshares.find((l) => l.id === id(2))!;
    expect(first.mission).toMatchObject({ type: 'unknown' });
    expect(first.provenance?.assumed?.['mission.type']).toBe('"Unknown"; the source gives none');
    expect(first.rocket.spacecraft_stage).toEqual([
      {
        id: 99102,
        url: 'https://ll.thespacedevs.com/2.2.0/spacecraft/flight/99102/?format=json',
        destination: 'Low Earth Orbit',
        launch_crew: [],
      },
    ]);
    expect(rideshares.find((l) => l.id === id(3))!.mission).toBeUndefined();

    const lines = formatImportReport(run.report);
    expect(lines).toContain(
      '  launch window_start: the NET; the source gives no window: 3 records, e.g. fixture-lifter-block-2-demo-flight, fixture-lifter-block-2-rideshare, fixture-lifter-block-2-rideshare-0a1b2c3d',
    );
    expect(lines).toContain('  configuration family string → families: 4'); // the launch refused for its missing NET was read too
  });

  it('changes nothing when the same files come again', async () => {
    const files = [...REFERENCE_FILES, fixture('launches-trimmed.json'), fixture('published.json')];
    const first = await importLl2Files({ dataDir, files, now: NOW, ...SAVED });
    expect(first.newErrors).toEqual([]);
    const again = await importLl2Files({ dataDir, files, now: NOW + 86_400_000, ...SAVED });
    expect(again.files).toEqual([]);
    expect(again.report.created).toEqual([]);
    expect(again.report.updated).toEqual([]);
    expect(again.report.referenceUpdated).toEqual([]);
  });

  it("dates LL2's figures, and an older source does not replace newer ones", async () => {
    const { writeFile } = await import('node:fs/promises');
    const agencies = (await readFixture('agencies.json')) as JsonObject[];
    const file = path.join(dataDir, '..', `agencies-${path.basename(dataDir)}.json`);
    const figures = async () =>
      (await validateDataDir(dataDir, NOW)).dataset!.reference.agencies.get('fixture-orbital')!
        .ll2_figures as JsonObject;
    try {
      await importLl2Files({ dataDir, files: REFERENCE_FILES, now: NOW, savedAt: '2025-01-01T00:00:00Z' });
      expect(await figures()).toMatchObject({ total_launch_count: 3, as_of: '2025-01-01T00:00:00Z' });
      await writeFile(file, JSON.stringify([{ ...agencies[0], total_launch_count: 1, description: 'An older text.' }]));
      const older = await importLl2Files({ dataDir, files: [file], now: NOW, savedAt: '2024-09-10T00:00:00Z' });
      expect(older.files).toEqual([]);
      const same = await importLl2Files({ dataDir, files: REFERENCE_FILES, now: NOW, savedAt: '2026-01-01T00:00:00Z' });
      expect(same.files).toEqual([]); // the same figures stated later: nothing to write
      await writeFile(file, JSON.stringify([{ ...agencies[0], total_launch_count: 5 }]));
      await importLl2Files({ dataDir, files: [file], now: NOW, savedAt: '2026-06-01T00:00:00Z' });
      expect(await figures()).toMatchObject({ total_launch_count: 5, as_of: '2026-06-01T00:00:00Z' });
    } finally {
      await removeDir(file);
    }
  });

  it('takes the save date of a {updatedAt, launches} wrapper, and a stated last_updated over an assumed one', async () => {
    await importLl2Files({ dataDir, files: REFERENCE_FILES, now: NOW, ...SAVED });
    const run = await importLl2Files({ dataDir, files: [fixture('published.json')], now: NOW });
    expect(run.newErrors).toEqual([]);
    expect(run.report.inputs).toEqual([
      'published.json: wrapper (launches), LL2 2.2.0, saved 2026-08-22T20:48:17Z, 1 launch (detailed)',
    ]);
    const tbd = (await validateDataDir(dataDir, NOW)).dataset!.launches.find(
      (l) => l.id === '0a1b2c3d-0000-4000-8000-000000022010',
    )!;
    expect(tbd).toMatchObject({
      slug: 'fixture-lifter-block-2-sat-tbd',
      status: 'tbd',
      net_precision: 'month',
      last_updated: '2026-08-01T12:00:00Z',
    });
    expect(tbd.info_urls).toEqual([
      {
        url: 'https://example.org/sat-tbd',
        priority: 10,
        source: 'example.org',
        title: 'Press kit',
        type: { id: 1, name: 'Official Page' },
      },
    ]);
    expect(tbd.provenance).toEqual({
      credit: 'Launch Library 2 by The Space Devs',
      ll2_version: '2.2.0',
      saved_at: '2026-08-22T20:48:17Z',
      url: 'https://ll.thespacedevs.com/2.2.0/launch/0a1b2c3d-0000-4000-8000-000000022010/',
    });

    // A trimmed copy of a launch (last_updated assumed) is replaced by a record that states one, even an older one.
    await importLl2Files({ dataDir, files: [fixture('launches-trimmed.json')], now: NOW, ...SAVED });
    const [trimmed] = (await readFixture('launches-trimmed.json')) as JsonObject[];
    const stated = {
      ...trimmed,
      slug: 'fixture-lifter-block-2-demo-flight',
      last_updated: '2021-03-02T00:00:00Z',
      window_start: '2021-03-01T09:00:00Z',
      window_end: '2021-03-01T11:00:00Z',
    };
    const { writeFile } = await import('node:fs/promises');
    const statedFile = path.join(dataDir, '..', `stated-${path.basename(dataDir)}.json`);
    await writeFile(statedFile, JSON.stringify([stated]));
    try {
      const update = await importLl2Files({ dataDir, files: [statedFile], now: NOW });
      expect(update.report.updated).toHaveLength(1);
      const demo = (await validateDataDir(dataDir, NOW)).dataset!.launches.find((l) => l.id === id(1))!;
      expect(demo).toMatchObject({ last_updated: '2021-03-02T00:00:00Z', window_start: '2021-03-01T09:00:00Z' });
      expect(Object.keys(demo.provenance?.assumed ?? {})).toEqual(['image.id', 'mission.orbit']);
    } finally {
      await removeDir(statedFile);
    }
  });
});

describe('reproducing a file: name, NET, status, provider, pad and configuration', () => {
  it("names the core fields where our published launch differs from LL2's", () => {
    const ll2 = {
      name: 'A | B',
      net: '2021-01-01T00:00:00Z',
      status: { id: 3 },
      launch_service_provider: { id: 1 },
      pad: { id: 2 },
      rocket: { configuration: { id: 4 } },
    };
    expect(coreDifferences(ll2, structuredClone(ll2))).toEqual([]);
    expect(coreDifferences(ll2, { ...structuredClone(ll2), status: { id: 4 }, rocket: {} })).toEqual([
      { path: 'status.id', expected: 3, actual: 4 },
      { path: 'rocket.configuration.id', expected: 4, actual: undefined },
    ]);
    expect(coreDifferences(ll2, undefined)).toHaveLength(6);
  });

  it('never takes a record that has an LL2 id of its own for another of the same name (every Falcon 9 is named "Falcon 9")', async () => {
    const { writeFile } = await import('node:fs/promises');
    const file = path.join(dataDir, '..', `block4-${path.basename(dataDir)}.json`);
    const block4 = {
      id: 145,
      url: 'https://ll.thespacedevs.com/2.2.0/config/launcher/145/',
      name: 'Falcon 9',
      full_name: 'Falcon 9 Block 4',
      family: 'Falcon',
      variant: 'Block 4',
    };
    await writeFile(file, JSON.stringify([block4]));
    try {
      const run = await importLl2Files({ dataDir, files: [file], now: NOW });
      expect(run.report.matched).toEqual([]);
      expect(run.report.referenceAdded).toEqual(['launcherConfigurations/falcon-9-block-4']);
      const configurations = (await validateDataDir(dataDir, NOW)).dataset!.reference.launcherConfigurations;
      expect(configurations.get('falcon-9-block-5')).toMatchObject({ id: 164, full_name: 'Falcon 9 Block 5' });
      expect(configurations.get('falcon-9-block-4')).toMatchObject({
        id: 145,
        full_name: 'Falcon 9 Block 4',
        families: ['falcon'],
      });
    } finally {
      await removeDir(file);
    }
  });

  it("gives a configuration with an id of ours LL2's id when the full names are the same but for spelling", async () => {
    const { appendFile, writeFile } = await import('node:fs/promises');
    await appendFile(
      path.join(dataDir, 'reference/launcher-configurations.yaml'),
      "# id assigned by this project; LL2's id not known\npslv-xl:\n  id: 90050\n  name: PSLV-XL\n  full_name: PSLV-XL\n  families: []\n",
    );
    const file = path.join(dataDir, '..', `pslv-${path.basename(dataDir)}.json`);
    await writeFile(
      file,
      JSON.stringify([
        {
          id: 38,
          url: 'https://ll.thespacedevs.com/2.2.0/config/launcher/38/',
          name: 'PSLV-XL',
          full_name: 'PSLV XL',
          family: '',
        },
      ]),
    );
    try {
      const run = await importLl2Files({ dataDir, files: [file], now: NOW });
      expect(run.report.matched).toEqual([
        "launcherConfigurations/pslv-xl: matched by name; its id 90050 becomes LL2's 38",
      ]);
      // The comment that said the id was ours goes with it.
      const text = await readFile(path.join(dataDir, 'reference/launcher-configurations.yaml'), 'utf8');
      expect(text).toContain('\npslv-xl:\n  id: 38\n');
      expect(text).not.toContain("# id assigned by this project; LL2's id not known\npslv-xl:");
    } finally {
      await removeDir(file);
    }
  });

  it("keeps the names of LL2's fixed tables when an older file names a status otherwise", async () => {
    const old = {
      id: id(30),
      name: 'Fixture Lifter Block 2 | Old File',
      net: '2021-03-01T10:00:00Z',
      status: { id: 3, name: 'Success' },
      launch_service_provider: { id: 121, name: 'SpaceX', abbrev: 'SpX', type: 'Commercial' },
      rocket: { configuration: { id: 164, name: 'Falcon 9', full_name: 'Falcon 9 Block 5', family: 'Falcon' } },
      pad: {
        id: 80,
        name: 'Space Launch Complex 40',
        location: {
          id: 12,
          name: 'Cape Canaveral SFS, FL, USA',
          country_code: 'USA',
          timezone_name: 'America/New_York',
        },
        country_code: 'USA',
      },
    };
    const result = parseLl2([old], 'old.json');
    const { runImport } = await import('../scripts/lib/import/run.ts');
    const { existingData } = await import('../scripts/lib/import/io.ts');
    const { loadDataDir } = await import('../scripts/lib/data/load.ts');
    const imported = runImport(existingData(await loadDataDir(dataDir, dataDir)), [{ source: 'old.json', ...result }], {
      now: NOW,
    });
    expect(imported.report.created).toHaveLength(1);
    expect(imported.report.referenceUpdated.filter((line) => line.startsWith('launchStatuses/'))).toEqual([]);
  });
});

describe('launches of ours matched to LL2 records', () => {
  // The fixture's launch "Falcon 9 Block 5 | Fixture Resupply" (an id of ours) and the event that links to it.
  const OURS = '11111111-2222-4333-8444-555555555555';
  const LL2_ID = '0a1b2c3d-0000-4000-8000-000000022099';
  const ll2Launch = (overrides: JsonObject = {}): JsonObject => ({
    id: LL2_ID,
    url: `https://ll.thespacedevs.com/2.2.0/launch/${LL2_ID}/`,
    name: 'Falcon 9 Block 5 | Fixture Resupply (CRS-F)',
    net: '2030-03-01T12:00:00Z',
    status: { id: 1, name: 'Go for Launch' },
    last_updated: '2029-11-01T00:00:00Z',
    launch_service_provider: { id: 121, name: 'SpaceX', abbrev: 'SpX' },
    rocket: { configuration: { id: 164, name: 'Falcon 9', full_name: 'Falcon 9 Block 5', family: 'Falcon' } },
    pad: {
      id: 80,
      name: 'Space Launch Complex 40',
      location: { id: 12, name: 'Cape Canaveral SFS, FL, USA', country_code: 'USA', timezone_name: 'America/New_York' },
      country_code: 'USA',
    },
    hashtag: '#CRSF',
    mission: null,
    ...overrides,
  });

  async function importOne(launch: JsonObject) {
    const { writeFile } = await import('node:fs/promises');
    const file = path.join(dataDir, '..', `ll2-${path.basename(dataDir)}.json`);
    await writeFile(file, JSON.stringify([launch]));
    try {
      return await importLl2Files({ dataDir, files: [file], now: NOW });
    } finally {
      await removeDir(file);
    }
  }

  it("gives our launch LL2's id in its own file, keeps our newer fields and what LL2 lacks, and moves the links of our events", async () => {
    const before = await launchFile(OURS);
    const run = await importOne(ll2Launch());
    expect(run.newErrors).toEqual([]);
    expect(run.report.curated).toEqual([
      `matched: ours falcon-9-block-5-fixture-resupply (${OURS}) is LL2 launch Falcon 9 Block 5 | Fixture Resupply (CRS-F) (${LL2_ID}): NET 0.0 h apart, same provider, same configuration, same pad, names 50 % alike`,
      `event fixture-resupply-docking: links to ${OURS} → ${LL2_ID}`,
    ]);
    expect(run.report.created).toEqual([]);
    const after = await launchFile(LL2_ID);
    expect(after.path).toBe(before.path);
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const launch = checked.dataset!.launches.find((l) => l.id === LL2_ID)!;
    // Ours is newer (2029-12-01 against 2029-11-01): our name, status and window stay; LL2's hashtag is added; our link
    // stays. `last_updated` is LL2's: what LL2 states of its record, which its later versions are compared with.
    expect(launch).toMatchObject({
      name: 'Falcon 9 Block 5 | Fixture Resupply',
      status: 'go',
      hashtag: '#CRSF',
      last_updated: '2029-11-01T00:00:00Z',
      window_start: '2030-03-01T11:55:00Z',
    });
    expect(launch.info_urls).toEqual([{ url: 'https://example.org/fixture' }]);
    expect(launch.provenance).toEqual({
      credit: 'Launch Library 2 by The Space Devs',
      ll2_version: '2.2.0',
      url: `https://ll.thespacedevs.com/2.2.0/launch/${LL2_ID}/`,
    });
    expect(checked.dataset!.launches.map((l) => l.id)).not.toContain(OURS);
    expect(checked.dataset!.events.find((e) => e.id === 901)!.launches).toEqual([LL2_ID]);
    const event = await readFile(path.join(dataDir, 'events/fixture-docking.yaml'), 'utf8');
    expect(event).toContain(`launches: [${LL2_ID}]`);

    // A later version of LL2's, even one older than the day we wrote our record, is LL2's newer word: it is taken.
    const later = await importOne(
      ll2Launch({ last_updated: '2029-11-15T00:00:00Z', status: { id: 2, name: 'To Be Determined' } }),
    );
    expect(later.report.keptOlder).toEqual([]);
    const relaunched = (await validateDataDir(dataDir, NOW)).dataset!.launches.find((l) => l.id === LL2_ID)!;
    expect(relaunched).toMatchObject({
      status: 'tbd',
      last_updated: '2029-11-15T00:00:00Z',
      name: 'Falcon 9 Block 5 | Fixture Resupply (CRS-F)',
    });
    // Again the same version: nothing changes.
    const again = await importOne(
      ll2Launch({ last_updated: '2029-11-15T00:00:00Z', status: { id: 2, name: 'To Be Determined' } }),
    );
    expect(again.files).toEqual([]);
  });

  it('leaves our launch alone when the facts disagree, and names the near miss', async () => {
    const otherPad = {
      id: 87,
      name: 'Launch Complex 39A',
      location: {
        id: 27,
        name: 'Kennedy Space Center, FL, USA',
        country_code: 'USA',
        timezone_name: 'America/New_York',
      },
      country_code: 'USA',
    };
    const run = await importOne(
      ll2Launch({
        net: '2030-03-02T09:00:00Z',
        name: 'Falcon 9 Block 5 | Starlink Fixture',
        slug: 'falcon-9-block-5-starlink-fixture',
        pad: otherPad,
      }),
    );
    expect(run.report.curated).toEqual([
      `not matched: ours falcon-9-block-5-fixture-resupply and LL2 launch falcon-9-block-5-starlink-fixture: NET 21.0 h apart, same provider, same configuration, other pad, names 33 % alike`,
    ]);
    expect(run.report.created).toHaveLength(1);
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.dataset!.launches.map((l) => l.id)).toEqual(expect.arrayContaining([OURS, LL2_ID]));
  });

  it('compares NET, provider, configuration, pad and name, conservatively', () => {
    const ours = { name: 'Falcon 1 | Trailblazer', net: '2008-08-03T03:34:00Z', providerId: 121, configurationId: 1 };
    expect(compareLaunches(ours, { ...ours, name: 'Falcon 1 | Flight 3' }).same).toBe(true); // same minute, same provider
    expect(compareLaunches(ours, { ...ours, name: 'Falcon 1 | Flight 3', net: '2008-08-03T05:34:00Z' }).same).toBe(
      false,
    ); // names differ, 2 h apart
    expect(
      compareLaunches(ours, { name: 'Falcon 1 | Trailblazer', net: '2008-08-03T20:00:00Z', configurationId: 1 }).same,
    ).toBe(true); // same day, name, rocket
    expect(
      compareLaunches(ours, { name: 'Other | Trailblazer', net: '2008-08-03T20:00:00Z', providerId: 9 }).same,
    ).toBe(false); // nothing else in common
    const glonass = { name: 'Proton-M | GLONASS-M', net: '2013-07-02T02:38:22Z', providerId: 63 };
    expect(
      compareLaunches(glonass, {
        name: 'Proton-M/Blok DM-03 | Uragan-M No.48, 49 & 50',
        net: '2013-07-02T02:38:22Z',
        providerId: 96,
      }).same,
    ).toBe(true); // to the second
    const terran = { name: 'Terran 1 | GLHF', net: '2023-03-23T00:00:00Z', configurationId: 1, padId: 2 };
    expect(
      compareLaunches(terran, {
        name: 'Terran 1 | Good Luck, Have Fun',
        net: '2023-03-23T03:25:00Z',
        configurationId: 1,
        padId: 2,
      }).same,
    ).toBe(true); // one pad, one rocket, one day
    expect(
      compareLaunches(terran, { name: 'Terran 1 | Other', net: '2023-03-23T03:25:00Z', configurationId: 1, padId: 3 })
        .same,
    ).toBe(false);
    expect(nameSimilarity('Soyuz 2.1a | Soyuz MS-25', 'Soyuz 2.1a | Soyuz MS-25')).toBe(1);
    // The rocket part is left out (the configuration is compared): two Starlink groups are not alike.
    expect(
      nameSimilarity('Falcon 9 Block 5 | Starlink Group 9-3', 'Falcon 9 Block 5 | Starlink Group 8-11'),
    ).toBeLessThan(0.5);
  });
});

describe('checks against facts known apart from LL2', () => {
  it("finds a Falcon that is not SpaceX's, a wrong Sputnik 1 time, a launch twice and a year with no launch", async () => {
    const checked = await validateDataDir(dataDir, NOW);
    const { reference } = checked.dataset!;
    const good = memoryDataSet(
      [
        makeLaunch(1, '1957-10-04T19:28:34Z', {
          name: 'Sputnik 8K71PS | Sputnik 1',
          slug: 'sputnik-1',
          launch_service_provider: 'soviet-space-program',
          rocket: { configuration: 'sputnik-8k71ps' },
        }),
        makeLaunch(2, '1958-02-01T03:48:00Z'),
      ],
      [],
      reference,
    );
    expect(checkFacts(good, { from: 1957, to: 1958 }).filter((c) => !c.ok)).toEqual([]);

    const bad = memoryDataSet(
      [
        makeLaunch(1, '1957-10-04T19:28:00Z', {
          name: 'Sputnik 8K71PS | Sputnik 1',
          slug: 'sputnik-1',
          launch_service_provider: 'soviet-space-program',
          rocket: { configuration: 'sputnik-8k71ps' },
        }),
        makeLaunch(2, '1959-02-01T03:48:00Z', { launch_service_provider: 'nasa' }),
        makeLaunch(3, '1959-02-01T05:00:00Z', { name: 'Falcon 9 Block 5 | Test 0002' }),
      ],
      [],
      reference,
    );
    const failed = checkFacts(bad, { from: 1957, to: 1959 })
      .filter((c) => !c.ok)
      .map((c) => [c.name, c.detail]);
    expect(failed).toEqual([
      ['every Falcon flew for SpaceX', "2 Falcon launches; not SpaceX's: test-launch-2"],
      ['Sputnik 1 lifted off at 1957-10-04T19:28:34Z', 'sputnik-1: 1957-10-04T19:28:00Z'],
      [
        'no launch twice (same name, NETs within a day)',
        'test-launch-2 1959-02-01T03:48:00Z / test-launch-3 1959-02-01T05:00:00Z',
      ],
      ['every year 1957–1959 has launches, none more than 400', 'no launch in 1958'],
    ]);
    expect(likelyTwins(good.launches)).toEqual([]);
  });
});
