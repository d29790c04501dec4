// The edge worker in workerd, measured as Cloudflare counts it: the CPU time of the
// isolate's thread while it answers one request. In: a built tree (its `_worker.js`
// and files); out: processes to send requests to, each request's answer, its CPU
// time and the files it read. Two workerd processes (the binary Miniflare runs):
// one runs `_worker.js` alone on its main thread, where the isolate runs; the other
// serves the tree's files as workerd's native `disk` service, the worker's
// `env.ASSETS` (reached over loopback HTTP, as an external service), behind a small
// worker of its own that logs each path read, so that nothing but the worker and
// the runtime's own HTTP handling runs on the measured thread. The CPU time is read
// from outside, `/proc/<pid>/task/<pid>/schedstat` (nanoseconds on CPU), once the
// thread sleeps before the request and again once it sleeps after the answer's last
// byte: an exact figure for that thread (the kernel settles the sum when a thread
// leaves the CPU), which counts the runtime's HTTP parsing and writing of the
// request and of the `env.ASSETS` reads besides the worker's JavaScript (an empty
// worker's answer costs about 1 ms on a first request): an upper bound of what
// Cloudflare bills. V8's own helper threads (a concurrent collector's marking, the
// compiler's) are not counted, as they are not the isolate's thread. Start-up: the
// same thread's CPU from the process's start until it is listening and idle (the
// runtime's own start, the module's compilation and evaluation, the work it
// queued). Heap: V8's used heap after a collection, asked over workerd's inspector
// in a process of its own, so that no inspector runs beside a measured request.
// Linux only (the /proc files); Node's loopback HTTP client.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const require = createRequire(import.meta.url);

/** The workerd binary Miniflare runs, and its version: `workerd` is Miniflare's own dependency, so it is resolved from there. */
export function workerdBinary(): { binary: string; version: string } {
  const workerd = createRequire(require.resolve('miniflare'))('workerd') as { default?: string; version: string };
  return { binary: workerd.default ?? String(workerd), version: workerd.version };
}

/** A compatibility date the deployed worker may run with (docs/edge.md: any from 2023 on). */
export const COMPATIBILITY_DATE = '2025-01-01';

/** The Host every request is sent with (the worker's origin, so the links of pages name it): the Node server is told to allow it. */
export const BENCH_HOST = 'edge.bench';

/** A free loopback port (the kernel's choice, released at once for workerd to bind). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether some socket listens on this loopback port (read from /proc/net/tcp, without connecting to it). */
function listening(port: number): boolean {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .some((line) => {
      const fields = line.trim().split(/\s+/);
      return fields[1]?.endsWith(hex) && fields[3] === '0A';
    });
}

/** Nanoseconds the thread has spent on a CPU, and whether it is running now. */
function threadState(pid: number): { ns: number; running: boolean } {
  const ns = Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  return { ns, running: stat.slice(stat.lastIndexOf(')') + 2)[0] === 'R' };
}

/** The thread's CPU once it has slept for a while: the same figure twice, `quietMs` apart, and not running. */
export async function settledCpu(pid: number, quietMs = 5, timeoutMs = 30_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  let last = threadState(pid);
  for (;;) {
    await sleep(quietMs);
    const now = threadState(pid);
    if (!now.running && !last.running && now.ns === last.ns) return now.ns;
    if (Date.now() > until) throw new Error(`workerd (pid ${pid}) did not go idle within ${timeoutMs} ms`);
    last = now;
  }
}

interface Started {
  child: ChildProcess;
  port: number;
  dir: string;
  stdout: string[];
  stderr: () => string;
}

/** Starts `workerd serve` on a config; resolves once its socket listens. */
async function startWorkerd(
  files: Record<string, string>,
  socketPort: number,
  extraArgs: string[] = [],
): Promise<Started> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lss-workerd-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const child = spawn(workerdBinary().binary, ['serve', path.join(dir, 'config.capnp'), ...extraArgs], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    const lines = (pending + text).split('\n');
    pending = lines.pop()!;
    stdout.push(...lines);
  });
  let errors = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    errors = (errors + text).slice(-4000);
  });
  const until = Date.now() + 60_000;
  while (!listening(socketPort)) {
    if (child.exitCode !== null || Date.now() > until) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`workerd did not start (exit ${child.exitCode}):\n${errors}`);
    }
    await sleep(5);
  }
  return { child, port: socketPort, dir, stdout, stderr: () => errors };
}

async function stopWorkerd(started: Started): Promise<void> {
  if (started.child.exitCode === null) {
    const exited = new Promise((resolve) => started.child.once('exit', resolve));
    started.child.kill('SIGTERM');
    await exited;
  }
  rmSync(started.dir, { recursive: true, force: true });
}

/** One answer as the client got it. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request over a connection of its own (`agent: false`), its body read whole. */
function request(port: number, target: string, host = BENCH_HOST): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.get(
      { host: '127.0.0.1', port, path: target, agent: false, headers: { Host: host } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
  });
}

/** The logging worker in front of the disk service: one line per read, `read <status> <path>`; a mark line for `/__mark__/N`. */
const ASSETS_LOGGER = `export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/__mark__/')) { console.log('mark ' + pathname.slice(10)); return new Response(null, { status: 204 }); }
    const response = await env.DISK.fetch(request);
    console.log('read ' + response.status + ' ' + pathname);
    return response;
  },
};
`;

/** A capnp text literal. */
const capnpText = (text: string): string => JSON.stringify(text);

/** The files of a tree served as workerd's disk service, every read logged: the worker's env.ASSETS. */
export interface AssetsHost {
  port: number;
  /** The paths read (from the tree's root, `2.3.0/…`) with their status, by the requests `during` was given. */
  during<T>(
    work: () => Promise<T>,
  ): Promise<{ result: T; reads: Array<{ path: string; status: number; bytes: number }> }>;
  stop(): Promise<void>;
}

export async function startAssets(tree: string): Promise<AssetsHost> {
  const port = await freePort();
  const root = path.resolve(tree);
  const config = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "logger", worker = (modules = [(name = "logger.js", esModule = embed "logger.js")], compatibilityDate = ${capnpText(COMPATIBILITY_DATE)}, bindings = [(name = "DISK", service = "disk")])),
    (name = "disk", disk = (path = ${capnpText(root)}, writable = false)),
  ],
  sockets = [(name = "http", address = ${capnpText(`127.0.0.1:${port}`)}, http = (), service = "logger")],
);
`;
  const started = await startWorkerd({ 'config.capnp': config, 'logger.js': ASSETS_LOGGER }, port);
  let marks = 0;
  const mark = async (): Promise<number> => {
    const n = ++marks;
    await request(port, `/__mark__/${n}`);
    const until = Date.now() + 10_000;
    while (!started.stdout.includes(`mark ${n}`)) {
      if (Date.now() > until) throw new Error('the assets host did not log its mark');
      await sleep(1);
    }
    return started.stdout.indexOf(`mark ${n}`);
  };
  return {
    port,
    during: async (work) => {
      const from = await mark();
      const result = await work();
      const to = await mark();
      const reads = started.stdout
        .slice(from + 1, to)
        .filter((line) => line.startsWith('read '))
        .map((line) => {
          const [, status, pathname] = line.split(' ');
          const file = decodeURIComponent(pathname).slice(1);
          let bytes = 0;
          try {
            bytes = statSync(path.join(root, file)).size;
          } catch {
            // not a file: no bytes
          }
          return { path: file, status: Number(status), bytes };
        });
      started.stdout.splice(0, to + 1);
      return { result, reads };
    },
    stop: () => stopWorkerd(started),
  };
}

/** One request measured: the answer, the isolate thread's CPU for it. */
export interface Measured extends Answer {
  cpuMs: number;
}

/** A workerd process running one worker module, env.ASSETS bound to an assets host. */
export interface WorkerProcess {
  pid: number;
  /** The thread's CPU from the process's start until it listened and went idle. */
  startupMs: number;
  /** One request, its thread CPU from before it is sent until the thread is idle after its answer. */
  measure(target: string): Promise<Measured>;
  /** V8's used heap after a full collection (only with `inspect`). */
  heapMb(): Promise<number>;
  /** The inspector's port (only with `inspect`). */
  inspectorPort?: number;
  stop(): Promise<void>;
}

export async function startWorker(
  workerCode: string,
  assetsPort: number,
  options: { inspect?: boolean } = {},
): Promise<WorkerProcess> {
  const port = await freePort();
  const inspector = options.inspect ? await freePort() : undefined;
  const config = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = (modules = [(name = "_worker.js", esModule = embed "_worker.js")], compatibilityDate = ${capnpText(COMPATIBILITY_DATE)}, bindings = [(name = "ASSETS", service = "assets")])),
    (name = "assets", external = (address = ${capnpText(`127.0.0.1:${assetsPort}`)}, http = ())),
  ],
  sockets = [(name = "http", address = ${capnpText(`127.0.0.1:${port}`)}, http = (), service = "main")],
);
`;
  const started = await startWorkerd(
    { 'config.capnp': config, '_worker.js': workerCode },
    port,
    inspector ? [`--inspector-addr=127.0.0.1:${inspector}`] : [],
  );
  const pid = started.child.pid!;
  const startupMs = (await settledCpu(pid)) / 1e6;
  return {
    pid,
    startupMs,
    inspectorPort: inspector,
    measure: async (target) => {
      const before = await settledCpu(pid, 2);
      const answer = await request(port, target);
      const after = await settledCpu(pid, 2);
      return { ...answer, cpuMs: (after - before) / 1e6 };
    },
    heapMb: async () => {
      if (inspector === undefined) throw new Error('heapMb needs a worker started with inspect');
      return inspectorHeapMb(inspector);
    },
    stop: () => stopWorkerd(started),
  };
}

/** What the heap figure needs of a WebSocket (the WHATWG one, or `ws`'s, which has the same handlers). */
interface InspectorSocket {
  onopen: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(text: string): void;
  close(): void;
}
type InspectorSocketClass = new (url: string) => InspectorSocket;

/** A session over workerd's inspector (the Chrome DevTools protocol): calls answered by id, and the socket closed. */
export interface InspectorSession {
  call(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** A message sent without waiting for its reply (workerd answers none to some, HeapProfiler.collectGarbage). */
  send(method: string, params?: Record<string, unknown>): void;
  close(): void;
}

export async function inspectorSession(port: number): Promise<InspectorSession> {
  const list = JSON.parse((await request(port, '/json/list', `127.0.0.1:${port}`)).body.toString('utf8')) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const url = list[0].webSocketDebuggerUrl.replace('localhost', '127.0.0.1');
  // Node 20 has no WebSocket of its own; `ws` is Miniflare's dependency, as workerd is (named by a variable: it has no types here).
  const wsPackage = 'ws';
  const SocketClass =
    (globalThis as { WebSocket?: InspectorSocketClass }).WebSocket ??
    ((await import(wsPackage)) as { default: InspectorSocketClass }).default;
  const socket = new SocketClass(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const waiting = new Map<number, (result: Record<string, unknown>) => void>();
  socket.onmessage = (event: { data: unknown }) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result ?? {});
  };
  return {
    call: (method, params = {}) =>
      new Promise<Record<string, unknown>>((resolve) => {
        waiting.set(++id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    send: (method, params = {}) => socket.send(JSON.stringify({ id: ++id, method, params })),
    close: () => socket.close(),
  };
}

/** V8's used heap over workerd's inspector: a full collection, then Runtime.getHeapUsage. */
async function inspectorHeapMb(port: number): Promise<number> {
  const session = await inspectorSession(port);
  // workerd answers no reply to the collection: it is sent, and the usage asked after it (messages are taken in order).
  session.send('HeapProfiler.collectGarbage');
  const usage = await session.call('Runtime.getHeapUsage');
  session.close();
  return Number(usage.usedSize) / 2 ** 20;
}

/** A worker that does nothing but answer `{}`: what the runtime itself costs a request, and its own start-up. */
export const EMPTY_WORKER = "export default { fetch() { return new Response('{}'); } };\n";
