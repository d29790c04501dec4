// The histories published beside the API (outputs/changes.ts): a history
// document per launch, and the change feeds in JSON Feed 1.1 and Atom 1.0, read
// by a real feed parser (feedsmith), with ids stable across builds at different
// clocks and `updated` from the changes.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseAtomFeed, parseJsonFeed } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import type { OutputFile, PlannedFile } from '../scripts/lib/api/files.ts';
import { ROUTES } from '../scripts/lib/api/routes.ts';
import { describeShift } from '../scripts/lib/outputs/change-items.ts';
import { changeFiles } from '../scripts/lib/outputs/changes.ts';
import { validateDataDir } from '../scripts/lib/pipeline.ts';
import type { DataSet } from '../scripts/lib/model/records.ts';
import { copyFixture, removeDir } from './helpers/data.ts';

const BASE = 'https://example.org/2.3.0/';
const LAUNCH = '11111111-2222-4333-8444-555555555555';
// The fixture's launch (SpaceX, LL2 agency 121): go, NET 2030-03-01T12:00:00Z.
const HISTORY = `launch: ${LAUNCH}
first_seen:
  seen: 2030-01-01T00:00:00Z
  source: ll2-list
  saved_by: example/saver
  name: Falcon 9 Block 5 | Fixture Resupply
  net: 2030-02-20T12:00:00Z
  net_precision: minute
  window_start: 2030-03-01T11:55:00Z
  window_end: 2030-03-01T12:05:00Z
  status: tbd
  probability: null
  pad: slc-40
  configuration: falcon-9-block-5
changes:
  - seen: 2030-02-10T06:00:00Z
    source: ll2-sync
    net: [2030-02-20T12:00:00Z, 2030-02-27T14:30:00Z]
  - seen: 2030-02-15T08:00:00Z
    source: ll2-sync
    net: [2030-02-27T14:30:00Z, 2030-03-01T12:00:00Z]
    status: [tbd, go]
`;

let dir: string;
let data: DataSet;
beforeAll(async () => {
  dir = await copyFixture();
  await mkdir(path.join(dir, 'history'), { recursive: true });
  await writeFile(path.join(dir, 'history/crs-demo.yaml'), HISTORY);
  const checked = await validateDataDir(dir, Date.parse('2030-02-20T00:00:00Z'));
  expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
  data = checked.dataset!;
});
afterAll(async () => removeDir(dir));

function build(now: string, baseUrl = BASE): Map<string, string> {
  const files = changeFiles(createContext(data, { now: Date.parse(now), baseUrl })) as Array<OutputFile | PlannedFile>;
  return new Map(files.map((f) => [f.path, String('render' in f ? f.render() : f.content)]));
}

describe('the change feeds', () => {
  let at: Map<string, string>;
  let later: Map<string, string>;
  beforeAll(() => {
    at = build('2030-02-20T00:00:00Z');
    later = build('2030-03-12T00:00:00Z');
  });

  it('are JSON Feed 1.1 and Atom 1.0 that a feed parser reads, newest first, every change of the last 30 days', () => {
    const json = parseJsonFeed(JSON.parse(at.get('2.3.0/changes/feed.json')!));
    const atom = parseAtomFeed(at.get('2.3.0/changes/feed.atom')!);
    // 30 days before 2030-02-20: the first sighting (2030-01-01) is older, the two changes are in.
    expect(json.items?.map((i) => i.title)).toEqual([
      'Falcon 9 Block 5 | Fixture Resupply: NET moved +1 d 21 h 30 min; now Go for Launch',
      'Falcon 9 Block 5 | Fixture Resupply: NET moved +7 d 2 h 30 min',
    ]);
    expect(json.items?.[0].tags).toEqual(['status', 'net']);
    expect(atom.entries?.map((e) => (e.title as { value?: string } | undefined)?.value ?? e.title)).toEqual(
      json.items?.map((i) => i.title),
    );
    expect(atom.entries?.map((e) => e.updated)).toEqual(['2030-02-15T08:00:00Z', '2030-02-10T06:00:00Z']);
    expect(json.items?.[1].content_text).toContain(
      'NET moved: 2030-02-20T12:00:00Z → 2030-02-27T14:30:00Z (+7 d 2 h 30 min)',
    );
  });

  it('take `updated` from the changes, not the build clock', () => {
    expect(parseAtomFeed(at.get('2.3.0/changes/feed.atom')!).updated).toBe('2030-02-15T08:00:00Z');
    // A build with no change in its 30 days still says when the last change was.
    expect(parseAtomFeed(later.get('2.3.0/changes/feed.atom')!).updated).toBe('2030-02-15T08:00:00Z');
  });

  it("keep each entry's id across builds at other clocks and base URLs", () => {
    const ids = (files: Map<string, string>) =>
      (parseJsonFeed(JSON.parse(files.get('2.3.0/changes/feed.json')!)).items ?? []).map((i) => i.id);
    const first = ids(at);
    expect(first).toHaveLength(2);
    const next = ids(build('2030-03-05T00:00:00Z', 'https://mirror.example.net/api/2.3.0/'));
    // 2030-03-05: the change of 2030-02-10 is still within 30 days, that of 2030-02-15 too.
    expect(next).toEqual(first);
    expect(ids(build('2030-03-13T00:00:00Z'))).toEqual([first[0]]);
    expect(first[0]).toBe(`tag:launch-schedule-service,2026:launch/${LAUNCH}/net,status/2030-02-15T08:00:00Z`);
  });

  it('leave out changes seen after the clock', () => {
    const early = build('2030-02-12T00:00:00Z');
    expect(
      parseJsonFeed(JSON.parse(early.get('2.3.0/changes/feed.json')!)).items?.map((i) => i.date_published),
    ).toEqual(['2030-02-10T06:00:00Z']);
  });

  it('come per provider too, as the calendars do', () => {
    const spacex = parseJsonFeed(JSON.parse(at.get('2.3.0/changes/providers/121.json')!));
    expect(spacex.items).toHaveLength(2);
    expect(parseAtomFeed(at.get('2.3.0/changes/providers/121.atom')!).entries).toHaveLength(2);
    const other = [...at.keys()].find((p) => /providers\/(?!121\.)\d+\.json$/.test(p))!;
    expect(parseJsonFeed(JSON.parse(at.get(other)!)).items ?? []).toEqual([]);
  });

  it('are the same bytes from the same data, clock and base URL', () => {
    expect([...build('2030-02-20T00:00:00Z')]).toEqual([...at]);
  });

  it('are routes of the one list', () => {
    expect(ROUTES.map((r) => r.path)).toEqual(expect.arrayContaining(['changes/', 'history/']));
    expect(JSON.parse(at.get('2.3.0/changes/index.json')!).results[0]).toMatchObject({
      json_feed: `${BASE}changes/feed.json`,
      atom: `${BASE}changes/feed.atom`,
      entry_count: 2,
    });
  });
});

describe("a launch's history document", () => {
  it('says what the file says, with how far the NET slipped and when it went Go', () => {
    const doc = JSON.parse(build('2030-02-20T00:00:00Z').get(`2.3.0/history/${LAUNCH}.json`)!);
    expect(doc.launch).toEqual({
      id: LAUNCH,
      name: 'Falcon 9 Block 5 | Fixture Resupply',
      url: `${BASE}launches/${LAUNCH}/`,
    });
    expect(doc.summary).toEqual({
      first_seen: '2030-01-01T00:00:00Z',
      first_net: '2030-02-20T12:00:00Z',
      net: '2030-03-01T12:00:00Z',
      slip_seconds: 9 * 86400,
      net_changes: 2,
      went_go: '2030-02-15T08:00:00Z',
      last_change: '2030-02-15T08:00:00Z',
      // Its record names no source; its last sighting from LL2 (ll2-sync) is the last change.
      last_heard_from_ll2: '2030-02-15T08:00:00Z',
    });
    expect(doc.changes).toHaveLength(2);
  });

  it("is not in any LL2 object: the launch's own fields are untouched", () => {
    const files = build('2030-02-20T00:00:00Z');
    expect([...files.keys()].every((p) => /^2\.3\.0\/(changes|history)\//.test(p))).toBe(true);
  });
});

describe('a NET shift for people', () => {
  it('reads in days, hours and minutes, with its sign', () => {
    expect(describeShift(90 * 60)).toBe('+1 h 30 min');
    expect(describeShift(-2 * 86400)).toBe('−2 d');
    expect(describeShift(0)).toBe('+0 min');
  });
});

describe('the pages', () => {
  it("show a launch's NET timeline, its slip since first seen and when it went Go, without JavaScript", async () => {
    const { historySection, renderChangesPage } = await import('../scripts/lib/outputs/page/history-pages.ts');
    const context = createContext(data, { now: Date.parse('2030-02-20T00:00:00Z'), baseUrl: BASE });
    const html = historySection(context, data.launches.find((l) => l.id === LAUNCH)!, '../2.3.0/');
    expect(html.match(/<tr><td>/g)).toHaveLength(3);
    expect(html).toContain('slipped +9 d');
    expect(html).toContain('Went Go on 2030-02-15');
    expect(html).toContain(`../2.3.0/history/${LAUNCH}.json`);
    expect(historySection(context, data.launches.find((l) => l.id !== LAUNCH)!, '../2.3.0/')).toBe('');
    // The changes page marks a NET moved in the last 24 hours, and only then.
    expect(
      renderChangesPage(createContext(data, { now: Date.parse('2030-02-15T09:00:00Z'), baseUrl: BASE })),
    ).toContain('NET moved in the last 24 hours');
    expect(renderChangesPage(context)).not.toContain('NET moved in the last 24 hours');
  });
});
