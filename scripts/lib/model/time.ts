// UTC timestamps as LL2 writes them: `YYYY-MM-DDTHH:MM:SSZ`, no fraction, no offset.

export const DAY_MS = 24 * 60 * 60 * 1000;

const UTC_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

export function isRealCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

export function isUtcTimestamp(value: string): boolean {
  const m = UTC_TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  return isRealCalendarDate(year, month, day) && hour < 24 && minute < 60 && second < 60;
}

/** Why a string is not an accepted timestamp, in words a contributor can act on. */
export function describeTimestampProblem(value: string): string {
  const quoted = JSON.stringify(value); // data shown in a message is quoted, escapes and all
  if (UTC_TIMESTAMP.test(value)) return `${quoted} is not a real date or time of day`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?[+-]\d{2}:?\d{2}$/.test(value)) {
    return `${quoted} has a time-zone offset; timestamps must be in UTC and end in Z`;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+Z$/.test(value))
    return `${quoted} has fractional seconds, which LL2 does not use`;
  if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?$/.test(value))
    return `${quoted} has no time zone; timestamps must be in UTC and end in Z`;
  return `${quoted} is not a timestamp`;
}

export const TIMESTAMP_HINT =
  'write a UTC time as YYYY-MM-DDTHH:MM:SSZ, e.g. 2024-10-04T10:00:00Z (quote it if your editor complains)';

const ISO_DURATION = /^-?P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

/**
 * The longest duration accepted: 100 years. Longer ones are mistakes, and a date
 * plus such a duration could fall outside what a JavaScript Date (or a calendar) can hold.
 */
export const MAX_DURATION_SECONDS = 100 * 366 * 86_400;
const UNIT_SECONDS: Array<[RegExp, number]> = [
  [/(\d+)Y/, 366 * 86_400],
  [/P[^T]*?(\d+)M/, 31 * 86_400],
  [/(\d+)W/, 7 * 86_400],
  [/(\d+)D/, 86_400],
  [/T.*?(\d+)H/, 3600],
  [/T.*?(\d+)M/, 60],
  [/T.*?(\d+(?:\.\d+)?)S/, 1],
];

/** An upper bound of the length of a well-formed ISO 8601 duration, in seconds. */
export function durationUpperBoundSeconds(value: string): number {
  return UNIT_SECONDS.reduce((sum, [pattern, seconds]) => sum + Number(pattern.exec(value)?.[1] ?? 0) * seconds, 0);
}

/** Longer is never a real duration (`P100Y11M4W6DT23H59M59.999S` has 26 characters); keeps the format bounded like every string. */
export const MAX_DURATION_LENGTH = 64;

export const isIsoDuration = (value: string): boolean =>
  value.length <= MAX_DURATION_LENGTH &&
  ISO_DURATION.test(value) &&
  durationUpperBoundSeconds(value) <= MAX_DURATION_SECONDS;

const digitsAt = (text: string, start: number, count: number): number => {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
};

/**
 * `Date.parse`, read directly for LL2's form (`YYYY-MM-DDTHH:MM:SSZ`): a build
 * orders, splits and counts every launch by its NET, and parsing them all with
 * `Date.parse` took a tenth of a rebuild's own work. Anything else, and fields out
 * of the ranges where `Date.UTC` agrees with `Date.parse`, go to `Date.parse`.
 */
export function toMillis(timestamp: string): number {
  if (
    timestamp.length === 20 &&
    timestamp[4] === '-' &&
    timestamp[7] === '-' &&
    timestamp[10] === 'T' &&
    timestamp[13] === ':' &&
    timestamp[16] === ':' &&
    timestamp[19] === 'Z'
  ) {
    const year = digitsAt(timestamp, 0, 4);
    const month = digitsAt(timestamp, 5, 2);
    const day = digitsAt(timestamp, 8, 2);
    const hour = digitsAt(timestamp, 11, 2);
    const minute = digitsAt(timestamp, 14, 2);
    const second = digitsAt(timestamp, 17, 2);
    // Date.UTC reads years below 100 as 19xx; both roll days 29-31 over into the next month.
    if (
      year >= 100 &&
      month >= 1 &&
      month <= 12 &&
      day >= 1 &&
      day <= 31 &&
      hour <= 23 &&
      minute <= 59 &&
      second <= 59
    ) {
      return Date.UTC(year, month - 1, day, hour, minute, second);
    }
  }
  return Date.parse(timestamp);
}

/** Milliseconds since the epoch as LL2 writes timestamps. */
export function formatTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
