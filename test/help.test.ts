// `--help` on every command (issue 39, item 7): run as a contributor runs them,
// through npm in a copy of the project, each prints its usage on stdout, exits 0 and
// changes no file: the data folder (one file of it not in canonical form, which
// `npm run fix` would rewrite), the output folder, and every other file of the copy
// (snapshot/, data/schemas/, the editor settings, the temporary folder) hash the same
// before and after (tsx's cache aside). The sync's commands (import:ll2, sync:ll2, replay:ll2) are
// checked with the sync.

import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from './helpers/data.ts';
import { npmRun, projectCopy, treeDigests, type NpmResult } from './helpers/project-copy.ts';

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
    const results: Array<[string, NpmResult]> = [];
    // A few at a time: each is npm, then tsx, then the command.
    for (let i = 0; i < COMMANDS.length; i += 3) {
      const batch = COMMANDS.slice(i, i + 3);
      results.push(
        ...(await Promise.all(
          batch.map(
            async ([script, args]) =>
              [`${script} ${args.join(' ')}`, await npmRun(dir, script, args, {}, 90_000)] as [string, NpmResult],
          ),
        )),
      );
    }
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
