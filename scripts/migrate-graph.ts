// npm run migrate:graph [-- --data-dir DIR] [--dry-run]: files the objects nested
// in launches (boosters and their statuses) as records of their own and rewrites
// the launches to refer to them by key (docs/data.md). Safe to run again: a second
// run changes nothing.

import { runCli } from './lib/cli/cli.ts';
import { parseFlags, UsageError, wantsHelp } from './lib/cli/options.ts';
import { reportProblems } from './lib/cli/report.ts';
import { migrateGraph } from './lib/import/migrate.ts';
import path from 'node:path';

const USAGE = `usage: npm run migrate:graph -- [--data-dir DIR] [--dry-run]

Files the boosters nested in launches as records of their own and rewrites the
launches to name them by key; safe to run again (a second run writes nothing).
  --dry-run   says what it would write, writing nothing`;

await runCli(async () => {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv, ['data-dir', 'dry-run'], USAGE)) {
    console.log(USAGE);
    return 0;
  }
  const { flags, positional } = parseFlags(argv);
  if (positional.length > 0) throw new UsageError(USAGE);
  const dir = flags.get('data-dir');
  if (dir === true) throw new UsageError('--data-dir needs a value');
  const run = await migrateGraph(path.resolve(dir ?? process.env.DATA_DIR ?? 'data'), { dryRun: flags.has('dry-run') });
  reportProblems(run.problems, process.env, (line) => console.error(line));
  if (run.problems.length > 0) return 1;
  for (const [what, times] of run.conversions) console.log(`${what}: ${times}`);
  console.log(`${run.files.length} file(s) ${flags.has('dry-run') ? 'would be ' : ''}written`);
  return 0;
});
