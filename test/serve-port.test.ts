// `npm start -- --port N` (issue 39, item 8), in a copy of the project: the build
// is made for the address served, so static files and query answers link to port N;
// a busy port is refused in plain words before anything is built; `npm run serve`
// on a folder built for another address (PORT=M) says so. And the pure parts: the
// origin of a listening address, the warning.

import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtElsewhere } from '../scripts/lib/cli/serve-addresses.ts';
import { listenOrigin } from '../scripts/lib/query/listen-origin.ts';
import { removeDir } from './helpers/data.ts';
import { freePort, rawRequest, type Spawned } from './helpers/http.ts';
import { npmRun, projectCopy } from './helpers/project-copy.ts';
import { cleanEnv } from './helpers/run-cli.ts';
import { spawn } from 'node:child_process';

let dir: string;
const started: Spawned[] = [];

beforeAll(async () => {
  dir = await projectCopy();
});

afterAll(async () => {
  for (const s of started) await s.stop();
  if (dir) await removeDir(dir);
});

/** `npm <script> -- args` in the copy, until its output matches `ready`; stopped with its whole process group. */
function npmUntil(
  script: string[],
  ready: RegExp,
  env: Record<string, string> = {},
  timeoutMs = 240_000,
): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', script, {
      cwd: dir,
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let text = '';
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        process.kill(-child.pid!, 'SIGTERM');
      });
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`npm ${script.join(' ')} was not ready in ${timeoutMs} ms:\n${text}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = text.match(ready);
      if (match) {
        clearTimeout(timer);
        const spawned = { child, match, output: () => text, stop };
        started.push(spawned);
        resolve(spawned);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm ${script.join(' ')} exited with ${code}:\n${text}`));
    });
  });
}

const json = async (url: string) => JSON.parse((await rawRequest(url)).body.toString('utf8'));

describe('npm start -- --port N', () => {
  it("builds for port N and serves it: the files' and the queries' links name it", async () => {
    const port = await freePort();
    const server = await npmUntil(['start', '--', '--port', String(port)], /API: +(http:\/\/\S+\/2\.3\.0\/)/);
    const api = server.match[1];
    expect(api).toBe(`http://localhost:${port}/2.3.0/`);
    const file = await json(`http://127.0.0.1:${port}/2.3.0/launches/`);
    expect(file.results.length).toBeGreaterThan(0);
    for (const launch of file.results) expect(launch.url).toBe(`${api}launches/${launch.id}/`);
    const query = await json(`http://127.0.0.1:${port}/2.3.0/launches/?limit=1`);
    expect(query.next).toBe(`${api}launches/?limit=1&offset=1`);
    expect(query.results[0].url.startsWith(api)).toBe(true);
    expect(server.output()).not.toMatch(/warning/);
    await server.stop();

    // The same folder served on another port (PORT): links of the files cannot follow, and it says so.
    const other = await freePort();
    const served = await npmUntil(['run', 'serve'], /warning: .*\n/, { PORT: String(other) }, 60_000);
    expect(served.output()).toContain(`built for ${api}`);
    expect(served.output()).toContain(`BASE_URL=http://localhost:${other}/2.3.0/ npm run build`);
    expect((await json(`http://127.0.0.1:${other}/2.3.0/launches/?limit=1`)).next).toBe(
      `http://localhost:${other}/2.3.0/launches/?limit=1&offset=1`,
    );
    await served.stop();
  }, 300_000);

  it('refuses a port in use in plain words, before it builds anything', async () => {
    const blocker: Server = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    );
    try {
      const out = path.join(dir, 'elsewhere');
      const result = await npmRun(dir, 'start', ['--port', String(port), '--root', out], {}, 60_000);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
      expect(result.stderr).toContain('--port');
      expect(existsSync(out)).toBe(false);
      expect(result.stdout + result.stderr).not.toMatch(/built \d+ launches|publishing/);
    } finally {
      blocker.close();
    }
  }, 120_000);
});

describe('the address links name', () => {
  it('is localhost for loopback and wildcard binds, the host itself otherwise', () => {
    for (const host of ['127.0.0.1', '::1', '0.0.0.0', '::', 'localhost'])
      expect(listenOrigin(host, 8082), host).toBe('http://localhost:8082');
    expect(listenOrigin('192.0.2.7', 80)).toBe('http://192.0.2.7:80');
    expect(listenOrigin('2001:db8::1', 8080)).toBe('http://[2001:db8::1]:8080');
  });

  it('is warned about only when the folder was built for another', () => {
    expect(builtElsewhere(undefined, 'http://localhost:8082/2.3.0/')).toBeUndefined();
    expect(builtElsewhere('http://localhost:8082/2.3.0/', 'http://localhost:8082/2.3.0/')).toBeUndefined();
    expect(builtElsewhere('http://localhost:8080/2.3.0/', 'http://localhost:8082/2.3.0/')).toMatch(
      /built for http:\/\/localhost:8080\/2\.3\.0\/.*not http:\/\/localhost:8082\/2\.3\.0\//,
    );
  });
});
