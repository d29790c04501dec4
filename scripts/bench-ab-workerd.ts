// tsx scripts/bench-ab-workerd.ts --tree DIR [--samples K] [--out FILE] WORKER... [-- QUERY...]
//
// Workers compared on one tree in workerd, as the bench measures a first request:
// for each sample round, each query, each worker in turn, a fresh workerd process
// and its first request (bench-workerd.ts), so that the workers alternate and a
// burst of load on a shared machine lands on all of them. In: a built tree, the
// workers' files (`current` stands for the tree's held index files with the
// bundle of the sources as they are now, written to `--out`, so that a change of
// the worker's code is measured against the tree's own `_worker.js` without a
// rebuild) and the queries (the bench's mix by default). Out: per query, each
// worker's median / least / most CPU ms, and whether their answers are the same bytes;
// first, each worker's start-up CPU over all its processes.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from './lib/cli/cli.ts';
import { parseFlags, UsageError } from './lib/cli/options.ts';
import { workerBundle } from './lib/outputs/edge-worker.ts';
import { medianOf, mixFor } from './bench-edge-workerd.ts';
import { startAssets, startWorker } from './bench-workerd.ts';

/** A built worker's held index files (its declaration, after the banner line) with the bundle of the current sources. */
export function currentOver(built: string): string {
  const lines = built.split('\n');
  const end = lines.indexOf('];');
  if (!lines[1]?.startsWith('const HELD_QUERY_INDEX = [') || end < 0) throw new UsageError('not a built _worker.js');
  const bundle = workerBundle();
  const banner = bundle.indexOf('\n') + 1;
  return `${bundle.slice(0, banner)}${lines.slice(1, end + 1).join('\n')}\n${bundle.slice(banner)}`;
}

// Run as a command only: bench.ts imports currentOver.
if (import.meta.main) {
  await runCli(async () => {
    const argv = process.argv.slice(2);
    const dashes = argv.indexOf('--');
    const { flags, positional } = parseFlags(dashes < 0 ? argv : argv.slice(0, dashes));
    const tree = flags.get('tree');
    if (typeof tree !== 'string' || positional.length === 0)
      throw new UsageError('usage: bench-ab-workerd.ts --tree DIR [--samples K] [--out FILE] WORKER... [-- QUERY...]');
    const samples = Number(flags.get('samples') ?? 5);
    const queries = dashes < 0 ? mixFor(tree) : argv.slice(dashes + 1);
    const codes = positional.map((file) => {
      if (file !== 'current') return readFileSync(file, 'utf8');
      const code = currentOver(readFileSync(path.join(tree, '_worker.js'), 'utf8'));
      const out = flags.get('out');
      if (typeof out === 'string') writeFileSync(out, code);
      return code;
    });
    const assets = await startAssets(tree);
    const figures = queries.map(() => codes.map(() => [] as number[]));
    const startups = codes.map(() => [] as number[]);
    const bodies: Buffer[][] = queries.map(() => codes.map(() => Buffer.alloc(0)));
    try {
      for (let round = 0; round < samples; round++) {
        for (const [q, query] of queries.entries()) {
          for (const [v, code] of codes.entries()) {
            const worker = await startWorker(code, assets.port);
            try {
              startups[v].push(worker.startupMs);
              const measured = await worker.measure(query);
              figures[q][v].push(measured.cpuMs);
              bodies[q][v] = measured.body;
            } finally {
              await worker.stop();
            }
          }
        }
        process.stderr.write(`round ${round + 1}/${samples}\n`);
      }
    } finally {
      await assets.stop();
    }
    const cell = (xs: number[]) =>
      `${medianOf(xs).toFixed(2).padStart(7)} /${Math.min(...xs)
        .toFixed(2)
        .padStart(6)} /${Math.max(...xs)
        .toFixed(2)
        .padStart(6)}`;
    console.log(`workers: ${positional.join(' | ')}   (median / least / most CPU ms, ${samples} fresh processes each)`);
    console.log(`${startups.map(cell).join('   ')}  start-up (every process)`);
    for (const [q, query] of queries.entries()) {
      const same = bodies[q].every((body) => body.equals(bodies[q][0])) ? '' : '  ANSWERS DIFFER';
      console.log(
        `${figures[q].map(cell).join('   ')}  ${(bodies[q][0].length / 1024).toFixed(0).padStart(5)} kB  ${query}${same}`,
      );
    }
    return 0;
  });
}
