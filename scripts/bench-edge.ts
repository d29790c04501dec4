// The edge phase of `npm run bench`: the built `_worker.js` run as Cloudflare
// would count it. Cold: fresh plain Node processes per query of the mix (bench-edge-child.mjs),
// the CPU time of each isolate's first request, the median of a few (one sample on a
// shared machine varies by a factor of two); warm: one process, the mix once,
// then rounds of it, the CPU time of each request. The mix is the queries clients
// send most, on launches, events and reference lists, up to limit=100 detailed.
// Also the CPU of an isolate's start-up (the module's evaluation and its warm-up),
// which Cloudflare counts apart (1 s allowed).
// Beside each query's cold figure, its floor: in a fresh process of the same harness,
// a file of the answer's size opened through env.ASSETS and its body passed on (what
// reading and handing over that many bytes costs here, whatever the engine does); and
// its reads' floor: the very files the query read, read in a fresh process through
// env.ASSETS as the worker reads them, and its answer's bytes handed on as views of
// them. A query's figure less its reads' floor (`own`) is what the engine itself adds
// to what this harness charges for the files and the answer.
// Prints a table per query and the `edge:` summary line.

import { spawnSync } from 'node:child_process';
import { isQueryIndexFile } from './lib/query/index-format.ts';
import { isRecordPack } from './lib/query/record-packs.ts';

/** Common queries; ids are LL2's (SpaceX 121, Cape Canaveral 12, Kennedy 27), present in the real reference data the synthetic set uses too. */
export const EDGE_QUERIES = [
  '/2.3.0/launches/upcoming/?limit=10',
  '/2.3.0/launches/upcoming/?mode=list&limit=100',
  '/2.3.0/launches/upcoming/?mode=detailed&limit=100',
  '/2.3.0/launches/upcoming/?hide_recent_previous=true&format=json',
  '/2.3.0/launches/previous/?limit=100&offset=200',
  '/2.3.0/launches/previous/?lsp__id=121&status__ids=3,4&mode=list&limit=100',
  '/2.3.0/launches/?search=starlink&ordering=-net&limit=20',
  '/2.3.0/launches/?net__gte=2025-01-01T00:00:00Z&net__lte=2025-12-31T23:59:59Z&mode=normal&limit=50',
  '/2.3.0/launches/?location__ids=12,27&ordering=-last_updated&mode=detailed&limit=100',
  '/2.3.0/events/upcoming/?limit=10',
  '/2.3.0/events/?ordering=-date&mode=detailed&limit=100',
  '/2.3.0/agencies/?search=space&mode=list&limit=100',
  '/2.3.0/pads/?ordering=-total_launch_count&limit=100',
  '/2.3.0/launcher_configurations/?mode=detailed&limit=100',
  '/2.3.0/launches/upcoming/',
] as const;

export interface EdgeResult {
  /** Per query: the median of the cold samples (`ms`) and their least (`minMs`). */
  cold: Array<{
    query: string;
    ms: number;
    minMs: number;
    status: number;
    indexKb: number;
    recordsKb: number;
    heapMb: number;
    startupMs: number;
    answerKb: number;
    floorMs: number;
    readsFloorMs: number;
  }>;
  warm: { samples: number[]; byQuery: Record<string, number[]>; heapMb: number; rssMb: number };
}

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Kilobytes read: of the index (head, parts, column and search files), and of the rest (record packs, detail files, static files). */
function readKb(reads: ReadonlyArray<[string, number]>): { indexKb: number; recordsKb: number } {
  let index = 0;
  let records = 0;
  for (const [file, bytes] of reads) {
    if (isQueryIndexFile(file) && !isRecordPack(file)) index += bytes;
    else records += bytes;
  }
  return { indexKb: index / 1024, recordsKb: records / 1024 };
}

/** One fresh process of the bench-edge-child.mjs, plain Node as a checker would run the worker (no TypeScript loader). */
function child<T>(root: string, cwd: string, args: string[]): T {
  const result = spawnSync(process.execPath, ['--expose-gc', 'scripts/bench-edge-child.mjs', root, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`edge bench child failed:\n${result.stderr.slice(-2000)}`);
  const line = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Record<string, unknown> & {
    reads: Array<[string, number]>;
  };
  return { ...line, ...readKb(line.reads) } as T;
}

type ColdSample = Omit<EdgeResult['cold'][number], 'query' | 'minMs' | 'floorMs' | 'readsFloorMs'> & {
  reads: Array<[string, number]>;
};

/** Fresh processes a query's cold figure is the median of (`--cold-samples`). */
export const COLD_SAMPLES = 5;

export function benchEdge(
  root: string,
  cwd: string,
  options: { rounds?: number; queries?: readonly string[]; coldSamples?: number } = {},
): EdgeResult {
  const queries = options.queries ?? EDGE_QUERIES;
  const count = options.coldSamples ?? COLD_SAMPLES;
  const median = <T extends { ms: number }>(samples: T[]): T =>
    samples.sort((a, b) => a.ms - b.ms)[Math.floor((samples.length - 1) / 2)];
  const samples = queries.map((): ColdSample[] => []);
  const floors = queries.map((): ColdSample[] => []);
  const readsFloors = queries.map((): ColdSample[] => []);
  // Round by round, each query and its floor once a round: a burst of load on the shared machine (a second or two of
  // writeback after a build, a neighbour) then lands on one sample of several queries, not on every sample of one.
  for (let round = 0; round < count; round++) {
    queries.forEach((query, i) => {
      const sample = child<ColdSample>(root, cwd, ['cold', query]);
      samples[i].push(sample);
      const answerBytes = String(Math.round(sample.answerKb * 1024));
      floors[i].push(child<ColdSample>(root, cwd, ['floor', answerBytes]));
      readsFloors[i].push(child<ColdSample>(root, cwd, ['reads', answerBytes, ...sample.reads.map(([file]) => file)]));
    });
  }
  const cold = queries.map((query, i) => ({
    query,
    ...median(samples[i]),
    minMs: Math.min(...samples[i].map((s) => s.ms)),
    floorMs: median(floors[i]).ms,
    readsFloorMs: median(readsFloors[i]).ms,
  }));
  const warm = child<EdgeResult['warm']>(root, cwd, ['warm', String(options.rounds ?? 20), ...queries]);
  return { cold, warm };
}

export function edgeTable(result: EdgeResult): string {
  const lines = [
    '\nedge worker (built _worker.js in Node, env.ASSETS over the files; CPU ms per request; cold: median and least of fresh processes)',
    "floor: a file of the answer's size passed on; reads: the files the query read, read and its answer's bytes handed on; own: cold less reads",
    'cold_ms  cold_min  floor_ms  reads_ms  own_ms  warm_p50  warm_p99  index_kb  records_kb  answer_kb  status  query',
  ];
  for (const c of result.cold) {
    const warm = result.warm.byQuery[c.query] ?? [];
    lines.push(
      `${c.ms.toFixed(2).padStart(7)}  ${c.minMs.toFixed(2).padStart(8)}  ${c.floorMs.toFixed(2).padStart(8)}  ${c.readsFloorMs.toFixed(2).padStart(8)}  ${(c.ms - c.readsFloorMs).toFixed(2).padStart(6)}  ${percentile(warm, 50).toFixed(2).padStart(8)}  ${percentile(warm, 99).toFixed(2).padStart(8)}  ${c.indexKb.toFixed(0).padStart(8)}  ${c.recordsKb.toFixed(0).padStart(10)}  ${c.answerKb.toFixed(0).padStart(9)}  ${String(c.status).padStart(6)}  ${c.query}`,
    );
  }
  return lines.join('\n');
}

export function edgeLine(launches: number, result: EdgeResult): string {
  const cold = result.cold.map((c) => c.ms);
  const within = result.cold.filter((c) => c.ms <= 10).length;
  const own = result.cold.map((c) => c.ms - c.readsFloorMs);
  return (
    `edge: launches=${launches} cold_cpu_ms=${Math.max(...cold).toFixed(2)} cold_p50_cpu_ms=${percentile(cold, 50).toFixed(2)} cold_within_10ms=${within}/${cold.length}` +
    ` own_p50_cpu_ms=${percentile(own, 50).toFixed(2)} own_max_cpu_ms=${Math.max(...own).toFixed(2)} own_within_10ms=${own.filter((ms) => ms <= 10).length}/${own.length}` +
    ` warm_p50_cpu_ms=${percentile(result.warm.samples, 50).toFixed(2)} warm_p99_cpu_ms=${percentile(result.warm.samples, 99).toFixed(2)}` +
    ` startup_cpu_ms=${percentile(
      result.cold.map((c) => c.startupMs),
      50,
    ).toFixed(1)}` +
    ` index_kb_read=${Math.max(...result.cold.map((c) => c.indexKb)).toFixed(0)} records_kb_read=${Math.max(...result.cold.map((c) => c.recordsKb)).toFixed(0)} heap_mb=${Math.max(result.warm.heapMb, ...result.cold.map((c) => c.heapMb)).toFixed(1)}`
  );
}
