// npx tsx scripts/smoke.ts BASE_URL [--attempts 6] [--delay 20] [--also URL[,URL]] [--expect-clock ISO]
//
// GETs the four endpoints under BASE_URL (…/2.3.0/) and fails loudly (exit 1, GitHub
// `::error::` lines) unless each answers 200 JSON in LL2's envelope with links under
// BASE_URL. A fresh deployment can take a moment to reach every edge, so a failing
// round is retried. --expect-clock warns if status.json shows another build.

import { runCli } from './lib/cli/cli.ts';
import { parseBaseUrl, parseFlags, UsageError, wantsHelp } from './lib/cli/options.ts';
import { smokeCheck, type SmokeReport } from './lib/publish/smoke.ts';

const USAGE = `usage: npm run smoke -- BASE_URL [--attempts 6] [--delay 20] [--also URL[,URL]] [--expect-clock ISO]

GETs the four endpoints under BASE_URL (e.g. https://owner.github.io/repo/2.3.0/) and
exits 1 unless each answers 200 JSON in LL2's envelope with links under BASE_URL,
retrying a failing round --attempts times, --delay seconds apart.`;

await runCli(async () => {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv, ['attempts', 'delay', 'also', 'expect-clock'], USAGE)) {
    console.log(USAGE);
    return 0;
  }
  const { flags, positional } = parseFlags(argv);
  if (positional.length !== 1) throw new UsageError(USAGE);
  const baseUrl = parseBaseUrl(positional[0]);
  const number = (name: string, fallback: number) => {
    const value = flags.get(name);
    const n = value === undefined ? fallback : Number(value);
    if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} must be a number`);
    return n;
  };
  const attempts = Math.max(1, number('attempts', 6));
  const delaySeconds = number('delay', 20);
  const also = String(flags.get('also') ?? '')
    .split(',')
    .filter(Boolean);
  const expectClock = flags.get('expect-clock');

  let report: SmokeReport = { passed: [], problems: ['not run'] };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    report = await smokeCheck(baseUrl, { also });
    if (!report.problems.length) break;
    console.log(
      `attempt ${attempt}/${attempts}: ${report.problems.length} problem(s)${attempt < attempts ? `; retrying in ${delaySeconds} s` : ''}`,
    );
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, delaySeconds * 1000));
  }
  for (const line of report.passed) console.log(`ok ${line}`);
  if (report.buildClock) console.log(`live build clock: ${report.buildClock}`);
  if (typeof expectClock === 'string' && report.buildClock && report.buildClock !== expectClock) {
    console.log(
      `::warning::status.json shows build clock ${report.buildClock}, expected ${expectClock} (a cache may still hold the previous build)`,
    );
  }
  for (const problem of report.problems) console.log(`::error::smoke test: ${problem}`);
  return report.problems.length ? 1 : 0;
});
