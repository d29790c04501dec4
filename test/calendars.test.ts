import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type BuildContext } from '../scripts/lib/api/context.ts';
import { calendarFeeds, durationMs, entryTime, eventUid, launchUid } from '../scripts/lib/outputs/calendars.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { sequenceOf, writeCalendar } from '../scripts/lib/outputs/ical.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import type { LaunchRecord } from '../scripts/lib/model/records.ts';
import { createApiServer, listen } from '../scripts/lib/query/node-server.ts';
import { FIXTURE_DIR, makeLaunch, memoryDataSet } from './helpers/data.ts';
import {
  BASE_URL,
  buildFeatureSite,
  E,
  featureLaunches,
  generateFeatureFiles,
  HOSTILE_NAME,
  L,
  launchId,
  MANY_COUNT,
  type FeatureSite,
} from './helpers/feature-site.ts';
import {
  parseComponents,
  physicalLineProblems,
  prop,
  structureProblems,
  unfold,
  type Component,
} from './helpers/ical.ts';

const NOW_FOR_KEYS = Date.parse('2026-11-21T12:00:00Z');
const FEEDS = {
  launches: '2.3.0/calendars/launches/upcoming.ics',
  events: '2.3.0/calendars/events/upcoming.ics',
  spacex: '2.3.0/calendars/providers/121.ics',
  nasa: '2.3.0/calendars/providers/44.ics',
  soviet: '2.3.0/calendars/providers/66.ics',
};

let site: FeatureSite;
beforeAll(async () => {
  site = await buildFeatureSite();
});
afterAll(async () => site?.cleanup());

const icsFiles = () => [...site.files.keys()].filter((f) => f.endsWith('.ics'));
const parsed = new Map<string, Component>();
const feed = (file: string): Component => {
  if (!parsed.has(file)) parsed.set(file, parseComponents(site.text(file)));
  return parsed.get(file)!;
};
const events = (file: string): Component[] => feed(file).components.filter((c) => c.name === 'VEVENT');
const byUid = (file: string, uid: string): Component | undefined =>
  events(file).find((e) => prop(e, 'UID')?.value === uid);
const uidOfLaunch = (n: number) => launchUid(launchId(n));

describe('the published feeds', () => {
  it('are at the documented URLs: upcoming launches, upcoming events, one per launch service provider', () => {
    expect(icsFiles().sort()).toEqual(Object.values(FEEDS).sort());
    const index = site.json('2.3.0/calendars/index.json');
    expect(index.count).toBe(5);
    expect(index.results.map((r: any) => r.url)).toEqual(
      [FEEDS.launches, FEEDS.events, FEEDS.nasa, FEEDS.soviet, FEEDS.spacex].map(
        (f) => `${BASE_URL}${f.slice('2.3.0/'.length)}`,
      ),
    );
    expect(index.results[2].agency).toEqual({
      id: 44,
      name: 'National Aeronautics and Space Administration',
      abbrev: 'NASA',
    });
    for (const result of index.results)
      expect(result.entry_count).toBe(events(`2.3.0/${result.url.slice(BASE_URL.length)}`).length);
  });

  it('read line by line: CRLF everywhere, at most 75 octets a line, folds that decode, required properties, unique UIDs', () => {
    for (const file of icsFiles()) {
      expect(physicalLineProblems(site.files.get(file)!), file).toEqual([]);
      expect(structureProblems(feed(file)), file).toEqual([]);
    }
  });

  it('parse with Mozilla ical.js into the same events', () => {
    for (const file of icsFiles()) {
      const calendar = new ICAL.Component(ICAL.parse(site.text(file)));
      const parsed = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(parsed.map((e) => e.uid)).toEqual(events(file).map((e) => prop(e, 'UID')!.value));
      for (const event of parsed) {
        expect(event.startDate, `${file} ${event.uid}`).toBeTruthy();
        expect(event.summary.length).toBeGreaterThan(0);
      }
    }
  });

  it('hold the upcoming collection, in its order, less the launches known only to the week or coarser', () => {
    const upcoming = site.json('2.3.0/launches/upcoming/index.json');
    const allUpcoming = [...upcoming.results, ...site.json('2.3.0/launches/upcoming/page/2/index.json').results];
    expect(allUpcoming).toHaveLength(upcoming.count);
    const expected = allUpcoming
      .filter((l: any) => !['Month', 'Week'].includes(l.net_precision?.name))
      .map((l: any) => launchUid(l.id));
    expect(events(FEEDS.launches).map((e) => prop(e, 'UID')!.value)).toEqual(expected);
    expect(expected).toContain(uidOfLaunch(L.lastDay)); // NET 12 h ago: still upcoming, as in the JSON
    expect(expected).not.toContain(uidOfLaunch(L.past));
    expect(expected.length).toBe(MANY_COUNT + 8); // + minute, day, none, hostile, morning, last day, hour, the fixture's 2030 launch
  });

  // The index counts entries from the records, without making them: the count must match the feed.
  it('are listed in calendars/index.json with entry counts equal to the entries each feed holds', () => {
    const index = site.json('2.3.0/calendars/index.json');
    expect(index.results.length).toBe(icsFiles().length);
    for (const listed of index.results) {
      const file = `2.3.0/${listed.url.slice(BASE_URL.length)}`;
      expect(events(file).length, file).toBe(listed.entry_count);
    }
    expect(index.results.map((r: any) => r.entry_count)).toContain(0);
    expect(Math.max(...index.results.map((r: any) => r.entry_count))).toBeGreaterThan(2);
  });

  it('split the upcoming launches by provider, and keep a feed for a provider with none upcoming', () => {
    expect(events(FEEDS.nasa).map((e) => prop(e, 'UID')!.value)).toEqual([uidOfLaunch(L.hostile)]);
    expect(events(FEEDS.soviet)).toEqual([]);
    expect(events(FEEDS.spacex).length + 1).toBe(events(FEEDS.launches).length);
    expect(unfold(site.text(FEEDS.nasa))).toContain(
      'X-WR-CALNAME:Upcoming launches: National Aeronautics and Space Administration (NASA)',
    );
  });

  it('take UIDs from record ids, the same in every feed and for every base URL', async () => {
    expect(byUid(FEEDS.spacex, uidOfLaunch(L.minute))).toEqual(byUid(FEEDS.launches, uidOfLaunch(L.minute)));
    expect(uidOfLaunch(L.minute)).toBe('launch-00000000-0000-4000-8000-000000000001@launch-schedule-service');
    expect(events(FEEDS.events).map((e) => prop(e, 'UID')!.value)).toEqual([
      eventUid(E.timed),
      eventUid(E.day),
      eventUid(E.noDuration),
      eventUid(901),
    ]); // 901: the fixture's docking
  });
});

describe('when an entry happens', () => {
  it('minute precision: DTSTART and DTEND are the window, in UTC', () => {
    const event = byUid(FEEDS.launches, uidOfLaunch(L.minute))!;
    expect(prop(event, 'DTSTART')!.value).toBe('20261125T100000Z');
    expect(prop(event, 'DTEND')!.value).toBe('20261125T110000Z');
  });

  it('hour or no precision: timed too; an instantaneous window has no DTEND', () => {
    for (const n of [L.hour, L.noPrecision]) {
      const event = byUid(FEEDS.launches, uidOfLaunch(n))!;
      expect(prop(event, 'DTSTART')!.params).toEqual([]);
      expect(prop(event, 'DTEND')).toBeUndefined();
    }
  });

  it('day and morning precision: an all-day entry on the UTC date of the NET', () => {
    const day = byUid(FEEDS.launches, uidOfLaunch(L.day))!;
    expect(prop(day, 'DTSTART')).toEqual({ name: 'DTSTART', params: ['VALUE=DATE'], value: '20261126' });
    expect(prop(day, 'DTEND')).toEqual({ name: 'DTEND', params: ['VALUE=DATE'], value: '20261127' });
    expect(prop(byUid(FEEDS.launches, uidOfLaunch(L.morning))!, 'DTSTART')!.value).toBe('20261128');
  });

  it('week, month and coarser: left out', () => {
    for (const n of [L.week, L.month]) expect(byUid(FEEDS.launches, uidOfLaunch(n))).toBeUndefined();
    expect(byUid(FEEDS.events, eventUid(E.week))).toBeUndefined();
  });

  it('events: from the date, ending after the duration when there is one', () => {
    const spacewalk = byUid(FEEDS.events, eventUid(E.timed))!;
    expect(prop(spacewalk, 'DTSTART')!.value).toBe('20261123T090000Z');
    expect(prop(spacewalk, 'DTEND')!.value).toBe('20261123T153000Z');
    expect(prop(byUid(FEEDS.events, eventUid(E.noDuration))!, 'DTEND')).toBeUndefined();
    expect(prop(byUid(FEEDS.events, eventUid(E.day))!, 'DTSTART')!.value).toBe('20261124');
  });

  it('follows the rule in the pure function too', () => {
    expect(entryTime('2030-01-01T10:00:00Z', null, null)).toEqual({
      allDay: false,
      start: Date.parse('2030-01-01T10:00:00Z'),
      end: null,
    });
    expect(entryTime('2030-01-01T10:00:00Z', null, 2)).toMatchObject({ allDay: false });
    for (const id of [3, 4, 5])
      expect(entryTime('2030-01-01T00:00:00Z', null, id, '2030-01-02T23:00:00Z')).toEqual({
        allDay: true,
        date: '2030-01-02',
      });
    for (const id of [6, 7, 8, 12, 14, 15, 16]) expect(entryTime('2030-01-01T00:00:00Z', null, id)).toBeNull();
    expect(durationMs('PT6H30M')).toBe(23_400_000);
    expect(durationMs('P1DT1S')).toBe(86_401_000);
    expect(durationMs('P1M')).toBeNull();
    expect(durationMs('PT0S')).toBeNull();
    expect(durationMs(null)).toBeNull();
  });
});

describe('what an entry says', () => {
  it('escapes names and text so they read back unchanged, but for angle brackets, which never open a tag', () => {
    const text = site.text(FEEDS.nasa);
    expect(text).not.toMatch(/[<>]/);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe(HOSTILE_NAME.replace(/</g, '\uFF1C').replace(/>/g, '\uFF1E'));
    expect(event.description).toContain(`Details: ${BASE_URL}launches/${launchId(L.hostile)}/`);
    const spacewalk = new ICAL.Event(
      new ICAL.Component(ICAL.parse(site.text(FEEDS.events))).getFirstSubcomponent('vevent')!,
    );
    expect(spacewalk.location).toBe('ISS, Harmony; forward port');
    expect(spacewalk.description).toContain('Spacewalk, "US EVA 99"');
  });

  it('links the JSON resource, and says status, provider, pad and NET', () => {
    const calendar = new ICAL.Component(ICAL.parse(site.text(FEEDS.launches)));
    const vevent = calendar
      .getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('uid') === uidOfLaunch(L.minute))!;
    expect(vevent.getFirstPropertyValue('url')).toBe(`${BASE_URL}launches/${launchId(L.minute)}/`);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    const description = String(vevent.getFirstPropertyValue('description'));
    for (const text of [
      'Status: Go for Launch',
      'Provider: SpaceX',
      'Rocket: Falcon 9 Block 5',
      'NET: 2026-11-25T10:30:00Z (Minute)',
      'Probability: 80%',
      'Pad: Space Launch Complex 40',
    ]) {
      expect(description).toContain(text);
    }
    const tbd = calendar
      .getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('uid') === uidOfLaunch(L.hour))!;
    expect(tbd.getFirstPropertyValue('status')).toBe('TENTATIVE');
  });

  it('takes DTSTAMP, LAST-MODIFIED and SEQUENCE from last_updated', () => {
    const event = byUid(FEEDS.launches, uidOfLaunch(L.minute))!;
    expect(prop(event, 'DTSTAMP')!.value).toBe('20250101T000000Z');
    expect(prop(event, 'LAST-MODIFIED')!.value).toBe('20250101T000000Z');
    expect(prop(event, 'SEQUENCE')!.value).toBe(String(sequenceOf(Date.parse('2025-01-01T00:00:00Z'))));
  });
});

describe('across builds', () => {
  it('are byte-identical for the same data, clock and base URL', async () => {
    const again = await generateFeatureFiles();
    for (const file of [...icsFiles(), '2.3.0/calendars/index.json'])
      expect(again.get(file)!.equals(site.files.get(file)!), file).toBe(true);
  });

  it('a later clock changes membership but not the entries still there', async () => {
    const later = await generateFeatureFiles({ now: Date.parse('2026-11-24T12:00:00Z') });
    expect(byUid(FEEDS.launches, uidOfLaunch(L.hostile))).toBeDefined();
    const laterEvents = parseComponents(later.get(FEEDS.launches)!.toString('utf8')).components;
    expect(laterEvents.find((e) => prop(e, 'UID')!.value === uidOfLaunch(L.hostile))).toBeUndefined(); // NET 2026-11-22T06:00Z is over 24 h before
    expect(laterEvents.find((e) => prop(e, 'UID')!.value === uidOfLaunch(L.minute))).toEqual(
      byUid(FEEDS.launches, uidOfLaunch(L.minute)),
    );
  });

  it('an edited record gets a later DTSTAMP, LAST-MODIFIED and a higher SEQUENCE; its UID stays; other entries do not change', async () => {
    const launches = featureLaunches().map((l) =>
      l.id === launchId(L.minute)
        ? makeLaunch(L.minute, '2026-11-25T11:30:00Z', {
            ...l,
            net: '2026-11-25T11:30:00Z',
            window_start: '2026-11-25T11:00:00Z',
            window_end: '2026-11-25T12:00:00Z',
            last_updated: '2026-11-21T09:15:00Z',
          })
        : l,
    );
    const edited = parseComponents(
      (await generateFeatureFiles({ launches })).get(FEEDS.launches)!.toString('utf8'),
    ).components;
    const before = byUid(FEEDS.launches, uidOfLaunch(L.minute))!;
    const after = edited.find((e) => prop(e, 'UID')!.value === uidOfLaunch(L.minute))!;
    expect(prop(after, 'DTSTAMP')!.value).toBe('20261121T091500Z');
    expect(prop(after, 'LAST-MODIFIED')!.value).toBe('20261121T091500Z');
    expect(Number(prop(after, 'SEQUENCE')!.value)).toBeGreaterThan(Number(prop(before, 'SEQUENCE')!.value));
    expect(prop(after, 'DTSTART')!.value).toBe('20261125T110000Z');
    const others = (components: Component[]) =>
      components.filter((e) => prop(e, 'UID')!.value !== uidOfLaunch(L.minute));
    expect(others(edited)).toEqual(others(feed(FEEDS.launches).components));
  });
});

describe('feed keys', () => {
  it('follow what entries show: a launch moving changes the counters of later launches, not their entries', async () => {
    const { reference } = checkData(await loadDataDir(FIXTURE_DIR), NOW_FOR_KEYS).dataset!;
    const listed = makeLaunch(1, '2027-03-01T10:00:00Z');
    // Known to the month: in no feed, but it counts at the same pad.
    const unlisted = (net: string) =>
      makeLaunch(2, net, { net_precision: 'month', window_start: net, window_end: net });
    const contextOf = (launches: LaunchRecord[]) =>
      createContext(memoryDataSet(launches, [], reference), { now: NOW_FOR_KEYS, baseUrl: BASE_URL });
    const before = contextOf([listed, unlisted('2027-01-01T00:00:00Z')]);
    const after = contextOf([listed, unlisted('2027-06-01T00:00:00Z')]);
    expect(after.stats.launch.get(listed.id)).not.toEqual(before.stats.launch.get(listed.id)); // its pad count moved
    expect(after.keys.launch(listed)).not.toBe(before.keys.launch(listed));
    const feeds = (context: BuildContext) => calendarFeeds(context).filter((f) => f.entryCount > 0);
    expect(feeds(before).map((f) => f.path)).toEqual([
      'calendars/launches/upcoming.ics',
      'calendars/providers/121.ics',
    ]);
    expect(feeds(after).map((f) => f.key)).toEqual(feeds(before).map((f) => f.key));
    expect(feeds(after).map((f) => writeCalendar(f.calendar))).toEqual(
      feeds(before).map((f) => writeCalendar(f.calendar)),
    );
    // What an entry shows changes the key.
    const renamed = contextOf([{ ...listed, name: 'Renamed' }, unlisted('2027-01-01T00:00:00Z')]);
    expect(feeds(renamed).map((f) => f.key)).not.toEqual(feeds(before).map((f) => f.key));
  });
});

describe('served over HTTP', () => {
  it('as text/calendar, with CORS', async () => {
    const server = createApiServer({ root: site.out });
    const port = await listen(server, 0);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/${FEEDS.launches}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(Buffer.from(await response.arrayBuffer()).equals(site.files.get(FEEDS.launches)!)).toBe(true);
    } finally {
      server.close();
    }
  });
});
