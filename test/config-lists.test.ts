// The config/… lists collected from the records (schemas/config-lists.ts,
// model/config-lists.ts): which nested objects count and how versions of one
// entry merge, every list's page and detail files against the official 2.3.0
// schemas, and every query parameter of every list (paging, ordering, search,
// format) against hand-computed answers on a small data set: the checked-in
// fixture plus an older and a newer launch and an event that carry one nested
// object of each kind.

import { beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_LISTS } from '../scripts/schemas/config-lists.ts';
import { configListEntries, valuesAt } from '../scripts/lib/model/config-lists.ts';
import { createContext } from '../scripts/lib/api/context.ts';
import { resourceOf } from '../scripts/lib/api/resource-table.ts';
import { toSafeJson } from '../scripts/lib/base/json.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import { generateApi, validateDataDir } from '../scripts/lib/pipeline.ts';
import { createHandler } from '../scripts/lib/query/handler.ts';
import { REFERENCE_TABLES } from '../scripts/lib/query/reference-tables.ts';
import type { Json } from '../scripts/lib/model/records.ts';
import {
  copyFixture,
  FIXTURE_DIR,
  makeEvent,
  makeLaunch,
  memoryDataSet,
  removeDir,
  writeRecords,
} from './helpers/data.ts';
import { officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
/** The lists under `config/`; the root lists we hold nothing for (payloads/, …) are test/unheld-lists.test.ts's. */
const CONFIG = CONFIG_LISTS.filter((c) => !('root' in c));
const BASE_URL = 'https://api.example.org/2.3.0/';

const english = { id: 1, name: 'English', code: 'en' };
const russian = { id: 3, name: 'Russian', code: 'ru' };

/** The older launch: the first version of every entry. */
const older = makeLaunch(1, '2024-01-01T10:00:00Z', {
  last_updated: '2025-01-01T00:00:00Z',
  image: {
    id: 10,
    name: 'Older',
    image_url: 'https://example.org/older.jpg',
    license: { id: 5, name: 'CC BY-NC 2.0', priority: 1, link: 'https://creativecommons.org/licenses/by-nc/2.0/' },
    variants: [{ id: 1, type: { id: 2, name: 'Thumbnail' }, image_url: 'https://example.org/older-small.jpg' }],
  },
  vid_urls: [
    { url: 'https://example.org/v1', type: { id: 3, name: 'Unofficial Webcast' }, language: russian },
    { url: 'https://example.org/v2', type: { id: 1, name: 'Official Webcast' }, language: english },
  ],
  info_urls: [{ url: 'https://example.org/i1', type: { id: 1, name: 'Official Page' }, language: english }],
  timeline: [
    { relative_time: 'PT0S', type: { id: 10, abbrev: 'Liftoff', description: 'First upwards movement of the rocket' } },
    // No description: an entry no record completes is left out.
    { relative_time: 'PT1M', type: { id: 99, abbrev: 'Incomplete' } },
  ],
  rocket: {
    configuration: 'falcon-9-block-5',
    launcher_stage: [
      {
        type: 'Core',
        landing: {
          type: { id: 1, name: 'Autonomous Spaceport Drone Ship', abbrev: 'ASDS', description: 'Older text' },
          // LL2 2.2.0's layout: the landing location as `location`, its location LL2's (id 12: the fixture's Cape Canaveral).
          location: {
            id: 62,
            name: 'Landing Zone 40',
            abbrev: 'LZ-40',
            description: 'Landing pad at SLC-40.',
            location: {
              id: 12,
              name: 'Cape Canaveral SFS, FL, USA',
            },
            successful_landings: 5,
          },
        },
      },
    ],
    spacecraft_stage: [
      {
        spacecraft: { status: { id: 1, name: 'Active' }, spacecraft_config: { type: { id: 2, name: 'Capsule' } } },
        launch_crew: [{ role: { id: 1, role: 'Commander', priority: 0 }, astronaut: 'jessica-meir' }],
      },
    ],
    payloads: [{ payload: { type: { id: 4, name: 'Satellite' } } }],
  },
});

/** The newer launch: renames and new entries win, fields it lacks keep the older values. */
const newer = makeLaunch(2, '2024-02-01T10:00:00Z', {
  last_updated: '2025-06-01T00:00:00Z',
  image: {
    id: 11,
    name: 'Newer',
    image_url: 'https://example.org/newer.jpg',
    license: { id: 2, name: 'ESA Standard Licence', priority: 2, link: 'https://www.esa.int/terms' },
  },
  vid_urls: [{ url: 'https://example.org/v3', type: { id: 1, name: 'Official Webcast (renamed)' }, language: english }],
  info_urls: [{ url: 'https://example.org/i2', type: { id: 2, name: 'Official Press Kit' } }],
  timeline: [{ relative_time: 'PT2M', type: { id: 11, abbrev: 'Max-Q', description: 'Maximum dynamic pressure' } }],
  rocket: {
    configuration: 'falcon-9-block-5',
    launcher_stage: [
      {
        type: 'Core',
        landing: {
          type: { id: 1, name: 'Autonomous Spaceport Drone Ship', abbrev: 'ASDS', description: 'Newer text' },
          // 2.3.0's layout: `landing_location`; an ocean has no location.
          landing_location: {
            id: 6,
            name: 'Atlantic Ocean',
            abbrev: 'ATL',
            description: 'Atlantic Ocean',
            location: null,
            successful_landings: 38,
          },
        },
      },
      {
        type: 'Booster',
        landing: {
          type: { id: 2, name: 'Return to Launch Site', abbrev: 'RTLS' },
          // The newer figure wins; the location the older record names stays.
          location: {
            id: 62,
            name: 'Landing Zone 40',
            abbrev: 'LZ-40',
            description: 'Landing pad at SLC-40.',
            active: true,
            successful_landings: 6,
          },
        },
      },
    ],
    spacecraft_stage: [
      {
        spacecraft: {
          status: { id: 4, name: 'Single Use' },
          spacecraft_config: { type: { id: 3, name: 'Spaceplane' } },
        },
        launch_crew: [
          { role: { id: 1, role: 'Commander' }, astronaut: 'jessica-meir' },
          { role: { id: 2, role: 'Pilot' }, astronaut: 'jessica-meir' },
        ],
      },
    ],
    payloads: [{ payload: { type: { id: 1, name: 'Unknown' } } }],
  },
});

/** An event's astronauts carry roles too. */
const event = makeEvent(50, '2024-03-01T00:00:00Z', {
  astronauts: [{ role: { id: 28, role: 'Tourist', priority: 7 } }],
});

/** Each list's entries in the fixture plus the records above, by id, hand-collected. */
const EXPECTED: Record<string, Json[]> = {
  astronaut_roles: [
    { id: 1, role: 'Commander', priority: 0 },
    { id: 2, role: 'Pilot' },
    { id: 28, role: 'Tourist', priority: 7 },
  ],
  astronaut_statuses: [{ id: 1, name: 'Active' }],
  astronaut_types: [{ id: 2, name: 'Government' }],
  celestial_body_types: [{ id: 1, name: 'Planet' }],
  // The fixture's ISS lists two ports; their station as LL2's SpaceStationMini, no spacecraft configuration or payload.
  docking_locations: [1, 2].map((id) => ({
    id,
    name: id === 1 ? 'Unity nadir' : 'Zvezda aft',
    spacecraft: null,
    payload: null,
    spacestation: { id: 4, url: `${BASE_URL}space_stations/4/`, name: 'International Space Station', image: null },
  })),
  first_stage_types: [],
  image_licenses: [
    { id: 2, name: 'ESA Standard Licence', priority: 2, link: 'https://www.esa.int/terms' },
    { id: 5, name: 'CC BY-NC 2.0', priority: 1, link: 'https://creativecommons.org/licenses/by-nc/2.0/' },
  ],
  image_variant_types: [{ id: 2, name: 'Thumbnail' }],
  infourl_types: [
    { id: 1, name: 'Official Page' },
    { id: 2, name: 'Official Press Kit' },
  ],
  landing_types: [
    { id: 1, name: 'Autonomous Spaceport Drone Ship', abbrev: 'ASDS', description: 'Newer text' },
    { id: 2, name: 'Return to Launch Site', abbrev: 'RTLS', description: null },
    // From the fixture's landing record (landings.yaml), which states no description.
    { id: 4, name: 'Parachute Landing', abbrev: 'PCL', description: null },
  ],
  // Partly: their location and celestial body are our records' (checked below).
  landing_locations: [
    {
      id: 6,
      name: 'Atlantic Ocean',
      abbrev: 'ATL',
      description: 'Atlantic Ocean',
      location: null,
      longitude: null,
      latitude: null,
      image: null,
      successful_landings: 38,
      attempted_landings: null,
      failed_landings: null,
      celestial_body: null,
    },
    // From the fixture's landing record (landings.yaml): no location, no figures; on Earth, as the record states.
    {
      id: 18,
      name: 'Pacific Ocean',
      abbrev: 'PAC',
      description: 'Pacific Ocean',
      location: null,
      longitude: null,
      latitude: null,
      image: null,
      successful_landings: null,
      attempted_landings: null,
      failed_landings: null,
      celestial_body: { id: 1, response_mode: 'normal' },
    },
    {
      id: 62,
      name: 'Landing Zone 40',
      active: true,
      abbrev: 'LZ-40',
      description: 'Landing pad at SLC-40.',
      location: { id: 12, response_mode: 'normal' },
      longitude: null,
      latitude: null,
      image: null,
      successful_landings: 6,
      attempted_landings: null,
      failed_landings: null,
      celestial_body: { id: 1, response_mode: 'normal' },
    },
  ],
  languages: [english, russian],
  // From the fixture's Starship dashboard (starship-dashboard.yaml): its notices' types and closures' statuses.
  notice_types: [{ id: 2, name: 'Temporary Flight Restriction' }],
  payload_types: [
    { id: 1, name: 'Unknown' },
    { id: 4, name: 'Satellite' },
  ],
  program_types: [{ id: 1, name: 'Human Exploration' }],
  road_closure_statuses: [{ id: 1, name: 'Closure Scheduled' }],
  space_station_statuses: [{ id: 1, name: 'Active' }],
  spacecraft_configuration_types: [
    { id: 2, name: 'Capsule' },
    { id: 3, name: 'Spaceplane' },
  ],
  spacecraft_statuses: [
    { id: 1, name: 'Active' },
    { id: 4, name: 'Single Use' },
  ],
  timeline_event_types: [
    { id: 10, abbrev: 'Liftoff', description: 'First upwards movement of the rocket' },
    { id: 11, abbrev: 'Max-Q', description: 'Maximum dynamic pressure' },
  ],
  vidurl_types: [
    { id: 1, name: 'Official Webcast (renamed)' },
    { id: 3, name: 'Unofficial Webcast' },
  ],
};

let files: Map<string, string>;
let get: (pathAndQuery: string) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  const dataDir = await copyFixture();
  try {
    await writeRecords(dataDir, [older, newer], [event]);
    const checked = await validateDataDir(dataDir, NOW);
    if (!checked.dataset) throw new Error(`fixture has errors: ${JSON.stringify(checked.problems.slice(0, 3))}`);
    files = new Map(
      generateApi(checked.dataset, { now: NOW, baseUrl: BASE_URL }).map((f) => [f.path, String(f.content)]),
    );
    const handler = createHandler({ readText: async (file) => files.get(file) });
    get = async (pathAndQuery) => {
      const response = await handler.fetch(new Request(`http://query.test/2.3.0/${pathAndQuery}`));
      return { status: response.status, body: await response.json() };
    };
  } finally {
    await removeDir(dataDir);
  }
});

describe('collecting the config lists from the records', () => {
  it('finds values at paths with list steps and any depth', () => {
    const value = { a: [{ b: { c: 1 } }, { b: { c: 2 } }], d: { e: { c: 3 } } };
    expect(valuesAt(value, ['a', '[]', 'b', 'c'])).toEqual([1, 2]);
    expect(valuesAt(value, ['**', 'c'])).toEqual([1, 2, 3]);
    expect(valuesAt(value, ['a', 'b'])).toEqual([]);
  });

  it('takes each field from the newest record that states it, and leaves out entries missing a required field', () => {
    const list = CONFIG_LISTS.find((c) => c.kind === 'astronautRoles')!;
    const roles = configListEntries(memoryDataSet([newer, older]), list);
    // Commander: the newer launch states no priority, the older one's stays.
    expect([...roles.values()]).toEqual([
      { id: 1, role: 'Commander', priority: 0 },
      { id: 2, role: 'Pilot' },
    ]);
    expect([...roles.keys()]).toEqual(['1', '2']);
    const timeline = configListEntries(
      memoryDataSet([older]),
      CONFIG_LISTS.find((c) => c.kind === 'timelineEventTypes')!,
    );
    expect([...timeline.keys()]).toEqual(['10']);
  });

  it("publishes every list, paged in LL2's envelope, with the entries the records state", () => {
    for (const list of CONFIG.filter((c) => c.path !== 'landing_locations')) {
      const page = JSON.parse(files.get(`2.3.0/config/${list.path}/index.json`)!);
      expect(page, list.path).toEqual({
        count: EXPECTED[list.path].length,
        next: null,
        previous: null,
        results: EXPECTED[list.path],
      });
      for (const entry of EXPECTED[list.path] as Array<{ id: number }>) {
        expect(JSON.parse(files.get(`2.3.0/config/${list.path}/${entry.id}/index.json`)!), list.path).toEqual(entry);
      }
    }
    // Landing locations: keys in LL2's order, `active` only where a record states it, and our location and body in full.
    const landing = JSON.parse(files.get('2.3.0/config/landing_locations/index.json')!);
    expect(landing).toMatchObject({ count: 3, next: null, previous: null, results: EXPECTED.landing_locations });
    expect(Object.keys(landing.results[0])).toEqual([
      'id',
      'name',
      'abbrev',
      'description',
      'location',
      'longitude',
      'latitude',
      'image',
      'successful_landings',
      'attempted_landings',
      'failed_landings',
      'celestial_body',
    ]);
    const lz40 = landing.results[2];
    expect(lz40.location).toEqual(
      JSON.parse(files.get('2.3.0/celestial_bodies/1/index.json')!).locations.find((l: { id: number }) => l.id === 12),
    );
    expect(lz40.location.url).toBe(`${BASE_URL}locations/12/`);
    expect(lz40.celestial_body).toEqual(
      JSON.parse(files.get('2.3.0/celestial_bodies/index.json')!).results.find((b: { id: number }) => b.id === 1),
    );
    expect(JSON.parse(files.get('2.3.0/config/landing_locations/62/index.json')!)).toEqual(lz40);
    expect(Object.keys(EXPECTED).sort()).toEqual(CONFIG.map((c) => c.path).sort());
  });

  it.skipIf(!officialOpenApiAvailable)(
    'validates every list item and detail against the official 2.3.0 schema of its endpoint',
    () => {
      const validators = officialValidators(CONFIG.map((c) => c.ll2));
      let checked = 0;
      for (const list of CONFIG) {
        const validate = validators[list.ll2];
        const page = JSON.parse(files.get(`2.3.0/config/${list.path}/index.json`)!);
        for (const item of page.results) {
          const detail = JSON.parse(files.get(`2.3.0/config/${list.path}/${item.id}/index.json`)!);
          for (const object of [item, detail]) {
            const errors = validate(object) ? [] : validate.errors!;
            // Where our records name no location (an ocean), LL2's unknown value, null, where its document requires one: the only departure.
            const departures = object.location === null ? ['/location', '/celestial_body'] : [];
            expect(
              errors.filter((e) => !departures.includes(e.instancePath)),
              `${list.path} ${item.id}`,
            ).toEqual([]);
            checked++;
          }
        }
      }
      expect(checked).toBe(2 * Object.values(EXPECTED).flat().length);
    },
  );
});

/** Ids of a query's results; the count must be the whole list's or the filtered one's. */
const ids = async (query: string): Promise<number[]> => {
  const { status, body } = await get(query);
  expect(status, query).toBe(200);
  return body.results.map((r: { id: number }) => r.id);
};

/**
 * One hand-computed case per parameter row of every list's table: paging, ordering by
 * a field of the objects (descending, so the default order does not pass by chance),
 * search (no searched fields documented: the list as it is) and the renderer switch.
 */
const CASES: Record<string, Record<string, [string, number[]]>> = {
  astronaut_roles: {
    limit: ['limit=1', [1]],
    offset: ['offset=1', [2, 28]],
    ordering: ['ordering=-role', [28, 2, 1]],
    search: ['search=pilot', [1, 2, 28]],
    format: ['format=json', [1, 2, 28]],
  },
  astronaut_statuses: {
    limit: ['limit=1', [1]],
    offset: ['offset=1', []],
    ordering: ['ordering=-name', [1]],
    search: ['search=x', [1]],
    format: ['format=json', [1]],
  },
  astronaut_types: {
    limit: ['limit=1', [2]],
    offset: ['offset=1', []],
    ordering: ['ordering=name', [2]],
    search: ['search=x', [2]],
    format: ['format=json', [2]],
  },
  celestial_body_types: {
    limit: ['limit=1', [1]],
    offset: ['offset=1', []],
    ordering: ['ordering=-id', [1]],
    search: ['search=moon', [1]],
    format: ['format=json', [1]],
  },
  // "Unity nadir" before "Zvezda aft".
  docking_locations: {
    limit: ['limit=1', [1]],
    offset: ['offset=1', [2]],
    ordering: ['ordering=-name', [2, 1]],
    search: ['search=x', [1, 2]],
    format: ['format=json', [1, 2]],
  },
  first_stage_types: {
    limit: ['limit=1', []],
    offset: ['offset=1', []],
    ordering: ['ordering=name', []],
    search: ['search=core', []],
    format: ['format=json', []],
  },
  // Priorities 2 (ESA) and 1; names "CC BY-NC 2.0" before "ESA Standard Licence".
  image_licenses: {
    limit: ['limit=1', [2]],
    offset: ['offset=1', [5]],
    ordering: ['ordering=-priority', [2, 5]],
    search: ['search=esa', [2, 5]],
    format: ['format=json', [2, 5]],
  },
  image_variant_types: {
    limit: ['limit=1', [2]],
    offset: ['offset=1', []],
    ordering: ['ordering=name', [2]],
    search: ['search=x', [2]],
    format: ['format=json', [2]],
  },
  // "Official Page" before "Official Press Kit".
  infourl_types: {
    limit: ['limit=1', [1]],
    offset: ['offset=1', [2]],
    ordering: ['ordering=-name', [2, 1]],
    search: ['search=kit', [1, 2]],
    format: ['format=json', [1, 2]],
  },
  landing_types: {
    limit: ['limit=1', [1]],
    offset: ['offset=1', [2, 4]],
    ordering: ['ordering=-abbrev', [2, 4, 1]],
    search: ['search=rtls', [1, 2, 4]],
    format: ['format=json', [1, 2, 4]],
  },
  // "Atlantic Ocean" before "Landing Zone 40" before "Pacific Ocean"; 38 landings against 6 against none stated.
  landing_locations: {
    limit: ['limit=1', [6]],
    offset: ['offset=1', [18, 62]],
    ordering: ['ordering=-name', [18, 62, 6]],
    search: ['search=lz', [6, 18, 62]],
    format: ['format=json', [6, 18, 62]],
  },
  languages: {
    limit: ['limit=1', [1]],
    offset: ['offset=1', [3]],
    ordering: ['ordering=-code', [3, 1]],
    search: ['search=en', [1, 3]],
    format: ['format=json', [1, 3]],
  },
  notice_types: {
    limit: ['limit=1', [2]],
    offset: ['offset=1', []],
    ordering: ['ordering=name', [2]],
    search: ['search=flight', [2]],
    format: ['format=json', [2]],
  },
  // "Satellite" before "Unknown".
  payload_types: {
    limit: ['limit=1', [1]],
    offset: ['offset=1', [4]],
    ordering: ['ordering=name', [4, 1]],
    search: ['search=sat', [1, 4]],
    format: ['format=json', [1, 4]],
  },
  program_types: {
    limit: ['limit=1', [1]],
    offset: ['offset=1', []],
    ordering: ['ordering=-name', [1]],
    search: ['search=x', [1]],
    format: ['format=json', [1]],
  },
  road_closure_statuses: {
    limit: ['limit=1', [1]],
    offset: ['offset=1', []],
    ordering: ['ordering=-id', [1]],
    search: ['search=closure', [1]],
    format: ['format=json', [1]],
  },
  space_station_statuses: {
    limit: ['limit=1', [1]],
    offset: ['offset=1', []],
    ordering: ['ordering=name', [1]],
    search: ['search=x', [1]],
    format: ['format=json', [1]],
  },
  spacecraft_configuration_types: {
    limit: ['limit=1', [2]],
    offset: ['offset=1', [3]],
    ordering: ['ordering=-name', [3, 2]],
    search: ['search=capsule', [2, 3]],
    format: ['format=json', [2, 3]],
  },
  spacecraft_statuses: {
    limit: ['limit=1', [1]],
    offset: ['offset=1', [4]],
    ordering: ['ordering=-name', [4, 1]],
    search: ['search=x', [1, 4]],
    format: ['format=json', [1, 4]],
  },
  // "Maximum dynamic pressure" after "First upwards movement of the rocket".
  timeline_event_types: {
    limit: ['limit=1', [10]],
    offset: ['offset=1', [11]],
    ordering: ['ordering=-description', [11, 10]],
    search: ['search=max', [10, 11]],
    format: ['format=json', [10, 11]],
  },
  vidurl_types: {
    limit: ['limit=1', [1]],
    offset: ['offset=1', [3]],
    ordering: ['ordering=-name', [3, 1]],
    search: ['search=official', [1, 3]],
    format: ['format=json', [1, 3]],
  },
};

describe('the query engine on the config lists', () => {
  it("has a row for paging, ordering, search and the renderer in every list's table, no filter, and a case for every row", () => {
    for (const list of CONFIG) {
      const rows = REFERENCE_TABLES[list.kind].parameters.map((p) => p.name).sort();
      expect(rows, list.path).toEqual(['format', 'limit', 'offset', 'ordering', 'search']);
      expect(Object.keys(CASES[list.path] ?? {}).sort(), list.path).toEqual(rows);
    }
  });

  for (const [path, byParameter] of Object.entries(CASES)) {
    it.each(Object.entries(byParameter))(`config/${path}/ %s`, async (_, [query, expected]) => {
      expect(await ids(`config/${path}/?${query}`)).toEqual(expected);
    });
  }

  it('answers every list with its entries in order of id, and its details by id', async () => {
    for (const list of CONFIG) {
      const expected = (EXPECTED[list.path] as Array<{ id: number }>).map((e) => e.id);
      expect(await ids(`config/${list.path}/?limit=100`), list.path).toEqual(expected);
      expect(await ids(`config/${list.path}/?ordering=-id`), list.path).toEqual([...expected].reverse());
      expect((await get(`config/${list.path}/?limit=1`)).body.count, list.path).toBe(expected.length);
    }
    expect((await get('config/vidurl_types/3/?format=json')).body).toEqual({ id: 3, name: 'Unofficial Webcast' });
    expect((await get('config/vidurl_types/2/?format=json')).status).toBe(404);
  });

  it('publishes a list with a field we cannot shape yet only empty', () => {
    for (const list of CONFIG_LISTS) {
      if ((Object.values(list.fields) as string[]).includes('unshaped')) expect(list.sources, list.path).toEqual([]);
    }
  });

  it('orders by a number field as numbers, entries without it last', async () => {
    expect(await ids('config/landing_locations/?ordering=successful_landings')).toEqual([62, 6, 18]);
    // Pilot states no priority: PostgreSQL puts nulls last ascending.
    expect(await ids('config/astronaut_roles/?ordering=priority')).toEqual([1, 28, 2]);
    expect(await ids('config/astronaut_roles/?ordering=-priority')).toEqual([2, 28, 1]);
  });
});

describe('input keys of the config lists', () => {
  it('change exactly where the bytes do: a landing location with the launch count of the location it nests', async () => {
    const reference = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!.reference;
    const objects = (launches: (typeof older)[]) => {
      const context = createContext(memoryDataSet(launches, [], reference), { now: NOW, baseUrl: BASE_URL });
      const resource = resourceOf('landingLocations');
      return new Map(
        resource
          .records(context)
          .map((key) => [
            key,
            { key: resource.listKey(context)(key), bytes: toSafeJson(resource.normal(context)(key)) },
          ]),
      );
    };
    const before = objects([older, newer]);
    // One more launch from SLC-40, at Cape Canaveral: the location LZ-40 nests counts it.
    const after = objects([older, newer, makeLaunch(3, '2024-03-01T10:00:00Z')]);
    expect([...before.keys()]).toEqual(['6', '18', '62']);
    expect(after.get('62')!.bytes).not.toBe(before.get('62')!.bytes);
    expect(after.get('62')!.key).not.toBe(before.get('62')!.key);
    expect(after.get('6')).toEqual(before.get('6'));
  });
});
