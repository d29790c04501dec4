// npm run replay:ll2 on a tiny corpus made here (three observations of three
// launches, figures worked out by hand), and its parts: what the stand-in answers
// at a moment (replay.ts) and how a run is scored (replay-score.ts).

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerAt, answerJson, indexCorpus, type ReplayCorpus } from '../scripts/lib/import/sync/replay.ts';
import { lingering, scoreRun } from '../scripts/lib/import/sync/replay-score.ts';
import type { JsonObject, LaunchRecord } from '../scripts/lib/model/records.ts';
import { makeLaunch, removeDir, tempDir } from './helpers/data.ts';
import { detailedLaunch, syncLaunchId } from './helpers/ll2-stand-in.ts';
import { ROOT, runProcess } from './helpers/run-cli.ts';

const HOUR = 3_600_000;
const T1 = Date.parse('2026-11-21T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const [T2, T3] = [T1 + HOUR, T1 + 2 * HOUR];

// A, B, C listed at T1; at T2 B has moved after C (a new version); at T3 C is gone for good (deleted at LL2).
const a1 = detailedLaunch(1, iso(T1 + 48 * HOUR), iso(T1 - HOUR), T1);
const b1 = detailedLaunch(2, iso(T1 + 72 * HOUR), iso(T1 - HOUR), T1);
const c1 = detailedLaunch(3, iso(T1 + 96 * HOUR), iso(T1 - HOUR), T1);
const b2 = detailedLaunch(2, iso(T1 + 120 * HOUR), iso(T2 - 10 * 60_000), T1);
const corpus: ReplayCorpus = {
  versions: [a1, b1, c1, b2],
  observations: [
    { at: iso(T1), upcoming: [0, 1, 2] },
    { at: iso(T2), upcoming: [0, 2, 3] },
    { at: iso(T3), upcoming: [0, 3] },
  ],
};

describe('the stand-in at a moment of the corpus', () => {
  const index = indexCorpus(corpus);
  const get = (url: string, at: number) => answerAt(index, new URL(url, 'http://127.0.0.1/2.3.0/'), at);
  const ids = (body: JsonObject) =>
    (body.results as JsonObject[]).map((l) => `${String(l.id).slice(-1)}@${String(l.last_updated)}`);

  it('answers the upcoming list of the observation in force, as the head of a longer list', () => {
    const page = get('launches/upcoming/?limit=100&mode=detailed', T2 + 5 * 60_000).body;
    expect(ids(page)).toEqual([`1@${a1.last_updated}`, `3@${c1.last_updated}`, `2@${b2.last_updated}`]);
    expect(page.next).not.toBeNull();
  });

  it('answers the feed with the newest version of each launch updated by then', () => {
    const feed = (at: number) =>
      ids(get(`launches/?last_updated__gte=${iso(T1)}&ordering=last_updated,id&limit=100`, at).body);
    expect(feed(T1)).toEqual([]);
    expect(feed(T2)).toEqual([`2@${b2.last_updated}`]);
  });

  it('answers a look-up by id as LL2 held each launch, and not at all once it is deleted', () => {
    const lookup = (at: number) => ids(get(`launches/?id=${syncLaunchId(2)},${syncLaunchId(3)}&limit=100`, at).body);
    expect(lookup(T2)).toEqual([`3@${c1.last_updated}`, `2@${b2.last_updated}`]);
    // At T3, C's version would sit before B in the list, which does not hold it, and no later list does: deleted.
    expect(lookup(T3)).toEqual([`2@${b2.last_updated}`]);
    expect(get(`launches/${syncLaunchId(3)}/`, T3).status).toBe(404);
    expect(get(`launches/${syncLaunchId(3)}/`, T2).body.id).toBe(syncLaunchId(3));
    expect(get('events/upcoming/?limit=100', T2).body).toMatchObject({ count: 0, results: [] });
    // The resources in rotation: the corpus has none, answered as empty pages (not 404, which would stop the sync).
    for (const route of ['astronauts/?in_space=true&limit=100', 'space_stations/?limit=100'])
      expect(get(route, T2)).toMatchObject({ status: 200, body: { count: 0, results: [] } });
  });

  it('writes each answer as JSON.stringify would (UTF-8), a page or a single object', () => {
    for (const body of [
      get('launches/upcoming/?limit=2', T2).body,
      get(`launches/${syncLaunchId(3)}/`, T2).body,
      get('events/?limit=10', T2).body,
    ]) {
      expect(answerJson(body).toString('utf8')).toBe(JSON.stringify(body));
      expect(answerJson(body).toString('utf8')).toBe(JSON.stringify(body)); // the second time from the bytes kept
    }
  });
});

describe('scoring a run', () => {
  const statusIds = new Map([
    ['go', 1],
    ['tbd', 2],
    ['success', 3],
  ]);
  const precisions = new Map<string, number>();
  const now = Date.parse('2026-06-15T12:00:00Z');
  const ll2 = (n: number, net: string, lastUpdated: string, status = 2): JsonObject => ({
    id: makeLaunch(n, net).id,
    name: makeLaunch(n, net).name,
    net,
    last_updated: lastUpdated,
    status: { id: status, abbrev: 'x' },
  });
  const ours = (n: number, net: string, lastUpdated: string, status = 'tbd'): LaunchRecord =>
    makeLaunch(n, net, { last_updated: lastUpdated, status });

  it("matches when the ids, order, NETs and statuses are LL2's; tells the first difference otherwise", () => {
    const listed = [
      ll2(1, '2026-06-16T00:00:00Z', '2026-06-01T00:00:00Z'),
      ll2(2, '2026-06-17T00:00:00Z', '2026-06-01T00:00:00Z'),
    ];
    const same = scoreRun({
      records: [
        ours(2, '2026-06-17T00:00:00Z', '2026-06-01T00:00:00Z'),
        ours(1, '2026-06-16T00:00:00Z', '2026-06-01T00:00:00Z'),
      ],
      listed,
      served: [],
      refused: new Set(),
      now,
      precisions,
      statusIds,
    });
    expect(same).toMatchObject({ match30: true, current: 2, lost: [] });
    const wrongStatus = scoreRun({
      records: [
        ours(1, '2026-06-16T00:00:00Z', '2026-06-01T00:00:00Z', 'go'),
        ours(2, '2026-06-17T00:00:00Z', '2026-06-01T00:00:00Z'),
      ],
      listed,
      served: [],
      refused: new Set(),
      now,
      precisions,
      statusIds,
    });
    expect(wrongStatus.match30).toBe(false);
    expect(wrongStatus.firstDifference).toMatch(/^#1 .*status ours go/);
    // An older record of launch 2: not current, and its newer version, served and neither taken nor refused, is lost.
    const stale = scoreRun({
      records: [
        ours(1, '2026-06-16T00:00:00Z', '2026-06-01T00:00:00Z'),
        ours(2, '2026-06-17T00:00:00Z', '2026-05-01T00:00:00Z'),
      ],
      listed,
      served: listed,
      refused: new Set(),
      now,
      precisions,
      statusIds,
    });
    expect(stale).toMatchObject({ current: 1, lost: [`${makeLaunch(2, 'x').id}@2026-06-01T00:00:00Z`] });
    const refused = scoreRun({
      records: [
        ours(1, '2026-06-16T00:00:00Z', '2026-06-01T00:00:00Z'),
        ours(2, '2026-06-17T00:00:00Z', '2026-05-01T00:00:00Z'),
      ],
      listed,
      served: listed,
      refused: new Set([`${makeLaunch(2, 'x').id}@2026-06-01T00:00:00Z`]),
      now,
      precisions,
      statusIds,
    });
    expect(refused.lost).toEqual([]);
  });

  it('counts as lingering our upcoming launches LL2 leaves out before its last listed one, not those after it', () => {
    const listed = [ll2(1, '2026-06-16T00:00:00Z', 'x'), ll2(3, '2026-06-18T00:00:00Z', 'x')];
    const list = [
      ours(1, '2026-06-16T00:00:00Z', 'x'),
      ours(2, '2026-06-17T00:00:00Z', 'x'),
      ours(3, '2026-06-18T00:00:00Z', 'x'),
      ours(4, '2026-06-19T00:00:00Z', 'x'),
    ];
    expect(lingering(list, listed).map((l) => l.id)).toEqual([makeLaunch(2, 'x').id]);
  });
});

describe('npm run replay:ll2', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir('lss-replay-');
    const lines = (items: unknown[]) => gzipSync(items.map((i) => JSON.stringify(i)).join('\n') + '\n');
    writeFileSync(path.join(dir, 'launch-versions.jsonl.gz'), lines(corpus.versions));
    writeFileSync(path.join(dir, 'observations.jsonl.gz'), lines(corpus.observations));
  });
  afterEach(async () => {
    await removeDir(dir);
  });

  it('replays the corpus through the sync: one line a run, then the figures worked out by hand', async () => {
    const run = await runProcess(
      [path.join(ROOT, 'scripts/replay-ll2.ts'), '--corpus', dir, '--data-dir', path.join(dir, 'out')],
      { timeoutMs: 230_000 },
    );
    expect(run.stderr).toBe('');
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^replay of 3 LL2 observation\(s\) from 2026-11-21T12:00:00Z to 2026-11-21T14:00:00Z into .*serves the saved LL2 2\.2\.0 objects as they are/,
    );
    // Run 1: feed (nothing since T1), upcoming, events, the astronauts in space (a resource in rotation, never read:
    // the stand-in answers an empty page). Run 2: B's change in the feed; upcoming; events; the space stations (same).
    // Run 3: feed, upcoming, C looked up by id (LL2 no longer lists it, before B): gone, deleted; events; every
    // astronaut's first page (never read; an empty page: the offset stays 0), the fifth request of at most five.
    expect(lines[1]).toMatch(
      /^run 1 at 2026-11-21T12:00:00Z: requests=4 0 created, 0 updated, 0 deleted, 0 refused; first 30 match; current 3\/3; \d+ ms$/,
    );
    expect(lines[2]).toMatch(
      /^run 2 at 2026-11-21T13:00:00Z: requests=4 0 created, 1 updated, 0 deleted, 0 refused; first 30 match; current 3\/3; \d+ ms$/,
    );
    expect(lines[3]).toMatch(
      /^run 3 at 2026-11-21T14:00:00Z: requests=5 0 created, 0 updated, 1 deleted, 0 refused; first 30 match; current 2\/2; \d+ ms$/,
    );
    expect(lines.at(-1)).toMatch(
      /^replay: observations=3 runs=3 requests_max=5 requests_total=13 upcoming30_match_pct=100 records_current_pct=100 lost=0 lingering=0 seconds=\d+$/,
    );
    expect(run.code).toBe(0);
  }, 240_000); // a process that loads the repository's reference data: slow on a loaded machine
});
