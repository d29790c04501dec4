// LL2's derived views from our records: `dashboard/starship/` (the Starship
// program's launches and events split by the build clock, their updates newest
// first, its boosters; the road closures, notices, live streams and orbiters of
// reference/starship-dashboard.yaml, empty lists without it) and
// `api-throttle/` (no limit). Hand-computed on a small data set, and validated
// against the official 2.3.0 schemas.

import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { recordToYaml } from '../scripts/lib/data/canonical.ts';
import { generateApi, validateDataDir } from '../scripts/lib/pipeline.ts';
import { keyedRecords } from '../scripts/schemas/building-blocks.ts';
import {
  REFERENCE_FILES,
  REFERENCE_KINDS,
  starshipDashboardSchema,
  type FileReferenceKind as ReferenceKind,
} from '../scripts/schemas/data-files.ts';
import { copyFixture, makeEvent, makeLaunch, removeDir, testUuid, writeRecords } from './helpers/data.ts';
import { officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';

const NOW = Date.parse('2026-11-21T00:00:00Z');
const BASE = 'https://api.example.org/2.3.0/';
const EXTRA: Partial<Record<ReferenceKind, Record<string, unknown>>> = {
  programs: {
    'spacex-starship': {
      id: 1,
      name: 'SpaceX Starship',
      type: { id: 1, name: 'Human Spaceflight' },
      agencies: ['spacex'],
    },
  },
  launcherFamilies: { starship: { id: 90019, name: 'Starship', manufacturer: ['spacex'] } },
  launcherConfigurations: {
    starship: { id: 464, name: 'Starship', full_name: 'Starship', families: ['starship'], manufacturer: 'spacex' },
  },
  launcherStatuses: { active: { id: 90001, name: 'Active' } },
  launchers: { b9: { id: 500, serial_number: 'B9', status: 'active', launcher_config: 'starship' } },
};

const DASHBOARD = {
  road_closures: [
    {
      id: 301,
      title: 'Hwy 4 Beach Closure',
      status: { id: 1, name: 'Closure Scheduled' },
      window_start: '2026-11-22T12:00:00Z',
      window_end: '2026-11-23T00:00:00Z',
    },
  ],
  notices: [
    {
      id: 41,
      type: { id: 2, name: 'Temporary Flight Restriction' },
      date: '2026-11-20T09:30:00Z',
      url: 'https://tfr.example.org/notices/41',
    },
  ],
  live_streams: [{ url: 'https://www.youtube.com/watch?v=fixture', image: null, title: 'Starbase live' }],
  orbiters: ['cargo-dragon'],
  fetched_at: '2026-11-20T12:00:00Z',
  provenance: {
    credit: 'Launch Library 2 by The Space Devs',
    ll2_version: '2.3.0',
    url: 'https://ll.thespacedevs.com/2.3.0/dashboard/starship/',
  },
};

let dataDir: string;
let files: Map<string, string>;
beforeAll(async () => {
  dataDir = await copyFixture();
  for (const [kind, records] of Object.entries(EXTRA) as Array<[ReferenceKind, Record<string, unknown>]>) {
    const file = path.join(dataDir, 'reference', `${REFERENCE_FILES[kind]}.yaml`);
    const existing = parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, recordToYaml({ ...existing, ...records }, keyedRecords(REFERENCE_KINDS[kind])));
  }
  // LL2's dashboard as the sync keeps it (test/sync-dashboard.test.ts): closures, notices, live streams, orbiters.
  await writeFile(
    path.join(dataDir, 'reference/starship-dashboard.yaml'),
    recordToYaml(DASHBOARD, starshipDashboardSchema),
  );
  const starship = { rocket: { configuration: 'starship' } };
  await writeRecords(
    dataDir,
    [
      makeLaunch(1, '2026-10-13T12:00:00Z', {
        ...starship,
        name: 'Starship | Flight 11',
        status: 'success',
        updates: [
          { id: 5, created_on: '2026-10-13T13:00:00Z', comment: 'Booster caught.' },
          { id: 4, created_on: '2026-10-12T00:00:00Z', comment: 'Go for launch.' },
        ],
      }),
      // In the program though not on a Starship configuration.
      makeLaunch(2, '2026-12-20T00:00:00Z', {
        name: 'Falcon 9 Block 5 | Starship Tanker Test',
        program: ['spacex-starship'],
        updates: [{ id: 9, created_on: '2026-11-01T00:00:00Z' }],
      }),
      makeLaunch(3, '2026-10-01T00:00:00Z', { status: 'success' }),
    ],
    [
      makeEvent(801, '2026-11-30T00:00:00Z', { type: 'static-fire', program: ['spacex-starship'] }),
      makeEvent(802, '2026-11-29T00:00:00Z', { type: 'static-fire' }),
    ],
  );
  const checked = await validateDataDir(dataDir, NOW);
  if (!checked.dataset) throw new Error(JSON.stringify(checked.problems.slice(0, 3)));
  files = new Map(generateApi(checked.dataset, { now: NOW, baseUrl: BASE }).map((f) => [f.path, String(f.content)]));
});
afterAll(async () => {
  await removeDir(dataDir);
});
const file = (p: string) => JSON.parse(files.get(`2.3.0/${p}index.json`)!);

describe('dashboard/starship/', () => {
  it("holds the Starship program's launches and events by the build clock, their updates newest first, its boosters", () => {
    const dashboard = file('dashboard/starship/');
    expect(Object.keys(dashboard)).toEqual([
      'response_mode',
      'updates',
      'live_streams',
      'road_closures',
      'notices',
      'vehicles',
      'orbiters',
      'upcoming',
      'previous',
    ]);
    expect(dashboard.upcoming.launches.map((l: { id: string }) => l.id)).toEqual([testUuid(2)]);
    expect(dashboard.previous.launches.map((l: { id: string }) => l.id)).toEqual([testUuid(1)]);
    expect(dashboard.upcoming.events.map((e: { id: number }) => e.id)).toEqual([801]);
    expect(dashboard.previous.events).toEqual([]);
    expect(dashboard.updates.map((u: { id: number }) => u.id)).toEqual([9, 5, 4]);
    expect(dashboard.vehicles.map((v: { id: number; url: string }) => [v.id, v.url])).toEqual([
      [500, `${BASE}launchers/500/`],
    ]);
    // LL2's own lists, as reference/starship-dashboard.yaml holds them, in LL2's 2.3.0 shapes (VidURLs: title and description null where none).
    expect(dashboard.road_closures).toEqual(DASHBOARD.road_closures);
    expect(dashboard.notices).toEqual(DASHBOARD.notices);
    expect(dashboard.live_streams).toEqual([
      { title: 'Starbase live', description: null, image: null, url: 'https://www.youtube.com/watch?v=fixture' },
    ]);
    // The orbiters as our spacecraft/ publishes them (SpacecraftNormal).
    expect(dashboard.orbiters).toEqual([file('spacecraft/').results.find((s: { id: number }) => s.id === 569)]);
    // The statuses and types they use are in the config lists.
    expect(file('config/road_closure_statuses/').results).toEqual([{ id: 1, name: 'Closure Scheduled' }]);
    expect(file('config/notice_types/').results).toEqual([{ id: 2, name: 'Temporary Flight Restriction' }]);
    // The launches are the normal-mode objects of the collections.
    expect(dashboard.previous.launches[0]).toEqual(
      file('launches/previous/').results.find((l: { id: string }) => l.id === testUuid(1)),
    );
  });

  it('says there is no request limit at api-throttle/', () => {
    expect(file('api-throttle/')).toEqual({
      your_request_limit: 2147483647,
      limit_frequency_secs: 3600,
      current_use: 0,
      next_use_secs: 0,
      ident: 'no-limit',
    });
  });

  it('publishes nothing for them without the file: empty lists, never invented', async () => {
    const bare = await copyFixture();
    try {
      await rm(path.join(bare, 'reference/starship-dashboard.yaml'));
      const checked = await validateDataDir(bare, NOW);
      const dashboard = JSON.parse(
        String(
          generateApi(checked.dataset!, { now: NOW, baseUrl: BASE }).find(
            (f) => f.path === '2.3.0/dashboard/starship/index.json',
          )!.content,
        ),
      );
      expect([dashboard.live_streams, dashboard.road_closures, dashboard.notices, dashboard.orbiters]).toEqual([
        [],
        [],
        [],
        [],
      ]);
    } finally {
      await removeDir(bare);
    }
  });

  it.skipIf(!officialOpenApiAvailable)(
    'validates against the official StarshipDashboardNormal (its lists not empty) and APIThrottle',
    () => {
      const v = officialValidators(['StarshipDashboardNormal', 'APIThrottle']);
      const dashboard = file('dashboard/starship/');
      expect(
        [dashboard.live_streams, dashboard.road_closures, dashboard.notices, dashboard.orbiters].map((l) => l.length),
      ).toEqual([1, 1, 1, 1]);
      expect(v.StarshipDashboardNormal(dashboard), JSON.stringify(v.StarshipDashboardNormal.errors?.slice(0, 3))).toBe(
        true,
      );
      expect(v.APIThrottle(file('api-throttle/'))).toBe(true);
    },
  );
});
