// A rebuild that kills itself (SIGKILL, nothing cleaned up) right after one step
// of its publish, or halfway through rendering ('rendering'):
//   node --import tsx test/helpers/killed-publish.ts (or its bundle, helpers/bundle-script.ts) DATA_DIR OUT_DIR RECIPE STEP [CACHE_DIR] [READ_MARK]
// It prints `reached STEP` first. With READ_MARK it then holds still (lock held, the
// folder as the step left it) until that file exists or 30 s pass, so that a reader
// is sure to read the state it is killed in, however fast the machine. A step the
// publish never reaches lets it finish (exit 0).

import { existsSync, writeSync } from 'node:fs';
import { publishSite } from './site-publish.ts';

const [dataDir, outDir, recipe, killAt, cacheDir, readMark] = process.argv.slice(2);
const HOLD_MS = 30_000;

/**
 * A synchronous pause: the rendering's progress callback cannot wait for a promise (a
 * checkpoint could, but one way of holding serves both), and the step must not move on.
 */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number): void => {
  Atomics.wait(PAUSE, 0, 0, ms);
};

const die = (step: string): void => {
  writeSync(1, `reached ${step}\n`);
  for (const until = Date.now() + HOLD_MS; readMark && !existsSync(readMark) && Date.now() < until; ) sleep(5);
  process.kill(process.pid, 'SIGKILL');
};
await publishSite(dataDir, outDir, recipe, {
  cacheDir,
  checkpoint: (step) => (step === killAt ? die(step) : undefined),
  progress: (done, total) =>
    killAt === 'rendering' && total > 1 && done === Math.ceil(total / 2) ? die('rendering') : undefined,
});
