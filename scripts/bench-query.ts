// The query phase of `npm run bench`: the Node server (scripts/serve.ts, as `npm
// run serve` starts it) over a built tree, loaded with autocannon on loopback by
// typical LL2 queries (provider, rocket, location, status, date range, search,
// ordering, later offsets, a detailed page, events), then by the static
// `launches/upcoming/` page in the same run for comparison. Latency is measured
// with one connection (each request's own time, no queueing behind others);
// requests per second with ten. Reports those, the index's size and the server's
// resident memory before the load and at its peak.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isQueryIndexFile, type QueryIndex } from './lib/query/index-format.ts';
import { readIndex } from './lib/query/whole-index.ts';

interface Histogram {
  p50: number;
  p99: number;
  average: number;
}
interface AutocannonResult {
  latency: Histogram;
  requests: Histogram & { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type AutocannonRequest = {
  method: 'GET';
  path: string;
  setupRequest?: (request: { path: string }) => { path: string };
};
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: Record<string, unknown>,
) => Promise<AutocannonResult>;

export interface QueryBenchResult {
  /** One connection: latency. */
  queryLatency: AutocannonResult;
  staticLatency: AutocannonResult;
  /** Ten connections: throughput. */
  queryLoad: AutocannonResult;
  staticLoad: AutocannonResult;
  indexBytes: number;
  /** Resident memory once started and serving static files, after the loads, and its peak. */
  startRssMb: number;
  endRssMb: number;
  rssMb: number;
  queries: string[];
}

/** The most frequent value of a column. */
function mostFrequent(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
}

/** Typical queries, with values taken from the index so that they match records of the data set. */
function typicalQueries(index: QueryIndex, launches: number): AutocannonRequest[] {
  const l = index.resources.launches;
  const provider = mostFrequent(l.launch_service_provider);
  const configuration = mostFrequent(l.configuration);
  const locationOf = new Map(index.reference.pads.map(([id, , location]) => [id, location]));
  const location = mostFrequent(l.pad.map((pad) => locationOf.get(pad)!));
  const word = index.reference.configurations.find(([id]) => id === configuration)![1].split(/\s+/)[0];
  const eventType = index.resources.events.type.length ? mostFrequent(index.resources.events.type) : 1;
  const fixed = [
    `/2.3.0/launches/upcoming/?lsp__id=${provider}`,
    `/2.3.0/launches/?rocket__configuration__id=${configuration}&limit=20`,
    `/2.3.0/launches/previous/?location__ids=${location}&mode=list`,
    '/2.3.0/launches/upcoming/?status__ids=1,2,8',
    '/2.3.0/launches/?net__gte=2025-01-01T00:00:00Z&net__lt=2026-01-01T00:00:00Z',
    `/2.3.0/launches/?search=${encodeURIComponent(word)}`,
    '/2.3.0/launches/previous/?ordering=-last_updated&limit=20',
    '/2.3.0/launches/upcoming/?mode=detailed&limit=10',
    '/2.3.0/events/upcoming/?limit=10',
    `/2.3.0/events/?type__ids=${eventType}&ordering=-date`,
    '/2.3.0/agencies/?search=space&mode=list',
    `/2.3.0/pads/?location__id=${location}&ordering=-total_launch_count`,
  ].map((p): AutocannonRequest => ({ method: 'GET', path: p }));
  // Offsets all over the collection, so that records are read from their files, not only from the cache.
  const later: AutocannonRequest = {
    method: 'GET',
    path: '/2.3.0/launches/?offset=0',
    setupRequest: (request) => ({
      ...request,
      path: `/2.3.0/launches/?offset=${Math.floor(Math.random() * Math.max(1, launches - 10))}`,
    }),
  };
  return [...fixed, later];
}

/** Starts `scripts/serve.ts` over `root`; resolves with its address and process. */
function startServer(root: string, projectRoot: string): Promise<{ url: string; pid: number; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', '--port', '0', '--root', root], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /API: +(http:\/\/\S+?)\/2\.3\.0\//.exec(output);
      if (match) resolve({ url: match[1], pid: child.pid!, stop: () => child.kill('SIGTERM') });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
}

/** Resident memory of a process now (VmRSS) or at its peak (VmHWM), from /proc (Linux). */
function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

export async function benchQueries(
  outDir: string,
  projectRoot: string,
  { launches, seconds }: { launches: number; seconds: number },
): Promise<QueryBenchResult> {
  const files: string[] = [];
  const index = (await readIndex(async (file) => {
    files.push(file);
    return readFile(path.join(outDir, file), 'utf8');
  })) as QueryIndex;
  const indexBytes = (
    await Promise.all(files.filter(isQueryIndexFile).map(async (file) => (await stat(path.join(outDir, file))).size))
  ).reduce((a, b) => a + b, 0);
  const requests = typicalQueries(index, launches);
  const server = await startServer(outDir, projectRoot);
  const staticPage = [{ method: 'GET', path: '/2.3.0/launches/upcoming/' }];
  try {
    const run = (reqs: unknown[], connections: number, duration: number) =>
      autocannon({ url: server.url, connections, duration, timeout: 20, requests: reqs });
    await run(staticPage, 1, 1);
    const startRssMb = rssMb(server.pid, 'VmRSS');
    // Warm-up: the first query loads the index; the first requests warm the JIT.
    await run(requests, 10, 2);
    const queryLatency = await run(requests, 1, seconds);
    const staticLatency = await run(staticPage, 1, seconds);
    const queryLoad = await run(requests, 10, seconds);
    const staticLoad = await run(staticPage, 10, seconds);
    // A moment idle, so that the garbage of the loads can be collected.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return {
      queryLatency,
      staticLatency,
      queryLoad,
      staticLoad,
      indexBytes,
      startRssMb,
      endRssMb: rssMb(server.pid, 'VmRSS'),
      rssMb: rssMb(server.pid, 'VmHWM'),
      queries: requests.map((r) => r.path),
    };
  } finally {
    server.stop();
  }
}

/** The summary line: `query: launches=N p50_ms=… p99_ms=… rps=… static_rps=… ratio=… index_mb=… rss_mb=…`. */
export function queryLine(launches: number, r: QueryBenchResult): string {
  return (
    `query: launches=${launches} p50_ms=${r.queryLatency.latency.p50.toFixed(2)} p99_ms=${r.queryLatency.latency.p99.toFixed(2)} rps=${r.queryLoad.requests.average.toFixed(0)} ` +
    `static_rps=${r.staticLoad.requests.average.toFixed(0)} ratio=${(r.queryLoad.requests.average / r.staticLoad.requests.average).toFixed(2)} ` +
    `index_mb=${(r.indexBytes / 1e6).toFixed(2)} rss_mb=${r.rssMb.toFixed(0)}`
  );
}

/** The phase's table, for people. */
export function queryTable(r: QueryBenchResult): string {
  const row = (name: string, x: AutocannonResult) =>
    `${name.padEnd(28)} ${x.latency.p50.toFixed(2).padStart(7)} ${x.latency.p99.toFixed(2).padStart(7)} ${x.requests.average.toFixed(0).padStart(8)} ${String(x.requests.total).padStart(9)} ${String(x.non2xx + x.errors + x.timeouts).padStart(7)}`;
  return [
    '\nqueries (autocannon on loopback) over:',
    ...r.queries.map((q) => `  ${q}`),
    'load                          p50_ms  p99_ms    req/s  requests  failed',
    row('queries, 1 connection', r.queryLatency),
    row('static upcoming, 1 conn.', r.staticLatency),
    row('queries, 10 connections', r.queryLoad),
    row('static upcoming, 10 conn.', r.staticLoad),
    `query index (head and parts): ${(r.indexBytes / 1e6).toFixed(2)} MB; server RSS ${r.startRssMb.toFixed(0)} MB serving static files, ${r.endRssMb.toFixed(0)} MB after the loads, ${r.rssMb.toFixed(0)} MB at its peak`,
  ].join('\n');
}
