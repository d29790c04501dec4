// Running a command-line entry point: known failures become a clear message and
// exit code 1, never a stack trace (set DEBUG=1 to see one).

import { writeFileSync } from 'node:fs';
import { DataError } from '../data/problems.ts';
import { reportProblems, type ReportOptions } from './report.ts';
import { UsageError } from './options.ts';
import { BuildLockedError } from '../publish/writer.ts';

/** For `npm run bench`: the peak memory of this process, written where the bench asks. */
function reportResourceUsage(): void {
  const file = process.env.BENCH_RUSAGE_FILE;
  if (file) writeFileSync(file, JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS }));
}

/** `report`: how data problems are listed when `main` throws a DataError (report.ts), as far as main had read its options. */
export async function runCli(
  main: () => Promise<number | undefined>,
  report: () => ReportOptions = () => ({ allWarnings: true }),
): Promise<void> {
  process.once('exit', reportResourceUsage);
  try {
    process.exitCode = (await main()) ?? 0;
  } catch (error) {
    if (error instanceof DataError) {
      reportProblems(error.problems, process.env, (line) => console.error(line), report());
      console.error('Nothing was written; the previous output is unchanged.');
    } else if (error instanceof UsageError || error instanceof BuildLockedError) {
      console.error(`error: ${error.message}`);
    } else {
      const code = (error as NodeJS.ErrnoException).code;
      console.error(`error: ${(error as Error).message}${code ? ` (${code})` : ''}`);
      console.error('The previous output is unchanged.');
      if (process.env.DEBUG) console.error(error);
    }
    process.exitCode = 1;
  }
}
