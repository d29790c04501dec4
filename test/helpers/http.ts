// HTTP helpers for tests: raw responses (fetch would undo Content-Encoding), free
// ports, and child processes that print their address when ready.

import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET (or other method) whose body comes back exactly as sent, still compressed if it was. */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A TCP port that was free a moment ago on 127.0.0.1 (the one `npm start -- --port 0` uses). */
export { freePort } from '../../scripts/lib/cli/free-port.ts';

export interface Spawned {
  child: ChildProcess;
  /** The first stdout match of the pattern given to `spawnUntil`. */
  match: RegExpMatchArray;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts a process and resolves once its output matches `ready`; rejects if it exits first or takes too long. */
export function spawnUntil(
  command: string,
  args: string[],
  ready: RegExp,
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${command} did not become ready within ${options.timeoutMs ?? 15_000} ms:\n${text}`));
    }, options.timeoutMs ?? 15_000);
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = text.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match, output: () => text, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before it was ready:\n${text}`));
    });
  });
}

/** Runs a process to its end. */
export function run(command: string, args: string[], cwd?: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Whether a command can be run (e.g. nginx, tar). */
export async function hasCommand(command: string, versionArgs: string[] = ['--version']): Promise<boolean> {
  try {
    await run(command, versionArgs);
    return true;
  } catch {
    return false;
  }
}

export interface RawExchange {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** The whole answer as received. */
  text: string;
}

/**
 * Sends bytes on a raw socket (requests no client library would send: absolute-form
 * targets, no Host, CONNECT, headers that never end) and reads the answer until the
 * server closes the connection (a request left unfinished waits for the server to give up).
 */
export function rawExchange(port: number, bytes: string | Buffer, timeoutMs = 10_000): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      const head = at < 0 ? text : text.slice(0, at);
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: at < 0 ? '' : text.slice(at + 4), text });
    });
  });
}
