// npx tsx scripts/bench-profile-workerd.ts --tree DIR [--worker FILE] [--interval US] [--top N] [--runs K] QUERY
//
// Where a fresh isolate's first request goes, in workerd: the built `_worker.js`
// (or another worker's code, `--worker`) started with workerd's inspector, V8's
// sampling profiler started over it just before the request and stopped after
// its answer (bench-workerd.ts runs both). In: a built tree and one query; out:
// the request's thread CPU (schedstat, as the bench counts it, here with the
// profiler's own cost in it), then the functions with the most self time and the
// most total time (the time of the samples in them and in what they called), in
// ms. The profiler's figures are V8's samples of JavaScript and of the runtime
// code JavaScript called; the runtime's HTTP handling outside JavaScript shows as
// `(program)`. `--runs K` profiles K fresh processes and sums their samples: on a
// loaded machine a sample's time is wall-clock, and a thread descheduled in one
// function charges it all; over several runs those land at random, so the shares
// come nearer the CPU's.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFlags, UsageError } from './lib/cli/options.ts';
import { runCli } from './lib/cli/cli.ts';
import { inspectorSession, startAssets, startWorker } from './bench-workerd.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self and total time (µs) by function, from a V8 CPU profile. */
export function profileTimes(profile: Profile): { self: Map<string, number>; total: Map<string, number>; all: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || '(anonymous)'}${url ? ` ${url.split('/').pop()}:${lineNumber + 1}` : ''}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((sample, i) => {
    // A sample's time is the delta to the next one.
    const dt = profile.timeDeltas[i + 1] ?? 0;
    all += dt;
    const node = byId.get(sample);
    if (!node) return;
    self.set(name(node), (self.get(name(node)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = node.id; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at)!);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + dt);
    }
  });
  return { self, total, all };
}

await runCli(async () => {
  const { flags, positional } = parseFlags(process.argv.slice(2));
  const tree = flags.get('tree');
  const query = positional[0];
  if (typeof tree !== 'string' || !query)
    throw new UsageError(
      'usage: bench-profile-workerd.ts --tree DIR [--worker FILE] [--interval US] [--top N] [--runs K] QUERY',
    );
  const worker = flags.get('worker');
  const code = readFileSync(typeof worker === 'string' ? worker : path.join(tree, '_worker.js'), 'utf8');
  const interval = Number(flags.get('interval') ?? 50);
  const top = Number(flags.get('top') ?? 25);
  const runs = Number(flags.get('runs') ?? 1);
  const assets = await startAssets(tree);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const heads: string[] = [];
  const add = (into: Map<string, number>, from: Map<string, number>) => {
    for (const [key, us] of from) into.set(key, (into.get(key) ?? 0) + us);
  };
  try {
    for (let run = 0; run < runs; run++) {
      const process_ = await startWorker(code, assets.port, { inspect: true });
      try {
        const session = await inspectorSession(process_.inspectorPort!);
        await session.call('Profiler.enable');
        await session.call('Profiler.setSamplingInterval', { interval });
        await session.call('Profiler.start');
        const measured = await process_.measure(query);
        const { profile } = (await session.call('Profiler.stop')) as { profile: Profile };
        session.close();
        const times = profileTimes(profile);
        add(self, times.self);
        add(total, times.total);
        heads.push(
          `${query}: status ${measured.status}, ${measured.body.length} bytes, thread CPU ${measured.cpuMs.toFixed(2)} ms (profiler on), profiled ${(times.all / 1000).toFixed(2)} ms`,
        );
      } finally {
        await process_.stop();
      }
    }
  } finally {
    await assets.stop();
  }
  // Per run, the mean of the runs' times.
  const ms = (us: number) => (us / 1000 / runs).toFixed(2).padStart(7);
  const lines = [
    ...heads,
    `self ms  function${runs > 1 ? ` (mean of ${runs} runs)` : ''}`,
    ...[...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, us]) => `${ms(us)}  ${key}`),
    'total ms  function',
    ...[...total]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, us]) => `${ms(us)}  ${key}`),
  ];
  console.log(lines.join('\n'));
  return 0;
});
