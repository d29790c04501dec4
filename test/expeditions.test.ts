// Expeditions as records (issue 22, with 21's object graph): which are under way
// at the build's clock (model/collections.ts activeExpeditions), how expeditions/
// and a station's active_expeditions publish them (shapes/expeditions.ts), the
// station's input key following the clock, and the checks of expeditions.yaml
// (file:line:col). On the checked-in fixture (Expedition 74 aboard the ISS, from
// 2026-08-01, no end stated, Jessica Meir commanding) and small inputs; by hand.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeExpeditions } from '../scripts/lib/model/collections.ts';
import type { ReferenceRecord } from '../scripts/lib/model/records.ts';
import { createContext } from '../scripts/lib/api/context.ts';
import { validateDataDir } from '../scripts/lib/pipeline.ts';
import { copyFixture, removeDir } from './helpers/data.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';

const expedition = (
  id: number,
  start: string,
  end: string | null | undefined,
  station = 'iss',
): [string, ReferenceRecord] => [
  `e-${id}`,
  { id, name: `E ${id}`, start, ...(end === undefined ? {} : { end }), space_station: station } as ReferenceRecord,
];

describe('expeditions under way (activeExpeditions)', () => {
  it('are those started at or before the clock with no end, or an end after it; by start, per station', () => {
    const records = new Map([
      expedition(1, '2026-11-21T12:00:00Z', null), // starts at the clock: under way
      expedition(2, '2026-01-01T00:00:00Z', '2026-11-21T12:00:00Z'), // ends at the clock: over
      expedition(3, '2026-06-01T00:00:00Z', '2026-11-21T12:00:01Z'), // ends a second after: under way
      expedition(4, '2026-11-21T12:00:01Z', null), // starts a second after: not yet
      expedition(5, '2026-02-01T00:00:00Z', undefined, 'tiangong'), // no end stated at all
    ]);
    expect(Object.fromEntries(activeExpeditions(records, NOW))).toEqual({ iss: ['e-3', 'e-1'], tiangong: ['e-5'] });
    // A year earlier none had started.
    expect(activeExpeditions(records, Date.parse('2025-11-21T12:00:00Z')).size).toBe(0);
  });
});

describe("expeditions/ and a station's active_expeditions", () => {
  let api: FixtureApi;
  beforeAll(async () => {
    api = await fixtureApi(NOW, BASE_URL);
  });
  const issNormal = {
    id: 4,
    url: `${BASE_URL}space_stations/4/`,
    name: 'International Space Station',
    image: null,
    status: { id: 1, name: 'Active' },
    founded: '1998-11-20',
    deorbited: null,
    description: '',
    orbit: null,
    type: { id: 1, name: 'Government' },
  };

  it('lists the expedition in normal mode: its station as SpaceStationNormal, no patches or spacewalks held', () => {
    const page = api.json('2.3.0/expeditions/index.json');
    expect(page.count).toBe(1);
    expect(page.results[0]).toEqual({
      id: 170,
      url: `${BASE_URL}expeditions/170/`,
      name: 'Expedition 74',
      start: '2026-08-01T00:00:00Z',
      end: null,
      response_mode: 'normal',
      spacestation: issNormal,
      mission_patches: [],
      spacewalks: [],
    });
  });

  it("details it with its station's owners and its crew, each member's astronaut from the record its key names", () => {
    const detail = api.json('2.3.0/expeditions/170/index.json');
    expect(Object.keys(detail)).toEqual([
      'id',
      'url',
      'name',
      'start',
      'end',
      'response_mode',
      'spacestation',
      'mission_patches',
      'spacewalks',
      'crew',
    ]);
    expect(detail.response_mode).toBe('detailed');
    expect(detail.spacestation).toEqual({ ...issNormal, owners: [] });
    expect(detail.crew).toHaveLength(1);
    expect(detail.crew[0]).toMatchObject({
      id: 501,
      role: { id: 1, role: 'Commander', priority: 0 },
      astronaut: { id: 573, name: 'Jessica Meir', response_mode: 'detailed' },
    });
    expect(api.json('2.3.0/expeditions/index.json').results[0]).not.toHaveProperty('crew');
  });

  it('answers the query engine in both modes from the same objects', async () => {
    expect((await api.get('expeditions/?mode=detailed')).body.results[0]).toEqual(
      api.json('2.3.0/expeditions/170/index.json'),
    );
    expect((await api.get('expeditions/?search=meir')).body.count).toBe(1);
    expect((await api.get('expeditions/?end__gt=2026-01-01T00:00:00Z')).body.count).toBe(0);
  });

  it("names the expedition among the station's active ones while the clock is inside it, in list and detail", async () => {
    const mini = {
      id: 170,
      url: `${BASE_URL}expeditions/170/`,
      name: 'Expedition 74',
      start: '2026-08-01T00:00:00Z',
      end: null,
    };
    expect(api.json('2.3.0/space_stations/4/index.json').active_expeditions).toEqual([mini]);
    expect(
      api.json('2.3.0/space_stations/index.json').results.find((s: { id: number }) => s.id === 4).active_expeditions,
    ).toEqual([mini]);
    // Before its start, none (the clock is passed in, never read).
    const before = await fixtureApi(Date.parse('2026-07-31T23:59:59Z'), BASE_URL);
    expect(before.json('2.3.0/space_stations/4/index.json').active_expeditions).toEqual([]);
    // With an end stated before the clock, none either.
    const ended = await fixtureApi(NOW, BASE_URL, async (dir) => {
      const file = path.join(dir, 'reference', 'expeditions.yaml');
      await writeFile(file, (await readFile(file, 'utf8')).replace('end: null', 'end: 2026-11-01T00:00:00Z'));
    });
    expect(ended.json('2.3.0/space_stations/4/index.json').active_expeditions).toEqual([]);
    expect(ended.json('2.3.0/expeditions/170/index.json').end).toBe('2026-11-01T00:00:00Z');
  });
});

describe('config/astronaut_roles/', () => {
  it("holds the roles of the expeditions' crews too", async () => {
    const api = await fixtureApi(NOW, BASE_URL, async (dir) => {
      const file = path.join(dir, 'reference', 'expeditions.yaml');
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace(
          'id: 1\n        role: Commander\n        priority: 0',
          'id: 40\n        role: Flight Engineer\n        priority: 3',
        ),
      );
    });
    expect(api.json('2.3.0/config/astronaut_roles/40/index.json')).toEqual({
      id: 40,
      role: 'Flight Engineer',
      priority: 3,
    });
    expect(api.json('2.3.0/expeditions/170/index.json').crew[0].role).toEqual({
      id: 40,
      role: 'Flight Engineer',
      priority: 3,
    });
  });
});

describe("a station's input key", () => {
  it("changes when the clock crosses an expedition's start, and no key moves with the clock alone", async () => {
    const dir = await copyFixture();
    try {
      const { dataset } = await validateDataDir(dir, NOW);
      const keys = (now: number) => createContext(dataset!, { now, baseUrl: BASE_URL }).keys;
      const [before, during, later] = [Date.parse('2026-07-01T00:00:00Z'), Date.parse('2026-09-01T00:00:00Z'), NOW].map(
        keys,
      );
      const station = (k: typeof before, mode: 'normal' | 'detailed') => k.reference('spaceStations', mode)('iss');
      expect(station(before, 'detailed')).not.toBe(station(during, 'detailed'));
      expect(station(before, 'normal')).not.toBe(station(during, 'normal'));
      // The same expeditions under way: the same key (the clock itself is not in it).
      expect(station(during, 'detailed')).toBe(station(later, 'detailed'));
      // Other records' keys move only when what the clock decides moves: here the expedition's start also puts its
      // crew in space (model/in-space.ts), which every key's reference epoch covers; between two clocks that decide
      // the same, they stay.
      expect(during.reference('agencies', 'detailed')('nasa')).toBe(later.reference('agencies', 'detailed')('nasa'));
    } finally {
      await removeDir(dir);
    }
  });
});

describe('checks of expeditions.yaml', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await copyFixture();
  });
  afterEach(async () => removeDir(dir));
  const FILE = 'reference/expeditions.yaml';
  const edit = async (change: (text: string) => string) => {
    const full = path.join(dir, FILE);
    await writeFile(full, change(await readFile(full, 'utf8')));
  };
  const lineOf = async (needle: string) =>
    (await readFile(path.join(dir, FILE), 'utf8')).split('\n').findIndex((l) => l.includes(needle)) + 1;
  const errors = async () => (await validateDataDir(dir, NOW)).problems.filter((p) => p.severity === 'error');

  it('name a station or an astronaut we do not hold, with file, line and column', async () => {
    await edit((t) =>
      t
        .replace('space_station: iss', 'space_station: mir')
        .replace('astronaut: jessica-meir', 'astronaut: jessica-mier'),
    );
    const problems = await errors();
    expect(problems.map((p) => [p.rule, p.field])).toEqual([
      ['unknown-reference', 'expedition-74.space_station'],
      ['unknown-reference', 'expedition-74.crew.0.astronaut'],
    ]);
    expect(problems[0]).toMatchObject({
      file: expect.stringContaining('expeditions.yaml'),
      line: await lineOf('space_station: mir'),
      col: 18,
    });
    expect(problems[1]).toMatchObject({ line: await lineOf('astronaut: jessica-mier') });
    expect(problems[1].message).toContain('"jessica-meir"');
  });

  it('refuse a start that is no UTC timestamp and a crew member without a role', async () => {
    await edit((t) =>
      t
        .replace('start: 2026-08-01T00:00:00Z', 'start: August 2026')
        .replace(/ {6}role:\n {8}id: 1\n {8}role: Commander\n {8}priority: 0\n/, ''),
    );
    const problems = await errors();
    expect(problems.length).toBeGreaterThanOrEqual(2);
    expect(problems.find((p) => p.field === 'expedition-74.start')).toMatchObject({
      line: await lineOf('start: August 2026'),
    });
    expect(problems.some((p) => p.field?.startsWith('expedition-74.crew.0'))).toBe(true);
  });
});
