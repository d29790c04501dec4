// Boosters (LL2 launchers) as records of their own: their shapes in every mode
// and as a launch's first stage (hand-written expectations on the query fixture,
// validated against the official 2.3.0 schemas), their routes, and the
// extraction of the boosters nested in 2.2.0 and 2.3.0 launches (graph.ts), which
// `npm run migrate:graph` and the importer run: what it files, that a second run
// changes nothing, and that an older statement never replaces a newer one.

import { CONFIG_LIST_KINDS } from '../scripts/schemas/config-lists.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_RESOURCES } from '../scripts/lib/api/reference-resources.ts';
import { listRoutes, detailRoutes } from '../scripts/lib/api/routes.ts';
import { REFERENCE_KINDS } from '../scripts/schemas/data-files.ts';
import { extractGraph } from '../scripts/lib/import/graph.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';
import { BASE_URL, Q, queryFixture, uuid, type QueryFixture } from './helpers/query-site.ts';

let fixture: QueryFixture;
beforeAll(async () => {
  fixture = await queryFixture();
});
const file = (path: string) => JSON.parse(fixture.files.get(`2.3.0/${path}index.json`)!);

const B1090_NORMAL = {
  response_mode: 'normal',
  id: 11,
  url: `${BASE_URL}launchers/11/`,
  flight_proven: true,
  serial_number: 'B1090',
  is_placeholder: false,
  status: { id: 90001, name: 'Active' },
  image: null,
  details: 'Falcon 9 core.',
  successful_landings: 5,
  attempted_landings: 5,
  flights: 5,
  last_launch_date: '2026-11-25T10:00:00Z',
  first_launch_date: '2024-11-01T00:00:00Z',
  fastest_turnaround: 'P20D',
};

describe('a resource is declared once', () => {
  it('declares every reference kind, each with one list and one detail route under its path', () => {
    // The kinds of the data files and the config lists collected from the records.
    expect(REFERENCE_RESOURCES.map((r) => r.kind).sort()).toEqual(
      [...Object.keys(REFERENCE_KINDS), ...CONFIG_LIST_KINDS].sort(),
    );
    for (const { kind } of REFERENCE_RESOURCES) {
      expect(
        listRoutes().filter((r) => r.resource === kind),
        kind,
      ).toHaveLength(1);
      expect(
        detailRoutes().filter((r) => r.resource === kind),
        kind,
      ).toHaveLength(1);
    }
    expect(listRoutes().find((r) => r.resource === 'launchers')!.path).toBe('launchers/');
    expect(listRoutes().find((r) => r.resource === 'launcherStatuses')!.path).toBe('config/launcher_statuses/');
  });
});

describe('boosters in LL2 2.3.0 shapes', () => {
  it('publishes the list in normal mode, by id, and each booster in detailed mode with its configuration', () => {
    const page = file('launchers/');
    expect(page.count).toBe(4);
    expect(page.results.map((l: JsonObject) => l.id)).toEqual([11, 12, 90, 130]);
    expect(page.results[0]).toEqual(B1090_NORMAL);
    expect(file('launchers/11/')).toEqual({
      ...B1090_NORMAL,
      response_mode: 'detailed',
      launcher_config: {
        response_mode: 'list',
        id: 164,
        url: `${BASE_URL}launcher_configurations/164/`,
        name: 'Falcon 9',
        families: [
          { response_mode: 'list', id: 1, name: 'Falcon' },
          { response_mode: 'list', id: 176, name: 'Falcon 9' },
        ],
        full_name: 'Falcon 9 Block 5',
        variant: 'Block 5',
      },
    });
    // A booster without a status or figures: null, as LL2 publishes an unknown value.
    expect(file('launchers/130/')).toMatchObject({
      status: null,
      flights: null,
      first_launch_date: null,
      is_placeholder: true,
      flight_proven: false,
    });
    expect(file('config/launcher_statuses/').results).toEqual([
      { id: 90001, name: 'Active' },
      { id: 90002, name: 'Expended' },
    ]);
    expect(file('config/launcher_statuses/90002/')).toEqual({ id: 90002, name: 'Expended' });
  });

  it("nests each stage's booster from its record, with the turnaround from the previous flight to the NET", () => {
    const stage = file(`launches/${uuid(Q.starlink1)}/`).rocket.launcher_stage[0];
    expect(stage).toEqual({
      id: 1,
      type: '',
      reused: null,
      launcher_flight_number: null,
      launcher: B1090_NORMAL,
      previous_flight_date: null,
      turn_around_time: null,
      landing: expect.objectContaining({ id: 1813, url: `${BASE_URL}landings/1813/` }),
      previous_flight: null,
    });
    // The crew flight's booster flew before on the old flight: 2020-05-30T19:22:45Z to 2026-12-10T00:00:00Z; that launch is ours, so it is linked.
    const crew = file(`launches/${uuid(Q.crew)}/`).rocket.launcher_stage[0];
    expect(crew).toMatchObject({
      launcher: { id: 12, url: `${BASE_URL}launchers/12/` },
      previous_flight_date: '2020-05-30T19:22:45Z',
      turn_around_time: 'P2384DT4H37M15S',
      previous_flight: {
        id: uuid(Q.old),
        url: `${BASE_URL}launches/${uuid(Q.old)}/`,
        name: 'Falcon 9 Block 5 | Old Flight',
      },
    });
    // A previous flight that is not ours cannot be linked (LL2's LaunchMini needs a url, and a url names a file we
    // publish): null, as LL2 writes an unknown one.
    expect(file(`launches/${uuid(Q.starlink2)}/`).rocket.launcher_stage[0].previous_flight).toBeNull();
  });

  it.skipIf(!officialOpenApiAvailable)(
    'validates against the official LauncherMini, LauncherNormal, LauncherDetailed and LauncherStatus',
    async () => {
      const v = officialValidators(['LauncherMini', 'LauncherNormal', 'LauncherDetailed', 'LauncherStatus']);
      for (const launcher of file('launchers/').results)
        expect(v.LauncherNormal(launcher), JSON.stringify(v.LauncherNormal.errors)).toBe(true);
      for (const id of [11, 12, 90, 130])
        expect(v.LauncherDetailed(file(`launchers/${id}/`)), JSON.stringify(v.LauncherDetailed.errors)).toBe(true);
      for (const launcher of (await fixture.get('launchers/?mode=list')).body.results)
        expect(v.LauncherMini(launcher)).toBe(true);
      for (const status of file('config/launcher_statuses/').results) expect(v.LauncherStatus(status)).toBe(true);
    },
  );
});

/** A launch as the data held it before the migration: its booster nested in LL2 2.2.0's layout. */
const launch220 = (n: number, net: string, launcher: JsonObject, extra: JsonObject = {}): JsonObject => ({
  id: uuid(n),
  net,
  provenance: { credit: 'Launch Library 2 by The Space Devs', ll2_version: '2.2.0', saved_by: 'example/saver@abc' },
  rocket: {
    configuration: 'falcon-9-block-5',
    launcher_stage: [
      {
        id: n,
        type: 'Core',
        launcher,
        previous_flight_date: '2026-01-01T00:00:00Z',
        turn_around_time_days: 20,
        ...extra,
      },
    ],
  },
});
const b1078 = (flights: number, last: string): JsonObject => ({
  id: 120,
  url: 'https://ll.thespacedevs.com/2.2.0/launcher/120/',
  details: 'Falcon 9 core.',
  flight_proven: true,
  serial_number: 'B1078',
  status: 'active',
  image_url: 'https://example.org/b1078.jpg',
  successful_landings: flights,
  attempted_landings: flights,
  flights,
  last_launch_date: last,
  first_launch_date: '2023-03-02T05:34:14Z',
});

describe('the boosters nested in launches become records (npm run migrate:graph, the importer)', () => {
  const empty = { launchers: new Map<string, JsonObject>(), launcherStatuses: new Map<string, JsonObject>() };

  it('files a 2.2.0 booster under its serial number, its status under an id of ours, "N/A" as null, and keeps the newest statement', () => {
    const launches = [
      launch220(2, '2026-03-22T14:47:00Z', b1078(27, '2026-03-22T14:47:00Z')),
      launch220(1, '2026-01-01T00:00:00Z', b1078(26, '2026-01-01T00:00:00Z')),
      launch220(3, '2026-02-01T00:00:00Z', {
        id: 106,
        url: 'https://ll.thespacedevs.com/2.2.0/launcher/106/',
        serial_number: 'Unknown F9',
        status: 'N/A',
        image_url: '',
        flights: null,
      }),
    ];
    const result = extractGraph(launches, empty);
    expect([...result.launchers.keys()]).toEqual(['b1078', 'unknown-f9']);
    expect(result.launchers.get('b1078')).toEqual({
      id: 120,
      serial_number: 'B1078',
      status: 'active',
      flight_proven: true,
      details: 'Falcon 9 core.',
      image: { id: 0, name: '', image_url: 'https://example.org/b1078.jpg' },
      successful_landings: 27,
      attempted_landings: 27,
      flights: 27,
      first_launch_date: '2023-03-02T05:34:14Z',
      last_launch_date: '2026-03-22T14:47:00Z',
      provenance: {
        credit: 'Launch Library 2 by The Space Devs',
        ll2_version: '2.2.0',
        saved_by: 'example/saver@abc',
        url: 'https://ll.thespacedevs.com/2.2.0/launcher/120/',
      },
    });
    expect(result.launchers.get('unknown-f9')).toMatchObject({ id: 106, status: null, flights: null });
    expect((result.launchers.get('unknown-f9')!.provenance as JsonObject).assumed).toEqual({
      status: 'LL2 2.2.0 gave "N/A"; published as null, LL2\'s value for an unknown status',
    });
    expect(result.launcherStatuses).toEqual(new Map([['active', { id: 90001, name: 'Active' }]]));
    // Every launch now names its booster by key; the rest of the stage is as it was.
    expect(
      result.launches.map(({ index, after }) => [
        index,
        ((after.rocket as JsonObject).launcher_stage as JsonObject[])[0].launcher,
      ]),
    ).toEqual([
      [0, 'b1078'],
      [1, 'b1078'],
      [2, 'unknown-f9'],
    ]);
    expect(((result.launches[0].after.rocket as JsonObject).launcher_stage as JsonObject[])[0]).toMatchObject({
      id: 2,
      type: 'Core',
      turn_around_time_days: 20,
    });

    // Run again on its own result: nothing changes.
    const again = extractGraph(
      result.launches.map(({ after }) => after),
      { launchers: result.launchers, launcherStatuses: result.launcherStatuses },
    );
    expect(again.launches).toEqual([]);
    expect(again.changed).toEqual({ launchers: false, launcherStatuses: false });
  });

  it('never lets an older statement replace a newer record, and takes a newer one', () => {
    const existing = {
      launchers: new Map([
        [
          'b1078',
          { id: 120, serial_number: 'B1078', status: 'active', flights: 27, last_launch_date: '2026-03-22T14:47:00Z' },
        ],
      ]),
      launcherStatuses: new Map([['active', { id: 90001, name: 'Active' }]]),
    };
    const older = extractGraph([launch220(1, '2026-01-01T00:00:00Z', b1078(26, '2026-01-01T00:00:00Z'))], existing);
    expect(older.launchers.get('b1078')!.flights).toBe(27);
    expect(older.changed.launchers).toBe(false);
    const newer = extractGraph([launch220(4, '2026-04-10T00:00:00Z', b1078(28, '2026-04-10T00:00:00Z'))], existing);
    expect(newer.launchers.get('b1078')!.flights).toBe(28);
  });

  it("files a 2.3.0 booster with its status object (LL2's id kept) and image object", () => {
    const image = { id: 5, name: 'B1080', image_url: 'https://example.org/b1080.jpg', credit: 'SpaceX' };
    const launcher = {
      id: 130,
      serial_number: 'B1080',
      status: { id: 1, name: 'Active' },
      image,
      flights: 10,
      last_launch_date: '2026-05-01T00:00:00Z',
    };
    const result = extractGraph([launch220(5, '2026-05-01T00:00:00Z', launcher)], empty);
    expect(result.launchers.get('b1080')).toMatchObject({ id: 130, status: 'active', image, flights: 10 });
    expect(result.launcherStatuses).toEqual(new Map([['active', { id: 1, name: 'Active' }]]));
  });
});

describe('every url names a file we publish', () => {
  it('no resource object in any published file links out of the base URL (links to sources and videos aside)', () => {
    const outside: string[] = [];
    const walk = (value: unknown, file: string, key = ''): void => {
      if (Array.isArray(value)) {
        for (const item of value) walk(item, file, key);
        return;
      }
      if (!value || typeof value !== 'object') return;
      const object = value as Record<string, unknown>;
      // Info and video links (`priority`) and images point at their sources by design, and so do the Starship
      // dashboard's notices (LL2's `Notice.url`: the notice's own document); resources carry an id.
      const source = 'priority' in object || key === 'notices';
      if (typeof object.url === 'string' && 'id' in object && !source && !object.url.startsWith(BASE_URL))
        outside.push(`${file}: ${object.url}`);
      for (const [name, child] of Object.entries(object)) walk(child, file, name);
    };
    let checked = 0;
    for (const [path, text] of fixture.files) {
      if (!/^2\.3\.0\/(?!schemas\/|openapi)[\s\S]*index\.json$/.test(path)) continue;
      walk(JSON.parse(text), path);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
    expect(outside).toEqual([]);
  });
});
