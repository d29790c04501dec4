// A folder that looks like a checkout to npm and to the commands (package.json,
// scripts/ and node_modules/ linked to this one, data/ a copy of the fixture), so
// that `npm start`, `npm run fix` and the rest run as a contributor runs them, on
// files of their own. Also: a hash of every file under a folder, to tell whether a
// command changed any.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, cp, lstat, mkdir, readdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { FIXTURE_DIR, tempDir } from './data.ts';
import { cleanEnv, ROOT } from './run-cli.ts';

export async function projectCopy(): Promise<string> {
  const dir = await tempDir('lss-project-');
  await copyFile(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  await symlink(path.join(ROOT, 'scripts'), path.join(dir, 'scripts'));
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  await cp(FIXTURE_DIR, path.join(dir, 'data'), { recursive: true });
  await mkdir(path.join(dir, 'tmp'));
  return dir;
}

/**
 * Every path under `dir` with a sha256 of its bytes (folders and links as such, links
 * not followed: scripts/ and node_modules/ are links), for a diff that names what changed.
 * `skip` leaves names out (tsx's own cache in the temporary folder).
 */
export async function treeDigests(
  dir: string,
  skip: (name: string) => boolean = () => false,
): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  const walk = async (relative: string): Promise<void> => {
    for (const name of (await readdir(path.join(dir, relative))).sort()) {
      if (skip(name)) continue;
      const child = path.join(relative, name);
      const info = await lstat(path.join(dir, child));
      if (info.isDirectory()) {
        digests[`${child}/`] = 'folder';
        await walk(child);
      } else {
        digests[child] = info.isFile()
          ? createHash('sha256')
              .update(await readFile(path.join(dir, child)))
              .digest('hex')
          : 'link';
      }
    }
  };
  await walk('');
  return digests;
}

export interface NpmResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- <args>` in `cwd`, its temporary files under cwd/tmp; killed after `timeoutMs`. */
export function npmRun(
  cwd: string,
  script: string,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<NpmResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
      cwd,
      env: cleanEnv({ TMPDIR: path.join(cwd, 'tmp'), ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    // The whole group: npm, tsx and the command.
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
