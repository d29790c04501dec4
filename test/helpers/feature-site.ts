// One small data set for the calendar, landing page and OpenAPI tests: every NET
// precision class, a name full of markup and iCalendar specials, events with and
// without durations, more than one page of upcoming launches; and a build of it.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { keyedRecords } from '../../scripts/schemas/building-blocks.ts';
import { REFERENCE_KINDS } from '../../scripts/schemas/data-files.ts';
import { recordToYaml } from '../../scripts/lib/data/canonical.ts';
import type { EventRecord, LaunchRecord } from '../../scripts/lib/model/records.ts';
import { generateApi } from '../../scripts/lib/pipeline.ts';
import { buildSite, validateDataDir } from '../../scripts/lib/pipeline.ts';
import { copyFixture, makeEvent, makeLaunch, removeDir, tempDir, testUuid, writeRecords } from './data.ts';
import { readBuiltTree, type BuiltTree } from './tree.ts';

export const NOW = Date.parse('2026-11-21T12:00:00Z');
export const BASE_URL = 'https://mirror.example.org/some/path/2.3.0/';

/** Markup, quotes and every character iCalendar escapes, in a launch name. */
export const HOSTILE_NAME = 'Evil </script><img src=x onerror="alert(1)"> & Co, "Quotes"; back\\slash';

const EXTRA_PRECISIONS = {
  hour: { id: 2, name: 'Hour', abbrev: 'HR', description: 'The T-0 is accurate to the hour.' },
  morning: {
    id: 3,
    name: 'Morning (local time)',
    abbrev: 'AM',
    description: 'The T-0 is expected in the morning of the given day, local time at the launch site.',
  },
  day: {
    id: 5,
    name: 'Day',
    abbrev: 'DAY',
    description: 'The T-0 is expected on the given day; the time of day is not known.',
  },
  week: { id: 6, name: 'Week', abbrev: 'W', description: 'The T-0 is expected in the given week.' },
  year: { id: 14, name: 'Year', abbrev: 'YEAR', description: 'The T-0 is expected at some time in the given year.' },
};

/** Launch numbers of the special launches, by what they test. */
export const L = {
  minute: 1,
  day: 2,
  month: 3,
  noPrecision: 4,
  hostile: 5,
  morning: 6,
  past: 7,
  lastDay: 8,
  week: 9,
  hour: 10,
} as const;
export const E = { timed: 1, day: 2, week: 3, undated: 4, past: 5, noDuration: 6 } as const;
export const MANY_FIRST = 100;
export const MANY_COUNT = 105;

export function featureLaunches(): LaunchRecord[] {
  const launches = [
    makeLaunch(L.minute, '2026-11-25T10:30:00Z', {
      status: 'go',
      net_precision: 'minute',
      window_start: '2026-11-25T10:00:00Z',
      window_end: '2026-11-25T11:00:00Z',
      probability: 80,
    }),
    makeLaunch(L.day, '2026-11-26T23:30:00Z', {
      net_precision: 'day',
      window_start: '2026-11-26T00:00:00Z',
      window_end: '2026-11-27T23:59:59Z',
    }),
    makeLaunch(L.month, '2026-12-31T00:00:00Z', { net_precision: 'month' }),
    makeLaunch(L.noPrecision, '2026-11-27T08:00:00Z', { net_precision: null }),
    makeLaunch(L.hostile, '2026-11-22T06:00:00Z', {
      name: HOSTILE_NAME,
      net_precision: 'minute',
      launch_service_provider: 'nasa',
    }),
    makeLaunch(L.morning, '2026-11-28T02:00:00Z', { net_precision: 'morning' }),
    makeLaunch(L.past, '2026-11-01T00:00:00Z', { status: 'success', net_precision: 'minute' }),
    makeLaunch(L.lastDay, '2026-11-21T00:00:00Z', { status: 'success', net_precision: 'minute' }),
    makeLaunch(L.week, '2026-12-07T00:00:00Z', { net_precision: 'week' }),
    makeLaunch(L.hour, '2026-11-29T15:00:00Z', { net_precision: 'hour' }),
  ];
  for (let i = 0; i < MANY_COUNT; i++) {
    const net = new Date(Date.parse('2027-01-01T00:00:00Z') + i * 3 * 86_400_000).toISOString().replace('.000', '');
    launches.push(makeLaunch(MANY_FIRST + i, net, { status: 'tbd', net_precision: 'minute' }));
  }
  return launches;
}

export function featureEvents(): EventRecord[] {
  return [
    makeEvent(E.timed, '2026-11-23T09:00:00Z', {
      date_precision: 'minute',
      duration: 'PT6H30M',
      location: 'ISS, Harmony; forward port',
      description: 'Spacewalk, "US EVA 99"',
    }),
    makeEvent(E.day, '2026-11-24T18:00:00Z', { date_precision: 'day', type: 'static-fire' }),
    makeEvent(E.week, '2026-12-01T00:00:00Z', { date_precision: 'week' }),
    makeEvent(E.undated, null),
    makeEvent(E.past, '2026-10-01T00:00:00Z', { date_precision: 'minute' }),
    makeEvent(E.noDuration, '2026-11-30T12:00:00Z', { date_precision: 'minute' }),
  ];
}

export const launchId = (n: number): string => testUuid(n);

/** A fixture copy with the feature records and the extra NET precisions. */
export async function writeFeatureData(launches = featureLaunches(), events = featureEvents()): Promise<string> {
  const dataDir = await copyFixture();
  const precisionsFile = path.join(dataDir, 'reference', 'net-precisions.yaml');
  const precisions = parse(await readFile(precisionsFile, 'utf8')) as Record<string, unknown>;
  await writeFile(
    precisionsFile,
    recordToYaml({ ...precisions, ...EXTRA_PRECISIONS, ...precisions }, keyedRecords(REFERENCE_KINDS.netPrecisions)),
  );
  await writeRecords(dataDir, launches, events);
  return dataDir;
}

export interface FeatureSite extends BuiltTree {
  dataDir: string;
  cleanup: () => Promise<void>;
}

/** Builds the feature data set into a temporary `public/`. */
export async function buildFeatureSite(
  options: { now?: number; baseUrl?: string; launches?: LaunchRecord[]; events?: EventRecord[] } = {},
): Promise<FeatureSite> {
  const dataDir = await writeFeatureData(options.launches, options.events);
  const root = await tempDir();
  const out = path.join(root, 'public');
  await buildSite(dataDir, out, { now: options.now ?? NOW, baseUrl: options.baseUrl ?? BASE_URL });
  return {
    ...(await readBuiltTree(root, out)),
    dataDir,
    cleanup: async () => {
      await removeDir(dataDir);
      await removeDir(root);
    },
  };
}

/** The generated tree in memory (no writing, no compressed twins): for comparing builds quickly. */
export async function generateFeatureFiles(
  options: { now?: number; baseUrl?: string; launches?: LaunchRecord[]; events?: EventRecord[] } = {},
): Promise<Map<string, Buffer>> {
  const dataDir = await writeFeatureData(options.launches, options.events);
  try {
    const checked = await validateDataDir(dataDir, options.now ?? NOW);
    if (!checked.dataset) throw new Error(JSON.stringify(checked.problems));
    const files = generateApi(checked.dataset, { now: options.now ?? NOW, baseUrl: options.baseUrl ?? BASE_URL });
    return new Map(files.map((f) => [f.path, Buffer.from(f.content)]));
  } finally {
    await removeDir(dataDir);
  }
}
