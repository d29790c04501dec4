// Templates for new records: every required field present, a fresh id, and
// TODO where a person must decide. Validation refuses a TODO left in place.

import type { EventRecord, LaunchRecord } from '../model/records.ts';
import { formatTimestamp, isUtcTimestamp } from '../model/time.ts';

export const TODO = 'TODO';

export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 200) || 'todo'
  );
}

/** The start of the day of `now`, in UTC: a placeholder NET with honest day precision. */
const startOfDay = (now: number): string => formatTimestamp(now - (now % 86_400_000));

/** The precisions a time given on the command line can state: keys of data/reference/net-precisions.yaml (LL2's vocabulary). */
export type GivenPrecision = 'second' | 'minute' | 'hour' | 'day';

/**
 * A time as a contributor gives it: `2027-01-10T14:30:05Z`, `2027-01-10T14:30Z`,
 * `2027-01-10T14Z` or `2027-01-10`, as the full UTC timestamp records hold (the units
 * not written set to zero), with the precision it states: its last unit written that
 * is not zero. `14:30Z` and `14:30:00Z` are to the minute, `T00:00:00Z` is a date
 * (the form the docs used to show): a record never claims more precision than it was
 * given, and a contributor who knows a time to the second at :00 edits net_precision.
 * Undefined when it is none of these forms, or not a real date and time.
 */
export function parseGivenTime(text: string): { timestamp: string; precision: GivenPrecision } | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2}))?)?Z)?$/.exec(text);
  if (!m) return undefined;
  const [, date, hour = '00', minute = '00', second = '00'] = m;
  const timestamp = `${date}T${hour}:${minute}:${second}Z`;
  if (!isUtcTimestamp(timestamp)) return undefined;
  const precision: GivenPrecision =
    second !== '00' ? 'second' : minute !== '00' ? 'minute' : hour !== '00' ? 'hour' : 'day';
  return { timestamp, precision };
}

export const GIVEN_TIME_HINT =
  'give a UTC time to the precision you know it: 2027-01-10T14:30:05Z (second), 2027-01-10T14:30Z (minute), 2027-01-10T14Z (hour) or 2027-01-10 (day)';

export interface LaunchTemplateInput {
  id: string;
  now: number;
  name?: string;
  /** A time as parseGivenTime reads it; the NET's precision is the one it was given to. */
  net?: string;
}

export function launchTemplate({ id, now, name, net }: LaunchTemplateInput): LaunchRecord {
  const given = net === undefined ? undefined : parseGivenTime(net);
  if (net !== undefined && !given) throw new RangeError(`"${net}" is not a time: ${GIVEN_TIME_HINT}`);
  const when = given?.timestamp ?? startOfDay(now);
  return {
    id,
    slug: name ? slugify(name) : `new-launch-${id.slice(0, 8)}`,
    name: name ?? `${TODO} rocket | ${TODO} mission`,
    status: 'tbd',
    net: when,
    net_precision: given?.precision ?? 'day',
    window_start: when,
    window_end: when,
    launch_service_provider: TODO,
    rocket: { configuration: TODO },
    mission: { name: TODO, type: TODO, orbit: TODO, description: '', agencies: [] },
    pad: TODO,
    info_urls: [{ url: 'https://example.org/TODO-source-of-this-date' }],
    last_updated: formatTimestamp(now - (now % 1000)),
  };
}

export interface EventTemplateInput {
  id: number;
  now: number;
  name?: string;
  date?: string;
}

export function eventTemplate({ id, now, name, date }: EventTemplateInput): EventRecord {
  const given = date === undefined ? undefined : parseGivenTime(date);
  if (date !== undefined && !given) throw new RangeError(`"${date}" is not a time: ${GIVEN_TIME_HINT}`);
  return {
    id,
    slug: name ? slugify(name) : `new-event-${id}`,
    name: name ?? `${TODO} event name`,
    type: TODO,
    date: given?.timestamp ?? startOfDay(now),
    date_precision: given?.precision ?? 'day',
    location: TODO,
    description: '',
    agencies: [],
    launches: [],
    info_urls: [{ url: 'https://example.org/TODO-source-of-this-date' }],
    last_updated: formatTimestamp(now - (now % 1000)),
  };
}

/** Where a new record's file goes: data/<kind>/<year>/<slug>.yaml. */
export function recordPath(kind: 'launches' | 'events', slug: string, when: string | null): string {
  const year = when ? when.slice(0, 4) : 'undated';
  return `${kind}/${year}/${slug}.yaml`;
}
