// How one filter value is cleaned, as django-filter's fields do it: date-times as
// Django's parse_datetime reads them (Python 3.11's fromisoformat, then Django's
// pattern; the expected instants were checked against Python 3.11), decimals,
// UUIDs, booleans, choices and comma lists, with Django's messages.

import { describe, expect, it } from 'vitest';
import {
  cleanBoolean,
  cleanChoice,
  cleanChoices,
  cleanDateTime,
  cleanList,
  cleanNumber,
  cleanText,
  cleanUuid,
  parseDecimal,
} from '../scripts/lib/query/django-fields.ts';
import { compareToInstant, parseIsoDateTime } from '../scripts/lib/query/iso-datetime.ts';

const instant = (text: string): string | undefined => {
  const parsed = parseIsoDateTime(text);
  return parsed && `${new Date(parsed.ms).toISOString()}+${parsed.micro}µs`;
};

describe('date-times (IsoDateTimeFilter)', () => {
  it.each([
    ['2024-01-01T10:00:00Z', '2024-01-01T10:00:00.000Z+0µs'],
    ['2024-01-01', '2024-01-01T00:00:00.000Z+0µs'],
    ['2024-01-01T10', '2024-01-01T10:00:00.000Z+0µs'],
    ['2024-01-01 10:00', '2024-01-01T10:00:00.000Z+0µs'],
    ['2024-01-01x10:00', '2024-01-01T10:00:00.000Z+0µs'],
    ['20240101', '2024-01-01T00:00:00.000Z+0µs'],
    ['20240101T1010', '2024-01-01T10:10:00.000Z+0µs'],
    ['2024-W01-1', '2024-01-01T00:00:00.000Z+0µs'],
    ['2020-W53', '2020-12-28T00:00:00.000Z+0µs'],
    ['2024-01-01T10:00:00.1234567+01:00', '2024-01-01T09:00:00.123Z+456µs'],
    ['2024-02-29T23:59:59.999999-00:30', '2024-03-01T00:29:59.999Z+999µs'],
    ['2024-01-01T10:00:00,5Z', '2024-01-01T10:00:00.500Z+0µs'],
    ['2024-01-01T10.5', '2024-01-01T10:00:00.500Z+0µs'],
    ['2024-01-01T10304512', '2024-01-01T10:30:45.120Z+0µs'],
    ['2024-01-01T10:Z', '2024-01-01T10:00:00.000Z+0µs'],
    ['2024-1-5T10:00', '2024-01-05T10:00:00.000Z+0µs'],
    ['2024-1-5 10:00 +0130', '2024-01-05T08:30:00.000Z+0µs'],
    [' 2024-01-01 ', '2024-01-01T00:00:00.000Z+0µs'],
    ['0001-01-01', '0001-01-01T00:00:00.000Z+0µs'],
  ])('%s is %s', (text, expected) => {
    expect(instant(text)).toBe(expected);
  });

  it.each([
    'notadate',
    '2024-001',
    '2024-02-30',
    '2023-02-29',
    '2021-W53',
    '2024-01-01T',
    '2024-01-01T1030451',
    '2024-01-01T10:00+05:',
    '2024-01-01T10:00+5',
    '2024-01-01T10:00:00+24:00',
    '2024-13-01',
    '2024-01-01T24:00',
    '10:00',
    '',
    ' ',
    '0000-01-01',
  ])('%j is not a date-time', (text) => {
    expect(instant(text)).toBeUndefined();
  });

  it('compares a stored whole second against an instant with microseconds', () => {
    const t = Date.parse('2024-01-01T00:00:00Z');
    expect(compareToInstant(t, parseIsoDateTime('2024-01-01T00:00:00Z')!)).toBe(0);
    expect(compareToInstant(t, parseIsoDateTime('2024-01-01T00:00:00.000001Z')!)).toBeLessThan(0);
    expect(compareToInstant(t + 1000, parseIsoDateTime('2024-01-01T00:00:00.999999Z')!)).toBeGreaterThan(0);
  });

  it("cleans with Django's message, and an empty value applies no filter", () => {
    expect(cleanDateTime('x')).toEqual({ ok: false, message: 'Enter a valid date/time.' });
    expect(cleanDateTime('')).toEqual({ ok: true, value: undefined });
  });
});

describe('numbers (NumberFilter: DecimalField)', () => {
  it.each([
    ['3', { floor: 3, ceil: 3 }],
    ['3.0', { floor: 3, ceil: 3 }],
    [' +3 ', { floor: 3, ceil: 3 }],
    ['2.5', { floor: 2, ceil: 3 }],
    ['-2.5', { floor: -3, ceil: -2 }],
    ['1e2', { floor: 100, ceil: 100 }],
    ['1E-9', { floor: 0, ceil: 1 }],
    ['.5', { floor: 0, ceil: 1 }],
    ['5.', { floor: 5, ceil: 5 }],
    ['1_000', { floor: 1000, ceil: 1000 }],
    ['0e5', { floor: 0, ceil: 0 }],
    ['1e999', { floor: Infinity, ceil: Infinity }],
  ])('%j', (text, expected) => {
    expect(parseDecimal(text)).toEqual(expected);
  });

  it.each(['abc', 'NaN', 'Infinity', '-inf', '.', '1e', '1,5', '0x10', ' '])('%j is "Enter a number."', (text) => {
    expect(cleanNumber(text)).toEqual({ ok: false, message: 'Enter a number.' });
  });
});

describe('the other fields', () => {
  it('cleans UUIDs as uuid.UUID reads them', () => {
    const id = 'e3df2ecd-c239-472f-95e4-2b89b4f75800';
    for (const form of [id, id.toUpperCase(), id.replace(/-/g, ''), `{${id}}`, `urn:uuid:${id}`, ` ${id} `])
      expect(cleanUuid(form), form).toEqual({ ok: true, value: id });
    expect(cleanUuid('e3df2ecd')).toEqual({ ok: false, message: 'Enter a valid UUID.' });
  });

  it("reads booleans as django-filter's BooleanWidget: true/false/1/0 in any case, anything else applies no filter", () => {
    expect(['true', 'True', 'TRUE', '1', 'false', 'False', '0', 'yes', '', 'on'].map((v) => cleanBoolean(v))).toEqual(
      [true, true, true, true, false, false, false, undefined, undefined, undefined].map((value) => ({
        ok: true,
        value,
      })),
    );
  });

  it('strips texts, refuses NUL characters, and applies no filter for an empty one', () => {
    expect(cleanText('  Falcon 9 ')).toEqual({ ok: true, value: 'Falcon 9' });
    expect(cleanText('   ')).toEqual({ ok: true, value: undefined });
    expect(cleanText('a\0b')).toEqual({ ok: false, message: 'Null characters are not allowed.' });
  });

  it('takes one choice as int() reads it, several only as written', () => {
    const ids = new Set([1, 17]);
    expect(cleanChoice(' 17 ', ids)).toEqual({ ok: true, value: 17 });
    expect(cleanChoice('2', ids).ok).toBe(false);
    expect(cleanChoices(['17', '1'], ids)).toEqual({ ok: true, value: [17, 1] });
    expect(cleanChoices(['17', 'x'], ids)).toEqual({ ok: false, message: '“x” is not a valid value.' });
    expect(cleanChoices(['+17'], ids)).toEqual({
      ok: false,
      message: 'Select a valid choice. +17 is not one of the available choices.',
    });
    expect(cleanChoices(['1\0'], ids)).toEqual({ ok: false, message: 'Null characters are not allowed.' });
    expect(cleanChoices([], ids)).toEqual({ ok: true, value: undefined });
  });

  it('splits comma lists, drops empty numbers and UUIDs, keeps empty texts', () => {
    expect(cleanList('1,,2', cleanNumber)).toEqual({
      ok: true,
      value: [
        { floor: 1, ceil: 1 },
        { floor: 2, ceil: 2 },
      ],
    });
    expect(cleanList(',', cleanNumber)).toEqual({ ok: true, value: [] });
    expect(cleanList('', cleanNumber)).toEqual({ ok: true, value: undefined });
    expect(cleanList('a, ,b', cleanText, true)).toEqual({ ok: true, value: ['a', '', 'b'] });
    expect(cleanList('1,x,y', cleanNumber)).toEqual({ ok: false, message: 'Enter a number.' });
  });
});
