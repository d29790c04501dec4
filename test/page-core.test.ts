// The pure parts of the pages' browser code (outputs/page/browser/core.js and
// launch.js), run in Node as the build runs them: NET texts at each precision,
// times in a given zone, countdowns, filters and their URL, markup trees, and the
// one-launch calendar file. The browser test looks at the same code in Chromium.

import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { entryTime } from '../scripts/lib/outputs/calendars.ts';
import { pageCore, runBrowserScripts, type Tree } from '../scripts/lib/outputs/page/assets.ts';
import type { CompactEvent, CompactLaunch, Lookups } from '../scripts/lib/outputs/page/schedule-data.ts';
import { physicalLineProblems } from './helpers/ical.ts';

const core = pageCore();
const LaunchView = runBrowserScripts(['core', 'launch']).LaunchView as {
  render(launch: object, options: { api: string; schedule: string; now: number }): Tree;
  icsText(launch: object, options: { uid: string; url: string }): string | null;
  mapUrl(pad: object): string | null;
  relativeTime(duration: string): string;
};
const PATHS = { api: '2.3.0/', launchView: 'launch.html' };
const P = core.PRECISION;

describe('describeNet: a NET as precisely as it is known, never finer', () => {
  const net = '2026-11-25T10:30:00Z';

  it('gives a time known to the minute in UTC, as the build writes it', () => {
    expect(core.describeNet(net, P.minute)).toEqual({
      text: 'Wed 25 Nov 2026, 10:30 UTC',
      utc: null,
      note: null,
      countdown: 'exact',
    });
    expect(core.describeNet('2026-11-27T22:01:07Z', P.second).text).toBe('Fri 27 Nov 2026, 22:01:07 UTC');
    for (const zone of ['UTC', 'Etc/UTC', 'GMT'])
      expect(core.describeNet(net, P.minute, { zone }).text, zone).toBe('Wed 25 Nov 2026, 10:30 UTC');
  });

  it("gives it in the reader's zone with the UTC time beside it, and the UTC date too where the dates differ", () => {
    const tokyo = core.describeNet(net, P.minute, { zone: 'Asia/Tokyo', locale: 'en-GB' });
    expect(tokyo.text).toBe('Wed, 25 Nov 2026, 19:30 GMT+9');
    expect(tokyo.utc).toBe('10:30 UTC');
    const losAngeles = core.describeNet('2026-11-25T03:00:00Z', P.minute, {
      zone: 'America/Los_Angeles',
      locale: 'en-GB',
    });
    expect(losAngeles.text).toBe('Tue, 24 Nov 2026, 19:00 GMT-8');
    expect(losAngeles.utc).toBe('Wed 25 Nov 2026, 03:00 UTC');
    expect(core.describeNet(net, P.minute, { zone: 'Not/AZone' }).text).toBe('Wed 25 Nov 2026, 10:30 UTC');
  });

  it('says what qualifies a time: to the hour, or a precision the record does not state', () => {
    expect(core.describeNet(net, P.hour)).toMatchObject({ note: 'to the hour', countdown: 'hour' });
    expect(core.describeNet(net, null)).toMatchObject({
      text: 'Wed 25 Nov 2026, 10:30 UTC',
      note: 'precision not stated',
      countdown: null,
    });
  });

  it("names the day of a morning or an afternoon in the launch site's zone, with no time", () => {
    const morning = core.describeNet('2026-11-24T20:00:00Z', P.morning, {
      zone: 'Europe/Berlin',
      siteZone: 'Pacific/Auckland',
    });
    expect(morning).toEqual({
      text: 'Wed 25 Nov 2026',
      utc: null,
      note: 'morning, local time at the launch site',
      countdown: null,
    });
    expect(core.describeNet('2026-11-24T20:00:00Z', P.afternoon).text).toBe('Tue 24 Nov 2026');
  });

  it('gives coarser NETs as the span they name, the same in every zone', () => {
    const cases: Array<[string, number, string]> = [
      ['2026-11-26T00:00:00Z', P.day, 'Thu 26 Nov 2026'],
      ['2026-12-07T00:00:00Z', P.week, 'Week of 7 Dec 2026'],
      ['2026-12-31T00:00:00Z', P.month, 'December 2026'],
      ['2027-03-31T00:00:00Z', 8, 'Q1 2027'],
      ['2026-12-31T00:00:00Z', 11, 'Q4 2026'],
      ['2027-06-30T00:00:00Z', P.half1, 'First half of 2027'],
      ['2027-12-31T00:00:00Z', P.half2, 'Second half of 2027'],
      ['2027-12-31T00:00:00Z', P.year, '2027'],
      ['2027-09-30T00:00:00Z', P.fiscalYear, 'Fiscal year 2027'],
      ['2029-12-31T00:00:00Z', P.decade, 'the 2020s'],
      ['2027-01-05T00:00:00Z', 42, 'Tue 5 Jan 2027 (precision 42)'],
    ];
    for (const [timestamp, id, text] of cases) {
      for (const zone of [undefined, 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        const when = core.describeNet(timestamp, id, { zone });
        expect(when.text, `${id} in ${zone}`).toBe(text);
        expect(when.countdown).toBeNull();
        expect(when.text).not.toMatch(/\d{1,2}:\d{2}/);
      }
    }
    expect(core.describeNet('2026-11-26T00:00:00Z', P.day).note).toBe('UTC date, time not known');
    expect(core.describeNet(null, P.minute)).toEqual({ text: 'No date yet', utc: null, note: null, countdown: null });
  });

  it('classes precisions as the calendar feeds time their entries', () => {
    for (const id of [null, ...Array.from({ length: 17 }, (_, i) => i)]) {
      const time = entryTime('2026-11-25T10:30:00Z', null, id);
      const feeds = time === null ? 'none' : time.allDay ? 'all-day' : 'timed';
      expect(core.calendarTiming(id), `precision ${id}`).toBe(feeds);
    }
  });
});

describe('countdownText', () => {
  const net = Date.parse('2026-11-25T10:30:00Z');
  const ahead = (ms: number) => core.countdownText(net, net - ms, 'exact');

  it('counts down to the second, with days when there are any', () => {
    expect(ahead(((3 * 24 + 4) * 3600 + 12 * 60 + 33) * 1000)).toBe('T− 3 d 04:12:33');
    expect(ahead(5 * 60_000)).toBe('T− 00:05:00');
    expect(ahead(1500)).toBe('T− 00:00:02'); // the second in progress still counts
    expect(ahead(0)).toBe('NET passed');
    expect(ahead(-60_000)).toBe('NET passed');
  });

  it('counts whole hours only for a NET known to the hour, and nothing for other precisions', () => {
    expect(core.countdownText(net, net - (39 * 3600 + 50) * 1000, 'hour')).toBe('T− about 1 d 15 h');
    expect(core.countdownText(net, net - 59 * 60_000, 'hour')).toBe('T− under an hour');
    expect(core.countdownText(net, net - 60_000, null)).toBe('');
  });
});

const LOOKUPS: Lookups = {
  statuses: {
    1: { name: 'Go for Launch', abbrev: 'Go' },
    3: { name: 'Launch Successful', abbrev: 'Success' },
    4: { name: 'Launch Failure', abbrev: 'Failure' },
  },
  agencies: { 121: { name: 'SpaceX', abbrev: 'SpX' }, 147: { name: 'Rocket Lab', abbrev: 'RL' } },
  pads: {
    80: { name: 'Space Launch Complex 40', location: 12 },
    166: { name: 'Rocket Lab Launch Complex 1A', location: 10 },
  },
  locations: {
    12: { name: 'Cape Canaveral SFS, FL, USA', zone: 'America/New_York' },
    10: { name: 'Māhia Peninsula, New Zealand', zone: 'Pacific/Auckland' },
  },
};

/** An instant before the launch below: its NET is ahead. */
const BEFORE = Date.parse('2026-11-21T12:00:00Z');

const launch = (overrides: Partial<CompactLaunch> = {}): CompactLaunch => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Falcon 9 Block 5 | Starlink Group 12-1',
  net: '2026-11-25T10:30:00Z',
  precision: 1,
  status: 1,
  provider: 121,
  pad: 80,
  rocket: 'Falcon 9 Block 5',
  mission: { name: 'Starlink Group 12-1', type: 'Communications', orbit: 'LEO' },
  webcast: 'https://www.youtube.com/watch?v=x',
  ...overrides,
});

describe('filters', () => {
  it("read LL2's parameter names from a query string, ignoring what is not an id", () => {
    expect(core.parseFilter('?lsp__id=121,147,121&location__ids=x,12&status__ids=-1,3&search=%20Starlink%20')).toEqual({
      providers: [121, 147],
      locations: [12],
      statuses: [3],
      search: 'Starlink',
    });
    expect(core.parseFilter('')).toEqual({ providers: [], locations: [], statuses: [], search: '' });
    expect(core.parseFilter(`?search=${'x'.repeat(500)}`).search).toHaveLength(200);
  });

  it('write the query string back in a fixed order, and nothing for no filter', () => {
    const filter = { providers: [121], locations: [], statuses: [1, 8], search: 'crew dragon' };
    expect(core.filterQuery(filter)).toBe('?lsp__id=121&status__ids=1%2C8&search=crew+dragon');
    expect(core.parseFilter(core.filterQuery(filter))).toEqual(filter);
    expect(core.filterQuery(core.parseFilter(''))).toBe('');
    expect(core.isFiltered(core.parseFilter(''))).toBe(false);
    expect(core.isFiltered(core.parseFilter('?search=x'))).toBe(true);
  });

  it("match a launch by provider, by its pad's location and by status", () => {
    const matches = (query: string, record = launch()) => core.launchMatches(record, LOOKUPS, core.parseFilter(query));
    expect(matches('?lsp__id=121')).toBe(true);
    expect(matches('?lsp__id=147')).toBe(false);
    expect(matches('?lsp__id=147,121')).toBe(true);
    expect(matches('?location__ids=12')).toBe(true);
    expect(matches('?location__ids=10')).toBe(false);
    expect(matches('?status__ids=3')).toBe(false);
    expect(matches('?status__ids=1&lsp__id=121&location__ids=12')).toBe(true);
  });

  it('match every search word somewhere in the name, mission, provider, rocket, pad or location, without case or accents', () => {
    const matches = (search: string, record = launch()) =>
      core.launchMatches(record, LOOKUPS, core.parseFilter(`?search=${encodeURIComponent(search)}`));
    expect(matches('starlink')).toBe(true);
    expect(matches('spacex canaveral')).toBe(true); // provider and location
    expect(matches('spacex,leo')).toBe(true);
    expect(matches('spacex electron')).toBe(false); // every word must match
    expect(matches('SpX')).toBe(true);
    expect(matches('mahia', launch({ provider: 147, pad: 166 }))).toBe(true);
    expect(matches('complex 1a', launch({ provider: 147, pad: 166 }))).toBe(true);
  });

  it('match events by the search words only', () => {
    const event: CompactEvent = {
      id: 1,
      name: 'Crew-13 docking',
      date: null,
      precision: null,
      type: 'Docking',
      location: 'International Space Station',
      webcast: null,
      info: null,
    };
    expect(core.eventMatches(event, core.parseFilter('?search=station+crew'))).toBe(true);
    expect(core.eventMatches(event, core.parseFilter('?search=starship'))).toBe(false);
    expect(core.eventMatches(event, core.parseFilter('?lsp__id=121'))).toBe(true);
  });
});

describe('markup trees', () => {
  it('are written as HTML with every text and attribute escaped', () => {
    const tree = core.h(
      'p',
      { title: '"<x>"', hidden: true, lang: null },
      'a < b & c',
      ['', null, core.h('b', {}, "it's")],
      false,
    );
    expect(core.toHtml(tree)).toBe('<p title="&quot;&lt;x&gt;&quot;" hidden>a &lt; b &amp; c<b>it&#39;s</b></p>');
  });

  it('take only http(s) links from the data', () => {
    expect(core.safeUrl('https://example.org/a?b=c')).toBe('https://example.org/a?b=c');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//example.org', 'https://a b', 42])
      expect(core.safeUrl(bad)).toBeNull();
  });

  it('make a launch item: its page, status, NET, provider, rocket, pad, mission and webcast', () => {
    const html = core.toHtml(core.launchItem(launch(), LOOKUPS, PATHS, 'upcoming', BEFORE));
    expect(html).toBe(
      '<li class="launch"><h3><a href="launch.html?id=00000000-0000-4000-8000-000000000001">Falcon 9 Block 5 | Starlink Group 12-1</a></h3>' +
        '<p class="net"><span class="status go" title="Go for Launch">Go</span> NET <time datetime="2026-11-25T10:30:00Z" data-precision="1">Wed 25 Nov 2026, 10:30 UTC</time>' +
        ' <span class="countdown" role="timer" data-net="2026-11-25T10:30:00Z" data-kind="exact"></span></p>' +
        '<p class="meta">SpaceX · Falcon 9 Block 5 · Space Launch Complex 40, Cape Canaveral SFS, FL, USA</p>' +
        '<p class="meta">Starlink Group 12-1 · Communications · LEO · <a href="https://www.youtube.com/watch?v=x" class="webcast">Webcast</a></p></li>',
    );
  });

  it('give past launches their outcome and no countdown, coarse NETs no countdown, and drop unsafe links', () => {
    const past = core.toHtml(
      core.launchItem(launch({ status: 3, failreason: 'Stage 2 <anomaly>' }), LOOKUPS, PATHS, 'previous', BEFORE),
    );
    expect(past).not.toContain('countdown');
    expect(past).toContain('<p class="outcome">Stage 2 &lt;anomaly&gt;</p>');
    expect(past).toContain('title="Launch Successful">Success</span>');
    expect(past).toContain('</span> Launched <time');
    expect(core.toHtml(core.launchItem(launch({ precision: 7 }), LOOKUPS, PATHS, 'upcoming', BEFORE))).not.toContain(
      'countdown',
    );
    const unsafe = core.toHtml(
      core.launchItem(launch({ webcast: 'javascript:alert(1)', mission: null }), LOOKUPS, PATHS, 'upcoming', BEFORE),
    );
    expect(unsafe).not.toContain('javascript');
    expect(unsafe).not.toContain('Webcast');
    const morning = core.toHtml(
      core.launchItem(
        launch({ precision: 3, pad: 166, provider: 147, net: '2026-11-24T20:00:00Z' }),
        LOOKUPS,
        PATHS,
        'upcoming',
        BEFORE,
      ),
    );
    expect(morning).toContain(
      'data-site-zone="Pacific/Auckland">Wed 25 Nov 2026</time><span class="note"> (morning, local time at the launch site)</span>',
    );
  });

  it('never keep a green "Go" past the NET without an outcome: a neutral badge says so, and a flown launch says when it launched', () => {
    const after = Date.parse('2026-11-25T10:31:00Z');
    const overdue = core.toHtml(core.launchItem(launch(), LOOKUPS, PATHS, 'upcoming', after));
    expect(overdue).toContain(
      '<span class="status unknown" title="Last status: Go for Launch; its NET has passed">Outcome not yet recorded</span> NET <time',
    );
    expect(overdue).not.toContain('status go');
    expect(overdue).not.toContain('countdown');
    // Known to the day: overdue only once that UTC day is over.
    const day = launch({ precision: 5, net: '2026-11-25T00:00:00Z' });
    expect(core.launchState(1, day.net, 5, after)).toBe('ahead');
    expect(core.launchState(1, day.net, 5, Date.parse('2026-11-26T00:00:01Z'))).toBe('overdue');
    for (const status of [3, 4, 6, 7, 9])
      expect(core.launchState(status, '2026-11-25T10:30:00Z', 1, BEFORE), String(status)).toBe('flown');
    for (const status of [1, 2, 5, 8])
      expect(core.launchState(status, '2026-11-25T10:30:00Z', 1, after), String(status)).toBe('overdue');
    const flown = core.toHtml(core.launchItem(launch({ status: 4 }), LOOKUPS, PATHS, 'previous', after));
    expect(flown).toContain(
      'title="Launch Failure">Failure</span> Launched <time datetime="2026-11-25T10:30:00Z" data-precision="1">Wed 25 Nov 2026, 10:30 UTC</time>',
    );
    expect(flown).not.toContain(' NET ');
  });

  it('link a launch to its own page when the build wrote one, relative to the page it is on', () => {
    const record = launch({ page: 'launch/starlink-12-1.html' });
    expect(core.launchHref(record, PATHS)).toBe('launch/starlink-12-1.html');
    expect(core.launchHref(record, { ...PATHS, root: '../' })).toBe('../launch/starlink-12-1.html');
    expect(core.launchHref(launch(), PATHS)).toBe('launch.html?id=00000000-0000-4000-8000-000000000001');
  });

  it('make an event item with its type, date, location and links', () => {
    const event: CompactEvent = {
      id: 7,
      name: 'US Spacewalk 92',
      date: '2026-11-26T00:00:00Z',
      precision: 5,
      type: 'EVA (spacewalk)',
      location: 'ISS',
      webcast: null,
      info: 'https://example.org/eva',
    };
    expect(core.toHtml(core.eventItem(event, PATHS))).toBe(
      '<li class="event"><h3>US Spacewalk 92</h3><p class="net"><span class="type">EVA (spacewalk)</span> ' +
        '<time datetime="2026-11-26T00:00:00Z" data-precision="5">Thu 26 Nov 2026</time><span class="note"> (UTC date, time not known)</span></p>' +
        '<p class="meta">ISS · <a href="https://example.org/eva">More information</a> · <a href="2.3.0/events/7/index.json">Data (JSON)</a></p></li>',
    );
  });
});

describe('listSummary', () => {
  it('says how much of a list is shown, and what a filter found so far', () => {
    expect(core.listSummary('upcoming', { total: 70, shown: 30, filtered: false })).toBe(
      'The next 30 of 70 upcoming launches.',
    );
    expect(core.listSummary('previous', { total: 6900, shown: 10, filtered: false })).toBe(
      'The 10 most recent of 6,900 past launches.',
    );
    expect(core.listSummary('events', { total: 4, shown: 4, filtered: false })).toBe('All 4 upcoming events.');
    expect(core.listSummary('events', { total: 0, shown: 0, filtered: false })).toBe('None in this build.');
    expect(core.listSummary('upcoming', { total: 70, shown: 12, filtered: true, matched: 12, scanned: 70 })).toBe(
      '12 of 70 upcoming launches match.',
    );
    expect(core.listSummary('previous', { total: 6900, shown: 10, filtered: true, matched: 14, scanned: 300 })).toBe(
      '14 match among the 300 most recent of 6,900 past launches (10 shown); show more to search further.',
    );
    expect(core.listSummary('upcoming', { total: 70, shown: 0, filtered: true, matched: 0, scanned: 70 })).toBe(
      'None of 70 upcoming launches match.',
    );
  });
});

const DETAILED = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'falcon-9-starlink-12-1',
  name: 'Falcon 9 | Starlink; "12-1", <b>',
  status: { id: 1, name: 'Go for Launch', abbrev: 'Go', description: 'Current T-0 confirmed.' },
  net: '2026-11-25T10:30:00Z',
  net_precision: { id: 1, name: 'Minute' },
  window_start: '2026-11-25T10:30:00Z',
  window_end: '2026-11-25T14:30:00Z',
  last_updated: '2026-11-20T08:00:00Z',
  probability: 90,
  launch_service_provider: { name: 'SpaceX', type: { name: 'Commercial' } },
  rocket: { configuration: { full_name: 'Falcon 9 Block 5' } },
  mission: {
    name: 'Starlink Group 12-1',
    type: 'Communications',
    orbit: { name: 'Low Earth Orbit' },
    description: 'Satellites.',
    vid_urls: [{ url: 'https://example.org/mission-video', title: 'Mission video' }],
  },
  pad: {
    name: 'SLC-40',
    latitude: 28.56,
    longitude: -80.57,
    map_url: null,
    location: { name: 'Cape Canaveral SFS, FL, USA', timezone_name: 'America/New_York' },
  },
  vid_urls: [
    { url: 'javascript:alert(1)', title: 'Bad' },
    { url: 'https://www.youtube.com/watch?v=x', title: 'Live', live: true },
  ],
  info_urls: [],
  program: [],
  updates: [
    { id: 1, comment: 'Added.', created_on: '2026-11-01T10:00:00Z', created_by: 'a', info_url: null },
    {
      id: 2,
      comment: 'Go for launch.',
      created_on: '2026-11-20T08:00:00Z',
      created_by: 'b',
      info_url: 'https://example.org/u2',
    },
  ],
};

describe('LaunchView.render', () => {
  const html = (launchJson: object, now = Date.parse('2026-11-21T12:00:00Z')) =>
    core.toHtml(LaunchView.render(launchJson, { api: '2.3.0/', schedule: 'index.html', now }));

  it('shows the mission, rocket, pad with a map link, webcasts, updates newest first, and links to the JSON and the schedule', () => {
    const view = html(DETAILED);
    expect(view).toContain('<dd>Falcon 9 Block 5</dd>');
    expect(view).toContain(
      '<a href="https://www.openstreetmap.org/?mlat=28.56&amp;mlon=-80.57#map=14/28.56/-80.57">Map</a>',
    );
    expect(view).toContain('<a href="https://www.youtube.com/watch?v=x">Webcast: Live</a> (live)');
    expect(view).toContain('Webcast: Mission video');
    expect(view).not.toContain('javascript');
    expect(view.indexOf('Go for launch.')).toBeLessThan(view.indexOf('Added.'));
    expect(view).toContain('href="2.3.0/launches/00000000-0000-4000-8000-000000000001/index.json"');
    expect(view).toContain('<a href="index.html">Back to the schedule</a>');
    expect(view).toContain('class="countdown"');
    expect(html(DETAILED, Date.parse('2026-11-26T00:00:00Z'))).not.toContain('class="countdown"');
  });

  it('says of a landing what the record says: planned while the launch is ahead, not recorded once it flew', () => {
    const stage = {
      type: 'Core',
      launcher_flight_number: 3,
      reused: true,
      launcher: { serial_number: 'B1090' },
      landing: {
        attempt: true,
        success: null,
        type: { name: 'Return to Launch Site' },
        landing_location: { name: 'Landing Zone 2' },
      },
    };
    const withStage = (status: object) => ({
      ...DETAILED,
      status,
      rocket: { configuration: { full_name: 'Falcon 9 Block 5' }, launcher_stage: [stage] },
    });
    expect(html(withStage(DETAILED.status))).toContain(
      '<li><strong>B1090</strong> Core · flight 3 · flown before<p>Landing: landing planned · Return to Launch Site on Landing Zone 2</p></li>',
    );
    expect(html(withStage({ id: 3, name: 'Launch Successful', abbrev: 'Success' }))).toContain(
      'Landing: landing outcome not recorded · Return to Launch Site',
    );
    expect(
      html({
        ...withStage(DETAILED.status),
        rocket: { configuration: {}, launcher_stage: [{ ...stage, landing: { ...stage.landing, success: true } }] },
      }),
    ).toContain('Landing: landed ·');
    expect(LaunchView.relativeTime('-PT1H2M3S')).toBe('T−1:02:03');
    expect(LaunchView.relativeTime('P1DT2H')).toBe('T+26:00:00');
    expect(LaunchView.relativeTime('soon')).toBe('soon');
  });

  it("prefers the pad's own map link, and gives none without one or coordinates", () => {
    expect(LaunchView.mapUrl({ map_url: 'https://maps.example/slc-40', latitude: 1, longitude: 2 })).toBe(
      'https://maps.example/slc-40',
    );
    expect(LaunchView.mapUrl({ map_url: null, latitude: null, longitude: null })).toBeNull();
  });
});

describe('LaunchView.icsText', () => {
  const options = {
    uid: 'launch-00000000-0000-4000-8000-000000000001@launch-schedule-service',
    url: 'https://mirror.example/launch.html?id=x',
  };
  const parse = (text: string) => new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;

  it('makes one timed event from the window, text escaped and lines folded as RFC 5545 wants', () => {
    const text = LaunchView.icsText({ ...DETAILED, name: `${DETAILED.name} ${'ü'.repeat(60)}` }, options)!;
    expect(physicalLineProblems(text)).toEqual([]);
    const event = parse(text);
    expect(event.getFirstPropertyValue('uid')).toBe(options.uid);
    expect(event.getFirstPropertyValue('summary')).toBe(`Falcon 9 | Starlink; "12-1", ＜b＞ ${'ü'.repeat(60)}`);
    expect(event.getFirstPropertyValue('dtstart')!.toString()).toBe('2026-11-25T10:30:00Z');
    expect(event.getFirstPropertyValue('dtend')!.toString()).toBe('2026-11-25T14:30:00Z');
    expect(event.getFirstPropertyValue('location')).toBe('SLC-40, Cape Canaveral SFS, FL, USA');
    expect(event.getFirstPropertyValue('description')).toBe(
      'Status: Go for Launch\nProvider: SpaceX\nNET: Wed 25 Nov 2026, 10:30 UTC\nDetails: https://mirror.example/launch.html?id=x',
    );
    expect(event.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-20T08:00:00Z');
  });

  it("makes an all-day event on the NET's UTC date for a day, and none for a month", () => {
    const day = parse(
      LaunchView.icsText({ ...DETAILED, net: '2026-11-26T00:00:00Z', net_precision: { id: 5 } }, options)!,
    );
    expect(day.getFirstPropertyValue('dtstart')!.toString()).toBe('2026-11-26');
    expect(day.getFirstPropertyValue('dtend')!.toString()).toBe('2026-11-27');
    expect(LaunchView.icsText({ ...DETAILED, net_precision: { id: 7 } }, options)).toBeNull();
  });
});
