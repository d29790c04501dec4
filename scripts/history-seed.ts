// npm run history:seed -- [--corpus DIR] [--data-dir DIR] [--saved-by OWNER/REPO] [--dry-run]
// Writes data/history/ from a replay corpus (../shared/ll2-replay/ format;
// docs/history.md): one file per launch the corpus lists and the data folder
// holds, next to its record (history/<year>/<slug>.yaml for launches/<year>/<slug>.yaml).
// A launch that has a history file already keeps it. Prints the corpus's counts
// (launches, NET changes, status changes, launches whose NET moved).

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCli } from './lib/cli/cli.ts';
import { parseFlags, UsageError, wantsHelp } from './lib/cli/options.ts';
import { loadDataDir } from './lib/data/load.ts';
import { historyFilePath } from './lib/model/history.ts';
import { historyText } from './lib/import/history-append.ts';
import { keyTables, seedHistoryFiles, type SeedRecord } from './lib/import/history-seed.ts';
import { existingData } from './lib/import/io.ts';
import { readReplayCorpus } from './lib/import/sync/replay.ts';

const USAGE = `usage: npm run history:seed -- [--corpus DIR] [--data-dir DIR] [--saved-by OWNER/REPO] [--dry-run]

Writes data/history/ from a replay corpus (docs/history.md).
  --corpus DIR           the corpus (default ../shared/ll2-replay)
  --data-dir DIR         the data folder (default data, or DATA_DIR)
  --saved-by OWNER/REPO  who saved the lists, when the corpus README does not say
  --dry-run              print the counts, write nothing
  --help                 this text`;

await runCli(async () => {
  if (wantsHelp(process.argv.slice(2), ['corpus', 'data-dir', 'saved-by', 'dry-run'], USAGE)) {
    console.log(USAGE);
    return 0;
  }
  const { flags } = parseFlags(process.argv.slice(2));
  for (const name of flags.keys())
    if (!['corpus', 'data-dir', 'saved-by', 'dry-run'].includes(name)) throw new UsageError(`unknown option --${name}`);
  const value = (name: string, fallback: string): string => {
    const v = flags.get(name);
    if (v === true) throw new UsageError(`--${name} needs a value`);
    return v ?? fallback;
  };
  const corpusDir = path.resolve(value('corpus', '../shared/ll2-replay'));
  const dataDir = path.resolve(value('data-dir', process.env.DATA_DIR ?? 'data'));
  // The corpus README names who saved the lists: kohld/zenith committed every hourly answer to git.
  const savedBy = value('saved-by', 'kohld/zenith');
  const corpus = await readReplayCorpus(corpusDir);
  const loaded = await loadDataDir(dataDir, dataDir);
  const existing = existingData(loaded);
  const launches = existing.launches.map((l) => ({ record: l.record as unknown as SeedRecord, path: l.path }));
  const histories = new Set(loaded.files.filter((f) => f.kind === 'history').map((f) => f.path));
  const result = seedHistoryFiles(
    corpus,
    keyTables(existing.reference),
    savedBy,
    launches,
    histories,
    historyText,
    historyFilePath,
  );
  const { counts } = result;
  console.log(
    `corpus: ${counts.launches} launches, ${counts.netChanges} NET changes, ${counts.statusChanges} status changes, ${counts.launchesNetMoved} launches whose NET moved`,
  );
  for (const note of result.notes) console.log(`note: ${note}`);
  if (flags.has('dry-run')) {
    console.log(`dry run: ${result.files.length} history file(s) would be written`);
    return 0;
  }
  for (const file of result.files) {
    const target = path.join(dataDir, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
  console.log(
    `wrote ${result.files.length} history file(s) under ${path.relative(process.cwd(), dataDir) || '.'}/history/`,
  );
  return 0;
});
