import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { icalGenerator } from '../scripts/lib/base/lazy-packages.ts';
import {
  foldLines,
  sequenceOf,
  writeCalendar,
  type CalendarEntry,
  type CalendarSpec,
} from '../scripts/lib/outputs/ical.ts';
import {
  parseComponents,
  physicalLineProblems,
  prop,
  props,
  structureProblems,
  unescapeText,
  unfold,
} from './helpers/ical.ts';

const entry = (overrides: Partial<CalendarEntry> = {}): CalendarEntry => ({
  uid: 'launch-00000000-0000-4000-8000-000000000001@launch-schedule-service',
  summary: 'Falcon 9 Block 5 | Starlink Group 6-1',
  description: 'Status: Go',
  url: 'https://example.org/2.3.0/launches/00000000-0000-4000-8000-000000000001/',
  location: { title: 'SLC-40, Cape Canaveral', lat: 28.56, lon: -80.57 },
  time: { allDay: false, start: Date.parse('2030-03-01T11:55:00Z'), end: Date.parse('2030-03-01T12:05:00Z') },
  lastModified: Date.parse('2029-12-01T10:20:30Z'),
  status: 'CONFIRMED',
  ...overrides,
});

const spec = (entries: CalendarEntry[], overrides: Partial<CalendarSpec> = {}): CalendarSpec => ({
  name: 'Upcoming launches: Rocket Lab, Ltd; "NZ"',
  description: 'Line one\nLine two, with a comma; and a semicolon \\ backslash',
  url: 'https://example.org/2.3.0/calendars/launches/upcoming.ics',
  entries,
  ...overrides,
});

/** ical.js, Mozilla's parser, reading the feed back. */
function parseBack(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

const HOSTILE = 'A, b; c \\ d\nnew line\r\nCRLF — ünïcødé 🚀 '.repeat(6);

describe('foldLines', () => {
  // Lines of ASCII, two-, three- and four-octet characters, lone surrogates and CRLFs, often longer than a line.
  const piece = fc.constantFrom('a', ' ', 'é', '—', '🚀', '\ud83d', '\ude80', '\r\n', '\r', '\n', 'x'.repeat(70));
  const text = fc.array(piece, { maxLength: 120 }).map((pieces) => pieces.join(''));

  it('folds exactly as ical-generator does, so the feeds it wrote before stay byte-identical', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(foldLines(value)).toBe(icalGenerator().foldLines(value));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves no physical line over 75 octets and unfolds back to the text', () => {
    fc.assert(
      fc.property(text, (value) => {
        fc.pre(!value.includes('\r\n ')); // a CRLF and a space in the text itself would unfold too
        const folded = foldLines(value);
        for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, '')).toBe(value);
      }),
      { numRuns: 300 },
    );
  });
});

describe('writeCalendar', () => {
  it('writes CRLF lines of at most 75 octets, folded without splitting a character', () => {
    const text = writeCalendar(
      spec([entry({ summary: HOSTILE, description: HOSTILE, location: { title: HOSTILE, lat: null, lon: null } })]),
    );
    expect(physicalLineProblems(text)).toEqual([]);
    expect(text.split('\r\n').some((l) => l.startsWith(' '))).toBe(true); // long values were folded
    expect(structureProblems(parseComponents(text))).toEqual([]);
  });

  it('escapes TEXT so that a real parser reads back exactly the original strings', () => {
    const text = writeCalendar(
      spec([entry({ summary: HOSTILE, description: HOSTILE, location: { title: HOSTILE, lat: null, lon: null } })]),
    );
    const { calendar, events } = parseBack(text);
    const expected = HOSTILE.replace(/\r\n/g, '\n');
    expect(events[0].summary).toBe(expected);
    expect(events[0].description).toBe(expected);
    expect(events[0].location).toBe(expected);
    // ical.js keeps NAME (RFC 7986) and X- values raw: they must be escaped TEXT.
    for (const name of ['name', 'x-wr-calname']) {
      expect(unescapeText(String(calendar.getFirstPropertyValue(name)))).toBe(
        'Upcoming launches: Rocket Lab, Ltd; "NZ"',
      );
    }
    expect(unescapeText(String(calendar.getFirstPropertyValue('x-wr-caldesc')))).toBe(
      'Line one\nLine two, with a comma; and a semicolon \\ backslash',
    );
    // The same, read by this test's own line reader.
    const vevent = parseComponents(text).components[0];
    expect(unescapeText(prop(vevent, 'SUMMARY')!.value)).toBe(expected);
    expect(unfold(text).filter((l) => l.startsWith('SUMMARY:'))).toHaveLength(1);
  });

  it('writes the calendar properties a subscriber needs', () => {
    const root = parseComponents(writeCalendar(spec([entry()])));
    expect(prop(root, 'PRODID')!.value).toBe('-//Launch Schedule Service//Calendars 2.3.0//EN');
    expect(prop(root, 'VERSION')!.value).toBe('2.0');
    expect(prop(root, 'REFRESH-INTERVAL')!.value).toBe('PT1H');
    expect(props(root, 'METHOD')).toEqual([]); // so that DTSTAMP means "last revised"
  });

  it('writes a timed entry in UTC, transparent, with its URL and geo position', () => {
    const { events, calendar } = parseBack(writeCalendar(spec([entry()])));
    const [event] = events;
    expect(event.startDate.toString()).toBe('2030-03-01T11:55:00Z');
    expect(event.endDate.toString()).toBe('2030-03-01T12:05:00Z');
    expect(event.startDate.isDate).toBe(false);
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('url')).toBe(
      'https://example.org/2.3.0/launches/00000000-0000-4000-8000-000000000001/',
    );
    expect(vevent.getFirstPropertyValue('geo')).toEqual([28.56, -80.57]);
  });

  it('leaves DTEND out when the window has no length, since DTEND must be later than DTSTART', () => {
    const instant = Date.parse('2030-03-01T12:00:00Z');
    const text = writeCalendar(spec([entry({ time: { allDay: false, start: instant, end: instant } })]));
    expect(unfold(text).some((l) => l.startsWith('DTEND'))).toBe(false);
    expect(structureProblems(parseComponents(text))).toEqual([]);
  });

  it('writes an all-day entry as a DATE from that day to the next', () => {
    const text = writeCalendar(spec([entry({ time: { allDay: true, date: '2030-12-31' } })]));
    expect(unfold(text)).toContain('DTSTART;VALUE=DATE:20301231');
    expect(unfold(text)).toContain('DTEND;VALUE=DATE:20310101');
    const [event] = parseBack(text).events;
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2030-12-31');
    expect(event.endDate.toString()).toBe('2031-01-01');
  });

  it('takes DTSTAMP, LAST-MODIFIED and SEQUENCE from the revision time, never from the wall clock', () => {
    const first = writeCalendar(spec([entry()]));
    const vevent = parseComponents(first).components[0];
    expect(prop(vevent, 'DTSTAMP')!.value).toBe('20291201T102030Z');
    expect(prop(vevent, 'LAST-MODIFIED')!.value).toBe('20291201T102030Z');
    expect(prop(vevent, 'SEQUENCE')!.value).toBe(String(sequenceOf(Date.parse('2029-12-01T10:20:30Z'))));
    expect(writeCalendar(spec([entry()]))).toBe(first);
  });

  it('percent-encodes commas and semicolons in URLs instead of backslash-escaping them', () => {
    const text = writeCalendar(
      spec([entry({ url: 'https://example.org/a,b;c/' })], { url: 'https://example.org/x,y.ics' }),
    );
    expect(unfold(text)).toContain('URL;VALUE=URI:https://example.org/a%2Cb%3Bc/');
    expect(unfold(text)).toContain('URL:https://example.org/x%2Cy.ics');
  });

  it('writes a valid calendar with no entries', () => {
    const text = writeCalendar(spec([]));
    expect(physicalLineProblems(text)).toEqual([]);
    expect(parseBack(text).events).toEqual([]);
  });
});

describe('sequenceOf', () => {
  it('grows with every later revision, second by second', () => {
    const t = Date.parse('2026-11-21T12:00:00Z');
    expect(sequenceOf(t + 1000)).toBe(sequenceOf(t) + 1);
    expect(sequenceOf(t + 86_400_000)).toBeGreaterThan(sequenceOf(t));
  });

  it('is 0 at and before 2000-01-01 and fits a signed 32-bit integer until 2068', () => {
    expect(sequenceOf(Date.parse('2000-01-01T00:00:00Z'))).toBe(0);
    expect(sequenceOf(Date.parse('1957-10-04T19:28:34Z'))).toBe(0);
    expect(sequenceOf(Date.parse('2068-01-01T00:00:00Z'))).toBeLessThan(2 ** 31);
  });
});
