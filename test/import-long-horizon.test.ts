// The long-horizon import (issue 37 item 1, issue 36 item 1): versions of one
// launch from lists saved on different dates by different projects. Hand-made
// from the test fixture launch-detailed.json (an invented launch): an older list
// never overwrites a newer record, and every import that writes a launch appends
// a history line naming the list's project and its save date.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importLl2Files } from '../scripts/lib/import/io.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { removeDir, tempDir } from './helpers/data.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/ll2/launch-detailed.json', import.meta.url));
const NOW = Date.parse('2025-06-01T00:00:00Z');
const LAUNCH_FILE = 'launches/2020/fixture-rocket-block-1-fixture-demo-1.yaml';
const HISTORY_FILE = 'history/2020/fixture-rocket-block-1-fixture-demo-1.yaml';

let dir: string;
let dataDir: string;
beforeEach(async () => {
  dir = await tempDir('lss-long-horizon-');
  dataDir = path.join(dir, 'data');
});
afterEach(async () => {
  await removeDir(dir);
});

/** The fixture launch as a one-launch LL2 page with its own `last_updated` and NET. */
async function page(name: string, lastUpdated: string, net: string): Promise<string> {
  const launch = JSON.parse(await readFile(FIXTURE, 'utf8')) as JsonObject;
  const version = { ...launch, last_updated: lastUpdated, net, window_start: net, window_end: net };
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify({ count: 1, next: null, previous: null, results: [version] }));
  return file;
}

const read = async (file: string) => parse(await readFile(path.join(dataDir, file), 'utf8')) as JsonObject;

describe('importing lists of several dates', () => {
  it('keeps the newer record when an older list comes after it, and writes no history line for it', async () => {
    const newer = await page('newer.json', '2024-05-01T10:00:00Z', '2020-06-15T14:30:00Z');
    const older = await page('older.json', '2024-04-01T10:00:00Z', '2020-06-20T00:00:00Z');
    const first = await importLl2Files({
      dataDir,
      files: [newer],
      now: NOW,
      savedBy: 'someone/newer-list@1',
      savedAt: '2024-05-02T00:00:00Z',
    });
    expect(first.newErrors).toEqual([]);
    const historyBefore = await readFile(path.join(dataDir, HISTORY_FILE), 'utf8');

    const second = await importLl2Files({
      dataDir,
      files: [older],
      now: NOW,
      savedBy: 'someone/older-list@1',
      savedAt: '2024-04-02T00:00:00Z',
    });
    expect(second.newErrors).toEqual([]);
    expect(second.report.keptOlder).toHaveLength(1);
    expect(second.report.updated).toEqual([]);
    expect(second.histories).toBe(0);
    const record = await read(LAUNCH_FILE);
    expect(record.net).toBe('2020-06-15T14:30:00Z');
    expect(record.provenance).toMatchObject({ saved_by: 'someone/newer-list@1', saved_at: '2024-05-02T00:00:00Z' });
    expect(await readFile(path.join(dataDir, HISTORY_FILE), 'utf8')).toBe(historyBefore);
  });

  it('keeps our source when another project saved the same LL2 version', async () => {
    const first = await page('first.json', '2024-05-01T10:00:00Z', '2020-06-15T14:30:00Z');
    const copy = await page('copy.json', '2024-05-01T10:00:00Z', '2020-06-15T14:30:00Z');
    await importLl2Files({
      dataDir,
      files: [first],
      now: NOW,
      savedBy: 'someone/first@1',
      savedAt: '2024-05-03T00:00:00Z',
    });
    const again = await importLl2Files({
      dataDir,
      files: [copy],
      now: NOW,
      savedBy: 'someone/copy@1',
      savedAt: '2024-05-02T00:00:00Z',
    });
    expect(again.report.keptOlder).toHaveLength(1);
    expect(again.files).toEqual([]);
    expect((await read(LAUNCH_FILE)).provenance).toMatchObject({ saved_by: 'someone/first@1' });
  });

  it('starts a new launch history at the list that first held it, and appends each newer list with its project and date', async () => {
    const first = await page('april.json', '2024-04-01T10:00:00Z', '2020-06-20T00:00:00Z');
    const later = await page('may.json', '2024-05-01T10:00:00Z', '2020-06-15T14:30:00Z');
    const a = await importLl2Files({
      dataDir,
      files: [first],
      now: NOW,
      savedBy: 'someone/april-list@1',
      savedAt: '2024-04-02T00:00:00Z',
    });
    expect(a.report.created).toHaveLength(1);
    expect(a.histories).toBe(1);
    expect((await read(HISTORY_FILE)).first_seen).toMatchObject({
      seen: '2024-04-02T00:00:00Z',
      source: 'll2-list',
      saved_by: 'someone/april-list@1',
      ll2_last_updated: '2024-04-01T10:00:00Z',
      net: '2020-06-20T00:00:00Z',
    });

    const b = await importLl2Files({
      dataDir,
      files: [later],
      now: NOW,
      savedBy: 'someone/may-list@2',
      savedAt: '2024-05-02T00:00:00Z',
    });
    expect(b.newErrors).toEqual([]);
    expect(b.report.updated).toHaveLength(1);
    const history = await read(HISTORY_FILE);
    expect(history.changes).toEqual([
      {
        seen: '2024-05-02T00:00:00Z',
        source: 'll2-list',
        saved_by: 'someone/may-list@2',
        ll2_last_updated: '2024-05-01T10:00:00Z',
        net: ['2020-06-20T00:00:00Z', '2020-06-15T14:30:00Z'],
        window_start: ['2020-06-20T00:00:00Z', '2020-06-15T14:30:00Z'],
        window_end: ['2020-06-20T00:00:00Z', '2020-06-15T14:30:00Z'],
      },
    ]);
    expect((await read(LAUNCH_FILE)).provenance).toMatchObject({
      saved_by: 'someone/may-list@2',
      saved_at: '2024-05-02T00:00:00Z',
    });
  });
});
