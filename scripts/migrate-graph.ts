// npm run migrate:graph [-- --data-dir DIR] [--dry-run]: files the objects nested
// in launches (boosters and their statuses) as records of their own and rewrites
// the launches to refer to them by key (docs/data.md). Safe to run again: a second
// run changes nothing.

import { runCli } from './lib/cli/cli.ts';
import { parseFlags, UsageError } from './lib/cli/options.ts';
import { reportProblems } from './lib/cli/report.ts';
import { migrateGraph } from './lib/import/migrate.ts';
import path from 'node:path';

await runCli(async () => {
  const { flags, positional } = parseFlags(process.argv.slice(2));
  for (const name of flags.keys()) if (!['data-dir', 'dry-run'].includes(name)) throw new UsageError(`unknown option --${name}`);
  if (positional.length > 0) throw new UsageError('usage: npm run migrate:graph -- [--data-dir DIR] [--dry-run]');
  const dir = flags.get('data-dir');
  if (dir === true) throw new UsageError('--data-dir needs a value');
  const run = await migrateGraph(path.resolve(dir ?? process.env.DATA_DIR ?? 'data'), { dryRun: flags.has('dry-run') });
  reportProblems(run.problems, process.env, (line) => console.error(line));
  if (run.problems.length > 0) return 1;
  for (const [what, times] of run.conversions) console.log(`${what}: ${times}`);
  console.log(`${run.files.length} file(s) ${flags.has('dry-run') ? 'would be ' : ''}written`);
  return 0;
});
