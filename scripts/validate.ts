// npm run validate [-- --strict --now ISO --data-dir DIR]: checks the data, writes nothing.

import { runCli } from './lib/cli/cli.ts';
import { buildOptions, parseFlags } from './lib/cli/options.ts';
import { recordCacheIn, validateDataDir } from './lib/pipeline.ts';
import { reportProblems } from './lib/cli/report.ts';

await runCli(async () => {
  const argv = process.argv.slice(2);
  const strict = parseFlags(argv).flags.has('strict');
  const options = buildOptions(argv.filter((a) => a !== '--strict'), process.env, process.cwd(), Date.now);
  const result = await validateDataDir(options.dataDir, options.now, await recordCacheIn(options.cacheDir));
  reportProblems(result.problems, process.env, (line) => console.error(line));
  const failed = !result.dataset || (strict && result.problems.length > 0);
  if (!failed) console.log(`data is valid: ${result.dataset!.launches.length} launches, ${result.dataset!.events.length} events`);
  return failed ? 1 : 0;
});
