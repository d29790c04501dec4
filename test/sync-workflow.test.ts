// The hourly LL2 sync workflow, read as data (triggers, least privilege, pins
// shared with the other workflows, commands that exist), and its git steps run
// for real against a local "origin" with a stand-in `gh` on PATH: commits straight
// to main followed by the deploy (the default), or with LL2_SYNC_REVIEW one pull
// request on one branch whose data changes are carried over from run to run; main's
// code only, never a change outside data/, commits with hooks disabled.

import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { removeDir, tempDir } from './helpers/data.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const text = read('.github/workflows/sync-ll2.yml');
type Step = {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  'continue-on-error'?: boolean;
};
type Job = { permissions?: Record<string, string>; env?: Record<string, string>; steps: Step[] };
const workflow = parse(text) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
};
const job = workflow.jobs.sync;
const step = (pattern: RegExp): Step => job.steps.find((s) => pattern.test(s.name ?? ''))!;

const pinsOf = (yaml: string) =>
  new Map([...yaml.matchAll(/uses: ([^@\s]+)@([0-9a-f]{40}) # (v[\d.]+)/g)].map((m) => [m[1], `${m[2]} ${m[3]}`]));

describe('sync workflow', () => {
  it("runs hourly at a minute away from :00 and from the deploy's :17, and by hand", () => {
    const crons = (workflow.on.schedule as Array<{ cron: string }>).map((s) => s.cron);
    expect(crons).toHaveLength(1);
    expect(crons[0]).toMatch(/^\d+ \* \* \* \*$/);
    const minute = Number(crons[0].split(' ')[0]);
    expect(Math.min(minute, 60 - minute)).toBeGreaterThanOrEqual(10);
    expect(Math.abs(minute - 17)).toBeGreaterThanOrEqual(10);
    expect(workflow.on).toHaveProperty('workflow_dispatch');
    expect(Object.keys(workflow.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
  });

  it('grants nothing by default, the one job only contents, pull-requests and actions write, and runs one at a time', () => {
    expect(workflow.permissions).toEqual({});
    expect(Object.keys(workflow.jobs)).toEqual(['sync']);
    expect(job.permissions).toEqual({ contents: 'write', 'pull-requests': 'write', actions: 'write' });
    expect(workflow.concurrency).toEqual({ group: 'sync-ll2', 'cancel-in-progress': false });
    expect(job.steps.find((s) => s.uses?.startsWith('actions/checkout@'))!.with).toMatchObject({
      'persist-credentials': false,
    });
    // Secrets reach only the steps that use them.
    const withSecrets = job.steps.filter((s) => JSON.stringify(s).includes('secrets.'));
    expect(withSecrets.map((s) => s.id ?? s.name)).toEqual([
      'sync',
      'Commit, push, and open or update the pull request',
    ]);
    expect(step(/Fetch what changed/).env).toEqual({
      LL2_API_KEY: '${{ secrets.LL2_API_KEY }}',
      LL2_BASE_URL: '${{ vars.LL2_BASE_URL }}',
    });
    expect(step(/Commit, push/).env).toEqual({ GH_TOKEN: '${{ secrets.LL2_SYNC_TOKEN || github.token }}' });
    expect(job.env).not.toHaveProperty('GH_TOKEN');
  });

  it("runs main's code whatever branch started it, commits to main by default, and a pull request is one setting away", () => {
    expect(job.steps.find((s) => s.uses?.startsWith('actions/checkout@'))!.with).toMatchObject({
      ref: '${{ github.event.repository.default_branch }}',
    });
    expect(job.env?.DIRECT).toBe("${{ vars.LL2_SYNC_REVIEW != 'true' }}");
    expect(step(/Commit, push/).run).toContain('gh workflow run deploy.yml --ref "$GITHUB_REF_NAME"');
    // Nothing but data/ is taken from the pull request's branch: no checkout of it, no rebase.
    expect(step(/Start from/).run).not.toMatch(/git (checkout|switch)[^\n]*origin\/\$SYNC_BRANCH|git rebase/);
  });

  it('commits with hooks disabled, and only ever with them disabled', () => {
    const runs = job.steps.map((s) => s.run ?? '').join('\n');
    const commits = [...runs.matchAll(/git [^\n]*commit[^\n]*/g)].map((m) => m[0]);
    expect(commits.length).toBeGreaterThan(0);
    for (const c of commits) expect(c).toMatch(/^git -c core\.hooksPath=\/dev\/null commit --no-verify/);
  });

  it("pins every action to the commit the other workflows use, and uses only GitHub's own actions", () => {
    const uses = text.split('\n').filter((l) => /^\s*(-\s+)?uses:/.test(l));
    expect(uses.length).toBeGreaterThanOrEqual(2);
    for (const line of uses) expect(line, line).toMatch(/uses: actions\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    const known = new Map([
      ...pinsOf(read('.github/workflows/deploy.yml')),
      ...pinsOf(read('.github/workflows/pr-checks.yml')),
    ]);
    for (const [action, pin] of pinsOf(text)) expect(pin, action).toBe(known.get(action));
  });

  it('runs only npm scripts that exist: sync, validate, two builds and the API diff', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const runs = job.steps.map((s) => s.run ?? '').join('\n');
    const used = [...runs.matchAll(/npm run (?:--silent )?([\w:-]+)/g)].map((m) => m[1]);
    expect([...new Set(used)].sort()).toEqual(['api-diff', 'build', 'sync:ll2', 'validate']);
    for (const name of used) expect(scripts, name).toHaveProperty(name);
    expect(scripts['sync:ll2']).toBe('tsx scripts/sync-ll2.ts');
  });

  it('builds before and after with one clock and one base URL, and diffs the two', () => {
    expect(job.env?.BASE_URL).toMatch(/^https:\/\/.+\/2\.3\.0\/$/);
    expect(step(/One clock/).run).toContain('BUILD_NOW=$(date -u +%Y-%m-%dT%H:%M:%SZ)" >> "$GITHUB_ENV"');
    expect(step(/before the sync/).env).toEqual({
      DATA_DIR: '${{ runner.temp }}/base/data',
      OUT_DIR: '${{ runner.temp }}/out-base',
    });
    expect(step(/after the sync/).env).toEqual({ OUT_DIR: '${{ runner.temp }}/out-head' });
    expect(step(/published API/).run).toContain(
      'npm run --silent api-diff -- "$RUNNER_TEMP/out-base" "$RUNNER_TEMP/out-head"',
    );
    const order = [
      /Fetch what changed/,
      /Validate/,
      /before the sync/,
      /after the sync/,
      /published API/,
      /Commit, push/,
    ].map((p) => job.steps.findIndex((s) => p.test(s.name ?? '')));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('treats exit code 75 (rate limit, LL2 or network down) as postponed: a warning, nothing committed', () => {
    const sync = step(/Fetch what changed/);
    expect(sync.run).toContain('code="${PIPESTATUS[0]}"');
    expect(sync.run).toMatch(/if \[ "\$code" = 75 \]; then[\s\S]*postponed=true[\s\S]*exit 0/);
    const last = job.steps.at(-1)!;
    for (const later of job.steps.slice(job.steps.indexOf(sync) + 1, -1))
      expect(later.if, later.name).toBe("steps.sync.outputs.postponed != 'true'");
    // Exit code 3 (launches refused): the rest is committed, then the last step fails the run.
    expect(sync.run).toMatch(/if \[ "\$code" = 3 \]; then[\s\S]*refused=true[\s\S]*exit 0/);
    expect(last.if).toBe("steps.sync.outputs.refused == 'true'");
    expect(last.run).toMatch(/exit 1\s*$/);
  });
});

describe("the workflow's git steps", () => {
  const branchScript = step(/Start from/).run!;
  const publishScript = step(/Commit, push/).run!;
  let dir: string;
  let origin: string;
  let runs = 0;

  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@t',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@t',
      },
    }).trim();
  const files = (ref: string) => git(origin, 'ls-tree', '-r', '--name-only', ref).split('\n').filter(Boolean);
  const show = (ref: string, file: string) => git(origin, 'show', `${ref}:${file}`);

  beforeEach(async () => {
    dir = await tempDir('lss-sync-wf-');
    origin = path.join(dir, 'origin.git');
    const seed = path.join(dir, 'seed');
    mkdirSync(path.join(seed, 'data/launches'), { recursive: true });
    writeFileSync(path.join(seed, 'data/launches/a.yaml'), 'a: 1\n');
    writeFileSync(path.join(seed, 'data/ll2-sync.yaml'), 'launches_updated_since: 2026-11-01T00:00:00Z\n');
    git(dir, 'init', '-q', '--bare', '-b', 'main', origin);
    git(seed, 'init', '-q', '-b', 'main');
    git(seed, 'add', '.');
    git(seed, 'commit', '-q', '-m', 'seed');
    git(seed, 'push', '-q', origin, 'main');
    // A stand-in gh: logs its arguments, and `pr list` answers with the number in pr-number if there is one.
    const bin = path.join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(
      path.join(bin, 'gh'),
      `#!/bin/sh\necho "$*" >> "${dir}/gh.log"\nif [ "$1 $2" = "pr list" ] && [ -f "${dir}/pr-number" ]; then cat "${dir}/pr-number"; fi\nexit 0\n`,
    );
    chmodSync(path.join(bin, 'gh'), 0o755);
  });
  afterEach(async () => {
    await removeDir(dir);
  });

  /** One workflow run: check out main, the branch step, `change` in place of the sync, the publish step; `fails`: the step expected to fail. */
  function run(
    change: (data: string) => void,
    direct = false,
    fails?: 'branch' | 'publish',
  ): { gh: string[]; out: string } {
    const work = path.join(dir, `run-${++runs}`);
    const temp = path.join(dir, `temp-${runs}`);
    mkdirSync(temp);
    execFileSync('git', ['clone', '-q', origin, work]);
    writeFileSync(path.join(dir, 'gh.log'), '');
    const env = {
      PATH: `${path.join(dir, 'bin')}:${process.env.PATH}`,
      HOME: dir,
      RUNNER_TEMP: temp,
      GITHUB_ENV: path.join(temp, 'env'),
      GITHUB_REF_NAME: 'main',
      SYNC_BRANCH: 'sync/ll2',
      DIRECT: String(direct),
      BUILD_NOW: `2026-11-21T1${runs}:00:00Z`,
      GH_TOKEN: 'unused',
    };
    const bash = (script: string, extra: Record<string, string> = {}, fail = false) => {
      const result = spawnSync('bash', ['-e', '-c', script], {
        cwd: work,
        env: { ...env, ...extra },
        encoding: 'utf8',
      });
      if (fail) expect(result.status, `${result.stdout}\n${result.stderr}`).not.toBe(0);
      else expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
      return result.stdout;
    };
    const branchOut = bash(branchScript, {}, fails === 'branch');
    if (fails === 'branch') return { gh: [], out: branchOut };
    const exported = Object.fromEntries(
      readFileSync(env.GITHUB_ENV, 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split('=') as [string, string]),
    );
    change(path.join(work, 'data'));
    writeFileSync(path.join(temp, 'sync.txt'), `summary of run ${runs}\n`);
    writeFileSync(path.join(temp, 'api-diff.md'), `### diff of run ${runs}\n`);
    const out = bash(publishScript, exported, fails === 'publish');
    return { gh: readFileSync(path.join(dir, 'gh.log'), 'utf8').trim().split('\n').filter(Boolean), out };
  }

  const edit = (file: string, content: string) => (data: string) => {
    mkdirSync(path.dirname(path.join(data, file)), { recursive: true });
    writeFileSync(path.join(data, file), content);
  };

  it('opens one pull request from sync/ll2 with one commit on main, then updates it with earlier and new changes', () => {
    const first = run(edit('launches/b.yaml', 'b: 1\n'));
    expect(first.gh).toEqual([
      'auth setup-git',
      'pr list --head sync/ll2 --state open --json number --jq .[0].number',
      expect.stringMatching(
        /^pr create --head sync\/ll2 --base main --title Data: sync from Launch Library 2 --body-file .*body\.md$/,
      ),
    ]);
    expect(git(origin, 'rev-parse', 'sync/ll2^')).toBe(git(origin, 'rev-parse', 'main'));
    expect(files('sync/ll2')).toContain('data/launches/b.yaml');
    const body = readFileSync(path.join(dir, 'temp-1', 'body.md'), 'utf8');
    expect(body).toContain('Launch Library 2 by The Space Devs');
    expect(body).toContain('summary of run 1');
    expect(body).toContain('### diff of run 1');

    writeFileSync(path.join(dir, 'pr-number'), '7\n');
    const second = run(edit('ll2-sync.yaml', 'launches_updated_since: 2026-11-21T10:00:00Z\n'));
    expect(second.gh.at(-1)).toMatch(/^pr edit 7 --body-file /);
    // Still one commit on main, holding the first run's launch and the second run's state.
    expect(git(origin, 'rev-parse', 'sync/ll2^')).toBe(git(origin, 'rev-parse', 'main'));
    expect(files('sync/ll2')).toContain('data/launches/b.yaml');
    expect(show('sync/ll2', 'data/ll2-sync.yaml')).toContain('2026-11-21T10:00:00Z');
  });

  it('pushes nothing when the run changes nothing the pull request does not already hold', () => {
    run(edit('launches/b.yaml', 'b: 1\n'));
    const before = git(origin, 'rev-parse', 'sync/ll2');
    const again = run(() => undefined);
    expect(again.out).toContain('The pull request already holds exactly these changes.');
    expect(again.gh).toEqual([]);
    expect(git(origin, 'rev-parse', 'sync/ll2')).toBe(before);
  });

  it('opens nothing when there is nothing to sync', () => {
    const quiet = run(() => undefined);
    expect(quiet.out).toContain('No data changes against main.');
    expect(quiet.gh).toEqual([]);
    expect(git(origin, 'branch', '--list', 'sync/ll2')).toBe('');
  });

  it("starts over from main when the pull request's changes no longer apply on it", () => {
    run(edit('launches/a.yaml', 'a: from the sync\n'));
    // Someone edits the same file on main meanwhile.
    const other = path.join(dir, 'other');
    execFileSync('git', ['clone', '-q', origin, other]);
    writeFileSync(path.join(other, 'data/launches/a.yaml'), 'a: by hand\n');
    git(other, 'commit', '-q', '-am', 'hand edit');
    git(other, 'push', '-q', 'origin', 'main');

    run(edit('launches/c.yaml', 'c: 1\n'));
    expect(git(origin, 'rev-parse', 'sync/ll2^')).toBe(git(origin, 'rev-parse', 'main'));
    expect(show('sync/ll2', 'data/launches/a.yaml')).toBe('a: by hand'); // the hand edit is kept, the stale sync dropped
    expect(files('sync/ll2')).toContain('data/launches/c.yaml');
  });

  it('commits straight to main by default, opening no pull request, and starts the deploy', () => {
    const direct = run(edit('launches/d.yaml', 'd: 1\n'), true);
    expect(direct.gh).toEqual(['auth setup-git', 'workflow run deploy.yml --ref main']);
    expect(files('main')).toContain('data/launches/d.yaml');
    expect(git(origin, 'log', '-1', '--format=%s%n%b', 'main')).toMatch(
      /^Data: sync from Launch Library 2 at 2026-11-21T1\d:00:00Z\n+summary of run \d/,
    );
    expect(git(origin, 'branch', '--list', 'sync/ll2')).toBe('');
  });

  it("commits with the repository's hooks disabled (a failing pre-commit hook changes nothing)", () => {
    const hooked = (file: string) => (data: string) => {
      const hooks = path.join(path.dirname(data), '.git', 'hooks');
      for (const hook of ['pre-commit', 'commit-msg']) {
        writeFileSync(path.join(hooks, hook), '#!/bin/sh\necho hook ran >&2\nexit 1\n');
        chmodSync(path.join(hooks, hook), 0o755);
      }
      edit(file, 'h: 1\n')(data);
    };
    run(hooked('launches/h.yaml'), true);
    expect(files('main')).toContain('data/launches/h.yaml');
    run(hooked('launches/i.yaml'));
    expect(files('sync/ll2')).toContain('data/launches/i.yaml');
  });

  it('takes only data/ from sync/ll2 and fails when that branch changes anything else', () => {
    run(edit('launches/b.yaml', 'b: 1\n'));
    // Someone pushes a change to the code onto the sync branch.
    const other = path.join(dir, 'intruder');
    execFileSync('git', ['clone', '-q', '-b', 'sync/ll2', origin, other]);
    mkdirSync(path.join(other, 'scripts'), { recursive: true });
    writeFileSync(path.join(other, 'scripts/sync-ll2.ts'), 'console.log("not main\'s code");\n');
    git(other, 'add', '.');
    git(other, 'commit', '-q', '-m', 'code on the sync branch');
    git(other, 'push', '-q', 'origin', 'sync/ll2');
    const pushed = git(origin, 'rev-parse', 'sync/ll2');
    const refused = run(edit('launches/c.yaml', 'c: 1\n'), false, 'branch');
    expect(refused.out).toContain('::error title=sync/ll2 changes more than data/::scripts/sync-ll2.ts');
    expect(git(origin, 'rev-parse', 'sync/ll2')).toBe(pushed); // nothing pushed over it
  });

  it("carries the pull request's data over on main's code, so a later main runs with the branch's data", () => {
    run(edit('launches/b.yaml', 'b: 1\n'));
    // main's code moves on; the next run's tree is main's, plus the branch's data.
    const other = path.join(dir, 'maintainer');
    execFileSync('git', ['clone', '-q', origin, other]);
    writeFileSync(path.join(other, 'README.md'), 'new code on main\n');
    git(other, 'add', '.');
    git(other, 'commit', '-q', '-m', 'code on main');
    git(other, 'push', '-q', 'origin', 'main');
    run(edit('launches/c.yaml', 'c: 1\n'));
    expect(git(origin, 'rev-parse', 'sync/ll2^')).toBe(git(origin, 'rev-parse', 'main'));
    expect(files('sync/ll2')).toEqual(
      expect.arrayContaining(['README.md', 'data/launches/b.yaml', 'data/launches/c.yaml']),
    );
    expect(git(origin, 'diff', '--name-only', 'main', 'sync/ll2')).toBe('data/launches/b.yaml\ndata/launches/c.yaml');
  });

  it('fails, committing nothing, when the run changed a path outside data/', () => {
    const before = git(origin, 'rev-parse', 'main');
    const stray = (data: string) => {
      edit('launches/e.yaml', 'e: 1\n')(data);
      writeFileSync(path.join(path.dirname(data), 'package.json'), '{"changed": true}\n');
    };
    run(stray, true, 'publish');
    expect(git(origin, 'rev-parse', 'main')).toBe(before);
  });
});
