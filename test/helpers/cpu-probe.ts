// A vitest setup file, loaded only when VITEST_CPU_LOG names a file (see vitest.config.ts): at the end
// of each test file it appends one line to that file, `<CPU seconds>\t<test file>`, the CPU time
// (user + system) of the worker process that ran it and of the child processes it waited for
// (tsx, node, Chromium, workerd), read from /proc/self/stat. A fork runs one file (the isolated
// project) or several one after the other (the shared one, vitest.config.ts): the figure is what
// the fork spent since the last file it ran ended (the first file's includes the fork's start).
// Linux only; elsewhere it writes nothing.

import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';

const TICKS_PER_SECOND = 100;

/** utime + stime + cutime + cstime of this process, in seconds; undefined without /proc. */
const cpuSeconds = (): number | undefined => {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is the state (field 3 of proc(5)); utime..cstime are fields 14..17.
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return ticks / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
};

const log = process.env.VITEST_CPU_LOG;
// vitest reads the hook's first parameter as a fixture pattern: it must be an object pattern, here an empty one.
// biome-ignore lint/correctness/noEmptyPattern: see above
afterAll(({}, suite) => {
  const seconds = cpuSeconds();
  const file = 'filepath' in suite ? String(suite.filepath) : suite.name;
  if (!log || seconds === undefined) return;
  // Kept on the global object: with isolate: false this module is evaluated again for each file.
  const probe = globalThis as { cpuProbeLast?: number };
  const spent = seconds - (probe.cpuProbeLast ?? 0);
  probe.cpuProbeLast = seconds;
  appendFileSync(log, `${spent.toFixed(2)}\t${path.relative(process.cwd(), file)}\t${process.pid}\n`);
});
