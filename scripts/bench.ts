// npm run bench -- --launches N [--runs R] [--keep] [--query-seconds S] [--query-only]
//
// Generates a synthetic data set (N launches, N/10 events) over the real
// reference data in data/reference, then measures, each in a fresh process as
// `npm run build` and `npm run validate` run them (scripts/run.mjs): a cold
// build (empty cache), `validate` (empty cache), a warm rebuild after one launch
// file changed, and the floor: reading and parsing every input file with `yaml`,
// plus writing the same output bytes. Then the query phase (bench-query.ts): the
// Node server over the built tree under typical LL2 queries, against the static
// upcoming page. Prints a table per phase and ends with two summary lines
// (`query:`, then `bench:`). `--query-only` builds once and runs only the query phase.
// The edge phase (bench-edge.ts) runs the built `_worker.js` as Cloudflare counts
// it and prints the `edge:` line: `--edge-only` builds once and runs only it;
// `--tree DIR` runs it on a tree built already (the real data: `npm run build`).

import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fg from 'fast-glob';
import { runCli } from './lib/cli/cli.ts';
import { asksForHelp, parseFlags, UsageError } from './lib/cli/options.ts';
import { COLD_SAMPLES } from './bench-edge.ts';
import { BENCH_NOW, writeDataSet } from './bench-data.ts';
import { currentOver } from './bench-ab-workerd.ts';
import { edgePhase } from './bench-edge-workerd.ts';
import { benchQueries, queryLine, queryTable } from './bench-query.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const NOW = BENCH_NOW;

interface Sample {
  seconds: number;
  rssMb: number;
  /** Seconds the floor script spent writing (the rest of its run is start-up, reading and parsing). */
  writeSeconds?: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs a command in a fresh process; its peak RSS comes back through BENCH_RUSAGE_FILE. */
function timed(command: string, args: string[], env: Record<string, string>, rusageFile: string): Sample {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, BENCH_RUSAGE_FILE: rusageFile },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stderr.slice(-2000)}`);
  const report = JSON.parse(readFileSync(rusageFile, 'utf8')) as { maxRssKb: number; writeSeconds?: number };
  rmSync(rusageFile, { force: true });
  return { seconds, rssMb: report.maxRssKb / 1024, writeSeconds: report.writeSeconds };
}

/** Changes one launch file the way an edit would: its mission text. */
async function touchOneLaunch(dataDir: string, round: number): Promise<void> {
  const [first] = (await fg('launches/**/*.yaml', { cwd: dataDir })).sort();
  const file = path.join(dataDir, first);
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace(/description: .*/, `description: edited for the warm rebuild, round ${round}`));
}

async function outputStats(outDir: string) {
  const files = await fg('**/*', { cwd: outDir, onlyFiles: true });
  let bytes = 0;
  for (const f of files) bytes += (await readFile(path.join(outDir, f))).length;
  const firstPage = async (collection: string) => {
    const raw = await readFile(path.join(outDir, '2.3.0', collection, 'index.json'));
    return {
      raw: raw.length,
      gzip: gzipSync(raw, { level: 9 }).length,
      brotli: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  };
  return {
    files: files.length,
    bytes,
    upcoming: await firstPage('launches/upcoming'),
    previous: await firstPage('launches/previous'),
  };
}

function table(title: string, rows: Array<[string, Sample[]]>): string {
  const lines = [`\n${title}`, 'phase            median_s   min_s    max_s  peak_rss_mb  runs'];
  for (const [name, samples] of rows) {
    const s = samples.map((x) => x.seconds);
    lines.push(
      `${name.padEnd(16)} ${median(s).toFixed(3).padStart(8)} ${Math.min(...s)
        .toFixed(3)
        .padStart(7)} ${Math.max(...s)
        .toFixed(3)
        .padStart(8)} ${median(samples.map((x) => x.rssMb))
        .toFixed(0)
        .padStart(12)}  ${samples.length}`,
    );
  }
  return lines.join('\n');
}

await runCli(async () => {
  if (asksForHelp(process.argv.slice(2))) {
    console.log(
      'usage: npm run bench -- [--launches N] [--runs R] [--keep] [--query-seconds S] [--query-only] [--edge-only] [--tree DIR [--current | --worker FILE]] [--cold-samples N]\n(what each phase measures: docs/performance.md)',
    );
    return 0;
  }
  const { flags } = parseFlags(process.argv.slice(2));
  const tree = flags.get('tree');
  const coldSamples = Number(flags.get('cold-samples') ?? COLD_SAMPLES);
  if (!Number.isInteger(coldSamples) || coldSamples < 1)
    throw new UsageError('--cold-samples must be a positive whole number');
  // The edge phase in workerd (bench-edge-workerd.ts); `--node`: the plain-Node harness, a quick check.
  const edgeOptions = {
    coldSamples,
    node: flags.has('node'),
    rounds: flags.has('rounds') ? Number(flags.get('rounds')) : undefined,
    // `--current`: the tree's held index files with the worker of the sources as they are (bench-ab-workerd.ts), not its own.
    // `--worker FILE`: that worker's code instead (one holding other files than the tree's).
    worker:
      typeof flags.get('worker') === 'string'
        ? await readFile(String(flags.get('worker')), 'utf8')
        : flags.has('current') && typeof tree === 'string'
          ? currentOver(await readFile(path.join(path.resolve(tree), '_worker.js'), 'utf8'))
          : undefined,
  };
  if (typeof tree === 'string') {
    const root = path.resolve(tree);
    const status = JSON.parse(await readFile(path.join(root, '2.3.0/status.json'), 'utf8')) as {
      launch_count?: number;
    };
    for (const line of await edgePhase(root, ROOT, status.launch_count ?? 0, edgeOptions)) console.log(line);
    return;
  }
  const launches = Number(flags.get('launches') ?? 10000);
  if (!Number.isInteger(launches) || launches < 1) throw new UsageError('--launches must be a positive whole number');
  const runs = Number(flags.get('runs') ?? (launches > 20000 ? 1 : 3));
  const querySeconds = Number(flags.get('query-seconds') ?? 10);
  if (!Number.isInteger(querySeconds) || querySeconds < 1)
    throw new UsageError('--query-seconds must be a positive whole number');
  const events = Math.floor(launches / 10);
  const work = await mkdtemp(path.join(tmpdir(), 'lss-bench-'));
  const dataDir = path.join(work, 'data');
  const outDir = path.join(work, 'public');
  const cacheDir = path.join(work, 'cache');
  const rusage = path.join(work, 'rusage.json');
  const node = process.execPath;
  // As `npm run build` and `npm run validate` run them (package.json), without npm's own start-up.
  const tool = (command: string) => ['scripts/run.mjs', command];
  const common = ['--data-dir', dataDir, '--now', NOW];
  const env = { BUILD_CACHE_DIR: cacheDir };

  try {
    console.log(`generating ${launches} launches and ${events} events in ${dataDir} …`);
    await writeDataSet(dataDir, launches);

    if (flags.has('edge-only') || flags.has('edge')) {
      timed(node, [...tool('build'), ...common, '--out-dir', outDir], env, rusage);
      for (const line of await edgePhase(outDir, ROOT, launches, edgeOptions)) console.log(line);
      return;
    }

    if (flags.has('query-only')) {
      timed(node, [...tool('build'), ...common, '--out-dir', outDir], env, rusage);
      const queries = await benchQueries(outDir, ROOT, { launches, seconds: querySeconds });
      console.log(queryTable(queries));
      console.log(queryLine(launches, queries));
      return;
    }

    const cold: Sample[] = [];
    const validate: Sample[] = [];
    const warm: Sample[] = [];
    const floor: Sample[] = [];
    for (let round = 1; round <= runs; round++) {
      await rm(cacheDir, { recursive: true, force: true });
      await rm(outDir, { recursive: true, force: true });
      validate.push(timed(node, [...tool('validate'), ...common], env, rusage));
      await rm(cacheDir, { recursive: true, force: true });
      cold.push(timed(node, [...tool('build'), ...common, '--out-dir', outDir], env, rusage));
      floor.push(timed(node, ['scripts/bench-floor.mjs', dataDir, outDir, path.join(work, 'floor-out')], env, rusage));
      await touchOneLaunch(dataDir, round);
      warm.push(timed(node, [...tool('build'), ...common, '--out-dir', outDir], env, rusage));
    }
    const stats = await outputStats(outDir);

    console.log(
      table(`launches=${launches} events=${events}, ${runs} run(s) each, clock ${NOW}`, [
        ['cold build', cold],
        ['validate', validate],
        ['warm rebuild', warm],
        ['floor', floor],
      ]),
    );
    console.log(`\noutput: ${stats.files} files, ${(stats.bytes / 1e6).toFixed(1)} MB`);
    for (const [name, s] of [
      ['launches/upcoming/', stats.upcoming],
      ['launches/previous/', stats.previous],
    ] as const) {
      console.log(`first page of ${name.padEnd(19)} raw ${s.raw} B, gzip ${s.gzip} B, brotli ${s.brotli} B`);
    }
    const c = median(cold.map((s) => s.seconds));
    const f = median(floor.map((s) => s.seconds));
    const v = median(validate.map((s) => s.seconds));
    const parseFloor = median(floor.map((s) => s.seconds - (s.writeSeconds ?? 0)));
    console.log(`parse floor ${parseFloor.toFixed(3)} s; validate/parse-floor ratio: ${(v / parseFloor).toFixed(2)}`);
    const queries = await benchQueries(outDir, ROOT, { launches, seconds: querySeconds });
    console.log(queryTable(queries));
    console.log(queryLine(launches, queries));
    for (const line of await edgePhase(outDir, ROOT, launches, edgeOptions)) console.log(line);
    console.log(
      `bench: launches=${launches} events=${events} cold_s=${c.toFixed(3)} floor_s=${f.toFixed(3)} ratio=${(c / f).toFixed(2)} warm_s=${median(warm.map((s) => s.seconds)).toFixed(3)} rss_mb=${Math.max(...cold.map((s) => s.rssMb), ...warm.map((s) => s.rssMb)).toFixed(0)}`,
    );
  } finally {
    if (!flags.has('keep')) await rm(work, { recursive: true, force: true });
    else console.error(`kept ${work}`);
  }
});
