// npm run build [-- --warnings --now ISO --base-url URL --repository-url URL --data-dir DIR --out-dir DIR --host HOST]
// Shows its progress on stderr (cli/progress.ts), lists errors in full and sums up
// warnings in files the contributor did not change (cli/report.ts), ends with one line on stdout.

import path from 'node:path';
import { runCli } from './lib/cli/cli.ts';
import { changedDataFiles } from './lib/cli/changed-files.ts';
import { BUILD_FLAGS, buildInputsOf, buildOptions, wantsHelp } from './lib/cli/options.ts';
import { progressReporter } from './lib/cli/progress.ts';
import { type BuildSummary, buildSite, recordCacheIn } from './lib/pipeline.ts';
import { reportProblems, type ReportOptions } from './lib/cli/report.ts';
import { formatTimestamp } from './lib/model/time.ts';

const USAGE = `usage: npm run build [-- options]

Checks data/ and writes the API, the schedule page and the host files to public/.
Nothing is written when the data has an error.

  --warnings             list every data warning (by default those in files you did
                         not change are summed up in one line)
  --data-dir DIR         the data folder (DATA_DIR; default data)
  --out-dir DIR          the output folder (OUT_DIR; default public)
  --base-url URL         the API's address (BASE_URL; default http://localhost:8080/2.3.0/)
  --now ISO              the build clock (BUILD_NOW; default now)
  --repository-url URL   the data's repository, linked for corrections (REPOSITORY_URL)
  --host HOST            the host's tree (BUILD_HOST)
  --cache-dir DIR        the record cache (BUILD_CACHE_DIR); --no-cache for none
  --help                 this text`;

const argv = process.argv.slice(2);
let report: ReportOptions = { allWarnings: true };
await runCli(
  async () => {
    if (wantsHelp(argv, [...BUILD_FLAGS, 'warnings'], USAGE)) {
      console.log(USAGE);
      return 0;
    }
    const options = buildOptions(
      argv.filter((a) => a !== '--warnings'),
      process.env,
      process.cwd(),
      Date.now,
    );
    report = {
      allWarnings: argv.includes('--warnings'),
      changed: changedDataFiles(options.dataDir, process.cwd()),
      listCommand: 'npm run build -- --warnings',
    };
    const progress = progressReporter(
      (text) => process.stderr.write(text),
      process.stderr.isTTY === true,
      () => performance.now(),
    );
    let summary: BuildSummary;
    try {
      summary = await buildSite(
        options.dataDir,
        options.outDir,
        buildInputsOf(options),
        await recordCacheIn(options.cacheDir),
        progress.listener,
      );
    } finally {
      progress.done();
    }
    reportProblems(summary.warnings, process.env, (line) => console.error(line), report);
    // In GitHub Actions, a `::warning::` line becomes an annotation on the run.
    const warn = process.env.GITHUB_ACTIONS === 'true' ? '::warning::' : 'warning: ';
    for (const warning of summary.hostWarnings) console.error(`${warn}host limit: ${warning}`);
    console.log(
      `built ${summary.launches} launches and ${summary.events} events into ${path.relative(process.cwd(), options.outDir) || '.'}/ ` +
        `(${summary.files} files, ${(summary.bytes / 1e6).toFixed(1)} MB${summary.mode === 'incremental' ? `; ${summary.rendered} changed since the last build` : ''}) at clock ${formatTimestamp(options.now)} for ${options.baseUrl}`,
    );
  },
  () => report,
);
