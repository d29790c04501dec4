// vitest's globalSetup (vitest.config.ts): run once, in vitest's own process, before any
// test file. It makes the bundle that `npm run build` and `npm run validate` run
// (scripts/run.mjs; kept under node_modules/.cache, one per version of the sources),
// so that the test files which start those commands find it made, rather than several
// of them making it at the same time on a fresh clone. Nothing in; the bundle out.

import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export default function setup(): void {
  // Any command makes the bundle before it runs; --help then only prints the usage.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/run.mjs'), 'validate', '--help'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
}
