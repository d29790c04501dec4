// npm run validate [-- --strict --warnings --now ISO --data-dir DIR]: checks the data, writes nothing.
// The files the contributor changed come first (cli/changed-files.ts, from git);
// warnings in other files are summed up in one line unless --warnings.

import { runCli } from './lib/cli/cli.ts';
import { changedDataFiles } from './lib/cli/changed-files.ts';
import { BUILD_FLAGS, buildOptions, wantsHelp } from './lib/cli/options.ts';
import type { CheckResult } from './lib/data/check.ts';
import { recordCacheIn, validateDataDir } from './lib/pipeline.ts';
import { progressReporter } from './lib/cli/progress.ts';
import { reportProblems } from './lib/cli/report.ts';

const USAGE = `usage: npm run validate [-- options]

Checks every file under data/ and reports each problem with its file, line and
column, the rule and the fix; writes nothing. Exits 1 when there is an error.
The files you changed (by git, against the merge base with main, committed or
not, and new files) are listed first, with their warnings.

  --warnings       list every warning (by default those in files you did not
                   change are summed up in one line)
  --strict         fail on warnings too
  --data-dir DIR   the data folder (DATA_DIR; default data)
  --now ISO        the clock that "stale" and "in the future" are judged by (BUILD_NOW)
  --cache-dir DIR  the record cache (BUILD_CACHE_DIR); --no-cache for none
  --help           this text`;

const BOOLEAN = ['--strict', '--warnings'];

await runCli(async () => {
  const argv = process.argv.slice(2);
  // The build's options are accepted too (and ignored where they do not apply): scripts pass the same to both.
  if (wantsHelp(argv, [...BUILD_FLAGS, 'strict', 'warnings'], USAGE)) {
    console.log(USAGE);
    return 0;
  }
  const strict = argv.includes('--strict');
  const options = buildOptions(
    argv.filter((a) => !BOOLEAN.includes(a)),
    process.env,
    process.cwd(),
    Date.now,
  );
  // On a terminal, the stages as one redrawn line (cleared before the report); in a log, nothing but the report.
  const progress = process.stderr.isTTY
    ? progressReporter(
        (text) => process.stderr.write(text),
        true,
        () => performance.now(),
      )
    : undefined;
  let result: CheckResult;
  try {
    result = await validateDataDir(
      options.dataDir,
      options.now,
      await recordCacheIn(options.cacheDir),
      progress?.listener,
    );
  } finally {
    progress?.done();
  }
  reportProblems(result.problems, process.env, (line) => console.error(line), {
    allWarnings: argv.includes('--warnings') || strict,
    changed: changedDataFiles(options.dataDir, process.cwd()),
    listCommand: 'npm run validate -- --warnings',
  });
  const failed = !result.dataset || (strict && result.problems.length > 0);
  if (!failed)
    console.log(`data is valid: ${result.dataset!.launches.length} launches, ${result.dataset!.events.length} events`);
  return failed ? 1 : 0;
});
