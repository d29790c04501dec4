// The command-line tools as a contributor runs them: exit codes, messages, no stack traces.

import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scriptCommand } from './helpers/run-cli.ts';
import { copyFixture, removeDir } from './helpers/data.ts';
import { escapeData, escapeProperty, githubAnnotation } from '../scripts/lib/cli/report.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');

async function cli(script: string, args: string[], env: Record<string, string> = {}) {
  const [command, ...prefix] = scriptCommand(script);
  try {
    // Vitest sets BASE_URL for Vite; a contributor's shell would not.
    const { BASE_URL: _, ...inherited } = process.env;
    const { stdout, stderr } = await run(command, [...prefix, ...args], {
      env: { ...inherited, ...env },
      cwd: ROOT,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let dir: string;
beforeEach(async () => {
  dir = await copyFixture();
});
afterEach(async () => removeDir(dir));

const NOW = ['--now', '2026-11-21T12:00:00Z'];

describe('npm run validate', () => {
  it('passes on good data', async () => {
    const r = await cli('validate.ts', ['--data-dir', dir, ...NOW]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('data is valid: 2 launches, 1 events');
  });

  it('fails on bad data with path:line:col, the rule and the fix, and no stack trace', async () => {
    const file = path.join(dir, 'launches/crs-demo.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('pad: slc-40', 'pad: slc-04'));
    const r = await cli('validate.ts', ['--data-dir', dir, ...NOW]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /crs-demo\.yaml:17:6 error unknown-reference \[pad\]: unknown pad "slc-04"; did you mean "slc-40"\?/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('under GitHub Actions also prints annotations and a step summary', async () => {
    const summary = path.join(await mkdtemp(path.join(tmpdir(), 'lss-summary-')), 'summary.md');
    await writeFile(summary, '');
    const file = path.join(dir, 'launches/crs-demo.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('pad: slc-40', 'pad: slc-04'));
    const r = await cli('validate.ts', ['--data-dir', dir, ...NOW], {
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(r.stderr).toMatch(
      /^::error file=.*crs-demo\.yaml,line=17,col=6,title=unknown-reference::unknown pad "slc-04"; did you mean "slc-40"\?/m,
    );
    expect(await readFile(summary, 'utf8')).toContain('| error | `');
    await removeDir(path.dirname(summary));
  });

  it('treats warnings as failures only with --strict', async () => {
    const file = path.join(dir, 'launches/crs-demo.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/info_urls:\n {2}- url: .*\n/, ''));
    expect((await cli('validate.ts', ['--data-dir', dir, ...NOW])).code).toBe(0);
    expect((await cli('validate.ts', ['--data-dir', dir, ...NOW, '--strict'])).code).toBe(1);
  });

  it('explains a bad clock instead of crashing', async () => {
    const r = await cli('validate.ts', ['--data-dir', dir, '--now', 'tomorrow']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not an ISO 8601 time');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('npm run build', () => {
  it('fails on broken YAML naming the file, and writes nothing', async () => {
    const out = `${dir}-out`;
    await writeFile(path.join(dir, 'launches/crs-demo.yaml'), 'id: [oops\n');
    const r = await cli('build.ts', ['--data-dir', dir, '--out-dir', out, ...NOW]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/crs-demo\.yaml:\d+:\d+ error yaml-syntax/);
    expect(r.stderr).toContain('Nothing was written');
    await expect(readFile(path.join(out, '404.json'))).rejects.toThrow();
  });
});

describe('npm run new:launch', () => {
  it('writes the precision of the time given, and says so', async () => {
    const r = await cli('new-record.ts', [
      'launch',
      '--name',
      'Falcon 9 Block 5 | Minute',
      '--net',
      '2027-01-10T14:30Z',
      '--data-dir',
      dir,
      ...NOW,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('net_precision minute');
    const text = await readFile(path.join(dir, 'launches/2027/falcon-9-block-5-minute.yaml'), 'utf8');
    expect(text).toMatch(/^net: 2027-01-10T14:30:00Z$/m);
    expect(text).toMatch(/^net_precision: minute$/m);
  });

  it('refuses a time it cannot read, naming the forms it takes', async () => {
    const r = await cli('new-record.ts', ['launch', '--net', '2027-01-10 14:30', '--data-dir', dir, ...NOW]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('2027-01-10T14:30Z (minute)');
  });

  it('answers --help with its usage and writes nothing', async () => {
    const before = await readdir(dir, { recursive: true });
    const r = await cli('new-record.ts', ['launch', '--help', '--data-dir', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: npm run new:launch/);
    expect(await readdir(dir, { recursive: true })).toEqual(before);
  });
});

describe('workflow command escaping', () => {
  it('escapes data and properties as GitHub requires', () => {
    expect(escapeData('50% done\r\nnext')).toBe('50%25 done%0D%0Anext');
    expect(escapeProperty('a:b,c')).toBe('a%3Ab%2Cc');
    expect(
      githubAnnotation({
        severity: 'warning',
        file: 'data/x,y.yaml',
        line: 3,
        col: 4,
        rule: 'stale-net',
        field: 'net',
        message: 'm',
        hint: 'h',
      }),
    ).toBe('::warning file=data/x%2Cy.yaml,line=3,col=4,title=stale-net::m — fix: h');
  });
});
