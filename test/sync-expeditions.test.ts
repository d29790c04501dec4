// The expeditions under way kept fresh (issue 22): LL2 2.3.0's detailed
// expeditions → our records (import/expeditions.ts: under way at the clock or held
// already, station by LL2 id, crew astronauts through the astronauts' conversion,
// provenance, no end invented), and the sync's `active_expeditions` slot
// (sync/resources.ts) against the loopback stand-in: its request within the budget,
// what it writes, an end LL2 states later, what it leaves out and says so, and the
// station's active_expeditions the build then publishes. Answers by hand.

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileExpeditionList } from '../scripts/lib/import/expeditions.ts';
import { REQUEST_BUDGET } from '../scripts/lib/import/sync/plan.ts';
import { RESOURCES } from '../scripts/lib/import/sync/resources.ts';
import { formatSyncSummary } from '../scripts/lib/import/sync/summary.ts';
import type { SyncOptions } from '../scripts/lib/import/sync/sync.ts';
import { syncAgainst } from './helpers/stand-in-sync.ts';
import { referenceFileYaml } from '../scripts/lib/import/yaml-out.ts';
import { generateApi, validateDataDir } from '../scripts/lib/pipeline.ts';
import { LL2_PARAMETERS } from '../scripts/lib/query/ll2-parameters.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { removeDir, tempDir } from './helpers/data.ts';
import { officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';
import { detailedLaunch, startLl2StandIn, type Ll2StandIn } from './helpers/ll2-stand-in.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 3_600_000;
const LL2 = 'https://ll.thespacedevs.com/2.3.0/';

/** LL2's AstronautDetailed as an expedition's crew nests it. */
const ll2Astronaut = (id: number, name: string): JsonObject => ({
  id,
  url: `${LL2}astronauts/${id}/`,
  name,
  status: { id: 1, name: 'Active' },
  agency: null,
  image: null,
  response_mode: 'detailed',
  type: { id: 2, name: 'Government' },
  in_space: true,
  time_in_space: 'P100D',
  eva_time: 'PT0S',
  age: 45,
  date_of_birth: '1981-02-03',
  date_of_death: null,
  nationality: [],
  bio: `${name}, a fixture astronaut.`,
  wiki: null,
  last_flight: '2026-09-01T00:00:00Z',
  first_flight: '2020-05-30T19:22:45Z',
  social_media_links: [],
});
const ISS = { id: 4, url: `${LL2}space_stations/4/`, name: 'International Space Station' };
/** LL2's ExpeditionDetailed (the station trimmed to what the conversion reads). */
const ll2Expedition = (
  id: number,
  name: string,
  start: string,
  end: string | null,
  crew: Array<[number, JsonObject]> = [],
  station: JsonObject = ISS,
): JsonObject => ({
  id,
  url: `${LL2}expeditions/${id}/`,
  name,
  start,
  end,
  response_mode: 'detailed',
  spacestation: station,
  mission_patches: [],
  spacewalks: [],
  crew: crew.map(([memberId, astronaut]) => ({
    id: memberId,
    role: { id: 2, role: 'Flight Engineer', priority: 2 },
    astronaut,
  })),
});
const stationRecord: JsonObject = {
  id: 4,
  name: 'International Space Station',
  status: { id: 1, name: 'Active' },
  type: { id: 1, name: 'Government' },
  founded: '1998-11-20',
};
const none = () => new Map<string, JsonObject>();
const reference = (expeditions = none(), astronauts = none()) => ({
  countries: none(),
  agencies: none(),
  astronauts,
  expeditions,
  spaceStations: new Map([['iss', stationRecord]]),
});

describe("LL2's expeditions as records (import/expeditions.ts)", () => {
  const one = ll2Astronaut(9701, 'Fixture One');
  const page = [
    ll2Expedition(190, 'Expedition 76', '2027-01-01T00:00:00Z', null), // not started yet
    ll2Expedition(180, 'Expedition 75', '2026-11-20T00:00:00.000Z', null, [[601, one]]), // under way, no end stated (fraction dropped)
    ll2Expedition(175, 'Shenzhou Expedition', '2026-10-01T00:00:00Z', null, [], { id: 18, name: 'Tiangong' }), // a station we do not hold
    ll2Expedition(170, 'Expedition 74', '2026-08-01T00:00:00Z', '2026-11-20T06:00:00Z'), // ended before we held it
  ];

  it('files those under way with their station by key, crew by key and role, the source in provenance, and names what it leaves out', () => {
    const result = fileExpeditionList(page, reference(), { now: NOW, version: '2.3.0' });
    expect([...result.expeditions]).toEqual([
      [
        'expedition-75',
        {
          id: 180,
          name: 'Expedition 75',
          start: '2026-11-20T00:00:00Z',
          end: null,
          space_station: 'iss',
          crew: [{ id: 601, role: { id: 2, role: 'Flight Engineer', priority: 2 }, astronaut: 'fixture-one' }],
          provenance: {
            credit: 'Launch Library 2 by The Space Devs',
            ll2_version: '2.3.0',
            url: `${LL2}expeditions/180/`,
          },
        },
      ],
    ]);
    expect(result.changed).toEqual(['expedition-75']);
    expect(result.astronautsChanged).toEqual(['fixture-one']);
    expect(result.astronauts.get('fixture-one')).toMatchObject({
      id: 9701,
      name: 'Fixture One',
      provenance: { url: `${LL2}astronauts/9701/` },
    });
    expect(result.leftOut).toEqual([
      'Expedition 76 (LL2 id 190): not started at 2026-11-21T12:00:00Z',
      'Shenzhou Expedition (LL2 id 175): its space station ("Tiangong", LL2 id 18) is not among ours',
    ]);
    // Read again: nothing changes.
    const again = fileExpeditionList(page, reference(result.expeditions, result.astronauts), {
      now: NOW,
      version: '2.3.0',
    });
    expect([again.changed, again.astronautsChanged]).toEqual([[], []]);
  });

  it('takes the end LL2 states later for one we hold, even once it is over, and never invents one', () => {
    const held = fileExpeditionList(page, reference(), { now: NOW }).expeditions;
    const ended = [ll2Expedition(180, 'Expedition 75', '2026-11-20T00:00:00Z', '2026-11-21T06:00:00Z', [[601, one]])];
    const result = fileExpeditionList(ended, reference(held), { now: NOW });
    expect(result.changed).toEqual(['expedition-75']);
    expect(result.expeditions.get('expedition-75')).toMatchObject({ end: '2026-11-21T06:00:00Z' });
    // Its crew's astronauts are ours already: only the expedition changed; an end that is no time leaves it as it was.
    const garbled = fileExpeditionList([{ ...ended[0], end: 'soon' }], reference(held), { now: NOW });
    expect(garbled.changed).toEqual([]);
    expect(garbled.leftOut).toEqual(['Expedition 75 (LL2 id 180): its end "soon" is no time']);
    expect(garbled.expeditions.get('expedition-75')).toMatchObject({ end: null });
  });
});

describe('the active_expeditions slot of the sync', () => {
  let root: string;
  let dataDir: string;
  let standIn: Ll2StandIn;
  const slot = RESOURCES.find((r) => r.name === 'active_expeditions')!;
  const sync = (options: Partial<SyncOptions> = {}) =>
    syncAgainst(standIn, dataDir, NOW, { resources: [slot], ...options });
  const readYaml = async (file: string) =>
    parseYaml(await readFile(path.join(dataDir, file), 'utf8')) as Record<string, JsonObject>;

  beforeEach(async () => {
    root = await tempDir('lss-sync-exp-');
    dataDir = path.join(root, 'data');
    await mkdir(dataDir);
    standIn = await startLl2StandIn({
      now: NOW,
      launches: [detailedLaunch(1, '2026-12-05T10:00:00Z', '2026-11-20T08:00:00Z', NOW)],
    });
    // A first run brings the launch and its reference data (the slot reads too, with nothing to file); then our ISS.
    await sync({ since: '2026-11-01T00:00:00Z', resources: [] });
    await writeFile(
      path.join(dataDir, 'reference/space-stations.yaml'),
      referenceFileYaml('spaceStations', new Map([['iss', stationRecord]])),
    );
    // As the repository holds it: no expedition yet, a comment saying what the file is.
    await writeFile(path.join(dataDir, 'reference/expeditions.yaml'), '# Expeditions, filed by the sync.\n{}\n');
  });
  afterEach(async () => {
    await standIn.close();
    await removeDir(root);
  });

  it('asks LL2 only what it documents for expeditions/', () => {
    for (const name of Object.keys(slot.query)) expect(LL2_PARAMETERS['expeditions/'], name).toContain(name);
    expect(slot.query.ordering).toBe('-start');
  });

  it('writes the expeditions under way and their crews within the budget; the station then lists them; an end stated later ends them', async () => {
    standIn.expeditions = [
      ll2Expedition(170, 'Expedition 74', '2026-08-01T00:00:00Z', '2026-11-20T06:00:00Z'),
      ll2Expedition(180, 'Expedition 75', '2026-11-20T00:00:00Z', null, [[601, ll2Astronaut(9701, 'Fixture One')]]),
      ll2Expedition(175, 'Shenzhou Expedition', '2026-10-01T00:00:00Z', null, [], { id: 18, name: 'Tiangong' }),
    ];
    standIn.requests.length = 0;
    const first = await sync();
    expect(standIn.requests.length).toBeLessThanOrEqual(REQUEST_BUDGET);
    expect(standIn.requests.map((r) => `${r.path}?${r.query}`).at(-1)).toBe(
      '/2.3.0/expeditions/?limit=10&mode=detailed&ordering=-start',
    );
    expect(first.resource).toEqual({
      name: 'active_expeditions',
      changed: ['expedition-75'],
      leftOut: ['Shenzhou Expedition (LL2 id 175): its space station ("Tiangong", LL2 id 18) is not among ours'],
    });
    expect(formatSyncSummary(first, { dataDir: 'data' }).join('\n')).toContain(
      'resource in rotation: active_expeditions; expeditions changed: expedition-75\n  not filed: Shenzhou Expedition (LL2 id 175)',
    );
    expect(Object.keys(await readYaml('reference/expeditions.yaml'))).toEqual(['expedition-75']);
    expect(await readFile(path.join(dataDir, 'reference/expeditions.yaml'), 'utf8')).toMatch(
      /^# Expeditions, filed by the sync\.\nexpedition-75:\n {2}id: 180\n/,
    );
    expect((await readYaml('reference/astronauts.yaml'))['fixture-one']).toMatchObject({ id: 9701, in_space: true });
    expect(await readFile(path.join(dataDir, 'll2-sync.yaml'), 'utf8')).toContain(
      '  active_expeditions: 2026-11-21T12:00:00Z\n',
    );
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const file = (name: string, now: number, dataset = checked.dataset!) =>
      JSON.parse(
        String(
          generateApi(dataset, { now, baseUrl: 'https://api.example.org/2.3.0/' }).find(
            (f) => f.path === `2.3.0/${name}`,
          )!.content,
        ),
      );
    const station = (now: number, dataset = checked.dataset!) => file('space_stations/4/index.json', now, dataset);
    if (officialOpenApiAvailable) {
      // What the sync wrote publishes as LL2's official schemas have it.
      const v = officialValidators(['ExpeditionNormal', 'ExpeditionDetailed']);
      const normal = file('expeditions/index.json', NOW).results[0];
      const detailed = file('expeditions/180/index.json', NOW);
      expect(v.ExpeditionNormal(normal), JSON.stringify(v.ExpeditionNormal.errors)).toBe(true);
      expect(v.ExpeditionDetailed(detailed), JSON.stringify(v.ExpeditionDetailed.errors)).toBe(true);
      expect(detailed.crew).toHaveLength(1);
    }
    expect(station(NOW).active_expeditions).toEqual([
      {
        id: 180,
        url: 'https://api.example.org/2.3.0/expeditions/180/',
        name: 'Expedition 75',
        start: '2026-11-20T00:00:00Z',
        end: null,
      },
    ]);

    // Not due again for 12 hours; then LL2 states the end: ours takes it, and the station lists no expedition after it.
    standIn.requests.length = 0;
    expect((await sync({ now: NOW + 11 * HOUR })).resource).toBeUndefined();
    expect(standIn.requests.some((r) => r.path === '/2.3.0/expeditions/')).toBe(false);
    standIn.expeditions[1] = ll2Expedition(180, 'Expedition 75', '2026-11-20T00:00:00Z', '2026-11-22T03:00:00Z', [
      [601, ll2Astronaut(9701, 'Fixture One')],
    ]);
    const later = await sync({ now: NOW + 18 * HOUR });
    expect(later.resource).toMatchObject({ name: 'active_expeditions', changed: ['expedition-75'] });
    expect((await readYaml('reference/expeditions.yaml'))['expedition-75']).toMatchObject({
      end: '2026-11-22T03:00:00Z',
    });
    const after = await validateDataDir(dataDir, NOW + 18 * HOUR);
    expect(station(NOW + 18 * HOUR, after.dataset!).active_expeditions).toEqual([]);
  });

  it('leaves the data as they were when LL2 lists no expedition under way', async () => {
    standIn.expeditions = [ll2Expedition(170, 'Expedition 74', '2026-08-01T00:00:00Z', '2026-11-20T06:00:00Z')];
    const result = await sync();
    expect(result.resource).toEqual({ name: 'active_expeditions', changed: [] });
    expect(result.files.map((f) => f.path)).toEqual(['ll2-sync.yaml']);
  });
});
