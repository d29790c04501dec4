// npm test: the typecheck (tsc --noEmit) and the test files (vitest run, with any
// arguments given) side by side rather than one after the other: tsc keeps one core
// busy for half a minute, and vitest's workers leave a core idle now and then (a
// browser starting, a child process waiting). tsc runs at a lower priority, so the
// tests' timings are not the ones that suffer. Its report is printed after vitest's;
// the exit code is 1 when either failed.

import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');

/** Exit code of a child (1 when it was killed by a signal). */
const finished = (child) =>
  new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });

const tsc = spawn(process.execPath, [TSC, '--noEmit'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
let report = '';
tsc.stdout.setEncoding('utf8').on('data', (chunk) => {
  report += chunk;
});
tsc.stderr.setEncoding('utf8').on('data', (chunk) => {
  report += chunk;
});
try {
  if (tsc.pid !== undefined) setPriority(tsc.pid, 10);
} catch {
  // not allowed here: it runs at the same priority
}
const typecheck = finished(tsc);

const tests = await finished(
  spawn(process.execPath, [VITEST, 'run', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' }),
);
const types = await typecheck;
if (types !== 0) process.stderr.write(`${report}\ntypecheck (tsc --noEmit) failed\n`);
else console.log('typecheck (tsc --noEmit) passed');
process.exit(tests !== 0 || types !== 0 ? 1 : 0);
