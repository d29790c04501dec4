import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffApis, formatApiDiff, readPublishedApi } from '../scripts/lib/publish/api-diff.ts';
import { buildSite } from '../scripts/lib/pipeline.ts';
import { copyFixture, makeEvent, makeLaunch, removeDir, tempDir, writeRecords } from './helpers/data.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://example.org/2.3.0/';
let root: string;
let changes: ReturnType<typeof diffApis>;
let summary: string;

beforeAll(async () => {
  root = await tempDir();
  const base = await copyFixture();
  const head = await copyFixture();
  await writeRecords(
    base,
    [
      makeLaunch(1, '2026-12-01T00:00:00Z'),
      makeLaunch(2, '2026-11-21T10:00:00Z', { status: 'go' }),
      makeLaunch(3, '2027-01-01T00:00:00Z'),
    ],
    [makeEvent(5, '2027-01-01T00:00:00Z')],
  );
  await writeRecords(
    head,
    [
      makeLaunch(1, '2026-12-05T00:00:00Z'),
      makeLaunch(2, '2026-11-21T10:00:00Z', { status: 'success' }),
      makeLaunch(4, '2027-02-01T00:00:00Z', { status: 'tbd' }),
    ],
    [makeEvent(5, '2027-02-01T00:00:00Z')],
  );
  for (const [name, dir] of [
    ['base', base],
    ['head', head],
  ]) {
    await buildSite(dir, path.join(root, name), { now: NOW, baseUrl: BASE_URL });
    await removeDir(dir);
  }
  const [b, h] = await Promise.all([
    readPublishedApi(path.join(root, 'base')),
    readPublishedApi(path.join(root, 'head')),
  ]);
  changes = diffApis(b, h);
  summary = formatApiDiff(changes, b, h);
});
afterAll(async () => removeDir(root));

describe('the API diff for reviewers', () => {
  const whatFor = (n: number) =>
    changes.filter((c) => c.id.endsWith(n.toString(16).padStart(12, '0'))).map((c) => c.what);

  it('reports a NET change', () =>
    expect(whatFor(1)).toEqual([
      'NET 2026-12-01T00:00:00Z → 2026-12-05T00:00:00Z',
      'also changed: window_end, window_start',
    ]));
  it('reports a status change', () => expect(whatFor(2)).toEqual(['status Go for Launch → Launch Successful']));
  it('reports added and removed launches', () => {
    expect(whatFor(4)).toEqual(['added (To Be Determined, NET 2027-02-01T00:00:00Z, upcoming)']);
    expect(whatFor(3)).toEqual(['removed']);
  });
  it('reports event date changes', () => {
    expect(changes.filter((c) => c.kind === 'event').map((c) => c.what)).toEqual([
      'date 2027-01-01T00:00:00Z → 2027-02-01T00:00:00Z',
    ]);
  });
  it('prints a markdown summary with the counts', () => {
    expect(summary).toContain('| launch |');
    expect(summary).toMatch(/base: 5 launches \(4 upcoming, 2 previous\)/);
  });

  it('reports moves between upcoming and previous', async () => {
    const later = path.join(root, 'later');
    await buildSite(await copyFixture(), later, { now: Date.parse('2040-01-01T00:00:00Z'), baseUrl: BASE_URL });
    const fixtureNow = path.join(root, 'fixture-now');
    await buildSite(await copyFixture(), fixtureNow, { now: NOW, baseUrl: BASE_URL });
    const moved = diffApis(await readPublishedApi(fixtureNow), await readPublishedApi(later));
    expect(moved.map((c) => c.what)).toContain('moves from upcoming to previous');
  });
});
