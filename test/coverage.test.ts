// The coverage tables and the thin-month rule (scripts/lib/model/coverage.ts) on
// hand-made launch lists: a steady history with a hole in it, a single low month,
// sparse early years, and the schedule after the clock.

import { describe, expect, it } from 'vitest';
import {
  coverageByYear,
  describeSpan,
  incompleteSpans,
  launchesPerMonth,
  spanEnd,
  thinMonths,
  thinSpans,
  type CoveredLaunch,
  type MonthCount,
} from '../scripts/lib/model/coverage.ts';

/** `n` launches in a month, on its first days, from one source. */
function month(monthKey: string, n: number, savedBy?: string): CoveredLaunch[] {
  return Array.from({ length: n }, (_, i) => ({
    net: `${monthKey}-${String(1 + (i % 28)).padStart(2, '0')}T12:00:00Z`,
    ...(savedBy
      ? { provenance: { credit: 'Launch Library 2 by The Space Devs', ll2_version: '2.2.0', saved_by: savedBy } }
      : {}),
  }));
}

/** Months from `from` on, with these counts. */
function series(from: string, counts: number[]): MonthCount[] {
  let [y, m] = from.split('-').map(Number);
  return counts.map((launches) => {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    m += 1;
    if (m === 13) {
      y += 1;
      m = 1;
    }
    return { month, launches };
  });
}

describe('launches per month', () => {
  it('counts every month from the first launch to the last before the given month, empty months included', () => {
    const launches = [...month('2020-01', 3), ...month('2020-03', 2), ...month('2020-05', 4)];
    expect(launchesPerMonth(launches)).toEqual([
      { month: '2020-01', launches: 3 },
      { month: '2020-02', launches: 0 },
      { month: '2020-03', launches: 2 },
      { month: '2020-04', launches: 0 },
      { month: '2020-05', launches: 4 },
    ]);
    expect(launchesPerMonth(launches, '2020-03').map((m) => m.month)).toEqual(['2020-01', '2020-02']);
    // Up to the clock's month, the empty months since the last launch count too.
    expect(launchesPerMonth(launches, '2020-08').slice(-3)).toEqual([
      { month: '2020-05', launches: 4 },
      { month: '2020-06', launches: 0 },
      { month: '2020-07', launches: 0 },
    ]);
    expect(launchesPerMonth([...month('2020-12', 1), ...month('2021-01', 1)]).map((m) => m.month)).toEqual([
      '2020-12',
      '2021-01',
    ]);
  });
});

describe('thin months', () => {
  it('flags every month of a hole up to a year long, using the higher of the two sides', () => {
    // 12 steady months of 20, a hole of 8 months, 12 steady months of 20.
    const months = series('2023-01', [...Array(12).fill(20), 2, 1, 0, 3, 2, 1, 2, 6, ...Array(12).fill(20)]);
    const thin = thinMonths(months);
    expect(thin.map((m) => m.month)).toEqual([
      '2024-01',
      '2024-02',
      '2024-03',
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
    ]);
    // The middle of the hole: six months before it are half hole (median 11), the six after it half steady.
    expect(thin.find((m) => m.month === '2024-04')!.reference).toBe(11);
    expect(thinSpans(thin)).toEqual([{ from: '2024-01', to: '2024-08', launches: 17, reference: 20 }]);
  });

  it('keeps a month at a third of its neighbours or more, and makes no span of a single thin month', () => {
    const months = series('2010-01', [...Array(8).fill(12), 4, 3, ...Array(8).fill(12), 2, ...Array(8).fill(12)]);
    const thin = thinMonths(months);
    expect(thin.map((m) => [m.month, m.launches])).toEqual([
      ['2010-10', 3],
      ['2011-07', 2],
    ]);
    expect(thinSpans(thin)).toEqual([]);
    expect(thinSpans(thin, 1).map((s) => s.from)).toEqual(['2010-10', '2011-07']);
  });

  it('does not compare against a level under six launches a month, nor against a side of fewer than three months', () => {
    // Early years: 0–5 launches a month, with empty months; then a steady level whose first month is low.
    const early = series('1958-01', [2, 0, 5, 1, 0, 3, 4, 0, 1, 2]);
    expect(thinMonths(early)).toEqual([]);
    // At the start of the data only the side after counts: a low first month is thin against it.
    expect(thinMonths(series('2000-01', [1, 20, 20, 20, 20, 20, 20])).map((m) => m.month)).toEqual(['2000-01']);
    // Two months of data: no side has three months.
    expect(thinMonths(series('2000-01', [1, 20]))).toEqual([]);
  });
});

describe('incomplete spans at the clock', () => {
  it("are the thin runs of the months before the clock's month; the schedule after it is not judged", () => {
    const launches = [
      ...['2022-07', '2022-08', '2022-09', '2022-10', '2022-11', '2022-12', '2023-01', '2023-02', '2023-03'].flatMap(
        (m) => month(m, 18, 'a/history@1'),
      ),
      ...month('2023-04', 2, 'a/history@1'),
      ...month('2023-05', 1),
      ...month('2023-06', 0),
      ...month('2023-07', 1),
      ...['2023-08', '2023-09', '2023-10', '2023-11', '2023-12', '2024-01', '2024-02'].flatMap((m) =>
        month(m, 18, 'b/schedule@2'),
      ),
      // After the clock (2024-03-15): a thin schedule, not a hole.
      ...month('2024-03', 4, 'b/schedule@2'),
      ...month('2024-05', 1, 'b/schedule@2'),
      ...month('2024-09', 1, 'b/schedule@2'),
    ];
    const spans = incompleteSpans(launches, Date.parse('2024-03-15T00:00:00Z'));
    expect(spans).toEqual([{ from: '2023-04', to: '2023-07', launches: 4, reference: 18 }]);
    expect(spanEnd(spans[0])).toBe('2023-08-01T00:00:00Z');
    expect(describeSpan(spans[0])).toBe(
      '4 launches in 4 months, where the months around have about 18 a month: launches are missing from our data',
    );
  });
});

describe('launches per year with their sources', () => {
  it('names each source by who saved it and its LL2 version, or ours, with its first and last day in the year', () => {
    const launches = [
      ...month('2024-01', 3, 'a/history@1'),
      ...month('2024-09', 2, 'b/schedule@2'),
      ...month('2024-10', 1),
      ...month('2025-02', 1),
    ];
    expect(coverageByYear(launches)).toEqual([
      {
        year: 2024,
        launches: 6,
        sources: [
          { source: 'a/history@1, LL2 2.2.0', launches: 3, first: '2024-01-01', last: '2024-01-03' },
          { source: 'b/schedule@2, LL2 2.2.0', launches: 2, first: '2024-09-01', last: '2024-09-02' },
          { source: 'ours', launches: 1, first: '2024-10-01', last: '2024-10-01' },
        ],
      },
      { year: 2025, launches: 1, sources: [{ source: 'ours', launches: 1, first: '2025-02-01', last: '2025-02-01' }] },
    ]);
  });
});

describe('the coverage report (npm run coverage)', () => {
  it('prints the years with their sources, the thin months and each incomplete span with the months around it', async () => {
    const { coverageReport } = await import('../scripts/lib/import/coverage-report.ts');
    const launches = [
      ...['2023-01', '2023-02', '2023-03', '2023-04', '2023-05', '2023-06'].flatMap((m) => month(m, 12, 'a/history@1')),
      ...month('2023-07', 1),
      ...month('2023-09', 1),
      ...['2023-10', '2023-11', '2023-12', '2024-01', '2024-02', '2024-03'].flatMap((m) =>
        month(m, 12, 'b/schedule@2'),
      ),
    ];
    const lines = coverageReport(launches, Date.parse('2024-04-02T00:00:00Z'));
    expect(lines).toContain(
      '  2023   110  a/history@1, LL2 2.2.0: 72 (01-01 to 06-12); b/schedule@2, LL2 2.2.0: 36 (10-01 to 12-12); ours: 2 (07-01 to 09-01)',
    );
    expect(lines).toContain('  2023-07 1 (level 12), 2023-08 0 (level 12), 2023-09 1 (level 12)');
    expect(lines).toContain(
      '  2023-07 to 2023-09: 2 launches in 3 months, where the months around have about 12 a month: launches are missing from our data',
    );
    const markdown = coverageReport(launches, Date.parse('2024-04-02T00:00:00Z'), { markdown: true });
    expect(markdown.slice(0, 3)).toEqual([
      '| Year | Launches | Sources (launches, first and last day) |',
      '|---|---|---|',
      '| 2023 | 110 | a/history@1, LL2 2.2.0: 72 (01-01 to 06-12); b/schedule@2, LL2 2.2.0: 36 (10-01 to 12-12); ours: 2 (07-01 to 09-01) |',
    ]);
  });
});
