// The LL2 importer: detecting LL2 bodies, importing into a folder that then
// validates, re-importing in place, reporting what our model does not carry, and
// the round trip import → build → compare. Fixtures in test/fixtures/ll2/ are
// small LL2-shaped bodies written for these tests (invented entities).

import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateApi } from '../scripts/lib/pipeline.ts';
import { compareLeaves, percent } from '../scripts/lib/import/compare.ts';
import { existingData, importLl2Files } from '../scripts/lib/import/io.ts';
import { baseKey, slugify } from '../scripts/lib/import/keys.ts';
import { detectMode, parseLl2 } from '../scripts/lib/import/parse.ts';
import { repairRecord } from '../scripts/lib/import/repair.ts';
import { cleanString } from '../scripts/lib/import/text.ts';
import { formatImportReport } from '../scripts/lib/import/report.ts';
import { runImport } from '../scripts/lib/import/run.ts';
import type { Json, JsonObject } from '../scripts/lib/model/records.ts';
import { validateDataDir } from '../scripts/lib/pipeline.ts';
import { eventSchema, launchSchema } from '../scripts/schemas/data-files.ts';
import { removeDir, tempDir } from './helpers/data.ts';

const LL2 = fileURLToPath(new URL('./fixtures/ll2/', import.meta.url));
const fixture = (name: string) => path.join(LL2, name);
const readFixture = async (name: string): Promise<Json> => JSON.parse(await readFile(fixture(name), 'utf8')) as Json;

const NOW = Date.parse('2025-06-01T00:00:00Z');
const BASE_URL = 'https://ll.thespacedevs.com/2.3.0/';
const L1 = '0a1b2c3d-0000-4000-8000-000000000001';
const L2 = '0a1b2c3d-0000-4000-8000-000000000002';
const FIRST_IMPORT = [
  'launches-normal-page.json',
  'launch-detailed.json',
  'event-detailed.json',
  'events-normal-page.json',
  'events-mixed.json',
  'launches-list.json',
];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

let dataDir: string;
beforeEach(async () => {
  dataDir = await tempDir('lss-import-');
});
afterEach(async () => {
  await removeDir(dataDir);
});

describe('detecting what an LL2 body holds', () => {
  it('reads a page, a bare results array and a single object, launches and events, in every mode', async () => {
    const page = parseLl2(await readFixture('launches-normal-page.json'), 'page.json');
    expect(page.shape).toBe('page');
    expect(page.items.map((i) => [i.kind, i.mode])).toEqual([
      ['launch', 'normal'],
      ['launch', 'normal'],
    ]);

    const list = parseLl2(await readFixture('launches-list.json'), 'list.json');
    expect(list.shape).toBe('array');
    expect(list.items.map((i) => i.mode)).toEqual(['list', 'list']);

    const single = parseLl2(await readFixture('launch-detailed.json'), 'one.json');
    expect(single.shape).toBe('object');
    expect(single.items).toHaveLength(1);
    expect(single.items[0]).toMatchObject({ kind: 'launch', mode: 'detailed', source: 'one.json' });

    const events = parseLl2(await readFixture('events-mixed.json'), 'events.json');
    expect(events.items.map((i) => [i.kind, i.mode, i.source])).toEqual([
      ['event', 'list', 'events.json#[0]'],
      ['event', 'detailed', 'events.json#[1]'],
    ]);
    expect(parseLl2(await readFixture('events-normal-page.json'), 'p.json').items.map((i) => i.mode)).toEqual([
      'normal',
      'normal',
    ]);
  });

  it('reports items that are neither launches nor events, and guesses the mode when response_mode is missing', () => {
    const parsed = parseLl2(
      [{ id: 12, name: 'an agency' }, 'text', { id: 5, type: { id: 2 }, date: null, launches: [] }],
      'mixed.json',
    );
    expect(parsed.problems).toEqual([
      'mixed.json#[0]: neither a launch (UUID id), an event (integer id with type and date) nor an LL2 reference record',
      'mixed.json#[1]: not an object',
    ]);
    expect(parsed.items.map((i) => [i.kind, i.mode])).toEqual([['event', 'detailed']]);
    expect(detectMode({ id: L1, updates: [] }, 'launch')).toBe('detailed');
    expect(detectMode({ id: L1, launch_service_provider: {} }, 'launch')).toBe('normal');
    expect(detectMode({ id: L1, net: '2030-01-01T00:00:00Z' }, 'launch')).toBe('list');
  });
});

describe('importing into an empty data folder', () => {
  it('writes canonical YAML that validates, with readable keys and LL2 ids', async () => {
    const run = await importLl2Files({ dataDir, files: FIRST_IMPORT.map(fixture), now: NOW });
    expect(run.newErrors).toEqual([]);
    expect(run.written).toBe(true);

    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(checked.dataset!.launches.map((l) => l.id).sort()).toEqual([L1, L2]);
    expect(checked.dataset!.events.map((e) => e.id).sort()).toEqual([9700, 9701, 9702, 9703, 9704]);

    const files = await filesUnder(dataDir);
    expect(files).toContain('launches/2020/fixture-rocket-block-1-fixture-demo-1.yaml');
    expect(files).toContain('events/2030/fixture-sat-2-docking.yaml');
    expect(files).toContain('events/undated/fixture-press-event.yaml');
    expect(files).toContain('reference/agencies.yaml');

    const { reference } = checked.dataset!;
    expect([...reference.agencies.keys()].sort()).toEqual(['fixture-aerospace', 'fsat']); // short name → name; long name → abbreviation
    expect(reference.agencies.get('fixture-aerospace')).toMatchObject({
      id: 9001,
      type: 'commercial',
      country: ['tld'],
    });
    expect([...reference.pads.keys()].sort()).toEqual(['fixture-launch-complex-1', 'fixture-range-7']); // "7" is prefixed with its location
    expect(reference.pads.get('fixture-launch-complex-1')).toMatchObject({
      id: 9200,
      location: 'fixture-range',
      ll2_figures: { total_launch_count: 40 },
    });
    expect(reference.launchStatuses.get('success')).toMatchObject({ id: 3, abbrev: 'Success' });
    expect(reference.missionTypes.get('earth-science')).toEqual({ id: expect.any(Number), name: 'Earth Science' });
    // LL2 writes mission types as names: each new one gets an id of ours, from 90001 on.
    expect([...reference.missionTypes.values()].map((m) => m.id).sort()).toEqual(
      [...reference.missionTypes.keys()].map((_, i) => 90_001 + i),
    );

    const launch = checked.dataset!.launches.find((l) => l.id === L1)!;
    expect(launch).toMatchObject({
      slug: 'fixture-rocket-block-1-fixture-demo-1',
      status: 'success',
      launch_service_provider: 'fixture-aerospace',
      pad: 'fixture-launch-complex-1',
    });
    expect(launch.rocket).toMatchObject({ id: 88001, configuration: 'fixture-rocket-block-1' });
    expect(launch.rocket.payloads?.[0]).toMatchObject({ id: 701, destination: 'Low Earth Orbit' }); // passed through as it came
    expect(launch.timeline).toHaveLength(2);
    // The patch is filed as a record of its own (import/patches.ts), which the launch lists by key.
    expect(launch.mission_patches).toEqual(['fixture-demo-1-patch']);
    expect(checked.dataset!.reference.missionPatches.get('fixture-demo-1-patch')).toMatchObject({
      id: 4401,
      agency: 'fixture-aerospace',
    });

    // Keys in schema order, references sorted: the first keys of a launch file and of a reference file.
    const text = await readFile(path.join(dataDir, 'launches/2020/fixture-rocket-block-1-fixture-demo-1.yaml'), 'utf8');
    expect(text.split('\n').slice(0, 4)).toEqual([
      'id: 0a1b2c3d-0000-4000-8000-000000000001',
      'slug: fixture-rocket-block-1-fixture-demo-1',
      'name: Fixture Rocket Block 1 | Fixture Demo 1',
      'status: success',
    ]);
    expect(text).toContain('net: 2020-06-15T14:30:00Z\n');
    const statuses = await readFile(path.join(dataDir, 'reference/launch-statuses.yaml'), 'utf8');
    expect(statuses.indexOf('go:')).toBeLessThan(statuses.indexOf('success:'));
  });

  it('imports launches linked from a detailed event only when they can be valid, and reports dropped links', async () => {
    const run = await importLl2Files({ dataDir, files: FIRST_IMPORT.map(fixture), now: NOW });
    const checked = await validateDataDir(dataDir, NOW);
    const events = new Map(checked.dataset!.events.map((e) => [e.id, e]));
    expect(events.get(9700)!.launches).toEqual([L2]);
    expect(events.get(9704)!.launches ?? []).toEqual([]);
    expect(run.report.dropped).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /launch fixture-rocket-block-1-fixture-sat-3 \(list mode\) is not in our data and lacks launch_service_provider, rocket, pad/,
        ),
        expect.stringMatching(
          /event fixture-sat-4-berthing: link to launch 0a1b2c3d-0000-4000-8000-000000000004 dropped/,
        ),
      ]),
    );
    // A list-mode event has no last_updated: it gets the import clock, said so in its provenance and in the report.
    expect(events.get(9703)!.last_updated).toBe('2025-06-01T00:00:00Z');
    expect(events.get(9703)!.provenance?.assumed).toEqual({
      last_updated: 'the import time; the source gives none and when it was saved is not known',
    });
    expect(
      run.report.assumed.get(
        'event last_updated: the import time; the source gives none and when it was saved is not known',
      ),
    ).toEqual({ count: 1, examples: ['fixture-undocking'] });
  });
});

describe('importing again', () => {
  it('changes nothing when the same data comes again', async () => {
    await importLl2Files({ dataDir, files: FIRST_IMPORT.map(fixture), now: NOW });
    const before = await filesUnder(dataDir);
    const again = await importLl2Files({ dataDir, files: FIRST_IMPORT.map(fixture), now: NOW });
    expect(again.files).toEqual([]);
    expect(again.written).toBe(false);
    expect(again.report.created).toEqual([]);
    expect(again.report.updated).toEqual([]);
    expect(again.report.referenceAdded).toEqual([]);
    // 2 launches, 5 events: the list-mode event has no last_updated; the one assumed for it is not newer than ours, so nothing changes.
    expect(again.report.unchanged).toHaveLength(7);
    expect(again.report.keptOlder).toEqual([]);
    expect(await filesUnder(dataDir)).toEqual(before);
  });

  it('updates a record in place when newer, keeps it when older, and never duplicates', async () => {
    await importLl2Files({ dataDir, files: FIRST_IMPORT.map(fixture), now: NOW });
    const before = await filesUnder(dataDir);

    const newer = await importLl2Files({ dataDir, files: [fixture('launch-detailed-newer.json')], now: NOW });
    expect(newer.newErrors).toEqual([]);
    expect(newer.report.updated).toEqual([
      `launch fixture-rocket-block-1-fixture-demo-1 (${L1}): window_end, failreason, last_updated`,
    ]);
    // The window moved: the launch's history gains the change (sightings.ts).
    expect(newer.files.map((f) => f.path)).toEqual([
      'launches/2020/fixture-rocket-block-1-fixture-demo-1.yaml',
      'history/2020/fixture-rocket-block-1-fixture-demo-1.yaml',
    ]);
    expect(await filesUnder(dataDir)).toEqual(before);
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.dataset!.launches).toHaveLength(2);
    const launch = checked.dataset!.launches.find((l) => l.id === L1)!;
    expect(launch.window_end).toBe('2020-06-15T17:00:00Z');
    expect(launch.info_urls).toHaveLength(1); // the link with an empty URL was left out …
    expect(newer.report.normalised).toEqual([
      expect.stringMatching(/info_urls\[1\]\.url: "" must match pattern .*; removed list item info_urls\[1\]/), // … and reported
      // LL2's "" for an unknown link (a nullable uri in 2.3.0) is written null, as the official models accept.
      'agencies "fixture-aerospace": wiki_url: "" must match pattern "^https?://"; set wiki_url to null',
      'pads "fixture-launch-complex-1": wiki_url: "" must match pattern "^https?://"; set wiki_url to null',
      // The booster nested in the stage is filed as its record again (unchanged: the launcher file is not rewritten).
      'nested launcher → launcher record: 1',
    ]);

    const older = await importLl2Files({ dataDir, files: [fixture('launch-detailed.json')], now: NOW });
    expect(older.files).toEqual([]);
    expect(older.report.keptOlder).toEqual([
      `launch fixture-rocket-block-1-fixture-demo-1 (ours 2024-06-01T10:00:00Z, incoming 2024-05-01T10:00:00Z)`,
    ]);
  });

  it('reuses the key of a reference record with the same LL2 id instead of adding a second one', async () => {
    await importLl2Files({ dataDir, files: [fixture('launches-normal-page.json')], now: NOW });
    // Someone renamed the key by hand, and every use of it.
    const { writeFile } = await import('node:fs/promises');
    for (const file of (await filesUnder(dataDir)).filter(
      (f) => f.startsWith('launches/') || f.startsWith('reference/'),
    )) {
      const full = path.join(dataDir, file);
      await writeFile(full, (await readFile(full, 'utf8')).replace(/\bfixture-aerospace\b/g, 'fxa'));
    }
    const run = await importLl2Files({ dataDir, files: [fixture('launch-detailed.json')], now: NOW });
    expect(run.newErrors).toEqual([]);
    const checked = await validateDataDir(dataDir, NOW);
    expect([...checked.dataset!.reference.agencies.keys()].sort()).toEqual(['fsat', 'fxa']);
    expect(checked.dataset!.launches.find((l) => l.id === L1)!.launch_service_provider).toBe('fxa');
    expect(checked.dataset!.reference.agencies.get('fxa')!.ll2_figures).toMatchObject({ total_launch_count: 41 });
  });
});

describe('importing into hand-written data', () => {
  it("keeps comments, matches a record that has an id of our own by its natural key, and gives it LL2's id", async () => {
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(path.join(dataDir, 'reference'), { recursive: true });
    const countries =
      "# Countries we know.\ntld:\n  id: 90001 # ours; LL2's id was not known\n  name: Testland\n  alpha_2_code: TL\n  alpha_3_code: TLD\n";
    await writeFile(path.join(dataDir, 'reference/countries.yaml'), countries);
    const run = await importLl2Files({ dataDir, files: [fixture('launches-normal-page.json')], now: NOW });
    expect(run.newErrors).toEqual([]);
    expect(run.report.matched).toEqual(["countries/tld: matched by ISO code; its id 90001 becomes LL2's 901"]);
    const text = await readFile(path.join(dataDir, 'reference/countries.yaml'), 'utf8');
    expect(text).toContain('# Countries we know.');
    expect(text).toMatch(/id: 901 # ours/);
    expect(text).not.toContain('tld-901');
    expect((await validateDataDir(dataDir, NOW)).problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('does not create a second record for a launch we already have under another id, and is not blocked by errors it did not cause', async () => {
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(path.join(dataDir, 'launches/2020'), { recursive: true });
    const handMade = [
      // Three days off LL2's NET: not matched by its facts, but its slug is LL2's.
      'id: 6c1b5a4e-3f0a-4b8e-9d2c-1a2b3c4d5e6f',
      'slug: fixture-rocket-block-1-fixture-demo-1',
      'name: Fixture Demo 1',
      'status: nonexistent',
      'net: 2020-06-18T14:30:00Z',
      'window_start: 2020-06-18T14:30:00Z',
      'window_end: 2020-06-18T14:30:00Z',
      'launch_service_provider: nobody',
      'rocket:',
      '  configuration: none',
      'pad: none',
      'info_urls:',
      '  - url: https://example.org/x',
      'last_updated: 2024-01-01T00:00:00Z',
      '',
    ].join('\n');
    await writeFile(path.join(dataDir, 'launches/2020/hand-made.yaml'), handMade);
    const run = await importLl2Files({ dataDir, files: [fixture('launches-normal-page.json')], now: NOW });
    expect(run.report.dropped).toEqual([
      expect.stringMatching(
        /looks like launch 6c1b5a4e-3f0a-4b8e-9d2c-1a2b3c4d5e6f of our data \(same slug, other id\); not created/,
      ),
    ]);
    expect(run.report.created.map((c) => c.split(' ')[1])).toEqual(['fixture-rocket-block-1-fixture-sat-2']);
    expect(run.newErrors).toEqual([]);
    expect(run.existingErrors.length).toBeGreaterThan(0); // the hand-made record's unknown keys, there before the import
    expect(run.written).toBe(true);
  });
});

describe('a slug LL2 gave to two launches in turn', () => {
  it('creates the second launch, with its slug made unique, when both flew on days more than a day apart', async () => {
    const { writeFile } = await import('node:fs/promises');
    await importLl2Files({ dataDir, files: [fixture('launches-normal-page.json')], now: NOW });
    // The launch of ours that had the slug first: another LL2 id, flown a year earlier.
    const file = (await filesUnder(dataDir)).find((f) => f.startsWith('launches/') && f.includes('fixture-demo-1'))!;
    const earlier = (await readFile(path.join(dataDir, file), 'utf8'))
      .replace(L1, '0a1b2c3d-0000-4000-8000-0000000000ee')
      .replaceAll('2020-06-15T', '2019-06-15T');
    await writeFile(path.join(dataDir, file), earlier);
    // Its history went with the launch it was (another id now).
    await removeDir(path.join(dataDir, file.replace(/^launches\//, 'history/')));
    const run = await importLl2Files({ dataDir, files: [fixture('launches-normal-page.json')], now: NOW });
    expect(run.report.dropped).toEqual([]);
    expect(run.report.created).toEqual([
      expect.stringMatching(
        /^launch fixture-rocket-block-1-fixture-demo-1-0a1b2c3d \(0a1b2c3d-0000-4000-8000-000000000001\)/,
      ),
    ]);
    expect(run.newErrors).toEqual([]);
    const checked = await validateDataDir(dataDir, NOW);
    expect(
      checked
        .dataset!.launches.map((l) => l.slug)
        .filter((s) => s.includes('demo-1'))
        .sort(),
    ).toEqual(['fixture-rocket-block-1-fixture-demo-1', 'fixture-rocket-block-1-fixture-demo-1-0a1b2c3d']);
  });
});

describe('importing with keepReference (--keep-reference)', () => {
  it('adds new reference records, keeps every value of existing ones, and lets them gain only the fields they lack', async () => {
    const { writeFile } = await import('node:fs/promises');
    await importLl2Files({ dataDir, files: [fixture('launches-normal-page.json')], now: NOW });
    const agencies = path.join(dataDir, 'reference/agencies.yaml');
    const pads = path.join(dataDir, 'reference/pads.yaml');
    const original = await readFile(agencies, 'utf8');
    const originalPads = await readFile(pads, 'utf8');
    expect(original).toContain('administrator: "CEO: Ada Example"');
    expect(originalPads).toMatch(/\n {4}orbital_launch_attempt_count: \d+\n/);
    // Ours, stated later than the file: another administrator, no launchers, a pad figure fewer.
    const edited = original
      .replace('administrator: "CEO: Ada Example"', 'administrator: "CEO: Someone Newer"')
      .replace(/\n {2}launchers: .*\n/, '\n');
    await writeFile(agencies, edited);
    await writeFile(pads, originalPads.replace(/\n {4}orbital_launch_attempt_count: \d+\n/, '\n'));

    const kept = await importLl2Files({
      dataDir,
      files: [fixture('launches-normal-page.json')],
      now: NOW,
      keepReference: true,
    });
    expect(kept.newErrors).toEqual([]);
    const after = await readFile(agencies, 'utf8');
    expect(after).toContain('administrator: "CEO: Someone Newer"');
    expect(after).toMatch(/\n {2}launchers: Fixture Rocket\n/);
    const figures = (text: string) => text.match(/orbital_launch_attempt_count/g)?.length ?? 0;
    expect(figures(await readFile(pads, 'utf8'))).toBe(figures(originalPads) - 1);

    // Without it, the file's values come back.
    await importLl2Files({ dataDir, files: [fixture('launches-normal-page.json')], now: NOW });
    expect(await readFile(agencies, 'utf8')).toContain('administrator: "CEO: Ada Example"');
  });
});

describe('what the data model does not carry', () => {
  it('lists every skipped input field with the number of records, and what the build derives', async () => {
    await importLl2Files({ dataDir, files: [fixture('launch-detailed.json')], now: NOW });
    const run = await importLl2Files({ dataDir, files: [fixture('launch-detailed-newer.json')], now: NOW });
    expect([...run.report.skipped].sort()).toEqual([
      ['launch.fixture_extra_field.note', 1],
      ['launch.mission.fixture_note', 1],
    ]);
    expect(run.report.derived.get('launch.pad_turnaround')).toBe(1);
    expect(run.report.derived.get('launch.orbital_launch_attempt_count')).toBe(1);
    const lines = formatImportReport(run.report);
    expect(lines).toContain('skipped: launch.fixture_extra_field.note (1 record)');
    expect(lines).toContain('skipped: launch.mission.fixture_note (1 record)');
    expect(
      lines.some((l) => l.startsWith('derived, not stored (the build computes them):') && l.includes('launch.**.url')),
    ).toBe(true);
  });

  it('does not add a reference record LL2 gave too little for, nor what depends on it', async () => {
    const page = (await readFixture('launches-normal-page.json')) as { results: JsonObject[] };
    const launch = structuredClone(page.results[1]);
    // An orbit around a body LL2 shows only as {id, name}: no type, no image, so no valid celestial body record.
    (launch.mission as JsonObject).orbit = {
      id: 77,
      name: 'Lunar Orbit',
      abbrev: 'LO',
      celestial_body: { response_mode: 'list', id: 10, name: 'Moon' },
    };
    const result = runImport(
      existingData({ files: [], unreadable: [], problems: [] }),
      [{ source: 'moon.json', ...parseLl2(launch, 'moon.json') }],
      { now: NOW },
    );
    expect(result.files.some((f) => f.path.startsWith('launches/'))).toBe(false);
    expect(result.files.find((f) => f.path === 'reference/orbits.yaml')).toBeUndefined();
    expect(result.report.dropped).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^celestialBodies "moon": .*not added$/),
        expect.stringMatching(/^orbits "lo": refers to celestialBodies "moon", which could not be added; not added$/),
        expect.stringMatching(
          /^launch 0a1b2c3d-0000-4000-8000-000000000002: refers to orbits "lo", which could not be added; not imported$/,
        ),
      ]),
    );
  });
});

describe('normalising values our schema does not accept', () => {
  it('shortens text over the limit, nulls or drops invalid URLs, rewrites timestamps, and says so', () => {
    const event: JsonObject = {
      id: 1,
      slug: 'x',
      name: 'N'.repeat(250),
      type: 'docking',
      date: '2030-01-01T10:00:00.000+00:00',
      last_updated: '2025-01-01T00:00:00Z',
      image: { id: 1, name: 'img', image_url: 'not a url' },
      vid_urls: [{ url: 'https://example.org/v', feature_image: 'ftp://example.org/x.jpg' }],
    };
    const result = repairRecord(event, eventSchema);
    expect(result.ok).toBe(true);
    expect(Array.from(event.name as string)).toHaveLength(200);
    expect((event.name as string).endsWith('…')).toBe(true);
    expect(event.date).toBe('2030-01-01T10:00:00Z');
    expect(event.image).toBeNull();
    expect((event.vid_urls as JsonObject[])[0].feature_image).toBeNull();
    expect(result.changes).toHaveLength(4);
    expect(result.changes.join('\n')).toMatch(/name: shortened to 200 characters \(was 250\)/);
  });

  it('writes LL2 line breaks as \\n and removes control and text-direction characters', () => {
    expect(cleanString('One.\r\n\r\nTwo.\rThree\u2028four')).toEqual({
      text: 'One.\n\nTwo.\nThree\nfour',
      lineBreaks: true,
      removed: undefined,
    });
    expect(cleanString('evil\u202etxt.exe\u0007')).toEqual({
      text: 'eviltxt.exe',
      lineBreaks: false,
      removed: 'U+202E',
    });
    expect(cleanString('Énergie — 株式会社\tok')).toEqual({
      text: 'Énergie — 株式会社\tok',
      lineBreaks: false,
      removed: undefined,
    });
  });

  it('cannot repair a record that lacks what it needs', () => {
    const result = repairRecord({ id: L1, slug: 'x', name: 'x' }, launchSchema);
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/status/);
  });

  it('derives readable keys', () => {
    expect(slugify('Space Launch Complex 40')).toBe('space-launch-complex-40');
    expect(slugify('Ünïcode — Test (Pad)')).toBe('unicode-test-pad');
    expect(baseKey('agencies', { id: 121, name: 'SpaceX', abbrev: 'SpX' })).toBe('spacex');
    expect(baseKey('agencies', { id: 44, name: 'National Aeronautics and Space Administration', abbrev: 'NASA' })).toBe(
      'nasa',
    );
    expect(baseKey('locations', { id: 12, name: 'Cape Canaveral SFS, FL, USA' })).toBe('cape-canaveral-sfs');
    expect(baseKey('orbits', { id: 6, name: 'Heliocentric N/A', abbrev: 'Helio-N/A' })).toBe('heliocentric-n-a');
    expect(baseKey('launchStatuses', { id: 8, name: 'To Be Confirmed', abbrev: 'TBC' })).toBe('tbc');
    expect(baseKey('countries', { id: 2, name: 'United States of America', alpha_3_code: 'USA' })).toBe('usa');
  });
});

describe('round trip: import → build → compare', () => {
  it('publishes at least 95% of the leaves of a normal launch, a detailed launch and a detailed event unchanged', async () => {
    const run = await importLl2Files({
      dataDir,
      files: ['launches-normal-page.json', 'launch-detailed.json', 'event-detailed.json'].map(fixture),
      now: NOW,
    });
    expect(run.newErrors).toEqual([]);
    const checked = await validateDataDir(dataDir, NOW);
    const built = new Map(
      generateApi(checked.dataset!, { now: NOW, baseUrl: BASE_URL }).map((f) => [f.path, f.content]),
    );
    const json = (p: string) => JSON.parse(String(built.get(`2.3.0/${p}`))) as JsonObject;

    const page = (await readFixture('launches-normal-page.json')) as { results: JsonObject[] };
    const ours = new Map((json('launches/index.json').results as JsonObject[]).map((l) => [l.id, l]));
    for (const launch of page.results) {
      const fidelity = compareLeaves(launch, ours.get(launch.id as string));
      expect(percent(fidelity), JSON.stringify(fidelity.diffs.slice(0, 5))).toBeGreaterThanOrEqual(95);
    }
    const detailed = (await readFixture('launch-detailed.json')) as JsonObject;
    const launchFidelity = compareLeaves(detailed, json(`launches/${L1}/index.json`));
    expect(percent(launchFidelity), JSON.stringify(launchFidelity.diffs.slice(0, 5))).toBeGreaterThanOrEqual(95);
    expect(launchFidelity.total).toBeGreaterThan(400);

    const event = (await readFixture('event-detailed.json')) as JsonObject;
    const eventFidelity = compareLeaves(event, json('events/9700/index.json'));
    expect(percent(eventFidelity), JSON.stringify(eventFidelity.diffs)).toBeGreaterThanOrEqual(95);
  });

  it("leaves out links into LL2's API, not info or video links", () => {
    const fidelity = compareLeaves(
      {
        url: 'https://ll.thespacedevs.com/2.3.0/launches/x/',
        pad: { url: 'https://lldev.thespacedevs.com/2.3.0/pads/1/' },
        info_urls: [{ url: 'https://example.org/a' }],
      },
      {
        url: 'https://example.net/2.3.0/launches/x/',
        pad: { url: 'https://example.net/2.3.0/pads/1/' },
        info_urls: [{ url: 'https://example.org/b' }],
      },
    );
    expect(fidelity).toEqual({
      total: 1,
      equal: 0,
      diffs: [{ path: 'info_urls[0].url', expected: 'https://example.org/a', actual: 'https://example.org/b' }],
    });
  });

  it('compares leaf by leaf, leaving out the launch attempt counters', () => {
    const fidelity = compareLeaves(
      { a: 1, b: { c: 'x', d: [] }, e: [1, 2], pad_launch_attempt_count: 5 },
      { a: 1, b: { c: 'y', d: [] }, e: [1], pad_launch_attempt_count: 9 },
    );
    expect(fidelity).toEqual({
      total: 5,
      equal: 3,
      diffs: [
        { path: 'b.c', expected: 'x', actual: 'y' },
        { path: 'e[1]', expected: 2, actual: undefined },
      ],
    });
  });
});
