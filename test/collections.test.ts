import { describe, expect, it } from 'vitest';
import {
  allEvents,
  allLaunches,
  previousEvents,
  previousLaunches,
  referenceList,
  referrers,
  upcomingEvents,
  upcomingLaunches,
} from '../scripts/lib/model/collections.ts';
import type { ReferenceData, ReferenceRecord } from '../scripts/lib/model/records.ts';
import { paginate, pagePath } from '../scripts/lib/api/paging.ts';
import { makeEvent, makeLaunch, memoryDataSet } from './helpers/data.ts';

const emptyReference = (): ReferenceData => memoryDataSet([]).reference;

const NOW = Date.parse('2026-06-15T12:00:00Z');
const BASE = 'https://api.example.org/2.3.0/';

describe('launch membership around the clock', () => {
  const exactlyDayBefore = makeLaunch(1, '2026-06-14T12:00:00Z');
  const justOverDayBefore = makeLaunch(2, '2026-06-14T11:59:59Z');
  const atNow = makeLaunch(3, '2026-06-15T12:00:00Z');
  const justAfterNow = makeLaunch(4, '2026-06-15T12:00:01Z');
  const launches = [justAfterNow, atNow, justOverDayBefore, exactlyDayBefore];

  it('upcoming holds NET >= now - 24 h, whatever the status', () => {
    expect(upcomingLaunches(launches, NOW).map((l) => l.id)).toEqual([exactlyDayBefore.id, atNow.id, justAfterNow.id]);
  });

  it('previous holds NET <= now, newest first', () => {
    expect(previousLaunches(launches, NOW).map((l) => l.id)).toEqual([
      atNow.id,
      exactlyDayBefore.id,
      justOverDayBefore.id,
    ]);
  });

  it('the last 24 hours are in both lists and together they cover everything', () => {
    const up = new Set(upcomingLaunches(launches, NOW).map((l) => l.id));
    const prev = new Set(previousLaunches(launches, NOW).map((l) => l.id));
    expect([...up].filter((id) => prev.has(id)).sort()).toEqual([exactlyDayBefore.id, atNow.id].sort());
    expect(new Set([...up, ...prev]).size).toBe(launches.length);
  });

  it('launches/ holds all, oldest first', () => {
    expect(allLaunches(launches).map((l) => l.id)).toEqual([
      justOverDayBefore.id,
      exactlyDayBefore.id,
      atNow.id,
      justAfterNow.id,
    ]);
  });
});

describe('ordering with ties', () => {
  const net = '2026-10-31T00:00:00Z';
  const b = makeLaunch(10, net, { name: 'B launch' });
  const a2 = makeLaunch(12, net, { name: 'A launch' });
  const a1 = makeLaunch(11, net, { name: 'A launch' });
  const earlier = makeLaunch(13, '2026-10-30T00:00:00Z', { name: 'Z launch' });

  it('ascending lists break NET ties by name, then id', () => {
    expect(upcomingLaunches([b, a2, earlier, a1], NOW).map((l) => l.id)).toEqual([earlier.id, a1.id, a2.id, b.id]);
  });

  it('the order does not depend on the input order', () => {
    const orders = [
      [b, a2, a1, earlier],
      [a1, earlier, b, a2],
      [earlier, a2, b, a1],
    ];
    const results = orders.map((o) =>
      allLaunches(o)
        .map((l) => l.id)
        .join(),
    );
    expect(new Set(results).size).toBe(1);
  });

  it('previous keeps name-then-id order inside a tie', () => {
    const later = Date.parse('2027-01-01T00:00:00Z');
    expect(previousLaunches([b, a2, earlier, a1], later).map((l) => l.id)).toEqual([a1.id, a2.id, b.id, earlier.id]);
  });
});

describe('events', () => {
  const undated = makeEvent(1, null);
  const dayBefore = makeEvent(2, '2026-06-14T12:00:00Z');
  const tooOld = makeEvent(3, '2026-06-14T11:59:59Z');
  const future = makeEvent(4, '2026-07-01T00:00:00Z');
  const tieB = makeEvent(6, '2026-07-01T00:00:00Z', { name: 'Same time' });
  const tieA = makeEvent(5, '2026-07-01T00:00:00Z', { name: 'Same time' });
  const events = [future, undated, tooOld, dayBefore, tieB, tieA];

  it('upcoming holds dated events from 24 h ago on, ascending, ties by name then id', () => {
    expect(upcomingEvents(events, NOW).map((e) => e.id)).toEqual([2, 5, 6, 4]);
  });

  it('previous holds events dated at or before now, newest first', () => {
    expect(previousEvents(events, NOW).map((e) => e.id)).toEqual([2, 3]);
  });

  it('all events puts undated ones last', () => {
    expect(allEvents(events).map((e) => e.id)).toEqual([3, 2, 5, 6, 4, 1]);
  });
});

describe('paging', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => i);

  it.each([
    [0, 1, [0]],
    [1, 1, [1]],
    [100, 1, [100]],
    [101, 2, [100, 1]],
    [250, 3, [100, 100, 50]],
  ])('%i items make %i page(s)', (n, pageCount, sizes) => {
    const pages = paginate(items(n), 'launches/upcoming/', BASE);
    expect(pages).toHaveLength(pageCount);
    expect(pages.map((p) => p.body.results.length)).toEqual(sizes);
    for (const page of pages) expect(page.body.count).toBe(n);
    expect(pages.flatMap((p) => p.body.results)).toEqual(items(n));
  });

  it('links are absolute, null at the ends and never point at the page itself', () => {
    const pages = paginate(items(250), 'launches/', BASE);
    expect(pages.map((p) => p.path)).toEqual(['launches/', 'launches/page/2/', 'launches/page/3/']);
    expect(pages[0].body.previous).toBeNull();
    expect(pages[0].body.next).toBe(`${BASE}launches/page/2/`);
    expect(pages[1].body.previous).toBe(`${BASE}launches/`);
    expect(pages[1].body.next).toBe(`${BASE}launches/page/3/`);
    expect(pages[2].body.previous).toBe(`${BASE}launches/page/2/`);
    expect(pages[2].body.next).toBeNull();
    for (const page of pages) {
      expect(page.body.next).not.toBe(`${BASE}${page.path}`);
      expect(page.body.previous).not.toBe(`${BASE}${page.path}`);
    }
  });

  it('an empty collection is one page with count 0 and no links', () => {
    expect(paginate([], 'events/upcoming/', BASE)).toEqual([
      { path: 'events/upcoming/', body: { count: 0, next: null, previous: null, results: [] } },
    ]);
  });

  it('page 1 lives at the collection path', () => {
    expect(pagePath('events/', 1)).toBe('events/');
    expect(pagePath('events/', 4)).toBe('events/page/4/');
  });
});

describe('the default order of reference lists', () => {
  const records = (entries: Array<[string, Record<string, unknown>]>) =>
    new Map(entries.map(([key, r]) => [key, r as ReferenceRecord]));
  const reference = (): ReferenceData => ({
    ...emptyReference(),
    agencies: records([
      ['arc', { id: 1, name: 'American Rocket Company' }],
      ['yuzhmash', { id: 2, name: 'A.M. Makarov Yuzhny Machine-Building Plant' }],
      ['astranis', { id: 3, name: 'Astranis Space Technologies Corp.' }],
      ['astra', { id: 4, name: 'Astra Space' }],
      ['one-world', { id: 5, name: '1worldspace' }],
      ['astra-2', { id: 0, name: 'Astra Space' }],
    ]),
    locations: records([
      ['north', { id: 30, name: 'North' }],
      ['south', { id: 10, name: 'South' }],
    ]),
    pads: records([
      ['n1', { id: 1, name: 'N1', location: 'north' }],
      ['s9', { id: 9, name: 'S9', location: 'south' }],
      ['s2', { id: 2, name: 'S2', location: 'south' }],
    ]),
    orbits: records([
      ['leo', { id: 8, name: 'Low Earth Orbit' }],
      ['gto', { id: 2, name: 'Geostationary Transfer Orbit' }],
    ]),
  });

  it('sorts agencies and rockets by name as LL2 collates it: spaces and punctuation count last, ties by id', () => {
    expect(referenceList(reference(), 'agencies')).toEqual([
      'one-world',
      'arc',
      'yuzhmash',
      'astranis',
      'astra-2',
      'astra',
    ]);
  });

  it('sorts pads by the id of their location, then by id; other kinds by id', () => {
    expect(referenceList(reference(), 'pads')).toEqual(['s2', 's9', 'n1']);
    expect(referenceList(reference(), 'locations')).toEqual(['south', 'north']);
    expect(referenceList(reference(), 'orbits')).toEqual(['gto', 'leo']);
  });

  it("finds the records that name another, in their own default order: a location's pads", () => {
    expect(referrers(reference(), 'pads', 'location')).toEqual(
      new Map([
        ['south', ['s2', 's9']],
        ['north', ['n1']],
      ]),
    );
  });
});

describe("LL2's order of equal NETs", () => {
  // LL2's upcoming lists of January to July 2026 (../shared/ll2-replay/): equal NETs by
  // precision (finer first), then by name with case, spaces and punctuation ignored first.
  const net = '2026-09-30T00:00:00Z';
  const precisions = new Map([
    ['day', 5],
    ['month', 7],
    ['quarter-1', 8],
  ]);
  const gslv = makeLaunch(20, net, { name: 'GSLV Mk II | GSAT-32', net_precision: 'quarter-1' });
  const gaganyaan = makeLaunch(21, net, { name: 'Gaganyaan Abort Test Booster | TV-D2', net_precision: 'quarter-1' });
  const month = makeLaunch(22, net, { name: 'Vulcan | GPS III SV10', net_precision: 'month' });
  const day = makeLaunch(23, net, { name: 'Soyuz-5 | Demo Flight', net_precision: 'day' });
  const lm7a = makeLaunch(24, net, { name: 'Long March 7A | Unknown Payload', net_precision: 'month' });
  const lm7 = makeLaunch(25, net, { name: 'Long March 7 | Tianzhou-10', net_precision: 'month' });
  const none = makeLaunch(26, net, { name: 'A launch without precision', net_precision: null });

  it('puts finer precisions first, then names in LL2 collation, launches without a precision last', () => {
    const order = upcomingLaunches([none, gslv, gaganyaan, month, day, lm7, lm7a], NOW, precisions).map((l) => l.name);
    expect(order).toEqual([day.name, lm7a.name, lm7.name, month.name, gaganyaan.name, gslv.name, none.name]);
  });

  it('previous keeps that order inside a tie', () => {
    const later = Date.parse('2027-01-01T00:00:00Z');
    expect(previousLaunches([gslv, day, lm7, lm7a], later, precisions).map((l) => l.id)).toEqual([
      day.id,
      lm7a.id,
      lm7.id,
      gslv.id,
    ]);
  });
});
