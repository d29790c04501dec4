import { readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import fg from 'fast-glob';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSite, validateDataDir } from '../scripts/lib/pipeline.ts';
import { displayPath } from '../scripts/lib/data/files.ts';
import { fileStamp, openRecordCache } from '../scripts/lib/data/record-cache.ts';
import { copyFixture, makeLaunch, removeDir, tempDir, writeRecords } from './helpers/data.ts';
import { readTree } from './helpers/tree.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE = 'https://example.org/2.3.0/';
let dir: string;
let cacheDir: string;
beforeEach(async () => {
  dir = await copyFixture();
  await writeRecords(
    dir,
    Array.from({ length: 12 }, (_, i) => makeLaunch(i + 1, `2025-03-0${1 + (i % 9)}T00:00:00Z`)),
  );
  cacheDir = await tempDir();
});
afterEach(async () => {
  await removeDir(dir);
  await removeDir(cacheDir);
});

const LAUNCH = 'launches/crs-demo.yaml';

describe('the record cache', () => {
  it('remembers clean files and gives the same result as no cache', async () => {
    const cache = await openRecordCache(cacheDir, 'tool-1');
    const first = await validateDataDir(dir, NOW, cache);
    const warm = await openRecordCache(cacheDir, 'tool-1');
    const file = displayPath(path.join(dir, LAUNCH));
    const bytes = await readFile(path.join(dir, LAUNCH));
    const { hashBytes } = await import('../scripts/lib/data/record-cache.ts');
    expect(warm.get(file, hashBytes(bytes))).toMatchObject({ id: '11111111-2222-4333-8444-555555555555' });
    const second = await validateDataDir(dir, NOW, warm);
    expect(second.dataset).toEqual(first.dataset);
    expect(second.problems).toEqual(first.problems);
  });

  it('checks a changed file again, and places its problems', async () => {
    await validateDataDir(dir, NOW, await openRecordCache(cacheDir, 'tool-1'));
    const full = path.join(dir, LAUNCH);
    await writeFile(full, (await readFile(full, 'utf8')).replace('pad: slc-40', 'pad: slc-04'));
    const result = await validateDataDir(dir, NOW, await openRecordCache(cacheDir, 'tool-1'));
    expect(result.problems.filter((p) => p.severity === 'error').map((p) => [p.rule, p.line])).toEqual([
      ['unknown-reference', 17],
    ]);
  });

  it('places a problem across records in a cached file at the right line', async () => {
    await validateDataDir(dir, NOW, await openRecordCache(cacheDir, 'tool-1'));
    // The pad disappears from the reference data: the unchanged, cached launch now refers to nothing.
    const pads = path.join(dir, 'reference/pads.yaml');
    await writeFile(pads, (await readFile(pads, 'utf8')).replace(/^slc-40:/m, 'slc-41:'));
    const result = await validateDataDir(dir, NOW, await openRecordCache(cacheDir, 'tool-1'));
    const problem = result.problems.find((p) => p.file.endsWith(LAUNCH))!;
    expect(problem).toMatchObject({ rule: 'unknown-reference', line: 17, col: 6 });
  });

  it('trusts an unchanged stamp without reading, and reads a file whose stamp changed even at the same size', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const f of await fg('**/*.yaml', { cwd: dir, absolute: true })) await utimes(f, hourAgo, hourAgo);
    await validateDataDir(dir, NOW, await openRecordCache(cacheDir, 'tool-1'));
    const full = path.join(dir, LAUNCH);
    const cache = await openRecordCache(cacheDir, 'tool-1');
    expect(cache.byStamp(displayPath(full), fileStamp(await stat(full)))).toBeDefined();
    // Same length, other bytes, another time: must be read and checked again.
    await writeFile(full, (await readFile(full, 'utf8')).replace('pad: slc-40', 'pad: slc-04'));
    const halfHourAgo = new Date(Date.now() - 1_800_000);
    await utimes(full, halfHourAgo, halfHourAgo);
    const result = await validateDataDir(dir, NOW, await openRecordCache(cacheDir, 'tool-1'));
    expect(result.problems.filter((p) => p.severity === 'error').map((p) => p.rule)).toEqual(['unknown-reference']);
  });

  it('gives no stamp to a file changed moments ago, whose time a coarse clock could repeat', async () => {
    await validateDataDir(dir, NOW, await openRecordCache(cacheDir, 'tool-1'));
    const full = path.join(dir, LAUNCH);
    const cache = await openRecordCache(cacheDir, 'tool-1');
    expect(cache.byStamp(displayPath(full), fileStamp(await stat(full)))).toBeUndefined();
  });

  it('writes again only the folder whose record changed, and forgets deleted files', async () => {
    await validateDataDir(dir, NOW, await openRecordCache(cacheDir, 'tool-1'));
    const shards = async () =>
      new Map(
        await Promise.all(
          (await fg('records/*.v8', { cwd: cacheDir })).map(
            async (f) => [f, (await stat(path.join(cacheDir, f))).mtimeMs] as const,
          ),
        ),
      );
    const before = await shards();
    expect(before.size).toBeGreaterThan(2); // launches/, launches/generated/, reference/, …

    await new Promise((resolve) => setTimeout(resolve, 20));
    const full = path.join(dir, LAUNCH);
    await writeFile(full, (await readFile(full, 'utf8')).replace(/^name: .*$/m, 'name: Renamed | Demo'));
    await validateDataDir(dir, NOW, await openRecordCache(cacheDir, 'tool-1'));
    const after = await shards();
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect([...after].filter(([f, t]) => t !== before.get(f))).toHaveLength(1);

    const { hashBytes } = await import('../scripts/lib/data/record-cache.ts');
    const bytes = await readFile(full);
    await rm(full);
    await validateDataDir(dir, NOW, await openRecordCache(cacheDir, 'tool-1'));
    expect((await openRecordCache(cacheDir, 'tool-1')).get(displayPath(full), hashBytes(bytes))).toBeUndefined();
  });

  it('is dropped whole when the tool changes', async () => {
    await validateDataDir(dir, NOW, await openRecordCache(cacheDir, 'tool-1'));
    const other = await openRecordCache(cacheDir, 'tool-2');
    const file = displayPath(path.join(dir, LAUNCH));
    const { hashBytes } = await import('../scripts/lib/data/record-cache.ts');
    expect(other.get(file, hashBytes(await readFile(path.join(dir, LAUNCH))))).toBeUndefined();
  });

  it('builds byte-identical output with and without the cache, cold and warm', async () => {
    const root = await tempDir();
    const plain = path.join(root, 'plain');
    const cached = path.join(root, 'cached');
    await buildSite(dir, plain, { now: NOW, baseUrl: BASE });
    await buildSite(dir, cached, { now: NOW, baseUrl: BASE }, await openRecordCache(cacheDir, 'tool-1'));
    await buildSite(dir, cached, { now: NOW, baseUrl: BASE }, await openRecordCache(cacheDir, 'tool-1'));
    const [a, b] = [await readTree(plain), await readTree(cached)];
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [file, bytes] of a) expect(b.get(file)!.equals(bytes), file).toBe(true);
    await removeDir(root);
  });
});
