// The view by id (launch.html?id=…, drawn by browser/launch.js in the reader's
// browser) says when the launch's data last heard from LL2 and shows its history,
// as the launches' own pages (written by the build) do, with the same code: the
// pure parts (LaunchView.viewById, .history) run here on the JSON the build
// publishes for the launch (`launches/<id>/`, `history/<id>.json`) and the
// statuses' names launch.html carries, and are compared with the launch's own
// page. On test/helpers/history-site.ts's hand-made histories; every expected text
// is computed by hand from its values.

import { beforeAll, describe, expect, it } from 'vitest';
import { launchViewCode, pageCore, type Tree } from '../scripts/lib/outputs/page/assets.ts';
import { decodeAttribute as decode, element, H, historyFilesBuilt, NOW, pageOf, text } from './helpers/history-site.ts';
import { testUuid } from './helpers/data.ts';

let files: Map<string, string>;
let statuses: Record<string, string>;
beforeAll(async () => {
  files = await historyFilesBuilt();
  const launchHtml = files.get('launch.html')!;
  statuses = JSON.parse(decode(/data-statuses="([^"]*)"/.exec(launchHtml)![1]));
}, 60_000);

const json = (path: string): unknown => {
  const found = files.get(path);
  return found === undefined ? null : JSON.parse(found);
};
const launchJson = (n: number) => json(`2.3.0/launches/${testUuid(n)}/index.json`);
const historyJson = (n: number) => json(`2.3.0/history/${testUuid(n)}.json`);
/** The view by id as the browser draws it, from the page at the site root (`2.3.0/` the API). */
const byId = (n: number, api = '2.3.0/') =>
  launchViewCode().viewById(launchJson(n), historyJson(n), { api, schedule: 'index.html', now: NOW, statuses });
const html = (tree: Tree | null): string => (tree ? pageCore().toHtml(tree) : '');

describe('launch.html carries what the history needs', () => {
  it("names each status by the key a history uses (the fixture's launch-statuses)", () => {
    expect(statuses.go).toBe('Go for Launch');
    expect(statuses.tbd).toBe('To Be Determined');
  });
});

describe("the history document says when the launch's data last heard from LL2", () => {
  it('as the latest of its record and its sightings from LL2', () => {
    // `later`: last_updated 2026-06-10T02:55Z, crediting LL2; its last sighting (ll2-sync) 2026-06-10T03:00Z.
    expect((historyJson(H.later) as { summary: Record<string, unknown> }).summary.last_heard_from_ll2).toBe(
      '2026-06-10T03:00:00Z',
    );
    // `earlier`: its record's last_updated 2026-06-10T01:50Z, its last sighting 02:00Z.
    expect((historyJson(H.earlier) as { summary: Record<string, unknown> }).summary.last_heard_from_ll2).toBe(
      '2026-06-10T02:00:00Z',
    );
    // `dayAgo`: its record's last_updated 2026-06-09T11:00Z, its last sighting 11:59Z.
    expect((historyJson(H.dayAgo) as { summary: Record<string, unknown> }).summary.last_heard_from_ll2).toBe(
      '2026-06-09T11:59:00Z',
    );
  });
});

describe('the view by id', () => {
  it("draws the launch's history: its NETs, the status then, its slip since first seen and when it went Go", () => {
    const [, history] = byId(H.later);
    const section = html(history);
    // First NET 2026-06-01T10:00Z, now 2026-06-14T10:00Z: +13 d; Go from the change seen 2026-06-10.
    expect(text(element(section, 'h2', ''))).toBe("History of this launch's date");
    expect(text(element(section, 'p', '>'))).toBe(
      'First seen 2026-05-01 with NET 2026-06-01; 2 NET changes, slipped +13 d since first seen. Went Go on 2026-06-10.',
    );
    const rows = section
      .split('<tr>')
      .slice(2)
      .map((row) => row.split('</td>').slice(0, 3).map(text));
    expect(rows).toEqual([
      ['2026-05-01 00:00:00 UTC', '2026-06-01 10:00:00 UTC', 'To Be Determined'],
      ['2026-05-20 00:00:00 UTC', '2026-06-12 10:00:00 UTC', 'To Be Determined'],
      ['2026-06-10 03:00:00 UTC', '2026-06-14 10:00:00 UTC', 'Go for Launch'],
    ]);
    expect(section).toContain(`href="2.3.0/history/${testUuid(H.later)}.json"`);
  });

  it('says when its data last heard from LL2: the history document says so', () => {
    const [view] = byId(H.later);
    expect(text(element(html(view), 'p', ' class="heard"'))).toBe(
      'This launch’s data last heard from Launch Library 2 on Wed 10 Jun 2026, 03:00 UTC.',
    );
  });

  it("without a history: the record's last_updated, and no history section", () => {
    // `overdue`: no history file; last_updated 2026-06-01T00:00Z.
    expect(historyJson(H.overdue)).toBeNull();
    const [view, history] = byId(H.overdue);
    expect(history).toBeNull();
    expect(text(element(html(view), 'p', ' class="heard"'))).toBe(
      'This launch’s data last heard from Launch Library 2 on Mon 1 Jun 2026, 00:00 UTC.',
    );
  });

  it("draws the same history section and last-heard line as the launch's own page", () => {
    for (const n of [H.later, H.earlier, H.dayAgo]) {
      const page = files.get(pageOf(n))!;
      // The launch's own page is one folder down: its API root is ../2.3.0/.
      const [view, history] = byId(n, '../2.3.0/');
      expect(element(page, 'section', ' id="history"')).not.toBe('');
      expect(html(history)).toBe(element(page, 'section', ' id="history"'));
      expect(element(html(view), 'p', ' class="heard"')).toBe(element(page, 'p', ' class="heard"'));
    }
  });
});
