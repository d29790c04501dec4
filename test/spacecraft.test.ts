// Landings, spacecraft and spacecraft configurations as records of their own:
// their endpoints in every mode LL2 offers and as a launch's stages nest them
// (hand-written expectations on the query fixture, validated against the
// official 2.3.0 schemas), and the extraction of the objects nested in 2.2.0
// launches (import/spacecraft.ts), which `npm run migrate:graph` and the importer
// run: what it files, that a second run changes nothing, that the newest
// statement wins, and what it had to assume.

import { beforeAll, describe, expect, it } from 'vitest';
import { extractListed, MISSION_PATCHES, UPDATES } from '../scripts/lib/import/listed.ts';
import { extractSpacecraft } from '../scripts/lib/import/spacecraft.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';
import { BASE_URL, Q, queryFixture, uuid, type QueryFixture } from './helpers/query-site.ts';

let fixture: QueryFixture;
beforeAll(async () => {
  fixture = await queryFixture();
});
const file = (path: string) => JSON.parse(fixture.files.get(`2.3.0/${path}index.json`)!);

/** Starlink 1's booster landing, as every stage and endpoint starts it (LL2's `Landing`). */
const LANDING_1813 = {
  id: 1813,
  url: `${BASE_URL}landings/1813/`,
  attempt: true,
  success: true,
  description: 'B1090 landed on OCISLY.',
  downrange_distance: 574,
  landing_location: {
    id: 1,
    name: 'Of Course I Still Love You',
    abbrev: 'OCISLY',
    description: null,
    location: null,
    longitude: null,
    latitude: null,
    image: null,
    successful_landings: 182,
    attempted_landings: null,
    failed_landings: null,
    celestial_body: expect.objectContaining({ response_mode: 'normal', id: 1, name: 'Earth' }),
  },
  type: { id: 1, name: 'Autonomous Spaceport Drone Ship', abbrev: 'ASDS', description: 'A drone ship.' },
};

const CREW_DRAGON_NORMAL = {
  response_mode: 'normal',
  id: 22,
  url: `${BASE_URL}spacecraft_configurations/22/`,
  name: 'Crew Dragon',
  type: { id: 2, name: 'Capsule' },
  agency: {
    response_mode: 'list',
    id: 121,
    url: `${BASE_URL}agencies/121/`,
    name: 'SpaceX',
    abbrev: 'SpX',
    type: { id: 3, name: 'Commercial' },
  },
  family: [],
  in_use: true,
  image: {
    id: 0,
    name: '',
    image_url: 'https://example.org/crew-dragon.jpg',
    thumbnail_url: 'https://example.org/crew-dragon.jpg',
    credit: null,
    license: { id: 1, name: 'Unknown', priority: 9, link: null },
    single_use: true,
    variants: [],
  },
};

const ENDEAVOUR_NORMAL = {
  response_mode: 'normal',
  id: 37,
  url: `${BASE_URL}spacecraft/37/`,
  name: 'Crew Dragon Endeavour',
  serial_number: 'C206',
  is_placeholder: false,
  image: null,
  in_space: true,
  time_in_space: 'P300DT1H',
  time_docked: 'P290D',
  flights_count: 5,
  mission_ends_count: 4,
  status: { id: 1, name: 'Active' },
  description: 'Second Crew Dragon.',
  spacecraft_config: CREW_DRAGON_NORMAL,
  fastest_turnaround: null,
};

describe('landings/', () => {
  it('lists every landing by id, each with the first stage or the spacecraft flight that made it', () => {
    const page = file('landings/');
    expect(page.results.map((l: JsonObject) => l.id)).toEqual([1049, 1601, 1813]);
    const starlink = page.results[2];
    expect(starlink).toMatchObject({
      ...LANDING_1813,
      response_mode: 'normal',
      spacecraftflight: null,
      payloadflight: null,
    });
    // B1090's stage of Starlink 1, its landing left out.
    expect(starlink.firststage).toEqual({
      id: 1,
      type: '',
      reused: null,
      launcher_flight_number: null,
      launcher: file('launchers/').results[0],
      previous_flight_date: null,
      turn_around_time: null,
      previous_flight: null,
    });
    // The capsule's splashdown: its flight with the launch in normal mode, no landing inside.
    const splashdown = page.results[1];
    expect(splashdown).toMatchObject({ id: 1601, success: null, firststage: null, payloadflight: null });
    expect(Object.keys(splashdown.spacecraftflight)).toEqual([
      'id',
      'url',
      'destination',
      'mission_end',
      'spacecraft',
      'launch',
      'duration',
      'turn_around_time',
      'response_mode',
    ]);
    expect(splashdown.spacecraftflight).toMatchObject({
      id: 3,
      url: `${BASE_URL}spacecraft_flights/3/`,
      destination: 'International Space Station',
      mission_end: '2027-06-10T12:00:00Z',
      spacecraft: ENDEAVOUR_NORMAL,
      duration: 'P182DT12H',
      turn_around_time: null,
      response_mode: 'normal',
    });
    expect(splashdown.spacecraftflight.launch).toEqual(
      file('launches/').results.find((l: JsonObject) => l.id === uuid(Q.crew)),
    );
  });

  it("gives a landing site its location and that location's celestial body, from our records", () => {
    const site = file('landings/1049/').landing_location;
    expect(site.location).toMatchObject({
      response_mode: 'normal',
      id: 12,
      url: `${BASE_URL}locations/12/`,
      name: 'Cape Canaveral SFS, FL, USA',
    });
    expect(site.location).not.toHaveProperty('celestial_body');
    expect(site.celestial_body).toMatchObject({ response_mode: 'normal', id: 1, name: 'Earth' });
  });

  it('links the previous flight of a first stage in detailed mode as a normal launch where it is ours', () => {
    const lost = file('landings/1049/');
    expect(lost.response_mode).toBe('detailed');
    expect(lost.firststage.previous_flight).toEqual(
      file('launches/').results.find((l: JsonObject) => l.id === uuid(Q.old)),
    );
    expect(lost.firststage).toMatchObject({
      launcher: { id: 12, serial_number: 'B1085' },
      turn_around_time: 'P2384DT4H37M15S',
    });
    // A spacecraft landing in detailed mode: the spacecraft in detailed mode, the crews and docking events of its flight.
    const splashdown = file('landings/1601/').spacecraftflight;
    expect(splashdown.spacecraft.spacecraft_config).toMatchObject({
      response_mode: 'detailed',
      id: 22,
      human_rated: true,
      crew_capacity: 7,
    });
    expect(splashdown.launch_crew.map((m: JsonObject) => (m.astronaut as JsonObject).id)).toEqual([573]);
    expect(splashdown.landing_crew.map((m: JsonObject) => (m.astronaut as JsonObject).id)).toEqual([800]);
    expect(splashdown.docking_events).toEqual([]);
  });

  it('answers list mode with the stage and flight in their short forms', async () => {
    const results = (await fixture.get('landings/?mode=list')).body.results;
    expect(results.map((l: JsonObject) => l.response_mode)).toEqual(['list', 'list', 'list']);
    expect(Object.keys(results[2].firststage)).toEqual([
      'id',
      'type',
      'reused',
      'launcher_flight_number',
      'launcher',
      'previous_flight_date',
      'turn_around_time',
    ]);
    expect(Object.keys(results[2].firststage.launcher)).toEqual([
      'response_mode',
      'id',
      'url',
      'flight_proven',
      'serial_number',
      'is_placeholder',
      'status',
      'image',
    ]);
    expect(results[1].spacecraftflight.launch).toEqual({
      id: uuid(Q.crew),
      url: `${BASE_URL}launches/${uuid(Q.crew)}/`,
      name: 'Falcon 9 Block 5 | Crew Flight',
    });
    expect(results[1].spacecraftflight).not.toHaveProperty('response_mode');
  });
});

describe('spacecraft/ and spacecraft_configurations/', () => {
  it('lists every spacecraft by id, and each with its flights over our launches', () => {
    expect(file('spacecraft/').results).toEqual([
      ENDEAVOUR_NORMAL,
      expect.objectContaining({ id: 569, is_placeholder: true }),
    ]);
    const endeavour = file('spacecraft/37/');
    expect(endeavour).toMatchObject({
      response_mode: 'detailed',
      id: 37,
      spacecraft_config: { response_mode: 'detailed', id: 22 },
    });
    expect(endeavour.spacecraft_config.agency).toMatchObject({ response_mode: 'normal', id: 121 });
    expect(endeavour.flights).toHaveLength(1);
    expect(endeavour.flights[0]).toMatchObject({
      id: 3,
      url: `${BASE_URL}spacecraft_flights/3/`,
      spacecraft: ENDEAVOUR_NORMAL,
      launch: { id: uuid(Q.crew), response_mode: 'normal' },
      landing: { id: 1601, url: `${BASE_URL}landings/1601/` },
      response_mode: 'normal',
    });
    // The placeholder flies nothing of ours.
    expect(file('spacecraft/569/').flights).toEqual([]);
  });

  it('lists the configurations by id; detailed mode with the agency in normal mode and figures we do not hold as null', () => {
    expect(file('spacecraft_configurations/').results.map((c: JsonObject) => c.id)).toEqual([1, 7, 22]);
    expect(file('spacecraft_configurations/').results[2]).toEqual(CREW_DRAGON_NORMAL);
    expect(file('spacecraft_configurations/1/').agency).toMatchObject({
      response_mode: 'normal',
      id: 44,
      name: 'National Aeronautics and Space Administration',
    });
    // Mercury's record gives no info link ("", as 2.2.0 writes it): null, no URI of nothing.
    expect(file('spacecraft_configurations/1/').info_link).toBeNull();
    expect(file('spacecraft_configurations/22/')).toMatchObject({
      response_mode: 'detailed',
      maiden_flight: '2019-03-02',
      human_rated: true,
      crew_capacity: 7,
      capability: '',
      wiki_link: 'https://en.wikipedia.org/wiki/Dragon_2',
      spacecraft_flown: null,
      total_launch_count: null,
      fastest_turnaround: null,
    });
  });
});

/** The capsule's landing as a flight nests it: the endpoint's object less what only `landings/` adds. */
const splashdown = () => {
  const {
    response_mode: _mode,
    firststage: _stage,
    spacecraftflight: _flight,
    payloadflight: _payload,
    ...landing
  } = file('landings/1601/');
  return landing;
};

describe('spacecraft_flights/', () => {
  it('lists every flight by id with its launch, and each in detailed mode with its crews', () => {
    const page = file('spacecraft_flights/');
    expect(page.results.map((f: JsonObject) => f.id)).toEqual([3, 880]);
    expect(page.results[0]).toEqual({
      id: 3,
      url: `${BASE_URL}spacecraft_flights/3/`,
      destination: 'International Space Station',
      mission_end: '2027-06-10T12:00:00Z',
      spacecraft: ENDEAVOUR_NORMAL,
      launch: file('launches/').results.find((l: JsonObject) => l.id === uuid(Q.crew)),
      landing: splashdown(),
      // 2026-12-10T00:00Z to 2027-06-10T12:00Z: 21 + 151 + 10 days and 12 hours.
      duration: 'P182DT12H',
      turn_around_time: null,
      response_mode: 'normal',
    });
    // The placeholder's flight: no launch of ours names it, no landing is stated.
    expect(page.results[1]).toMatchObject({
      id: 880,
      launch: null,
      landing: null,
      duration: null,
      spacecraft: { id: 569 },
    });
    const detailed = file('spacecraft_flights/3/');
    expect(detailed).toMatchObject({
      response_mode: 'detailed',
      spacecraft: { response_mode: 'detailed', id: 37 },
      onboard_crew: [],
      docking_events: [],
    });
    expect(detailed.launch_crew.map((m: JsonObject) => (m.astronaut as JsonObject).id)).toEqual([573]);
    expect(detailed.landing_crew.map((m: JsonObject) => (m.astronaut as JsonObject).id)).toEqual([800]);
  });

  it.skipIf(!officialOpenApiAvailable)(
    'validates against the official SpacecraftFlightNormal and SpacecraftFlightDetailed',
    () => {
      const v = officialValidators(['SpacecraftFlightNormal', 'SpacecraftFlightDetailed']);
      for (const flight of file('spacecraft_flights/').results)
        expect(v.SpacecraftFlightNormal(flight), JSON.stringify(v.SpacecraftFlightNormal.errors)).toBe(true);
      for (const id of [3, 880])
        expect(
          v.SpacecraftFlightDetailed(file(`spacecraft_flights/${id}/`)),
          JSON.stringify(v.SpacecraftFlightDetailed.errors),
        ).toBe(true);
    },
  );
});

describe('mission_patches/', () => {
  const STARLINK_PATCH = {
    id: 7,
    name: 'Space X Starlink Mission Patch',
    priority: 10,
    image_url: 'https://example.org/starlink-patch.png',
    agency: {
      response_mode: 'list',
      id: 121,
      url: `${BASE_URL}agencies/121/`,
      name: 'SpaceX',
      abbrev: 'SpX',
      type: { id: 3, name: 'Commercial' },
    },
    response_mode: 'normal',
  };

  it('lists every patch by id; a launch nests each from its record; the detail lists the launches that carry it', () => {
    expect(file('mission_patches/').results).toEqual([
      STARLINK_PATCH,
      expect.objectContaining({ id: 40, name: 'Artemis I', priority: 5 }),
    ]);
    expect(file(`launches/${uuid(Q.starlink2)}/`).mission_patches).toEqual([STARLINK_PATCH]);
    const detailed = file('mission_patches/7/');
    expect(detailed).toMatchObject({
      id: 7,
      response_mode: 'detailed',
      agency: { id: 121, response_mode: 'normal', total_launch_count: expect.any(Number) },
    });
    const normal = (n: number) => file('launches/').results.find((l: JsonObject) => l.id === uuid(n));
    expect(detailed.launches).toEqual([normal(Q.starlink1), normal(Q.starlink2)]);
    expect([detailed.expeditions, detailed.program]).toEqual([[], []]);
  });

  it.skipIf(!officialOpenApiAvailable)('validates against the official MissionPatch and MissionPatchDetailed', () => {
    const v = officialValidators(['MissionPatch', 'MissionPatchDetailed']);
    for (const patch of file('mission_patches/').results)
      expect(v.MissionPatch(patch), JSON.stringify(v.MissionPatch.errors)).toBe(true);
    for (const id of [7, 40])
      expect(
        v.MissionPatchDetailed(file(`mission_patches/${id}/`)),
        JSON.stringify(v.MissionPatchDetailed.errors),
      ).toBe(true);
  });
});

describe('updates/', () => {
  it('lists every update by id, each as a launch nests it (from its record)', () => {
    const page = file('updates/');
    expect(page.results.map((u: JsonObject) => u.id)).toEqual([100, 101, 102, 103]);
    expect(page.results[1]).toEqual({
      id: 101,
      profile_image: null,
      comment: 'Go for launch.',
      info_url: 'https://example.org/go',
      created_by: 'fixture',
      created_on: '2026-11-20T10:00:00Z',
    });
    expect(file(`launches/${uuid(Q.starlink1)}/`).updates).toEqual([page.results[1]]);
    expect(file('updates/102/')).toEqual(page.results[2]);
  });

  it.skipIf(!officialOpenApiAvailable)('validates against the official Update', () => {
    const v = officialValidators(['Update']);
    for (const update of file('updates/').results) expect(v.Update(update), JSON.stringify(v.Update.errors)).toBe(true);
  });
});

describe("a launch's stages, shaped from the records their keys name", () => {
  it('nests each landing and the spacecraft flight with its spacecraft in detailed mode', () => {
    const rocket = file(`launches/${uuid(Q.starlink1)}/`).rocket;
    expect(rocket.launcher_stage[0].landing).toEqual(LANDING_1813);
    const stage = file(`launches/${uuid(Q.crew)}/`).rocket.spacecraft_stage[0];
    expect(Object.keys(stage)).toEqual([
      'id',
      'url',
      'destination',
      'mission_end',
      'spacecraft',
      'landing',
      'duration',
      'turn_around_time',
      'response_mode',
      'launch_crew',
      'onboard_crew',
      'landing_crew',
      'docking_events',
    ]);
    expect(stage).toMatchObject({
      id: 3,
      url: `${BASE_URL}spacecraft_flights/3/`,
      landing: { id: 1601 },
      response_mode: 'detailed',
      onboard_crew: [],
      docking_events: [],
    });
    // The spacecraft's own detail less its flights.
    const { flights: _flights, ...craft } = file('spacecraft/37/');
    expect(stage.spacecraft).toEqual(craft);
  });

  it.skipIf(!officialOpenApiAvailable)(
    'validates against the official schemas (every mode, nested objects too)',
    async () => {
      const v = officialValidators([
        'Landing',
        'LandingEndpointList',
        'LandingEndpointNormal',
        'LandingEndpointDetailed',
        'SpacecraftNormal',
        'SpacecraftEndpointDetailed',
        'SpacecraftConfigNormal',
        'SpacecraftConfigDetailed',
        'SpacecraftFlightDetailedSerializerNoLaunch',
        'FirstStageNormal',
      ]);
      const check = (schema: string, value: unknown) =>
        expect(v[schema](value), `${schema} ${JSON.stringify(v[schema].errors)}`).toBe(true);
      for (const mode of ['list', 'normal', 'detailed']) {
        for (const landing of (await fixture.get(`landings/?mode=${mode}`)).body.results)
          check(`LandingEndpoint${mode[0].toUpperCase()}${mode.slice(1)}`, landing);
      }
      for (const id of [1049, 1601, 1813]) check('LandingEndpointDetailed', file(`landings/${id}/`));
      for (const craft of file('spacecraft/').results) check('SpacecraftNormal', craft);
      for (const id of [37, 569]) check('SpacecraftEndpointDetailed', file(`spacecraft/${id}/`));
      for (const config of file('spacecraft_configurations/').results) check('SpacecraftConfigNormal', config);
      for (const id of [1, 7, 22]) check('SpacecraftConfigDetailed', file(`spacecraft_configurations/${id}/`));
      for (const n of [Q.starlink1, Q.crew]) {
        const rocket = file(`launches/${uuid(n)}/`).rocket;
        for (const stage of rocket.launcher_stage) check('FirstStageNormal', stage);
        for (const stage of rocket.spacecraft_stage) check('SpacecraftFlightDetailedSerializerNoLaunch', stage);
        for (const stage of rocket.launcher_stage) check('Landing', stage.landing);
      }
    },
  );
});

/** A launch as the data held it before the migration: its stages nesting LL2 2.2.0's objects. */
const provenance = {
  credit: 'Launch Library 2 by The Space Devs',
  ll2_version: '2.2.0',
  saved_by: 'example/saver@abc',
};
const landing220 = (id: number, success: boolean | null): JsonObject => ({
  id,
  attempt: true,
  success,
  description: 'Splashdown.',
  downrange_distance: null,
  location: {
    id: 18,
    name: 'Pacific Ocean',
    abbrev: 'PAC',
    description: 'Pacific Ocean',
    successful_landings: 53,
    location: { id: 12, url: 'https://ll.thespacedevs.com/2.2.0/location/12/', name: 'Cape Canaveral' },
  },
  type: { id: 4, name: 'Parachute Landing', abbrev: 'PCL', description: 'Unpowered landing using parachute(s).' },
});
const capsule220 = (flights: number): JsonObject => ({
  id: 37,
  url: 'https://ll.thespacedevs.com/2.2.0/spacecraft/37/',
  name: 'Crew Dragon Endeavour',
  serial_number: 'C206',
  is_placeholder: false,
  in_space: true,
  flights_count: flights,
  status: { id: 1, name: 'Active' },
  description: 'Second Crew Dragon.',
  spacecraft_config: {
    id: 22,
    url: 'https://ll.thespacedevs.com/2.2.0/config/spacecraft/22/',
    name: 'Crew Dragon',
    type: { id: 2, name: 'Capsule' },
    agency: { id: 121, name: 'SpaceX', type: 'Commercial' },
    in_use: true,
    human_rated: true,
    image_url: 'https://example.org/crew-dragon.jpg',
    nation_url: 'https://example.org/flag.png',
  },
});
const launch220 = (n: number, net: string, stage: JsonObject, booster: JsonObject = {}): JsonObject => ({
  id: uuid(n),
  net,
  provenance,
  rocket: {
    configuration: 'falcon-9-block-5',
    launcher_stage: [{ id: 100 + n, launcher: 'b1090', ...booster }],
    spacecraft_stage: [
      { id: n, url: `https://ll.thespacedevs.com/2.2.0/spacecraft/flight/${n}/`, launch_crew: [], ...stage },
    ],
  },
});

describe('the landings and spacecraft nested in launches become records (npm run migrate:graph, the importer)', () => {
  const reference = {
    agencies: new Map([['spacex', { id: 121, name: 'SpaceX' }]]),
    locations: new Map([['cape-canaveral', { id: 12, name: 'Cape Canaveral' }]]),
    landings: new Map<string, JsonObject>(),
    spacecraft: new Map<string, JsonObject>(),
    spacecraftConfigurations: new Map<string, JsonObject>(),
    spacecraftFlights: new Map<string, JsonObject>(),
  };

  it("files each landing, spacecraft and configuration once, by LL2 id, in 2.3.0's layout, and the stages name them by key", () => {
    const launches = [
      launch220(
        2,
        '2026-03-01T00:00:00Z',
        { spacecraft: capsule220(5), landing: landing220(1602, null) },
        { landing: landing220(1813, true) },
      ),
      launch220(1, '2025-01-01T00:00:00Z', {
        spacecraft: capsule220(4),
        landing: landing220(1601, true),
        destination: 'ISS',
      }),
    ];
    const result = extractSpacecraft(launches, reference);
    expect([...result.records.landings.keys()].sort()).toEqual(['landing-1601', 'landing-1602', 'landing-1813']);
    expect(result.records.landings.get('landing-1601')).toEqual({
      id: 1601,
      attempt: true,
      success: true,
      description: 'Splashdown.',
      downrange_distance: null,
      // 2.2.0's `location` is 2.3.0's `landing_location`; the site's own location is ours, by LL2 id.
      landing_location: {
        id: 18,
        name: 'Pacific Ocean',
        abbrev: 'PAC',
        description: 'Pacific Ocean',
        location: 'cape-canaveral',
        successful_landings: 53,
      },
      type: { id: 4, name: 'Parachute Landing', abbrev: 'PCL', description: 'Unpowered landing using parachute(s).' },
      provenance: { credit: 'Launch Library 2 by The Space Devs', ll2_version: '2.2.0', saved_by: 'example/saver@abc' },
    });
    // The newest launch's statement of the capsule wins (5 flights, not 4).
    expect(result.records.spacecraft).toEqual(
      new Map([
        [
          'crew-dragon-endeavour',
          {
            id: 37,
            name: 'Crew Dragon Endeavour',
            serial_number: 'C206',
            is_placeholder: false,
            in_space: true,
            flights_count: 5,
            description: 'Second Crew Dragon.',
            spacecraft_config: 'crew-dragon',
            status: { id: 1, name: 'Active' },
            provenance: { ...provenance, url: 'https://ll.thespacedevs.com/2.2.0/spacecraft/37/' },
          },
        ],
      ]),
    );
    expect(result.records.spacecraftConfigurations.get('crew-dragon')).toEqual({
      id: 22,
      name: 'Crew Dragon',
      in_use: true,
      human_rated: true,
      type: { id: 2, name: 'Capsule' },
      agency: 'spacex',
      image: { id: 0, name: '', image_url: 'https://example.org/crew-dragon.jpg' },
      provenance: {
        ...provenance,
        url: 'https://ll.thespacedevs.com/2.2.0/config/spacecraft/22/',
        assumed: { 'image.id': '0; the source gives the image URL only' },
      },
    });
    const rockets = result.launches.map(({ index, after }) => [index, after.rocket as JsonObject]);
    // Each spacecraft stage is a spacecraft flight of its own, which the stage names (keeping its crews).
    expect(rockets.map(([index, r]) => [index, (r as JsonObject).spacecraft_stage])).toEqual([
      [0, [{ flight: 'spacecraft-flight-2', launch_crew: [] }]],
      [1, [{ flight: 'spacecraft-flight-1', launch_crew: [] }]],
    ]);
    expect(result.records.spacecraftFlights.get('spacecraft-flight-1')).toEqual({
      id: 1,
      spacecraft: 'crew-dragon-endeavour',
      landing: 'landing-1601',
      destination: 'ISS',
      provenance: { ...provenance, url: 'https://ll.thespacedevs.com/2.2.0/spacecraft/flight/1/' },
    });
    expect((rockets[0][1] as JsonObject).launcher_stage).toEqual([
      { id: 102, launcher: 'b1090', landing: 'landing-1813' },
    ]);
    expect(result.conversions.get('landing location (2.2.0) → landing_location')).toBe(3);

    // Run again on its own result: nothing changes.
    const again = extractSpacecraft(
      result.launches.map(({ after }) => after),
      { ...reference, ...result.records },
    );
    expect(again.launches).toEqual([]);
    expect(again.changed).toEqual({
      landings: false,
      spacecraft: false,
      spacecraftConfigurations: false,
      spacecraftFlights: false,
    });
  });

  it('says what it could not match: an agency or a location that is not ours is null, marked', () => {
    const stranger = {
      ...capsule220(1),
      spacecraft_config: { ...(capsule220(1).spacecraft_config as JsonObject), agency: { id: 999, name: 'Elsewhere' } },
    };
    const away = {
      ...landing220(1700, true),
      location: { id: 30, name: 'Far', location: { id: 777, name: 'Unknown place' } },
    };
    const result = extractSpacecraft(
      [launch220(1, '2025-01-01T00:00:00Z', { spacecraft: stranger, landing: away })],
      reference,
    );
    expect(result.records.spacecraftConfigurations.get('crew-dragon')).toMatchObject({
      agency: null,
      provenance: {
        assumed: { agency: 'the source\'s agency (id 999, "Elsewhere") is not among our agencies; published as null' },
      },
    });
    expect(result.records.landings.get('landing-1700')).toMatchObject({
      landing_location: { id: 30, location: null },
      provenance: {
        assumed: {
          'landing_location.location': "the source's location (id 777) is not among our locations; published as null",
        },
      },
    });
  });

  it('leaves a spacecraft that names no configuration nested (our schema requires one)', () => {
    const { spacecraft_config: _, ...bare } = capsule220(1);
    const result = extractSpacecraft([launch220(1, '2025-01-01T00:00:00Z', { spacecraft: bare })], reference);
    expect(result.launches).toEqual([]);
    expect(result.records.spacecraft.size).toBe(0);
  });
});

describe('the mission patches and updates nested in launches become records', () => {
  const patch = (name: string, priority: number) => ({
    id: 7,
    name,
    priority,
    image_url: 'https://example.org/patch.png',
    agency: 'spacex',
  });

  it("files each patch once by LL2 id under its name's slug, the newest launch's statement kept, and the launches list it by key", () => {
    const launches = [
      { id: uuid(2), net: '2026-02-01T00:00:00Z', provenance, mission_patches: [patch('Starlink Patch', 9)] },
      {
        id: uuid(1),
        net: '2025-01-01T00:00:00Z',
        provenance,
        mission_patches: [patch('Starlink Patch', 10), 'artemis-i'],
      },
    ];
    const result = extractListed(
      launches,
      new Map([['artemis-i', { id: 40, name: 'Artemis I', image_url: 'https://example.org/a.png' }]]),
      MISSION_PATCHES,
    );
    expect(result.records.get('starlink-patch')).toEqual({ ...patch('Starlink Patch', 9), provenance });
    expect(result.launches.map(({ index, after }) => [index, after.mission_patches])).toEqual([
      [0, ['starlink-patch']],
      [1, ['starlink-patch', 'artemis-i']],
    ]);
    const again = extractListed(
      result.launches.map(({ after }) => after),
      result.records,
      MISSION_PATCHES,
    );
    expect([again.launches, again.changed]).toEqual([[], false]);
  });

  it("makes a key of ours of any name (LL2's slug keeps underscores)", () => {
    const result = extractListed(
      [{ id: uuid(1), net: '2026-01-01T00:00:00Z', mission_patches: [{ ...patch('FLTA007_Patch', 10), id: 1301 }] }],
      new Map(),
      MISSION_PATCHES,
    );
    expect([...result.records.keys()]).toEqual(['flta007-patch']);
  });

  it('files each update under its id, and the launch lists it by key', () => {
    const update = {
      id: 15876,
      created_on: '2026-08-16T15:28:00Z',
      comment: 'NET October.',
      created_by: 'Cosmic_Penguin',
      info_url: null,
    };
    const result = extractListed(
      [{ id: uuid(1), net: '2026-10-31T00:00:00Z', provenance, updates: [update, 'update-1'] }],
      new Map(),
      UPDATES,
    );
    expect(result.records).toEqual(new Map([['update-15876', { ...update, provenance }]]));
    expect(result.launches[0].after.updates).toEqual(['update-15876', 'update-1']);
  });
});
