// A data set big enough to have later pages (130 past and 120 future launches,
// events), on disk and checked, for the publishing tests.

import type { DataSet } from '../../scripts/lib/model/records.ts';
import { validateDataDir } from '../../scripts/lib/pipeline.ts';
import { copyFixture, makeEvent, makeLaunch, writeRecords } from './data.ts';

export const NOW = Date.parse('2026-11-21T12:00:00Z');

const iso = (ms: number) => new Date(ms).toISOString().replace('.000', '');

/** A fresh copy of the small fixture plus generated launches and events; remove it with removeDir. */
export async function pagedDataDir(): Promise<string> {
  const dir = await copyFixture();
  const launches = [];
  for (let i = 0; i < 130; i++)
    launches.push(makeLaunch(i + 1, iso(Date.parse('2020-01-01T00:00:00Z') + i * 7 * 86_400_000)));
  for (let i = 0; i < 120; i++)
    launches.push(makeLaunch(500 + i, iso(Date.parse('2027-01-01T00:00:00Z') + i * 3 * 86_400_000), { status: 'tbd' }));
  const events = [
    makeEvent(1, '2026-11-20T12:00:00Z'),
    makeEvent(2, '2026-11-20T11:00:00Z'),
    makeEvent(3, '2027-05-01T00:00:00Z'),
    makeEvent(4, null),
  ];
  await writeRecords(dir, launches, events);
  return dir;
}

export async function checkedData(dataDir: string, now = NOW): Promise<DataSet> {
  const checked = await validateDataDir(dataDir, now);
  if (!checked.dataset) throw new Error(`test data has errors: ${JSON.stringify(checked.problems.slice(0, 3))}`);
  return checked.dataset;
}
