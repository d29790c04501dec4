// A newer but poorer source never erases a richer field (richer.ts): the rule on
// records as the importer maps them, and through the importer, a 2.3.0
// configuration and agency updated by LL2 2.2.0 files (test/fixtures/ll2/v220/,
// invented entities) keep their families and image objects.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importLl2Files } from '../scripts/lib/import/io.ts';
import { isPoorerVersion, keepRicher } from '../scripts/lib/import/richer.ts';
import { upgradeToLl2v230 } from '../scripts/lib/import/upgrade.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { removeDir, tempDir } from './helpers/data.ts';

const LICENCE = { id: 2, name: 'CC BY 4.0', priority: 1, link: 'https://creativecommons.org/licenses/by/4.0/' };
const richImage = (url: string): JsonObject => ({
  id: 29,
  name: '[AUTO] Fixture - image',
  image_url: url,
  thumbnail_url: `${url}?thumb`,
  credit: 'Fixture Orbital',
  license: LICENCE,
  single_use: false,
  variants: [{ id: 3, type: { id: 1, name: 'Small' }, image_url: `${url}?small` }],
});
const urlOnly = (url: string): JsonObject => ({ id: 0, name: '', image_url: url });
const A = 'https://images.example.org/a.jpg';
const B = 'https://images.example.org/b.jpg';

describe('the richer-field rule', () => {
  const older: JsonObject = {
    id: 9601,
    name: 'Fixture Lifter',
    families: ['fixture-lifter', 'fixture-lifter-2'],
    image: richImage(A),
    length: 30.5,
    description: 'Told by 2.3.0.',
    ll2_figures: { total_launch_count: 3, successful_launches: 2, as_of: '2024-09-01T00:00:00Z' },
  };

  it('keeps the families list when the poorer source names one of them', () => {
    const merged = keepRicher(older, { id: 9601, families: ['fixture-lifter'] }, true);
    expect(merged.record.families).toEqual(['fixture-lifter', 'fixture-lifter-2']);
    expect(merged.kept).toEqual(['families']);
    expect(merged.assumed).toEqual({});
  });

  it('takes a families list that names a family ours lacks (a real change)', () => {
    expect(keepRicher(older, { families: ['fixture-heavy'] }, true).record.families).toEqual(['fixture-heavy']);
  });

  it('keeps the image object with its licence and credit when the poorer source gives the same URL', () => {
    const merged = keepRicher(older, { image: urlOnly(A) }, true);
    expect(merged.record.image).toEqual(richImage(A));
    expect(merged.kept).toEqual(['image']);
    expect(merged.assumed).toEqual({});
  });

  it('takes a new image URL into the object, drops the old thumbnail and marks the rest assumed', () => {
    const merged = keepRicher(older, { image: urlOnly(B) }, true);
    expect(merged.record.image).toEqual({
      id: 29,
      name: '[AUTO] Fixture - image',
      image_url: B,
      credit: 'Fixture Orbital',
      license: LICENCE,
      single_use: false,
    });
    expect(Object.keys(merged.assumed)).toEqual(['image']);
    expect(merged.assumed.image).toMatch(
      /^id, name, credit and licence of the image an earlier LL2 2\.3\.0 record gave \(https:\/\/images\.example\.org\/a\.jpg\); the newer source gives the new image URL only$/,
    );
  });

  it('takes a changed figure, number or text, and keeps fields the poorer source does not give', () => {
    const merged = keepRicher(
      older,
      { length: 31, ll2_figures: { total_launch_count: 4, as_of: '2024-09-10T00:00:00Z' } },
      true,
    );
    expect(merged.record).toEqual({
      ...older,
      length: 31,
      ll2_figures: { total_launch_count: 4, successful_launches: 2, as_of: '2024-09-10T00:00:00Z' },
    });
    expect(keepRicher(older, { description: 'Told by 2.2.0.' }, true).record.description).toBe('Told by 2.2.0.');
    expect(keepRicher(older, { image: null }, true).record.image).toBeNull();
  });

  it('keeps a field the poorer source lacks at any depth, and an object it gives as its name only', () => {
    const launch: JsonObject = {
      mission: { name: 'M', description: 'D', image: richImage(A) },
      rocket: {
        configuration: 'x',
        launcher_stage: [{ id: 5, launcher: { id: 7, status: { id: 1, name: 'Active' }, flights: 3 } }],
      },
    };
    const poorer: JsonObject = {
      mission: { name: 'M', image: urlOnly(A) },
      rocket: { configuration: 'x', launcher_stage: [{ id: 5, launcher: { id: 7, status: 'active', flights: 4 } }] },
    };
    const merged = keepRicher(launch, poorer, true);
    expect(merged.record).toEqual({
      mission: { name: 'M', description: 'D', image: richImage(A) },
      rocket: {
        configuration: 'x',
        launcher_stage: [{ id: 5, launcher: { id: 7, status: { id: 1, name: 'Active' }, flights: 4 } }],
      },
    });
    expect(merged.kept).toEqual(['mission.image', 'rocket.launcher_stage[0].launcher.status']);
    // Another string is a real change; a list of other items is the newer source's.
    const changed = keepRicher(
      launch,
      { rocket: { launcher_stage: [{ id: 6, launcher: { id: 8, status: 'retired' } }] } },
      true,
    );
    expect(changed.record.rocket).toEqual({
      configuration: 'x',
      launcher_stage: [{ id: 6, launcher: { id: 8, status: 'retired' } }],
    });
  });

  it('merges objects field by field only when they are the same picture or record', () => {
    // An image object already given a new URL (and its assumption) is not merged with the old picture's again.
    const updated = keepRicher(older, { image: urlOnly(B) }, true).record;
    expect(keepRicher(older, updated, true).record.image).toEqual(updated.image);
    const status = keepRicher(
      { status: { id: 1, name: 'Active', description: 'Flying' } },
      { status: { id: 2, name: 'Retired' } },
      true,
    );
    expect(status.record.status).toEqual({ id: 2, name: 'Retired' });
  });

  it('takes everything a source as rich as ours gives (2.3.0 after 2.3.0)', () => {
    const newer: JsonObject = {
      families: ['fixture-lifter'],
      image: urlOnly(B),
      ll2_figures: { total_launch_count: 5 },
    };
    const merged = keepRicher(older, newer, false);
    expect(merged.record).toEqual({
      ...older,
      ...newer,
      ll2_figures: { ...(older.ll2_figures as JsonObject), total_launch_count: 5 },
    });
    expect(merged.kept).toEqual([]);
    expect(merged.assumed).toEqual({});
  });

  it('knows which LL2 versions are poorer than 2.3.0', () => {
    expect(['2.2.0', '2.0.0', '1.4'].map(isPoorerVersion)).toEqual([true, true, true]);
    expect(['2.3.0', '2.4.0', '3.0.0', undefined, 'x'].map(isPoorerVersion)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('through the importer: 2.2.0 files after a 2.3.0 one', () => {
  const V220 = fileURLToPath(new URL('./fixtures/ll2/v220/', import.meta.url));
  const NOW = Date.parse('2026-11-24T00:00:00Z');
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir('lss-richer-');
  });
  afterEach(async () => {
    await removeDir(dir);
  });

  /** The fixture rocket as LL2 2.3.0 gives it: two families, image objects with credit and licence. */
  async function rocketV230(): Promise<JsonObject> {
    const [rocket] = JSON.parse(await readFile(path.join(V220, 'rockets.json'), 'utf8')) as JsonObject[];
    const value = upgradeToLl2v230(rocket, 'launcherConfigurations', 'rocket').value;
    const manufacturer = value.manufacturer as JsonObject;
    return {
      ...value,
      url: 'https://ll.thespacedevs.com/2.3.0/launcher_configurations/9601/',
      families: [
        { id: 9401, name: 'Fixture Lifter' },
        { id: 9402, name: 'Fixture Lifter Heavy' },
      ],
      image: richImage('https://images.example.org/lifter.jpg'),
      manufacturer: {
        ...manufacturer,
        url: 'https://ll.thespacedevs.com/2.3.0/agencies/9301/',
        logo: richImage('https://images.example.org/fxo_logo.png'),
      },
    };
  }

  it('keeps the families and the image objects, and says nothing was assumed when the URLs are the same', async () => {
    const first = path.join(dir, 'rocket-2.3.0.json');
    await writeFile(first, JSON.stringify(await rocketV230()));
    const dataDir = path.join(dir, 'data');
    const run1 = await importLl2Files({ dataDir, files: [first], now: NOW, savedAt: '2024-09-01T00:00:00Z' });
    expect(run1.newErrors).toEqual([]);
    const run2 = await importLl2Files({
      dataDir,
      files: ['rockets.json', 'agencies.json'].map((f) => path.join(V220, f)),
      now: NOW,
      savedAt: '2024-09-10T00:00:00Z',
    });
    expect(run2.newErrors).toEqual([]);
    const configurations = parse(
      await readFile(path.join(dataDir, 'reference/launcher-configurations.yaml'), 'utf8'),
    ) as Record<string, JsonObject>;
    const rocket = Object.values(configurations).find((r) => r.id === 9601)!;
    expect(rocket.families).toHaveLength(2);
    expect(rocket.image).toEqual(richImage('https://images.example.org/lifter.jpg'));
    expect(rocket.provenance).toBeUndefined();
    // The same figures stated again keep the date they were first stated.
    expect((rocket.ll2_figures as JsonObject).as_of).toBe('2024-09-01T00:00:00Z');
    const agencies = parse(await readFile(path.join(dataDir, 'reference/agencies.yaml'), 'utf8')) as Record<
      string,
      JsonObject
    >;
    const agency = Object.values(agencies).find((a) => a.id === 9301)!;
    expect(agency.logo).toEqual(richImage('https://images.example.org/fxo_logo.png'));
  });

  it("takes a new image URL from the 2.2.0 file and marks the rest assumed in the record's provenance", async () => {
    const first = path.join(dir, 'rocket-2.3.0.json');
    await writeFile(
      first,
      JSON.stringify({ ...(await rocketV230()), image: richImage('https://images.example.org/lifter-2019.jpg') }),
    );
    const dataDir = path.join(dir, 'data');
    await importLl2Files({ dataDir, files: [first], now: NOW, savedAt: '2024-09-01T00:00:00Z' });
    const run = await importLl2Files({
      dataDir,
      files: [path.join(V220, 'rockets.json')],
      now: NOW,
      savedAt: '2024-09-10T00:00:00Z',
    });
    expect(run.newErrors).toEqual([]);
    const configurations = parse(
      await readFile(path.join(dataDir, 'reference/launcher-configurations.yaml'), 'utf8'),
    ) as Record<string, JsonObject>;
    const rocket = Object.values(configurations).find((r) => r.id === 9601)!;
    expect(rocket.image).toMatchObject({
      id: 29,
      image_url: 'https://images.example.org/lifter.jpg',
      credit: 'Fixture Orbital',
      license: LICENCE,
    });
    expect(rocket.image).not.toHaveProperty('thumbnail_url');
    expect(rocket.provenance).toEqual({
      credit: 'Launch Library 2 by The Space Devs',
      assumed: {
        image: expect.stringMatching(
          /^id, name, credit and licence of the image an earlier LL2 2\.3\.0 record gave \(https:\/\/images\.example\.org\/lifter-2019\.jpg\)/,
        ),
      },
    });
    // Importing the same file again changes nothing.
    const again = await importLl2Files({
      dataDir,
      files: [path.join(V220, 'rockets.json')],
      now: NOW,
      savedAt: '2024-09-10T00:00:00Z',
    });
    expect(again.files).toEqual([]);
  });

  it("gives an older 2.3.0 record's image object and families to a newer record a 2.2.0 file made", async () => {
    const dataDir = path.join(dir, 'data');
    await importLl2Files({
      dataDir,
      files: [path.join(V220, 'rockets.json')],
      now: NOW,
      savedAt: '2024-09-10T00:00:00Z',
    });
    const first = path.join(dir, 'rocket-2.3.0.json');
    await writeFile(first, JSON.stringify(await rocketV230()));
    const run = await importLl2Files({ dataDir, files: [first], now: NOW, savedAt: '2024-09-01T00:00:00Z' });
    expect(run.newErrors).toEqual([]);
    const configurations = parse(
      await readFile(path.join(dataDir, 'reference/launcher-configurations.yaml'), 'utf8'),
    ) as Record<string, JsonObject>;
    const rocket = Object.values(configurations).find((r) => r.id === 9601)!;
    expect(rocket.families).toHaveLength(2);
    expect(rocket.image).toEqual(richImage('https://images.example.org/lifter.jpg'));
    // Its figures stay the newer ones.
    expect((rocket.ll2_figures as JsonObject).as_of).toBe('2024-09-10T00:00:00Z');
  });

  it("keeps a launch's 2.3.0 image object when a newer 2.2.0 record gives its URL, with no assumption about its id", async () => {
    const LL2 = fileURLToPath(new URL('./fixtures/ll2/', import.meta.url));
    const dataDir = path.join(dir, 'data');
    const first = await importLl2Files({ dataDir, files: [path.join(LL2, 'launch-detailed.json')], now: NOW });
    expect(first.newErrors).toEqual([]);
    const text = (await readFile(path.join(LL2, 'launch-detailed.json'), 'utf8')).replaceAll('/2.3.0/', '/2.2.0/');
    const launch = JSON.parse(text) as JsonObject;
    const image = launch.image as JsonObject;
    const older = path.join(dir, 'launch-2.2.0.json');
    await writeFile(
      older,
      JSON.stringify({
        ...launch,
        image: image.image_url,
        last_updated: '2024-06-01T10:00:00Z',
        name: `${String(launch.name)} (renamed)`,
      }),
    );
    const run = await importLl2Files({ dataDir, files: [older], now: NOW });
    expect(run.newErrors).toEqual([]);
    expect(run.report.updated).toHaveLength(1);
    const file = run.files.find((f) => f.path.startsWith('launches/'))!;
    const record = parse(file.content) as JsonObject;
    expect(record.name).toMatch(/\(renamed\)$/);
    expect(record.image).toMatchObject({
      id: 7040,
      name: 'Fixture Rocket on the pad',
      credit: 'Fixture Aerospace',
      thumbnail_url: 'https://images.example.org/7040_thumb.jpg',
    });
    expect(record.provenance).toMatchObject({ ll2_version: '2.2.0' });
    expect((record.provenance as JsonObject).assumed ?? {}).not.toHaveProperty('image.id');
  });
});
