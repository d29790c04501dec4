// What the pages say of time (docs/page.md, docs/history.md), on a small data set
// with hand-written histories (test/helpers/history-site.ts): the schedule marks
// the launches whose NET moved in the 24 hours before the build clock, by how
// much; every launch page says when its data last heard from LL2; a launch whose
// NET passed after the data's last word is called what it is. Every expected text
// is computed by hand from the helper's values.

import { beforeAll, describe, expect, it } from 'vitest';
import { recentNetMove, lastHeardOf, type LaunchHistory } from '../scripts/lib/model/history.ts';
import type { DataSet } from '../scripts/lib/model/records.ts';
import { DAY_MS } from '../scripts/lib/model/time.ts';
import { H, historyDataSet, historyFilesBuilt, NOW, pageOf, text } from './helpers/history-site.ts';
import { testUuid } from './helpers/data.ts';

/** The schedule's item of launch n in one list, as text. */
function item(index: string, list: 'upcoming' | 'previous', n: number): string {
  const from = index.indexOf(`id="${list}-list"`);
  const items = index.slice(from, index.indexOf('</ol>', from)).split('<li class="launch">').slice(1);
  const found = items.find((i) => i.includes(`href="${pageOf(n)}"`));
  if (!found) throw new Error(`launch ${n} is not in the ${list} list`);
  return text(found);
}

let data: DataSet;
let files: Map<string, string>;
beforeAll(async () => {
  data = await historyDataSet();
  files = await historyFilesBuilt(data);
}, 60_000);

const history = (n: number): LaunchHistory => data.history!.get(testUuid(n))!;

describe("a NET's move in the 24 hours before the clock (model/history.ts recentNetMove)", () => {
  it('is one move from the NET before the first to the NET after the last, by hand', () => {
    expect(recentNetMove(history(H.later), NOW, DAY_MS)).toEqual({
      from: '2026-06-12T10:00:00Z',
      to: '2026-06-14T10:00:00Z',
      seconds: 2 * 86_400,
      moves: 1,
      seen: '2026-06-10T03:00:00Z',
    });
    // 06-21 → 06-22 (06-09T14:00), → 06-20 (06-10T02:00): one day earlier than before the first.
    expect(recentNetMove(history(H.earlier), NOW, DAY_MS)).toEqual({
      from: '2026-06-21T00:00:00Z',
      to: '2026-06-20T00:00:00Z',
      seconds: -86_400,
      moves: 2,
      seen: '2026-06-10T02:00:00Z',
    });
  });

  it('leaves out moves older than the span and moves seen after the clock', () => {
    // Seen 24 h 1 min before the clock.
    expect(recentNetMove(history(H.dayAgo), NOW, DAY_MS)).toBeNull();
    // Exactly 24 h before the clock: out; 23 h 58 min: in.
    expect(recentNetMove(history(H.dayAgo), NOW - 60_000, DAY_MS)).toBeNull();
    expect(recentNetMove(history(H.dayAgo), NOW - 120_000, DAY_MS)?.seconds).toBe(86_400);
    // At 06-10T02:30 the second move of `earlier` (02:00) is in, `later`'s (03:00) is not yet seen.
    const early = Date.parse('2026-06-10T02:30:00Z');
    expect(recentNetMove(history(H.later), early, DAY_MS)).toBeNull();
    expect(recentNetMove(history(H.earlier), early, DAY_MS)?.moves).toBe(2);
  });
});

describe('the schedule', () => {
  it('marks the launches whose NET moved in the 24 hours before the build, by how much', () => {
    const index = files.get('index.html')!;
    expect(item(index, 'upcoming', H.later)).toContain(
      'NET moved 2 d later in the 24 hours before this build; last moved Wed 10 Jun 2026, 03:00 UTC.',
    );
    expect(item(index, 'upcoming', H.earlier)).toContain(
      'NET moved 1 d earlier in the 24 hours before this build (2 moves); last moved Wed 10 Jun 2026, 02:00 UTC.',
    );
    expect(item(index, 'upcoming', H.dayAgo)).not.toContain('NET moved');
    expect(item(index, 'upcoming', H.ours)).not.toContain('NET moved');
  });

  it('carries the move in its data, which the browser renders from, and not a day later', async () => {
    const compact = (view: string, n: number) =>
      (JSON.parse(files.get(view)!).upcoming ?? JSON.parse(files.get(view)!).results).find(
        (l: { id: string }) => l.id === testUuid(n),
      );
    expect(compact('schedule/index.json', H.later).moved).toEqual({
      seconds: 172_800,
      moves: 1,
      seen: '2026-06-10T03:00:00Z',
    });
    expect(compact('schedule/upcoming/1.json', H.earlier).moved).toEqual({
      seconds: -86_400,
      moves: 2,
      seen: '2026-06-10T02:00:00Z',
    });
    expect(compact('schedule/index.json', H.dayAgo).moved).toBeUndefined();
    const dayLater = await historyFilesBuilt(data, NOW + DAY_MS);
    expect(dayLater.get('index.html')).not.toContain('NET moved');
    expect(dayLater.get('schedule/upcoming/1.json')).not.toContain('"moved"');
  });
});

describe('when the data last heard from LL2', () => {
  it("is the newest date of the launch's own sources: its record crediting LL2 and its history's LL2 sightings", () => {
    const launch = (n: number) => data.launches.find((l) => l.id === testUuid(n))!;
    // last_updated 02:55, the sync saw it at 03:00.
    expect(lastHeardOf(launch(H.later), history(H.later))).toBe(Date.parse('2026-06-10T03:00:00Z'));
    expect(lastHeardOf(launch(H.stopped), undefined)).toBe(Date.parse('2026-06-05T00:00:00Z'));
    expect(lastHeardOf(launch(H.ours), undefined)).toBeNull();
  });

  it('is said on every launch page', () => {
    const page = (n: number) => text(files.get(pageOf(n))!);
    expect(page(H.later)).toContain(
      'This launch’s data last heard from Launch Library 2 on Wed 10 Jun 2026, 03:00 UTC.',
    );
    expect(page(H.overdue)).toContain(
      'This launch’s data last heard from Launch Library 2 on Mon 1 Jun 2026, 00:00 UTC.',
    );
    expect(page(H.ours)).toContain('No source of this launch’s data is Launch Library 2.');
  });
});

describe('a launch whose NET passed after the data stopped', () => {
  // The data's last word: the newest last_updated of a record from LL2, `later`'s 2026-06-10T02:55Z.
  const stoppedText = 'Our data stopped on Wed 10 Jun 2026; LL2’s last word was “Go for Launch” on Fri 5 Jun 2026.';

  it('is called what it is on the schedule, not an outcome left unrecorded', () => {
    const index = files.get('index.html')!;
    const stopped = item(index, 'previous', H.stopped);
    expect(stopped).toContain('Our data stopped before its NET');
    expect(stopped).toContain(stoppedText);
    expect(stopped).not.toContain('Outcome not yet recorded');
    // NET before the data's last word, still TBD: that outcome did go unrecorded.
    const overdue = item(index, 'previous', H.overdue);
    expect(overdue).toContain('Outcome not yet recorded');
    expect(overdue).not.toContain('Our data stopped');
  });

  it('and on its page', () => {
    const page = text(files.get(pageOf(H.stopped))!);
    expect(page).toContain(stoppedText);
    expect(page).not.toContain('no outcome is recorded yet');
    expect(text(files.get(pageOf(H.overdue))!)).toContain(
      'Its NET has passed and no outcome is recorded yet: the last status was “To Be Determined”.',
    );
  });

  it('only once its NET has passed: ahead of the clock it is a launch like any other', async () => {
    const before = await historyFilesBuilt(data, Date.parse('2026-06-10T05:00:00Z'));
    expect(text(before.get(pageOf(H.stopped))!)).not.toContain('Our data stopped');
    expect(before.get('schedule/index.json')).not.toContain('"stopped"');
  });
});
