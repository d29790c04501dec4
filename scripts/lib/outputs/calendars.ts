// The iCalendar feeds: upcoming launches, upcoming events, and upcoming launches
// of each launch service provider, plus a JSON list of the feeds. Entries are
// views of the LL2 objects the API publishes, so the feeds say what the JSON says.
//
// Timing rule (by LL2 NET precision id, `net_precision` / `date_precision`):
//   none, 0–2 (second, minute, hour)        → a timed entry: DTSTART/DTEND from the window
//                                             (an event's date plus its duration)
//   3–5 (morning, afternoon, day)           → an all-day entry on the UTC date of the NET
//   6–16 (week, month, quarter, … decade)   → left out: no calendar day can be named

import { API_VERSION } from '../api/paths.ts';
import { apiFile, lazyPlannedFile, type OutputFile, type PlannedFile } from '../api/files.ts';
import type { BuildContext } from '../api/context.ts';
import { writeCalendar, type CalendarEntry, type CalendarSpec, type EntryTime } from './ical.ts';
import type { Json, JsonObject, LaunchRecord } from '../model/records.ts';
import { formatTimestamp, toMillis } from '../model/time.ts';

/** Highest LL2 precision id that still carries a time of day (hour). */
export const LAST_TIMED_PRECISION = 2;
/** Highest LL2 precision id that still names one day (morning, afternoon, day). */
export const LAST_DAY_PRECISION = 5;

export const CALENDAR_PATHS = {
  upcomingLaunches: 'calendars/launches/upcoming.ics',
  upcomingEvents: 'calendars/events/upcoming.ics',
  provider: (agencyId: number) => `calendars/providers/${agencyId}.ics`,
  index: 'calendars/index.json',
} as const;

const UID_DOMAIN = 'launch-schedule-service';
export const launchUid = (id: string): string => `launch-${id}@${UID_DOMAIN}`;
export const eventUid = (id: number): string => `event-${id}@${UID_DOMAIN}`;

export interface Agency {
  id: number;
  name: string;
  abbrev: string;
}

export interface Feed {
  /** Path under the API root. */
  path: string;
  agency: Agency | null;
  /** The feed's text in model form; its entries are made on first read. */
  calendar: CalendarSpec;
  /** How many entries the feed has, known without making them. */
  entryCount: number;
  /** The first `n` entries, making only those. */
  firstEntries(n: number): CalendarEntry[];
  /**
   * Changes whenever the feed's text may: its records' input keys without counters
   * or linked launches (input-keys.ts), as entries show neither.
   */
  key: string;
}

/** Whether a record with this precision gets an entry at all (the timing rule above). */
export const hasCalendarDay = (precisionId: number | null): boolean =>
  precisionId === null || precisionId <= LAST_DAY_PRECISION;

/**
 * When an entry happens, or null when it is left out: timed from `start` to `end`,
 * or all day on the UTC date of `day` (a launch's NET; by default `start`).
 */
export function entryTime(
  start: string,
  end: number | null,
  precisionId: number | null,
  day = start,
): EntryTime | null {
  if (!hasCalendarDay(precisionId)) return null;
  if (precisionId === null || precisionId <= LAST_TIMED_PRECISION)
    return { allDay: false, start: toMillis(start), end };
  return { allDay: true, date: day.slice(0, 10) };
}

const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** An ISO 8601 duration in ms; null for none, for negative ones and for years or months (no fixed length). */
export function durationMs(duration: string | null | undefined): number | null {
  const m = duration ? DURATION.exec(duration) : null;
  if (!m) return null;
  const [w, d, h, min, s] = m.slice(1).map((v) => Number(v ?? 0));
  const ms = ((((w * 7 + d) * 24 + h) * 60 + min) * 60 + s) * 1000;
  return ms > 0 ? ms : null;
}

// Reading the published LL2 objects.
const obj = (value: Json | undefined): JsonObject =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};
const str = (value: Json | undefined): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: Json | undefined): number | null => (typeof value === 'number' ? value : null);

function precisionNote(precision: JsonObject): string {
  const name = str(precision.name);
  return name ? ` (${name})` : '';
}

/** Status ids of launches that are going ahead or have flown; the others (TBD, Hold, TBC) are tentative. */
const CONFIRMED_STATUS_IDS = new Set([1, 3, 4, 6, 7, 9]);

// Entries read the record and its reference data only, never counters or linked launches:
// feeds are keyed so (input-keys.ts, `launchRecord`, `eventRecord`).
export function launchEntry(launch: JsonObject): CalendarEntry | null {
  const precision = obj(launch.net_precision);
  const net = String(launch.net);
  const time = entryTime(String(launch.window_start), toMillis(String(launch.window_end)), num(precision.id), net);
  if (!time) return null;
  const status = obj(launch.status);
  const statusId = num(status.id);
  const configuration = obj(obj(launch.rocket).configuration);
  const mission = obj(launch.mission);
  const pad = obj(launch.pad);
  const location = obj(pad.location);
  const missionDetails = [str(mission.type), str(obj(mission.orbit).name)].filter(Boolean).join(', ');
  const padTitle = [str(pad.name), str(location.name)].filter(Boolean).join(', ');
  const lines = [
    `Status: ${str(status.name) ?? 'unknown'}`,
    `Provider: ${str(obj(launch.launch_service_provider).name) ?? 'unknown'}`,
    `Rocket: ${str(configuration.full_name) ?? str(configuration.name) ?? 'unknown'}`,
    ...(str(mission.name) ? [`Mission: ${mission.name}${missionDetails ? ` (${missionDetails})` : ''}`] : []),
    ...(str(mission.description) ? [String(mission.description)] : []),
    ...(padTitle ? [`Pad: ${padTitle}`] : []),
    `NET: ${net}${precisionNote(precision)}`,
    `Window: ${launch.window_start} to ${launch.window_end}`,
    ...(num(launch.probability) !== null ? [`Probability: ${launch.probability}%`] : []),
    `Details: ${launch.url}`,
  ];
  return {
    uid: launchUid(String(launch.id)),
    summary: String(launch.name),
    description: lines.join('\n'),
    url: String(launch.url),
    location: padTitle ? { title: padTitle, lat: num(pad.latitude), lon: num(pad.longitude) } : null,
    time,
    lastModified: toMillis(String(launch.last_updated)),
    status: statusId === null ? null : CONFIRMED_STATUS_IDS.has(statusId) ? 'CONFIRMED' : 'TENTATIVE',
  };
}

export function eventEntry(event: JsonObject): CalendarEntry | null {
  const date = str(event.date);
  if (!date) return null;
  const precision = obj(event.date_precision);
  const length = durationMs(str(event.duration));
  const time = entryTime(date, length === null ? null : toMillis(date) + length, num(precision.id));
  if (!time) return null;
  const lines = [
    `Type: ${str(obj(event.type).name) ?? 'unknown'}`,
    ...(str(event.description) ? [String(event.description)] : []),
    ...(str(event.location) ? [`Location: ${event.location}`] : []),
    `Date: ${date}${precisionNote(precision)}`,
    ...(str(event.duration) ? [`Duration: ${event.duration}`] : []),
    `Details: ${event.url}`,
  ];
  return {
    uid: eventUid(Number(event.id)),
    summary: String(event.name),
    description: lines.join('\n'),
    url: String(event.url),
    location: str(event.location) ? { title: String(event.location), lat: null, lon: null } : null,
    time,
    lastModified: toMillis(String(event.last_updated)),
    status: null,
  };
}

// Functions, not constants: api.ts imports this module, so its values are not ready while this one loads.
const service = (): string => `Launch Schedule Service (LL2 ${API_VERSION} compatible)`;
const RULE = 'Launches known to the day are all-day entries; those known only to the week or coarser are left out.';

/**
 * A feed over records: `entryOf` makes a record's entry from its published LL2
 * object; `listed` tells from the record alone whether it will have one, so the
 * count and the key need no shaping.
 */
function feed<T>(
  path: string,
  agency: Agency | null,
  info: Omit<CalendarSpec, 'entries'>,
  records: readonly T[],
  listed: (record: T) => boolean,
  keyOf: (record: T) => string,
  entryOf: (record: T) => CalendarEntry | null,
): Feed {
  const listedRecords = records.filter(listed);
  const made: CalendarEntry[] = [];
  const firstEntries = (n: number) => {
    while (made.length < Math.min(n, listedRecords.length)) {
      const entry = entryOf(listedRecords[made.length]);
      if (!entry) throw new Error(`${path}: a record counted as listed has no calendar entry`);
      made.push(entry);
    }
    return made.slice(0, n);
  };
  return {
    path,
    agency,
    entryCount: listedRecords.length,
    firstEntries,
    calendar: {
      ...info,
      get entries() {
        return firstEntries(listedRecords.length);
      },
    },
    key: `${API_VERSION}/${path}\n${JSON.stringify(info)}\n${listedRecords.map(keyOf).join(',')}`,
  };
}

const precisionId = (context: BuildContext, key: string | null | undefined): number | null =>
  key ? Number(context.data.reference.netPrecisions.get(key)?.id) : null;

function launchesFeed(
  context: BuildContext,
  launches: LaunchRecord[],
  path: string,
  agency: Agency | null,
  name: string,
  scope: string,
): Feed {
  return feed(
    path,
    agency,
    {
      name,
      description: `${scope} from the ${service()}, NET from 24 hours before the build onwards. ${RULE}`,
      url: `${context.baseUrl}${path}`,
    },
    launches,
    (l) => hasCalendarDay(precisionId(context, l.net_precision)),
    context.keys.launchRecord,
    (l) => launchEntry(context.shape.launchNormal(l)),
  );
}

/** The launch service providers of all launches in the data set (past ones too, so feed URLs stay put), by LL2 id. */
export function providers(context: BuildContext): Array<Agency & { key: string }> {
  const keys = [...new Set(context.data.launches.map((l) => l.launch_service_provider))];
  return keys
    .map((key) => {
      const agency = context.data.reference.agencies.get(key);
      if (!agency) throw new Error(`unresolved agency reference "${key}" (validation should have caught it)`);
      return { key, id: Number(agency.id), name: String(agency.name), abbrev: String(agency.abbrev ?? '') };
    })
    .sort((a, b) => a.id - b.id);
}

const feedCache = new WeakMap<BuildContext, Feed[]>();

/** Every feed of this build, in a fixed order: launches, events, then providers by id. */
export function calendarFeeds(context: BuildContext): Feed[] {
  const cached = feedCache.get(context);
  if (cached) return cached;
  const { collections } = context;
  const feeds: Feed[] = [
    launchesFeed(
      context,
      collections.upcomingLaunches,
      CALENDAR_PATHS.upcomingLaunches,
      null,
      'Upcoming launches',
      'Launches',
    ),
    feed(
      CALENDAR_PATHS.upcomingEvents,
      null,
      {
        name: 'Upcoming spaceflight events',
        description: `Spaceflight events (dockings, spacewalks, static fires, …) from the ${service()}, dated from 24 hours before the build onwards.`,
        url: `${context.baseUrl}${CALENDAR_PATHS.upcomingEvents}`,
      },
      collections.upcomingEvents,
      (e) => Boolean(e.date) && hasCalendarDay(precisionId(context, e.date_precision)),
      context.keys.eventRecord,
      (e) => eventEntry(context.shape.eventNormal(e)),
    ),
    ...providers(context).map(({ key, ...agency }): Feed => {
      const path = CALENDAR_PATHS.provider(agency.id);
      const launches = collections.upcomingLaunches.filter((l) => l.launch_service_provider === key);
      const label = agency.abbrev && agency.abbrev !== agency.name ? `${agency.name} (${agency.abbrev})` : agency.name;
      return launchesFeed(context, launches, path, agency, `Upcoming launches: ${label}`, `Launches by ${agency.name}`);
    }),
  ];
  feedCache.set(context, feeds);
  return feeds;
}

/** The body of `calendars/index.json`. */
export function calendarIndex(context: BuildContext): JsonObject {
  const feeds = calendarFeeds(context);
  return {
    count: feeds.length,
    build_clock: formatTimestamp(context.now),
    results: feeds.map((feed) => ({
      name: feed.calendar.name,
      description: feed.calendar.description,
      url: feed.calendar.url,
      entry_count: feed.entryCount,
      agency: feed.agency ? { ...feed.agency } : null,
    })),
  };
}

/** Generator: the `.ics` feeds and their JSON list. */
export function calendarFiles(context: BuildContext): Array<OutputFile | PlannedFile> {
  return [
    // Shaping the records and writing iCalendar text are the slow part: an unchanged key skips both.
    ...calendarFeeds(context).map((feed) =>
      lazyPlannedFile(`${API_VERSION}/${feed.path}`, `ics:${feed.key}`, () => writeCalendar(feed.calendar)),
    ),
    apiFile(CALENDAR_PATHS.index, calendarIndex(context)),
  ];
}
