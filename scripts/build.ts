// npm run build [-- --now ISO --base-url URL --repository-url URL --data-dir DIR --out-dir DIR --host HOST]

import path from 'node:path';
import { runCli } from './lib/cli/cli.ts';
import { buildInputsOf, buildOptions } from './lib/cli/options.ts';
import { buildSite, recordCacheIn } from './lib/pipeline.ts';
import { reportProblems } from './lib/cli/report.ts';
import { formatTimestamp } from './lib/model/time.ts';

await runCli(async () => {
  const options = buildOptions(process.argv.slice(2), process.env, process.cwd(), Date.now);
  const summary = await buildSite(options.dataDir, options.outDir, buildInputsOf(options), await recordCacheIn(options.cacheDir));
  reportProblems(summary.warnings, process.env, (line) => console.error(line));
  // In GitHub Actions, a `::warning::` line becomes an annotation on the run.
  const warn = process.env.GITHUB_ACTIONS === 'true' ? '::warning::' : 'warning: ';
  for (const warning of summary.hostWarnings) console.error(`${warn}host limit: ${warning}`);
  console.log(
    `built ${summary.launches} launches and ${summary.events} events into ${path.relative(process.cwd(), options.outDir) || '.'}/ ` +
    `(${summary.files} files, ${(summary.bytes / 1e6).toFixed(1)} MB${summary.mode === 'incremental' ? `; ${summary.rendered} changed since the last build` : ''}) at clock ${formatTimestamp(options.now)} for ${options.baseUrl}`,
  );
});
