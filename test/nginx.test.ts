// The generated nginx snippet (hosts/nginx.conf), tried with the real nginx when it
// is installed (Debian: apt-get install nginx); skipped otherwise.

import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../scripts/lib/pipeline.ts';
import { copyFixture, removeDir, tempDir } from './helpers/data.ts';
import { freePort, hasCommand, rawRequest, run, type Spawned } from './helpers/http.ts';
import { NOW } from './helpers/publish.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? 'nginx';
const available = await hasCommand(NGINX, ['-v']);
const MIME_TYPES = ['/etc/nginx/mime.types', '/usr/local/etc/nginx/mime.types'].find((p) => existsSync(p));

/** A whole nginx configuration around the snippet: the bare server block, or one like Debian's default site. */
function config(dir: string, root: string, port: number, style: 'bare' | 'debian-default'): string {
  const server =
    style === 'bare'
      ? `root ${root};\n    include ${root}/hosts/nginx.conf;`
      : `root ${root};\n    index index.html index.htm index.nginx-debian.html;\n    include ${root}/hosts/nginx.conf;\n    location / { try_files $uri $uri/ =404; }`;
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  include ${MIME_TYPES};
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    ${server}
  }
}
`;
}

describe.skipIf(!available || !MIME_TYPES).each(['bare', 'debian-default'] as const)(
  'nginx with hosts/nginx.conf (%s server block)',
  (style) => {
    let dataDir: string;
    let work: string;
    let root: string;
    let nginx: Spawned | undefined;
    let base: string;

    beforeAll(async () => {
      dataDir = await copyFixture();
      work = await tempDir('lss-nginx-');
      root = path.join(work, 'public');
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      await buildSite(dataDir, root, { now: NOW, baseUrl: `${base}/2.3.0/` });
      await mkdir(path.join(work, 'run'));
      const conf = path.join(work, 'run', 'nginx.conf');
      await writeFile(conf, config(path.join(work, 'run'), root, port, style));
      const test = await run(NGINX, ['-t', '-c', conf, '-p', path.join(work, 'run')]);
      expect(test.code, test.output).toBe(0);
      // nginx prints nothing once it is up: wait for the port to answer.
      nginx = await startQuietly(conf, path.join(work, 'run'));
      for (
        let i = 0;
        i < 100 &&
        !(await rawRequest(`${base}/2.3.0/`).then(
          () => true,
          () => false,
        ));
        i++
      ) {
        if (nginx.child.exitCode !== null) throw new Error(`nginx exited: ${nginx.output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    });

    afterAll(async () => {
      await nginx?.stop();
      await removeDir(dataDir);
      await removeDir(work);
    });

    it.each(['launches/upcoming/', 'launches/previous/', 'launches/', 'events/upcoming/'])(
      'GET /2.3.0/%s answers 200 JSON in UTF-8 with CORS and nosniff',
      async (p) => {
        const res = await rawRequest(`${base}/2.3.0/${p}`);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
        expect(Object.keys(JSON.parse(res.body.toString('utf8')))).toEqual(['count', 'next', 'previous', 'results']);
      },
    );

    it('sends the precompressed .gz twin to clients that accept gzip (gzip_static)', async () => {
      const plain = await rawRequest(`${base}/2.3.0/launches/upcoming/`);
      const res = await rawRequest(`${base}/2.3.0/launches/upcoming/`, { 'Accept-Encoding': 'gzip' });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(gunzipSync(res.body).equals(plain.body)).toBe(true);
    });

    it("answers unknown paths with LL2's JSON 404", async () => {
      for (const p of [
        '/2.3.0/launches/00000000-0000-4000-8000-ffffffffffff/',
        '/2.3.0/nothing-here',
        '/2.3.0/schemas/data/',
      ]) {
        const res = await rawRequest(`${base}${p}`);
        expect(res.status, p).toBe(404);
        expect(res.headers['content-type'], p).toBe('application/json; charset=utf-8');
        expect(JSON.parse(res.body.toString('utf8')), p).toEqual({ detail: 'Not found.' });
      }
    });

    it('answers the detail routes under a collection for its members only, with their own detail file', async () => {
      const ids = async (p: string) =>
        (
          JSON.parse((await rawRequest(`${base}/2.3.0/${p}`)).body.toString('utf8')) as {
            results: Array<{ id: string }>;
          }
        ).results.map((r) => r.id);
      const [upcoming, previous] = [await ids('launches/upcoming/'), await ids('launches/previous/')];
      const future = upcoming.find((id) => !previous.includes(id))!;
      const past = previous.find((id) => !upcoming.includes(id))!;
      for (const [collection, member, other] of [
        ['upcoming', future, past],
        ['previous', past, future],
      ]) {
        const own = await rawRequest(`${base}/2.3.0/launches/${member}/`);
        const res = await rawRequest(`${base}/2.3.0/launches/${collection}/${member}/`);
        expect(res.status, collection).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.body.equals(own.body), collection).toBe(true);
        const outside = await rawRequest(`${base}/2.3.0/launches/${collection}/${other}/`);
        expect(outside.status, collection).toBe(404);
        expect(JSON.parse(outside.body.toString('utf8'))).toEqual({ detail: 'Not found.' });
      }
    });

    it('ignores query strings and reaches /x without its slash', async () => {
      const plain = await rawRequest(`${base}/2.3.0/launches/`);
      expect((await rawRequest(`${base}/2.3.0/launches/?limit=10&mode=list`)).body.equals(plain.body)).toBe(true);
      const bare = await rawRequest(`${base}/2.3.0/launches`);
      if (bare.status === 301) expect(bare.headers.location).toBe('/2.3.0/launches/');
      else expect(bare.body.equals(plain.body)).toBe(true);
    });

    it('answers a CORS preflight', async () => {
      const res = await rawRequest(
        `${base}/2.3.0/launches/`,
        { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
        'OPTIONS',
      );
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    });
  },
);

/** nginx in the foreground, stopped with SIGTERM (it prints nothing once it is up). */
async function startQuietly(conf: string, prefix: string): Promise<Spawned> {
  const { spawn } = await import('node:child_process');
  const child = spawn(NGINX, ['-c', conf, '-p', prefix], { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.on('data', (c: Buffer) => (text += c));
  child.stderr.on('data', (c: Buffer) => (text += c));
  return {
    child,
    match: [] as unknown as RegExpMatchArray,
    output: () => text,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
