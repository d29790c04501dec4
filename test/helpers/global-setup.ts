// vitest's globalSetup (vitest.config.ts): run once, in vitest's own process, before any
// test file; what it sets in process.env the test files and their child processes inherit.
// - It makes the bundle that `npm run build` and `npm run validate` run (scripts/run.mjs;
//   kept under node_modules/.cache, one per version of the sources), so that the test files
//   which start those commands find it made, rather than several making it at once.
// - It writes the data-file validators of the current schemas as code into a temporary
//   folder and names it in LAUNCH_SCHEDULE_VALIDATORS (lib/base/tool-identity.ts), as the
//   bundle keeps them beside itself: each test process that validates data loads them
//   instead of compiling the schemas (about 2 s of CPU each). Removed at the end.
// - It sets LAUNCH_SCHEDULE_TWINS=fast (publish/compress.ts): every build of the suite writes
//   its .br/.gz twins at the fast level, as a large data set's build does. Brotli 11 took
//   about 2.5 s of a small fixture's 3.5 s build, and the suite builds one over a hundred
//   times. compression.e2e.test.ts builds at the default level, and checks it is the best.
// - It points TMPDIR at a folder of the suite's own, in memory where the machine has room
//   (suite-temp.ts says why), where every temporary file of the tests and their child
//   processes goes. Removed at the end, with whatever a test left there.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeValidatorModules } from '../../scripts/lib/data/validator-modules.ts';
import { suiteTempParent } from './suite-temp.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export default function setup(): () => void {
  // Any command makes the bundle before it runs; --help then only prints the usage.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/run.mjs'), 'validate', '--help'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const parent = suiteTempParent(process.env);
  const suiteTemp = parent === undefined ? undefined : mkdtempSync(path.join(parent, 'lss-suite-'));
  if (suiteTemp !== undefined) process.env.TMPDIR = suiteTemp;
  const validators = mkdtempSync(path.join(tmpdir(), 'lss-validators-'));
  writeValidatorModules(validators);
  process.env.LAUNCH_SCHEDULE_VALIDATORS = validators;
  process.env.LAUNCH_SCHEDULE_TWINS = 'fast';
  return () => {
    rmSync(validators, { recursive: true, force: true });
    if (suiteTemp !== undefined) rmSync(suiteTemp, { recursive: true, force: true });
  };
}
