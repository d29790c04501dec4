// The data brought to what the official LL2 2.3.0 models accept (issue 21): the
// migration's repair of reference records (import/conform.ts) and the nested
// objects of LL2 2.2.0's layout, filed as records by the importer and shaped from
// them, each validated against the official schema.

import { beforeAll, describe, expect, it } from 'vitest';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import { conformReference } from '../scripts/lib/import/conform.ts';
import { extractSpacecraft, type SpacecraftReference } from '../scripts/lib/import/spacecraft.ts';
import type { JsonObject, LaunchRecord, ReferenceData } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { FIXTURE_DIR, makeLaunch, memoryDataSet, testUuid } from './helpers/data.ts';
import { officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';

const AGENCY: JsonObject = {
  id: 66,
  name: 'Soviet Space Program',
  abbrev: 'CCCP',
  type: 'government',
  country: [],
  info_url: '',
  wiki_url: 'http://en.wikipedia.org/wiki/Soviet_space_program',
};

describe('reference records brought to the schema (npm run migrate:graph)', () => {
  it('writes LL2\'s "" for an unknown link as null, says so, and changes nothing on a second run', () => {
    const agencies = new Map([
      ['soviet-space-program', AGENCY],
      ['other', { ...AGENCY, id: 67, info_url: 'https://example.org/' }],
    ]);
    const first = conformReference({ agencies });
    expect(first.problems).toEqual([]);
    expect(first.changes).toEqual([
      'agencies "soviet-space-program": info_url: "" must match pattern "^https?://"; set info_url to null',
    ]);
    const after = first.changed.get('agencies')!;
    expect(after.get('soviet-space-program')).toEqual({ ...AGENCY, info_url: null });
    expect(after.get('other')).toBe(agencies.get('other'));
    expect(agencies.get('soviet-space-program')!.info_url).toBe(''); // the input is not changed
    const second = conformReference({ agencies: after });
    expect(second.changed.size).toBe(0);
    expect(second.changes).toEqual([]);
  });
});

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE = 'https://example.org/2.3.0/';
let reference: ReferenceData;
beforeAll(async () => {
  reference = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!.reference;
});

/** A landing as LL2 2.2.0 nests it: its place under `location`, no url. */
const LANDING_220: JsonObject = {
  id: 1808,
  attempt: true,
  success: true,
  description: 'B1081 landed on OCISLY.',
  downrange_distance: 574,
  location: {
    id: 1,
    name: 'Of Course I Still Love You',
    abbrev: 'OCISLY',
    description: 'A drone ship.',
    location: null,
    successful_landings: 179,
  },
  type: { id: 1, name: 'Autonomous Spaceport Drone Ship', abbrev: 'ASDS', description: 'An ocean-going vessel.' },
};
/** A whole spacecraft stage as LL2 2.2.0 nests it (trimmed to what matters), with its links into LL2's API. */
const STAGE_220: JsonObject = {
  id: 581,
  url: 'https://ll.thespacedevs.com/2.2.0/spacecraft/flight/581/',
  mission_end: '2030-03-31T12:00:00Z',
  destination: 'International Space Station',
  launch_crew: [{ id: 7, role: { id: 1, role: 'Commander', priority: 0 }, astronaut: 'jessica-meir' }],
  onboard_crew: [],
  landing_crew: [],
  spacecraft: {
    id: 447,
    url: 'https://ll.thespacedevs.com/2.2.0/spacecraft/447/',
    name: 'Dream Chaser Tenacity',
    serial_number: null,
    is_placeholder: false,
    in_space: false,
    time_in_space: 'P0D',
    time_docked: 'P0D',
    flights_count: 0,
    mission_ends_count: 0,
    status: { id: 1, name: 'Active' },
    description: 'First operational Dream Chaser.',
    spacecraft_config: {
      id: 24,
      url: 'https://ll.thespacedevs.com/2.2.0/config/spacecraft/24/',
      name: 'Dream Chaser',
      type: { id: 3, name: 'Spaceplane' },
      agency: {
        id: 121,
        url: 'https://ll.thespacedevs.com/2.2.0/agencies/121/',
        name: 'SpaceX',
        type: 'Commercial',
        country_code: 'USA',
      },
      in_use: true,
      capability: 'Cargo.',
      history: 'History.',
      details: 'Details.',
      maiden_flight: null,
      height: null,
      diameter: null,
      human_rated: false,
      crew_capacity: 7,
      payload_capacity: 5000,
      payload_return_capacity: 1750,
      flight_life: 'Multiple months',
      image_url: 'https://example.org/dream-chaser.jpg',
      nation_url: null,
      wiki_link: 'https://en.wikipedia.org/wiki/Dream_Chaser',
      info_link: '',
    },
  },
  landing: {
    ...LANDING_220,
    id: 450,
    location: {
      id: 24,
      name: 'Shuttle Landing Facility',
      abbrev: 'KTTS',
      description: 'A runway.',
      successful_landings: 81,
      location: { id: 12, url: 'https://ll.thespacedevs.com/2.2.0/location/12/', name: 'Cape Canaveral, FL, USA' },
    },
  },
  docking_events: [
    {
      id: 9,
      docking: '2030-03-02T12:00:00Z',
      departure: null,
      docking_location: {
        id: 1,
        name: 'Harmony forward',
        spacestation: { id: 4, url: 'https://ll.thespacedevs.com/2.2.0/spacestation/4/' },
      },
    },
  ],
};

describe('nested objects of a detailed launch in 2.3.0 shapes (filed by import/spacecraft.ts, shaped by shapes/spacecraft.ts)', () => {
  const earlier = makeLaunch(1, '2030-01-01T12:00:00Z');
  const launch: LaunchRecord = makeLaunch(2, '2030-03-01T12:00:00Z', {
    rocket: {
      configuration: 'falcon-9-block-5',
      launcher_stage: [
        {
          id: 883,
          type: 'Core',
          reused: true,
          launcher_flight_number: 22,
          launcher: 'b1062',
          previous_flight_date: '2030-01-01T12:00:00Z',
          landing: LANDING_220,
          previous_flight: { id: testUuid(1), name: 'Test 1' },
        },
        {
          id: 884,
          type: 'Core',
          reused: true,
          launcher: 'b1062',
          previous_flight_date: '2029-12-01T12:00:00Z',
          landing: null,
          previous_flight: { id: testUuid(99), name: 'Not ours' },
        },
      ],
      // The crew alone, as a trimmed 2.2.0 copy saved it, and a whole stage.
      spacecraft_stage: [{ launch_crew: [{ id: 8, role: null, astronaut: 'jessica-meir' }] }, STAGE_220],
    },
  });
  // As the importer and migrate:graph leave them: the nested landings and spacecraft filed as records
  // (import/spacecraft.ts), the stages naming them by key; then shaped from the records.
  const detailed = () => {
    const filed = extractSpacecraft(
      [earlier, launch] as unknown as JsonObject[],
      reference as unknown as SpacecraftReference,
    );
    const launches = [earlier, launch].map(
      (l, i) => (filed.launches.find((c) => c.index === i)?.after ?? l) as unknown as LaunchRecord,
    );
    const data = memoryDataSet(launches, [], { ...reference, ...filed.records } as unknown as ReferenceData);
    return createShaper(data, computeStats(data), BASE).launchDetailed(launches[1]) as JsonObject;
  };

  it("shapes a 2.2.0 landing as 2.3.0's Landing: landing_location on Earth, a url under landings/", () => {
    const stage = ((detailed().rocket as JsonObject).launcher_stage as JsonObject[])[0];
    expect(stage.landing).toEqual({
      id: 1808,
      url: `${BASE}landings/1808/`,
      attempt: true,
      success: true,
      description: 'B1081 landed on OCISLY.',
      downrange_distance: 574,
      landing_location: {
        id: 1,
        name: 'Of Course I Still Love You',
        abbrev: 'OCISLY',
        description: 'A drone ship.',
        location: null,
        longitude: null,
        latitude: null,
        image: null,
        successful_landings: 179,
        attempted_landings: null,
        failed_landings: null,
        // The source names no location for a drone ship: the importer takes it to be on Earth (marked assumed).
        celestial_body: expect.objectContaining({ name: 'Earth' }),
      },
      type: { id: 1, name: 'Autonomous Spaceport Drone Ship', abbrev: 'ASDS', description: 'An ocean-going vessel.' },
    });
    expect(stage.previous_flight).toEqual({ id: testUuid(1), url: `${BASE}launches/${testUuid(1)}/`, name: 'Test 1' });
  });

  it("publishes null for a landing or a previous flight it cannot link (LL2's value for an unknown one)", () => {
    const stage = ((detailed().rocket as JsonObject).launcher_stage as JsonObject[])[1];
    expect(stage).toMatchObject({
      landing: null,
      previous_flight: null,
      previous_flight_date: '2029-12-01T12:00:00Z',
      turn_around_time: 'P90D',
    });
  });

  it('leaves out a stage without its spacecraft, and shapes a whole 2.2.0 stage with every url under our base', () => {
    const rocket = detailed().rocket as JsonObject;
    const stages = rocket.spacecraft_stage as JsonObject[];
    expect(stages).toHaveLength(1);
    const [stage] = stages;
    expect(stage).toMatchObject({
      id: 581,
      url: `${BASE}spacecraft_flights/581/`,
      destination: 'International Space Station',
      mission_end: '2030-03-31T12:00:00Z',
      duration: 'P30D',
      turn_around_time: null,
      response_mode: 'detailed',
      onboard_crew: [],
      landing_crew: [],
      docking_events: [],
      spacecraft: {
        response_mode: 'detailed',
        id: 447,
        url: `${BASE}spacecraft/447/`,
        name: 'Dream Chaser Tenacity',
        status: { id: 1, name: 'Active' },
        spacecraft_config: {
          id: 24,
          url: `${BASE}spacecraft_configurations/24/`,
          family: [],
          wiki_link: 'https://en.wikipedia.org/wiki/Dream_Chaser',
          agency: expect.objectContaining({
            id: 121,
            url: `${BASE}agencies/121/`,
            response_mode: 'normal',
            type: expect.objectContaining({ id: expect.any(Number) }),
          }),
          image: expect.objectContaining({ id: 0, image_url: 'https://example.org/dream-chaser.jpg' }),
        },
      },
      landing: {
        id: 450,
        url: `${BASE}landings/450/`,
        landing_location: { id: 24, location: expect.objectContaining({ id: 12, url: `${BASE}locations/12/` }) },
      },
    });
    expect(((stage.spacecraft as JsonObject).spacecraft_config as JsonObject).info_link).toBeNull(); // LL2's "" is no link
    expect((stage.launch_crew as JsonObject[])[0]).toMatchObject({
      id: 7,
      astronaut: { id: 573, url: `${BASE}astronauts/573/` },
    });
    expect(JSON.stringify(rocket)).not.toContain('thespacedevs.com');
  });

  it.skipIf(!officialOpenApiAvailable)(
    'validates against the official Landing, FirstStageNormal, SpacecraftDetailed and the spacecraft stage',
    () => {
      const v = officialValidators([
        'Landing',
        'FirstStageNormal',
        'SpacecraftDetailed',
        'SpacecraftFlightDetailedSerializerNoLaunch',
      ]);
      const rocket = detailed().rocket as JsonObject;
      const [first] = rocket.launcher_stage as JsonObject[];
      const [stage] = rocket.spacecraft_stage as JsonObject[];
      expect(v.Landing(stage.landing), JSON.stringify(v.Landing.errors)).toBe(true);
      // A drone ship's landing location names no location in LL2's data: null (test/helpers/official-schema.ts names that null).
      expect(v.FirstStageNormal(first), JSON.stringify(v.FirstStageNormal.errors)).toBe(true);
      expect(v.FirstStageNormal({ ...first, landing: stage.landing }), JSON.stringify(v.FirstStageNormal.errors)).toBe(
        true,
      );
      expect(v.SpacecraftDetailed(stage.spacecraft), JSON.stringify(v.SpacecraftDetailed.errors)).toBe(true);
      // The one value our data cannot give: the spacecraft's turnaround (null, as LL2 writes an unknown one).
      expect(
        v.SpacecraftFlightDetailedSerializerNoLaunch({ ...stage, turn_around_time: 'P1D' }),
        JSON.stringify(v.SpacecraftFlightDetailedSerializerNoLaunch.errors),
      ).toBe(true);
    },
  );
});
