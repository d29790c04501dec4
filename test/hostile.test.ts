// Hostile data files, each dropped into a copy of the fixture: every one is
// refused with a message naming the file and the rule, without a stack trace,
// and the last good output stays byte-identical. Markup in text is published
// escaped. Every case runs in-process; a representative subset also through the
// real command line (`tsx scripts/build.ts`), several processes at a time.

import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, recordCacheIn } from '../scripts/lib/pipeline.ts';
import type { RecordCache } from '../scripts/lib/data/record-cache.ts';
import { DataError, type Problem } from '../scripts/lib/data/problems.ts';
import { FIXTURE_DIR, makeEvent, makeLaunch, removeDir, tempDir, writeRecords } from './helpers/data.ts';
import { HOSTILE_CASES, type HostileCase } from './helpers/hostile-corpus.ts';
import { inPool, leftovers, NOW, runBuild, STACK_LINE, treeDifferences, type CliResult } from './helpers/run-cli.ts';
import { copyTree, readTree, stampDifferences, treeStamps } from './helpers/tree.ts';

const INPUTS = { now: Date.parse(NOW), baseUrl: 'http://localhost:8080/2.3.0/' };
/** The memory a hostile file may make the build use (the issue allows 1.5 GB). */
const HEAP_LIMIT = { NODE_OPTIONS: '--max-old-space-size=1024' };

let root: string;
let goodOut: string;
let good: Map<string, Buffer>;
let caseCount = 0;

/**
 * A fresh fixture copy with the case applied (in `at`, emptied first, or a folder of its own), and a copy of the
 * last good output.
 */
async function prepare(
  hostile: HostileCase,
  withOutput: boolean,
  at?: string,
): Promise<{ dataDir: string; outDir: string; named: string }> {
  const caseRoot = at ?? path.join(root, `case-${++caseCount}`);
  const dataDir = path.join(caseRoot, 'data');
  if (at) await rm(at, { recursive: true, force: true });
  await mkdir(caseRoot, { recursive: true });
  await cp(FIXTURE_DIR, dataDir, { recursive: true });
  const from = (await hostile.setup(dataDir)) ?? dataDir;
  const outDir = path.join(caseRoot, 'public');
  if (withOutput) await copyGood(caseRoot);
  return { dataDir: from, outDir, named: path.join(from, hostile.file) };
}

/**
 * At `parent`, the last good output as its build left it: the link `public` and its generations folder, its files
 * hard links to the good build's (each case compares them with `good`, read before). fs.cp would copy the link
 * alone, made absolute: every case would have read the good build's files through a foreign link.
 */
async function copyGood(parent: string): Promise<void> {
  await copyTree(path.dirname(goodOut), parent, { hardLinks: true });
}

beforeAll(async () => {
  root = await tempDir('lss-hostile-');
  goodOut = path.join(root, 'good', 'public');
  await buildSite(FIXTURE_DIR, goodOut, INPUTS);
  good = await readTree(goodOut);
}, 60_000);

afterAll(async () => removeDir(root));

describe('every hostile case is refused in-process, naming the file, writing nothing', () => {
  let sharedOut: string;
  let stamps: Map<string, string>;
  /**
   * Each case's data in one folder, with one record cache (as a contributor's builds keep one): the fixture's files
   * that passed their checks are read back by their hash rather than parsed and checked again (about 40% of a case's
   * CPU); the file a case damaged or replaced is new to the cache and checked in full, and the checks across files
   * always run.
   */
  let cache: RecordCache | undefined;
  beforeAll(async () => {
    cache = await recordCacheIn(path.join(root, 'in-process-cache'));
    sharedOut = path.join(root, 'shared', 'public');
    await copyGood(path.dirname(sharedOut));
    // The good tree, byte for byte; then per case only whether a file was touched (66 cases).
    expect(await treeDifferences(good, sharedOut)).toEqual([]);
    stamps = await treeStamps(sharedOut);
  });

  it.each(HOSTILE_CASES.map((c) => [c.name, c] as const))('%s', async (_name, hostile) => {
    const { dataDir, named } = await prepare(hostile, false, path.join(root, 'in-process'));
    const error = await buildSite(dataDir, sharedOut, INPUTS, cache).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DataError);
    const problems = (error as DataError).problems.filter((p: Problem) => p.severity === 'error');
    expect(problems.map((p) => p.rule)).toContain(hostile.rule);
    expect(
      problems.filter((p) => p.rule === hostile.rule).some((p) => p.file === named || p.message.includes(named)),
      JSON.stringify(problems, null, 1),
    ).toBe(true);
    for (const p of problems) {
      expect(p.line).toBeGreaterThanOrEqual(1);
      expect(p.message.length).toBeGreaterThan(0);
    }
    const differences = await stampDifferences(stamps, sharedOut);
    if (differences.length > 0) {
      await rm(path.dirname(sharedOut), { recursive: true, force: true });
      await copyGood(path.dirname(sharedOut)); // keep the other cases meaningful
      stamps = await treeStamps(sharedOut);
    }
    expect(differences).toEqual([]);
    expect(await leftovers(sharedOut)).toEqual([]);
  });
});

describe('hostile cases through the command line', () => {
  const cliCases = HOSTILE_CASES.filter((c) => c.cli);
  const results = new Map<string, { result: CliResult; outDir: string; named: string }>();

  beforeAll(async () => {
    const prepared = [];
    for (const hostile of cliCases) prepared.push({ hostile, ...(await prepare(hostile, true)) });
    await inPool(
      prepared.map(({ hostile, dataDir, outDir, named }) => async () => {
        results.set(hostile.name, { result: await runBuild(dataDir, outDir, { env: HEAP_LIMIT }), outDir, named });
      }),
      Math.max(2, Math.min(4, availableParallelism())),
    );
  }, 180_000);

  it('covers a case of each kind', () => {
    expect(cliCases.length).toBe(16);
  });

  it.each(cliCases.map((c) => [c.name, c] as const))('%s', async (_name, hostile) => {
    const { result, outDir, named } = results.get(hostile.name)!;
    expect(result.signal).toBeNull();
    expect(result.code, result.stderr).toBe(1);
    expect(result.ms).toBeLessThan(60_000);
    expect(result.stderr).toContain(` ${hostile.rule}`);
    expect(result.stderr).toContain(named); // as the file of a problem, or in the message of a duplicate
    expect(result.stderr).toContain('Nothing was written; the previous output is unchanged.');
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.stderr).not.toMatch(/out of memory|FATAL ERROR/);
    // Data quoted in a message can neither start a GitHub workflow command nor carry control characters.
    expect(result.stderr).not.toMatch(/^\s*::/m);
    expect(result.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(await treeDifferences(good, outDir)).toEqual([]);
    expect(await leftovers(outDir)).toEqual([]);
  });
});

describe('markup in text fields', () => {
  const MARKUP = '</script><img src=x onerror=alert(1)>';
  let dataDir: string;
  let outDir: string;
  let result: CliResult;

  beforeAll(async () => {
    dataDir = path.join(root, 'markup', 'data');
    outDir = path.join(root, 'markup', 'public');
    await cp(FIXTURE_DIR, dataDir, { recursive: true });
    const launch = makeLaunch(7, '2030-06-01T00:00:00Z', {
      name: `Falcon 9 Block 5 | ${MARKUP}`,
      status: 'go',
      mission: {
        name: MARKUP,
        type: 'communications',
        orbit: 'leo',
        description: `<script>alert("x")</script> & ${MARKUP}`,
      },
      weather_concerns: '<b onmouseover=alert(1)>',
    });
    await writeRecords(
      dataDir,
      [launch],
      [makeEvent(950, '2030-06-02T00:00:00Z', { name: MARKUP, location: MARKUP, description: MARKUP })],
    );
    result = await runBuild(dataDir, outDir);
  }, 60_000);

  it('builds', () => {
    expect(result.code, result.stderr).toBe(0);
  });

  it('is escaped in every JSON file: no raw < or > anywhere', async () => {
    const tree = await readTree(outDir);
    const json = [...tree].filter(([file]) => file.endsWith('.json'));
    expect(json.length).toBeGreaterThan(20);
    let carried = 0;
    for (const [file, bytes] of json) {
      const text = bytes.toString('utf8');
      expect(text, file).not.toMatch(/[<>]/);
      expect(text, file).not.toContain('</script>');
      if (text.includes('\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e')) carried++;
    }
    // The text itself is published, escaped: in the collections and the detail resources.
    expect(carried).toBeGreaterThanOrEqual(4);
  });

  it('is escaped in the HTML page: its own scripts are the only ones', async () => {
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8').catch(() => undefined);
    if (html === undefined) return; // no page in this build
    expect(html.match(/<\/script>/g) ?? []).toEqual(Array(4).fill('</script>'));
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script src="assets/markup.js">',
      '<script src="assets/time.js">',
      '<script src="assets/core.js">',
      '<script src="assets/schedule.js">',
    ]);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b onmouseover');
  });

  it("is escaped in the launch's own page: its own scripts are the only ones, the markup is text", async () => {
    const html = await readFile(path.join(outDir, 'launch', 'test-launch-7.html'), 'utf8');
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script src="../assets/markup.js">',
      '<script src="../assets/time.js">',
      '<script src="../assets/core.js">',
      '<script src="../assets/calendar.js">',
      '<script src="../assets/launch.js">',
    ]);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b onmouseover');
    expect(html).toContain('&lt;b onmouseover=alert(1)&gt;');
  });
});

describe('an empty data set', () => {
  it('builds every endpoint with count 0', async () => {
    const dataDir = path.join(root, 'empty', 'data');
    const outDir = path.join(root, 'empty', 'public');
    await mkdir(dataDir, { recursive: true });
    const result = await runBuild(dataDir, outDir);
    expect(result.code, result.stderr).toBe(0);
    for (const collection of [
      'launches/',
      'launches/upcoming/',
      'launches/previous/',
      'events/',
      'events/upcoming/',
      'events/previous/',
    ]) {
      const page = JSON.parse(await readFile(path.join(outDir, '2.3.0', collection, 'index.json'), 'utf8'));
      expect(page, collection).toEqual({ count: 0, next: null, previous: null, results: [] });
    }
    const status = JSON.parse(await readFile(path.join(outDir, '2.3.0/status.json'), 'utf8'));
    expect(status).toMatchObject({ launch_count: 0, event_count: 0 });
    await rm(path.join(root, 'empty'), { recursive: true, force: true });
  }, 60_000);
});
