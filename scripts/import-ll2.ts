// npm run import:ll2 -- [--data-dir DIR] [--now ISO] [--saved-by TEXT] [--saved-at ISO] [--dry-run] [--keep-reference] [--verbose] FILE...
// Imports LL2 2.2.0 or 2.3.0 JSON (a page, an array, one object, or any wrapper
// of them; launches, events or reference records; list, normal or detailed mode)
// into the YAML data folder. --saved-by and --saved-at say who saved the files
// and when, for the records' provenance. --keep-reference: existing reference
// records keep their values and only gain fields they lack. Values shortened or
// left out to fit our schema are listed (TRIMMED) and warned of; everything
// printed from the files is escaped (base/outside-text.ts).

import path from 'node:path';
import { runCli } from './lib/cli/cli.ts';
import { formatImportReport } from './lib/import/report.ts';
import { importLl2Files } from './lib/import/io.ts';
import { parseClock, parseFlags, UsageError, wantsHelp } from './lib/cli/options.ts';
import { printableLine } from './lib/base/outside-text.ts';
import { formatProblem } from './lib/data/problems.ts';
import { formatTimestamp } from './lib/model/time.ts';

const USAGE = `usage: npm run import:ll2 -- [--data-dir DIR] [--now ISO] [--saved-by TEXT] [--saved-at ISO] [--dry-run] [--keep-reference] [--verbose] FILE...

Imports LL2 2.2.0 or 2.3.0 JSON files (pages, arrays, single objects) into the data folder (docs/importing.md).
  --data-dir DIR     the data folder (DATA_DIR; default data)
  --now ISO          the clock (BUILD_NOW; default the system clock)
  --saved-by TEXT    who saved the files, for the records' provenance
  --saved-at ISO     when they were saved
  --dry-run          write nothing
  --keep-reference   existing reference records keep their values and only gain fields they lack
  --verbose          list every record`;

await runCli(async () => {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv, ['data-dir', 'now', 'saved-by', 'saved-at', 'dry-run', 'keep-reference', 'verbose'], USAGE)) {
    console.log(USAGE);
    return 0;
  }
  const { flags, positional } = parseFlags(argv);
  const value = (name: string): string | undefined => {
    const v = flags.get(name);
    if (v === true) throw new UsageError(`--${name} needs a value`);
    return v;
  };
  // `--dry-run FILE`, `--keep-reference FILE` and `--verbose FILE` are read as flags with a value; give the file back.
  for (const name of ['dry-run', 'keep-reference', 'verbose']) {
    const v = flags.get(name);
    if (typeof v === 'string') positional.unshift(v);
  }
  if (positional.length === 0) throw new UsageError(USAGE);
  const dataDir = path.resolve(value('data-dir') ?? process.env.DATA_DIR ?? 'data');
  const now = parseClock(value('now') ?? process.env.BUILD_NOW, Date.now);
  const savedAtText = value('saved-at');
  const savedAt = savedAtText === undefined ? undefined : formatTimestamp(parseClock(savedAtText, Date.now));
  const run = await importLl2Files({
    dataDir,
    files: positional,
    now,
    dryRun: flags.has('dry-run'),
    keepReference: flags.has('keep-reference'),
    savedBy: value('saved-by'),
    savedAt,
  });

  for (const line of formatImportReport(run.report, flags.has('verbose'))) console.log(line);
  if (run.newErrors.length > 0) {
    console.error(`\nThis import would leave errors in the data folder; nothing was written:`);
    for (const problem of run.newErrors) console.error(printableLine(`  ${formatProblem(problem)}`));
    return 1;
  }
  if (run.existingErrors.length > 0) {
    console.error(
      `\nnote: the data folder already had ${run.existingErrors.length} error(s) before this import (run npm run validate); the import added none`,
    );
  }
  if (run.report.trimmed.length > 0) {
    console.error(
      `\nwarning: ${run.report.trimmed.length} value(s) were shortened or left out to fit our schema (listed above under TRIMMED)`,
    );
  }
  const where = path.relative(process.cwd(), dataDir) || '.';
  console.log(
    run.written
      ? `\nwrote ${run.files.length} file(s) under ${where}/ (${run.histories} of them launch histories)`
      : flags.has('dry-run')
        ? `\ndry run: ${run.files.length} file(s) would be written`
        : '\nnothing to write',
  );
  return run.report.problems.length > 0 ? 1 : 0;
});
