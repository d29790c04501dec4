// npm run sync:ll2 against a stand-in for LL2 on loopback (helpers/ll2-stand-in.ts):
// the request plan and its budget, creating and updating records in at most five
// requests, no record written when nothing is new, launches that LL2 refuses to
// hand over intact, deletes, or that left its list without an outcome (nothing
// lost, nothing lingering), the feed of changed launches
// read across runs (ties included), events through their own feed (refused ones
// named and retried), every failure stopping with the data folder
// byte-identical, the API key header, and LL2_BASE_URL as the only host contacted.

import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { parse as parseYaml, parseDocument } from 'yaml';
import {
  canonicalReference,
  referenceFileSchema,
  referenceFileYaml,
  updateYaml,
} from '../scripts/lib/import/yaml-out.ts';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataError } from '../scripts/lib/data/problems.ts';
import { recordToYaml } from '../scripts/lib/data/canonical.ts';
import { eventSchema } from '../scripts/schemas/data-files.ts';
import { hashBytes, type RecordCache } from '../scripts/lib/data/record-cache.ts';
import {
  getLl2Page,
  readLl2Page,
  retryAfterSeconds,
  SyncStopped,
  type FetchLike,
} from '../scripts/lib/import/sync/http.ts';
import {
  advanceCursor,
  changedLaunchesRequest,
  nextRequest,
  REQUEST_BUDGET,
  type FetchedPage,
  type Ll2Request,
  type SyncCursor,
} from '../scripts/lib/import/sync/plan.ts';
import { syncStateFile } from '../scripts/lib/import/sync/state.ts';
import { dueResource, RESOURCES, resourceUrl } from '../scripts/lib/import/sync/resources.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { readFileSync } from 'node:fs';
import { syncLl2, type SyncOptions } from '../scripts/lib/import/sync/sync.ts';
import { syncAgainst } from './helpers/stand-in-sync.ts';
import { replaceDataFiles } from '../scripts/lib/import/sync/write.ts';
import { formatSyncSummary } from '../scripts/lib/import/sync/summary.ts';
import { withBuildLock } from '../scripts/lib/publish/writer.ts';
import { validateDataDir } from '../scripts/lib/pipeline.ts';
import { removeDir, tempDir } from './helpers/data.ts';
import { freePort } from './helpers/http.ts';
import {
  detailedEvent,
  detailedLaunch,
  startLl2StandIn,
  syncLaunchId,
  type Ll2StandIn,
} from './helpers/ll2-stand-in.ts';
import { readTree } from './helpers/tree.ts';
import { ROOT, runProcess, STACK_LINE } from './helpers/run-cli.ts';
import { officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';
import { astronautShaper } from './helpers/astronaut-shapes.ts';

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

/** No resources in rotation unless a test says so (the resources' own tests below): the other requests stay as they were. */
const sync = (options: Partial<SyncOptions> = {}) => syncAgainst(standIn, dataDir, NOW, options);

/** What a failed run must leave: the same bytes, and nothing beside the folder. */
async function expectUntouched(before: Map<string, Buffer>): Promise<void> {
  expect(await readTree(dataDir)).toEqual(before);
  expect(await readdir(root)).toEqual(['data']);
}

describe('the request plan', () => {
  const page = (request: Ll2Request, lastUpdated: string[], more: boolean): FetchedPage => ({
    request,
    lastUpdated,
    more,
  });
  const cursor: SyncCursor = { since: SINCE, skip: 0 };

  it('asks for changed launches, then upcoming launches, then changed events (their own feed), all detailed, 100 a page', () => {
    const plan = { baseUrl: BASE, cursor };
    const first = nextRequest(plan, [])!;
    expect(first.url).toBe(
      `${BASE}launches/?last_updated__gte=2026-11-01T00%3A00%3A00Z&limit=100&mode=detailed&ordering=last_updated%2Cid`,
    );
    const second = nextRequest(plan, [page(first, ['2026-11-02T00:00:00Z'], false)])!;
    expect(second.url).toBe(`${BASE}launches/upcoming/?limit=100&mode=detailed`);
    const third = nextRequest(plan, [page(first, [], false), page(second, [], false)])!;
    // No events' cursor yet: the events' feed starts with every event LL2 holds.
    expect(third.url).toBe(
      `${BASE}events/?last_updated__gte=1950-01-01T00%3A00%3A00Z&limit=100&mode=detailed&ordering=last_updated%2Cid`,
    );
    expect(
      nextRequest(plan, [page(first, [], false), page(second, [], false), page(third, [], false)]),
    ).toBeUndefined();
  });

  it('spends a spare request on the next page of changed launches, from where the first ended, and never more than the budget', () => {
    const plan = { baseUrl: BASE, cursor, lookupIds: [syncLaunchId(7)] };
    const first = nextRequest(plan, [])!;
    const fetched = [page(first, ['2026-11-02T00:00:00Z', '2026-11-03T00:00:00Z'], true)];
    const second = nextRequest(plan, fetched)!;
    expect(second.role).toBe('changed-launches');
    expect(second.cursor).toEqual({ since: '2026-11-03T00:00:00Z', skip: 0 });
    fetched.push(page(second, ['2026-11-03T00:00:00Z', '2026-11-04T00:00:00Z'], true));
    // The feed still has more, but the upcoming lists and the look-up take the last three requests.
    const rest: Ll2Request[] = [];
    for (let r = nextRequest(plan, fetched); r; r = nextRequest(plan, fetched)) {
      rest.push(r);
      fetched.push(page(r, [], false));
    }
    expect(rest.map((r) => r.role)).toEqual(['upcoming-launches', 'lookup-launches', 'changed-events']);
    expect(rest[1].url).toBe(`${BASE}launches/?id=${syncLaunchId(7)}&limit=100&mode=detailed`);
    expect(fetched).toHaveLength(REQUEST_BUDGET);
    expect(nextRequest(plan, fetched)).toBeUndefined();
  });

  it("gives events more than one request only when the launches' feed was read to its end: refused events by id, then the events' feed's next page", () => {
    const events: SyncCursor = { since: '2026-10-01T00:00:00Z', skip: 0 };
    const plan = { baseUrl: BASE, cursor, eventsCursor: events, lookupEventIds: [9902] };
    const run = (launchesMore: boolean) => {
      const fetched: FetchedPage[] = [];
      for (let r = nextRequest(plan, fetched); r; r = nextRequest(plan, fetched)) {
        const feed = r.role === 'changed-launches';
        const at = fetched.filter((f) => f.request.role === r.role).length;
        // Every page is full (LL2 has more); the launches' feed has none after its first page unless launchesMore.
        const more = feed ? (launchesMore || at === 0 ? launchesMore : false) : true;
        fetched.push(page(r, [`2026-11-0${fetched.length + 1}T00:00:00Z`], more));
      }
      return fetched.map((f) => f.request);
    };
    // The launches' feed still has more after two pages: events get their one page, nothing else.
    const behind = run(true);
    expect(behind.map((r) => r.role)).toEqual([
      'changed-launches',
      'changed-launches',
      'upcoming-launches',
      'changed-events',
    ]);
    expect(behind[3].url).toBe(
      `${BASE}events/?last_updated__gte=2026-10-01T00%3A00%3A00Z&limit=100&mode=detailed&ordering=last_updated%2Cid`,
    );
    // The launches' feed read to its end: the refused event is looked up, then the events' feed continues where it ended.
    const caughtUp = run(false);
    expect(caughtUp.map((r) => r.role)).toEqual([
      'changed-launches',
      'upcoming-launches',
      'changed-events',
      'lookup-events',
      'changed-events',
    ]);
    expect(caughtUp[3].url).toBe(`${BASE}events/?id=9902&limit=100&mode=detailed`);
    expect(caughtUp[4].cursor).toEqual({ since: '2026-11-03T00:00:00Z', skip: 0 });
    expect(caughtUp).toHaveLength(REQUEST_BUDGET);
  });

  it('moves the cursor to the newest change received, and past a second shared by more than a page by offset', () => {
    expect(
      advanceCursor(cursor, { lastUpdated: ['2026-11-05T00:00:00Z', '2026-11-02T00:00:00Z'], more: true }),
    ).toEqual({ since: '2026-11-05T00:00:00Z', skip: 0 });
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
    [
      '{"count": 1, "next": null, "results": [{"id": "5c000000-0000-4000-8000-000000000001", "net": "2026-01-01T00:00:00Z"}]}',
      'results[0] has no last_updated',
    ],
  ])('refuses %s', (body, why) => {
    expect(() => readLl2Page(body, request)).toThrow(why);
  });

  it('sends no Authorization header without a key and follows no redirect', async () => {
    const seen: RequestInit[] = [];
    const fake: FetchLike = async (_url, init) => {
      seen.push(init);
      return new Response('', { status: 302, headers: { Location: 'https://elsewhere.example/' } });
    };
    await expect(getLl2Page(request, { fetch: fake, timeoutMs: 1000, userAgent: 'test' }, NOW)).rejects.toThrow(
      /redirect \(HTTP 302\) to https:\/\/elsewhere\.example\//,
    );
    expect(seen[0].redirect).toBe('manual');
    expect(seen[0].headers).not.toHaveProperty('Authorization');
  });
});

describe('a sync against the stand-in', () => {
  it('creates launches and events in three requests, writes its state, and leaves data that validates', async () => {
    const result = await sync({ since: SINCE });
    expect(standIn.requests).toHaveLength(3);
    expect(standIn.requests.map((r) => r.path)).toEqual([
      '/2.3.0/launches/',
      '/2.3.0/launches/upcoming/',
      '/2.3.0/events/',
    ]);
    expect(standIn.requests.every((r) => r.query.get('mode') === 'detailed' && r.query.get('limit') === '100')).toBe(
      true,
    );
    expect(result.report.created).toHaveLength(4);
    expect(result.after).toEqual({ since: '2026-11-20T08:00:00Z', skip: 0 });
    expect(result.written).toBe(true);

    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(checked.dataset!.launches.map((l) => l.id).sort()).toEqual([1, 2, 3].map(syncLaunchId));
    expect(checked.dataset!.events.map((e) => [e.id, e.launches])).toEqual([[9901, [syncLaunchId(2)]]]);
    const tree = await readTree(dataDir);
    expect(tree.get('ll2-sync.yaml')!.toString()).toBe(
      syncStateFile(
        { since: '2026-11-20T08:00:00Z', skip: 0 },
        {
          eventsCursor: { since: '2026-11-20T09:00:00Z', skip: 0 },
          lastSuccessAt: '2026-11-21T12:00:00Z',
          requestsLastHour: [{ at: '2026-11-21T12:00:00Z', count: 3 }],
        },
      ).content,
    );
    expect(tree.get('ll2-sync.yaml')!.toString()).toContain('\nlast_success_at: 2026-11-21T12:00:00Z\n');
    expect(await readdir(root)).toEqual(['data']); // no lock, staging or retired folder left beside it

    const summary = formatSyncSummary(result, { dataDir: 'data' }).join('\n');
    expect(summary).toContain('requests: 3 of at most 5');
    expect(summary).toContain(
      `GET ${standIn.baseUrl}launches/upcoming/?limit=100&mode=detailed\n    2 of 2 upcoming launches`,
    );
    expect(summary).toContain('launches: 3 created, 0 updated, 0 unchanged');
    expect(summary).toContain('events: 1 created, 0 updated, 0 unchanged');
    expect(summary).toContain('state: changed launches fetched up to 2026-11-20T08:00:00Z (no state before)');
    expect(summary).toMatch(/\nwrote \d+ file\(s\) under data\/$/);
  });

  it('changes no record when nothing is new; only the state says when the run went through', async () => {
    await sync({ since: SINCE });
    const before = await readTree(dataDir);
    standIn.requests.length = 0;
    const again = await sync();
    expect(standIn.requests).toHaveLength(3);
    expect(again.files.map((f) => f.path)).toEqual(['ll2-sync.yaml']);
    // Launch 1 changed before the state's time: not fetched again. Launch 2 (changed at the state's second, so
    // fetched again) and the upcoming 2 and 3 are held at LL2's version: not imported again.
    expect(again.alreadyHeld).toBe(3);
    // (The event's link to launch 2 is read as launch 2 in list mode: unchanged.)
    expect(again.report.unchanged.map((line) => line.split(' (')[0]).sort()).toEqual([
      'event fixture-sync-event-9901',
      'launch fixture-rocket-block-1-sync-2',
    ]);
    expect(formatSyncSummary(again, { dataDir: 'data' })).toContain(
      "already held at LL2's version (not imported again): 3 launch(es)",
    );
    expect(formatSyncSummary(again, { dataDir: 'data' })).toContain(
      `nothing changed at LL2; the state's last_success_at is now 2026-11-21T12:00:00Z`,
    );
    await expectUntouched(before); // same clock: the same state, byte for byte
    const later = await sync({ now: NOW + 3_600_000 });
    expect(later.report.created).toEqual([]);
    expect((await readTree(dataDir)).get('ll2-sync.yaml')!.toString()).toContain(
      '\nlast_success_at: 2026-11-21T13:00:00Z\n',
    );
  });

  it('fetches again from --since, earlier than the state, and writes nothing in a dry run', async () => {
    await sync({ since: SINCE });
    const before = await readTree(dataDir);
    standIn.requests.length = 0;
    const again = await sync({ since: SINCE });
    expect(standIn.requests[0].query.get('last_updated__gte')).toBe(SINCE);
    expect(again.alreadyHeld).toBe(5); // launches 1, 2, 3 from the feed, 2 and 3 from the upcoming list
    expect(again.files.map((f) => f.path)).toEqual(['ll2-sync.yaml']); // the newest change is the same: so is the state

    standIn.launches.push(detailedLaunch(5, '2027-05-01T00:00:00Z', '2026-11-21T09:00:00Z', NOW));
    const dry = await sync({ dryRun: true });
    expect(dry.files.map((f) => f.path)).toContain('ll2-sync.yaml');
    expect(dry.written).toBe(false);
    expect(formatSyncSummary(dry, { dataDir: 'data' }).at(-1)).toBe(
      `dry run: would write ${dry.files.length} file(s) under data/`,
    );
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
    expect(result.report.updated).toEqual([
      expect.stringMatching(new RegExp(`^launch fixture-rocket-block-1-sync-2 \\(${syncLaunchId(2)}\\): .*net`)),
    ]);
    // The launch and its history (history-append.ts): the NET's change appended, seen at the run's clock.
    expect(result.files.map((f) => f.path)).toEqual([
      expect.stringMatching(/^launches\/2026\/fixture-rocket-block-1-sync-2\.yaml$/),
      'history/2026/fixture-rocket-block-1-sync-2.yaml',
      'll2-sync.yaml',
    ]);
    expect(result.after.since).toBe('2026-11-21T11:00:00Z');
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(checked.dataset!.history!.get(syncLaunchId(2))!.changes!.at(-1)).toMatchObject({
      seen: new Date(NOW).toISOString().replace('.000', ''),
      source: 'll2-sync',
      net: [expect.any(String), '2026-12-07T10:00:00Z'],
    });
    expect(checked.dataset!.launches.find((l) => l.id === syncLaunchId(2))!.net).toBe('2026-12-07T10:00:00Z');
    // Unchanged files are hard-linked into the new folder: same inode, so the build's record cache still knows them.
    expect(await inode()).toBe(inodeBefore);
  });

  it('writes of a large reference file only the entries that changed, the bytes a whole rewrite gives, and leaves the other reference files untouched', async () => {
    // The launch fixture lists one update (31001); LL2 adds a second, then edits it and adds a third.
    const i = standIn.launches.findIndex((l) => l.id === syncLaunchId(2));
    const withUpdates = (lastUpdated: string, edits: JsonObject[]) => {
      const launch = detailedLaunch(2, '2026-12-05T10:00:00Z', lastUpdated, NOW);
      const [update] = launch.updates as JsonObject[];
      return { ...launch, updates: [update, ...edits.map((edit) => ({ ...update, ...edit }))] };
    };
    standIn.launches[i] = withUpdates('2026-11-20T09:00:00Z', [{ id: 31002, comment: 'Static fire planned.' }]);
    await sync({ since: SINCE });
    const reference = path.join(dataDir, 'reference');
    const names = (await readdir(reference)).sort();
    const inodes = new Map(
      await Promise.all(names.map(async (n) => [n, (await stat(path.join(reference, n))).ino] as const)),
    );
    const updatesBefore = await readFile(path.join(reference, 'updates.yaml'), 'utf8');
    standIn.launches[i] = withUpdates('2026-11-21T11:00:00Z', [
      { id: 31002, comment: 'Static fire done.' },
      { id: 31003, comment: 'Go for launch.' },
    ]);
    const result = await sync();
    expect(result.files.map((f) => f.path)).toEqual([
      expect.stringMatching(/^launches\/2026\/fixture-rocket-block-1-sync-2\.yaml$/),
      'reference/updates.yaml',
      'll2-sync.yaml',
    ]);
    // Entry by entry (splice.ts): the update changed and the one added, nothing else parsed or written again.
    expect([...result.files[1].entries!.written.keys()]).toEqual(['update-31002', 'update-31003']);
    const updatesAfter = await readFile(path.join(reference, 'updates.yaml'), 'utf8');
    const canonicalAll = (text: string) =>
      Object.fromEntries(
        Object.entries(parseYaml(text) as Record<string, JsonObject>).map(([k, r]) => [
          k,
          canonicalReference('updates', r),
        ]),
      );
    expect(updatesAfter).toBe(
      updateYaml(
        parseDocument(updatesBefore),
        canonicalAll(updatesBefore),
        canonicalAll(updatesAfter),
        referenceFileSchema('updates'),
      ),
    );
    expect(updatesAfter).toContain('comment: Static fire done.');
    expect(updatesAfter).not.toBe(updatesBefore);
    // Keyed as the object-graph files are, and each naming its source as the launch does (LL2 2.3.0 itself, read live: no saver).
    const records = parseYaml(updatesAfter) as Record<string, JsonObject>;
    for (const key of ['update-31002', 'update-31003']) {
      expect([key, records[key].provenance]).toEqual([
        key,
        { credit: 'Launch Library 2 by The Space Devs', ll2_version: '2.3.0' },
      ]);
    }
    for (const name of names.filter((n) => n !== 'updates.yaml'))
      expect([name, (await stat(path.join(reference, name))).ino]).toEqual([name, inodes.get(name)]);
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('leaves the files it wrote in the record cache it was given, as the next load finds them (not parsed again)', async () => {
    const entries = new Map<string, { hash: string; value: unknown }>();
    const cache: RecordCache = {
      get: (file, hash) => (entries.get(file)?.hash === hash ? entries.get(file)!.value : undefined),
      byStamp: () => undefined,
      set: (file, hash, value) => void entries.set(file, { hash, value }),
      save: async () => {},
    };
    const result = await sync({ since: SINCE, cache });
    const written = result.files.filter((f) => f.path !== 'll2-sync.yaml');
    expect(written.length).toBeGreaterThan(0);
    for (const file of written) {
      const bytes = await readFile(path.join(dataDir, file.path));
      expect(cache.get(file.path, hashBytes(bytes))).toEqual(parseYaml(bytes.toString('utf8')));
    }
  });

  it('reads a long feed of changes over several runs, four requests at most each', async () => {
    standIn.events = [];
    standIn.launches = [10, 11, 12, 13, 14].map((n) =>
      detailedLaunch(n, `2027-0${n - 9}-01T00:00:00Z`, `2026-11-${n}T00:00:00Z`, NOW),
    );
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
    expect(standIn.requests.filter((r) => r.path === '/2.3.0/launches/').map((r) => r.query.get('offset'))).toEqual([
      null,
      null,
    ]);
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
    expect(standIn.requests.map((r) => r.headers.authorization)).toEqual([
      'Token k3y-for-tests',
      'Token k3y-for-tests',
      'Token k3y-for-tests',
    ]);
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
    expect(result.files.map((f) => f.path)).toEqual(['ll2-sync.yaml']);
    expect(await readdir(root)).toEqual(['data']);
    expect((await validateDataDir(dataDir, NOW)).dataset!.launches).toHaveLength(3);
  });
});

describe('the resources in rotation', () => {
  const HOUR = 3_600_000;
  const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

  it('reads the most overdue resource we write (never read: at once), none that has no file of ours yet', () => {
    expect(dueResource({}, NOW)?.name).toBe('astronauts_in_space');
    expect(dueResource({ astronauts_in_space: at(NOW) }, NOW)?.name).toBe('space_stations');
    expect(dueResource({ astronauts_in_space: at(NOW), space_stations: at(NOW) }, NOW)?.name).toBe('all_astronauts');
    expect(
      dueResource({ astronauts_in_space: at(NOW), space_stations: at(NOW), all_astronauts: at(NOW) }, NOW)?.name,
    ).toBe('active_expeditions');
    // Then the Starship dashboard (6 hours), read last in the table's order.
    expect(
      dueResource(
        { astronauts_in_space: at(NOW), space_stations: at(NOW), all_astronauts: at(NOW), active_expeditions: at(NOW) },
        NOW,
      )?.name,
    ).toBe('starship_dashboard');
    expect(
      dueResource(
        {
          astronauts_in_space: at(NOW + 5 * HOUR),
          space_stations: at(NOW),
          all_astronauts: at(NOW + 5 * HOUR),
          active_expeditions: at(NOW),
          starship_dashboard: at(NOW),
        },
        NOW + 6 * HOUR,
      )?.name,
    ).toBe('starship_dashboard');
    expect(
      dueResource(
        {
          astronauts_in_space: at(NOW),
          space_stations: at(NOW),
          all_astronauts: at(NOW),
          active_expeditions: at(NOW),
          starship_dashboard: at(NOW),
        },
        NOW + 5 * HOUR,
      ),
    ).toBeUndefined();
    // Below, the dashboard was read late enough not to be due.
    const dashboard = { starship_dashboard: at(NOW + 20 * HOUR) };
    const all = at(NOW + HOUR);
    // The expeditions every 12 hours: read at the clock, due 12 hours on.
    const expeditions = at(NOW);
    expect(
      dueResource(
        {
          astronauts_in_space: at(NOW),
          space_stations: at(NOW),
          all_astronauts: all,
          active_expeditions: expeditions,
          ...dashboard,
        },
        NOW + 5 * HOUR,
      ),
    ).toBeUndefined();
    expect(
      dueResource(
        {
          astronauts_in_space: at(NOW),
          space_stations: at(NOW),
          all_astronauts: all,
          active_expeditions: expeditions,
          ...dashboard,
        },
        NOW + 6 * HOUR,
      )?.name,
    ).toBe('astronauts_in_space');
    // The two astronaut slots keep their own six-hour schedules: every astronaut an hour after those in space.
    expect(
      dueResource(
        {
          astronauts_in_space: at(NOW + 6 * HOUR),
          space_stations: at(NOW),
          all_astronauts: all,
          active_expeditions: expeditions,
          ...dashboard,
        },
        NOW + 7 * HOUR,
      )?.name,
    ).toBe('all_astronauts');
    expect(
      dueResource(
        {
          astronauts_in_space: at(NOW + 12 * HOUR),
          space_stations: at(NOW),
          all_astronauts: at(NOW + 12 * HOUR),
          active_expeditions: expeditions,
          ...dashboard,
        },
        NOW + 12 * HOUR,
      )?.name,
    ).toBe('active_expeditions');
    // A day on, the astronauts are 18 hours late, the expeditions 12, the stations on time: the astronauts first.
    expect(
      dueResource(
        {
          astronauts_in_space: at(NOW),
          space_stations: at(NOW),
          all_astronauts: at(NOW + 20 * HOUR),
          active_expeditions: expeditions,
          ...dashboard,
        },
        NOW + 24 * HOUR,
      )?.name,
    ).toBe('astronauts_in_space');
    expect(
      dueResource(
        {
          astronauts_in_space: at(NOW + 20 * HOUR),
          space_stations: at(NOW),
          all_astronauts: at(NOW + 20 * HOUR),
          active_expeditions: at(NOW + 12 * HOUR),
          ...dashboard,
        },
        NOW + 24 * HOUR,
      )?.name,
    ).toBe('space_stations');
    // Every slot writes a file of ours now; a slot without one would never be requested.
    expect(RESOURCES.filter((r) => r.writes === undefined).map((r) => r.name)).toEqual([]);
    expect(
      dueResource(
        {},
        NOW + 1000 * HOUR,
        RESOURCES.map(({ writes: _, ...r }) => r),
      ),
    ).toBeUndefined();
    // LL2 has no filter for an expedition under way (end__gt leaves out those with no end): the newest ten by start, with their crews.
    expect(resourceUrl(BASE, RESOURCES.find((r) => r.name === 'active_expeditions')!, at(NOW))).toBe(
      `${BASE}expeditions/?limit=10&mode=detailed&ordering=-start`,
    );
  });

  it("spends a request on the resource only when the launches' feed is read to its end, before the events' extras, within the budget", () => {
    const resource = {
      name: 'astronauts_in_space' as const,
      url: `${BASE}astronauts/?in_space=true&limit=100&mode=normal`,
    };
    const run = (feedMore: boolean[], lookupIds: string[] = []) => {
      const fetched: FetchedPage[] = [];
      const options = { baseUrl: BASE, cursor: { since: SINCE, skip: 0 }, resource, lookupIds, lookupEventIds: [9901] };
      let n = 0;
      for (let r = nextRequest(options, fetched); r; r = nextRequest(options, fetched)) {
        const more = r.role === 'changed-launches' ? (feedMore[n++] ?? false) : false;
        fetched.push({
          request: r,
          lastUpdated: r.role === 'changed-launches' ? [`2026-11-0${n}T00:00:00Z`] : [],
          more,
        });
      }
      return fetched.map((f) => f.request.role);
    };
    expect(run([false])).toEqual([
      'changed-launches',
      'upcoming-launches',
      'changed-events',
      'resource',
      'lookup-events',
    ]);
    expect(run([false], [syncLaunchId(1)])).toEqual([
      'changed-launches',
      'upcoming-launches',
      'lookup-launches',
      'changed-events',
      'resource',
    ]);
    // The feed still behind after its two pages: nothing to spare, the resource waits for a later run.
    expect(run([true, true])).toEqual(['changed-launches', 'changed-launches', 'upcoming-launches', 'changed-events']);
  });

  it('keeps the astronauts in space and the space stations fresh from LL2, through the importer, with LL2 ids and provenance', async () => {
    const astronaut = (id: number, name: string, inSpace: boolean): JsonObject => ({
      id,
      url: `https://ll.thespacedevs.com/2.3.0/astronauts/${id}/`,
      name,
      status: { id: 1, name: 'Active' },
      agency: null,
      image: null,
      response_mode: 'normal',
      type: { id: 2, name: 'Government' },
      in_space: inSpace,
      time_in_space: 'P120DT3H',
      eva_time: 'PT0S',
      age: 45,
      date_of_birth: '1981-02-03',
      date_of_death: null,
      nationality: [],
      bio: `${name}, a fixture astronaut.`,
      wiki: null,
      last_flight: '2026-11-01T09:00:00Z',
      first_flight: '2020-05-30T19:22:45Z',
      social_media_links: [],
      flights_count: 2,
      landings_count: 1,
      spacewalks_count: 0,
    });
    standIn.astronauts = [
      astronaut(9701, 'Fixture Astronaut One', true),
      astronaut(9702, 'Fixture Astronaut Two', true),
      astronaut(9703, 'Fixture Astronaut Home', false),
    ];
    const station = (id: number, name: string, status: { id: number; name: string }): JsonObject => ({
      id,
      url: `https://ll.thespacedevs.com/2.3.0/space_stations/${id}/`,
      name,
      image: null,
      status,
      founded: '2019-04-01',
      deorbited: null,
      description: `${name}, for tests.`,
      orbit: 'Low Earth Orbit',
      type: { id: 1, name: 'Government' },
      owners: [],
      response_mode: 'normal',
      active_expeditions: [],
    });
    standIn.spaceStations = [station(9801, 'Rotation Station', { id: 1, name: 'Active' })];
    // The slots of this test; every astronaut's, a page a turn, has a test of its own below.
    const rotation = {
      resources: RESOURCES.filter((r) => r.name === 'astronauts_in_space' || r.name === 'space_stations'),
    };

    // Run 1: the astronauts in space (never read), the fourth request of five.
    const first = await sync({ since: SINCE, ...rotation });
    expect(standIn.requests.map((r) => `${r.path}?${r.query}`).at(-1)).toBe(
      '/2.3.0/astronauts/?in_space=true&limit=100&mode=normal',
    );
    expect(standIn.requests.length).toBeLessThanOrEqual(REQUEST_BUDGET);
    expect(first.resource).toEqual({
      name: 'astronauts_in_space',
      changed: ['fixture-astronaut-one', 'fixture-astronaut-two'],
    });
    const astronauts = () =>
      parseYaml(readTreeFile('reference/astronauts.yaml')) as Record<string, Record<string, unknown>>;
    const readTreeFile = (file: string) => readFileSync(path.join(dataDir, file), 'utf8');
    expect(astronauts()['fixture-astronaut-one']).toMatchObject({
      id: 9701,
      name: 'Fixture Astronaut One',
      in_space: true,
      status: { id: 1, name: 'Active' },
      time_in_space: 'P120DT3H',
      provenance: {
        credit: expect.stringContaining('The Space Devs'),
        ll2_version: '2.3.0',
        url: 'https://ll.thespacedevs.com/2.3.0/astronauts/9701/',
      },
    });
    expect(Object.keys(astronauts())).toEqual(['fixture-astronaut-one', 'fixture-astronaut-two']);
    expect(readTreeFile('ll2-sync.yaml')).toContain(
      'resources_fetched_at:\n  astronauts_in_space: 2026-11-21T12:00:00Z\n',
    );
    expect((await validateDataDir(dataDir, NOW)).problems.filter((p) => p.severity === 'error')).toEqual([]);

    // Run 2, an hour on: the astronauts are not due for six hours; the space stations (never read) are.
    standIn.requests.length = 0;
    const second = await sync({ now: NOW + HOUR, ...rotation });
    expect(standIn.requests.map((r) => r.path)).toEqual([
      '/2.3.0/launches/',
      '/2.3.0/launches/upcoming/',
      '/2.3.0/events/',
      '/2.3.0/space_stations/',
    ]);
    expect(second.resource?.name).toBe('space_stations');
    expect(second.report.referenceAdded).toContain('spaceStations/rotation-station');
    const stations = parseYaml(readTreeFile('reference/space-stations.yaml')) as Record<
      string,
      Record<string, unknown>
    >;
    expect(stations['rotation-station']).toMatchObject({
      id: 9801,
      name: 'Rotation Station',
      status: { id: 1, name: 'Active' },
      founded: '2019-04-01',
    });

    // Run 3, an hour on: nothing due, three requests. Run 4, seven hours on: the astronauts again; Two has landed.
    standIn.requests.length = 0;
    expect((await sync({ now: NOW + 2 * HOUR, ...rotation })).resource).toBeUndefined();
    expect(standIn.requests).toHaveLength(3);
    standIn.astronauts[1] = astronaut(9702, 'Fixture Astronaut Two', false);
    standIn.spaceStations[0] = station(9801, 'Rotation Station', { id: 3, name: 'Decommissioned' });
    const fourth = await sync({ now: NOW + 7 * HOUR, ...rotation });
    expect(fourth.resource).toEqual({ name: 'astronauts_in_space', changed: ['fixture-astronaut-two'] });
    expect(astronauts()['fixture-astronaut-two']).toMatchObject({
      in_space: false,
      provenance: {
        assumed: {
          in_space: expect.stringContaining(
            "LL2's list of the astronauts in space (astronauts/?in_space=true) of 2026-11-21T19:00:00Z no longer holds them",
          ),
        },
      },
    });
    expect(astronauts()['fixture-astronaut-one']).toMatchObject({ in_space: true });
    // A day after the stations were read, both are due: the more overdue (the astronauts) first, the stations the hour after.
    expect((await sync({ now: NOW + 25 * HOUR, ...rotation })).resource).toEqual({
      name: 'astronauts_in_space',
      changed: [],
    });
    expect((await sync({ now: NOW + 26 * HOUR, ...rotation })).resource?.name).toBe('space_stations');
    expect(
      (parseYaml(readTreeFile('reference/space-stations.yaml')) as Record<string, Record<string, unknown>>)[
        'rotation-station'
      ],
    ).toMatchObject({ status: { id: 3, name: 'Decommissioned' } });
    expect((await validateDataDir(dataDir, NOW + 26 * HOUR)).problems.filter((p) => p.severity === 'error')).toEqual(
      [],
    );

    // An empty list of those in space is not read as "everyone landed": nothing changes.
    standIn.astronauts = [];
    const empty = await sync({ now: NOW + 40 * HOUR, ...rotation });
    expect(empty.resource).toEqual({ name: 'astronauts_in_space', changed: [] });
    expect(astronauts()['fixture-astronaut-one']).toMatchObject({ in_space: true });
  });
});

describe('every astronaut, a page a turn', () => {
  const HOUR = 3_600_000;
  // LL2's astronauts/ in normal mode, as the official AstronautNormal (endpoint) gives them.
  const ll2Astronaut = (id: number, name: string, extra: JsonObject = {}): JsonObject => ({
    id,
    url: `https://ll.thespacedevs.com/2.3.0/astronauts/${id}/`,
    name,
    status: { id: 2, name: 'Retired' },
    agency: null,
    image: null,
    response_mode: 'normal',
    type: { id: 2, name: 'Government' },
    in_space: false,
    time_in_space: 'P10DT3H',
    eva_time: 'PT0S',
    age: 60,
    date_of_birth: '1960-02-03',
    date_of_death: null,
    nationality: [],
    bio: `${name}, a fixture astronaut.`,
    wiki: null,
    last_flight: '2001-11-01T09:00:00Z',
    first_flight: '2000-05-30T19:22:45Z',
    social_media_links: [],
    flights_count: 2,
    landings_count: 2,
    spacewalks_count: 0,
    ...extra,
  });
  // Held as the trimmed 2.2.0 save left most of ours: no `type`; a wiki link LL2's answer lacks.
  const held: JsonObject = {
    id: 9702,
    name: 'Held Astronaut',
    status: { id: 2, name: 'Retired' },
    nationality: [],
    date_of_birth: '1960-02-03',
    wiki: 'https://en.wikipedia.org/wiki/Held_Astronaut',
    bio: 'Held Astronaut, as our record tells it.',
    provenance: {
      credit: 'Launch Library 2 by The Space Devs',
      ll2_version: '2.2.0',
      saved_by: 'fixture/save@0000000',
    },
  };
  const untouched: JsonObject = {
    id: 9999,
    name: 'Untouched Astronaut',
    status: { id: 1, name: 'Active' },
    nationality: [],
    provenance: {
      credit: 'Launch Library 2 by The Space Devs',
      ll2_version: '2.2.0',
      saved_by: 'fixture/save@0000000',
    },
  };
  // Every astronaut's slot alone, with pages of two (LL2's are of 100) so that five astronauts take three turns.
  const slot = RESOURCES.find((r) => r.name === 'all_astronauts')!;
  const resources = [{ ...slot, query: { ...slot.query, limit: '2' } }];
  const astronautRequests = () =>
    standIn.requests.filter((r) => r.path === '/2.3.0/astronauts/').map((r) => `${r.path}?${r.query}`);
  const readAstronauts = async () =>
    parseYaml(await readFile(path.join(dataDir, 'reference/astronauts.yaml'), 'utf8')) as Record<string, JsonObject>;
  const stateText = () => readFile(path.join(dataDir, 'll2-sync.yaml'), 'utf8');
  /** What our astronauts/{id}/ would answer (its declaration: schemas/resources/astronauts.ts). */
  const endpointDetailed = (records: Record<string, JsonObject>, key: string) =>
    astronautShaper(records).declared.astronauts.detailed(key);

  beforeEach(async () => {
    standIn.astronauts = [
      ll2Astronaut(9705, 'Fixture Five'),
      ll2Astronaut(9701, 'Fixture One'),
      ll2Astronaut(9702, 'Held Astronaut'),
      ll2Astronaut(9704, 'Fixture Four'),
      ll2Astronaut(9703, 'Fixture Three', { in_space: true }),
    ];
    await sync({ since: SINCE });
    await writeFile(
      path.join(dataDir, 'reference/astronauts.yaml'),
      referenceFileYaml(
        'astronauts',
        new Map([
          ['held-astronaut', held],
          ['untouched-astronaut', untouched],
        ]),
      ),
    );
  });

  it("reads one page a run in LL2's order by id, keeps the next offset in the state, and starts again after the last page", async () => {
    const before = await readTree(dataDir);
    standIn.requests.length = 0;
    const first = await sync({ now: NOW, resources });
    expect(standIn.requests.length).toBeLessThanOrEqual(REQUEST_BUDGET);
    expect(astronautRequests()).toEqual(['/2.3.0/astronauts/?limit=2&mode=normal&ordering=id']);
    expect(first.resource).toEqual({
      name: 'all_astronauts',
      changed: ['fixture-one', 'held-astronaut'],
      offset: 0,
      nextOffset: 2,
    });
    expect(await stateText()).toContain(
      'resources_fetched_at:\n  all_astronauts: 2026-11-21T12:00:00Z\nresources_offset:\n  all_astronauts: 2\n',
    );
    // Only the astronauts' file and the state changed; every other file is as it was, byte for byte.
    const after = await readTree(dataDir);
    expect([...after.keys()].filter((f) => !before.get(f)?.equals(after.get(f)!))).toEqual([
      'll2-sync.yaml',
      'reference/astronauts.yaml',
    ]);
    expect([...after.keys()]).toEqual([...before.keys()]);
    expect(formatSyncSummary(first, { dataDir: 'data' })).toContain(
      'resource in rotation: all_astronauts (the page at offset 0; the next turn reads offset 2); astronauts changed: fixture-one, held-astronaut',
    );

    // Not due for six hours: no request for it.
    standIn.requests.length = 0;
    expect((await sync({ now: NOW + 5 * HOUR, resources })).resource).toBeUndefined();
    expect(astronautRequests()).toEqual([]);

    standIn.requests.length = 0;
    const second = await sync({ now: NOW + 6 * HOUR, resources });
    expect(astronautRequests()).toEqual(['/2.3.0/astronauts/?limit=2&mode=normal&ordering=id&offset=2']);
    expect(standIn.requests.length).toBeLessThanOrEqual(REQUEST_BUDGET);
    expect(second.resource).toEqual({
      name: 'all_astronauts',
      changed: ['fixture-four', 'fixture-three'],
      offset: 2,
      nextOffset: 4,
    });

    // The last page (no `next`): the next turn reads the list from its start; an offset of 0 is written as none.
    standIn.requests.length = 0;
    const third = await sync({ now: NOW + 12 * HOUR, resources });
    expect(astronautRequests()).toEqual(['/2.3.0/astronauts/?limit=2&mode=normal&ordering=id&offset=4']);
    expect(third.resource).toEqual({ name: 'all_astronauts', changed: ['fixture-five'], offset: 4, nextOffset: 0 });
    expect(await stateText()).not.toContain('\nresources_offset:');
    standIn.requests.length = 0;
    const again = await sync({ now: NOW + 18 * HOUR, resources });
    expect(astronautRequests()).toEqual(['/2.3.0/astronauts/?limit=2&mode=normal&ordering=id']);
    // Read again, nothing changed: the file stays as it was.
    expect(again.resource).toEqual({ name: 'all_astronauts', changed: [], offset: 0, nextOffset: 2 });
    expect(Object.keys(await readAstronauts())).toEqual([
      'fixture-five',
      'fixture-four',
      'fixture-one',
      'fixture-three',
      'held-astronaut',
      'untouched-astronaut',
    ]);
    // A page says nothing of who is not in space: the astronaut in space stays so.
    expect((await readAstronauts())['fixture-three']).toMatchObject({ in_space: true });
    expect((await validateDataDir(dataDir, NOW + 18 * HOUR)).problems.filter((p) => p.severity === 'error')).toEqual(
      [],
    );
  });

  it('fills the type of an astronaut we hold (its astronauts/{id}/ then passes the official AstronautEndpointDetailed), never replaces a value with null, deletes no one', async () => {
    const heldBefore = await readAstronauts();
    if (officialOpenApiAvailable) {
      const v = officialValidators(['AstronautEndpointDetailed']);
      expect(v.AstronautEndpointDetailed(endpointDetailed(heldBefore, 'held-astronaut'))).toBe(false);
    }
    const text = await readFile(path.join(dataDir, 'reference/astronauts.yaml'), 'utf8');
    const untouchedText = text.slice(text.indexOf('untouched-astronaut:'));
    // LL2's record of the held astronaut has an empty bio: an empty text never replaces ours either.
    standIn.astronauts[2] = ll2Astronaut(9702, 'Held Astronaut', { bio: '' });
    await sync({ now: NOW, resources });
    const astronauts = await readAstronauts();
    expect(astronauts['held-astronaut']).toMatchObject({
      id: 9702,
      type: { id: 2, name: 'Government' },
      time_in_space: 'P10DT3H',
      bio: 'Held Astronaut, as our record tells it.',
      // LL2's answer gives null: the link we hold stays, and the record says so.
      wiki: 'https://en.wikipedia.org/wiki/Held_Astronaut',
      provenance: {
        credit: expect.stringContaining('The Space Devs'),
        ll2_version: '2.3.0',
        url: 'https://ll.thespacedevs.com/2.3.0/astronauts/9702/',
        assumed: {
          wiki: "kept from the earlier record: LL2's list of every astronaut (astronauts/?ordering=id) gives null",
          bio: "kept from the earlier record: LL2's list of every astronaut (astronauts/?ordering=id) gives an empty text",
        },
      },
    });
    // LL2's nulls with nothing held are left out, not written as values.
    expect(astronauts['fixture-one']).not.toHaveProperty('date_of_death');
    expect(astronauts['fixture-one']).toMatchObject({
      id: 9701,
      type: { id: 2, name: 'Government' },
      provenance: { url: 'https://ll.thespacedevs.com/2.3.0/astronauts/9701/' },
    });
    // The astronaut LL2's page does not hold is neither deleted nor changed: its lines are as they were.
    const after = await readFile(path.join(dataDir, 'reference/astronauts.yaml'), 'utf8');
    expect(after.endsWith(untouchedText)).toBe(true);
    if (officialOpenApiAvailable) {
      const v = officialValidators(['AstronautEndpointDetailed']);
      const detailed = endpointDetailed(astronauts, 'held-astronaut');
      expect(v.AstronautEndpointDetailed(detailed), JSON.stringify(v.AstronautEndpointDetailed.errors)).toBe(true);
    }
  });

  it('names a page LL2 refuses or that would bring errors, writes the rest of the run, and reads the same offset at the next turn', async () => {
    await sync({ now: NOW, resources });
    const astronautsBefore = await readFile(path.join(dataDir, 'reference/astronauts.yaml'), 'utf8');

    // LL2 refuses the request: the launches and events of the run are written, the offset stays at 2.
    standIn.fault = (request) =>
      request.path === '/2.3.0/astronauts/' ? { status: 400, body: '{"detail": "Invalid offset."}' } : undefined;
    standIn.launches[1] = detailedLaunch(2, '2026-12-06T10:00:00Z', '2026-11-21T15:00:00Z', NOW);
    standIn.requests.length = 0;
    const refused = await sync({ now: NOW + 6 * HOUR, resources });
    expect(standIn.requests.length).toBeLessThanOrEqual(REQUEST_BUDGET);
    expect(refused.resource).toMatchObject({
      name: 'all_astronauts',
      changed: [],
      offset: 2,
      nextOffset: 2,
      refused: expect.stringContaining('HTTP 400: Invalid offset.'),
    });
    expect(refused.report.updated.some((line) => line.includes(syncLaunchId(2)))).toBe(true);
    expect(await readFile(path.join(dataDir, 'reference/astronauts.yaml'), 'utf8')).toBe(astronautsBefore);
    const state = await stateText();
    expect(state).toContain(
      'resources_fetched_at:\n  all_astronauts: 2026-11-21T18:00:00Z\nresources_offset:\n  all_astronauts: 2\n',
    );
    expect(formatSyncSummary(refused, { dataDir: 'data' }).join('\n')).toContain(
      "RESOURCE REFUSED: all_astronauts's answer was not taken, nothing of it written, its offset kept",
    );

    // A page whose record our schema refuses (a name beyond 255 characters): the page is named, nothing of it written, the offset stays.
    standIn.fault = undefined;
    standIn.astronauts[3] = ll2Astronaut(9704, `Fixture ${'Four'.repeat(70)}`);
    // A launch whose NET LL2 moved in the same run: it and its history are written all the same.
    standIn.launches[1] = detailedLaunch(2, '2026-12-08T10:00:00Z', '2026-11-21T23:00:00Z', NOW);
    const invalid = await sync({ now: NOW + 12 * HOUR, resources });
    expect(invalid.files.map((f) => f.path)).toContain('history/2026/fixture-rocket-block-1-sync-2.yaml');
    const histories = (await validateDataDir(dataDir, NOW + 12 * HOUR)).dataset!.history!;
    expect(histories.get(syncLaunchId(2))!.changes!.at(-1)).toMatchObject({
      source: 'll2-sync',
      net: ['2026-12-06T10:00:00Z', '2026-12-08T10:00:00Z'],
    });
    expect(invalid.resource).toMatchObject({
      name: 'all_astronauts',
      changed: [],
      offset: 2,
      nextOffset: 2,
      refused: expect.stringMatching(
        /^the page would bring 1 error\(s\) to the data, the first: .*astronauts\.yaml:\d+:\d+: /,
      ),
    });
    expect(await readFile(path.join(dataDir, 'reference/astronauts.yaml'), 'utf8')).toBe(astronautsBefore);
    expect(await stateText()).toContain('resources_offset:\n  all_astronauts: 2\n');

    // LL2 mends it: the next turn reads the same page and moves on.
    standIn.astronauts[3] = ll2Astronaut(9704, 'Fixture Four');
    const mended = await sync({ now: NOW + 18 * HOUR, resources });
    expect(mended.resource).toEqual({
      name: 'all_astronauts',
      changed: ['fixture-four', 'fixture-three'],
      offset: 2,
      nextOffset: 4,
    });
    expect((await validateDataDir(dataDir, NOW + 18 * HOUR)).problems.filter((p) => p.severity === 'error')).toEqual(
      [],
    );
  });
});

describe('nothing lost, nothing lingering', () => {
  const lookups = () => standIn.requests.filter((r) => r.path === '/2.3.0/launches/' && r.query.has('id'));

  it('names a launch the importer refuses, keeps it in the state, looks it up every run, and takes it once LL2 fixes it', async () => {
    await sync({ since: SINCE });
    // LL2 sends a launch (flown, so not in the upcoming list) under the slug of launch 2: a duplicate LL2 later renames.
    const twin = {
      ...detailedLaunch(6, '2026-11-05T00:00:00Z', '2026-11-21T10:00:00Z', NOW),
      slug: 'fixture-rocket-block-1-sync-2',
    };
    standIn.launches.push(twin);
    const first = await sync();
    expect(first.refused).toEqual([
      {
        id: syncLaunchId(6),
        lastUpdated: '2026-11-21T10:00:00Z',
        reason: expect.stringContaining('same slug, other id'),
      },
    ]);
    const summary = formatSyncSummary(first, { dataDir: 'data' }).join('\n');
    expect(summary).toContain(`REFUSED: 1 launch version(s) LL2 sent are not in the data`);
    expect(summary).toContain(`launch ${syncLaunchId(6)} (LL2 last_updated 2026-11-21T10:00:00Z): `);
    // The feed moved past it, but the state names it: the next run asks for it by id.
    expect(first.after.since).toBe('2026-11-21T10:00:00Z');
    const state = (await readTree(dataDir)).get('ll2-sync.yaml')!.toString();
    expect(state).toContain(`refused:\n  - id: ${syncLaunchId(6)}\n    last_updated: 2026-11-21T10:00:00Z\n`);
    expect((await validateDataDir(dataDir, NOW)).problems.filter((p) => p.severity === 'error')).toEqual([]);

    standIn.launches = standIn.launches.filter((l) => l.id !== syncLaunchId(6));
    standIn.launches.push({ ...twin, last_updated: '2026-11-21T09:00:00Z' }); // older than the cursor: the feed cannot bring it
    standIn.requests.length = 0;
    const second = await sync();
    expect(lookups().map((r) => r.query.get('id'))).toEqual([syncLaunchId(6)]);
    expect(second.refused).toEqual([
      {
        id: syncLaunchId(6),
        lastUpdated: '2026-11-21T09:00:00Z',
        reason: expect.stringContaining('same slug, other id'),
      },
    ]);

    standIn.launches = standIn.launches.filter((l) => l.id !== syncLaunchId(6));
    standIn.launches.push({ ...twin, slug: 'fixture-rocket-block-1-sync-6', last_updated: '2026-11-21T09:30:00Z' });
    const third = await sync();
    expect(third.refused).toEqual([]);
    expect(third.report.created).toEqual([expect.stringContaining(syncLaunchId(6))]);
    expect((await readTree(dataDir)).get('ll2-sync.yaml')!.toString()).not.toContain('\nrefused:');
  });

  it("reads LL2's past events through their own feed over several runs, its cursor moving, five requests at most each", async () => {
    // Events LL2 updated long ago and dated in the past: the upcoming list never brings them, the events' feed does.
    standIn.events.push(
      ...[1, 2, 3, 4, 5].map((n) => detailedEvent(9910 + n, `2019-0${n}-01T00:00:00Z`, `2025-0${n}-01T00:00:00Z`)),
    );
    const cursors: string[] = [];
    for (let run = 0; run < 4; run++) {
      standIn.requests.length = 0;
      const result = await sync({ ...(run === 0 ? { since: SINCE } : {}), limit: 2 });
      expect(standIn.requests.length).toBeLessThanOrEqual(REQUEST_BUDGET);
      cursors.push(result.eventsAfter.since);
      if (run === 0) expect(result.eventsBefore).toBeUndefined();
      if (result.eventsBehind === 0) break;
    }
    // Each page starts at the second the last one ended (that event comes again): 2 new events a first page, 1 a next.
    // Run 1: two pages of launches (read to their end), the upcoming list, then two pages of events (5 requests);
    // run 2: one page of launches, the upcoming list, then three pages of events, to the end of the feed.
    expect(cursors).toEqual(['2025-03-01T00:00:00Z', '2026-11-20T09:00:00Z']);
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(checked.dataset!.events.map((e) => e.id).sort()).toEqual([9901, 9911, 9912, 9913, 9914, 9915]);
    const state = (await readTree(dataDir)).get('ll2-sync.yaml')!.toString();
    expect(state).toContain('\nevents_updated_since: 2026-11-20T09:00:00Z\nevents_updated_skip: 0\n');
    // The next run asks the events' feed from there.
    standIn.requests.length = 0;
    await sync({ limit: 2 });
    expect(
      standIn.requests.filter((r) => r.path === '/2.3.0/events/').map((r) => r.query.get('last_updated__gte')),
    ).toEqual(['2026-11-20T09:00:00Z']);
  });

  it('names an event the importer refuses, keeps it in the state, looks it up by id, and takes it once LL2 fixes it', async () => {
    await sync({ since: SINCE });
    // LL2 sends another event under the slug of event 9901.
    const twin = {
      ...detailedEvent(9902, '2026-12-20T00:00:00Z', '2026-11-21T10:00:00Z'),
      slug: 'fixture-sync-event-9901',
    };
    standIn.events.push(twin);
    const first = await sync();
    expect(first.refusedEvents).toEqual([
      { id: 9902, lastUpdated: '2026-11-21T10:00:00Z', reason: expect.stringContaining('same slug, other id') },
    ]);
    const summary = formatSyncSummary(first, { dataDir: 'data' }).join('\n');
    expect(summary).toContain('REFUSED: 1 event version(s) LL2 sent are not in the data');
    expect(summary).toContain('event 9902 (LL2 last_updated 2026-11-21T10:00:00Z): ');
    expect(first.eventsAfter.since).toBe('2026-11-21T10:00:00Z'); // the feed moves on; the state names it
    expect((await readTree(dataDir)).get('ll2-sync.yaml')!.toString()).toContain(
      'refused_events:\n  - id: 9902\n    last_updated: 2026-11-21T10:00:00Z\n',
    );

    standIn.events = standIn.events.filter((e) => e.id !== 9902);
    standIn.events.push({ ...twin, last_updated: '2026-11-21T09:00:00Z' }); // older than the cursor: only a look-up brings it
    standIn.requests.length = 0;
    const second = await sync();
    expect(
      standIn.requests.filter((r) => r.query.has('id') && r.path === '/2.3.0/events/').map((r) => r.query.get('id')),
    ).toEqual(['9902']);
    expect(second.refusedEvents).toEqual([
      { id: 9902, lastUpdated: '2026-11-21T09:00:00Z', reason: expect.stringContaining('same slug, other id') },
    ]);

    standIn.events = standIn.events.filter((e) => e.id !== 9902);
    standIn.events.push({ ...twin, slug: 'fixture-sync-event-9902', last_updated: '2026-11-21T09:30:00Z' });
    const third = await sync();
    expect(third.refusedEvents).toEqual([]);
    expect(third.report.created).toEqual([expect.stringContaining('fixture-sync-event-9902')]);
    expect((await readTree(dataDir)).get('ll2-sync.yaml')!.toString()).not.toContain('\nrefused_events:');
    expect((await validateDataDir(dataDir, NOW)).problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it("lets LL2's event replace an event of ours (an id of ours, no source) of the same slug, in its file, rather than refuse it", async () => {
    await sync({ since: SINCE });
    // An event of this project's own (as the 40 curated ones, ids 90001 on): no provenance, edited after LL2's.
    const tree = await readTree(dataDir);
    const [ll2Path] = [...tree.keys()].filter((p) => p.startsWith('events/'));
    const ours: Record<string, unknown> = {
      ...(parseYaml(tree.get(ll2Path)!.toString()) as Record<string, unknown>),
      id: 90003,
      slug: 'fixture-our-event',
      name: 'Our Event',
      launches: [],
      last_updated: '2026-11-21T11:30:00Z',
    };
    delete ours.provenance;
    const oursPath = 'events/2026/fixture-our-event.yaml';
    await writeFile(path.join(dataDir, oursPath), `# kept by hand\n${recordToYaml(ours as never, eventSchema)}`);
    expect((await validateDataDir(dataDir, NOW)).problems.filter((p) => p.severity === 'error')).toEqual([]);
    standIn.events.push({
      ...detailedEvent(9950, '2026-12-21T00:00:00Z', '2026-11-21T10:00:00Z'),
      slug: 'fixture-our-event',
      name: 'LL2 Event',
    });
    const result = await sync();
    expect(result.refusedEvents).toEqual([]);
    expect(result.report.matched).toEqual([
      expect.stringMatching(
        /^event fixture-our-event: ours \(id 90003, no source\) is LL2's event 9950 of the same slug; LL2's record replaces it in its file$/,
      ),
    ]);
    expect(result.files.map((f) => f.path)).toEqual([oursPath, 'll2-sync.yaml']);
    expect(formatSyncSummary(result, { dataDir: 'data' })).toContain(`  ${result.report.matched[0]}`);
    const after = await readTree(dataDir);
    const text = after.get(oursPath)!.toString();
    const record = parseYaml(text) as Record<string, unknown>;
    expect(record).toMatchObject({
      id: 9950,
      slug: 'fixture-our-event',
      name: 'LL2 Event',
      date: '2026-12-21T00:00:00Z',
      last_updated: '2026-11-21T10:00:00Z',
    });
    expect(record.provenance).toMatchObject({ credit: expect.stringContaining('The Space Devs') });
    expect(text).toContain('# kept by hand'); // the same file, updated in place
    expect([...after.keys()].filter((p) => p.startsWith('events/')).sort()).toEqual([ll2Path, oursPath].sort());
    expect((await validateDataDir(dataDir, NOW)).problems.filter((p) => p.severity === 'error')).toEqual([]);
    // An event that came from LL2 (it has a source) is not replaced: another LL2 id under its slug is refused, as before.
    standIn.events.push({
      ...detailedEvent(9951, '2026-12-22T00:00:00Z', '2026-11-21T10:30:00Z'),
      slug: 'fixture-our-event',
    });
    expect((await sync()).refusedEvents).toEqual([
      { id: 9951, lastUpdated: '2026-11-21T10:30:00Z', reason: expect.stringContaining('same slug, other id') },
    ]);
  });

  it('stops looking up a refused event that LL2 no longer has', async () => {
    await sync({ since: SINCE });
    standIn.events.push({
      ...detailedEvent(9902, '2026-12-20T00:00:00Z', '2026-11-21T10:00:00Z'),
      slug: 'fixture-sync-event-9901',
    });
    expect((await sync()).refusedEvents.map((r) => r.id)).toEqual([9902]);
    standIn.events = standIn.events.filter((e) => e.id !== 9902);
    standIn.requests.length = 0;
    const after = await sync();
    expect(
      standIn.requests.filter((r) => r.query.has('id') && r.path === '/2.3.0/events/').map((r) => r.query.get('id')),
    ).toEqual(['9902']);
    expect(after.refusedEvents).toEqual([]);
    expect((await readTree(dataDir)).get('ll2-sync.yaml')!.toString()).not.toContain('\nrefused_events:');
  });

  it('deletes a launch LL2 no longer has (its detail page answers 404), and keeps (and names) one an event still links', async () => {
    // A launch LL2 still lists, so that its upcoming page is not empty (an empty one holds every deletion back: removal.ts).
    standIn.launches.push(detailedLaunch(4, '2027-03-01T10:00:00Z', '2026-11-19T09:00:00Z', NOW));
    await sync({ since: SINCE });
    standIn.launches = standIn.launches.filter((l) => l.id !== syncLaunchId(3) && l.id !== syncLaunchId(2));
    standIn.events = [];
    standIn.requests.length = 0;
    const result = await sync();
    expect(lookups().map((r) => r.query.get('id')!.split(',').sort())).toEqual([
      [syncLaunchId(2), syncLaunchId(3)].sort(),
    ]);
    // The look-up answered none: its word is not enough; the unlinked launch's detail page is asked for (the fifth request).
    expect(standIn.requests.map((r) => r.path).slice(4)).toEqual([`/2.3.0/launches/${syncLaunchId(3)}/`]);
    expect(result.removed).toEqual([expect.stringMatching(/^launches\/2027\/fixture-rocket-block-1-sync-3\.yaml$/)]);
    const summary = formatSyncSummary(result, { dataDir: 'data' }).join('\n');
    expect(summary).toMatch(/deleted launches\/2027\/fixture-rocket-block-1-sync-3\.yaml \(LL2 no longer has it\)/);
    // The linked one's detail page next run: kept and named.
    const linkedRun = await sync();
    expect(linkedRun.keptLinked).toEqual([syncLaunchId(2)]);
    expect(formatSyncSummary(linkedRun, { dataDir: 'data' }).join('\n')).toContain(
      `kept launch ${syncLaunchId(2)}: LL2 no longer has it, but an event of ours links it`,
    );
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(checked.dataset!.launches.map((l) => l.id).sort()).toEqual([1, 2, 4].map(syncLaunchId));
  });

  it('deletes nothing when LL2 answers a look-up with launches not asked for (its id filter not applied)', async () => {
    await sync({ since: SINCE });
    standIn.launches = standIn.launches.filter((l) => l.id !== syncLaunchId(3));
    const unfiltered = standIn.launches.map((l) => ({ ...l }));
    standIn.fault = (request) =>
      request.query.has('id')
        ? {
            status: 200,
            body: JSON.stringify({ count: unfiltered.length, next: null, previous: null, results: unfiltered }),
          }
        : undefined;
    const result = await sync();
    expect(result.lookedUp).toEqual([syncLaunchId(3)]);
    expect(result.removed).toEqual([]);
    expect((await validateDataDir(dataDir, NOW)).dataset!.launches).toHaveLength(3);
  });

  it('looks up a launch whose NET passed without an outcome, and takes what LL2 says of it', async () => {
    standIn.launches.push({
      ...detailedLaunch(7, '2026-11-10T10:00:00Z', '2026-11-09T10:00:00Z', NOW),
      status: { id: 1, name: 'Go for Launch', abbrev: 'Go', description: 'Go.' },
      failreason: null,
    });
    await sync({ since: SINCE });
    let checked = await validateDataDir(dataDir, NOW);
    expect(checked.dataset!.launches.find((l) => l.id === syncLaunchId(7))!.status).toBe('go');
    // LL2 has its outcome, with a last_updated the feed has already passed (as for records that came from saved copies).
    const i = standIn.launches.findIndex((l) => l.id === syncLaunchId(7));
    standIn.launches[i] = detailedLaunch(7, '2026-11-10T10:05:00Z', '2026-11-10T12:00:00Z', NOW);
    standIn.requests.length = 0;
    const result = await sync();
    expect(lookups().map((r) => r.query.get('id'))).toEqual([syncLaunchId(7)]);
    expect(result.report.updated).toEqual([expect.stringContaining(syncLaunchId(7))]);
    checked = await validateDataDir(dataDir, NOW);
    expect(checked.dataset!.launches.find((l) => l.id === syncLaunchId(7))).toMatchObject({
      status: 'success',
      net: '2026-11-10T10:05:00Z',
    });
    // Resolved: the next run has nothing to look up.
    standIn.requests.length = 0;
    await sync();
    expect(lookups()).toEqual([]);
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
    const error = await sync(options).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SyncStopped);
    await expectUntouched(before);
    return error as SyncStopped;
  };

  it('on a 429, saying how long LL2 asks to wait', async () => {
    standIn.fault = () => ({
      status: 429,
      headers: { 'Retry-After': '3600' },
      body: '{"detail": "Request was throttled. Expected available in 3600 seconds."}',
    });
    const error = await stopped();
    expect(error.message).toMatch(
      /too many requests \(HTTP 429\): Request was throttled\..*wait 3600 s \(Retry-After\)/,
    );
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
    expect(error.message).toMatch(
      /could not reach LL2 at http:\/\/127\.0\.0\.1:\d+\/2\.3\.0\/launches\/.*ECONNREFUSED/,
    );
    expect(error.temporary).toBe(true);
  });

  it('when LL2 does not answer in time', async () => {
    standIn.fault = (_request, i) => (i === 1 ? 'hang' : undefined);
    const error = await stopped({ timeoutMs: 300 });
    expect(error.message).toMatch(/did not answer .*launches\/upcoming\/.* within 0\.3 s/);
    expect(error.temporary).toBe(true);
  });

  it('when LL2 redirects, without following it', async () => {
    standIn.fault = (_request, i) =>
      i === 0 ? { status: 301, headers: { Location: 'http://127.0.0.2:9/2.3.0/launches/' }, body: '' } : undefined;
    const error = await stopped();
    expect(error.message).toMatch(
      /redirect \(HTTP 301\) to http:\/\/127\.0\.0\.2:9\/2\.3\.0\/launches\/; redirects are not followed/,
    );
    expect(error.temporary).toBe(false);
    expect(standIn.requests).toHaveLength(1);
  });

  it("when the body is not LL2's JSON", async () => {
    standIn.fault = () => ({
      status: 200,
      headers: { 'Content-Type': 'text/html' },
      body: '<html><body>Maintenance</body></html>',
    });
    const error = await stopped();
    expect(error.message).toMatch(/did not answer with LL2's JSON: the body is not JSON/);
    expect(error.temporary).toBe(false);
  });

  it('when the state file is not valid, before any request', async () => {
    await writeFile(path.join(dataDir, 'll2-sync.yaml'), 'launches_updated_since: last tuesday\n');
    const error = await sync().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).problems[0]).toMatchObject({
      file: 'll2-sync.yaml',
      line: 1,
      field: 'launches_updated_since',
    });
    expect(standIn.requests).toEqual([]);
    // npm run validate reports it too, so a pull request cannot bring a broken state.
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.dataset).toBeUndefined();
    expect(
      checked.problems.filter((p) => p.severity === 'error').map((p) => [path.basename(p.file), p.line, p.field]),
    ).toEqual([['ll2-sync.yaml', 1, 'launches_updated_since']]);
  });

  it('when there is no state and no --since, before any request', async () => {
    await removeDir(dataDir);
    await mkdir(dataDir);
    const error = await sync().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(/no ll2-sync\.yaml yet.*--since/);
    expect(standIn.requests).toEqual([]);
  });

  it('when a file cannot be written: the folder is swapped in whole or not at all', async () => {
    // A file where the folder reference/ stands cannot be written; the launch before it must not land either.
    const files = [
      { path: 'launches/2027/new.yaml', content: 'id: x\n' },
      { path: 'reference', content: 'not a folder\n' },
    ];
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
    // The command reads the resources in rotation too: with no state, the astronauts in space are due at once.
    expect(run.stdout).toContain('requests: 4 of at most 5');
    expect(run.stdout).toContain('resource in rotation: astronauts_in_space');
    expect(standIn.requests.map((r) => r.path)).toEqual([
      '/2.3.0/launches/',
      '/2.3.0/launches/upcoming/',
      '/2.3.0/events/',
      '/2.3.0/astronauts/',
    ]);
    expect(run.stdout).toContain('launches: 3 created');
    expect(run.stdout).not.toContain('cli-secret-key');
    expect(standIn.requests.map((r) => r.headers.authorization)).toEqual(Array(4).fill('Token cli-secret-key'));
  });

  it('exits with 3 when LL2 sent a launch the importer refused, after writing the rest and naming it', async () => {
    standIn.launches.push({
      ...detailedLaunch(6, '2027-02-01T00:00:00Z', '2026-11-21T10:00:00Z', NOW),
      slug: 'fixture-rocket-block-1-sync-2',
    });
    const run = await runProcess([SYNC, '--data-dir', dataDir, '--now', '2026-11-21T12:00:00Z', '--since', SINCE], {
      env: { LL2_BASE_URL: standIn.baseUrl },
    });
    expect(run.code).toBe(3);
    expect(run.stdout).toContain(`launch ${syncLaunchId(6)} (LL2 last_updated 2026-11-21T10:00:00Z): `);
    expect(run.stderr).toMatch(/^error: 1 launch version\(s\) and 0 event version\(s\) LL2 sent could not be imported/);
    expect((await validateDataDir(dataDir, NOW)).dataset!.launches).toHaveLength(3);
  });

  it('exits with 3 when LL2 sent an event the importer refused, naming it', async () => {
    standIn.events.push({
      ...detailedEvent(9902, '2026-12-20T00:00:00Z', '2026-11-21T10:00:00Z'),
      slug: 'fixture-sync-event-9901',
    });
    const run = await runProcess([SYNC, '--data-dir', dataDir, '--now', '2026-11-21T12:00:00Z', '--since', SINCE], {
      env: { LL2_BASE_URL: standIn.baseUrl },
    });
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('event 9902 (LL2 last_updated 2026-11-21T10:00:00Z): ');
    expect(run.stderr).toMatch(/^error: 0 launch version\(s\) and 1 event version\(s\) LL2 sent could not be imported/);
  });

  it("exits with 3 when LL2's event of an event of ours' slug cannot be repaired: refused by name and kept in the state, ours left as it was", async () => {
    await syncLl2({
      dataDir,
      now: NOW,
      baseUrl: standIn.baseUrl,
      fetch,
      timeoutMs: 5000,
      userAgent: 'test',
      resources: [],
      since: SINCE,
    });
    const tree = await readTree(dataDir);
    const [ll2Path] = [...tree.keys()].filter((p) => p.startsWith('events/'));
    const ours: Record<string, unknown> = {
      ...(parseYaml(tree.get(ll2Path)!.toString()) as Record<string, unknown>),
      id: 90003,
      slug: 'fixture-our-event',
      name: 'Our Event',
      launches: [],
      last_updated: '2026-11-21T11:30:00Z',
    };
    delete ours.provenance;
    const oursPath = 'events/2026/fixture-our-event.yaml';
    const oursText = recordToYaml(ours as never, eventSchema);
    await writeFile(path.join(dataDir, oursPath), oursText);
    // LL2's event under our slug, with no type: no record of ours can be made of it (the repair cannot invent a type).
    standIn.events.push({
      ...detailedEvent(9950, '2026-12-21T00:00:00Z', '2026-11-21T10:00:00Z'),
      slug: 'fixture-our-event',
      name: 'LL2 Event',
      type: null,
    });
    const run = await runProcess([SYNC, '--data-dir', dataDir, '--now', '2026-11-21T12:00:00Z'], {
      env: { LL2_BASE_URL: standIn.baseUrl },
    });
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/event 9950 \(LL2 last_updated 2026-11-21T10:00:00Z\): .*type/);
    expect(run.stdout).not.toContain('replaces it in its file');
    expect(run.stderr).toMatch(/^error: 0 launch version\(s\) and 1 event version\(s\) LL2 sent could not be imported/);
    const after = await readTree(dataDir);
    expect(after.get(oursPath)!.toString()).toBe(oursText);
    expect(after.get('ll2-sync.yaml')!.toString()).toContain(
      'refused_events:\n  - id: 9950\n    last_updated: 2026-11-21T10:00:00Z\n',
    );
    expect((await validateDataDir(dataDir, NOW)).problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('exits with 75 (try again later) on a 429, without a stack trace, writing nothing', async () => {
    standIn.fault = () => ({
      status: 429,
      headers: { 'Retry-After': '60' },
      body: '{"detail": "Request was throttled."}',
    });
    const run = await runProcess([SYNC, '--data-dir', dataDir, '--now', '2026-11-21T12:00:00Z', '--since', SINCE], {
      env: { LL2_BASE_URL: standIn.baseUrl },
    });
    expect(run.code).toBe(75);
    expect(run.stderr).toMatch(/^error: LL2 refused .* \(HTTP 429\).*wait 60 s/);
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(await readdir(dataDir)).toEqual([]);
  });
});
