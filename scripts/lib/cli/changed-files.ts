// Which data files a contributor changed, asked of git at the command line's edge:
// the data folder in, the changed files out, named as problems name them
// (data/files.ts displayPath). Changed means: differing from the merge base with
// main (or origin/main), committed or not, plus new files git does not ignore; on
// main itself, the uncommitted changes. Without git, outside a repository, with no
// main to compare with (a shallow CI checkout), or when git fails: undefined, and
// the report keeps its plain order rather than guess.

import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { displayPath } from '../data/files.ts';

export type Git = (args: string[], cwd: string) => string;

const runGit: Git = (args, cwd) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 10_000,
    maxBuffer: 64 * 1024 * 1024,
  });

const names = (output: string): string[] => output.split('\0').filter((n) => n !== '');

export function changedDataFiles(dataDir: string, cwd: string, git: Git = runGit): Set<string> | undefined {
  try {
    const realData = realpathSync(dataDir);
    const top = git(['rev-parse', '--show-toplevel'], realData).trim();
    let base: string | undefined;
    for (const ref of ['main', 'origin/main']) {
      try {
        base = git(['merge-base', 'HEAD', ref], top).trim();
        break;
      } catch {
        // no such branch here: try the next
      }
    }
    if (base === undefined) return undefined;
    const changed = [
      ...names(git(['diff', '--name-only', '-z', '--no-renames', base, '--'], top)),
      ...names(git(['ls-files', '--others', '--exclude-standard', '-z'], top)),
    ];
    const shown = new Set<string>();
    for (const name of changed) {
      const inData = path.relative(realData, path.join(top, name));
      if (inData.startsWith('..') || path.isAbsolute(inData)) continue;
      shown.add(displayPath(path.join(dataDir, inData), cwd));
    }
    return shown;
  } catch {
    return undefined;
  }
}
