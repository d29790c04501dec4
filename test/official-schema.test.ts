// Checks our output against the official LL2 2.3.0 schemas: normal mode in the
// collections, detailed mode in detail resources, for every kind of resource we
// publish. The official document is not ours to commit; the test runs where
// ../shared/reference/ is present.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../scripts/lib/pipeline.ts';
import { CONFIG_LISTS } from '../scripts/schemas/config-lists.ts';
import { copyFixture, makeEvent, makeLaunch, removeDir, tempDir, writeRecords } from './helpers/data.ts';
import { officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';
import { readTree, responseKindOf, type ResponseKind } from './helpers/tree.ts';
import type { LaunchRecord } from '../scripts/lib/model/records.ts';

/** The official schema of the objects in each kind of response: items of the list endpoint (normal mode), the detail endpoint. */
const OBJECT_SCHEMA: Record<ResponseKind, string> = {
  'launch-page': 'LaunchNormal', 'launch-detailed': 'LaunchDetailed',
  'event-page': 'EventEndpointNormal', 'event-detailed': 'EventEndpointDetailed',
  'agency-page': 'AgencyNormal', 'agency-detailed': 'AgencyEndpointDetailed',
  'pad-page': 'Pad', 'pad-detailed': 'Pad',
  'location-page': 'Location', 'location-detailed': 'LocationSerializerWithPads',
  'launcher-configuration-page': 'LauncherConfigNormal', 'launcher-configuration-detailed': 'LauncherConfigDetailed',
  'launcher-configuration-family-page': 'LauncherConfigFamilyNormal', 'launcher-configuration-family-detailed': 'LauncherConfigFamilyDetailed',
  'program-page': 'ProgramNormal', 'program-detailed': 'ProgramNormal',
  'space-station-page': 'SpaceStationEndpoint', 'space-station-detailed': 'SpaceStationDetailedEndpoint',
  'celestial-body-page': 'CelestialBodyNormal', 'celestial-body-detailed': 'CelestialBodyEndpointDetailed',
  'agency-type-page': 'AgencyType', 'agency-type-detailed': 'AgencyType',
  'country-page': 'Country', 'country-detailed': 'Country',
  'event-type-page': 'EventType', 'event-type-detailed': 'EventType',
  'launch-status-page': 'LaunchStatus', 'launch-status-detailed': 'LaunchStatus',
  'mission-type-page': 'MissionType', 'mission-type-detailed': 'MissionType',
  'net-precision-page': 'NetPrecision', 'net-precision-detailed': 'NetPrecision',
  'orbit-page': 'Orbit', 'orbit-detailed': 'Orbit',
  'launcher-page': 'LauncherNormal', 'launcher-detailed': 'LauncherDetailed',
  'astronaut-page': 'AstronautEndpointNormal', 'astronaut-detailed': 'AstronautEndpointDetailed',
  'launcher-status-page': 'LauncherStatus', 'launcher-status-detailed': 'LauncherStatus',
  // The config lists collected from the records: each under LL2's schema of its object (test/config-lists.test.ts fills every one).
  ...(Object.fromEntries(CONFIG_LISTS.flatMap((c) => [[`${c.schema}-page`, c.ll2], [`${c.schema}-detailed`, c.ll2]])) as Record<`${(typeof CONFIG_LISTS)[number]['schema']}-${'page' | 'detailed'}`, string>),
};
/** The config lists: checked where this fixture holds entries; test/config-lists.test.ts fills and checks every one. */
const CHECKED_IN_CONFIG_TEST = new Set(CONFIG_LISTS.flatMap((c) => [`${c.schema}-page`, `${c.schema}-detailed`]));

/**
 * What launches nest as their sources gave it (shapes/flights.ts): a booster's landing in
 * 2.2.0's layout (its place under `location`, no url), the crew alone of a trimmed 2.2.0
 * copy (left out), and a whole spacecraft flight in 2.3.0's layout.
 */
const NESTED_ROCKET: LaunchRecord['rocket'] = {
  configuration: 'falcon-9-block-5',
  launcher_stage: [{
    id: 5, type: 'Core', reused: true, launcher_flight_number: 2, launcher: 'b1062', previous_flight_date: '2024-01-01T10:00:00Z',
    previous_flight: { id: '00000000-0000-4000-8000-000000000001', name: 'Test 1' },
    landing: {
      id: 31, attempt: true, success: true, description: 'Landed.', downrange_distance: 10,
      location: { id: 5, name: 'Landing Zone 1', abbrev: 'LZ-1', description: 'A pad.', location: { id: 12, url: 'https://ll.thespacedevs.com/2.2.0/location/12/', name: 'Cape Canaveral' }, successful_landings: 50 },
      type: { id: 2, name: 'Return to Launch Site', abbrev: 'RTLS', description: 'Back to land.' },
    },
  }],
  spacecraft_stage: [
    { launch_crew: [{ id: 1, role: { id: 1, role: 'Commander', priority: 0 }, astronaut: 'jessica-meir' }] },
    {
      id: 77, url: 'https://ll.thespacedevs.com/2.3.0/spacecraft_flights/77/', destination: 'International Space Station', mission_end: null,
      duration: 'P10D', turn_around_time: 'P100D', launch_crew: [{ id: 2, role: { id: 1, role: 'Commander', priority: 0 }, astronaut: 'jessica-meir' }],
      spacecraft: {
        id: 8, name: 'Crew Dragon Endeavour', serial_number: 'C206', status: { id: 1, name: 'Active' }, description: 'A capsule.',
        spacecraft_config: { id: 6, name: 'Crew Dragon', type: { id: 2, name: 'Capsule' }, agency: { id: 121 }, family: [], in_use: true },
      },
      landing: {
        id: 32, attempt: true, success: null, description: 'Splashdown.', downrange_distance: null, type: { id: 3, name: 'Splashdown', abbrev: 'S' },
        landing_location: { id: 24, name: 'Gulf of Mexico', active: true, abbrev: 'GOM', description: null, location: { id: 12 }, celestial_body: { id: 1 } },
      },
    },
  ],
};

describe.skipIf(!officialOpenApiAvailable)('output against the official LL2 2.3.0 OpenAPI schemas', () => {
  let dataDir: string;
  let out: string;

  beforeAll(async () => {
    dataDir = await copyFixture();
    await writeRecords(dataDir, [
      makeLaunch(1, '2024-01-01T10:00:00Z', { status: 'failure', failreason: 'Second stage <anomaly> & loss', mission: null }),
      makeLaunch(2, '2027-12-31T00:00:00Z', { status: 'tbd', net_precision: 'month', program: ['iss'] }),
      makeLaunch(3, '2024-02-01T10:00:00Z', { rocket: NESTED_ROCKET }),
    ], [makeEvent(7, '2027-01-01T00:00:00Z', { agencies: ['nasa'], spacestations: ['iss'], program: ['iss'], launches: ['00000000-0000-4000-8000-000000000002'] })]);
    out = path.join(await tempDir(), 'public');
    await buildSite(dataDir, out, { now: Date.parse('2026-11-21T00:00:00Z'), baseUrl: 'https://ll.example.org/2.3.0/' });
  });
  afterAll(async () => {
    await removeDir(dataDir);
    await removeDir(path.dirname(out));
  });

  it('every object of every resource validates', async () => {
    const validators = officialValidators([...new Set(Object.values(OBJECT_SCHEMA))]);
    const checked = new Map<ResponseKind, number>();
    for (const [file, bytes] of await readTree(out)) {
      const kind = responseKindOf(file);
      if (!kind) continue;
      const body = JSON.parse(bytes.toString('utf8'));
      const objects = kind.endsWith('-page') ? body.results : [body];
      if (kind.endsWith('-page')) expect(Object.keys(body)).toEqual(['count', 'next', 'previous', 'results']);
      const validate = validators[OBJECT_SCHEMA[kind]];
      for (const object of objects) {
        const ok = validate(object);
        expect(ok ? [] : validate.errors?.slice(0, 5), `${file} ${object.id}`).toEqual([]);
        checked.set(kind, (checked.get(kind) ?? 0) + 1);
      }
    }
    // Every kind of response was published and checked.
    expect([...checked.keys()].filter((kind) => !CHECKED_IN_CONFIG_TEST.has(kind)).sort()).toEqual(Object.keys(OBJECT_SCHEMA).filter((kind) => !CHECKED_IN_CONFIG_TEST.has(kind)).sort());
    // The converted schemas do reject what LL2 would not send.
    expect(validators.LaunchNormal({ id: 'not-a-uuid' })).toBe(false);
  });
});
