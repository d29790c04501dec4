// The edge phase of `npm run bench`, in workerd (bench-workerd.ts runs it): the
// built `_worker.js` under the queries LL2 clients send most, measured as
// Cloudflare counts a request, the isolate thread's CPU. In: a built tree; out: a
// table per query and the `edge:` summary line. Cold: a fresh workerd process per
// query and sample, its first request (the median, least and most of the samples),
// the files it read through env.ASSETS and its answer's bytes; the samples go round
// by round over the mix, so a burst of load on a shared machine lands on one sample
// of several queries rather than on every sample of one. Warm: one process, the mix
// once, then rounds of it, every request measured. Beside them, an empty worker's
// figures (the runtime's own share of a request, about 1 ms on a first one: the
// figures are upper bounds), the start-up's CPU (the process's thread until it
// listens and is idle: the runtime's start, the module's compilation and its global
// scope) and V8's heap after the warm rounds (a process of its own, asked over the
// inspector).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { benchEdge, edgeLine, edgeTable } from './bench-edge.ts';
import { EMPTY_WORKER, startAssets, startWorker, workerdBinary, type AssetsHost } from './bench-workerd.ts';

/**
 * What LL2 clients send most: first pages of upcoming and previous launches in every mode up to `limit=100`, a
 * provider (`lsp__id`), a search, a NET range, `hide_recent_previous`, orderings, events, the reference lists and
 * their details, the static pages. Ids are LL2's, in the real reference data the synthetic sets use too (SpaceX 121,
 * Cape Canaveral 12, Kennedy 27, Falcon 9 Block 5 164).
 */
export const WORKERD_MIX = [
  '/2.3.0/launches/upcoming/?limit=10',
  '/2.3.0/launches/upcoming/?mode=list&limit=100',
  '/2.3.0/launches/upcoming/?limit=100',
  '/2.3.0/launches/upcoming/?mode=detailed&limit=10',
  '/2.3.0/launches/upcoming/?mode=detailed&limit=100',
  '/2.3.0/launches/upcoming/?hide_recent_previous=true&format=json',
  '/2.3.0/launches/upcoming/?hide_recent_previous=true&limit=100',
  '/2.3.0/launches/upcoming/?lsp__id=121&limit=10',
  '/2.3.0/launches/previous/?limit=10',
  '/2.3.0/launches/previous/?mode=list&limit=100',
  '/2.3.0/launches/previous/?limit=100',
  '/2.3.0/launches/previous/?mode=detailed&limit=10',
  '/2.3.0/launches/previous/?mode=detailed&limit=100',
  '/2.3.0/launches/previous/?limit=100&offset=200',
  '/2.3.0/launches/previous/?lsp__id=121&status__ids=3,4&mode=list&limit=100',
  '/2.3.0/launches/?search=starlink&ordering=-net&limit=20',
  '/2.3.0/launches/?net__gte=2025-01-01T00:00:00Z&net__lte=2025-12-31T23:59:59Z&mode=normal&limit=50',
  '/2.3.0/launches/upcoming/?net__lte=2027-12-31T00:00:00Z&ordering=net&mode=list&limit=100',
  '/2.3.0/launches/?location__ids=12,27&ordering=-last_updated&mode=detailed&limit=100',
  '/2.3.0/events/upcoming/?limit=10',
  '/2.3.0/events/?ordering=-date&mode=detailed&limit=100',
  '/2.3.0/agencies/?search=space&mode=list&limit=100',
  '/2.3.0/agencies/121/',
  '/2.3.0/agencies/121/?mode=detailed',
  '/2.3.0/pads/?ordering=-total_launch_count&limit=100',
  '/2.3.0/launcher_configurations/?mode=detailed&limit=100',
  '/2.3.0/launcher_configurations/164/',
  '/2.3.0/config/launch_statuses/',
  '/2.3.0/launches/upcoming/',
] as const;

/** The mix for a tree: WORKERD_MIX and the detail of its first upcoming launch (an id of that tree's), as a file and with `format`. */
export function mixFor(root: string): string[] {
  const upcoming = JSON.parse(readFileSync(path.join(root, '2.3.0/launches/upcoming/index.json'), 'utf8')) as {
    results: Array<{ id: string }>;
  };
  const first = upcoming.results[0]?.id;
  return [...WORKERD_MIX, ...(first ? [`/2.3.0/launches/${first}/`, `/2.3.0/launches/${first}/?format=json`] : [])];
}

/** Answers of at most this many bytes are the targets' (docs/edge.md: larger ones are published, not held to 10 ms). */
export const TARGET_BYTES = 1_000_000;

export interface ColdFigure {
  query: string;
  samples: number[];
  status: number;
  answerBytes: number;
  reads: number;
  readBytes: number;
}

export interface WorkerdResult {
  version: string;
  cold: ColdFigure[];
  /** Requests the isolate answered before (its answer kept by URL: handler.ts answerBytes). */
  warm: { samples: number[]; byQuery: Record<string, number[]> };
  /** Requests new to the warm isolate: each query with a parameter no list reads (NEW_PARAMETER), another value each round. */
  warmNew: { samples: number[]; byQuery: Record<string, number[]> };
  startupMs: number[];
  runtime: { cold: number[]; warm: number[]; startupMs: number[] };
  heapMb: number;
}

const sortedCopy = (values: readonly number[]) => [...values].sort((a, b) => a - b);
export const medianOf = (values: readonly number[]): number => {
  const sorted = sortedCopy(values);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export const percentileOf = (values: readonly number[], p: number): number => {
  const sorted = sortedCopy(values);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

/**
 * A parameter no list reads (LL2 and the engine ignore unknown ones, as django-filter does; the page's `next` and
 * `previous` links echo it): another value of it makes a query new to an isolate that keeps answers by URL.
 */
export const NEW_PARAMETER = 'bench_new';

/**
 * The query made new for round `round`, or undefined for a static file (no query string: a file passed on, which
 * a query string would turn into a query of the engine's).
 */
export function newTarget(query: string, round: number): string | undefined {
  if (!query.includes('?')) return undefined;
  return `${query}&${NEW_PARAMETER}=${round + 1}`;
}

/** A fresh process's first request to `code`, with the files it read; the process stopped after. */
async function firstRequest(code: string, assets: AssetsHost, query: string) {
  const worker = await startWorker(code, assets.port);
  try {
    const { result, reads } = await assets.during(() => worker.measure(query));
    return { ...result, reads, startupMs: worker.startupMs };
  } finally {
    await worker.stop();
  }
}

export interface WorkerdOptions {
  queries?: readonly string[];
  coldSamples?: number;
  rounds?: number;
  /** The worker's code in place of the tree's own `_worker.js` (bench-ab-workerd.ts currentOver makes one from the sources). */
  worker?: string;
  /** Progress, one line per round (stderr by default). */
  log?: (line: string) => void;
}

export async function benchWorkerd(root: string, options: WorkerdOptions = {}): Promise<WorkerdResult> {
  const queries = options.queries ?? mixFor(root);
  const count = options.coldSamples ?? 5;
  const rounds = options.rounds ?? 20;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const code = options.worker ?? readFileSync(path.join(root, '_worker.js'), 'utf8');
  const assets = await startAssets(root);
  try {
    const cold: ColdFigure[] = queries.map((query) => ({
      query,
      samples: [],
      status: 0,
      answerBytes: 0,
      reads: 0,
      readBytes: 0,
    }));
    const startupMs: number[] = [];
    const runtime: WorkerdResult['runtime'] = { cold: [], warm: [], startupMs: [] };
    for (let round = 0; round < count; round++) {
      log(`workerd cold round ${round + 1}/${count}`);
      const empty = await firstRequest(EMPTY_WORKER, assets, '/');
      runtime.cold.push(empty.cpuMs);
      runtime.startupMs.push(empty.startupMs);
      for (const figure of cold) {
        const sample = await firstRequest(code, assets, figure.query);
        figure.samples.push(sample.cpuMs);
        Object.assign(figure, {
          status: sample.status,
          answerBytes: sample.body.length,
          reads: sample.reads.length,
          readBytes: sample.reads.reduce((sum, read) => sum + read.bytes, 0),
        });
        startupMs.push(sample.startupMs);
      }
    }

    log(`workerd warm: the mix once, then ${rounds} rounds of it again, then ${rounds} rounds of it new`);
    const warm: WorkerdResult['warm'] = { samples: [], byQuery: {} };
    const warmNew: WorkerdResult['warmNew'] = { samples: [], byQuery: {} };
    const worker = await startWorker(code, assets.port);
    const emptyWorker = await startWorker(EMPTY_WORKER, assets.port);
    try {
      for (const query of queries) await worker.measure(query);
      await emptyWorker.measure('/');
      for (let round = 0; round < rounds; round++) {
        for (const query of queries) {
          const { cpuMs } = await worker.measure(query);
          warm.samples.push(cpuMs);
          (warm.byQuery[query] ??= []).push(cpuMs);
        }
        runtime.warm.push((await emptyWorker.measure('/')).cpuMs);
      }
      // The same isolate asked what it was not asked before: the plan and the answer made again (the packs it read kept).
      for (let round = 0; round < rounds; round++) {
        for (const query of queries) {
          const target = newTarget(query, round);
          if (target === undefined) continue;
          const { cpuMs } = await worker.measure(target);
          warmNew.samples.push(cpuMs);
          (warmNew.byQuery[query] ??= []).push(cpuMs);
        }
      }
    } finally {
      await worker.stop();
      await emptyWorker.stop();
    }

    // The heap in a process of its own (the inspector attached only there): the mix once and three rounds, then V8's used heap.
    const inspected = await startWorker(code, assets.port, { inspect: true });
    let heapMb: number;
    try {
      for (let round = 0; round < 4; round++) for (const query of queries) await inspected.measure(query);
      heapMb = await inspected.heapMb();
    } finally {
      await inspected.stop();
    }
    return { version: workerdBinary().version, cold, warm, warmNew, startupMs, runtime, heapMb };
  } finally {
    await assets.stop();
  }
}

const fixed = (value: number, digits = 2, width = 7) => value.toFixed(digits).padStart(width);

export function workerdTable(result: WorkerdResult): string {
  const lines = [
    `\nedge worker in workerd ${result.version} (built _worker.js; CPU ms of the isolate's thread per request, /proc schedstat; env.ASSETS a disk service in another process)`,
    `cold: a fresh process's first request, ${result.cold[0]?.samples.length ?? 0} samples (median, least, most); again: warm, the same URL asked again (its answer kept), ${result.warm.byQuery[result.cold[0]?.query ?? '']?.length ?? 0} rounds; new: warm, a URL the isolate was not asked (the query with &${NEW_PARAMETER}=<round>; '-' for a static file); reads: files read through env.ASSETS`,
    'cold_med  cold_min  cold_max  again_p50  again_p99  new_p50  new_p99  reads  read_kb  answer_kb  status  query',
  ];
  const percentiles = (values: number[], width: number) =>
    values.length
      ? `${fixed(percentileOf(values, 50), 2, width)}  ${fixed(percentileOf(values, 99), 2, width)}`
      : `${'-'.padStart(width)}  ${'-'.padStart(width)}`;
  const row = (
    samples: number[],
    warm: number[],
    warmNew: number[],
    reads: string,
    readKb: string,
    answerKb: string,
    status: string,
    query: string,
  ) =>
    `${fixed(medianOf(samples), 2, 8)}  ${fixed(Math.min(...samples), 2, 8)}  ${fixed(Math.max(...samples), 2, 8)}  ${percentiles(warm, 9)}  ${percentiles(warmNew, 7)}  ${reads.padStart(5)}  ${readKb.padStart(7)}  ${answerKb.padStart(9)}  ${status.padStart(6)}  ${query}`;
  for (const c of result.cold) {
    const over = c.answerBytes > TARGET_BYTES ? ' (over 1 MB)' : '';
    lines.push(
      row(
        c.samples,
        result.warm.byQuery[c.query] ?? [],
        result.warmNew.byQuery[c.query] ?? [],
        String(c.reads),
        (c.readBytes / 1024).toFixed(0),
        (c.answerBytes / 1024).toFixed(0),
        String(c.status),
        `${c.query}${over}`,
      ),
    );
  }
  lines.push(
    row(
      result.runtime.cold,
      result.runtime.warm,
      [],
      '0',
      '0',
      '0',
      '200',
      "(an empty worker answering {}: the runtime's share)",
    ),
  );
  return lines.join('\n');
}

export function workerdLine(launches: number, result: WorkerdResult): string {
  const targeted = result.cold.filter((c) => c.answerBytes <= TARGET_BYTES);
  const newSamples = result.warmNew.samples.length ? result.warmNew.samples : [Number.NaN];
  const targetedNew = targeted.flatMap((c) => result.warmNew.byQuery[c.query] ?? []);
  const medians = targeted.map((c) => medianOf(c.samples));
  const within = medians.filter((ms) => ms <= 10).length;
  return (
    `edge: harness=workerd launches=${launches} cold_p50_cpu_ms=${fixed(medianOf(medians), 2, 0)} cold_max_cpu_ms=${fixed(Math.max(...medians), 2, 0)}` +
    ` cold_within_10ms=${within}/${targeted.length} over_1mb=${result.cold.length - targeted.length}` +
    ` warm_p50_cpu_ms=${fixed(percentileOf(result.warm.samples, 50), 2, 0)} warm_p99_cpu_ms=${fixed(percentileOf(result.warm.samples, 99), 2, 0)}` +
    ` warm_new_p50_cpu_ms=${fixed(percentileOf(newSamples, 50), 2, 0)} warm_new_p99_cpu_ms=${fixed(percentileOf(newSamples, 99), 2, 0)}` +
    ` warm_new_1mb_p99_cpu_ms=${fixed(percentileOf(targetedNew.length ? targetedNew : [Number.NaN], 99), 2, 0)}` +
    ` startup_cpu_ms=${fixed(medianOf(result.startupMs), 1, 0)} runtime_cold_ms=${fixed(medianOf(result.runtime.cold), 2, 0)} runtime_warm_ms=${fixed(medianOf(result.runtime.warm), 2, 0)}` +
    ` runtime_startup_ms=${fixed(medianOf(result.runtime.startupMs), 1, 0)} max_reads=${Math.max(...targeted.map((c) => c.reads))} heap_mb=${result.heapMb.toFixed(1)}`
  );
}

export interface EdgePhaseOptions {
  coldSamples: number;
  /** The plain-Node harness (bench-edge.ts) instead, a quick check: `--node`. */
  node?: boolean;
  rounds?: number;
  /** The worker's code in place of the tree's `_worker.js` (workerd only). */
  worker?: string;
}

/** The edge phase's printed lines: workerd's table and `edge:` line, or with `node` the plain-Node harness's. */
export async function edgePhase(
  root: string,
  cwd: string,
  launches: number,
  options: EdgePhaseOptions,
): Promise<string[]> {
  if (options.node) {
    const result = benchEdge(root, cwd, { coldSamples: options.coldSamples, rounds: options.rounds });
    return [edgeTable(result), edgeLine(launches, result)];
  }
  const result = await benchWorkerd(root, {
    coldSamples: options.coldSamples,
    rounds: options.rounds,
    worker: options.worker,
  });
  return [workerdTable(result), workerdLine(launches, result)];
}
