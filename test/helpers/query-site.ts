// One small data set for the query engine, the Node server and the edge worker:
// the checked-in fixture plus four agencies' launches over three pads, two
// locations and a lunar orbit, a suborbital and a crewed flight, boosters, videos,
// launches tied on NET, a launch from the last 24 hours (in upcoming and previous),
// and events with and without dates. Tests state their expected answers by name;
// the comments here say what each record is for. Built in memory (every file the
// build writes) or on disk.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { keyedRecords } from '../../scripts/schemas/building-blocks.ts';
import {
  REFERENCE_FILES,
  REFERENCE_KINDS,
  type FileReferenceKind as ReferenceKind,
} from '../../scripts/schemas/data-files.ts';
import { recordToYaml } from '../../scripts/lib/data/canonical.ts';
import { buildSite, generateApi, validateDataDir } from '../../scripts/lib/pipeline.ts';
import { createHandler, type Handler } from '../../scripts/lib/query/handler.ts';
import type { EventRecord, LaunchRecord } from '../../scripts/lib/model/records.ts';
import { copyFixture, makeEvent, makeLaunch, removeDir, tempDir, testUuid, writeRecords } from './data.ts';

export const NOW = Date.parse('2026-11-21T12:00:00Z');
export const BASE_URL = 'https://api.example.org/2.3.0/';
/** Where test requests are made: not the base URL, so links that follow the request are told apart from objects' urls. */
export const ORIGIN = 'http://query.test';

const EXTRA_REFERENCE: Partial<Record<ReferenceKind, Record<string, unknown>>> = {
  agencies: {
    // Landings from LL2's figures; a description, a spacecraft and a founding year for the reference lists' filters.
    'rocket-lab': {
      id: 147,
      name: 'Rocket Lab',
      abbrev: 'RL',
      type: 'commercial',
      country: ['usa'],
      founding_year: 2006,
      spacecraft: 'Photon',
      description: 'Rocket Lab builds the Electron rocket.',
      ll2_figures: {
        attempted_landings: 3,
        successful_landings: 1,
        failed_landings: 2,
        consecutive_successful_landings: 0,
      },
    },
    ula: {
      id: 124,
      name: 'United Launch Alliance',
      abbrev: 'ULA',
      type: 'commercial',
      country: ['usa'],
      founding_year: 2006,
    },
    // A child agency (LL2 names the parent), from Kazakhstan's country list so a country filter tells it apart.
    'rocket-lab-kz': {
      id: 9001,
      name: 'Rocket Lab Baikonur',
      abbrev: 'RL-KZ',
      type: 'commercial',
      country: ['kaz'],
      parent: 'Rocket Lab',
    },
  },
  // Astronauts: one in space who flew the crew launch, one deceased, and a non-human one that lands with that crew.
  astronauts: {
    'jessica-meir': {
      id: 573,
      name: 'Jessica Meir',
      status: { id: 1, name: 'Active' },
      type: { id: 2, name: 'Government' },
      agency: 'nasa',
      nationality: ['usa'],
      in_space: true,
      time_in_space: 'P204DT15H19M1S',
      age: 49,
      date_of_birth: '1977-07-01',
      date_of_death: null,
      first_flight: '2019-09-25T13:57:42Z',
      last_flight: '2026-12-10T00:00:00Z',
      bio: 'Biologist.',
    },
    'yuri-gagarin': {
      id: 1,
      name: 'Yuri Gagarin',
      status: { id: 2, name: 'Deceased' },
      type: { id: 2, name: 'Government' },
      agency: 'soviet-space-program',
      nationality: ['rus', 'kaz'],
      in_space: false,
      time_in_space: 'PT1H48M',
      age: 34,
      date_of_birth: '1934-03-09',
      date_of_death: '1968-03-27',
      first_flight: '1961-04-12T06:07:00Z',
      last_flight: '1961-04-12T06:07:00Z',
      bio: 'First human in space.',
    },
    snoopy: {
      id: 800,
      name: 'Snoopy',
      status: { id: 1, name: 'Active' },
      type: { id: 5, name: 'Non-Human' },
      agency: null,
      nationality: [],
      in_space: false,
      time_in_space: 'P25DT10H',
      first_flight: null,
      last_flight: null,
      bio: 'A plush beagle.',
    },
  },
  // Landings: the crew flight's booster (lost, on a landing zone of ours) and Starlink 1's on a drone ship; the crew flight's capsule
  // lands as the checked-in fixture's landing-1601 (outcome not known yet).
  landings: {
    'landing-1813': {
      id: 1813,
      attempt: true,
      success: true,
      description: 'B1090 landed on OCISLY.',
      downrange_distance: 574,
      landing_location: {
        id: 1,
        name: 'Of Course I Still Love You',
        abbrev: 'OCISLY',
        successful_landings: 182,
        celestial_body: 'earth',
      },
      type: { id: 1, name: 'Autonomous Spaceport Drone Ship', abbrev: 'ASDS', description: 'A drone ship.' },
    },
    'landing-1049': {
      id: 1049,
      attempt: true,
      success: false,
      description: 'B1085 was lost.',
      downrange_distance: 9,
      landing_location: {
        id: 20,
        name: 'Landing Zone 40',
        abbrev: 'LZ-40',
        location: 'cape-canaveral',
        successful_landings: 1,
      },
      type: { id: 2, name: 'Return to Launch Site', abbrev: 'RTLS' },
    },
  },
  // Updates of Starlink 1, the crew flight and the lunar launch (the checked-in fixture's update-100 is no launch's).
  updates: {
    'update-101': {
      id: 101,
      created_on: '2026-11-20T10:00:00Z',
      comment: 'Go for launch.',
      created_by: 'fixture',
      info_url: 'https://example.org/go',
    },
    'update-102': { id: 102, created_on: '2026-11-19T00:00:00Z', comment: 'Crew named.', created_by: 'fixture' },
    'update-103': { id: 103, created_on: '2026-11-18T12:00:00Z', comment: 'NET January.', created_by: 'fixture' },
  },
  // Mission patches: Artemis I (the lunar launch) beside the checked-in fixture's Starlink patch (both Starlink launches).
  missionPatches: {
    'artemis-i': {
      id: 40,
      name: 'Artemis I',
      priority: 5,
      image_url: 'https://example.org/artemis-i.png',
      agency: 'nasa',
    },
  },
  // Spacecraft: the crew flight's capsule (the checked-in fixture's Cargo Dragon placeholder flies nothing of ours); configurations:
  // the capsule's and a retired one of NASA's.
  spacecraft: {
    'crew-dragon-endeavour': {
      id: 37,
      name: 'Crew Dragon Endeavour',
      spacecraft_config: 'crew-dragon',
      serial_number: 'C206',
      is_placeholder: false,
      in_space: true,
      time_in_space: 'P300DT1H',
      time_docked: 'P290D',
      flights_count: 5,
      mission_ends_count: 4,
      status: { id: 1, name: 'Active' },
      description: 'Second Crew Dragon.',
    },
  },
  // The crew flight's spacecraft stage (the checked-in fixture's flight 880 of the placeholder is no launch's of ours).
  spacecraftFlights: {
    'spacecraft-flight-3': {
      id: 3,
      spacecraft: 'crew-dragon-endeavour',
      landing: 'landing-1601',
      destination: 'International Space Station',
      mission_end: '2027-06-10T12:00:00Z',
    },
  },
  spacecraftConfigurations: {
    'crew-dragon': {
      id: 22,
      name: 'Crew Dragon',
      type: { id: 2, name: 'Capsule' },
      agency: 'spacex',
      in_use: true,
      human_rated: true,
      crew_capacity: 7,
      maiden_flight: '2019-03-02',
      image: { id: 0, name: '', image_url: 'https://example.org/crew-dragon.jpg' },
      wiki_link: 'https://en.wikipedia.org/wiki/Dragon_2',
      info_link: 'https://www.spacex.com/dragon',
    },
    mercury: {
      id: 1,
      name: 'Mercury',
      type: { id: 2, name: 'Capsule' },
      agency: 'nasa',
      in_use: false,
      human_rated: true,
      wiki_link: 'https://en.wikipedia.org/wiki/Project_Mercury',
      info_link: '',
    },
  },
  celestialBodies: {
    moon: {
      id: 2,
      name: 'Moon',
      type: { id: 2, name: 'Moon' },
      image: { id: 3, name: 'Moon', image_url: 'https://example.org/moon.jpg' },
    },
  },
  locations: {
    mahia: {
      id: 10,
      name: 'Onenui Station, Mahia Peninsula, New Zealand',
      celestial_body: 'earth',
      country: null,
      timezone_name: 'Pacific/Auckland',
      ll2_figures: { total_landing_count: 2 },
    },
  },
  pads: {
    'lc-1a': {
      id: 120,
      name: 'Rocket Lab Launch Complex 1A',
      location: 'mahia',
      country: null,
      agencies: ['rocket-lab'],
      latitude: -39.262833,
      longitude: 177.864469,
    },
    'slc-41': {
      id: 29,
      name: 'Space Launch Complex 41',
      location: 'cape-canaveral',
      country: 'usa',
      agencies: ['ula', 'nasa'],
      latitude: 28.58341,
      longitude: -80.58303,
    },
  },
  orbits: { 'lunar-orbit': { id: 90010, name: 'Lunar Orbit', abbrev: 'LO', celestial_body: 'moon' } },
  launcherFamilies: { vulcan: { id: 260, name: 'Vulcan', manufacturer: ['ula'], maiden_flight: '2024-01-08' } },
  launcherStatuses: { active: { id: 90001, name: 'Active' }, expended: { id: 90002, name: 'Expended' } },
  // Boosters: two Falcon 9 cores (one flown five times, one expended on its first flight) and an Electron placeholder without figures.
  launchers: {
    b1090: {
      id: 11,
      serial_number: 'B1090',
      status: 'active',
      flight_proven: true,
      details: 'Falcon 9 core.',
      launcher_config: 'falcon-9-block-5',
      successful_landings: 5,
      attempted_landings: 5,
      flights: 5,
      first_launch_date: '2024-11-01T00:00:00Z',
      last_launch_date: '2026-11-25T10:00:00Z',
      fastest_turnaround: 'P20D',
    },
    b1085: {
      id: 12,
      serial_number: 'B1085',
      status: 'expended',
      flight_proven: false,
      launcher_config: 'falcon-9-block-5',
      successful_landings: 0,
      attempted_landings: 1,
      flights: 1,
      first_launch_date: '2026-12-10T00:00:00Z',
      last_launch_date: '2026-12-10T00:00:00Z',
    },
    'electron-1': { id: 130, serial_number: 'E-1', status: null, is_placeholder: true, launcher_config: 'electron' },
  },
  launcherConfigurations: {
    electron: {
      id: 26,
      name: 'Electron',
      full_name: 'Electron',
      families: [],
      manufacturer: 'rocket-lab',
      maiden_flight: '2017-05-25',
      leo_capacity: 300,
      launch_cost: 7500000,
      launch_mass: 13,
    },
    'vulcan-vc2s': {
      id: 201,
      name: 'Vulcan VC2S',
      full_name: 'Vulcan VC2S',
      families: ['vulcan'],
      variant: 'VC2S',
      manufacturer: 'ula',
      program: ['artemis'],
      maiden_flight: '2024-01-08',
      leo_capacity: 19000,
      is_placeholder: true,
    },
  },
  programs: {
    artemis: {
      id: 15,
      name: 'Artemis',
      type: { id: 2, name: 'Human Spaceflight' },
      agencies: ['nasa'],
      start_date: '2017-12-11T00:00:00Z',
    },
  },
  // Expeditions beside the checked-in fixture's Expedition 74 (id 170, ISS, from 2026-08-01, no end, Meir): one ended aboard Skylab
  // (Gagarin), one under way at the clock with an end after it (Meir and Snoopy), one that starts after the clock (no crew, no end).
  expeditions: {
    'skylab-4': {
      id: 3,
      name: 'Skylab 4',
      start: '1973-11-16T14:01:00Z',
      end: '1974-02-08T15:17:00Z',
      space_station: 'skylab',
      crew: [{ id: 7, role: { id: 1, role: 'Commander', priority: 0 }, astronaut: 'yuri-gagarin' }],
    },
    'expedition-75': {
      id: 180,
      name: 'Expedition 75',
      start: '2026-11-20T00:00:00Z',
      end: '2026-12-15T00:00:00Z',
      space_station: 'iss',
      crew: [
        { id: 502, role: { id: 2, role: 'Flight Engineer', priority: 1 }, astronaut: 'jessica-meir' },
        { id: 503, role: { id: 9, role: 'Mascot', priority: 9 }, astronaut: 'snoopy' },
      ],
    },
    'expedition-76': {
      id: 190,
      name: 'Expedition 76',
      start: '2027-01-01T00:00:00Z',
      end: null,
      space_station: 'iss',
      crew: [],
    },
  },
  spaceStations: {
    skylab: {
      id: 2,
      name: 'Skylab',
      status: { id: 2, name: 'De-Orbited' },
      type: { id: 1, name: 'Government' },
      founded: '1973-05-14',
      deorbited: '1979-07-11',
      orbit: 'Low Earth Orbit',
      owners: ['nasa'],
    },
  },
};

/** The fixture's two launches (sputnik-1.yaml, crs-demo.yaml), by the names tests use. */
export const SPUTNIK = 'e3df2ecd-c239-472f-95e4-2b89b4f75800';
export const RESUPPLY = '11111111-2222-4333-8444-555555555555';

/** Launch numbers (testUuid) of the records below. */
export const Q = { recent: 1, starlink1: 2, crew: 3, lunar: 4, suborbital: 5, starlink2: 6, old: 7 } as const;
export const uuid = (n: number): string => testUuid(n);

/** Queries an edge host must answer with the handler's bytes (the Cloudflare worker in workerd, the Netlify function in Deno). */
export const EDGE_QUERIES: readonly string[] = [
  '/2.3.0/launches/upcoming/?lsp__id=121&limit=2',
  '/2.3.0/launches/?search=falcon+flight&mode=list',
  '/2.3.0/launches/previous/?ordering=-last_updated&mode=detailed&limit=3&offset=1',
  '/2.3.0/events/?ordering=-date&format=json',
  '/2.3.0/launches/?net__gte=notadate&lsp__id=abc',
  `/2.3.0/launches/upcoming/${uuid(Q.recent)}/`,
  `/2.3.0/launches/upcoming/${SPUTNIK}/`,
  `/2.3.0/launches/${SPUTNIK}/?format=json`,
  '/2.3.0/events/previous/904/?search=docking',
  '/2.3.0/launches/?format=xml',
  '/2.3.0/agencies/?search=rocket&mode=list&ordering=-total_launch_count',
  '/2.3.0/launcher_configurations/?maiden_flight__gte=2017-01-01&mode=detailed',
  '/2.3.0/pads/?latitude__lt=0',
  '/2.3.0/config/orbits/?limit=2&offset=1',
];

export function queryLaunches(): LaunchRecord[] {
  const electron = { launch_service_provider: 'rocket-lab', rocket: { configuration: 'electron' }, pad: 'lc-1a' };
  return [
    // 10 hours before the clock: in upcoming (the last 24 hours) and in previous; upcoming does not search designators.
    makeLaunch(Q.recent, '2026-11-21T02:00:00Z', {
      ...electron,
      name: 'Electron | Recent Flight',
      status: 'success',
      launch_designator: '2026-250',
      mission: { name: 'Recent Flight', type: 'communications', orbit: 'leo' },
      last_updated: '2026-11-21T03:00:00Z',
    }),
    // Ties with starlink2 on NET; a booster and a video.
    makeLaunch(Q.starlink1, '2026-11-25T10:00:00Z', {
      name: 'Falcon 9 Block 5 | Starlink Group 1',
      status: 'go',
      last_updated: '2026-11-20T00:00:00Z',
      vid_urls: [{ url: 'https://video.example.org/starlink-1' }],
      mission_patches: ['space-x-starlink-mission-patch'],
      updates: ['update-101'],
      rocket: {
        configuration: 'falcon-9-block-5',
        launcher_stage: [{ id: 1, launcher: 'b1090', landing: 'landing-1813' }],
      },
    }),
    // Crewed: a spacecraft flight with a launch crew.
    makeLaunch(Q.crew, '2026-12-10T00:00:00Z', {
      name: 'Falcon 9 Block 5 | Crew Flight',
      status: 'tbd',
      program: ['iss'],
      last_updated: '2026-11-19T00:00:00Z',
      updates: ['update-102'],
      mission: { name: 'Crew Flight', type: 'resupply', orbit: 'leo', agencies: ['nasa'] },
      rocket: {
        configuration: 'falcon-9-block-5',
        launcher_stage: [
          {
            id: 2,
            launcher: 'b1085',
            landing: 'landing-1049',
            previous_flight_date: '2020-05-30T19:22:45Z',
            previous_flight: { id: uuid(Q.old), name: 'Falcon 9 Block 5 | Old Flight' },
          },
        ],
        spacecraft_stage: [
          {
            flight: 'spacecraft-flight-3',
            launch_crew: [{ id: 1, role: { id: 1, role: 'Commander', priority: 1 }, astronaut: 'jessica-meir' }],
            landing_crew: [{ id: 2, role: { id: 9, role: 'Mascot', priority: 9 }, astronaut: 'snoopy' }],
          },
        ],
      },
    }),
    // ULA to the Moon, Artemis program.
    makeLaunch(Q.lunar, '2027-01-15T00:00:00Z', {
      name: 'Vulcan VC2S | Lunar Lander',
      status: 'tbd',
      launch_service_provider: 'ula',
      rocket: { configuration: 'vulcan-vc2s' },
      pad: 'slc-41',
      program: ['artemis'],
      mission: { name: 'Lunar Lander', type: 'test-flight', orbit: 'lunar-orbit' },
      last_updated: '2026-11-18T00:00:00Z',
      window_start: '2027-01-14T23:00:00Z',
      window_end: '2027-01-15T02:00:00Z',
      mission_patches: ['artemis-i'],
      updates: ['update-103'],
    }),
    // Suborbital, failed, with a designator.
    makeLaunch(Q.suborbital, '2025-06-01T00:00:00Z', {
      ...electron,
      name: 'Electron | Suborbital Test',
      status: 'failure',
      launch_designator: '2025-050',
      mission: { name: 'Suborbital Test', type: 'test-flight', orbit: 'suborbital' },
      last_updated: '2025-06-02T00:00:00Z',
    }),
    makeLaunch(Q.starlink2, '2026-11-25T10:00:00Z', {
      name: 'Falcon 9 Block 5 | Starlink Group 2',
      status: 'go',
      last_updated: '2026-11-21T06:00:00Z',
      mission_patches: ['space-x-starlink-mission-patch'],
      rocket: {
        configuration: 'falcon-9-block-5',
        launcher_stage: [
          {
            id: 4,
            launcher: 'b1062',
            previous_flight: { id: '0a1b2c3d-0000-4000-8000-00000000ffff', name: 'Elsewhere' },
          },
        ],
      },
    }),
    makeLaunch(Q.old, '2020-05-30T19:22:45Z', {
      name: 'Falcon 9 Block 5 | Old Flight',
      status: 'success',
      launch_designator: '2020-033',
      last_updated: '2020-06-01T00:00:00Z',
      vid_urls: [{ url: 'https://video.example.org/old' }, { url: 'https://video.example.org/old-2' }],
    }),
  ];
}

export function queryEvents(): EventRecord[] {
  return [
    // 12 hours before the clock: in upcoming (the last 24 hours) and in previous.
    makeEvent(902, '2026-11-21T00:00:00Z', {
      name: 'Electron Static Fire',
      type: 'static-fire',
      agencies: ['rocket-lab'],
      vid_urls: [{ url: 'https://video.example.org/fire' }],
      last_updated: '2026-11-21T01:00:00Z',
    }),
    makeEvent(903, null, { name: 'Undated Docking', last_updated: '2026-01-01T00:00:00Z' }),
    makeEvent(904, '2025-01-01T00:00:00Z', {
      name: 'Past Docking',
      agencies: ['nasa'],
      last_updated: '2025-01-02T00:00:00Z',
    }),
    makeEvent(905, '2027-02-01T00:00:00Z', {
      name: 'Lunar Static Fire',
      type: 'static-fire',
      program: ['artemis'],
      last_updated: '2026-10-01T00:00:00Z',
    }),
  ];
}

/** The fixture copy with the records and reference records above. */
export async function writeQueryData(): Promise<string> {
  const dataDir = await copyFixture();
  for (const [kind, records] of Object.entries(EXTRA_REFERENCE) as Array<[ReferenceKind, Record<string, unknown>]>) {
    const file = path.join(dataDir, 'reference', `${REFERENCE_FILES[kind]}.yaml`);
    const existing = (parse(await readFile(file, 'utf8').catch(() => '{}')) ?? {}) as Record<string, unknown>;
    await writeFile(file, recordToYaml({ ...existing, ...records }, keyedRecords(REFERENCE_KINDS[kind])));
  }
  await writeRecords(dataDir, queryLaunches(), queryEvents());
  return dataDir;
}

export interface QueryFixture {
  /** Every file the build writes (no compressed twins), by path. */
  files: Map<string, string>;
  handler: Handler;
  /** GET through the handler; the path is under the API root (`launches/?limit=2`). */
  get(pathAndQuery: string): Promise<{ status: number; body: any; text: string; headers: Headers }>;
}

/** The data set built in memory, with a handler over its files. */
export async function queryFixture(): Promise<QueryFixture> {
  const dataDir = await writeQueryData();
  try {
    const checked = await validateDataDir(dataDir, NOW);
    if (!checked.dataset) throw new Error(`query fixture has errors: ${JSON.stringify(checked.problems.slice(0, 3))}`);
    const files = new Map(
      generateApi(checked.dataset, { now: NOW, baseUrl: BASE_URL }).map((f) => [f.path, String(f.content)]),
    );
    const handler = createHandler({ readText: async (file) => files.get(file) });
    return {
      files,
      handler,
      get: async (pathAndQuery) => {
        const response = await handler.fetch(new Request(`${ORIGIN}/2.3.0/${pathAndQuery}`));
        const text = await response.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        return { status: response.status, body, text, headers: response.headers };
      },
    };
  } finally {
    await removeDir(dataDir);
  }
}

/** The data set built on disk into `<temp>/public` (remove `root` afterwards). */
export async function buildQuerySite(baseUrl = BASE_URL): Promise<{ root: string; out: string }> {
  const dataDir = await writeQueryData();
  try {
    const root = await tempDir();
    const out = path.join(root, 'public');
    await buildSite(dataDir, out, { now: NOW, baseUrl });
    return { root, out };
  } finally {
    await removeDir(dataDir);
  }
}
