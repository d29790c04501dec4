// The first run as a new user or contributor sees it: the build's progress, the
// warnings summed up, the addresses to open, the files a contributor changed
// listed first (from git), and --help answered without doing the work.

import { execFile, execFileSync } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changedDataFiles } from '../scripts/lib/cli/changed-files.ts';
import { progressReporter } from '../scripts/lib/cli/progress.ts';
import { formatReport } from '../scripts/lib/cli/report.ts';
import { serveAddresses } from '../scripts/lib/cli/serve-addresses.ts';
import type { Problem } from '../scripts/lib/data/problems.ts';
import { scriptCommand } from './helpers/run-cli.ts';
import { copyFixture, FIXTURE_DIR, removeDir, tempDir } from './helpers/data.ts';
import { spawnUntil } from './helpers/http.ts';
import fg from 'fast-glob';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');

async function cli(script: string, args: string[], cwd = ROOT) {
  const [command, ...prefix] = scriptCommand(script);
  try {
    const { BASE_URL: _, GITHUB_ACTIONS: __, ...inherited } = process.env;
    const { stdout, stderr } = await run(command, [...prefix, ...args], {
      env: { ...inherited, BUILD_CACHE: 'off' },
      cwd,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const warning = (file: string, rule = 'stale-net'): Problem => ({
  severity: 'warning',
  file,
  line: 5,
  col: 6,
  rule,
  field: 'net',
  message: 'm',
  hint: 'h',
});
const error = (file: string): Problem => ({
  severity: 'error',
  file,
  line: 3,
  col: 1,
  rule: 'bad-timestamp',
  field: 'net',
  message: 'bad',
  hint: 'fix it',
});

describe('the problem report', () => {
  const problems = [
    error('data/a.yaml'),
    warning('data/b.yaml'),
    warning('data/c.yaml'),
    warning('data/d.yaml', 'missing-source'),
    warning('data/mine.yaml'),
  ];

  it('lists errors in full and sums up the warnings of files not changed in one line naming the command', () => {
    const text = formatReport(problems, {
      allWarnings: false,
      changed: new Set(['data/mine.yaml']),
      listCommand: 'npm run validate -- --warnings',
    });
    expect(text.indexOf('In the files you changed:')).toBe(0);
    expect(text.indexOf('data/mine.yaml:5:6 warning stale-net')).toBeLessThan(
      text.indexOf('In files you did not change:'),
    );
    expect(text).toContain('data/a.yaml:3:1 error bad-timestamp');
    expect(text).not.toContain('data/b.yaml');
    expect(text).toContain(
      '3 warnings in 3 files you did not change (stale-net 2, missing-source 1), not listed: `npm run validate -- --warnings` lists them',
    );
    expect(text.split('\n').at(-1)).toBe('1 error(s), 4 warning(s) in 5 file(s)');
  });

  it('lists every warning when asked, and keeps plain file order when the changed files are not known', () => {
    const text = formatReport(problems, { allWarnings: true });
    expect(text).not.toContain('changed');
    expect(text.match(/^data\/\w+\.yaml$/gm)).toEqual([
      'data/a.yaml',
      'data/b.yaml',
      'data/c.yaml',
      'data/d.yaml',
      'data/mine.yaml',
    ]);
  });

  it('says only the summed-up line when nothing else is to be listed', () => {
    expect(formatReport([warning('data/b.yaml')], { allWarnings: false, listCommand: 'x' })).toBe(
      '1 warning in 1 file (stale-net 1), not listed: `x` lists them',
    );
  });
});

describe('the progress line', () => {
  const events = [
    { stage: 'reading', files: 1200 },
    { stage: 'checking', files: 1200 },
    { stage: 'planning', launches: 1000, events: 200 },
    { stage: 'publishing', done: 0, total: 3 },
    { stage: 'publishing', done: 1, total: 3 },
    { stage: 'publishing', done: 2, total: 3 },
    { stage: 'publishing', done: 3, total: 3 },
  ] as const;

  it('is a few plain lines, one a stage, when not on a terminal', () => {
    const out: string[] = [];
    const p = progressReporter(
      (t) => out.push(t),
      false,
      () => 0,
    );
    for (const e of events) p.listener(e);
    p.done();
    expect(out.join('')).toBe(
      'reading 1,200 data files\nchecking 1,200 records\nplanning the files for 1,000 launches and 200 events\npublishing 3 files\n',
    );
  });

  it('is one line redrawn at most ten times a second on a terminal, its last count shown, and cleared at the end', () => {
    const out: string[] = [];
    let clock = 0;
    const p = progressReporter(
      (t) => out.push(t),
      true,
      () => clock,
    );
    for (const e of events) p.listener(e); // all within the same instant
    clock = 500;
    p.done();
    expect(out).toEqual([
      '\r\x1b[2Kreading 1,200 data files',
      '\r\x1b[2Kchecking 1,200 records',
      '\r\x1b[2Kplanning the files for 1,000 launches and 200 events',
      '\r\x1b[2Kpublishing 0/3 files',
      '\r\x1b[2Kpublishing 3/3 files',
      '\r\x1b[2K',
    ]);
  });
});

describe('the addresses npm start ends with', () => {
  it('names the schedule page and the API', () => {
    const lines = serveAddresses({ root: 'public', host: '0.0.0.0', port: 8081, exists: () => true });
    expect(lines[1]).toBe('  schedule page: http://localhost:8081/');
    expect(lines[2]).toMatch(/^ {2}API: +http:\/\/localhost:8081\/2\.3\.0\/ /);
  });

  it('says what to run when the folder holds no build', () => {
    expect(serveAddresses({ root: 'public', host: '127.0.0.1', port: 8080, exists: () => false })[1]).toContain(
      'npm run build',
    );
  });
});

describe('the files a contributor changed, from git', () => {
  let repo: string;
  let dir: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], { cwd: repo, stdio: 'pipe' });
  const edit = async (file: string, change: (text: string) => string) =>
    writeFile(path.join(dir, file), change(await readFile(path.join(dir, file), 'utf8')));
  beforeEach(async () => {
    // A repository with the data in data/, as the project has it; sputnik-1 cites no source (a warning).
    repo = await tempDir();
    dir = path.join(repo, 'data');
    await cp(FIXTURE_DIR, dir, { recursive: true });
    await edit('launches/sputnik-1.yaml', (t) => t.replace(/info_urls:\n {2}- url: .*\n/, ''));
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'data');
  });
  afterEach(async () => removeDir(repo));

  it('are those differing from the merge base with main, committed or not, and new ones', async () => {
    git('checkout', '-q', '-b', 'topic');
    await edit('launches/sputnik-1.yaml', (t) => `${t}# note\n`);
    git('commit', '-q', '-am', 'edit');
    await edit('events/fixture-docking.yaml', (t) => `${t}# note\n`);
    await writeFile(path.join(dir, 'launches/new.yaml'), 'id: x\n');
    await writeFile(path.join(repo, 'README.md'), 'not data\n');
    expect([...changedDataFiles(dir, repo)!].sort()).toEqual([
      'data/events/fixture-docking.yaml',
      'data/launches/new.yaml',
      'data/launches/sputnik-1.yaml',
    ]);
  });

  it('are unknown without a main to compare with (a shallow CI checkout)', async () => {
    git('branch', '-m', 'main', 'trunk');
    expect(changedDataFiles(dir, repo)).toBeUndefined();
  });

  it('are the uncommitted ones on main itself', async () => {
    await edit('launches/sputnik-1.yaml', (t) => `${t}# note\n`);
    expect([...changedDataFiles(dir, repo)!]).toEqual(['data/launches/sputnik-1.yaml']);
  });

  it('are unknown outside a repository', async () => {
    const outside = await copyFixture();
    expect(changedDataFiles(outside, outside)).toBeUndefined();
    await removeDir(outside);
  });

  it('come first in npm run validate, with every problem of a file that has a bad value', async () => {
    git('checkout', '-q', '-b', 'topic');
    await edit('launches/crs-demo.yaml', (t) =>
      t
        .replace('net: 2030-03-01T12:00:00Z', 'net: 2030-02-30T12:00:00Z')
        .replace('pad: slc-40', 'pad: slc-04')
        .replace('orbit: leo', 'orbit: leoo'),
    );
    const r = await cli('validate.ts', ['--data-dir', 'data', '--now', '2026-11-21T12:00:00Z'], repo);
    expect(r.code).toBe(1);
    expect(r.stderr.indexOf('In the files you changed:\n\ndata/launches/crs-demo.yaml\n')).toBe(0);
    expect(r.stderr.match(/^ {2}data\/launches\/crs-demo\.yaml:\d+:\d+ error [\w-]+/gm)).toEqual([
      expect.stringContaining('bad-timestamp'),
      expect.stringContaining('unknown-reference'),
      expect.stringContaining('unknown-reference'),
    ]);
    // The warning in the file not changed is summed up, not listed.
    expect(r.stderr).not.toContain('sputnik');
    expect(r.stderr).toContain(
      '1 warning in 1 file you did not change (missing-source 1), not listed: `npm run validate -- --warnings` lists them',
    );
    const all = await cli('validate.ts', ['--data-dir', 'data', '--now', '2026-11-21T12:00:00Z', '--warnings'], repo);
    expect(all.stderr).toMatch(
      /In files you did not change:\n\ndata\/launches\/sputnik-1\.yaml\n {2}data\/launches\/sputnik-1\.yaml:\d+:\d+ warning missing-source/,
    );
  });
});

describe('npm run build on its own', () => {
  it('shows its stages as plain lines when not on a terminal and sums up the warnings in one line', async () => {
    const dir = await copyFixture();
    const out = `${dir}-out`;
    // The clock makes crs-demo (status go, NET 2030) stale: one warning, in a folder outside git.
    const r = await cli('build.ts', ['--data-dir', dir, '--out-dir', out, '--now', '2031-01-01T00:00:00Z']);
    expect(r.code).toBe(0);
    // Every YAML file of the fixture is read, and each holds one record or one reference list.
    const files = (await fg('**/*.yaml', { cwd: dir })).length;
    expect(files).toBeGreaterThan(10);
    expect(r.stderr).toMatch(new RegExp(`^reading ${files} data files\\nchecking ${files} records\\nplanning`));
    expect(r.stderr).toMatch(/\nplanning the files for 2 launches and 1 events\npublishing \d+ files\n/);
    expect(r.stderr).not.toContain('\r');
    expect(r.stderr).toContain(
      '1 warning in 1 file (stale-net 1), not listed: `npm run build -- --warnings` lists them',
    );
    expect(r.stderr).not.toContain('crs-demo');
    expect(r.stdout).toMatch(/^built 2 launches and 1 events/);
    // What npm start then prints: the schedule page's address, then the API's, both answering.
    const server = await spawnUntil(
      process.execPath,
      ['--import', 'tsx', 'scripts/serve.ts', '--port', '0', '--root', out],
      /API: +(http:\/\/\S+\/2\.3\.0\/)/,
      { cwd: ROOT, timeoutMs: 30_000 },
    );
    try {
      const page = /schedule page: (http:\/\/\S+\/)\n/.exec(server.output())![1];
      expect(`${page}2.3.0/`).toBe(server.match[1]);
      expect((await fetch(page)).headers.get('content-type')).toMatch(/^text\/html/);
      expect((await fetch(server.match[1])).status).toBe(200);
    } finally {
      await server.stop();
      await removeDir(dir);
      await removeDir(out);
    }
  });
});

describe('--help', () => {
  it('prints the usage and exits 0 without doing the work', async () => {
    for (const script of ['validate.ts', 'build.ts', 'serve.ts']) {
      // A data folder that does not exist: any validation would fail.
      const r = await cli(script, ['--help', '--data-dir', '/nonexistent-lss']);
      expect(r.code, script).toBe(0);
      expect(r.stdout, script).toMatch(/^usage: npm run (validate|build|serve)/);
      expect(r.stderr, script).toBe('');
    }
  });

  it('an unknown option is refused with the usage, not ignored', async () => {
    const r = await cli('validate.ts', ['--strcit']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unknown option --strcit');
    expect(r.stderr).toContain('usage: npm run validate');
  });
});
