import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import type { DataSet } from '../scripts/lib/model/records.ts';
import {
  ARCHIVE_FILE,
  DUMP_FILE,
  MANIFEST_FILE,
  SNAPSHOT_NAME,
  SUMS_FILE,
  createSnapshot,
  snapshotOutputs,
  type Snapshot,
} from '../scripts/lib/publish/snapshot.ts';
import { readSnapshotKit } from '../scripts/lib/publish/snapshot-kit.ts';
import { siteFiles } from '../scripts/lib/pipeline.ts';
import { formatTimestamp } from '../scripts/lib/model/time.ts';
import { removeDir, tempDir } from './helpers/data.ts';
import { scriptCommand } from './helpers/run-cli.ts';
import { hasCommand, run, spawnUntil, type Spawned } from './helpers/http.ts';
import { NOW, checkedData, pagedDataDir } from './helpers/publish.ts';
import { readTree } from './helpers/tree.ts';
import { createApiServer, listen } from '../scripts/lib/query/node-server.ts';
import { untar } from './helpers/untar.ts';

const BASE = 'https://launches.example.org/lss/2.3.0/';
const ROOT = fileURLToPath(new URL('../', import.meta.url));
let dataDir: string;
let data: DataSet;
let snapshot: Snapshot;
let work: string;

beforeAll(async () => {
  dataDir = await pagedDataDir();
  data = await checkedData(dataDir);
  snapshot = await createSnapshot(
    data,
    { now: NOW, baseUrl: BASE },
    siteFiles(data, { now: NOW, baseUrl: BASE }),
    await readSnapshotKit(),
  );
  work = await tempDir('lss-snapshot-');
});
afterAll(async () => {
  await removeDir(dataDir);
  await removeDir(work);
});

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

describe('the snapshot', () => {
  it('holds the whole published tree (without compressed twins), the dump, the kit, the manifest and SHA256SUMS', () => {
    const paths = snapshot.files.map((f) => f.path);
    const site = siteFiles(data, { now: NOW, baseUrl: BASE });
    expect(paths).toEqual(expect.arrayContaining(site.map((f) => f.path)));
    expect(paths).toEqual(
      expect.arrayContaining([
        DUMP_FILE,
        MANIFEST_FILE,
        SUMS_FILE,
        'serve.mjs',
        'README.txt',
        '2.3.0/launches/upcoming/index.json',
        '_redirects',
        '404.json',
      ]),
    );
    expect(paths.filter((p) => p.endsWith('.gz') || p.endsWith('.br'))).toEqual([]);
    const byPath = new Map(snapshot.files.map((f) => [f.path, f.content]));
    for (const file of site)
      expect(Buffer.from(byPath.get(file.path)!).equals(Buffer.from(file.content)), file.path).toBe(true);
  });

  it('has a manifest with the clock, the base URL, the counts and the sha256 of every other file', () => {
    const { manifest } = snapshot;
    const clock = formatTimestamp(NOW);
    expect(manifest).toMatchObject({
      name: SNAPSHOT_NAME,
      api_version: '2.3.0',
      generated_at: clock,
      build_clock: clock,
      base_url: BASE,
    });
    const context = createContext(data, { now: NOW, baseUrl: BASE });
    expect(manifest.counts).toEqual({
      launches: data.launches.length,
      events: data.events.length,
      upcoming_launches: context.collections.upcomingLaunches.length,
      previous_launches: context.collections.previousLaunches.length,
      upcoming_events: context.collections.upcomingEvents.length,
      previous_events: context.collections.previousEvents.length,
      files: snapshot.files.length - 2,
    });
    const listed = Object.keys(manifest.files);
    expect(listed).toEqual(snapshot.files.map((f) => f.path).filter((p) => p !== MANIFEST_FILE && p !== SUMS_FILE));
    for (const file of snapshot.files) {
      if (!manifest.files[file.path]) continue;
      expect(manifest.files[file.path]).toEqual({
        bytes: Buffer.byteLength(file.content),
        sha256: sha256(Buffer.from(file.content)),
      });
    }
    expect(JSON.parse(snapshot.manifestText)).toEqual(manifest);
  });

  it('dumps every launch and event in LL2 detailed mode, launches by NET', () => {
    const dump = JSON.parse(String(snapshot.files.find((f) => f.path === DUMP_FILE)!.content));
    expect(dump).toMatchObject({
      api_version: '2.3.0',
      build_clock: formatTimestamp(NOW),
      base_url: BASE,
      launch_count: data.launches.length,
      event_count: data.events.length,
    });
    expect(dump.launches).toHaveLength(data.launches.length);
    expect(dump.events).toHaveLength(data.events.length);
    expect(dump.launches.every((l: { response_mode: string }) => l.response_mode === 'detailed')).toBe(true);
    expect(dump.events.every((e: { response_mode: string }) => e.response_mode === 'detailed')).toBe(true);
    const nets = dump.launches.map((l: { net: string }) => Date.parse(l.net));
    expect([...nets].sort((a, b) => a - b)).toEqual(nets);
    const detail = JSON.parse(
      String(snapshot.files.find((f) => f.path === `2.3.0/launches/${dump.launches[5].id}/index.json`)!.content),
    );
    expect(dump.launches[5]).toEqual(detail);
  });

  it('lists SHA256SUMS for sha256sum -c, the manifest included', () => {
    const sums = String(snapshot.files.find((f) => f.path === SUMS_FILE)!.content)
      .trim()
      .split('\n');
    expect(sums).toHaveLength(snapshot.files.length - 1);
    const byPath = new Map(snapshot.files.map((f) => [f.path, f.content]));
    for (const line of sums) {
      const [hash, file] = line.split('  ');
      expect(hash, file).toBe(sha256(Buffer.from(byPath.get(file)!)));
    }
  });

  it('is one .tar.gz with everything under one top folder, byte-identical for the same data, clock and base URL', async () => {
    const entries = untar(snapshot.archive).filter((e) => e.type === '0');
    expect(entries.map((e) => e.path)).toEqual(snapshot.files.map((f) => `${SNAPSHOT_NAME}/${f.path}`));
    const again = await createSnapshot(
      data,
      { now: NOW, baseUrl: BASE },
      siteFiles(data, { now: NOW, baseUrl: BASE }),
      await readSnapshotKit(),
    );
    expect(again.archive.equals(snapshot.archive)).toBe(true);
    const later = await createSnapshot(
      data,
      { now: NOW + 3_600_000, baseUrl: BASE },
      siteFiles(data, { now: NOW + 3_600_000, baseUrl: BASE }),
      await readSnapshotKit(),
    );
    expect(later.archive.equals(snapshot.archive)).toBe(false);
    expect(later.manifest.build_clock).toBe(formatTimestamp(NOW + 3_600_000));
  });

  it('is published with its checksum and its manifest beside it', () => {
    const outputs = snapshotOutputs(snapshot);
    expect(outputs.map((o) => o.path)).toEqual([ARCHIVE_FILE, `${ARCHIVE_FILE}.sha256`, MANIFEST_FILE]);
    expect(String(outputs[1].content)).toBe(`${sha256(snapshot.archive)}  ${ARCHIVE_FILE}\n`);
    expect(outputs[2].content).toBe(snapshot.manifestText);
  });
});

describe.skipIf(!(await hasCommand('tar')))(
  'a downloaded snapshot, unpacked into an empty folder and served with node serve.mjs',
  () => {
    let folder: string;
    let server: Spawned;
    let local: string;

    beforeAll(async () => {
      const download = path.join(work, 'download');
      await mkdir(download);
      await writeFile(path.join(download, ARCHIVE_FILE), snapshot.archive);
      const unpacked = await run('tar', ['-xzf', ARCHIVE_FILE], download);
      expect(unpacked.code, unpacked.output).toBe(0);
      folder = path.join(download, SNAPSHOT_NAME);
      server = await spawnUntil(
        process.execPath,
        ['serve.mjs', '--port', '0'],
        /serving the snapshot at (http:\/\/\S+\/2\.3\.0\/)/,
        { cwd: folder },
      );
      local = server.match[1];
    });
    afterAll(async () => server?.stop());

    it('unpacks to exactly the files the manifest lists, with matching checksums', async () => {
      const manifest = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8'));
      const tree = await readTree(folder);
      expect([...tree.keys()].filter((f) => f !== MANIFEST_FILE && f !== SUMS_FILE)).toEqual(
        Object.keys(manifest.files),
      );
      for (const [file, { sha256: expected, bytes }] of Object.entries(
        manifest.files as Record<string, { sha256: string; bytes: number }>,
      )) {
        expect(sha256(tree.get(file)!), file).toBe(expected);
        expect(tree.get(file)!.length).toBe(bytes);
      }
    });

    it.each(['launches/upcoming/', 'launches/previous/', 'launches/', 'events/upcoming/'])(
      'answers %s, and every link stays on the local server',
      async (collection) => {
        let url: string | null = `${local}${collection}`;
        let pages = 0;
        while (url) {
          expect(url.startsWith(local), url).toBe(true);
          const response: Response = await fetch(url);
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
          expect(response.headers.get('access-control-allow-origin')).toBe('*');
          const page = (await response.json()) as {
            next: string | null;
            previous: string | null;
            results: Array<{ url: string }>;
          };
          for (const link of [page.previous, ...page.results.map((r) => r.url)])
            if (link) expect(link.startsWith(local), link).toBe(true);
          url = page.next;
          pages++;
        }
        expect(pages).toBeGreaterThanOrEqual(collection === 'events/upcoming/' ? 1 : 2);
      },
    );

    it('serves detail resources at the links, the dump and the manifest as published', async () => {
      const page = (await (await fetch(`${local}launches/upcoming/`)).json()) as {
        results: Array<{ url: string; id: string }>;
      };
      const detail = (await (await fetch(page.results[0].url)).json()) as {
        id: string;
        response_mode: string;
        url: string;
      };
      expect(detail).toMatchObject({ id: page.results[0].id, response_mode: 'detailed', url: page.results[0].url });
      const dump = (await (await fetch(new URL(`/${DUMP_FILE}`, local))).json()) as { base_url: string };
      expect(dump.base_url).toBe(local);
      const manifest = await (await fetch(new URL(`/${MANIFEST_FILE}`, local))).text();
      expect(manifest).toBe(snapshot.manifestText);
    });

    it('answers a detail route under a collection for its members, as _redirects says, and 404 for other launches', async () => {
      const [upcoming, previous] = await Promise.all(
        ['launches/upcoming/', 'launches/previous/'].map(
          async (p) =>
            ((await (await fetch(`${local}${p}`)).json()) as { results: Array<{ id: string }> }).results[0].id,
        ),
      );
      for (const [collection, member, other] of [
        ['upcoming', upcoming, previous],
        ['previous', previous, upcoming],
      ]) {
        const own = await (await fetch(`${local}launches/${member}/`)).text();
        const answer = await fetch(`${local}launches/${collection}/${member}/`);
        expect(answer.status).toBe(200);
        expect(await answer.text()).toBe(own);
        const outside = await fetch(`${local}launches/${collection}/${other}/`);
        expect(outside.status).toBe(404);
        expect(await outside.json()).toEqual({ detail: 'Not found.' });
      }
    });

    it('serves the pages for people and their scripts, style and data with their types', async () => {
      const types = {
        '/': 'text/html; charset=utf-8',
        '/launch.html?id=x': 'text/html; charset=utf-8',
        '/assets/core.js': 'text/javascript; charset=utf-8',
        '/assets/page.css': 'text/css; charset=utf-8',
        '/schedule/index.json': 'application/json; charset=utf-8',
      };
      for (const [file, type] of Object.entries(types)) {
        const response = await fetch(new URL(file, local));
        expect(response.status, file).toBe(200);
        expect(response.headers.get('content-type'), file).toBe(type);
      }
    });

    it('behaves like the API: JSON 404, /x redirects to /x/', async () => {
      const missing = await fetch(`${local}launches/nope/`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ detail: 'Not found.' });
      const bare = await fetch(`${local}launches`, { redirect: 'manual' });
      expect(bare.status).toBe(301);
      expect(bare.headers.get('location')).toBe('/2.3.0/launches/');
    });

    it("answers queries with the Node server's handler, from the query index in the snapshot, links kept local", async () => {
      expect(server.output()).toContain('queries answered as the live API answers them');
      const api = createApiServer({ root: folder });
      const node = await listen(api, 0, '127.0.0.1');
      try {
        for (const query of [
          'launches/?limit=1&mode=list',
          'launches/?search=sputnik',
          'launches/upcoming/?ordering=-net&limit=2',
          'agencies/?search=nasa&mode=list',
        ]) {
          const ours = await fetch(`${local}${query}`);
          const theirs = await fetch(`http://127.0.0.1:${node}/2.3.0/${query}`);
          expect(ours.status, query).toBe(theirs.status);
          const text = await ours.text();
          // The same answer, but for the addresses: the Node server keeps the build's base URL in records' links.
          // The Node server's links name the address it listens on (loopback as localhost, listen-origin.ts).
          const theirLocal = `http://localhost:${node}/2.3.0/`;
          expect(text.split(local).join('BASE/'), query).toBe(
            (await theirs.text()).split(theirLocal).join('BASE/').split(BASE).join('BASE/'),
          );
          expect(text, query).not.toContain(BASE);
        }
        const limited = (await (await fetch(`${local}launches/?limit=1`)).json()) as {
          results: unknown[];
          next: string;
        };
        expect(limited.results).toHaveLength(1);
        expect(limited.next.startsWith(local)).toBe(true);
      } finally {
        api.close();
      }
    });

    it('says plainly, at start and on each answer, that it ignores query strings where it has no handler', async () => {
      const copy = path.join(work, 'no-handler');
      await mkdir(copy);
      await run('tar', ['-xzf', path.join(work, 'download', ARCHIVE_FILE), '-C', copy]);
      await rm(path.join(copy, SNAPSHOT_NAME, '_worker.js'));
      const plain = await spawnUntil(
        process.execPath,
        ['serve.mjs', '--port', '0', '--no-verify'],
        /serving the snapshot at (http:\/\/\S+\/2\.3\.0\/)/,
        { cwd: path.join(copy, SNAPSHOT_NAME) },
      );
      try {
        expect(plain.output()).toContain('query strings are ignored (this snapshot has no query handler (_worker.js))');
        const answer = await fetch(`${plain.match[1]}launches/?limit=1`);
        expect(answer.headers.get('x-query-ignored')).toContain('query strings are not answered');
        expect(await answer.text()).toBe(await (await fetch(`${plain.match[1]}launches/`)).text());
        expect((await fetch(`${plain.match[1]}launches/`)).headers.get('x-query-ignored')).toBeNull();
      } finally {
        await plain.stop();
      }
    });

    it('refuses to serve a damaged copy', async () => {
      const copy = path.join(work, 'damaged');
      await mkdir(copy);
      await run('tar', ['-xzf', path.join(work, 'download', ARCHIVE_FILE), '-C', copy]);
      const file = path.join(copy, SNAPSHOT_NAME, '2.3.0/launches/upcoming/index.json');
      await writeFile(file, (await readFile(file, 'utf8')).replace('"count":', '"count": '));
      const result = await run(process.execPath, ['serve.mjs', '--port', '0'], path.join(copy, SNAPSHOT_NAME));
      expect(result.code).toBe(1);
      expect(result.output).toContain('2.3.0/launches/upcoming/index.json');
    });
  },
);

describe('npm run snapshot', () => {
  it('writes the archive, its .sha256 and the manifest, and will not replace a folder holding other files', async () => {
    const out = path.join(work, 'cli-out');
    const [command, ...prefix] = scriptCommand('snapshot.ts');
    const args = [...prefix, '--data-dir', dataDir, '--now', formatTimestamp(NOW), '--base-url', BASE, '--out', out];
    const result = await run(command, args, ROOT);
    expect(result.code, result.output).toBe(0);
    expect((await readdir(out)).sort()).toEqual([ARCHIVE_FILE, `${ARCHIVE_FILE}.sha256`, MANIFEST_FILE]);
    expect((await readFile(path.join(out, ARCHIVE_FILE))).equals(snapshot.archive)).toBe(true);
    await writeFile(path.join(out, 'precious.txt'), 'keep me');
    const refused = await run(command, args, ROOT);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/holds other files/);
    expect(await readFile(path.join(out, 'precious.txt'), 'utf8')).toBe('keep me');
  });
});
