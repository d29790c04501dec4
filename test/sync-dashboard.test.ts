// LL2's Starship dashboard kept (issue 22): its road closures, notices, live
// streams and orbiters → data/reference/starship-dashboard.yaml
// (import/starship-dashboard.ts: LL2's lists whole and in LL2's order, orbiters as
// our spacecraft by LL2 id, nothing invented, what is left out named), the file's
// schema and rules (an empty file is valid; errors at file:line:col), and the
// sync's `starship_dashboard` slot against the loopback stand-in: its request
// within the budget, what it writes, LL2's later lists replacing ours, a refused
// answer leaving the file as it was, and the dashboard the build then publishes
// (LL2's official StarshipDashboardNormal when ../shared/ is there). Answers by hand,
// built from the official schema's fields (RoadClosure, Notice, VidURLs, SpacecraftNormal).

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fileStarshipDashboard,
  starshipDashboardYaml,
  STARSHIP_DASHBOARD_PATH,
} from '../scripts/lib/import/starship-dashboard.ts';
import { REQUEST_BUDGET } from '../scripts/lib/import/sync/plan.ts';
import { RESOURCES } from '../scripts/lib/import/sync/resources.ts';
import { formatSyncSummary } from '../scripts/lib/import/sync/summary.ts';
import type { SyncOptions } from '../scripts/lib/import/sync/sync.ts';
import { syncAgainst } from './helpers/stand-in-sync.ts';
import { generateApi, validateDataDir } from '../scripts/lib/pipeline.ts';
import type { Json, JsonObject } from '../scripts/lib/model/records.ts';
import { copyFixture, removeDir } from './helpers/data.ts';
import { officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';
import { emptyStarshipDashboard, startLl2StandIn, type Ll2StandIn } from './helpers/ll2-stand-in.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 3_600_000;
const LL2 = 'https://ll.thespacedevs.com/2.3.0/';
const DASHBOARD_URL = `${LL2}dashboard/starship/`;

const scheduled = { id: 1, name: 'Closure Scheduled' };
const revoked = { id: 3, name: 'Closure Revoked' };
/** LL2's RoadClosure. */
const closure = (id: number, title: string, status: JsonObject, start: string, end: string): JsonObject => ({
  id,
  title,
  status,
  window_start: start,
  window_end: end,
});
/** LL2's Notice. */
const notice = (id: number, date: string): JsonObject => ({
  id,
  type: { id: 2, name: 'Temporary Flight Restriction' },
  date,
  url: `https://tfr.example.org/notices/${id}`,
});
/** LL2's VidURLs. */
const stream = {
  title: 'Starbase live',
  description: 'Views of the launch site.',
  image: 'https://images.example.org/starbase.jpg',
  url: 'https://www.youtube.com/watch?v=fixture',
};
/** LL2's SpacecraftNormal (trimmed to what the conversion reads, and a name). */
const orbiter = (id: number, name: string): JsonObject => ({
  id,
  url: `${LL2}spacecraft/${id}/`,
  name,
  response_mode: 'normal',
  in_space: true,
});
/** LL2's StarshipDashboardNormal: lists of its own, and launches, updates and vehicles the slot does not take. */
const dashboardBody = (over: JsonObject = {}): JsonObject => ({
  ...emptyStarshipDashboard(),
  updates: [
    {
      id: 77,
      profile_image: null,
      comment: 'Not taken from here.',
      info_url: null,
      created_by: 'x',
      created_on: '2026-11-20T00:00:00Z',
    },
  ],
  vehicles: [{ id: 1, serial_number: 'B99' }],
  road_closures: [
    closure(301, 'Hwy 4 Beach Closure', scheduled, '2026-11-22T12:00:00.000Z', '2026-11-23T00:00:00Z'),
    // A window that has passed: LL2 still lists it, so it stays.
    closure(300, 'Hwy 4 Beach Closure', revoked, '2026-11-20T12:00:00Z', '2026-11-21T00:00:00Z'),
  ],
  notices: [notice(41, '2026-11-20T09:30:00Z')],
  live_streams: [stream],
  orbiters: [orbiter(569, 'Cargo Dragon'), orbiter(9999, 'Ship 30')],
  ...over,
});
const spacecraft = new Map<string, JsonObject>([
  ['cargo-dragon', { id: 569, name: 'Cargo Dragon', spacecraft_config: 'cargo-dragon-2' }],
]);

describe("LL2's Starship dashboard as our record (import/starship-dashboard.ts)", () => {
  const options = { spacecraft, url: DASHBOARD_URL, now: NOW };

  it("keeps LL2's four lists in LL2's order, orbiters as our spacecraft by key, with LL2's URL, the fetch time and the credit", () => {
    const filed = fileStarshipDashboard(dashboardBody(), options);
    expect(filed).toEqual({
      dashboard: {
        road_closures: [
          {
            id: 301,
            title: 'Hwy 4 Beach Closure',
            status: scheduled,
            window_start: '2026-11-22T12:00:00Z',
            window_end: '2026-11-23T00:00:00Z',
          },
          {
            id: 300,
            title: 'Hwy 4 Beach Closure',
            status: revoked,
            window_start: '2026-11-20T12:00:00Z',
            window_end: '2026-11-21T00:00:00Z',
          },
        ],
        notices: [notice(41, '2026-11-20T09:30:00Z')],
        live_streams: [{ url: stream.url, image: stream.image, title: stream.title, description: stream.description }],
        orbiters: ['cargo-dragon'],
        fetched_at: '2026-11-21T12:00:00Z',
        provenance: { credit: 'Launch Library 2 by The Space Devs', ll2_version: '2.3.0', url: DASHBOARD_URL },
      },
      changed: ['road_closures (2)', 'notices (1)', 'live_streams (1)', 'orbiters (1)'],
      leftOut: ['orbiter "Ship 30" (LL2 id 9999): not among our spacecraft (data/reference/spacecraft.yaml)'],
    });
  });

  it('changes nothing when LL2 gives the same lists again (fetched_at stays), and names what changed when it does not', () => {
    const held = (fileStarshipDashboard(dashboardBody(), options) as { dashboard: JsonObject }).dashboard;
    const again = fileStarshipDashboard(dashboardBody(), { ...options, held, now: NOW + 6 * HOUR });
    expect(again).toMatchObject({ changed: [] });
    expect((again as { dashboard: JsonObject }).dashboard).toBe(held);
    const later = fileStarshipDashboard(dashboardBody({ notices: [] }), { ...options, held, now: NOW + 6 * HOUR });
    expect(later).toMatchObject({ changed: ['notices (0)'], dashboard: { fetched_at: '2026-11-21T18:00:00Z' } });
    expect((later as { dashboard: JsonObject }).dashboard.notices).toBeUndefined();
    // Nothing held and nothing given: nothing to write.
    expect(fileStarshipDashboard(emptyStarshipDashboard(), options)).toMatchObject({ changed: [], leftOut: [] });
  });

  it("leaves out and names an entry without what LL2's schema requires, never filling it in", () => {
    const filed = fileStarshipDashboard(
      dashboardBody({
        road_closures: [
          closure(302, 'Closure', scheduled, '2026-11-22T12:00:00Z', 'soon'),
          { id: 303, title: 'No status', window_start: '2026-11-22T12:00:00Z', window_end: '2026-11-23T00:00:00Z' },
        ],
        notices: [
          { id: 42, type: { id: 2, name: 'TFR' }, date: '2026-11-20T09:30:00Z', url: 'not a url' },
          { id: 43, date: '2026-11-20T09:30:00Z', url: 'https://x.example/' },
        ],
        live_streams: [
          { title: 'No address', image: null },
          { url: 'https://example.org/live', image: 'not a url' },
        ],
        orbiters: ['not an object'],
      }),
      options,
    );
    expect(filed).toMatchObject({
      dashboard: { live_streams: [{ url: 'https://example.org/live', image: null }] },
      leftOut: [
        'road closure 302 "Closure": its window_end "soon" is no time',
        'road closure 303 "No status": its status null is no LL2 RoadClosureStatus (id, name)',
        'notice 42: its url "not a url" is no web address',
        'notice 43: its type null is no LL2 NoticeType (id, name)',
        'live stream 1: its url null is no web address',
        'orbiter 1: not among our spacecraft (data/reference/spacecraft.yaml)',
      ],
    });
  });

  it("refuses an answer that is not LL2's dashboard: one object with the four lists", () => {
    expect(fileStarshipDashboard([dashboardBody()] as unknown as Json, options)).toEqual({
      refused: "the answer is not one object (LL2's StarshipDashboardNormal)",
    });
    const { notices: _, orbiters: __, ...partial } = dashboardBody();
    expect(fileStarshipDashboard(partial, options)).toEqual({
      refused: "the answer has no list notices, orbiters (LL2's StarshipDashboardNormal requires them)",
    });
  });

  it('writes the file in canonical form under the comment the file had (or one saying what it is)', () => {
    // Empty lists are left out (none held).
    const { dashboard } = fileStarshipDashboard(
      dashboardBody({ road_closures: [], live_streams: [], orbiters: [] }),
      options,
    ) as { dashboard: JsonObject };
    const text = starshipDashboardYaml(dashboard, '# Held here.\n{}\n');
    expect(text).toBe(
      [
        '# Held here.',
        'notices:',
        '  - id: 41',
        '    type:',
        '      id: 2',
        '      name: Temporary Flight Restriction',
        '    date: 2026-11-20T09:30:00Z',
        '    url: https://tfr.example.org/notices/41',
        'fetched_at: 2026-11-21T12:00:00Z',
        'provenance:',
        '  credit: Launch Library 2 by The Space Devs',
        '  ll2_version: 2.3.0',
        `  url: ${DASHBOARD_URL}`,
        '',
      ].join('\n'),
    );
    expect(starshipDashboardYaml(dashboard)).toMatch(
      /^# LL2's Starship dashboard \(dashboard\/starship\/, by The Space Devs\)/,
    );
  });
});

describe('reference/starship-dashboard.yaml', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await copyFixture();
  });
  afterEach(async () => removeDir(dataDir));
  const write = (text: string) => writeFile(path.join(dataDir, STARSHIP_DASHBOARD_PATH), text);
  const errors = async () =>
    (await validateDataDir(dataDir, NOW)).problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.file.slice(p.file.indexOf('reference/'))}:${p.line}:${p.col}: ${p.message}`);

  it('is valid empty, as the repository holds it', async () => {
    await write(await readFile(new URL('../data/reference/starship-dashboard.yaml', import.meta.url), 'utf8'));
    expect(await errors()).toEqual([]);
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.dataset!.starshipDashboard).toEqual({});
  });

  it('names an orbiter we hold no spacecraft of, and a closure without its status, at file:line:col', async () => {
    await write(starshipDashboardYaml({ orbiters: ['cargo-dragon', 'ship-30'] }, '# A comment.\n'));
    expect(await errors()).toEqual(['reference/starship-dashboard.yaml:2:26: unknown spacecraft "ship-30"']);
    await write(
      [
        'road_closures:',
        '  - id: 300',
        '    title: Beach',
        '    window_start: 2026-11-20T12:00:00Z',
        '    window_end: 2026-11-21T00:00:00Z',
        '',
      ].join('\n'),
    );
    expect(await errors()).toEqual(['reference/starship-dashboard.yaml:2:5: required field "status" is missing']);
  });
});

describe('the starship_dashboard slot of the sync', () => {
  let dataDir: string;
  let standIn: Ll2StandIn;
  const slot = RESOURCES.find((r) => r.name === 'starship_dashboard')!;
  const sync = (options: Partial<SyncOptions> = {}) =>
    syncAgainst(standIn, dataDir, NOW, { resources: [slot], ...options });
  const fileText = () => readFile(path.join(dataDir, STARSHIP_DASHBOARD_PATH), 'utf8');
  const built = async (now: number) => {
    const checked = await validateDataDir(dataDir, now);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const files = generateApi(checked.dataset!, { now, baseUrl: 'https://api.example.org/2.3.0/' });
    return (name: string) => JSON.parse(String(files.find((f) => f.path === `2.3.0/${name}index.json`)!.content));
  };

  beforeEach(async () => {
    // The small fixture's reference data (the Cargo Dragon spacecraft, LL2 id 569) and state, without launches or events.
    dataDir = await copyFixture();
    await rm(path.join(dataDir, 'launches'), { recursive: true });
    await rm(path.join(dataDir, 'events'), { recursive: true });
    await mkdir(path.join(dataDir, 'launches'));
    await writeFile(path.join(dataDir, STARSHIP_DASHBOARD_PATH), '# The dashboard, kept by the sync.\n{}\n');
    standIn = await startLl2StandIn({ now: NOW });
  });
  afterEach(async () => {
    await standIn.close();
    await removeDir(dataDir);
  });

  it('reads dashboard/starship/ as LL2 serves it (mode normal, its default), every 6 hours, as one object', () => {
    expect(slot).toMatchObject({
      path: 'dashboard/starship/',
      query: {},
      everyHours: 6,
      writes: 'reference/starship-dashboard.yaml',
      document: true,
    });
  });

  it("writes LL2's lists within the budget, names what it leaves out; the build publishes them and their statuses and types", async () => {
    standIn.starshipDashboard = dashboardBody();
    const result = await sync();
    expect(standIn.requests.length).toBeLessThanOrEqual(REQUEST_BUDGET);
    expect(standIn.requests.map((r) => `${r.path}?${r.query}`).at(-1)).toBe('/2.3.0/dashboard/starship/?');
    expect(result.resource).toEqual({
      name: 'starship_dashboard',
      changed: ['road_closures (2)', 'notices (1)', 'live_streams (1)', 'orbiters (1)'],
      leftOut: ['orbiter "Ship 30" (LL2 id 9999): not among our spacecraft (data/reference/spacecraft.yaml)'],
    });
    expect(formatSyncSummary(result, { dataDir: 'data' }).join('\n')).toContain(
      'resource in rotation: starship_dashboard; lists replaced (entries now): road_closures (2), notices (1), live_streams (1), orbiters (1)\n  not filed: orbiter "Ship 30"',
    );
    const text = await fileText();
    expect(text).toMatch(/^# The dashboard, kept by the sync\.\nroad_closures:\n {2}- id: 301\n/);
    expect(parseYaml(text)).toMatchObject({
      orbiters: ['cargo-dragon'],
      fetched_at: '2026-11-21T12:00:00Z',
      provenance: { url: `${standIn.baseUrl}dashboard/starship/` },
    });
    expect(await readFile(path.join(dataDir, 'll2-sync.yaml'), 'utf8')).toContain(
      '  starship_dashboard: 2026-11-21T12:00:00Z\n',
    );

    const api = await built(NOW);
    const dashboard = api('dashboard/starship/');
    expect(dashboard.road_closures).toEqual([
      {
        id: 301,
        title: 'Hwy 4 Beach Closure',
        status: scheduled,
        window_start: '2026-11-22T12:00:00Z',
        window_end: '2026-11-23T00:00:00Z',
      },
      {
        id: 300,
        title: 'Hwy 4 Beach Closure',
        status: revoked,
        window_start: '2026-11-20T12:00:00Z',
        window_end: '2026-11-21T00:00:00Z',
      },
    ]);
    expect(dashboard.notices).toEqual([notice(41, '2026-11-20T09:30:00Z')]);
    expect(dashboard.live_streams).toEqual([stream]);
    expect(dashboard.orbiters.map((o: JsonObject) => [o.id, o.url])).toEqual([
      [569, 'https://api.example.org/2.3.0/spacecraft/569/'],
    ]);
    // Not from the dashboard's answer: our records' updates and boosters (none here).
    expect([dashboard.updates, dashboard.vehicles]).toEqual([[], []]);
    expect(api('config/road_closure_statuses/').results).toEqual([scheduled, revoked]);
    expect(api('config/road_closure_statuses/3/')).toEqual(revoked);
    expect(api('config/notice_types/').results).toEqual([{ id: 2, name: 'Temporary Flight Restriction' }]);
    if (officialOpenApiAvailable) {
      const v = officialValidators(['StarshipDashboardNormal', 'RoadClosureStatus', 'NoticeType']);
      expect(v.StarshipDashboardNormal(dashboard), JSON.stringify(v.StarshipDashboardNormal.errors?.slice(0, 3))).toBe(
        true,
      );
      expect(v.RoadClosureStatus(api('config/road_closure_statuses/1/'))).toBe(true);
      expect(v.NoticeType(api('config/notice_types/2/'))).toBe(true);
    }

    // Not due for 6 hours; then LL2 no longer shows closure 300 and the notice: they are gone from ours and from the lists.
    standIn.requests.length = 0;
    expect((await sync({ now: NOW + 5 * HOUR })).resource).toBeUndefined();
    expect(standIn.requests.some((r) => r.path === '/2.3.0/dashboard/starship/')).toBe(false);
    standIn.starshipDashboard = dashboardBody({
      road_closures: [(dashboardBody().road_closures as Json[])[0]],
      notices: [],
    });
    expect((await sync({ now: NOW + 7 * HOUR })).resource).toMatchObject({
      changed: ['road_closures (1)', 'notices (0)'],
    });
    expect(parseYaml(await fileText())).toMatchObject({
      road_closures: [{ id: 301 }],
      fetched_at: '2026-11-21T19:00:00Z',
    });
    expect(parseYaml(await fileText()).notices).toBeUndefined();
    const later = await built(NOW + 7 * HOUR);
    expect(later('dashboard/starship/').notices).toEqual([]);
    expect(later('config/road_closure_statuses/').results).toEqual([scheduled]);
    expect(later('config/notice_types/').count).toBe(0);

    // The same lists again: no byte changes (only the state).
    const before = await fileText();
    const same = await sync({ now: NOW + 14 * HOUR });
    expect(same.resource).toEqual({
      name: 'starship_dashboard',
      changed: [],
      leftOut: [expect.stringContaining('Ship 30')],
    });
    expect(same.files.map((f) => f.path)).toEqual(['ll2-sync.yaml']);
    expect(await fileText()).toBe(before);
  });

  it("takes nothing of an answer that is not LL2's dashboard, or that LL2 refuses, and says so; the rest of the run goes on", async () => {
    const before = await fileText();
    standIn.starshipDashboard = { detail: 'Something else.' };
    const refused = await sync();
    expect(refused.resource).toEqual({
      name: 'starship_dashboard',
      changed: [],
      refused:
        "the answer has no list road_closures, notices, live_streams, orbiters (LL2's StarshipDashboardNormal requires them)",
    });
    expect(formatSyncSummary(refused, { dataDir: 'data' }).join('\n')).toContain(
      "RESOURCE REFUSED: starship_dashboard's answer was not taken, nothing of it written; it is read again at its next turn",
    );
    expect(refused.files.map((f) => f.path)).toEqual(['ll2-sync.yaml']);
    expect(await fileText()).toBe(before);

    // A 404 (LL2 refuses the request) and a body that is no object: the same, at the slot's next turns.
    standIn.fault = (request) =>
      request.path === '/2.3.0/dashboard/starship/' ? { status: 404, body: '{"detail":"Not found."}' } : undefined;
    const missing = await sync({ now: NOW + 6 * HOUR });
    expect(missing.resource?.refused).toMatch(
      /^LL2 refused http:\/\/127\.0\.0\.1:\d+\/2\.3\.0\/dashboard\/starship\/: HTTP 404: Not found\./,
    );
    standIn.fault = (request) =>
      request.path === '/2.3.0/dashboard/starship/' ? { status: 200, body: '[]' } : undefined;
    const notOne = await sync({ now: NOW + 12 * HOUR });
    expect(notOne.resource?.refused).toMatch(/did not answer with LL2's JSON: expected one object/);
    expect(await fileText()).toBe(before);
  });
});
