// The view by id (launch.html?id=…) says of a launch whose NET passed after our
// data's last word from LL2 that the data stopped before it, as the schedule and
// the launch's own page do, with the same rule (browser/core.js stoppedBefore) and
// the same note: launch.html carries the data's last word (`data-last-heard`),
// and LaunchView.viewById reads it. On test/helpers/history-site.ts's hand-made
// set (clock 2026-06-10T12:00Z); every expected text is computed by hand from its values.

import { beforeAll, describe, expect, it } from 'vitest';
import { launchViewCode, pageCore, type Tree } from '../scripts/lib/outputs/page/assets.ts';
import { decodeAttribute as decode, element, H, historyFilesBuilt, NOW, pageOf, text } from './helpers/history-site.ts';
import { testUuid } from './helpers/data.ts';

let files: Map<string, string>;
let statuses: Record<string, string>;
let dataHeard: string | null;
beforeAll(async () => {
  files = await historyFilesBuilt();
  const launchHtml = files.get('launch.html')!;
  statuses = JSON.parse(decode(/data-statuses="([^"]*)"/.exec(launchHtml)![1]));
  dataHeard = /data-last-heard="([^"]*)"/.exec(launchHtml)?.[1] ?? null;
}, 60_000);

const json = (path: string): unknown => {
  const found = files.get(path);
  return found === undefined ? null : JSON.parse(found);
};
/** The view by id as the browser draws it at `now`, with the API one folder down (as from a launch's own page). */
const byId = (n: number, now = NOW, api = '../2.3.0/') =>
  launchViewCode().viewById(
    json(`2.3.0/launches/${testUuid(n)}/index.json`),
    json(`2.3.0/history/${testUuid(n)}.json`),
    { api, schedule: 'index.html', now, statuses, dataHeard },
  );
const html = (tree: Tree | null): string => (tree ? pageCore().toHtml(tree) : '');

// The data's last word: the newest last_updated of a record from LL2, `later`'s 2026-06-10T02:55Z.
// `stopped`: NET 2026-06-10T06:00Z, Go, last_updated 2026-06-05T00:00Z (no history: its record's date).
const stoppedText = 'Our data stopped on Wed 10 Jun 2026; LL2’s last word was “Go for Launch” on Fri 5 Jun 2026.';

describe('launch.html', () => {
  it("carries the data's last word from LL2, as status.json states it", () => {
    expect(dataHeard).toBe('2026-06-10T02:55:00Z');
    const status = json('2.3.0/status.json') as { data_age: { last_heard_from_ll2: string } };
    expect(status.data_age.last_heard_from_ll2).toBe(dataHeard);
  });
});

describe('the view by id of a launch whose NET passed after the data stopped', () => {
  it('says the data stopped before its NET, not that its outcome went unrecorded', () => {
    const view = html(byId(H.stopped)[0]);
    expect(text(element(view, 'p', ' class="stopped"'))).toBe(stoppedText);
    expect(text(element(view, 'span', ' class="status unknown"'))).toBe('Our data stopped before its NET');
    expect(text(view)).not.toContain('no outcome is recorded yet');
  });

  it("in the very words of the launch's own page", () => {
    const page = files.get(pageOf(H.stopped))!;
    const view = html(byId(H.stopped)[0]);
    expect(element(page, 'p', ' class="stopped"')).not.toBe('');
    expect(element(view, 'p', ' class="stopped"')).toBe(element(page, 'p', ' class="stopped"'));
    expect(element(view, 'p', ' class="net"')).toBe(element(page, 'p', ' class="net"'));
  });

  it('not for a NET that passed before the data stopped: that outcome did go unrecorded', () => {
    // `overdue`: NET 2026-06-08T00:00Z, before 2026-06-10T02:55Z, still TBD.
    const view = html(byId(H.overdue)[0]);
    expect(element(view, 'p', ' class="stopped"')).toBe('');
    expect(text(view)).toContain(
      'Its NET has passed and no outcome is recorded yet: the last status was “To Be Determined”.',
    );
  });

  it("not before its NET, at the reader's clock: ahead, it is a launch like any other", () => {
    // 05:59Z, a minute before its NET.
    const view = html(byId(H.stopped, Date.parse('2026-06-10T05:59:00Z'))[0]);
    expect(element(view, 'p', ' class="stopped"')).toBe('');
    expect(text(element(view, 'p', ' class="net"'))).toMatch(/^Go NET /);
  });

  it('not when the page gives no last word (a build whose data never heard from LL2)', () => {
    const [view] = launchViewCode().viewById(json(`2.3.0/launches/${testUuid(H.stopped)}/index.json`), null, {
      api: '../2.3.0/',
      schedule: 'index.html',
      now: NOW,
      statuses,
      dataHeard: null,
    });
    expect(element(html(view), 'p', ' class="stopped"')).toBe('');
  });
});
