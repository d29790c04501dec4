// The coverage tables as text (`npm run coverage`): launches per year with the
// sources behind them, the months markedly thinner than their neighbours, and the
// months of the years that hold an incomplete span. In: the launches and the clock.
// Out: lines, plain or Markdown. The counting and the rule are model/coverage.ts.

import {
  judgedBefore,
  coverageByYear,
  describeSpan,
  launchesPerMonth,
  THIN_RULE,
  thinMonths,
  thinSpans,
  type CoveredLaunch,
} from '../model/coverage.ts';

const dayOfYear = (day: string) => day.slice(5);

export function coverageReport(
  launches: readonly CoveredLaunch[],
  now: number,
  options: { markdown?: boolean } = {},
): string[] {
  const years = coverageByYear(launches);
  // Months before the clock's and before the month the data last heard from LL2 in (model/coverage.ts).
  const before = judgedBefore(launches, now);
  const months = launchesPerMonth(launches, before);
  const thin = thinMonths(months);
  const spans = thinSpans(thin);
  const thinSet = new Map(thin.map((m) => [m.month, m]));
  const sources = (y: (typeof years)[number]) =>
    y.sources
      .map(
        (s) =>
          `${s.source}: ${s.launches}${s.first === s.last ? ` (${dayOfYear(s.first)})` : ` (${dayOfYear(s.first)} to ${dayOfYear(s.last)})`}`,
      )
      .join('; ');
  const lines: string[] = [];
  if (options.markdown) {
    lines.push('| Year | Launches | Sources (launches, first and last day) |', '|---|---|---|');
    for (const y of years) lines.push(`| ${y.year} | ${y.launches} | ${sources(y).replaceAll('|', '\\|')} |`);
  } else {
    lines.push(
      'launches per year, with the sources behind them (provenance saved_by, LL2 version; "ours": no provenance):',
    );
    for (const y of years) lines.push(`  ${y.year}  ${String(y.launches).padStart(4)}  ${sources(y)}`);
  }
  lines.push(
    '',
    `months with fewer than a third of their neighbours' launches (the higher median of the ${THIN_RULE.side} months before and after; levels under ${THIN_RULE.minReference} a month not judged; months before ${before}):`,
  );
  lines.push(
    thin.length === 0 ? '  none' : `  ${thin.map((m) => `${m.month} ${m.launches} (level ${m.reference})`).join(', ')}`,
  );
  lines.push('', `incomplete spans (${THIN_RULE.minRun} or more thin months in a row):`);
  if (spans.length === 0) lines.push('  none');
  for (const span of spans) {
    lines.push(`  ${span.from} to ${span.to}: ${describeSpan(span)}`);
    // The months around it, one a line, the thin ones marked.
    const from = `${Number(span.from.slice(0, 4)) - 1}${span.from.slice(4)}`;
    const to = `${Number(span.to.slice(0, 4)) + 1}${span.to.slice(4)}`;
    const around = months.filter((m) => m.month >= from && m.month <= to);
    lines.push(`    ${around.map((m) => `${m.month} ${m.launches}${thinSet.has(m.month) ? ' THIN' : ''}`).join(', ')}`);
  }
  return lines;
}
