// Building small data sets for tests: the checked-in fixture, plus launches and
// events written on the fly into a temporary folder.

import { cp, mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordToYaml } from '../../scripts/lib/data/canonical.ts';
import { eventSchema, launchSchema } from '../../scripts/schemas/data-files.ts';
import type { EventRecord, LaunchRecord, ReferenceData, DataSet } from '../../scripts/lib/model/records.ts';
import { emptyReferenceData } from '../../scripts/lib/data/check.ts';

export const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/small/', import.meta.url));

export async function tempDir(prefix = 'lss-test-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** A copy of the small fixture data set in a fresh temp folder. */
export async function copyFixture(): Promise<string> {
  const dir = await tempDir();
  await cp(FIXTURE_DIR, dir, { recursive: true });
  return dir;
}

/** A deterministic UUID for test launch number `n`. */
export function testUuid(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
}

export function makeLaunch(n: number, net: string, overrides: Partial<LaunchRecord> = {}): LaunchRecord {
  return {
    id: testUuid(n),
    slug: `test-launch-${n}`,
    name: `Falcon 9 Block 5 | Test ${String(n).padStart(4, '0')}`,
    status: Date.parse(net) > Date.parse('2026-01-01T00:00:00Z') ? 'tbd' : 'success',
    net,
    window_start: net,
    window_end: net,
    launch_service_provider: 'spacex',
    rocket: { configuration: 'falcon-9-block-5' },
    pad: 'slc-40',
    mission: { name: `Test ${n}`, type: 'communications', orbit: 'leo' },
    info_urls: [{ url: `https://example.org/launch/${n}` }],
    last_updated: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function makeEvent(id: number, date: string | null, overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    id,
    slug: `test-event-${id}`,
    name: `Test Event ${id}`,
    type: 'docking',
    date,
    last_updated: '2025-01-01T00:00:00Z',
    info_urls: [{ url: `https://example.org/event/${id}` }],
    ...overrides,
  };
}

export async function writeRecords(
  dataDir: string,
  launches: LaunchRecord[],
  events: EventRecord[] = [],
): Promise<void> {
  await mkdir(path.join(dataDir, 'launches', 'generated'), { recursive: true });
  await mkdir(path.join(dataDir, 'events', 'generated'), { recursive: true });
  await Promise.all([
    ...launches.map((l) =>
      writeFile(path.join(dataDir, 'launches', 'generated', `${l.slug}.yaml`), recordToYaml(l, launchSchema)),
    ),
    ...events.map((e) =>
      writeFile(path.join(dataDir, 'events', 'generated', `${e.slug}.yaml`), recordToYaml(e, eventSchema)),
    ),
  ]);
}

/** An in-memory data set over the fixture's reference keys, for pure-function tests. */
export function memoryDataSet(
  launches: LaunchRecord[],
  events: EventRecord[] = [],
  reference?: ReferenceData,
): DataSet {
  return { launches, events, reference: reference ?? emptyReferenceData() };
}
