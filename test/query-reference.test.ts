// The query engine on the reference lists (agencies, pads, locations, rocket
// configurations and families, programs, space stations, celestial bodies,
// config/…) against hand-computed answers on the query fixture
// (helpers/query-site.ts): a case for every filter row of every reference table
// (a test fails when a row has none), search, ordering with ties and nulls, and
// the modes each list has. Expected records are listed by id, in the list's order.

import { beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_LISTS, type ConfigList } from '../scripts/schemas/config-lists.ts';
import { listRoutes } from '../scripts/lib/api/routes.ts';
import { REFERENCE_TABLES } from '../scripts/lib/query/reference-tables.ts';
import type { Lookup } from '../scripts/lib/query/column-cells.ts';
import { officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';
import { Q, queryFixture, uuid, type QueryFixture } from './helpers/query-site.ts';

let fixture: QueryFixture;
beforeAll(async () => {
  fixture = await queryFixture();
});

const ids = async (query: string): Promise<number[]> => {
  const { status, body } = await fixture.get(query);
  expect(status, query).toBe(200);
  expect(body.count, query).toBe(body.results.length);
  return body.results.map((r: { id: number }) => r.id);
};

// Default orders: agencies and configurations by name, pads by location, the rest by id.
const AGENCIES = [44, 147, 9001, 66, 121, 124]; // NASA, Rocket Lab, Rocket Lab Baikonur, Soviet Space Program, SpaceX, ULA
const PADS = [120, 29, 80, 32]; // LC-1A (Mahia), SLC-41, SLC-40 (Cape Canaveral), 1/5 (Baikonur)
const LOCATIONS = [10, 12, 15]; // Mahia, Cape Canaveral, Baikonur
const CONFIGURATIONS = [26, 164, 469, 201]; // Electron, Falcon 9, Sputnik 8K71PS, Vulcan VC2S
const FAMILIES = [1, 154, 176, 260]; // Falcon, Sputnik, Falcon 9, Vulcan
const STATIONS = [2, 4]; // Skylab, ISS
const LAUNCHERS = [11, 12, 90, 130]; // B1090, B1085 (query fixture), B1062 (checked-in fixture), E-1
const ASTRONAUTS = [1, 573, 800]; // Gagarin, Meir, Snoopy (query fixture)
const LANDINGS = [1049, 1601, 1813];

/**
 * Each record's figures in its list's order, read off the fixture by hand: launches
 * counted from the fixture's flights (Rocket Lab: a failure then a success), landings
 * from LL2's figures of Rocket Lab and Mahia; null where neither states one.
 */
const TALLIES: Record<string, Record<string, Array<number | null>>> = {
  'agencies/': {
    attempted_landings: [null, 3, null, null, null, null],
    consecutive_successful_landings: [null, 0, null, null, null, null],
    consecutive_successful_launches: [0, 1, 0, 1, 1, 0],
    failed_landings: [null, 2, null, null, null, null],
    failed_launches: [0, 1, 0, 0, 0, 0],
    pending_launches: [0, 0, 0, 0, 4, 1],
    successful_landings: [null, 1, null, null, null, null],
    successful_launches: [0, 1, 0, 1, 1, 0],
    total_launch_count: [0, 2, 0, 1, 1, 0],
    founding_year: [1958, 2006, null, null, 2002, 2006],
  },
  'pads/': { orbital_launch_attempt_count: [1, 0, 1, 1], total_launch_count: [2, 0, 1, 1] },
  'locations/': { total_landing_count: [2, null, null], total_launch_count: [2, 1, 1] },
  'launcher_configurations/': {
    attempted_landings: [null, null, null, null],
    consecutive_successful_landings: [null, null, null, null],
    consecutive_successful_launches: [1, 1, 1, 0],
    failed_landings: [null, null, null, null],
    failed_launches: [1, 0, 0, 0],
    pending_launches: [0, 4, 0, 1],
    successful_landings: [null, null, null, null],
    successful_launches: [1, 1, 1, 0],
    total_launch_count: [2, 1, 1, 0],
  },
  'launcher_configuration_families/': {
    attempted_landings: [null, null, null, null],
    consecutive_successful_landings: [null, null, null, null],
    consecutive_successful_launches: [1, 1, 1, 0],
    failed_landings: [null, null, null, null],
    failed_launches: [0, 0, 0, 0],
    pending_launches: [4, 0, 4, 1],
    successful_landings: [null, null, null, null],
    successful_launches: [1, 1, 1, 0],
    total_launch_count: [1, 1, 1, 0],
  },
  // LL2's counts of 2024-09-10 as the fixture's ISS states them (ll2_figures); Skylab states none.
  'space_stations/': { docked_vehicles: [null, 2], onboard_crew: [null, 7] },
  // The boosters' figures as their records state them; E-1 states none.
  'launchers/': {
    attempted_landings: [5, 1, 20, null],
    flights: [5, 1, 20, null],
    successful_landings: [5, 0, 20, null],
  },
  // Ages as the records state them (Snoopy none); flights and landings counted over the fixture's crews: Meir flies the crew launch, Snoopy lands with it.
  'astronauts/': { age: [34, 49, null], flights_count: [0, 1, 0], landings_count: [0, 0, 1] },
};
const ORDER: Record<string, number[]> = {
  'agencies/': AGENCIES,
  'pads/': PADS,
  'locations/': LOCATIONS,
  'launcher_configurations/': CONFIGURATIONS,
  'launcher_configuration_families/': FAMILIES,
  'space_stations/': STATIONS,
  'launchers/': LAUNCHERS,
  'astronauts/': ASTRONAUTS,
};
const LOOKUPS: Record<Lookup, (x: number, n: number) => boolean> = {
  exact: (x, n) => x === n,
  gt: (x, n) => x > n,
  gte: (x, n) => x >= n,
  lt: (x, n) => x < n,
  lte: (x, n) => x <= n,
};
/** The records a counter's lookup keeps, from the figures above (a null never passes, as SQL compares). */
function counterCases(path: string): Record<string, Array<[string, number[]]>> {
  const cases: Record<string, Array<[string, number[]]>> = {};
  for (const [counter, values] of Object.entries(TALLIES[path])) {
    const threshold = values.find((v) => v !== null && v > 0) ?? 1;
    for (const lookup of Object.keys(LOOKUPS) as Lookup[]) {
      const name = lookup === 'exact' ? counter : `${counter}__${lookup}`;
      const kept = ORDER[path].filter((_, i) => values[i] !== null && LOOKUPS[lookup](values[i]!, threshold));
      cases[name] = [[`${name}=${threshold}`, kept]];
    }
  }
  return cases;
}

/** Per list route and filter: [query, the ids it keeps]. */
type Cases = Record<string, Record<string, Array<[query: string, expected: number[]]>>>;

const CASES: Cases = {
  'agencies/': {
    ...counterCases('agencies/'),
    abbrev: [
      ['abbrev=RL', [147]],
      ['abbrev=rl', []],
    ],
    abbrev__contains: [
      ['abbrev__contains=RL', [147, 9001]],
      ['abbrev__contains=rl', []],
    ],
    country_code: [
      ['country_code=KAZ', [9001]],
      ['country_code=RUS,KAZ', [9001, 66]],
      ['country_code=US', []],
    ],
    description: [
      ['description=Rocket+Lab+builds+the+Electron+rocket.', [147]],
      ['description=Rocket+Lab', []],
    ],
    description__contains: [
      ['description__contains=Electron', [147]],
      ['description__contains=electron', []],
    ],
    featured: [
      ['featured=true', [121]],
      ['featured=False', [44, 147, 9001, 66, 124]],
      ['featured=maybe', AGENCIES],
    ],
    id: [
      ['id=66', [66]],
      ['id=66.0', [66]],
    ],
    name: [['name=Rocket+Lab', [147]]],
    name__contains: [
      ['name__contains=Rocket+Lab', [147, 9001]],
      ['name__contains=rocket', []],
    ],
    parent__id: [
      ['parent__id=147', [9001]],
      ['parent__id=44', []],
    ],
    spacecraft: [
      ['spacecraft=true', [147]],
      ['spacecraft=0', [44, 9001, 66, 121, 124]],
    ],
    type__id: [['type__id=1', [44, 66]]],
  },
  'pads/': {
    ...counterCases('pads/'),
    agencies_ids: [
      ['agencies_ids=124', [29]],
      ['agencies_ids=147,44', [120, 29]],
    ],
    id: [['id=80', [80]]],
    id__contains: [
      ['id__contains=2', [120, 29, 32]],
      ['id__contains=2.5', []],
    ],
    latitude__gt: [['latitude__gt=28.57', [29]]],
    latitude__gte: [['latitude__gte=28.5618571', [29, 80]]],
    latitude__lt: [['latitude__lt=0', [120]]],
    latitude__lte: [['latitude__lte=28.5618571', [120, 80]]],
    longitude__gt: [['longitude__gt=0', [120]]],
    longitude__gte: [['longitude__gte=-80.577366', [120, 80]]],
    longitude__lt: [['longitude__lt=-80.58', [29]]],
    longitude__lte: [['longitude__lte=-80.577366', [29, 80]]],
    location__id: [['location__id=12', [29, 80]]],
    location__name: [['location__name=Cape+Canaveral+SFS,+FL,+USA', [29, 80]]],
    location__name__contains: [['location__name__contains=Baikonur', [32]]],
    name: [['name=1/5', [32]]],
    name__contains: [['name__contains=Complex+4', [29, 80]]],
  },
  'locations/': {
    ...counterCases('locations/'),
    country_code: [
      ['country_code=KAZ', [15]],
      ['country_code=kaz', []],
    ],
    id: [['id=12', [12]]],
    name: [['name=Baikonur+Cosmodrome,+Republic+of+Kazakhstan', [15]]],
    name__contains: [['name__contains=Cape', [12]]],
  },
  'launcher_configurations/': {
    ...counterCases('launcher_configurations/'),
    active: [
      ['active=false', [469]],
      ['active=true', [26, 164, 201]],
    ],
    families: [
      ['families=176', [164]],
      ['families=1&families=260', [164, 201]],
    ],
    families__contains: [['families__contains=154', [469]]],
    full_name: [['full_name=Falcon+9+Block+5', [164]]],
    full_name__contains: [['full_name__contains=Block', [164]]],
    is_placeholder: [['is_placeholder=true', [201]]],
    maiden_flight: [
      ['maiden_flight=2017-05-25', [26]],
      ['maiden_flight=05/25/2017', [26]],
      ['maiden_flight=2017-5-25', [26]],
    ],
    maiden_flight__gt: [['maiden_flight__gt=2017-05-25', [201]]],
    maiden_flight__gte: [['maiden_flight__gte=2017-05-25', [26, 201]]],
    maiden_flight__lt: [['maiden_flight__lt=2024-01-08', [26]]],
    maiden_flight__lte: [['maiden_flight__lte=01/08/24', [26, 201]]],
    manufacturer__name: [['manufacturer__name=SpaceX', [164]]],
    manufacturer__name__contains: [['manufacturer__name__contains=Launch', [201]]],
    name: [['name=Electron', [26]]],
    name__contains: [['name__contains=Vulcan', [201]]],
    program: [
      ['program=15', [201]],
      ['program=17', []],
    ],
    program__contains: [['program__contains=15', [201]]],
  },
  'launcher_configuration_families/': {
    ...counterCases('launcher_configuration_families/'),
    maiden_flight: [['maiden_flight=2024-01-08', [260]]],
    maiden_flight__gt: [['maiden_flight__gt=2000-01-01', [260]]],
    maiden_flight__gte: [['maiden_flight__gte=2024-01-08', [260]]],
    maiden_flight__lt: [['maiden_flight__lt=2030-01-01', [260]]],
    maiden_flight__lte: [['maiden_flight__lte=2024-01-07', []]],
    manufacturer__abbrev: [['manufacturer__abbrev=SpX', [1, 176]]],
    manufacturer__abbrev__contains: [['manufacturer__abbrev__contains=U', [260]]],
    manufacturer__country_code: [
      ['manufacturer__country_code=USA', [1, 176, 260]],
      ['manufacturer__country_code=RUS', []],
    ],
    manufacturer__id: [['manufacturer__id=124', [260]]],
    manufacturer__id__contains: [
      ['manufacturer__id__contains=12', [1, 176, 260]],
      ['manufacturer__id__contains=4', [260]],
    ],
    manufacturer__name: [['manufacturer__name=SpaceX', [1, 176]]],
    manufacturer__name__contains: [['manufacturer__name__contains=Alliance', [260]]],
    name: [['name=Falcon', [1]]],
    name__contains: [['name__contains=Falcon', [1, 176]]],
  },
  'space_stations/': {
    ...counterCases('space_stations/'),
    id: [['id=4', [4]]],
    name: [['name=Skylab', [2]]],
    name__contains: [['name__contains=Space', [4]]],
    orbit: [
      ['orbit=8', [2]],
      ['orbit=15', []],
    ],
    owner__ids: [
      ['owner__ids=44', [2]],
      ['owner__ids=121,147', []],
    ],
    owners: [['owners=44', [2]]],
    status: [['status=1', [4]]],
    status__ids: [['status__ids=1,2', [2, 4]]],
    type: [['type=1', [2, 4]]],
  },
  'launchers/': {
    ...counterCases('launchers/'),
    first_launch_date: [
      ['first_launch_date=2024-11-01T00:00:00Z', [11]],
      ['first_launch_date=2024-11-01T00:00:01Z', []],
    ],
    flight_proven: [
      ['flight_proven=true', [11, 90]],
      ['flight_proven=false', [12, 130]],
    ],
    id: [['id=12', [12]]],
    // PostgreSQL compares the id's text: 90 holds no 1.
    id__contains: [['id__contains=1', [11, 12, 130]]],
    is_placeholder: [
      ['is_placeholder=true', [130]],
      ['is_placeholder=false', [11, 12, 90]],
    ],
    last_launch_date: [['last_launch_date=2026-12-10T00:00:00Z', [12]]],
    launcher_config__ids: [
      ['launcher_config__ids=26', [130]],
      ['launcher_config__ids=164,26', [11, 12, 90, 130]],
    ],
    // Through the configuration: Falcon 9 is SpaceX's, Electron Rocket Lab's; exact is case-sensitive.
    launcher_config__manufacturer__name: [
      ['launcher_config__manufacturer__name=SpaceX', [11, 12, 90]],
      ['launcher_config__manufacturer__name=spacex', []],
    ],
    launcher_config__manufacturer__name__contains: [['launcher_config__manufacturer__name__contains=Lab', [130]]],
    serial_number: [['serial_number=B1085', [12]]],
    serial_number__contains: [['serial_number__contains=B10', [11, 12, 90]]],
    status: [
      ['status=90001', [11, 90]],
      ['status=90002', [12]],
    ],
  },
  'astronauts/': {
    ...counterCases('astronauts/'),
    agency_ids: [
      ['agency_ids=44', [573]],
      ['agency_ids=44,66', [1, 573]],
    ],
    date_of_birth: [['date_of_birth=1977-07-01', [573]]],
    date_of_birth__gt: [['date_of_birth__gt=1934-03-09', [573]]],
    date_of_birth__gte: [['date_of_birth__gte=1934-03-09', [1, 573]]],
    date_of_birth__lt: [['date_of_birth__lt=1977-07-01', [1]]],
    date_of_birth__lte: [['date_of_birth__lte=1977-07-01', [1, 573]]],
    date_of_death: [['date_of_death=1968-03-27', [1]]],
    date_of_death__gt: [['date_of_death__gt=1968-01-01', [1]]],
    date_of_death__gte: [['date_of_death__gte=1968-03-27', [1]]],
    date_of_death__lt: [['date_of_death__lt=1968-03-27', []]],
    date_of_death__lte: [['date_of_death__lte=1968-03-27', [1]]],
    first_flight: [['first_flight=2019-09-25T13:57:42Z', [573]]],
    first_flight__gt: [['first_flight__gt=1961-04-12T06:07:00Z', [573]]],
    first_flight__gte: [['first_flight__gte=1961-04-12T06:07:00Z', [1, 573]]],
    first_flight__lt: [['first_flight__lt=2019-09-25T13:57:42Z', [1]]],
    first_flight__lte: [['first_flight__lte=2019-09-25T13:57:42Z', [1, 573]]],
    has_flown: [
      ['has_flown=true', [1, 573]],
      ['has_flown=false', [800]],
    ],
    // At the build clock (model/in-space.ts): Snoopy is of Expedition 75's crew, under way then, so in space whatever its record said.
    in_space: [
      ['in_space=true', [573, 800]],
      ['in_space=false', [1]],
    ],
    is_human: [
      ['is_human=true', [1, 573]],
      ['is_human=false', [800]],
    ],
    last_flight: [['last_flight=2026-12-10T00:00:00Z', [573]]],
    last_flight__gt: [['last_flight__gt=1961-04-12T06:07:00Z', [573]]],
    last_flight__gte: [['last_flight__gte=1961-04-12T06:07:00Z', [1, 573]]],
    last_flight__lt: [['last_flight__lt=2026-12-10T00:00:00Z', [1]]],
    last_flight__lte: [['last_flight__lte=2026-12-10T00:00:00Z', [1, 573]]],
    // A nationality name among the astronaut's countries, exactly (Gagarin's record names Russia and Kazakhstan).
    nationality: [
      ['nationality=Kazakh', [1]],
      ['nationality=American,Russian', [1, 573]],
      ['nationality=american', []],
    ],
    status_ids: [
      ['status_ids=1', [573, 800]],
      ['status_ids=2', [1]],
    ],
    type__id: [
      ['type__id=5', [800]],
      ['type__id=2', [1, 573]],
    ],
  },
  // 1049: the crew flight's B1085 (Falcon 9), lost; 1601: its capsule, Endeavour (Crew Dragon), outcome not known; 1813: Starlink 1's B1090 (Falcon 9).
  'landings/': {
    attempt: [
      ['attempt=true', LANDINGS],
      ['attempt=false', []],
    ],
    firststage_launch__ids: [
      [`firststage_launch__ids=${uuid(Q.crew)}`, [1049]],
      [`firststage_launch__ids=${uuid(Q.starlink1)},${uuid(Q.crew)}`, [1049, 1813]],
    ],
    landing_location__ids: [
      ['landing_location__ids=18,1', [1601, 1813]],
      ['landing_location__ids=20', [1049]],
    ],
    landing_type__ids: [
      ['landing_type__ids=2', [1049]],
      ['landing_type__ids=3', []],
    ],
    launcher__ids: [
      ['launcher__ids=11', [1813]],
      ['launcher__ids=11,12', [1049, 1813]],
    ],
    launcher_config__ids: [
      ['launcher_config__ids=164', [1049, 1813]],
      ['launcher_config__ids=26', []],
    ],
    launcher_serial_numbers: [
      ['launcher_serial_numbers=B1085', [1049]],
      ['launcher_serial_numbers=B1085,B1090', [1049, 1813]],
      ['launcher_serial_numbers=b1085', []],
    ],
    spacecraft__ids: [
      ['spacecraft__ids=37', [1601]],
      ['spacecraft__ids=569', []],
    ],
    spacecraft_config__ids: [['spacecraft_config__ids=22,7', [1601]]],
    spacecraft_launch__ids: [
      [`spacecraft_launch__ids=${uuid(Q.crew)}`, [1601]],
      [`spacecraft_launch__ids=${uuid(Q.starlink1)}`, []],
    ],
    // An outcome not known (null) is neither.
    success: [
      ['success=true', [1813]],
      ['success=false', [1049]],
    ],
  },
  // 37: Endeavour (Crew Dragon, in space); 569: the Cargo Dragon placeholder (Cargo Dragon 2).
  'spacecraft/': {
    in_space: [
      ['in_space=true', [37]],
      ['in_space=false', [569]],
    ],
    is_placeholder: [
      ['is_placeholder=true', [569]],
      ['is_placeholder=false', [37]],
    ],
    name: [
      ['name=Crew+Dragon+Endeavour', [37]],
      ['name=crew+dragon+endeavour', []],
    ],
    spacecraft_config: [
      ['spacecraft_config=7', [569]],
      ['spacecraft_config=22', [37]],
    ],
    status: [
      ['status=1', [37, 569]],
      ['status=2', []],
    ],
  },
  // 7: the Starlink patch (SpaceX, priority 10); 40: Artemis I (NASA, priority 5).
  'mission_patches/': {
    agency__id: [
      ['agency__id=121', [7]],
      ['agency__id=124', []],
    ],
    agency__name: [
      ['agency__name=SpaceX', [7]],
      ['agency__name=spacex', []],
    ],
    agency__name__contains: [['agency__name__contains=Aeronautics', [40]]],
    id: [['id=40', [40]]],
    ids: [
      ['ids=7,40', [7, 40]],
      ['ids=8', []],
    ],
    name: [
      ['name=Artemis+I', [40]],
      ['name=Artemis', []],
    ],
    name__contains: [
      ['name__contains=Starlink', [7]],
      ['name__contains=starlink', []],
    ],
  },
  // 100: no launch's; 101: Starlink 1's (SpaceX); 102: the crew flight's (SpaceX, ISS program); 103: the lunar launch's (ULA, Artemis).
  'updates/': {
    created_on: [
      ['created_on=2026-11-19T00:00:00Z', [102]],
      ['created_on=2026-11-19T00:00:01Z', []],
    ],
    launch: [
      [`launch=${uuid(Q.crew)}`, [102]],
      [`launch=${uuid(Q.old)}`, []],
    ],
    launch__launch_service_provider: [
      ['launch__launch_service_provider=121', [101, 102]],
      ['launch__launch_service_provider=124', [103]],
    ],
    program: [
      ['program=17', [102]],
      ['program=15', [103]],
    ],
  },
  // The fixture's two dockings of flight 880 at the ISS: 601 at Zvezda aft (port 2) on 2024-08-17T05:56:14Z, 602 at Unity nadir (port 1) on 2024-03-05T13:28:00Z.
  'docking_events/': {
    docking__gt: [['docking__gt=2024-03-05T13:28:00Z', [601]]],
    docking__gte: [['docking__gte=2024-03-05T13:28:00Z', [601, 602]]],
    docking__lt: [['docking__lt=2024-08-17T05:56:14Z', [602]]],
    docking__lte: [
      ['docking__lte=2024-08-17T05:56:14Z', [601, 602]],
      ['docking__lte=2024-03-05T13:27:59Z', []],
    ],
    docking_location__id: [
      ['docking_location__id=1', [602]],
      ['docking_location__id=3', []],
    ],
    flight_vehicle_chaser__id: [
      ['flight_vehicle_chaser__id=880', [601, 602]],
      ['flight_vehicle_chaser__id=3', []],
    ],
    space_station_target__id: [
      ['space_station_target__id=4', [601, 602]],
      ['space_station_target__id=2', []],
    ],
  },
  // Expeditions by id: 3 Skylab 4 (1973-11-16 → 1974-02-08, Skylab, Gagarin of the Soviet program), 170 Expedition 74 (2026-08-01 →, ISS, Meir
  // of NASA), 180 Expedition 75 (2026-11-20 → 2026-12-15, ISS, Meir and Snoopy of no agency), 190 Expedition 76 (2027-01-01 →, ISS, no crew).
  'expeditions/': {
    crew__astronaut: [
      ['crew__astronaut=573', [170, 180]],
      ['crew__astronaut=800', [180]],
      ['crew__astronaut=2', []],
    ],
    crew__astronaut__agency: [
      ['crew__astronaut__agency=44', [170, 180]],
      ['crew__astronaut__agency=66', [3]],
      ['crew__astronaut__agency=121', []],
    ],
    // No end stated matches no comparison (SQL's NULL): 170 and 190 never.
    end__gt: [
      ['end__gt=2026-11-21T12:00:00Z', [180]],
      ['end__gt=2026-12-15T00:00:00Z', []],
    ],
    end__gte: [['end__gte=2026-12-15T00:00:00Z', [180]]],
    end__lt: [['end__lt=2026-12-15T00:00:00Z', [3]]],
    end__lte: [['end__lte=2026-12-15T00:00:00Z', [3, 180]]],
    name: [
      ['name=Expedition+75', [180]],
      ['name=expedition+75', []],
    ],
    space_station: [
      ['space_station=2', [3]],
      ['space_station=4', [170, 180, 190]],
      ['space_station=18', []],
    ],
    start__gt: [['start__gt=2026-11-20T00:00:00Z', [190]]],
    start__gte: [['start__gte=2026-11-20T00:00:00Z', [180, 190]]],
    start__lt: [['start__lt=2026-08-01T00:00:00Z', [3]]],
    start__lte: [['start__lte=2026-08-01T00:00:00Z', [3, 170]]],
  },
  // 3: the crew flight's (Endeavour); 880: the Cargo Dragon placeholder's.
  'spacecraft_flights/': {
    spacecraft: [
      ['spacecraft=37', [3]],
      ['spacecraft=569', [880]],
      ['spacecraft=1', []],
    ],
  },
  // 1: Mercury (NASA, retired), 7: Cargo Dragon 2 (SpaceX, uncrewed), 22: Crew Dragon (SpaceX).
  'spacecraft_configurations/': {
    agency: [
      ['agency=121', [7, 22]],
      ['agency=44', [1]],
    ],
    human_rated: [
      ['human_rated=true', [1, 22]],
      ['human_rated=false', [7]],
    ],
    in_use: [
      ['in_use=false', [1]],
      ['in_use=true', [7, 22]],
    ],
    name: [
      ['name=Crew+Dragon', [22]],
      ['name=Dragon', []],
    ],
  },
};

const filterNames = (path: string): string[] => {
  const route = listRoutes().find((r) => r.path === path)!;
  return REFERENCE_TABLES[route.resource as keyof typeof REFERENCE_TABLES].parameters
    .filter((p) => p.kind === 'filter')
    .map((p) => p.name);
};

describe('every filter row of the reference lists, against hand-computed answers', () => {
  it('has a case for every filter of every reference table, and no case without a row', () => {
    // The root lists our records hold nothing for have theirs in test/unheld-lists.test.ts.
    const unheld = new Set((CONFIG_LISTS as readonly ConfigList[]).filter((c) => c.root).map((c) => c.kind));
    for (const route of listRoutes().filter(
      (r) => Object.hasOwn(REFERENCE_TABLES, r.resource) && !unheld.has(r.resource),
    )) {
      expect(Object.keys(CASES[route.path] ?? {}).sort(), route.path).toEqual(filterNames(route.path).sort());
    }
  });

  for (const [path, byFilter] of Object.entries(CASES)) {
    describe.each(Object.entries(byFilter))(`${path} %s`, (_, cases) => {
      it.each(cases)(`${path}?%s`, async (query, expected) => {
        expect(await ids(`${path}?${query}`)).toEqual(expected);
      });
    });
  }

  it("answers bad values with django-filter's messages", async () => {
    const bad = async (query: string) => {
      const { status, body } = await fixture.get(query);
      return [status, body];
    };
    expect(await bad('agencies/?founding_year=two&id=x')).toEqual([
      400,
      { founding_year: ['Enter a number.'], id: ['Enter a number.'] },
    ]);
    expect(await bad('launcher_configurations/?maiden_flight=notadate')).toEqual([
      400,
      { maiden_flight: ['Enter a valid date.'] },
    ]);
    expect(await bad('launcher_configurations/?maiden_flight=2021-02-30')).toEqual([
      400,
      { maiden_flight: ['Enter a valid date.'] },
    ]);
    expect(await bad('launcher_configurations/?families=999')).toEqual([
      400,
      { families: ['Select a valid choice. 999 is not one of the available choices.'] },
    ]);
    expect(await bad('pads/?latitude__gt=north')).toEqual([400, { latitude__gt: ['Enter a number.'] }]);
    expect(await bad('space_stations/?owners=abc')).toEqual([400, { owners: ['“abc” is not a valid value.'] }]);
  });
});

describe('search on the reference lists (the fields each endpoint documents)', () => {
  it.each([
    ['agencies/?search=rocket', [147, 9001]],
    ['agencies/?search=SPX', [121]],
    ['pads/?search=complex+4', [29, 80]],
    // Counters are searched as text: LC-1A has 2 launches.
    ['pads/?search=2', [120]],
    ['locations/?search=kaz', [15]],
    ['launcher_configurations/?search=ula', [201]],
    ['launcher_configurations/?search=block', [164]],
    ['launcher_configuration_families/?search=spacex', [1, 176]],
    ['space_stations/?search=nasa', [2]],
    // An expedition's name, and its crew's names, agencies (name and abbreviation) and nationalities.
    ['expeditions/?search=75', [180]],
    ['expeditions/?search=snoopy', [180]],
    ['expeditions/?search=nasa', [170, 180]],
    ['expeditions/?search=soviet', [3]],
    ['expeditions/?search=kazakh', [3]],
    ['expeditions/?search=american', [170, 180]],
    // A docking's port, chaser's spacecraft and target station by name.
    ['docking_events/?search=unity', [602]],
    ['docking_events/?search=space+station', [601, 602]],
    // Serial numbers and the status's name.
    ['launchers/?search=b106', [90]],
    ['launchers/?search=expended', [12]],
    ['astronauts/?search=american', [573]],
    ['astronauts/?search=nasa', [573]],
    // Sites, serial numbers, the spacecraft flight's spacecraft, configuration and launch name.
    ['landings/?search=ocisly', [1813]],
    ['landings/?search=b108', [1049]],
    ['landings/?search=endeavour', [1601]],
    ['landings/?search=crew+flight', [1601]],
    ['spacecraft/?search=cargo', [569]],
    ['spacecraft/?search=crew', [37]],
    ['spacecraft_configurations/?search=spx', [7, 22]],
    ['spacecraft_configurations/?search=mercury', [1]],
    ['mission_patches/?search=national', [40]],
    ['mission_patches/?search=starlink', [7]],
    ['celestial_bodies/?search=planet', [1]],
    // No searched fields documented: the list as it is.
    ['programs/?search=artemis', [15, 17]],
    ['config/orbits/?search=lunar', [8, 15, 90010]],
  ])('%s', async (query, expected) => {
    expect(await ids(query)).toEqual(expected);
  });
});

describe('ordering on the reference lists', () => {
  it.each([
    // Ties keep the list's default order (by name).
    ['agencies/?ordering=-total_launch_count', [147, 66, 121, 44, 9001, 124]],
    ['agencies/?ordering=featured', [44, 147, 9001, 66, 124, 121]],
    // PostgreSQL puts nulls last ascending and first descending.
    ['agencies/?ordering=-attempted_landings', [44, 9001, 66, 121, 124, 147]],
    ['agencies/?ordering=attempted_landings', [147, 44, 9001, 66, 121, 124]],
    ['launcher_configurations/?ordering=-leo_capacity', [164, 469, 201, 26]],
    ['launcher_configurations/?ordering=maiden_flight,-name', [26, 201, 469, 164]],
    ['pads/?ordering=location__name', [32, 29, 80, 120]],
    ['pads/?ordering=-id', [120, 80, 32, 29]],
    ['space_stations/?ordering=-founded', [4, 2]],
    ['expeditions/?ordering=-start', [190, 180, 170, 3]],
    // No end stated: last ascending, first descending (PostgreSQL); equal nulls by id.
    ['expeditions/?ordering=end', [3, 180, 170, 190]],
    ['expeditions/?ordering=-end', [170, 190, 180, 3]],
    ['expeditions/?ordering=-id', [190, 180, 170, 3]],
    ['docking_events/?ordering=docking', [602, 601]],
    // 601 has not departed: null last ascending, first descending (PostgreSQL).
    ['docking_events/?ordering=departure', [602, 601]],
    ['docking_events/?ordering=-departure', [601, 602]],
    // E-1 states no flights: last ascending, first descending.
    ['launchers/?ordering=flights', [12, 11, 90, 130]],
    ['astronauts/?ordering=-time_in_space', [573, 800, 1]],
    ['astronauts/?ordering=-flights_count', [573, 1, 800]],
    ['launchers/?ordering=-flights', [130, 90, 11, 12]],
    // The splashdown states no distance: first descending.
    ['landings/?ordering=-downrange_distance', [1601, 1813, 1049]],
    ['landings/?ordering=downrange_distance', [1049, 1813, 1601]],
    ['spacecraft/?ordering=-flights_count', [37, 569]],
    ['spacecraft/?ordering=time_docked', [569, 37]],
    ['spacecraft_configurations/?ordering=name', [7, 22, 1]],
    ['mission_patches/?ordering=priority', [40, 7]],
    ['updates/?ordering=-created_on', [101, 102, 103, 100]],
    ['updates/?ordering=created_on', [100, 103, 102, 101]],
    ['mission_patches/?ordering=-agency__name', [7, 40]],
    ['launchers/?ordering=flight_proven', [12, 130, 11, 90]],
    ['config/orbits/?ordering=-name', [15, 90010, 8]],
    ['programs/?ordering=-id', [17, 15]],
    // Not an ordering field of locations: the default order.
    ['locations/?ordering=name', [10, 12, 15]],
  ])('%s', async (query, expected) => {
    expect(await ids(query)).toEqual(expected);
  });
});

describe('paging and modes of the reference lists', () => {
  /** The text of a page's results array. */
  const resultsText = (text: string) => text.slice(text.indexOf('"results":'));

  it('answers normal mode byte for byte as the static pages, on every reference list', async () => {
    for (const route of listRoutes().filter((r) => Object.hasOwn(REFERENCE_TABLES, r.resource))) {
      const { text } = await fixture.get(`${route.path}?limit=100`);
      expect(resultsText(text), route.path).toBe(resultsText(fixture.files.get(`2.3.0/${route.path}index.json`)!));
    }
  });

  it("pages with LL2's links", async () => {
    const { body } = await fixture.get('agencies/?limit=2&offset=2');
    expect(body).toMatchObject({
      count: 6,
      next: 'http://query.test/2.3.0/agencies/?limit=2&offset=4',
      previous: 'http://query.test/2.3.0/agencies/?limit=2',
    });
    expect(body.results.map((a: { id: number }) => a.id)).toEqual([9001, 66]);
  });

  it('answers detailed mode with the detail files, where the list has it', async () => {
    for (const path of [
      'agencies',
      'locations',
      'launcher_configurations',
      'launcher_configuration_families',
      'space_stations',
      'celestial_bodies',
      'launchers',
      'landings',
      'spacecraft',
      'spacecraft_configurations',
      'spacecraft_flights',
      'mission_patches',
      'expeditions',
    ]) {
      const { body } = await fixture.get(`${path}/?mode=detailed&limit=100`);
      expect(body.results.length, path).toBeGreaterThan(0);
      for (const result of body.results)
        expect(result, path).toEqual(JSON.parse(fixture.files.get(`2.3.0/${path}/${result.id}/index.json`)!));
    }
  });

  it("answers list mode with LL2's short shapes where the list has it, and normal mode where it has not", async () => {
    const keys = async (query: string) => Object.keys((await fixture.get(query)).body.results[0]);
    expect(await keys('agencies/?mode=list')).toEqual(['response_mode', 'id', 'url', 'name', 'abbrev', 'type']);
    expect(await keys('launcher_configurations/?mode=list')).toEqual([
      'response_mode',
      'id',
      'url',
      'name',
      'families',
      'full_name',
      'variant',
    ]);
    // `id` is no filter of this list in LL2's document: ignored, as unknown parameters are.
    expect((await fixture.get('launcher_configurations/?mode=list&id=164')).body.count).toBe(4);
    expect((await fixture.get('launcher_configurations/?mode=list&name=Falcon+9')).body.results[0].families).toEqual([
      { response_mode: 'list', id: 1, name: 'Falcon' },
      { response_mode: 'list', id: 176, name: 'Falcon 9' },
    ]);
    expect(await keys('launcher_configuration_families/?mode=list')).toEqual(['response_mode', 'id', 'name']);
    expect(await keys('programs/?mode=list')).toEqual([
      'response_mode',
      'id',
      'url',
      'name',
      'image',
      'info_url',
      'wiki_url',
    ]);
    expect(await keys('celestial_bodies/?mode=list')).toEqual(['response_mode', 'id', 'name']);
    expect(await keys('launchers/?mode=list')).toEqual([
      'response_mode',
      'id',
      'url',
      'flight_proven',
      'serial_number',
      'is_placeholder',
      'status',
      'image',
    ]);
    // Lists without list or detailed mode answer their one shape, or normal mode.
    for (const query of [
      'locations/?mode=list',
      'space_stations/?mode=list',
      'programs/?mode=detailed',
      'pads/?mode=detailed',
      'config/orbits/?mode=list',
    ]) {
      const path = query.slice(0, query.indexOf('?'));
      expect(resultsText((await fixture.get(`${query}&limit=100`)).text), query).toBe(
        resultsText(fixture.files.get(`2.3.0/${path}index.json`)!),
      );
    }
  });

  it.skipIf(!officialOpenApiAvailable)(
    'list mode validates against the official AgencyMini, LauncherConfigList, LauncherConfigFamilyMini, ProgramMini, CelestialBodyMini and LauncherMini',
    async () => {
      const schemas: Record<string, string> = {
        agencies: 'AgencyMini',
        launcher_configurations: 'LauncherConfigList',
        launcher_configuration_families: 'LauncherConfigFamilyMini',
        programs: 'ProgramMini',
        celestial_bodies: 'CelestialBodyMini',
        launchers: 'LauncherMini',
      };
      const validators = officialValidators(Object.values(schemas));
      for (const [path, schema] of Object.entries(schemas)) {
        for (const result of (await fixture.get(`${path}/?mode=list&limit=100`)).body.results) {
          expect(validators[schema](result), `${path} ${JSON.stringify(validators[schema].errors)}`).toBe(true);
        }
      }
    },
  );
});
