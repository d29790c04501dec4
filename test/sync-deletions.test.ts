// What the sync deletes, what it trims and what it prints (issue 39), against the
// stand-in LL2 on loopback (helpers/ll2-stand-in.ts): no launch deleted on one
// answer's word (an empty look-up, an upcoming page cut short), a launch deleted
// when its detail page answers 404 or when it is missing from two whole look-ups
// six hours apart, each deletion dated and named in the summary and the state, a
// run over the deletion cap stopped with exit code 4 writing nothing; a value
// trimmed to fit our schema named in both summaries; LL2 text printed escaped
// (control characters, a line that would start a workflow command); `--help` on
// import:ll2, sync:ll2 and replay:ll2 printing usage and changing nothing.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { printableLine, printableLines } from '../scripts/lib/base/outside-text.ts';
import {
  decideRemovals,
  lookupVerdict,
  MISSING_GAP_MS,
  upcomingLooksShort,
} from '../scripts/lib/import/sync/removal.ts';
import { formatSyncSummary } from '../scripts/lib/import/sync/summary.ts';
import type { SyncOptions } from '../scripts/lib/import/sync/sync.ts';
import { standInPerTest, syncAgainst, syncState } from './helpers/stand-in-sync.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { validateDataDir } from '../scripts/lib/pipeline.ts';
import { detailedLaunch, syncLaunchId, type Ll2StandIn } from './helpers/ll2-stand-in.ts';
import { readTree } from './helpers/tree.ts';
import { ROOT, runProcess } from './helpers/run-cli.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const SINCE = '2026-11-01T00:00:00Z';
const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const GO = { id: 1, name: 'Go for Launch', abbrev: 'Go', description: 'Go.' };

let root: string;
let dataDir: string;
let standIn: Ll2StandIn;

/** Launch 1 flown; 2–8 upcoming in December; 9 in January (still listed when 2–8 go); 20 past without an outcome (looked up every run). */
function launches(): JsonObject[] {
  return [
    detailedLaunch(1, '2026-11-01T09:00:00Z', '2026-11-01T10:00:00Z', NOW),
    // Changed before 9: the feed of the runs after the first brings 9 (at the state's second) and not these.
    ...[2, 3, 4, 5, 6, 7, 8].map((n) => detailedLaunch(n, `2026-12-0${n}T10:00:00Z`, '2026-11-19T08:00:00Z', NOW)),
    detailedLaunch(9, '2027-01-10T10:00:00Z', '2026-11-20T08:00:00Z', NOW),
    { ...detailedLaunch(20, '2026-11-10T10:00:00Z', '2026-11-09T10:00:00Z', NOW), status: GO, failreason: null },
  ];
}

standInPerTest('lss-sync-del-', NOW, launches, (world) => {
  ({ root, dataDir, standIn } = world);
});

const sync = (options: Partial<SyncOptions> = {}) => syncAgainst(standIn, dataDir, NOW, options);
const launchFiles = async () => [...(await readTree(dataDir)).keys()].filter((p) => p.startsWith('launches/')).sort();
const state = () => syncState(dataDir);
const drop = (...ns: number[]) => {
  standIn.launches = standIn.launches.filter((l) => !ns.map(syncLaunchId).includes(String(l.id)));
};
const page = (results: JsonObject[], count = results.length) =>
  JSON.stringify({ count, next: null, previous: null, results });
const isLookup = (r: { path: string; query: URLSearchParams }) => r.path === '/2.3.0/launches/' && r.query.has('id');

describe("no launch leaves on one answer's word", () => {
  it('deletes nothing when a look-up by id answers none of the launches asked for, however often', async () => {
    await sync({ since: SINCE });
    const before = await readTree(dataDir);
    // LL2's upcoming page no longer lists 2–8 (but is whole: count = results, no next), and the look-up answers empty.
    standIn.fault = (request) => {
      if (request.path === '/2.3.0/launches/upcoming/')
        return { status: 200, body: page(standIn.launches.filter((l) => l.id === syncLaunchId(9))) };
      if (isLookup(request)) return { status: 200, body: '{"count":0,"next":null,"previous":null,"results":[]}' };
      return undefined;
    };
    for (const hours of [1, 8, 15]) {
      standIn.requests.length = 0;
      const result = await sync({ now: NOW + hours * HOUR });
      expect(standIn.requests.some(isLookup)).toBe(true);
      expect(result.removed).toEqual([]);
      expect(result.deletionsHeld).toEqual(['the look-up of 8 id(s) answered none']);
      expect(formatSyncSummary(result, { dataDir: 'data' })).toContain(
        'deletions held this run: the look-up of 8 id(s) answered none',
      );
    }
    expect(await launchFiles()).toEqual([...before.keys()].filter((p) => p.startsWith('launches/')).sort());
    expect((await state()).missing).toBeUndefined();
    expect((await state()).removed).toBeUndefined();
  });

  it('deletes nothing when the upcoming page looks cut short, though LL2 no longer has the launches', async () => {
    await sync({ since: SINCE });
    const files = await launchFiles();
    drop(2, 3);
    // A page that counts 40 but holds one launch and no next page.
    standIn.fault = (request) =>
      request.path === '/2.3.0/launches/upcoming/'
        ? {
            status: 200,
            body: page(
              standIn.launches.filter((l) => l.id === syncLaunchId(9)),
              40,
            ),
          }
        : undefined;
    for (const hours of [1, 8]) {
      standIn.requests.length = 0;
      const result = await sync({ now: NOW + hours * HOUR });
      expect(result.removed).toEqual([]);
      expect(result.deletionsHeld).toEqual(['the upcoming page counts 40 but holds 1 results and has no next page']);
      // Not even a detail page is asked for.
      expect(standIn.requests.filter((r) => /^\/2\.3\.0\/launches\/[0-9a-f-]{36}\/$/.test(r.path))).toEqual([]);
    }
    expect(await launchFiles()).toEqual(files);
    expect((await state()).missing).toBeUndefined();
  });

  it('deletes a launch whose detail page answers 404, and records when, which and why', async () => {
    await sync({ since: SINCE });
    drop(3);
    standIn.requests.length = 0;
    const result = await sync({ now: NOW + HOUR });
    expect(standIn.requests.filter(isLookup).map((r) => r.query.get('id')!.split(',').sort())).toEqual([
      [3, 20].map(syncLaunchId).sort(),
    ]);
    expect(standIn.requests.map((r) => r.path).slice(-1)).toEqual([`/2.3.0/launches/${syncLaunchId(3)}/`]);
    const removal = {
      at: at(NOW + HOUR),
      id: syncLaunchId(3),
      name: 'Fixture Rocket Block 1 | Sync 3',
      reason: 'not-found',
      path: 'launches/2026/fixture-rocket-block-1-sync-3.yaml',
    };
    expect(result.removals).toEqual([removal]);
    expect(result.removed).toEqual([removal.path]);
    expect(await launchFiles()).not.toContain(removal.path);
    expect((await state()).removed).toEqual([removal]);
    expect((await state()).missing).toBeUndefined();
    const summary = formatSyncSummary(result, { dataDir: 'data' });
    expect(summary).toContain(`    404 launch detail (is it gone?): LL2 no longer has it`);
    expect(summary).toContain(
      `  deleted ${removal.path} (LL2 no longer has it): launch ${removal.id} "${removal.name}", LL2 answers 404 for its detail page`,
    );
    expect((await validateDataDir(dataDir, NOW + HOUR)).problems.filter((p) => p.severity === 'error')).toEqual([]);
    // A later deletion is added to the list; the earlier one stays.
    drop(4);
    await sync({ now: NOW + 2 * HOUR });
    expect(((await state()).removed as Array<{ id: string }>).map((r) => r.id)).toEqual([3, 4].map(syncLaunchId));
  });

  it('deletes a launch missing from two whole look-ups six hours apart (no request to spare for its detail page)', async () => {
    await sync({ since: SINCE });
    drop(3);
    // Each run: a feed of more than a page (limit 2), so the feed takes two requests and none is left for a detail page.
    let change = NOW - HOUR;
    const run = async (hours: number) => {
      change += 60_000;
      // Six changed launches: the feed's first page (after the two the state skips of its second) is full, with more.
      for (const n of [2, 4, 5, 6, 7, 8])
        standIn.launches.find((l) => l.id === syncLaunchId(n))!.last_updated = at(change);
      standIn.requests.length = 0;
      const result = await sync({ now: NOW + hours * HOUR, limit: 2 });
      expect(standIn.requests).toHaveLength(5);
      expect(standIn.requests.filter(isLookup).map((r) => r.query.get('id')!.split(',').sort())).toEqual([
        [3, 20].map(syncLaunchId).sort(),
      ]);
      return result;
    };
    const first = await run(1);
    expect(first.removed).toEqual([]);
    expect((await state()).missing).toEqual([{ id: syncLaunchId(3), since: at(NOW + HOUR) }]);
    expect(formatSyncSummary(first, { dataDir: 'data' })).toContain(
      `  launch ${syncLaunchId(3)} missing since ${at(NOW + HOUR)}`,
    );
    // Five hours later: missing again, but not yet six hours apart.
    expect((await run(6)).removed).toEqual([]);
    expect((await state()).missing).toEqual([{ id: syncLaunchId(3), since: at(NOW + HOUR) }]);
    const third = await run(7);
    expect(third.removals).toEqual([
      {
        at: at(NOW + 7 * HOUR),
        id: syncLaunchId(3),
        name: 'Fixture Rocket Block 1 | Sync 3',
        reason: 'missing',
        missingSince: at(NOW + HOUR),
        path: 'launches/2026/fixture-rocket-block-1-sync-3.yaml',
      },
    ]);
    expect((await state()).missing).toBeUndefined();
    expect((await state()).removed).toEqual([
      {
        at: at(NOW + 7 * HOUR),
        id: syncLaunchId(3),
        name: 'Fixture Rocket Block 1 | Sync 3',
        reason: 'missing',
        missing_since: at(NOW + HOUR),
        path: 'launches/2026/fixture-rocket-block-1-sync-3.yaml',
      },
    ]);
    expect(formatSyncSummary(third, { dataDir: 'data' }).join('\n')).toContain(
      `missing from LL2's look-ups by id at ${at(NOW + HOUR)} and again at ${at(NOW + 7 * HOUR)}`,
    );
  });

  it('clears a launch marked missing once LL2 answers it again', () => {
    const verdict = lookupVerdict(['a', 'b'], { count: 1, next: null, results: [{ id: 'b' }] });
    const decided = decideRemovals({
      now: NOW + 7 * HOUR,
      missing: [
        { id: 'a', since: at(NOW) },
        { id: 'c', since: at(NOW) },
      ],
      lookups: [{ asked: ['a', 'b'], verdict }],
      notFound: new Set(),
      received: new Set(['b', 'c']),
      ours: new Set(['a', 'b', 'c']),
    });
    expect([...decided.remove]).toEqual([['a', { reason: 'missing', missingSince: at(NOW) }]]);
    expect(decided.missing).toEqual([]);
    // Less than the gap: kept marked.
    const early = decideRemovals({
      now: NOW + MISSING_GAP_MS - 1,
      missing: [{ id: 'a', since: at(NOW) }],
      lookups: [{ asked: ['a', 'b'], verdict }],
      notFound: new Set(),
      received: new Set(['b']),
      ours: new Set(['a', 'b']),
    });
    expect([...early.remove]).toEqual([]);
    expect(early.missing).toEqual([{ id: 'a', since: at(NOW) }]);
  });

  it('reads a page as cut short by its count against its results and pages, and a look-up as whole only when it is', () => {
    const r = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `x${i}` }));
    expect(upcomingLooksShort({ count: 0, next: null, results: [] }, 100)).toMatch(/empty/);
    expect(upcomingLooksShort({ count: 250, next: 'n', results: r(100) }, 100)).toBeUndefined();
    expect(upcomingLooksShort({ count: 15, next: 'n', results: r(15) }, 100)).toBeUndefined();
    expect(upcomingLooksShort({ count: 15, next: null, results: r(15) }, 100)).toBeUndefined();
    expect(upcomingLooksShort({ count: 250, next: 'n', results: r(10) }, 100)).toMatch(/holds 10 results of 250/);
    expect(upcomingLooksShort({ count: 250, next: null, results: r(100) }, 100)).toMatch(/no next page/);
    expect(upcomingLooksShort({ count: 3, next: null, results: r(5) }, 100)).toMatch(/holds 5 results but counts 3/);
    expect(lookupVerdict(['a', 'b'], { count: 1, next: null, results: [{ id: 'a' }] })).toEqual({
      absent: ['b'],
      whole: true,
    });
    expect(lookupVerdict(['a', 'b'], { count: 0, next: null, results: [] })).toMatchObject({
      absent: ['a', 'b'],
      whole: false,
    });
    expect(lookupVerdict(['a', 'b'], { count: 5, next: null, results: [{ id: 'a' }] })).toMatchObject({
      absent: [],
      whole: false,
    });
    expect(lookupVerdict(['a', 'b'], { count: 1, next: null, results: [{ id: 'z' }] })).toMatchObject({
      absent: [],
      whole: false,
    });
  });
});

describe('npm run sync:ll2 past the deletion cap', () => {
  const SYNC = path.join(ROOT, 'scripts/sync-ll2.ts');
  const cli = (hours: number, extra: string[] = []) =>
    runProcess([SYNC, '--data-dir', dataDir, '--now', at(NOW + hours * HOUR), ...extra], {
      env: { LL2_BASE_URL: standIn.baseUrl },
    });

  it('stops with exit code 4 and a message for a person, writing nothing, and deletes them with --max-deletions', async () => {
    await sync({ since: SINCE });
    drop(2, 3, 4, 5, 6, 7, 8);
    // One run with a cap of one: the seven are missing from a whole look-up (20 answers), one is confirmed by its 404
    // and deleted (the cap bounds the detail pages asked for: the default would confirm and delete five).
    const first = await cli(1, ['--max-deletions', '1']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`deleted launches/2026/fixture-rocket-block-1-sync-2.yaml (LL2 no longer has it)`);
    expect((await state()).missing).toHaveLength(6);
    const before = await readTree(dataDir);
    // Seven hours later the other six would go at once: more than five.
    const second = await cli(8);
    expect(second.code).toBe(4);
    expect(second.stderr).toMatch(
      /^error: this run would delete 6 launch file\(s\), more than the 5 one run may delete \(--max-deletions\); nothing was written\./,
    );
    expect(second.stderr).toContain(
      `launch ${syncLaunchId(3)} "Fixture Rocket Block 1 | Sync 3" (launches/2026/fixture-rocket-block-1-sync-3.yaml): `,
    );
    expect(second.stderr).toContain('run once with --max-deletions 6');
    expect(await readTree(dataDir)).toEqual(before);
    expect(await readTree(root).then((t) => [...t.keys()].every((p) => p.startsWith('data/')))).toBe(true);
    const third = await cli(8, ['--max-deletions', '6']);
    expect(third.code).toBe(0);
    expect(await launchFiles()).toEqual([
      'launches/2026/fixture-rocket-block-1-sync-1.yaml',
      'launches/2026/fixture-rocket-block-1-sync-20.yaml',
      'launches/2027/fixture-rocket-block-1-sync-9.yaml',
    ]);
    expect(((await state()).removed as unknown[]).length).toBe(7);
  }, 180_000);
});

describe('what is trimmed is reported, what is printed is escaped', () => {
  const BIG = 'x'.repeat(1024 * 1024);

  it("names a 1 MB mission description the importer left out, by record and field, in the sync's summary", async () => {
    const big = detailedLaunch(10, '2026-12-20T10:00:00Z', '2026-11-20T09:00:00Z', NOW);
    big.mission = { ...(big.mission as JsonObject), description: BIG };
    standIn.launches.push(big);
    const result = await sync({ since: SINCE });
    expect(result.report.trimmed).toEqual([
      'launch fixture-rocket-block-1-sync-10: mission.description (1048576 characters): must NOT have more than 40000 characters; left out mission.description',
    ]);
    const summary = formatSyncSummary(result, { dataDir: 'data' });
    expect(summary).toContain(
      'TRIMMED: 1 value(s) LL2 sent were shortened or left out to fit our schema (the record keeps the rest):',
    );
    expect(summary).toContain(`  ${result.report.trimmed[0]}`);
  });

  it("import:ll2 names it too, warns, and prints LL2's escape codes and a workflow command after a newline escaped", async () => {
    const launch = detailedLaunch(11, '2026-12-20T10:00:00Z', '2026-11-20T09:00:00Z', NOW);
    launch.mission = { ...(launch.mission as JsonObject), description: BIG };
    launch.slug = 'evil-\u001b[31mred\u001b[0m-\u202eslug\n::warning::owned';
    launch.name = 'Evil\r\n::error::pwned | \u009b2J';
    const file = path.join(root, 'evil.json');
    await writeFile(file, JSON.stringify(launch));
    const run = await runProcess([
      path.join(ROOT, 'scripts/import-ll2.ts'),
      '--data-dir',
      dataDir,
      '--now',
      at(NOW),
      file,
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('TRIMMED: 1 value(s)');
    expect(run.stdout).toMatch(
      /mission\.description \(1048576 characters\): must NOT have more than 40000 characters; left out mission\.description/,
    );
    expect(run.stderr).toContain('warning: 1 value(s) were shortened or left out to fit our schema');
    const printed = `${run.stdout}${run.stderr}`;
    expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(printed.split('\n').filter((line) => /^\s*::/.test(line))).toEqual([]);
    // The slug as LL2 sent it, on one line: the newline and the escape codes written out.
    expect(printed).toContain('evil-\\u001b[31mred\\u001b[0m-\\u202eslug\\n::warning::owned');
  }, 120_000);

  it('sync:ll2 --verbose prints them escaped too', async () => {
    const launch = detailedLaunch(12, '2026-12-20T10:00:00Z', '2026-11-20T09:00:00Z', NOW);
    launch.slug = 'evil-\u001b]0;title\u0007-slug\n::warning::owned';
    launch.name = 'Evil\n::set-output name=x::y';
    standIn.launches.push(launch);
    const run = await runProcess(
      [path.join(ROOT, 'scripts/sync-ll2.ts'), '--data-dir', dataDir, '--now', at(NOW), '--since', SINCE, '--verbose'],
      { env: { LL2_BASE_URL: standIn.baseUrl } },
    );
    expect(run.code).toBe(0);
    const printed = `${run.stdout}${run.stderr}`;
    expect(printed).toContain('evil-\\u001b]0;title\\u0007-slug\\n::warning::owned');
    expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(printed.split('\n').filter((line) => /^\s*::/.test(line))).toEqual([]);
  }, 120_000);

  it('escapes control characters, bidi controls and line starts a CI runner reads as a command', () => {
    expect(printableLine('a\u001b[2Jb\rc\nd\te\u0085f\u202eg\u2066h\u200fi')).toBe(
      'a\\u001b[2Jb\\rc\\nd\\te\\u0085f\\u202eg\\u2066h\\u200fi',
    );
    expect(printableLine('::warning::x')).toBe('\\u003a:warning::x');
    expect(printableLine('   ::error file=a::x')).toBe('   \\u003a:error file=a::x');
    expect(printableLine('a ::b')).toBe('a ::b');
    expect(printableLine('x ##[error]y')).toBe('x #\\u0023[error]y');
    expect(printableLine('\ud800x')).toBe('\\ud800x');
    expect(printableLine('plain text: 😀 é')).toBe('plain text: 😀 é');
    expect(printableLines('error: a\n::warning::b\n  c')).toBe('error: a\n\\u003a:warning::b\n  c');
  });
});

describe('--help', () => {
  it('prints the usage of import:ll2, sync:ll2 and replay:ll2 and changes no file', async () => {
    await sync({ since: SINCE });
    const before = await readTree(root);
    standIn.requests.length = 0;
    const file = path.join(root, 'in.json');
    const runs = await Promise.all([
      runProcess([path.join(ROOT, 'scripts/import-ll2.ts'), '--help', '--data-dir', dataDir, file]),
      runProcess([path.join(ROOT, 'scripts/sync-ll2.ts'), '--data-dir', dataDir, '--help'], {
        env: { LL2_BASE_URL: standIn.baseUrl },
      }),
      runProcess([
        path.join(ROOT, 'scripts/replay-ll2.ts'),
        '-h',
        '--corpus',
        root,
        '--data-dir',
        path.join(root, 'replay'),
      ]),
    ]);
    for (const [run, name] of runs.map((r, i) => [r, ['import:ll2', 'sync:ll2', 'replay:ll2'][i]] as const)) {
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(new RegExp(`^usage: npm run ${name} -- `));
    }
    expect(runs[1].stdout).toContain('--max-deletions N');
    expect(standIn.requests).toEqual([]);
    expect(await readTree(root)).toEqual(before);
  }, 120_000);
});
