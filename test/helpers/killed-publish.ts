// A rebuild that kills itself (SIGKILL, nothing cleaned up) right after one step
// of its publish, or halfway through rendering ('rendering'):
//   node --import tsx test/helpers/killed-publish.ts (or its bundle, helpers/bundle-script.ts) DATA_DIR OUT_DIR RECIPE STEP [CACHE_DIR]
// It prints `reached STEP` first. A step the publish never reaches lets it finish (exit 0).

import { writeSync } from 'node:fs';
import { publishSite } from './site-publish.ts';

const [dataDir, outDir, recipe, killAt, cacheDir] = process.argv.slice(2);
const die = (step: string): void => {
  writeSync(1, `reached ${step}\n`);
  process.kill(process.pid, 'SIGKILL');
};
await publishSite(dataDir, outDir, recipe, {
  cacheDir,
  checkpoint: (step) => (step === killAt ? die(step) : undefined),
  progress: (done, total) =>
    killAt === 'rendering' && total > 1 && done === Math.ceil(total / 2) ? die('rendering') : undefined,
});
