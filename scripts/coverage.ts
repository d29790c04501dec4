// npm run coverage [-- --data-dir DIR --now ISO --markdown]: launches per year in
// data/ with the sources behind them, the months markedly thinner than their
// neighbours and the incomplete spans (scripts/lib/model/coverage.ts), then the
// data in numbers as status.json has it (model/data-numbers.ts: per year beside
// LL2's counts, astronauts, the upcoming horizon at the clock). Exit code 1 when
// the data does not validate; a thin span is reported, not an error.

import { runCli } from './lib/cli/cli.ts';
import { BUILD_FLAGS, buildOptions, parseFlags, UsageError, wantsHelp } from './lib/cli/options.ts';
import { coverageReport } from './lib/import/coverage-report.ts';
import { recordCacheIn, validateDataDir } from './lib/pipeline.ts';
import { createContext } from './lib/api/context.ts';
import { dataNumbers, numbersReport } from './lib/model/data-numbers.ts';

const USAGE = `usage: npm run coverage [-- --data-dir DIR --now ISO --markdown]

Launches per year in the data with the sources behind them, the months markedly
thinner than their neighbours, the spans known to be incomplete, and the data in
numbers (per year beside LL2's counts, astronauts, the upcoming horizon).

  --data-dir DIR   the data folder (DATA_DIR; default data)
  --now ISO        the clock (BUILD_NOW; default now)
  --markdown       as a Markdown table
  --help           this text`;

await runCli(async () => {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv, [...BUILD_FLAGS, 'markdown'], USAGE)) {
    console.log(USAGE);
    return 0;
  }
  const { flags } = parseFlags(argv);
  const options = buildOptions(argv, process.env, process.cwd(), Date.now);
  const result = await validateDataDir(options.dataDir, options.now, await recordCacheIn(options.cacheDir));
  if (!result.dataset) throw new UsageError('the data does not validate: run npm run validate');
  for (const line of coverageReport(result.dataset.launches, options.now, { markdown: flags.has('markdown') }))
    console.log(line);
  const { upcomingLaunches } = createContext(result.dataset, {
    now: options.now,
    baseUrl: options.baseUrl,
  }).collections;
  const numbers = dataNumbers(
    result.dataset.launches,
    result.dataset.reference.astronauts.values(),
    upcomingLaunches.map((l) => l.net),
  );
  for (const line of ['', ...numbersReport(numbers)]) console.log(line);
  return 0;
});
