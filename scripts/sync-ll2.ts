// npm run sync:ll2 -- [--data-dir DIR] [--now ISO] [--since ISO] [--timeout SECONDS] [--max-deletions N] [--dry-run] [--verbose]
// Fetches what changed at LL2 2.3.0 (at most 5 requests) and imports it into the
// data folder, all at once or not at all (docs/sync.md). Environment: LL2_BASE_URL
// (default https://ll.thespacedevs.com/2.3.0/), LL2_API_KEY (optional), BUILD_NOW, DATA_DIR.
// Exit codes: 0 done (changed or not), 3 done, but launches or events LL2 sent were refused
// (named in the summary and the state; every run looks them up again), 4 stopped before
// deleting more launches than --max-deletions (nothing written; a person checks), 1 stopped
// and needs a person, 75 stopped for a while (rate limit, LL2 or network down):
// the next run tries again. Everything printed from LL2 is escaped (base/outside-text.ts).

import path from 'node:path';
import { runCli } from './lib/cli/cli.ts';
import { parseClock, parseFlags, parseHttpBase, UsageError, wantsHelp } from './lib/cli/options.ts';
import { printableLines } from './lib/base/outside-text.ts';
import { displayPath } from './lib/data/files.ts';
import { DataError } from './lib/data/problems.ts';
import { formatTimestamp } from './lib/model/time.ts';
import { SyncStopped } from './lib/import/sync/http.ts';
import { formatSyncSummary } from './lib/import/sync/summary.ts';
import { syncLl2 } from './lib/import/sync/sync.ts';
import { LL2_DEFAULT_BASE_URL, REQUEST_BUDGET } from './lib/import/sync/plan.ts';
import { DEFAULT_MAX_DELETIONS, TooManyDeletions } from './lib/import/sync/removal.ts';

const DEFAULT_TIMEOUT_SECONDS = 30;
/** sysexits.h EX_TEMPFAIL: "try again later". */
const EXIT_TEMPORARY = 75;
/** Written, but some launch versions were refused: a person should look (the workflow commits, then fails). */
const EXIT_REFUSED = 3;
/** Stopped before deleting more launches than one run may: nothing written, a person checks (docs/sync.md). */
const EXIT_TOO_MANY_DELETIONS = 4;

const USAGE = `usage: npm run sync:ll2 -- [--data-dir DIR] [--now ISO] [--since ISO] [--timeout SECONDS] [--max-deletions N] [--dry-run] [--verbose]

Fetches what changed at LL2 2.3.0 (at most ${REQUEST_BUDGET} requests) and imports it into the data folder (docs/sync.md).
  --data-dir DIR       the data folder (DATA_DIR; default data)
  --now ISO            the clock (BUILD_NOW; default the system clock)
  --since ISO          read the feed of changed launches from there instead of the state's time
  --timeout SECONDS    how long one request may take (default ${DEFAULT_TIMEOUT_SECONDS})
  --max-deletions N    how many launch files one run may delete (default ${DEFAULT_MAX_DELETIONS}); more stops the run, writing nothing
  --dry-run            write nothing
  --verbose            list every record created, updated, kept, normalised or dropped
Environment: LL2_BASE_URL (default ${LL2_DEFAULT_BASE_URL}), LL2_API_KEY (optional).
Exit codes: 0 done, 3 done but some LL2 versions were refused, 4 stopped: more deletions than --max-deletions,
1 stopped and needs a person, 75 stopped for now (the next run tries again).`;

await runCli(async () => {
  const argv = process.argv.slice(2);
  const known = ['data-dir', 'now', 'since', 'timeout', 'max-deletions', 'dry-run', 'verbose'];
  if (wantsHelp(argv, known, USAGE)) {
    console.log(USAGE);
    return 0;
  }
  const { flags, positional } = parseFlags(argv);
  if (positional.length > 0) throw new UsageError(`unexpected argument "${positional[0]}"\n\n${USAGE}`);
  const value = (name: string): string | undefined => {
    const v = flags.get(name);
    if (v === true) throw new UsageError(`--${name} needs a value`);
    return v;
  };
  const dataDir = path.resolve(value('data-dir') ?? process.env.DATA_DIR ?? 'data');
  const now = parseClock(value('now') ?? process.env.BUILD_NOW, Date.now);
  const since = value('since');
  const timeout = Number(value('timeout') ?? DEFAULT_TIMEOUT_SECONDS);
  if (!(timeout > 0)) throw new UsageError(`--timeout must be a number of seconds above 0, got "${value('timeout')}"`);
  const baseUrl = parseHttpBase(process.env.LL2_BASE_URL || LL2_DEFAULT_BASE_URL, 'LL2_BASE_URL');
  const apiKey = process.env.LL2_API_KEY || undefined;
  const dryRun = flags.has('dry-run');
  const maxText = value('max-deletions');
  const maxDeletions = maxText === undefined ? DEFAULT_MAX_DELETIONS : Number(maxText);
  if (!Number.isInteger(maxDeletions) || maxDeletions < 0)
    throw new UsageError(`--max-deletions must be a whole number of launches (0 or more), got "${maxText}"`);

  console.log(
    `LL2 sync from ${baseUrl} at ${formatTimestamp(now)}${apiKey ? ' with an API key' : ''}${dryRun ? ' (dry run)' : ''}`,
  );
  try {
    const result = await syncLl2({
      dataDir,
      now,
      baseUrl,
      apiKey,
      fetch,
      timeoutMs: timeout * 1000,
      dryRun,
      maxDeletions,
      since: since === undefined ? undefined : formatTimestamp(parseClock(since, Date.now)),
      userAgent: 'launch-schedule-service (npm run sync:ll2)',
    });
    for (const line of formatSyncSummary(result, {
      verbose: flags.has('verbose'),
      dataDir: displayPath(dataDir) || '.',
    }))
      console.log(line);
    if (result.existingErrors.length > 0) {
      console.error(
        `note: the data folder already had ${result.existingErrors.length} error(s) before this sync (run npm run validate); the sync added none`,
      );
    }
    if (result.report.trimmed.length > 0) {
      console.error(
        `warning: ${result.report.trimmed.length} value(s) LL2 sent were shortened or left out to fit our schema (listed above under TRIMMED)`,
      );
    }
    if (result.resource?.refused !== undefined) {
      // Not a refused launch or event: the run's records are written and the resource is read again at its next turn.
      console.error(
        `warning: the resource in rotation ${result.resource.name} was not taken (see RESOURCE REFUSED above); it is read again at its next turn`,
      );
    }
    if (result.refused.length > 0 || result.refusedEvents.length > 0) {
      console.error(
        `error: ${result.refused.length} launch version(s) and ${result.refusedEvents.length} event version(s) LL2 sent could not be imported (listed above under REFUSED); the rest was ${result.written ? 'written' : 'not written (dry run)'}, and later runs look them up again`,
      );
      return EXIT_REFUSED;
    }
    return 0;
  } catch (error) {
    if (error instanceof SyncStopped) {
      console.error(printableLines(`error: ${error.message}`));
      return error instanceof TooManyDeletions ? EXIT_TOO_MANY_DELETIONS : error.temporary ? EXIT_TEMPORARY : 1;
    }
    if (error instanceof DataError)
      console.error('The data folder has errors, or the data LL2 sent would bring some; nothing was written:');
    throw error;
  }
});
