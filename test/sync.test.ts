// npm run sync:ll2 against a stand-in for LL2 on loopback (helpers/ll2-stand-in.ts):
// the request plan and its budget, creating and updating records in at most four
// requests, nothing written when nothing is new, the feed of changed launches
// read across runs (ties included), every failure stopping with the data folder
// byte-identical, the API key header, and LL2_BASE_URL as the only host contacted.

import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataError } from '../scripts/lib/data/problems.ts';
import { getLl2Page, readLl2Page, retryAfterSeconds, SyncStopped, type FetchLike } from '../scripts/lib/import/sync/http.ts';
import { advanceCursor, changedLaunchesRequest, nextRequest, REQUEST_BUDGET, type FetchedPage, type Ll2Request, type SyncCursor } from '../scripts/lib/import/sync/plan.ts';
import { syncStateFile } from '../scripts/lib/import/sync/state.ts';
import { syncLl2, type SyncOptions } from '../scripts/lib/import/sync/sync.ts';
import { replaceDataFiles } from '../scripts/lib/import/sync/write.ts';
import { formatSyncSummary } from '../scripts/lib/import/sync/summary.ts';
import { withBuildLock } from '../scripts/lib/publish/writer.ts';
import { validateDataDir } from '../scripts/lib/pipeline.ts';
import { removeDir, tempDir } from './helpers/data.ts';
import { freePort } from './helpers/http.ts';
import { detailedEvent, detailedLaunch, startLl2StandIn, syncLaunchId, type Ll2StandIn } from './helpers/ll2-stand-in.ts';
import { readTree } from './helpers/tree.ts';
import { ROOT, runProcess, STACK_LINE } from './helpers/run-cli.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const SINCE = '2026-11-01T00:00:00Z';
const BASE = 'https://ll.example/2.3.0/';

let root: string;
let dataDir: string;
let standIn: Ll2StandIn;

beforeEach(async () => {
  root = await tempDir('lss-sync-');
  dataDir = path.join(root, 'data');
  await mkdir(dataDir);
  standIn = await startLl2StandIn({
    now: NOW,
    launches: [
      detailedLaunch(1, '2026-11-01T09:00:00Z', '2026-11-01T10:00:00Z', NOW),
      detailedLaunch(2, '2026-12-05T10:00:00Z', '2026-11-20T08:00:00Z', NOW),
      detailedLaunch(3, '2027-01-10T10:00:00Z', '2026-11-19T08:00:00Z', NOW),
    ],
  });
  standIn.events = [detailedEvent(9901, '2026-12-06T10:00:00Z', '2026-11-20T09:00:00Z', [standIn.launches[1]])];
});

afterEach(async () => {
  await standIn.close();
  await removeDir(root);
});

const sync = (options: Partial<SyncOptions> = {}) =>
  syncLl2({ dataDir, now: NOW, baseUrl: standIn.baseUrl, fetch, timeoutMs: 5000, userAgent: 'test', ...options });

/** What a failed run must leave: the same bytes, and nothing beside the folder. */
async function expectUntouched(before: Map<string, Buffer>): Promise<void> {
  expect(await readTree(dataDir)).toEqual(before);
  expect(await readdir(root)).toEqual(['data']);
}

describe('the request plan', () => {
  const page = (request: Ll2Request, lastUpdated: string[], more: boolean): FetchedPage => ({ request, lastUpdated, more });
  const cursor: SyncCursor = { since: SINCE, skip: 0 };

  it('asks for changed launches, then upcoming launches, then upcoming events, all detailed, 100 a page', () => {
    const plan = { baseUrl: BASE, cursor };
    const first = nextRequest(plan, [])!;
    expect(first.url).toBe(`${BASE}launches/?last_updated__gte=2026-11-01T00%3A00%3A00Z&limit=100&mode=detailed&ordering=last_updated%2Cid`);
    const second = nextRequest(plan, [page(first, ['2026-11-02T00:00:00Z'], false)])!;
    expect(second.url).toBe(`${BASE}launches/upcoming/?limit=100&mode=detailed`);
    const third = nextRequest(plan, [page(first, [], false), page(second, [], false)])!;
    expect(third.url).toBe(`${BASE}events/upcoming/?limit=100&mode=detailed`);
    expect(nextRequest(plan, [page(first, [], false), page(second, [], false), page(third, [], false)])).toBeUndefined();
  });

  it('spends the fourth request on the next page of changed launches, from where the first ended, and never a fifth', () => {
    const plan = { baseUrl: BASE, cursor };
    const first = nextRequest(plan, [])!;
    const fetched = [page(first, ['2026-11-02T00:00:00Z', '2026-11-03T00:00:00Z'], true)];
    const second = nextRequest(plan, fetched)!;
    expect(second.role).toBe('changed-launches');
    expect(second.cursor).toEqual({ since: '2026-11-03T00:00:00Z', skip: 0 });
    fetched.push(page(second, ['2026-11-03T00:00:00Z', '2026-11-04T00:00:00Z'], true));
    // The feed still has more, but the upcoming lists take the last two requests.
    const rest = [nextRequest(plan, fetched)!];
    fetched.push(page(rest[0], [], false));
    rest.push(nextRequest(plan, fetched)!);
    fetched.push(page(rest[1], [], false));
    expect(rest.map((r) => r.role)).toEqual(['upcoming-launches', 'upcoming-events']);
    expect(fetched).toHaveLength(REQUEST_BUDGET);
    expect(nextRequest(plan, fetched)).toBeUndefined();
  });

  it('moves the cursor to the newest change received, and past a second shared by more than a page by offset', () => {
    expect(advanceCursor(cursor, { lastUpdated: ['2026-11-05T00:00:00Z', '2026-11-02T00:00:00Z'], more: true })).toEqual({ since: '2026-11-05T00:00:00Z', skip: 0 });
    expect(advanceCursor(cursor, { lastUpdated: [], more: false })).toBe(cursor);
    // A whole page at the cursor's second, more after it: step over them.
    const tie = { since: '2026-11-05T00:00:00Z', skip: 0 };
    expect(advanceCursor(tie, { lastUpdated: [tie.since, tie.since], more: true })).toEqual({ ...tie, skip: 2 });
    expect(advanceCursor({ ...tie, skip: 2 }, { lastUpdated: [tie.since], more: true })).toEqual({ ...tie, skip: 3 });
    // The rest of the tie and nothing newer: the state stays.
    expect(advanceCursor({ ...tie, skip: 2 }, { lastUpdated: [tie.since], more: false })).toEqual({ ...tie, skip: 2 });
    expect(changedLaunchesRequest(BASE, { ...tie, skip: 2 }).url).toContain('&offset=2&');
  });
});

describe('reading LL2 answers', () => {
  const request = changedLaunchesRequest(BASE, { since: SINCE, skip: 0 });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterSeconds('120', NOW)).toBe(120);
    expect(retryAfterSeconds(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90);
    expect(retryAfterSeconds(null, NOW)).toBeUndefined();
    expect(retryAfterSeconds('soon', NOW)).toBeUndefined();
  });

  it.each([
    ['<html>Service unavailable</html>', 'the body is not JSON'],
    ['[]', 'expected a page'],
    ['{"count": 1, "next": null, "results": [{"id": 12, "name": "an agency"}]}', 'results[0] is not a launch'],
    ['{"count": 1, "next": null, "results": [{"id": "5c000000-0000-4000-8000-000000000001", "net": "2026-01-01T00:00:00Z"}]}', 'results[0] has no last_updated'],
  ])('refuses %s', (body, why) => {
    expect(() => readLl2Page(body, request)).toThrow(why);
  });

  it('sends no Authorization header without a key and follows no redirect', async () => {
    const seen: RequestInit[] = [];
    const fake: FetchLike = async (_url, init) => {
      seen.push(init);
      return new Response('', { status: 302, headers: { Location: 'https://elsewhere.example/' } });
    };
    await expect(getLl2Page(request, { fetch: fake, timeoutMs: 1000, userAgent: 'test' }, NOW)).rejects.toThrow(/redirect \(HTTP 302\) to https:\/\/elsewhere\.example\//);
    expect(seen[0].redirect).toBe('manual');
    expect(seen[0].headers).not.toHaveProperty('Authorization');
  });
});

describe('a sync against the stand-in', () => {
  it('creates launches and events in three requests, writes its state, and leaves data that validates', async () => {
    const result = await sync({ since: SINCE });
    expect(standIn.requests).toHaveLength(3);
    expect(standIn.requests.map((r) => r.path)).toEqual(['/2.3.0/launches/', '/2.3.0/launches/upcoming/', '/2.3.0/events/upcoming/']);
    expect(standIn.requests.every((r) => r.query.get('mode') === 'detailed' && r.query.get('limit') === '100')).toBe(true);
    expect(result.report.created).toHaveLength(4);
    expect(result.after).toEqual({ since: '2026-11-20T08:00:00Z', skip: 0 });
    expect(result.written).toBe(true);

    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(checked.dataset!.launches.map((l) => l.id).sort()).toEqual([1, 2, 3].map(syncLaunchId));
    expect(checked.dataset!.events.map((e) => [e.id, e.launches])).toEqual([[9901, [syncLaunchId(2)]]]);
    const tree = await readTree(dataDir);
    expect(tree.get('ll2-sync.yaml')!.toString()).toBe(syncStateFile({ since: '2026-11-20T08:00:00Z', skip: 0 }).content);
    expect(await readdir(root)).toEqual(['data']); // no lock, staging or retired folder left beside it

    const summary = formatSyncSummary(result, { dataDir: 'data' }).join('\n');
    expect(summary).toContain('requests: 3 of at most 4');
    expect(summary).toContain(`GET ${standIn.baseUrl}launches/upcoming/?limit=100&mode=detailed\n    2 of 2 upcoming launches`);
    expect(summary).toContain('launches: 3 created, 0 updated, 0 unchanged');
    expect(summary).toContain('events: 1 created, 0 updated, 0 unchanged');
    expect(summary).toContain('state: changed launches fetched up to 2026-11-20T08:00:00Z (no state before)');
    expect(summary).toMatch(/\nwrote \d+ file\(s\) under data\/$/);
  });

  it('changes nothing when nothing is new', async () => {
    await sync({ since: SINCE });
    const before = await readTree(dataDir);
    standIn.requests.length = 0;
    const again = await sync();
    expect(standIn.requests).toHaveLength(3);
    expect(again.files).toEqual([]);
    expect(again.written).toBe(false);
    // Launch 1 changed before the state's time: not fetched again.
    expect(again.report.unchanged.map((line) => line.split(' (')[0]).sort()).toEqual(['event fixture-sync-event-9901', 'launch fixture-rocket-block-1-sync-2', 'launch fixture-rocket-block-1-sync-3']);
    expect(formatSyncSummary(again, { dataDir: 'data' })).toContain('nothing changed; nothing written');
    await expectUntouched(before);
  });

  it('fetches again from --since, earlier than the state, and writes nothing in a dry run', async () => {
    await sync({ since: SINCE });
    const before = await readTree(dataDir);
    standIn.requests.length = 0;
    const again = await sync({ since: SINCE });
    expect(standIn.requests[0].query.get('last_updated__gte')).toBe(SINCE);
    expect(again.report.unchanged.filter((l) => l.startsWith('launch '))).toHaveLength(3); // launch 1 too
    expect(again.files).toEqual([]); // the newest change is the same: so is the state

    standIn.launches.push(detailedLaunch(5, '2027-05-01T00:00:00Z', '2026-11-21T09:00:00Z', NOW));
    const dry = await sync({ dryRun: true });
    expect(dry.files.map((f) => f.path)).toContain('ll2-sync.yaml');
    expect(dry.written).toBe(false);
    expect(formatSyncSummary(dry, { dataDir: 'data' }).at(-1)).toBe(`dry run: would write ${dry.files.length} file(s) under data/`);
    await expectUntouched(before);
  });

  it('updates a launch LL2 changed, in place, and moves the state to its change', async () => {
    await sync({ since: SINCE });
    const untouched = (await readdir(path.join(dataDir, 'launches/2027')))[0];
    const inode = async () => (await stat(path.join(dataDir, 'launches/2027', untouched))).ino;
    const inodeBefore = await inode();
    const i = standIn.launches.findIndex((l) => l.id === syncLaunchId(2));
    standIn.launches[i] = detailedLaunch(2, '2026-12-07T10:00:00Z', '2026-11-21T11:00:00Z', NOW);
    standIn.requests.length = 0;
    const result = await sync();
    expect(standIn.requests.length).toBeLessThanOrEqual(4);
    expect(result.report.updated).toEqual([expect.stringMatching(new RegExp(`^launch fixture-rocket-block-1-sync-2 \\(${syncLaunchId(2)}\\): .*net`))]);
    expect(result.files.map((f) => f.path)).toEqual([expect.stringMatching(/^launches\/2026\/fixture-rocket-block-1-sync-2\.yaml$/), 'll2-sync.yaml']);
    expect(result.after.since).toBe('2026-11-21T11:00:00Z');
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(checked.dataset!.launches.find((l) => l.id === syncLaunchId(2))!.net).toBe('2026-12-07T10:00:00Z');
    // Unchanged files are hard-linked into the new folder: same inode, so the build's record cache still knows them.
    expect(await inode()).toBe(inodeBefore);
  });

  it('reads a long feed of changes over several runs, four requests at most each', async () => {
    standIn.events = [];
    standIn.launches = [10, 11, 12, 13, 14].map((n) => detailedLaunch(n, `2027-0${n - 9}-01T00:00:00Z`, `2026-11-${n}T00:00:00Z`, NOW));
    const counts: number[] = [];
    const behind: number[] = [];
    for (let run = 0; run < 3; run++) {
      standIn.requests.length = 0;
      const result = await sync({ since: run === 0 ? SINCE : undefined, limit: 2 });
      counts.push(standIn.requests.length);
      behind.push(result.behind);
    }
    expect(counts).toEqual([4, 4, 3]);
    expect(behind).toEqual([2, 0, 0]);
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.dataset!.launches.map((l) => l.id).sort()).toEqual([10, 11, 12, 13, 14].map(syncLaunchId));
  });

  it('steps through more launches changed in one second than a page holds', async () => {
    standIn.events = [];
    const second = '2026-11-15T00:00:00Z';
    standIn.launches = [20, 21, 22].map((n) => detailedLaunch(n, `2027-03-0${n - 19}T00:00:00Z`, second, NOW));
    const first = await sync({ since: SINCE, limit: 2 });
    expect(first.after).toEqual({ since: second, skip: 2 });
    expect(standIn.requests.filter((r) => r.path === '/2.3.0/launches/').map((r) => r.query.get('offset'))).toEqual([null, null]);
    standIn.requests.length = 0;
    const next = await sync({ limit: 2 });
    expect(standIn.requests[0].query.get('offset')).toBe('2');
    expect(next.report.created).toEqual([expect.stringContaining(syncLaunchId(22))]);
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.dataset!.launches).toHaveLength(3);
  });

  it('sends the API key as "Authorization: Token …" on every request, and contacts no host but LL2_BASE_URL', async () => {
    const urls: string[] = [];
    const recording: FetchLike = (url, init) => {
      urls.push(url);
      return fetch(url, init);
    };
    await sync({ since: SINCE, apiKey: 'k3y-for-tests', fetch: recording });
    expect(standIn.requests.map((r) => r.headers.authorization)).toEqual(['Token k3y-for-tests', 'Token k3y-for-tests', 'Token k3y-for-tests']);
    expect(urls).toHaveLength(3);
    for (const url of urls) expect(url.startsWith(standIn.baseUrl)).toBe(true);

    standIn.requests.length = 0;
    await sync();
    expect(standIn.requests.map((r) => r.headers.authorization)).toEqual([undefined, undefined, undefined]);
  });

  it('puts back a data folder that a run killed halfway through its swap left aside, then syncs', async () => {
    await sync({ since: SINCE });
    await rename(dataDir, `${dataDir}.old`);
    const result = await sync();
    expect(result.files).toEqual([]);
    expect(await readdir(root)).toEqual(['data']);
    expect((await validateDataDir(dataDir, NOW)).dataset!.launches).toHaveLength(3);
  });
});

describe('a sync that cannot finish writes nothing', () => {
  let before: Map<string, Buffer>;
  beforeEach(async () => {
    await sync({ since: SINCE });
    // Something new to write, so that a run that went on would change the folder.
    standIn.launches.push(detailedLaunch(4, '2027-02-01T00:00:00Z', '2026-11-21T10:00:00Z', NOW));
    standIn.requests.length = 0;
    before = await readTree(dataDir);
  });

  const stopped = async (options: Partial<SyncOptions> = {}): Promise<SyncStopped> => {
    const error = await sync(options).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(SyncStopped);
    await expectUntouched(before);
    return error as SyncStopped;
  };

  it('on a 429, saying how long LL2 asks to wait', async () => {
    standIn.fault = () => ({ status: 429, headers: { 'Retry-After': '3600' }, body: '{"detail": "Request was throttled. Expected available in 3600 seconds."}' });
    const error = await stopped();
    expect(error.message).toMatch(/too many requests \(HTTP 429\): Request was throttled\..*wait 3600 s \(Retry-After\)/);
    expect(error.temporary).toBe(true);
    expect(standIn.requests).toHaveLength(1);
  });

  it('on a server error in the last request, after two pages came in fine', async () => {
    standIn.fault = (_request, i) => (i === 2 ? { status: 503, body: 'upstream down' } : undefined);
    const error = await stopped();
    expect(error.message).toContain('HTTP 503');
    expect(error.temporary).toBe(true);
    expect(standIn.requests).toHaveLength(3);
  });

  it('when nothing listens at LL2_BASE_URL', async () => {
    const error = await stopped({ baseUrl: `http://127.0.0.1:${await freePort()}/2.3.0/` });
    expect(error.message).toMatch(/could not reach LL2 at http:\/\/127\.0\.0\.1:\d+\/2\.3\.0\/launches\/.*ECONNREFUSED/);
    expect(error.temporary).toBe(true);
  });

  it('when LL2 does not answer in time', async () => {
    standIn.fault = (_request, i) => (i === 1 ? 'hang' : undefined);
    const error = await stopped({ timeoutMs: 300 });
    expect(error.message).toMatch(/did not answer .*launches\/upcoming\/.* within 0\.3 s/);
    expect(error.temporary).toBe(true);
  });

  it('when LL2 redirects, without following it', async () => {
    standIn.fault = (_request, i) => (i === 0 ? { status: 301, headers: { Location: 'http://127.0.0.2:9/2.3.0/launches/' }, body: '' } : undefined);
    const error = await stopped();
    expect(error.message).toMatch(/redirect \(HTTP 301\) to http:\/\/127\.0\.0\.2:9\/2\.3\.0\/launches\/; redirects are not followed/);
    expect(error.temporary).toBe(false);
    expect(standIn.requests).toHaveLength(1);
  });

  it('when the body is not LL2\'s JSON', async () => {
    standIn.fault = () => ({ status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html><body>Maintenance</body></html>' });
    const error = await stopped();
    expect(error.message).toMatch(/did not answer with LL2's JSON: the body is not JSON/);
    expect(error.temporary).toBe(false);
  });

  it('when the state file is not valid, before any request', async () => {
    await writeFile(path.join(dataDir, 'll2-sync.yaml'), 'launches_updated_since: last tuesday\n');
    const error = await sync().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).problems[0]).toMatchObject({ file: 'll2-sync.yaml', line: 1, field: 'launches_updated_since' });
    expect(standIn.requests).toEqual([]);
    // npm run validate reports it too, so a pull request cannot bring a broken state.
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.dataset).toBeUndefined();
    expect(checked.problems.filter((p) => p.severity === 'error').map((p) => [path.basename(p.file), p.line, p.field])).toEqual([['ll2-sync.yaml', 1, 'launches_updated_since']]);
  });

  it('when there is no state and no --since, before any request', async () => {
    await removeDir(dataDir);
    await mkdir(dataDir);
    const error = await sync().then(() => undefined, (e: unknown) => e);
    expect((error as Error).message).toMatch(/no ll2-sync\.yaml yet.*--since/);
    expect(standIn.requests).toEqual([]);
  });

  it('when a file cannot be written: the folder is swapped in whole or not at all', async () => {
    // A file where the folder reference/ stands cannot be written; the launch before it must not land either.
    const files = [{ path: 'launches/2027/new.yaml', content: 'id: x\n' }, { path: 'reference', content: 'not a folder\n' }];
    await expect(withBuildLock(dataDir, () => replaceDataFiles(dataDir, files))).rejects.toThrow();
    await expectUntouched(before);
  });
});

describe('npm run sync:ll2', () => {
  const SYNC = path.join(ROOT, 'scripts/sync-ll2.ts');

  it('syncs from LL2_BASE_URL with LL2_API_KEY, prints a summary, never the key', async () => {
    const run = await runProcess([SYNC, '--data-dir', dataDir, '--now', '2026-11-21T12:00:00Z', '--since', SINCE], {
      env: { LL2_BASE_URL: standIn.baseUrl, LL2_API_KEY: 'cli-secret-key' },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`LL2 sync from ${standIn.baseUrl} at 2026-11-21T12:00:00Z with an API key`);
    expect(run.stdout).toContain('requests: 3 of at most 4');
    expect(run.stdout).toContain('launches: 3 created');
    expect(run.stdout).not.toContain('cli-secret-key');
    expect(standIn.requests.map((r) => r.headers.authorization)).toEqual(Array(3).fill('Token cli-secret-key'));
  });

  it('exits with 75 (try again later) on a 429, without a stack trace, writing nothing', async () => {
    standIn.fault = () => ({ status: 429, headers: { 'Retry-After': '60' }, body: '{"detail": "Request was throttled."}' });
    const run = await runProcess([SYNC, '--data-dir', dataDir, '--now', '2026-11-21T12:00:00Z', '--since', SINCE], { env: { LL2_BASE_URL: standIn.baseUrl } });
    expect(run.code).toBe(75);
    expect(run.stderr).toMatch(/^error: LL2 refused .* \(HTTP 429\).*wait 60 s/);
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(await readdir(dataDir)).toEqual([]);
  });
});
