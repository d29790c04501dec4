// npm run api-diff -- BASE_OUT HEAD_OUT: summary of what a change does to the
// published API, from two trees built with the same clock and base URL.

import { appendFileSync } from 'node:fs';
import { runCli } from './lib/cli/cli.ts';
import { diffApis, formatApiDiff, readPublishedApi } from './lib/publish/api-diff.ts';
import { asksForHelp, parseFlags, UsageError } from './lib/cli/options.ts';

const USAGE = 'usage: npm run api-diff -- BASE_OUT HEAD_OUT (two built public/ folders, same clock and base URL)';

await runCli(async () => {
  if (asksForHelp(process.argv.slice(2))) {
    console.log(USAGE);
    return 0;
  }
  const { positional } = parseFlags(process.argv.slice(2));
  if (positional.length !== 2) throw new UsageError(USAGE);
  const [base, head] = await Promise.all(positional.map(readPublishedApi));
  const summary = formatApiDiff(diffApis(base, head), base, head);
  console.log(summary);
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `${summary}\n`);
});
