// The deploy workflow, read as data: triggers, least-privilege permissions per job,
// every action pinned to a commit SHA with its release in a comment.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const FILE = fileURLToPath(new URL('../.github/workflows/deploy.yml', import.meta.url));
const text = readFileSync(FILE, 'utf8');
type Job = {
  permissions?: Record<string, string>;
  needs?: string | string[];
  if?: string;
  environment?: { name: string };
  steps: Array<{ uses?: string; run?: string; with?: Record<string, string>; env?: Record<string, string> }>;
  outputs?: Record<string, string>;
};
const workflow = parse(text) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
};
const { jobs } = workflow;

describe('deploy workflow', () => {
  it('runs on push to main, hourly at a minute off the hour, and by hand', () => {
    expect(workflow.on.push).toEqual({ branches: ['main'] });
    expect(workflow.on).toHaveProperty('workflow_dispatch');
    const crons = (workflow.on.schedule as Array<{ cron: string }>).map((s) => s.cron);
    const hourly = crons.find((c) => / \* \* \* \*$/.test(c))!;
    expect(hourly).toMatch(/^\d+ \* \* \* \*$/);
    expect(Number(hourly.split(' ')[0])).not.toBe(0);
    expect(crons.every((c) => Number(c.split(' ')[0]) !== 0)).toBe(true);
  });

  it('grants nothing by default and each job only what it needs', () => {
    expect(workflow.permissions).toEqual({});
    expect(jobs.build.permissions).toEqual({ contents: 'read' });
    expect(jobs.deploy.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(jobs['pages-url'].permissions).toEqual({ pages: 'read' });
    expect(jobs.smoke.permissions).toEqual({ contents: 'read' });
    expect(jobs.keepalive.permissions).toEqual({ actions: 'write' });
  });

  it('builds with the Pages base URL plus /2.3.0/, tests, and uploads public/ with the snapshot in it', () => {
    expect(jobs['pages-url'].steps.some((s) => s.uses?.startsWith('actions/configure-pages@'))).toBe(true);
    expect(jobs.build.needs).toBe('pages-url');
    const script = jobs.build.steps.map((s) => s.run ?? '').join('\n');
    expect(script).toContain('base="${PAGES_BASE_URL%/}/2.3.0/"');
    expect(script).toMatch(/BASE_URL=\$base/);
    expect(script).toMatch(/BUILD_NOW=\$now/);
    // The pages link to the repository for corrections; build and snapshot read REPOSITORY_URL from the job's environment.
    const inputs = jobs.build.steps.find((s) => s.run?.includes('BUILD_NOW='))!;
    expect(inputs.env?.REPOSITORY).toBe('${{ github.server_url }}/${{ github.repository }}');
    expect(inputs.run).toContain('echo "REPOSITORY_URL=$REPOSITORY" >> "$GITHUB_ENV"');
    const order = ['npm test', 'npm run build', 'npm run snapshot -- --out public/snapshot'].map((cmd) =>
      jobs.build.steps.findIndex((s) => s.run === cmd),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // GitHub Pages cannot rewrite: the build makes the tree with copies for launches/upcoming/{id}/ and the like.
    expect(jobs.build.steps[order[1]].env).toEqual({ BUILD_HOST: 'github-pages' });
    const upload = jobs.build.steps.findIndex((s) => s.uses?.startsWith('actions/upload-pages-artifact@'));
    expect(upload).toBeGreaterThan(order[2]);
    expect(jobs.build.steps[upload].with).toEqual({ path: 'public' });
  });

  it('runs the whole suite when the code changed, and only the data checks when it passed before', () => {
    const steps = jobs.build.steps as Array<Job['steps'][number] & { id?: string; if?: string }>;
    const hash = steps.find((s) => s.id === 'code')!;
    // The key hashes every tracked file but those under data/: a data-only commit keeps it.
    expect(hash.run).toContain('git ls-tree -r HEAD');
    expect(hash.run).toContain('grep -v "$(printf \'\\tdata/\')"');
    const lookup = steps.find((s) => s.id === 'tested')!;
    expect(lookup.uses?.split('@')[0]).toBe('actions/cache/restore');
    expect(lookup.with).toMatchObject({ key: '${{ steps.code.outputs.key }}', 'lookup-only': true });
    const test = steps.find((s) => s.run === 'npm test')!;
    expect(test.if).toBe("steps.tested.outputs.cache-hit != 'true'");
    const save = steps.find((s) => s.uses?.startsWith('actions/cache/save@'))!;
    expect(save.if).toBe(test.if);
    expect(save.with?.key).toBe(lookup.with?.key);
    expect(steps.indexOf(save)).toBeGreaterThan(steps.indexOf(test));
    const data = steps.find((s) => s.run === 'npm run check:data')!;
    expect(data.if).toBe("steps.tested.outputs.cache-hit == 'true'");
    const scripts = JSON.parse(
      readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8'),
    ).scripts;
    expect(scripts['check:data']).toBeTruthy();
  });

  it('deploys in the github-pages environment, one deployment at a time', () => {
    expect(jobs.deploy.needs).toBe('build');
    expect(jobs.deploy.environment?.name).toBe('github-pages');
    expect(jobs.deploy.steps.map((s) => s.uses?.split('@')[0])).toEqual(['actions/deploy-pages']);
    expect(workflow.concurrency).toEqual({ group: 'pages', 'cancel-in-progress': false });
  });

  it('smoke-tests the four endpoints on the live URL after deploying', () => {
    expect(jobs.smoke.needs).toEqual(['build', 'deploy']);
    const step = jobs.smoke.steps.find((s) => s.run?.includes('scripts/smoke.ts'))!;
    expect(step.run).toContain('"$BASE_URL"');
    expect(step.env?.BASE_URL).toBe('${{ needs.build.outputs.base_url }}');
    expect(step.run).toContain('snapshot/manifest.json');
  });

  it('keeps the schedule alive with the API, on a schedule only', () => {
    expect(jobs.keepalive.if).toMatch(/github\.event_name == 'schedule'/);
    const run = jobs.keepalive.steps.map((s) => s.run ?? '').join('\n');
    expect(run).toContain('gh api --method PUT "repos/${GITHUB_REPOSITORY}/actions/workflows/deploy.yml/enable"');
    // The sync's schedule is kept alive by the same weekly job (sync-ll2.yml has no weekly run of its own).
    expect(run).toContain('gh api --method PUT "repos/${GITHUB_REPOSITORY}/actions/workflows/sync-ll2.yml/enable"');
    expect(existsSync(fileURLToPath(new URL('../.github/workflows/sync-ll2.yml', import.meta.url)))).toBe(true);
    const weekly = (workflow.on.schedule as Array<{ cron: string }>)
      .map((s) => s.cron)
      .find((c) => jobs.keepalive.if!.includes(c));
    expect(weekly).toBeDefined();
  });

  it('pins every action (or an action of a repository, as actions/cache/restore) to a full commit SHA with a # vX.Y.Z comment', () => {
    const uses = text.split('\n').filter((l) => /^\s*(-\s+)?uses:/.test(l));
    expect(uses.length).toBeGreaterThanOrEqual(7);
    for (const line of uses)
      expect(line, line).toMatch(/uses: [\w.-]+\/[\w.-]+(\/[\w.-]+)?@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    // The same action is pinned to the same commit everywhere.
    const pins = new Map<string, Set<string>>();
    for (const line of uses) {
      const [, action, sha] = line.match(/uses: ([^@]+)@([0-9a-f]{40})/)!;
      pins.set(action, (pins.get(action) ?? new Set()).add(sha));
    }
    for (const [action, shas] of pins) expect(shas.size, action).toBe(1);
  });
});
