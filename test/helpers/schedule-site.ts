// A data set the size and shape of the real schedule at one clock, for the pages'
// tests: 70 upcoming launches (as the real data has at today's clock) of three
// providers at three sites in three time zones, every NET precision LL2 has, a
// name full of markup, 250 past launches (several pages of the page's data) with
// their outcomes, and upcoming and past events. Generated, deterministic.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { recordToYaml } from '../../scripts/lib/data/canonical.ts';
import type { EventRecord, LaunchRecord } from '../../scripts/lib/model/records.ts';
import { generateApi, validateDataDir } from '../../scripts/lib/pipeline.ts';
import type { BuildInputs } from '../../scripts/lib/api/context.ts';
import type { DataSet } from '../../scripts/lib/model/records.ts';
import { keyedRecords } from '../../scripts/schemas/building-blocks.ts';
import {
  REFERENCE_FILES,
  REFERENCE_KINDS,
  type FileReferenceKind as ReferenceKind,
} from '../../scripts/schemas/data-files.ts';
import { copyFixture, makeEvent, makeLaunch, removeDir, testUuid, writeRecords } from './data.ts';
import { HOSTILE_NAME } from './feature-site.ts';

export { HOSTILE_NAME };
export const NOW = Date.parse('2026-11-21T12:00:00Z');
export const BASE_URL = 'https://mirror.example.org/some/path/2.3.0/';
export const UPCOMING_COUNT = 70;
export const PREVIOUS_COUNT = 250;

const PRECISION_NAMES: Array<[string, number, string, string]> = [
  ['second', 0, 'Second', 'SEC'],
  ['minute', 1, 'Minute', 'MIN'],
  ['hour', 2, 'Hour', 'HR'],
  ['morning', 3, 'Morning (local time)', 'AM'],
  ['afternoon', 4, 'Afternoon (local time)', 'PM'],
  ['day', 5, 'Day', 'DAY'],
  ['week', 6, 'Week', 'W'],
  ['month', 7, 'Month', 'M'],
  ['q1', 8, 'Quarter 1', 'Q1'],
  ['q2', 9, 'Quarter 2', 'Q2'],
  ['q3', 10, 'Quarter 3', 'Q3'],
  ['q4', 11, 'Quarter 4', 'Q4'],
  ['h1', 12, 'Half 1', 'H1'],
  ['h2', 13, 'Half 2', 'H2'],
  ['year', 14, 'Year', 'YEAR'],
  ['fiscal-year', 15, 'Fiscal Year', 'FY'],
  ['decade', 16, 'Decade', 'DEC'],
];

/** Reference records added to the small fixture's, by kind. */
const EXTRA_REFERENCE: Partial<Record<ReferenceKind, Record<string, Record<string, unknown>>>> = {
  countries: {
    nzl: { id: 70, name: 'New Zealand', alpha_2_code: 'NZ', alpha_3_code: 'NZL' },
    chn: { id: 19, name: 'China', alpha_2_code: 'CN', alpha_3_code: 'CHN' },
  },
  agencies: {
    'rocket-lab': { id: 147, name: 'Rocket Lab', abbrev: 'RL', type: 'commercial', country: ['usa'] },
    casc: {
      id: 88,
      name: 'China Aerospace Science and Technology Corporation',
      abbrev: 'CASC',
      type: 'government',
      country: ['chn'],
    },
  },
  locations: {
    mahia: {
      id: 10,
      name: 'Rocket Lab Launch Complex, Mahia Peninsula, New Zealand',
      celestial_body: 'earth',
      country: 'nzl',
      timezone_name: 'Pacific/Auckland',
    },
    jiuquan: {
      id: 17,
      name: "Jiuquan Satellite Launch Center, People's Republic of China",
      celestial_body: 'earth',
      country: 'chn',
      timezone_name: 'Asia/Shanghai',
    },
  },
  pads: {
    'lc-1a': {
      id: 166,
      name: 'Rocket Lab Launch Complex 1A',
      location: 'mahia',
      country: 'nzl',
      latitude: -39.262833,
      longitude: 177.864469,
    },
    'lc-95a': {
      id: 21,
      name: 'Launch Area 95A',
      location: 'jiuquan',
      country: 'chn',
      map_url: 'https://www.google.com/maps?q=40.96,100.29',
    },
  },
  launcherFamilies: { electron: { id: 116, name: 'Electron' }, 'long-march': { id: 12, name: 'Long March' } },
  launcherConfigurations: {
    electron: { id: 26, name: 'Electron', full_name: 'Electron', families: ['electron'], manufacturer: 'rocket-lab' },
    'long-march-2d': {
      id: 11,
      name: 'Long March 2D',
      full_name: 'Long March 2D',
      families: ['long-march'],
      manufacturer: 'casc',
    },
  },
  launchStatuses: {
    hold: {
      id: 5,
      name: 'On Hold',
      abbrev: 'Hold',
      description: 'The countdown has been paused, but the launch can still happen within the launch window.',
    },
    'in-flight': {
      id: 6,
      name: 'Launch in Flight',
      abbrev: 'In Flight',
      description: 'The launch vehicle has lifted off from the launchpad.',
    },
    'partial-failure': {
      id: 7,
      name: 'Launch was a Partial Failure',
      abbrev: 'Partial Failure',
      description: 'The payload was not delivered to its target orbit.',
    },
    tbc: {
      id: 8,
      name: 'To Be Confirmed',
      abbrev: 'TBC',
      description: 'Awaiting official confirmation - current date is known with some certainty.',
    },
  },
  netPrecisions: Object.fromEntries(
    PRECISION_NAMES.map(([key, id, name, abbrev]) => [
      key,
      { id, name, abbrev, description: `The T-0 is known to the ${name.toLowerCase()}.` },
    ]),
  ),
  missionTypes: {
    'earth-science': { id: 90101, name: 'Earth Science' },
    government: { id: 90102, name: 'Government/Top Secret' },
  },
  orbits: { sso: { id: 17, name: 'Sun-Synchronous Orbit', abbrev: 'SSO', celestial_body: 'earth' } },
  eventTypes: { eva: { id: 3, name: 'EVA (spacewalk)' } },
};

async function addReference(dataDir: string): Promise<void> {
  for (const [kind, records] of Object.entries(EXTRA_REFERENCE) as Array<
    [ReferenceKind, Record<string, Record<string, unknown>>]
  >) {
    const file = path.join(dataDir, 'reference', `${REFERENCE_FILES[kind]}.yaml`);
    const present = parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, recordToYaml({ ...records, ...present }, keyedRecords(REFERENCE_KINDS[kind])));
  }
}

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000', '');
const HOUR = 3_600_000;

interface Provider {
  agency: string;
  pad: string;
  rocket: string;
  mission: (i: number) => { name: string; type: string; orbit: string };
  rocketName: string;
}

const PROVIDERS: Provider[] = [
  {
    agency: 'spacex',
    pad: 'slc-40',
    rocket: 'falcon-9-block-5',
    rocketName: 'Falcon 9 Block 5',
    mission: (i) => ({ name: `Starlink Group 12-${i}`, type: 'communications', orbit: 'leo' }),
  },
  {
    agency: 'rocket-lab',
    pad: 'lc-1a',
    rocket: 'electron',
    rocketName: 'Electron',
    mission: (i) => ({ name: `Owl Night Long ${i}`, type: 'earth-science', orbit: 'sso' }),
  },
  {
    agency: 'casc',
    pad: 'lc-95a',
    rocket: 'long-march-2d',
    rocketName: 'Long March 2D',
    mission: (i) => ({ name: `Yaogan-45 Group ${String(i).padStart(2, '0')}`, type: 'government', orbit: 'sso' }),
  },
];

/** Launch numbers of the launches tests look at. */
export const S = {
  /** Minute precision, Go, SpaceX, a webcast: the first launch after the clock. */
  next: 1000,
  morning: 1001,
  hostile: 1002,
  hour: 1003,
  day: 1004,
  month: 1005,
  quarter: 1006,
  year: 1007,
  second: 1008,
  /** Past its NET (31 hours before the clock) and still Go: no outcome recorded. */
  overdue: 2000,
  /** Upcoming launches 1100…, past ones 2000…. */
  upcoming: 1100,
  previous: 2000,
} as const;

/** As imported from LL2: the data last heard from it at the newest `last_updated`, 28 hours before the clock. */
const LL2_PROVENANCE = { credit: 'Launch Library 2 by The Space Devs', ll2_version: '2.3.0' };

/** LL2's image server: pictures stay links to it, never copies. */
export const CDN = 'https://thespacedevs-prod.nyc3.digitaloceanspaces.com/media/images/';
export const NEXT_IMAGE = {
  id: 1234,
  name: 'Falcon 9 on the pad',
  image_url: `${CDN}falcon9_image.jpeg`,
  thumbnail_url: `${CDN}255bauto255d__image_thumbnail.jpeg`,
  credit: 'SpaceX',
  license: { id: 5, name: 'CC BY-NC 2.0', priority: 3, link: 'https://creativecommons.org/licenses/by-nc/2.0/' },
};

const endOfMonth = (year: number, month: number): string => iso(Date.UTC(year, month, 0));

export function scheduleLaunches(): LaunchRecord[] {
  const launch = (
    n: number,
    provider: Provider,
    net: string,
    i: number,
    overrides: Partial<LaunchRecord> = {},
  ): LaunchRecord =>
    makeLaunch(n, net, {
      name: `${provider.rocketName} | ${provider.mission(i).name}`,
      launch_service_provider: provider.agency,
      pad: provider.pad,
      rocket: { configuration: provider.rocket },
      mission: provider.mission(i),
      net_precision: 'minute',
      last_updated: '2026-11-20T08:00:00Z',
      provenance: LL2_PROVENANCE,
      ...overrides,
    });
  const [spacex, rocketLab, casc] = PROVIDERS;
  const special: LaunchRecord[] = [
    launch(S.next, spacex, '2026-11-21T14:30:00Z', 1, {
      status: 'go',
      window_start: '2026-11-21T14:30:00Z',
      window_end: '2026-11-21T18:30:00Z',
      probability: 90,
      vid_urls: [
        { url: 'https://www.youtube.com/watch?v=next-launch', title: 'Starlink Group 12-1 live', publisher: 'SpaceX' },
      ],
      info_urls: [{ url: 'https://example.org/starlink-12-1', title: 'Mission page' }],
      image: NEXT_IMAGE,
      rocket: {
        configuration: spacex.rocket,
        launcher_stage: [
          {
            id: 901,
            type: 'Core',
            reused: true,
            launcher_flight_number: 12,
            turn_around_time_days: 41,
            launcher: { id: 201, serial_number: 'B1080', flight_proven: true, flights: 12 },
            landing: {
              id: 301,
              attempt: true,
              success: null,
              description: 'The booster will land on the drone ship.',
              landing_location: { id: 5, name: 'A Shortfall of Gravitas', abbrev: 'ASOG' },
              type: { id: 2, name: 'Autonomous Spaceport Drone Ship', abbrev: 'ASDS' },
            },
          },
        ],
      },
      timeline: [
        { relative_time: '-PT38M', type: { id: 1, abbrev: 'Prop Load', description: 'Propellant loading begins' } },
        { relative_time: 'PT2M30S', type: { id: 2, abbrev: 'MECO', description: 'Main engine cut-off' } },
      ],
      mission_patches: [{ id: 77, name: 'Starlink patch', image_url: `${CDN}starlink_patch.png`, priority: 10 }],
      updates: [
        {
          id: 2,
          comment: 'Go for launch after the static fire.',
          created_by: 'editor',
          created_on: '2026-11-20T08:00:00Z',
          info_url: 'https://example.org/update-2',
        },
        { id: 1, comment: 'Added to the schedule.', created_by: 'editor', created_on: '2026-11-01T10:00:00Z' },
      ],
    }),
    // Morning in New Zealand: 20:00 UTC on the 24th is the morning of the 25th at the site.
    launch(S.morning, rocketLab, '2026-11-24T20:00:00Z', 2, { net_precision: 'morning' }),
    launch(S.hostile, spacex, '2026-11-22T06:00:00Z', 3, { name: HOSTILE_NAME }),
    // A crew saved without its spacecraft (as trimmed 2.2.0 copies have it): out of the API's detail, on the page.
    launch(S.hour, casc, '2026-11-23T03:00:00Z', 4, {
      net_precision: 'hour',
      rocket: {
        configuration: casc.rocket,
        spacecraft_stage: [
          {
            destination: 'Tiangong',
            launch_crew: [{ id: 3, role: { id: 1, role: 'Commander' }, astronaut: 'jessica-meir' }],
          },
        ],
      },
    }),
    launch(S.day, casc, '2026-11-26T00:00:00Z', 5, { net_precision: 'day' }),
    launch(S.month, rocketLab, endOfMonth(2026, 12), 6, { net_precision: 'month' }),
    launch(S.quarter, casc, endOfMonth(2027, 3), 7, { net_precision: 'q1' }),
    launch(S.year, spacex, endOfMonth(2027, 12), 8, { net_precision: 'year' }),
    launch(S.second, spacex, '2026-11-27T22:01:07Z', 9, {
      net_precision: 'second',
      status: 'tbc',
      rocket: {
        configuration: spacex.rocket,
        spacecraft_stage: [
          {
            id: 401,
            destination: 'International Space Station',
            spacecraft: {
              id: 501,
              name: 'Crew Dragon Endeavour',
              serial_number: 'C206',
              spacecraft_config: { id: 6, name: 'Crew Dragon' },
            },
            launch_crew: [
              {
                id: 1,
                role: { id: 1, role: 'Commander' },
                astronaut: {
                  id: 11,
                  name: 'Ada Example',
                  agency: { id: 44, name: 'National Aeronautics and Space Administration', abbrev: 'NASA' },
                },
              },
              {
                id: 2,
                role: { id: 2, role: 'Pilot' },
                astronaut: {
                  id: 12,
                  name: 'Bo Sample',
                  agency: { id: 27, name: 'European Space Agency', abbrev: 'ESA' },
                },
              },
            ],
            onboard_crew: [],
            landing_crew: [],
            landing: null,
          },
        ],
      },
    }),
  ];
  const upcoming = Array.from({ length: UPCOMING_COUNT - special.length }, (_, i) => {
    const provider = PROVIDERS[i % 3];
    const net = iso(Date.parse('2026-11-28T00:00:00Z') + i * 29 * HOUR + (i % 4) * 15 * 60_000);
    const status = i < 10 ? 'go' : i % 5 === 0 ? 'tbc' : 'tbd';
    const webcast =
      provider.agency === 'spacex' ? { vid_urls: [{ url: `https://www.youtube.com/watch?v=upcoming-${i}` }] } : {};
    return launch(S.upcoming + i, provider, net, 20 + i, { status, ...webcast });
  });
  const previous = Array.from({ length: PREVIOUS_COUNT }, (_, i) => {
    const provider = PROVIDERS[i % 3];
    const failed = i % 17 === 5;
    return launch(S.previous + i, provider, iso(NOW - (i + 1) * 31 * HOUR), 300 + i, {
      // The most recent one's NET passed with no outcome recorded: its status is still Go.
      status: i === 0 ? 'go' : failed ? 'failure' : i % 23 === 7 ? 'partial-failure' : 'success',
      ...(failed ? { failreason: 'Second stage engine shut down early.' } : {}),
    });
  });
  return [...special, ...upcoming, ...previous];
}

export function scheduleEvents(): EventRecord[] {
  const upcoming = Array.from({ length: 15 }, (_, i) =>
    makeEvent(100 + i, iso(Date.parse('2026-11-22T09:00:00Z') + i * 61 * HOUR), {
      name:
        i % 3 === 0
          ? `Crew-13 Dragon docking ${i}`
          : i % 3 === 1
            ? `US Spacewalk ${90 + i}`
            : `Starship static fire ${i}`,
      type: i % 3 === 0 ? 'docking' : i % 3 === 1 ? 'eva' : 'static-fire',
      date_precision: i % 4 === 3 ? 'day' : 'minute',
      location: i % 3 === 2 ? 'Starbase, TX, USA' : 'International Space Station',
      ...(i % 2 === 0 ? { vid_urls: [{ url: `https://www.youtube.com/watch?v=event-${i}` }] } : {}),
    }),
  );
  const past = Array.from({ length: 5 }, (_, i) =>
    makeEvent(200 + i, iso(NOW - (i + 2) * 50 * HOUR), { date_precision: 'minute' }),
  );
  return [...upcoming, ...past];
}

export const launchId = (n: number): string => testUuid(n);

async function writeScheduleData(launches: LaunchRecord[], events: EventRecord[]): Promise<string> {
  const dataDir = await copyFixture();
  await addReference(dataDir);
  await writeRecords(dataDir, launches, events);
  return dataDir;
}

/** The checked data set (for tests of single generators). */
export async function scheduleDataSet(launches = scheduleLaunches(), events = scheduleEvents()): Promise<DataSet> {
  const dataDir = await writeScheduleData(launches, events);
  try {
    const checked = await validateDataDir(dataDir, NOW);
    if (!checked.dataset) throw new Error(JSON.stringify(checked.problems.slice(0, 5)));
    return checked.dataset;
  } finally {
    await removeDir(dataDir);
  }
}

/** The generated tree in memory (no writing, no compressed twins): quicker than a build. */
export async function generateScheduleFiles(
  inputs: Partial<BuildInputs> = {},
  dataset?: DataSet,
): Promise<Map<string, Buffer>> {
  const files = generateApi(dataset ?? (await scheduleDataSet()), { now: NOW, baseUrl: BASE_URL, ...inputs });
  return new Map(files.map((f) => [f.path, Buffer.from(f.content)]));
}
