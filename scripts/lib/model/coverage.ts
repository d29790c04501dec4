// How complete the launch history is: launches per year and per month, the
// sources behind each year (from the records' provenance), and the months with
// markedly fewer launches than their neighbours. In: launch records and the build
// clock. Out: plain tables. Pure: `npm run coverage` prints them, status.json names
// the thin spans (`incomplete_spans`), and the schedule page says so when its recent
// launches reach one.
//
// The rule (THIN_RULE). A month is thin when it has fewer than a third of the
// launches of its reference level: the median of the six months before it, or of
// the six after it, whichever is higher (a side with fewer than three months, at the
// start of the data or the clock, is not used). Taking the higher side finds the
// middle of a hole up to a year long, which a median of the twelve surrounding
// months would miss (they are the hole too). A reference level under six launches a
// month is noise, not a level (1957–1960), so nothing is thin against it. Only months
// before the clock's month count, and before the month the data last heard from LL2
// in (the newest `last_updated` of a record crediting LL2): the schedule ahead always
// thins out, and so do the months after the data stopped; that is the data's age
// (which the pages and status.json say), not a hole in the history.
// A single thin month happens in the real record (LL2's 1957–2024 history has eight,
// the lowest at 22 % of its neighbours): an incomplete span is a run of two or more.

import { DATA_CREDIT } from './credit.ts';
import type { ProvenanceRecord } from './records.ts';

export const THIN_RULE = {
  /** Months on each side of a month that make its reference level. */
  side: 6,
  /** A side with fewer months than this (the edge of the data) is not used. */
  minSide: 3,
  /** A month is thin below this share of its reference level. */
  ratio: 1 / 3,
  /** Reference levels below this many launches a month are not compared against. */
  minReference: 6,
  /** Thin months in a row that make an incomplete span. */
  minRun: 2,
} as const;

export type ThinRule = typeof THIN_RULE;

/** What the coverage tables need of a launch. */
export interface CoveredLaunch {
  net: string;
  provenance?: ProvenanceRecord;
  /** LL2's `last_updated` of the record, when its provenance credits LL2: when the data last heard of it. */
  last_updated?: string;
}

export interface MonthCount {
  /** `YYYY-MM`. */
  month: string;
  launches: number;
}

export interface ThinMonth extends MonthCount {
  /** The reference level it falls short of (launches a month). */
  reference: number;
}

export interface ThinSpan {
  /** First and last month, `YYYY-MM`, both included. */
  from: string;
  to: string;
  launches: number;
  /** The highest reference level of its months. */
  reference: number;
}

export interface SourceCount {
  /** Who saved the file and LL2's version (`owner/repo@commit, LL2 2.2.0`), or `ours` for records without provenance. */
  source: string;
  launches: number;
  /** First and last NET of its launches in the span, UTC day. */
  first: string;
  last: string;
}

export interface YearCoverage {
  year: number;
  launches: number;
  sources: SourceCount[];
}

export const monthOf = (net: string): string => net.slice(0, 7);

function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12
    ? `${String(year + 1).padStart(4, '0')}-01`
    : `${month.slice(0, 4)}-${String(m + 1).padStart(2, '0')}`;
}

function previousMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${String(year - 1).padStart(4, '0')}-12` : `${month.slice(0, 4)}-${String(m - 1).padStart(2, '0')}`;
}

/** The month of the clock, `YYYY-MM`. */
export const clockMonth = (now: number): string => new Date(now).toISOString().slice(0, 7);

/** Launches per month, every month from the first launch's to the last one, or to the month before `before` (`YYYY-MM`), empty months included. */
export function launchesPerMonth(launches: readonly CoveredLaunch[], before?: string): MonthCount[] {
  const counts = new Map<string, number>();
  for (const launch of launches) {
    const month = monthOf(launch.net);
    if (before !== undefined && month >= before) continue;
    counts.set(month, (counts.get(month) ?? 0) + 1);
  }
  if (counts.size === 0) return [];
  const months = [...counts.keys()].sort();
  const result: MonthCount[] = [];
  const last = before === undefined ? months[months.length - 1] : previousMonth(before);
  for (let month = months[0]; month <= last; month = nextMonth(month)) {
    result.push({ month, launches: counts.get(month) ?? 0 });
  }
  return result;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The months of a contiguous series that fall markedly short of their neighbours (the rule above). */
export function thinMonths(months: readonly MonthCount[], rule: ThinRule = THIN_RULE): ThinMonth[] {
  const thin: ThinMonth[] = [];
  months.forEach((month, i) => {
    const sides = [months.slice(Math.max(0, i - rule.side), i), months.slice(i + 1, i + 1 + rule.side)]
      .filter((side) => side.length >= rule.minSide)
      .map((side) => median(side.map((m) => m.launches)));
    if (sides.length === 0) return;
    const reference = Math.max(...sides);
    if (reference >= rule.minReference && month.launches < reference * rule.ratio) thin.push({ ...month, reference });
  });
  return thin;
}

/** Runs of at least `minRun` consecutive thin months. */
export function thinSpans(thin: readonly ThinMonth[], minRun: number = THIN_RULE.minRun): ThinSpan[] {
  const runs: ThinMonth[][] = [];
  for (const month of thin) {
    const run = runs[runs.length - 1];
    if (run && nextMonth(run[run.length - 1].month) === month.month) run.push(month);
    else runs.push([month]);
  }
  return runs
    .filter((run) => run.length >= minRun)
    .map((run) => ({
      from: run[0].month,
      to: run[run.length - 1].month,
      launches: run.reduce((sum, m) => sum + m.launches, 0),
      reference: Math.max(...run.map((m) => m.reference)),
    }));
}

/** The source of a record, as the tables name it. */
export function sourceOf(launch: CoveredLaunch): string {
  const p = launch.provenance;
  if (!p) return 'ours';
  const who = p.saved_by ?? 'unnamed save';
  return p.ll2_version ? `${who}, LL2 ${p.ll2_version}` : who;
}

/** Launches per year with the sources behind them, years in order, sources by count. */
export function coverageByYear(launches: readonly CoveredLaunch[]): YearCoverage[] {
  const years = new Map<number, Map<string, SourceCount>>();
  for (const launch of launches) {
    const year = Number(launch.net.slice(0, 4));
    const sources = years.get(year) ?? new Map<string, SourceCount>();
    years.set(year, sources);
    const source = sourceOf(launch);
    const day = launch.net.slice(0, 10);
    const count = sources.get(source);
    if (!count) sources.set(source, { source, launches: 1, first: day, last: day });
    else {
      count.launches += 1;
      if (day < count.first) count.first = day;
      if (day > count.last) count.last = day;
    }
  }
  return [...years]
    .sort(([a], [b]) => a - b)
    .map(([year, sources]) => {
      const list = [...sources.values()].sort((a, b) => b.launches - a.launches || (a.source < b.source ? -1 : 1));
      return { year, launches: list.reduce((sum, s) => sum + s.launches, 0), sources: list };
    });
}

/**
 * The first month not judged (`YYYY-MM`): the clock's month, or the month the data
 * last heard from LL2 in when that is earlier (the newest `last_updated` of the
 * launches whose provenance credits LL2).
 */
export function judgedBefore(launches: readonly CoveredLaunch[], now: number): string {
  let newest = '';
  for (const launch of launches)
    if (launch.provenance?.credit === DATA_CREDIT.name && launch.last_updated && launch.last_updated > newest)
      newest = launch.last_updated;
  const clock = clockMonth(now);
  return newest && monthOf(newest) < clock ? monthOf(newest) : clock;
}

/** The incomplete spans of the flown history at the clock: thin runs of the months judged (judgedBefore). */
export function incompleteSpans(
  launches: readonly CoveredLaunch[],
  now: number,
  rule: ThinRule = THIN_RULE,
): ThinSpan[] {
  return thinSpans(thinMonths(launchesPerMonth(launches, judgedBefore(launches, now)), rule), rule.minRun);
}

/** The first instant after a span (the start of the month after its last), UTC. */
export function spanEnd(span: ThinSpan): string {
  return `${nextMonth(span.to)}-01T00:00:00Z`;
}

/** One line a reader can take in: "2024-10 to 2025-04: 21 launches in 7 months, where the months around have about 19 a month". */
export function describeSpan(span: ThinSpan): string {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  const months = index(span.to) - index(span.from) + 1;
  return `${span.launches} launch${span.launches === 1 ? '' : 'es'} in ${months} months, where the months around have about ${Math.round(span.reference)} a month: launches are missing from our data`;
}
