// Faults while writing: a build killed mid-write, two builds at once, a full or
// read-only disk, a file too large to write. Each time the previous output stays
// byte-identical and complete (or, for two successful builds, is the new one),
// the failure is reported without a stack trace, and the next build recovers.

import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../scripts/lib/pipeline.ts';
import { UnsafeOutputError } from '../scripts/lib/publish/output-paths.ts';
import { writeTreeAtomically } from '../scripts/lib/publish/writer.ts';
import { copyFixture, FIXTURE_DIR, makeLaunch, removeDir, tempDir, writeRecords } from './helpers/data.ts';
import { leftovers, NOW, runBuild, STACK_LINE, treeDifferences, type CliResult } from './helpers/run-cli.ts';
import { copyTree, readTree } from './helpers/tree.ts';

const INPUTS = { now: Date.parse(NOW), baseUrl: 'http://localhost:8080/2.3.0/' };

let root: string;
let bigData: string;
let smallOut: string;
let small: Map<string, Buffer>;
let big: Map<string, Buffer>;

/**
 * 40 launches more than the fixture: a build that spends a while writing (583 files and their twins; a kill while
 * its staging folder fills lands before it is done), with pages over the 16 KB file-size limit below and a tree
 * larger than the tmpfs. 150 made each of the file's ten builds of it 1.5 s of CPU dearer and proved nothing more.
 */
async function bigDataSet(): Promise<string> {
  const dir = await copyFixture();
  const start = Date.parse('2027-01-01T00:00:00Z');
  const launches = Array.from({ length: 40 }, (_, i) =>
    makeLaunch(2000 + i, new Date(start + i * 3 * 86_400_000).toISOString().replace('.000', ''), { status: 'tbd' }),
  );
  await writeRecords(dir, launches);
  return dir;
}

/**
 * An output folder holding the small fixture's site as its build left it, the link and its generations folder
 * (no manifest: the next build rewrites it whole). A copy of the files: fs.cp would copy the link alone, made
 * absolute, so every case's "previous output" would be smallOut's own generation, seen through a foreign link.
 */
async function previousSite(name: string, parent = path.join(root, name)): Promise<string> {
  const out = path.join(parent, 'public');
  await copyTree(path.dirname(smallOut), parent);
  for (const file of await readdir(`${out}.generations`))
    if (file.endsWith('.manifest.json')) await rm(path.join(`${out}.generations`, file));
  expect(await treeDifferences(small, out)).toEqual([]);
  return out;
}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

function expectReported(result: CliResult, pattern: RegExp): void {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(STACK_LINE);
}

beforeAll(async () => {
  root = await tempDir('lss-faults-');
  bigData = await bigDataSet();
  smallOut = path.join(root, 'small', 'public');
  const bigOut = path.join(root, 'big', 'public');
  await buildSite(FIXTURE_DIR, smallOut, INPUTS);
  await buildSite(bigData, bigOut, INPUTS);
  small = await readTree(smallOut);
  big = await readTree(bigOut);
}, 120_000);

afterAll(async () => {
  await removeDir(root);
  await removeDir(bigData);
});

describe('a build killed mid-write', () => {
  // The lock file names the process that writes: read it from the lock.
  const writerPid = async (out: string) => Number((await readFile(`${out}.lock`, 'utf8')).trim());

  it.each([
    ['as soon as it takes the lock', (out: string) => exists(`${out}.lock`)],
    [
      'while its staging folder fills',
      async (out: string) => {
        const staging = (await readdir(path.dirname(out))).find((n) => /^public\.tmp-\d+$/.test(n));
        return (
          staging !== undefined && (await readdir(path.join(path.dirname(out), staging)).catch(() => [])).length > 0
        );
      },
    ],
  ])(
    '%s leaves the previous output intact, and the next build recovers',
    async (label, reached) => {
      const out = await previousSite(`kill-${label.replace(/\W+/g, '-')}`);
      const build = runBuild(bigData, out);
      await waitFor(async () => (await reached(out)) && (await readFile(`${out}.lock`, 'utf8').catch(() => '')) !== '');
      process.kill(await writerPid(out), 'SIGKILL');
      const killed = await build;
      expect(killed.code).not.toBe(0);
      expect(await treeDifferences(small, out)).toEqual([]);

      const next = await runBuild(bigData, out);
      expect(next.code, next.stderr).toBe(0);
      expect(await treeDifferences(big, out)).toEqual([]);
      expect(await leftovers(out)).toEqual([]); // the dead build's lock and staging folder are gone
    },
    120_000,
  );

  it('while it updates changed files in place: the next build completes the update exactly', async () => {
    const out = await previousSite('kill-incremental');
    const data = await copyFixture();
    try {
      expect((await runBuild(data, out)).code).toBe(0); // a manifest: the next build is incremental
      const before = await readTree(out);
      const launch = path.join(data, 'launches/crs-demo.yaml');
      await writeFile(launch, (await readFile(launch, 'utf8')).replace('Fixture Resupply\n', 'Fixture Resupply Two\n'));
      let finished = false;
      const build = runBuild(data, out).finally(() => {
        finished = true;
      });
      // A small update may finish before it can be caught: then there is nothing to kill.
      await waitFor(async () => finished || (await readFile(`${out}.lock`, 'utf8').catch(() => '')) !== '');
      const pid = Number((await readFile(`${out}.lock`, 'utf8').catch(() => '')).trim());
      if (!finished && pid) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // it finished between the two looks
        }
      }
      const outcome = await build;
      // Killed before its journal: the old tree; killed while renaming: the journal lets the next build finish.
      // (A build that finished before the kill landed simply published the change.)
      const interrupted = await exists(`${out}.journal.json`);
      if (outcome.code !== 0 && !interrupted) expect(await treeDifferences(before, out)).toEqual([]);
      const next = await runBuild(data, out);
      expect(next.code, next.stderr).toBe(0);
      const reference = path.join(root, 'kill-incremental-reference', 'public');
      await buildSite(data, reference, INPUTS);
      expect(await treeDifferences(await readTree(reference), out)).toEqual([]);
      expect(await leftovers(out)).toEqual([]);
    } finally {
      await removeDir(data);
    }
  }, 120_000);
});

describe('two builds at once', () => {
  it('of the same data: one writes (the other may be refused by the lock), and the output is complete', async () => {
    const out = await previousSite('concurrent-same');
    // Two builds sharing a loaded 2-core machine may take longer than one's default minute.
    const slow = { timeoutMs: 110_000 };
    const results = await Promise.all([runBuild(bigData, out, slow), runBuild(bigData, out, slow)]);
    for (const r of results) {
      if (r.code !== 0) expectReported(r, /another build .*is writing|another build took the lock/);
    }
    expect(results.some((r) => r.code === 0)).toBe(true);
    expect(await treeDifferences(big, out)).toEqual([]);
    expect(await leftovers(out)).toEqual([]);
  }, 120_000);

  it('of different data: the output is one complete tree or the other, never a mix', async () => {
    const out = await previousSite('concurrent-different');
    const slow = { timeoutMs: 110_000 }; // as above
    const [a, b] = await Promise.all([runBuild(FIXTURE_DIR, out, slow), runBuild(bigData, out, slow)]);
    for (const r of [a, b]) if (r.code !== 0) expectReported(r, /another build/);
    const asSmall = await treeDifferences(small, out);
    const asBig = await treeDifferences(big, out);
    expect(asSmall.length === 0 || asBig.length === 0, `${asSmall.length} / ${asBig.length} differences`).toBe(true);
    expect(await leftovers(out)).toEqual([]);
  }, 120_000);
});

/** Whether this machine lets us mount a small tmpfs (root in a container with CAP_SYS_ADMIN). */
function canMountTmpfs(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = path.join(tmpRoot(), `lss-mount-probe-${process.pid}`);
  try {
    execFileSync('mkdir', ['-p', probe]);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    execFileSync('rm', ['-rf', probe]);
  }
}
function tmpRoot(): string {
  return process.env.TMPDIR ?? '/tmp';
}

describe('a disk that fails', () => {
  it('a file too large to write (RLIMIT_FSIZE: EFBIG, like a full disk) is reported; the output stays', async () => {
    const out = await previousSite('file-size-limit');
    // 16 KB per file: the small files are written, then the large pages fail.
    const result = await runBuild(bigData, out, {
      command: ['bash', '-c', 'ulimit -f 16 && exec "$0" "$@"', process.execPath],
    });
    expectReported(result, /EFBIG/);
    expect(result.stderr).toContain('The previous output is unchanged.');
    expect(await treeDifferences(small, out)).toEqual([]);
    expect(await leftovers(out)).toEqual([]);
  }, 120_000);

  describe.skipIf(!canMountTmpfs())('on a small tmpfs', () => {
    let mount: string;
    beforeAll(async () => {
      mount = path.join(root, 'tmpfs');
      await mkdir(mount, { recursive: true });
      const used = [...small.values()].reduce((sum, b) => sum + Math.ceil(b.length / 4096) * 4096, 0);
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${Math.ceil((used + 512 * 1024) / 1024)}k`, 'tmpfs', mount]);
    });
    afterAll(() => {
      if (mount) execFileSync('umount', [mount]);
    });

    /** The previous output on the disk under test, alone there (either case may run first: --sequence.shuffle). */
    const previousOnTmpfs = async () => {
      for (const name of await readdir(mount)) await rm(path.join(mount, name), { recursive: true, force: true });
      return previousSite('tmpfs', mount);
    };

    it('a full disk (ENOSPC) is reported and the output stays complete', async () => {
      const out = await previousOnTmpfs(); // the previous output on the disk that fills
      const result = await runBuild(bigData, out, { env: { BUILD_CACHE_DIR: path.join(root, 'tmpfs-cache') } });
      expectReported(result, /ENOSPC/);
      expect(await treeDifferences(small, out)).toEqual([]);
      expect(await leftovers(out)).toEqual([]);
    }, 120_000);

    it('a read-only disk (EROFS) is reported and the output stays', async () => {
      const out = await previousOnTmpfs();
      execFileSync('mount', ['-o', 'remount,ro', mount]);
      try {
        const result = await runBuild(bigData, out, { env: { BUILD_CACHE_DIR: path.join(root, 'tmpfs-cache') } });
        expectReported(result, /EROFS|read-only/);
      } finally {
        execFileSync('mount', ['-o', 'remount,rw', mount]);
      }
      expect(await treeDifferences(small, out)).toEqual([]);
    }, 120_000);
  });
});

describe('output folders that must not be replaced', () => {
  it('the data folder itself is refused before anything is read or written', async () => {
    const data = await copyFixture();
    try {
      const before = await readTree(data);
      const result = await runBuild(data, data);
      expectReported(result, /holds the data folder/);
      expect(await treeDifferences(before, data)).toEqual([]);
    } finally {
      await removeDir(data);
    }
  }, 60_000);

  it('an output path that could leave the folder is refused before anything is written', async () => {
    const out = await previousSite('unsafe-path');
    for (const bad of ['../escaped.json', '/etc/evil', '2.3.0/../../x', 'a\\b', 'a/./b', 'ok/%2e%2e/x', '']) {
      await expect(
        writeTreeAtomically(out, [
          { path: 'fine.json', content: '{}' },
          { path: bad, content: 'x' },
        ]),
      ).rejects.toBeInstanceOf(UnsafeOutputError);
    }
    expect(await treeDifferences(small, out)).toEqual([]);
    expect(await leftovers(out)).toEqual([]);
    expect(await exists(path.join(root, 'unsafe-path', 'escaped.json'))).toBe(false);
  });
});
