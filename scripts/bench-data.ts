// npx tsx scripts/bench-data.ts --launches N --out DIR
//
// The bench's synthetic data set, written as data files: the real reference data
// (data/reference) and N launches and N/10 events over it (lib/data/synthetic.ts,
// deterministic), at the bench's clock. In: N and a folder; out: the folder, a data
// folder to build with `scripts/run.mjs build --data-dir DIR --now BENCH_NOW`.
// bench.ts writes its data sets with it; run alone, it gives a data set to build
// and profile apart (docs/performance.md).

import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCli } from './lib/cli/cli.ts';
import { parseFlags, UsageError } from './lib/cli/options.ts';
import { recordToYaml } from './lib/data/canonical.ts';
import { checkData } from './lib/data/check.ts';
import { loadDataDir } from './lib/data/load.ts';
import { recordPath } from './lib/data/scaffold.ts';
import { syntheticDataSet } from './lib/data/synthetic.ts';
import { eventSchema, launchSchema } from './schemas/data-files.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The clock the bench builds its synthetic data sets at. */
export const BENCH_NOW = '2026-11-21T00:00:00Z';

/** Writes the data set of `launches` synthetic launches (and a tenth as many events) into `dataDir`. */
export async function writeDataSet(dataDir: string, launches: number): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await cp(path.join(ROOT, 'data/reference'), path.join(dataDir, 'reference'), { recursive: true });
  const checked = checkData(await loadDataDir(dataDir), Date.parse(BENCH_NOW));
  if (!checked.dataset) throw new Error('the reference data in data/reference does not validate');
  const data = syntheticDataSet(checked.dataset.reference, {
    launches,
    events: Math.floor(launches / 10),
    now: Date.parse(BENCH_NOW),
  });
  const folders = new Set<string>();
  const files: Array<[string, string]> = [
    ...data.launches.map(
      (l) => [recordPath('launches', l.slug, l.net), recordToYaml(l, launchSchema)] as [string, string],
    ),
    ...data.events.map((e) => [recordPath('events', e.slug, e.date), recordToYaml(e, eventSchema)] as [string, string]),
  ];
  for (const [relative] of files) folders.add(path.dirname(path.join(dataDir, relative)));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  for (const [relative, text] of files) await writeFile(path.join(dataDir, relative), text);
}

if (import.meta.main) {
  await runCli(async () => {
    const { flags } = parseFlags(process.argv.slice(2));
    const launches = Number(flags.get('launches'));
    const out = flags.get('out');
    if (!Number.isInteger(launches) || launches < 1 || typeof out !== 'string')
      throw new UsageError('usage: bench-data.ts --launches N --out DIR');
    await writeDataSet(path.resolve(out), launches);
    console.log(`${launches} launches and ${Math.floor(launches / 10)} events written to ${out} (clock ${BENCH_NOW})`);
    return 0;
  });
}
