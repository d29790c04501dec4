// npm run snapshot [-- --now ISO --base-url URL --repository-url URL --data-dir DIR --out DIR]
//
// Writes into DIR (default snapshot/): launch-schedule-snapshot.tar.gz, its .sha256,
// and manifest.json (the same as inside the archive, to check freshness without
// downloading). The clock, base URL and repository URL are read as for `npm run build`,
// so a snapshot made with the build's BUILD_NOW, BASE_URL and REPOSITORY_URL holds the same tree (always the
// default one, whose _redirects its server applies, whatever --host / BUILD_HOST says).

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { runCli } from './lib/cli/cli.ts';
import { BUILD_FLAGS, buildInputsOf, buildOptions, parseFlags, UsageError, wantsHelp } from './lib/cli/options.ts';
import { siteFiles, validateDataDir } from './lib/pipeline.ts';
import { DataError } from './lib/data/problems.ts';
import { reportProblems } from './lib/cli/report.ts';
import { createSnapshot, snapshotOutputs } from './lib/publish/snapshot.ts';
import { readSnapshotKit } from './lib/publish/snapshot-kit.ts';
import { formatTimestamp } from './lib/model/time.ts';
import { writeTreeAtomically } from './lib/publish/writer.ts';

const USAGE = `usage: npm run snapshot [-- options]

Writes the offline snapshot (launch-schedule-snapshot.tar.gz, its .sha256 and
manifest.json) into a new or empty folder, from the data as the build reads it.

  --out DIR              the folder (SNAPSHOT_DIR; default snapshot)
  --data-dir DIR         the data folder (DATA_DIR; default data)
  --base-url URL         the API's address (BASE_URL; default http://localhost:8080/2.3.0/)
  --now ISO              the build clock (BUILD_NOW; default now)
  --repository-url URL   the data's repository, linked for corrections (REPOSITORY_URL)
  --help                 this text`;

await runCli(async () => {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv, [...BUILD_FLAGS, 'out'], USAGE)) {
    console.log(USAGE);
    return 0;
  }
  const options = buildOptions(argv, process.env, process.cwd(), Date.now);
  const out = parseFlags(argv).flags.get('out');
  if (out === true) throw new UsageError('--out needs a folder');
  const outDir = path.resolve(out ?? process.env.SNAPSHOT_DIR ?? 'snapshot');

  const checked = await validateDataDir(options.dataDir, options.now);
  if (!checked.dataset) throw new DataError(checked.problems);
  reportProblems(checked.problems, process.env, (line) => console.error(line));

  const inputs = buildInputsOf(options);
  const snapshot = await createSnapshot(
    checked.dataset,
    inputs,
    siteFiles(checked.dataset, inputs),
    await readSnapshotKit(),
  );
  const outputs = snapshotOutputs(snapshot);
  // The folder is replaced as a whole: never let that be a folder holding anything else.
  const present = await readdir(outDir).catch(() => [] as string[]);
  const foreign = present.filter((name) => !outputs.some((o) => o.path === name));
  if (foreign.length)
    throw new UsageError(
      `${outDir} holds other files (${foreign.slice(0, 3).join(', ')}); choose a new or empty folder with --out`,
    );
  await writeTreeAtomically(outDir, outputs);

  const where = path.relative(process.cwd(), outDir) || '.';
  console.log(
    `snapshot of ${snapshot.manifest.counts.launches} launches and ${snapshot.manifest.counts.events} events ` +
      `(${snapshot.files.length} files, ${(snapshot.archive.length / 1e6).toFixed(2)} MB compressed) at clock ${formatTimestamp(options.now)} ` +
      `written to ${where}/${outputs[0].path}`,
  );
});
