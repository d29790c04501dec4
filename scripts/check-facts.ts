// npm run facts [-- --data-dir DIR --from YEAR --to YEAR]: checks the data against
// facts known apart from LL2 (scripts/lib/import/facts.ts) and prints launches
// per year. Exit code 1 when a check fails or the data does not validate.

import { runCli } from './lib/cli/cli.ts';
import { BUILD_FLAGS, buildOptions, parseFlags, UsageError, wantsHelp } from './lib/cli/options.ts';
import { checkFacts, launchesPerYear } from './lib/import/facts.ts';
import { recordCacheIn, validateDataDir } from './lib/pipeline.ts';

const USAGE = `usage: npm run facts [-- --data-dir DIR --from YEAR --to YEAR]

Checks the data against facts known apart from LL2 (every Falcon flight is
SpaceX's, Sputnik 1's NET, no launch twice, launches every year from --from to
--to) and prints launches per year. Exits 1 when a check fails.

  --data-dir DIR   the data folder (DATA_DIR; default data)
  --from YEAR      the first year that must have launches (default 1957)
  --to YEAR        the last (default 2024)
  --help           this text`;

await runCli(async () => {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv, [...BUILD_FLAGS, 'from', 'to'], USAGE)) {
    console.log(USAGE);
    return 0;
  }
  const { flags } = parseFlags(argv);
  const year = (name: string, fallback: number): number => {
    const value = flags.get(name);
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || !/^\d{4}$/.test(value)) throw new UsageError(`--${name} needs a year`);
    return Number(value);
  };
  const history = { from: year('from', 1957), to: year('to', 2024) };
  const rest = argv.filter((a, i) => !['--from', '--to'].includes(a) && !['--from', '--to'].includes(argv[i - 1]));
  const options = buildOptions(rest, process.env, process.cwd(), Date.now);
  const result = await validateDataDir(options.dataDir, options.now, await recordCacheIn(options.cacheDir));
  if (!result.dataset) throw new UsageError('the data does not validate: run npm run validate');
  const checks = checkFacts(result.dataset, history);
  for (const check of checks) console.log(`${check.ok ? 'ok  ' : 'FAIL'}  ${check.name}: ${check.detail}`);
  console.log(
    `launches per year: ${[...launchesPerYear(result.dataset.launches)].map(([y, n]) => `${y} ${n}`).join(', ')}`,
  );
  return checks.every((c) => c.ok) ? 0 : 1;
});
