// A gap in the history, as the readers see it: status.json names the incomplete
// spans, and the schedule page's recent launches say so when they reach one. On the
// schedule fixture (a launch every 31 hours through 2026, after Sputnik 1 alone in
// 1957: the empty months before 2026 are a gap too) with September and October 2026
// nearly emptied, so that the ten most recent launches reach back into them.

import { describe, expect, it } from 'vitest';
import { incompleteNote, reachedSpans } from '../scripts/lib/outputs/page/schedule-page.ts';
import type { ThinSpan } from '../scripts/lib/model/coverage.ts';
import { generateScheduleFiles, NOW, scheduleDataSet, scheduleLaunches } from './helpers/schedule-site.ts';

/** The last empty months before the fixture's 2026: thin against the 2026 months after them (the middle of a 68-year hole is not judged). */
const FIXTURE_GAP = {
  from: '2025-09-01T00:00:00Z',
  to: '2026-01-01T00:00:00Z',
  note: '0 launches in 4 months, where the months around have about 23 a month: launches are missing from our data',
};
const SPAN: ThinSpan = { from: '2026-09', to: '2026-10', launches: 2, reference: 23 };

describe('the recent launches reaching an incomplete span', () => {
  it("reach it when the oldest launch shown is older than the span's end, and say nothing otherwise", () => {
    expect(reachedSpans([SPAN], [{ net: '2026-11-20T00:00:00Z' }, { net: '2026-10-31T23:59:59Z' }])).toEqual([SPAN]);
    expect(reachedSpans([SPAN], [{ net: '2026-11-20T00:00:00Z' }, { net: '2026-11-01T00:00:00Z' }])).toEqual([]);
    expect(reachedSpans([SPAN], [])).toEqual([]);
    expect(incompleteNote([])).toBe('');
  });

  it("are named in status.json and in a note under the recent launches' summary", async () => {
    const past = scheduleLaunches()
      .filter((l) => Date.parse(l.net) < NOW)
      .sort((a, b) => Date.parse(b.net) - Date.parse(a.net));
    const inMonth = (month: string) => past.filter((l) => l.net.startsWith(month));
    const dropped = new Set(
      [...inMonth('2026-11').slice(5), ...inMonth('2026-10').slice(1), ...inMonth('2026-09').slice(1)].map((l) => l.id),
    );
    const launches = scheduleLaunches().filter((l) => !dropped.has(l.id));
    const files = await generateScheduleFiles({}, await scheduleDataSet(launches));
    const status = JSON.parse(files.get('2.3.0/status.json')!.toString()) as { incomplete_spans: unknown[] };
    expect(status.incomplete_spans).toEqual([
      FIXTURE_GAP,
      {
        from: '2026-09-01T00:00:00Z',
        to: '2026-11-01T00:00:00Z',
        note: expect.stringMatching(
          /^2 launches in 2 months, where the months around have about 2\d a month: launches are missing from our data$/,
        ),
      },
    ]);
    const html = files.get('index.html')!.toString();
    const note = html.slice(
      html.indexOf('<p class="note" id="previous-incomplete">'),
      html.indexOf('<ol class="items" id="previous-list"'),
    );
    expect(note).toMatch(
      /^<p class="note" id="previous-incomplete">Our launch history is incomplete here\. September 2026 to October 2026: 2 launches in 2 months, .*<code>incomplete_spans<\/code>\)\.<\/p>\n$/,
    );
    expect(html.indexOf('id="previous-summary"')).toBeLessThan(html.indexOf('id="previous-incomplete"'));
  });

  it('leave the page without a note when the recent launches do not reach a gap', async () => {
    const files = await generateScheduleFiles();
    expect(JSON.parse(files.get('2.3.0/status.json')!.toString()).incomplete_spans).toEqual([FIXTURE_GAP]);
    expect(files.get('index.html')!.toString()).not.toContain('previous-incomplete');
  });
});
