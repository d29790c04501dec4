// Templates for new records: every required field present, a fresh id, and
// TODO where a person must decide. Validation refuses a TODO left in place.

import type { EventRecord, LaunchRecord } from '../model/records.ts';
import { formatTimestamp } from '../model/time.ts';

export const TODO = 'TODO';

export function slugify(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 200) || 'todo';
}

/** The start of the day of `now`, in UTC: a placeholder NET with honest day precision. */
const startOfDay = (now: number): string => formatTimestamp(now - (now % 86_400_000));

export interface LaunchTemplateInput {
  id: string;
  now: number;
  name?: string;
  net?: string;
}

export function launchTemplate({ id, now, name, net }: LaunchTemplateInput): LaunchRecord {
  const when = net ?? startOfDay(now);
  return {
    id,
    slug: name ? slugify(name) : `new-launch-${id.slice(0, 8)}`,
    name: name ?? `${TODO} rocket | ${TODO} mission`,
    status: 'tbd',
    net: when,
    net_precision: 'day',
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
  return {
    id,
    slug: name ? slugify(name) : `new-event-${id}`,
    name: name ?? `${TODO} event name`,
    type: TODO,
    date: date ?? startOfDay(now),
    date_precision: 'day',
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
