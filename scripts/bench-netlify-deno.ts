// npx tsx scripts/bench-netlify-deno.ts --tree DIR [--function FILE] [--samples K] [--rounds R] [-- QUERY...]
//
// The Netlify Edge Function (the built `hosts/netlify-edge-function.js`, or another
// build of it, `--function`) in Deno,
// measured as the Cloudflare worker is in workerd (bench-workerd.ts): the CPU of the
// thread its isolate runs on, Deno's main thread, read from
// `/proc/<pid>/task/<pid>/schedstat` once it sleeps before a request and again once
// it sleeps after the answer. In: a built tree and the queries (the bench's mix,
// less what the function passes on to Netlify's static files); out: per query, a
// fresh Deno process's first request (median, least, most of the samples; the
// samples go round by round over the queries), warm figures (one process, the mix
// once, then rounds), the start-up's CPU (Deno's own start, the module's
// compilation and global scope), and a summary line against Netlify's 50 ms. The
// function reads the record packs and detail files with `fetch` from the site,
// here a Node server of the tree on loopback in this process (not measured); Deno
// runs that fetch's HTTP on the measured thread, so the figures count it, as they
// count the harness's reading of each answer: an upper bound of the function's
// own CPU. Linux only (the /proc files).

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { medianOf, mixFor, percentileOf, TARGET_BYTES } from './bench-edge-workerd.ts';
import { settledCpu } from './bench-workerd.ts';
import { runCli } from './lib/cli/cli.ts';
import { parseFlags, UsageError } from './lib/cli/options.ts';
import { NETLIFY_EDGE_FILE } from './lib/outputs/netlify-edge.ts';
import { fileAssets } from './lib/query/file-assets.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DENO = path.join(ROOT, 'node_modules/.bin/deno');

/** Netlify's documented CPU limit for an edge function's request. */
const NETLIFY_CPU_MS = 50;

/**
 * The harness Deno runs (`deno eval`): the function imported, then one request target a line from stdin, answered
 * with one line of JSON (status and body length, or null where the function passed the request on).
 */
const HARNESS = `
const [origin, modulePath] = Deno.args;
const edgeFunction = (await import(modulePath)).default;
const encoder = new TextEncoder();
const write = (line) => Deno.stdout.write(encoder.encode(line + '\\n'));
await write('ready');
const decoder = new TextDecoderStream();
let pending = '';
for await (const text of Deno.stdin.readable.pipeThrough(decoder)) {
  pending += text;
  let end;
  while ((end = pending.indexOf('\\n')) >= 0) {
    const target = pending.slice(0, end);
    pending = pending.slice(end + 1);
    const response = await edgeFunction(new Request(origin + target), {});
    const body = response === undefined ? null : new Uint8Array(await response.arrayBuffer());
    await write(JSON.stringify(response === undefined ? null : { status: response.status, bytes: body.length }));
  }
}
`;

interface DenoProcess {
  startupMs: number;
  measure(target: string): Promise<{ cpuMs: number; status: number; bytes: number } | null>;
  stop(): Promise<void>;
}

async function startDeno(functionFile: string, origin: string, port: number): Promise<DenoProcess> {
  const child = spawn(
    DENO,
    [
      'eval',
      '--no-prompt',
      `--allow-net=127.0.0.1:${port}`,
      `--allow-read=${functionFile}`,
      HARNESS,
      origin,
      new URL(`file://${functionFile}`).href,
    ],
    { env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (errors = (errors + text).slice(-4000)));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`deno exited:\n${errors}`);
    return line.value;
  };
  if ((await next()) !== 'ready') throw new Error(`deno did not start:\n${errors}`);
  const pid = child.pid!;
  // The thread measured must be Deno's own: through npm's JavaScript launcher (deno's install script not run), it
  // would be Node's, idle while its child works.
  const program = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  if (program !== 'deno')
    throw new Error(
      `${DENO} runs ${program}, not Deno itself: allow deno's install script (allowScripts in package.json)`,
    );
  const startupMs = (await settledCpu(pid)) / 1e6;
  return {
    startupMs,
    measure: async (target) => {
      const before = await settledCpu(pid, 2);
      child.stdin.write(`${target}\n`);
      const answer = JSON.parse(await next()) as { status: number; bytes: number } | null;
      const after = await settledCpu(pid, 2);
      return answer && { ...answer, cpuMs: (after - before) / 1e6 };
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

await runCli(async () => {
  const argv = process.argv.slice(2);
  const dashes = argv.indexOf('--');
  const { flags } = parseFlags(dashes < 0 ? argv : argv.slice(0, dashes));
  const tree = flags.get('tree');
  if (typeof tree !== 'string')
    throw new UsageError(
      'usage: bench-netlify-deno.ts --tree DIR [--function FILE] [--samples K] [--rounds R] [-- QUERY...]',
    );
  const root = path.resolve(tree);
  const samples = Number(flags.get('samples') ?? 5);
  const rounds = Number(flags.get('rounds') ?? 10);
  const chosen = flags.get('function');
  const functionFile = typeof chosen === 'string' ? path.resolve(chosen) : path.join(root, NETLIFY_EDGE_FILE);
  // The site as Netlify serves its files: a file at its exact path, or a 404.
  const assets = fileAssets(root);
  const server = createServer((request, response) => {
    void assets.fetch(`http://static.test${request.url}`).then(async (answer) => {
      response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  try {
    // The mix, less what the function passes on (Netlify serves those files itself), found in one process.
    const probe = await startDeno(functionFile, origin, port);
    const queries: string[] = [];
    try {
      for (const query of dashes < 0 ? mixFor(root) : argv.slice(dashes + 1))
        if (await probe.measure(query)) queries.push(query);
    } finally {
      await probe.stop();
    }
    const cold = queries.map(() => [] as number[]);
    const bytes = queries.map(() => 0);
    const startup: number[] = [];
    for (let round = 0; round < samples; round++) {
      process.stderr.write(`deno cold round ${round + 1}/${samples}\n`);
      for (const [q, query] of queries.entries()) {
        const deno = await startDeno(functionFile, origin, port);
        try {
          const measured = (await deno.measure(query))!;
          cold[q].push(measured.cpuMs);
          bytes[q] = measured.bytes;
          startup.push(deno.startupMs);
        } finally {
          await deno.stop();
        }
      }
    }
    const warm = queries.map(() => [] as number[]);
    const deno = await startDeno(functionFile, origin, port);
    try {
      for (const query of queries) await deno.measure(query);
      for (let round = 0; round < rounds; round++)
        for (const [q, query] of queries.entries()) warm[q].push((await deno.measure(query))!.cpuMs);
    } finally {
      await deno.stop();
    }
    const version = readFileSync(path.join(ROOT, 'node_modules/deno/package.json'), 'utf8').match(
      /"version":\s*"([^"]+)"/,
    )?.[1];
    const f = (x: number, width = 8) => x.toFixed(2).padStart(width);
    console.log(
      `\nNetlify edge function in Deno ${version} (${path.basename(functionFile)}; CPU ms of Deno's main thread per request, /proc schedstat)`,
    );
    console.log(
      `cold: a fresh process's first request, ${samples} samples (median, least, most); warm: ${rounds} rounds`,
    );
    console.log('cold_med  cold_min  cold_max  warm_p50  warm_p99  answer_kb  query');
    for (const [q, query] of queries.entries()) {
      const over = bytes[q] > TARGET_BYTES ? ' (over 1 MB)' : '';
      console.log(
        `${f(medianOf(cold[q]))}  ${f(Math.min(...cold[q]))}  ${f(Math.max(...cold[q]))}  ${f(percentileOf(warm[q], 50))}  ${f(percentileOf(warm[q], 99))}  ${(bytes[q] / 1024).toFixed(0).padStart(9)}  ${query}${over}`,
      );
    }
    const medians = cold.map(medianOf);
    const targeted = medians.filter((_, q) => bytes[q] <= TARGET_BYTES);
    const status = JSON.parse(readFileSync(path.join(root, '2.3.0/status.json'), 'utf8')) as { launch_count?: number };
    console.log(
      `netlify: harness=deno launches=${status.launch_count ?? 0} cold_p50_cpu_ms=${medianOf(targeted).toFixed(2)} cold_max_cpu_ms=${Math.max(...targeted).toFixed(2)}` +
        ` cold_within_${NETLIFY_CPU_MS}ms=${targeted.filter((ms) => ms <= NETLIFY_CPU_MS).length}/${targeted.length}` +
        ` all_within_${NETLIFY_CPU_MS}ms=${medians.filter((ms) => ms <= NETLIFY_CPU_MS).length}/${medians.length}` +
        ` warm_p50_cpu_ms=${percentileOf(warm.flat(), 50).toFixed(2)} warm_p99_cpu_ms=${percentileOf(warm.flat(), 99).toFixed(2)} startup_cpu_ms=${medianOf(startup).toFixed(1)}`,
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return 0;
});
