// Date-time filter values read as LL2 reads them: django-filter's
// IsoDateTimeFilter cleans a value with Django's `parse_datetime`, which tries
// Python's `datetime.fromisoformat` (Python 3.11 and later) and then Django's own
// pattern; anything else is "Enter a valid date/time.". A time without a zone is
// UTC (LL2's time zone). Pure: text in, an instant (milliseconds plus the
// microseconds Python keeps) or undefined out.

import { stripSpace } from './python-text.ts';

/** An instant with Python's precision: milliseconds since the epoch and the microseconds past them (0–999). */
export interface Instant {
  ms: number;
  micro: number;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Microseconds, 0–999,999. */
  fraction: number;
  /** Offset east of UTC in microseconds; undefined for a naive time (read as UTC). */
  offset?: number;
}

const MICROS_PER_MS = 1000;

/** Six digits of a fraction: `5` is 500,000 µs, digits past the sixth are dropped. */
const fractionMicros = (digits: string): number => Number(digits.slice(0, 6).padEnd(6, '0'));

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
}

const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** `Date.UTC` for any year from 1 (it reads 0–99 as 1900–1999). */
function utcMillis(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year);
  return date.getTime();
}

/** The date of an ISO week date (`2024-W01-1`), as `date.fromisocalendar` computes it. */
function isoWeekDate(year: number, week: number, weekday: number): [number, number, number] | undefined {
  if (weekday < 1 || weekday > 7 || week < 1 || week > 53) return undefined;
  const jan1 = new Date(utcMillis(year, 1, 1)).getUTCDay() || 7; // Monday 1 … Sunday 7
  if (week === 53 && !(jan1 === 4 || (jan1 === 3 && isLeap(year)))) return undefined;
  const mondayOfWeek1 = utcMillis(year, 1, 1) - (jan1 <= 4 ? jan1 - 1 : jan1 - 8) * 86_400_000;
  const date = new Date(mondayOfWeek1 + ((week - 1) * 7 + weekday - 1) * 86_400_000);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

const DATE_PART = /^(\d{4})(?:-(\d{2})-(\d{2})|(\d{2})(\d{2})|-W(\d{2})(?:-(\d))?|W(\d{2})(\d)?)$/;

/** Where `fromisoformat` ends the date part, as CPython decides it (`_find_isoformat_datetime_separator`). */
function dateLength(text: string): number {
  if (text.length === 7) return 7;
  if (text[4] === '-') {
    if (text[5] !== 'W') return 10;
    if (text.length > 8 && text[8] === '-') return text.length > 10 && /\d/.test(text[10]) ? 8 : 10;
    return 8;
  }
  if (text[4] !== 'W') return 8;
  let end = 7;
  while (end < text.length && /\d/.test(text[end])) end++;
  if (end < 9) return end;
  return end % 2 === 0 ? 7 : 8;
}

function parseDate(text: string): [number, number, number] | undefined {
  const m = DATE_PART.exec(text);
  if (!m) return undefined;
  const year = Number(m[1]);
  if (m[2] !== undefined) return [year, Number(m[2]), Number(m[3])];
  if (m[4] !== undefined) return [year, Number(m[4]), Number(m[5])];
  if (m[6] !== undefined) return isoWeekDate(year, Number(m[6]), m[7] === undefined ? 1 : Number(m[7]));
  return isoWeekDate(year, Number(m[8]), m[9] === undefined ? 1 : Number(m[9]));
}

const isDigit = (char: string | undefined): boolean => char !== undefined && char >= '0' && char <= '9';

interface Clock {
  parts: [hour: number, minute: number, second: number, micros: number];
  /** Characters were left before `end` (CPython returns 1): an error unless a zone follows. */
  trailing: boolean;
}

/**
 * CPython's `parse_hh_mm_ss_ff` over `text[start, end)`: `HH[:MM[:SS]]` or
 * `HHMMSS`, with a fraction after a `.` or `,` (or, in the compact form, straight
 * after the seconds). Reading at `end` sees the next character, as C does.
 */
function parseClock(text: string, start: number, end: number): Clock | undefined {
  const values = [0, 0, 0];
  let p = start;
  let separated = true;
  for (let i = 0; i < 3; i++) {
    if (!isDigit(text[p]) || !isDigit(text[p + 1])) return undefined;
    values[i] = Number(text.slice(p, p + 2));
    p += 2;
    const c = text[p++];
    if (i === 0) separated = c === ':';
    if (p >= end) return { parts: [values[0], values[1], values[2], 0], trailing: c !== undefined };
    if (separated && c === ':') continue;
    if (c === '.' || c === ',') break;
    if (separated) return undefined;
    p--;
  }
  const digits = Math.min(end - p, 6);
  for (let i = p; i < p + digits; i++) if (!isDigit(text[i])) return undefined;
  const micros = digits > 0 ? fractionMicros(text.slice(p, p + digits)) : 0;
  p += digits;
  while (isDigit(text[p])) p++;
  return { parts: [values[0], values[1], values[2], micros], trailing: text[p] !== undefined };
}

/** The time part of `fromisoformat`: a clock, then `Z` (last) or a signed offset that is itself a clock. */
function parseTime(text: string): Omit<Parts, 'year' | 'month' | 'day'> | undefined {
  const zoneAt = text.search(/[Z+-]/);
  const zone = zoneAt < 0 ? text.length : zoneAt;
  const clock = parseClock(text, 0, zone);
  if (!clock || (zoneAt < 0 && clock.trailing)) return undefined;
  const [hour, minute, second, fraction] = clock.parts;
  if (zoneAt < 0) return { hour, minute, second, fraction };
  if (text[zone] === 'Z') return zone === text.length - 1 ? { hour, minute, second, fraction, offset: 0 } : undefined;
  const offset = parseClock(text, zone + 1, text.length);
  if (!offset || offset.trailing) return undefined;
  const [h, m, sec, micros] = offset.parts;
  const sign = text[zone] === '-' ? -1 : 1;
  return { hour, minute, second, fraction, offset: sign * (((h * 60 + m) * 60 + sec) * 1e6 + micros) };
}

/** Python 3.11's `datetime.fromisoformat`, without checking the ranges of the parts. */
function fromIsoFormat(text: string): Parts | undefined {
  if (text.length < 7) return undefined;
  const split = dateLength(text);
  const date = parseDate(text.slice(0, split));
  if (!date) return undefined;
  const rest = text.slice(split + 1);
  if (split < text.length && rest === '') return undefined;
  const time = rest === '' ? { hour: 0, minute: 0, second: 0, fraction: 0 } : parseTime(rest);
  return time && { year: date[0], month: date[1], day: date[2], ...time };
}

/** Django's `datetime_re` (django.utils.dateparse), tried when `fromisoformat` fails. */
const DJANGO_DATETIME =
  /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:[.,](\d{1,6})\d{0,6})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;

function fromDjangoPattern(text: string): Parts | undefined {
  const m = DJANGO_DATETIME.exec(text);
  if (!m) return undefined;
  const zone = m[8];
  let offset: number | undefined;
  if (zone === 'Z') offset = 0;
  else if (zone !== undefined) {
    const minutes = Number(zone.slice(1, 3)) * 60 + (zone.length > 3 ? Number(zone.slice(-2)) : 0);
    offset = (zone[0] === '-' ? -minutes : minutes) * 60e6;
  }
  return {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
    fraction: m[7] === undefined ? 0 : fractionMicros(m[7]),
    offset,
  };
}

/** Whether Python's `datetime(...)` and `timezone(...)` accept the parts. */
function inRange(p: Parts): boolean {
  return (
    p.year >= 1 &&
    p.year <= 9999 &&
    p.month >= 1 &&
    p.month <= 12 &&
    p.day >= 1 &&
    p.day <= daysInMonth(p.year, p.month) &&
    p.hour <= 23 &&
    p.minute <= 59 &&
    p.second <= 59 &&
    (p.offset === undefined || Math.abs(p.offset) < 86_400e6)
  );
}

/**
 * A filter value as an instant, or undefined where LL2 answers "Enter a valid
 * date/time.". The value is stripped of surrounding whitespace first, as Django does.
 */
export function parseIsoDateTime(raw: string): Instant | undefined {
  const text = stripSpace(raw);
  const iso = fromIsoFormat(text);
  const parts = iso && inRange(iso) ? iso : fromDjangoPattern(text);
  if (!parts || !inRange(parts)) return undefined;
  // Microseconds past the local second, less the offset: the instant is local time minus the offset.
  const micros = parts.fraction - (parts.offset ?? 0);
  const ms =
    utcMillis(parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second) +
    Math.floor(micros / MICROS_PER_MS);
  return { ms, micro: ((micros % MICROS_PER_MS) + MICROS_PER_MS) % MICROS_PER_MS };
}

/** Orders a stored time (whole milliseconds) against a filter's instant. */
export const compareToInstant = (ms: number, instant: Instant): number =>
  ms - instant.ms || (instant.micro === 0 ? 0 : -1);
