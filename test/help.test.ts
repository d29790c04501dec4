// `--help` on every command (issue 39, item 7): run as package.json runs them, in a copy
// of the project (the tsx scripts in one process, help-runner.ts; two through npm itself
// too, to prove npm's wiring of the arguments), each prints its usage on stdout, exits 0 and
// changes no file: the data folder (one file of it not in canonical form, which
// `npm run fix` would rewrite), the output folder, and every other file of the copy
// (snapshot/, data/schemas/, the editor settings, the temporary folder) hash the same
// before and after (tsx's cache aside). The sync's commands (import:ll2, sync:ll2, replay:ll2) are
// checked with the sync.

import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from './helpers/data.ts';
import { npmRun, projectCopy, treeDigests, type NpmResult } from './helpers/project-copy.ts';
import { cleanEnv, ROOT } from './helpers/run-cli.ts';

const HELP_RUNNER = path.join(ROOT, 'test/helpers/help-runner.ts');

let dir: string;

beforeAll(async () => {
  dir = await projectCopy();
  // Not canonical: the NET with an offset (npm run fix writes it in UTC).
  const file = path.join(dir, 'data/launches/sputnik-1.yaml');
  await writeFile(
    file,
    (await readFile(file, 'utf8')).replace('net: 1957-10-04T19:28:34Z', "net: '1957-10-04T22:28:34+03:00'"),
  );
  // An output folder from an earlier build, which a build or npm start would replace.
  await mkdir(path.join(dir, 'public'));
  await writeFile(path.join(dir, 'public/index.html'), 'an earlier build\n');
});

afterAll(async () => {
  if (dir) await removeDir(dir);
});

/** Every npm script but the sync's, with --help (or -h) where the command reads it: first, last, after other options. */
const COMMANDS: Array<[string, string[]]> = [
  ['build', ['--help']],
  ['build', ['--out-dir', 'public', '-h']],
  ['validate', ['--help']],
  ['start', ['--help']],
  ['start', ['--port', '8099', '--help']],
  ['serve', ['--help']],
  ['fix', ['--help']],
  ['fix', ['--data-dir', 'data', '--help']],
  ['snapshot', ['--help']],
  ['snapshot', ['--out', 'snapshot', '-h']],
  ['bench', ['--help']],
  ['bench', ['--launches', '50', '--help']],
  ['new:launch', ['--help']],
  ['new:event', ['--name', 'Docking', '--help']],
  ['smoke', ['http://127.0.0.1:9/2.3.0/', '--help']],
  ['api-diff', ['--help']],
  ['coverage', ['--help']],
  ['facts', ['--help']],
  ['compare:ll2', ['--help']],
  ['migrate:graph', ['--help']],
  ['schemas', ['--help']],
  ['history:seed', ['--help']],
];

/** Run through npm as well: a bundled command and a tsx one. */
const WIRING: Array<[string, string[]]> = [
  ['build', ['--help']],
  ['fix', ['--data-dir', 'data', '--help']],
];

/**
 * What npm runs for `script -- args` (the script's words, then the arguments): a tsx script as the
 * help runner's [file, ...argv], a `node` one as its whole command line. Any other form fails the test.
 */
function commandLine(script: string | undefined, args: string[]): { tsx: boolean; argv: string[] } {
  const [program, file, ...fixed] = (script ?? '').split(/\s+/);
  if (!file?.startsWith('scripts/') || (program !== 'tsx' && program !== 'node'))
    throw new Error(`not a tsx or node script: ${script}`);
  const argv = [path.join(dir, file), ...fixed, ...args];
  return program === 'tsx' ? { tsx: true, argv } : { tsx: false, argv: [process.execPath, ...argv] };
}

/** A command in the project copy, its temporary files under tmp/ as npmRun's are. */
function runHere([command, ...args]: string[]): Promise<NpmResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: dir,
      env: cleanEnv({ TMPDIR: path.join(dir, 'tmp') }),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 90_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('--help on every command', () => {
  it("is the whole list of npm scripts but the sync's and the test and lint runners", async () => {
    const scripts = Object.keys(
      JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')).scripts as Record<string, string>,
    );
    const covered = new Set(COMMANDS.map(([name]) => name));
    // The sync's are checked with the sync; the others are the test and lint runners (vitest, tsc, Biome), whose own --help prints theirs.
    expect(scripts.filter((name) => !covered.has(name)).sort()).toEqual([
      'check:data',
      'format',
      'import:ll2',
      'lint',
      'replay:ll2',
      'sync:ll2',
      'test',
      'typecheck',
    ]);
  });

  it('prints the usage, exits 0 and changes no file', async () => {
    // tsx keeps its compiled files in the temporary folder, and Node 22+ its compile cache: not the commands' doing.
    const files = () => treeDigests(dir, (name) => name.startsWith('tsx-') || name === 'node-compile-cache');
    const before = await files();
    const scripts = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')).scripts as Record<
      string,
      string
    >;
    const lines = COMMANDS.map(([script, args]) => ({
      label: `${script} ${args.join(' ')}`,
      ...commandLine(scripts[script], args),
    }));
    // Every tsx script in one process (help-runner.ts: npm and a tsx start-up for each cost 1.5 s of CPU apiece,
    // the commands' own work a few milliseconds); the bundled ones each run as package.json runs them.
    const inProcess = lines.filter((line) => line.tsx);
    const direct = lines.filter((line) => !line.tsx);
    // And two through npm itself, one of each kind: npm passes the arguments after `--` on to the command.
    const [together, throughNpm, ...bundled] = await Promise.all([
      runHere([process.execPath, '--import', 'tsx', HELP_RUNNER, JSON.stringify(inProcess.map((line) => line.argv))]),
      Promise.all(WIRING.map(([script, args]) => npmRun(dir, script, args, {}, 90_000))),
      ...direct.map((line) => runHere(line.argv)),
    ]);
    expect(together.code, together.stderr).toBe(0);
    const outcomes = JSON.parse(together.stdout) as NpmResult[];
    const results = new Map<string, NpmResult>([
      ...inProcess.map((line, i): [string, NpmResult] => [line.label, outcomes[i]]),
      ...direct.map((line, i): [string, NpmResult] => [line.label, bundled[i]]),
      ...WIRING.map(([script, args], i): [string, NpmResult] => [`npm run ${script} ${args.join(' ')}`, throughNpm[i]]),
    ]);
    expect(results.size).toBe(COMMANDS.length + WIRING.length);
    for (const [command, result] of results) {
      expect(result.code, `${command}\n${result.stderr}`).toBe(0);
      expect(result.stdout, command).toMatch(/^usage: /);
      expect(result.stderr, command).toBe('');
    }
    expect(await files()).toEqual(before);
  }, 600_000);

  it('run.mjs alone, with --help, prints its usage', () => {
    const result = spawnSync(process.execPath, ['scripts/run.mjs', '--help'], { cwd: dir, encoding: 'utf8' });
    expect([result.status, result.stdout.startsWith('usage: ')]).toEqual([0, true]);
  });
});
