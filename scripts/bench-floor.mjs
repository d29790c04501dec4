// The floor for `npm run bench`: the least any build must do. Reads and parses
// every data file with `yaml`, then writes the given output tree's bytes to a
// fresh folder. Plain JavaScript, so no TypeScript loader time is counted.
// Usage: node scripts/bench-floor.mjs DATA_DIR BUILT_OUT_DIR SCRATCH_DIR

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { parse } from 'yaml';

const [dataDir, builtDir, scratch] = process.argv.slice(2);

async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]);
      }
    }),
  );
  return results;
}

const inputs = await fg('**/*.{yaml,yml}', { cwd: dataDir, ignore: ['schemas/**'] });
const parseStart = process.hrtime.bigint();
await mapLimit(inputs, 64, async (f) => parse(await readFile(path.join(dataDir, f), 'utf8')));
const parseSeconds = Number(process.hrtime.bigint() - parseStart) / 1e9;

// Not timed: load the bytes to write, so the write phase measures writing only.
const outputs = (await fg('**/*', { cwd: builtDir, onlyFiles: true })).sort();
const contents = await mapLimit(outputs, 64, (f) => readFile(path.join(builtDir, f)));
await rm(scratch, { recursive: true, force: true });

const writeStart = process.hrtime.bigint();
for (const folder of [...new Set(outputs.map((f) => path.dirname(path.join(scratch, f))))].sort())
  await mkdir(folder, { recursive: true });
let next = 0;
await Promise.all(
  Array.from({ length: 64 }, async () => {
    while (next < outputs.length) {
      const i = next++;
      await writeFile(path.join(scratch, outputs[i]), contents[i]);
    }
  }),
);
const writeSeconds = Number(process.hrtime.bigint() - writeStart) / 1e9;
await rm(scratch, { recursive: true, force: true });

if (process.env.BENCH_RUSAGE_FILE) {
  await writeFile(
    process.env.BENCH_RUSAGE_FILE,
    JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS, parseSeconds, writeSeconds }),
  );
}
console.log(
  `floor: parsed ${inputs.length} files in ${parseSeconds.toFixed(3)} s, wrote ${outputs.length} files in ${writeSeconds.toFixed(3)} s`,
);
