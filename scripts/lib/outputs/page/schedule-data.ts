// The schedule page's own data: compact records of launches and events (a few
// hundred bytes each instead of the collections' several kilobytes), written
// under `schedule/` beside the page. In: the build context. Out: the first view
// (`schedule/index.json`: the next launches, the most recent ones, the next
// events, with the counts and lookups the page needs) and every list in pages of
// PAGE_SIZE (`schedule/{upcoming,previous,events}/N.json`), which the page fetches
// as the reader scrolls or filters. Records point to their provider, pad, location
// and status by LL2 id; each file carries the lookups its records use.

import type { BuildContext } from '../../api/context.ts';
import { lazyPlannedFile, type PlannedFile } from '../../api/files.ts';
import { toSafeJson } from '../../base/json.ts';
import type { EventRecord, Json, JsonObject, LaunchRecord, ReferenceRecord } from '../../model/records.ts';
import { recentNetMove } from '../../model/history.ts';
import { DAY_MS, formatTimestamp } from '../../model/time.ts';
import type { CompactEvent, CompactLaunch, Lookups } from './compact.ts';
import { stoppedOf } from './heard.ts';
import { launchPageOf } from './launch-choice.ts';

/** The folder of the page's data, beside the page. */
export const SCHEDULE_DIR = 'schedule/';
/**
 * Records a list page holds: half an API page, so that a filtered link's first
 * view (which fetches the first pages of the lists) stays well within the page's
 * size budget, and "Show more" fetches little at a time.
 */
export const PAGE_SIZE = 50;
/** How many of each list the first view shows (the HTML holds them, without JavaScript too), and "Show more" adds. */
export const FIRST_VIEW = { upcoming: 30, previous: 10, events: 10 } as const;

export type ListName = keyof typeof FIRST_VIEW;
export const LIST_NAMES: readonly ListName[] = ['upcoming', 'previous', 'events'];

// The compact records' types are compact.ts's (the core's typing, assets.ts, reads them there).
export type { CompactEvent, CompactLaunch, Lookups } from './compact.ts';

/** How far back from the build clock a NET's move is marked on the schedule. */
export const MOVED_WITHIN_MS = DAY_MS;

/** The NET's move a launch's history saw in the MOVED_WITHIN_MS before the clock, as a compact launch carries it; null when none. */
export function movedOf(context: BuildContext, launch: LaunchRecord): CompactLaunch['moved'] | null {
  const history = context.data.history?.get(launch.id);
  const move = history ? recentNetMove(history, context.now, MOVED_WITHIN_MS) : null;
  return move ? { seconds: move.seconds, moves: move.moves, seen: move.seen } : null;
}

export interface ListInfo {
  count: number;
  pages: number;
}

/** `schedule/index.json`. */
export interface FirstView {
  build_clock: string;
  page_size: number;
  first_view: typeof FIRST_VIEW;
  lists: Record<ListName, ListInfo>;
  upcoming: CompactLaunch[];
  previous: CompactLaunch[];
  events: CompactEvent[];
  lookups: Lookups;
}

/** `schedule/{list}/{page}.json`. */
export interface ListPage {
  list: ListName;
  page: number;
  pages: number;
  count: number;
  results: Array<CompactLaunch | CompactEvent>;
  lookups?: Lookups;
}

export const listPagePath = (list: ListName, page: number): string => `${SCHEDULE_DIR}${list}/${page}.json`;
export const FIRST_VIEW_PATH = `${SCHEDULE_DIR}index.json`;

const str = (value: Json | undefined): string => (typeof value === 'string' ? value : '');
const firstUrl = (...lists: Array<JsonObject[] | undefined>): string | null => {
  for (const list of lists) for (const link of list ?? []) if (typeof link.url === 'string') return link.url;
  return null;
};

/** The compact forms of one build's records, read from the records and their reference data. */
export function compactRecords(context: BuildContext) {
  const { reference } = context.data;
  const get = (kind: keyof typeof reference, key: string): ReferenceRecord => {
    const record = reference[kind].get(key);
    if (!record) throw new Error(`unresolved ${kind} reference "${key}" (validation should have caught it)`);
    return record;
  };
  const precisionId = (key: string | null | undefined): number | null =>
    key ? Number(get('netPrecisions', key).id) : null;
  const pageOf = launchPageOf(context);

  const launch = (l: LaunchRecord): CompactLaunch => {
    const configuration = get('launcherConfigurations', l.rocket.configuration);
    const m = l.mission;
    const moved = movedOf(context, l);
    const stopped = stoppedOf(context, l);
    return {
      id: l.id,
      name: l.name,
      net: l.net,
      precision: precisionId(l.net_precision),
      status: get('launchStatuses', l.status).id,
      provider: get('agencies', l.launch_service_provider).id,
      pad: get('pads', l.pad).id,
      rocket: str(configuration.full_name) || configuration.name,
      mission: m
        ? {
            name: m.name,
            type: get('missionTypes', m.type).name,
            orbit: str(get('orbits', m.orbit).abbrev) || get('orbits', m.orbit).name,
          }
        : null,
      webcast: firstUrl(l.vid_urls, m?.vid_urls),
      ...(l.failreason ? { failreason: l.failreason } : {}),
      ...(pageOf(l) ? { page: pageOf(l) } : {}),
      ...(moved ? { moved } : {}),
      ...(stopped ? { stopped } : {}),
    };
  };

  const event = (e: EventRecord): CompactEvent => ({
    id: e.id,
    name: e.name,
    date: e.date,
    precision: precisionId(e.date_precision),
    type: get('eventTypes', e.type).name,
    location: e.location ?? null,
    webcast: firstUrl(e.vid_urls),
    info: firstUrl(e.info_urls),
  });

  /** The statuses, providers, pads and locations that `launches` point to, by id. */
  const lookups = (launches: readonly LaunchRecord[]): Lookups => {
    const byId = <T>(map: Map<string, T>): Record<string, T> =>
      Object.fromEntries([...map].sort((a, b) => Number(a[0]) - Number(b[0])));
    const statuses = new Map<string, Lookups['statuses'][string]>();
    const agencies = new Map<string, Lookups['agencies'][string]>();
    const pads = new Map<string, Lookups['pads'][string]>();
    const locations = new Map<string, Lookups['locations'][string]>();
    for (const l of launches) {
      const status = get('launchStatuses', l.status);
      statuses.set(String(status.id), { name: status.name, abbrev: str(status.abbrev) });
      const agency = get('agencies', l.launch_service_provider);
      agencies.set(String(agency.id), { name: agency.name, abbrev: str(agency.abbrev) });
      const pad = get('pads', l.pad);
      const location = get('locations', String(pad.location));
      pads.set(String(pad.id), { name: pad.name, location: location.id });
      locations.set(String(location.id), { name: location.name, zone: str(location.timezone_name) || null });
    }
    return { statuses: byId(statuses), agencies: byId(agencies), pads: byId(pads), locations: byId(locations) };
  };

  return { launch, event, lookups };
}

export type CompactRecords = ReturnType<typeof compactRecords>;

/** The records of each list, in the order the page shows them (those of the API's collections). */
export function listRecords(context: BuildContext): {
  upcoming: LaunchRecord[];
  previous: LaunchRecord[];
  events: EventRecord[];
} {
  const { collections } = context;
  return {
    upcoming: collections.upcomingLaunches,
    previous: collections.previousLaunches,
    events: collections.upcomingEvents,
  };
}

const pageCount = (count: number): number => Math.ceil(count / PAGE_SIZE);

/** The first view: what the page shows before the reader scrolls or filters. */
export function firstView(context: BuildContext, compact: CompactRecords = compactRecords(context)): FirstView {
  const lists = listRecords(context);
  const upcoming = lists.upcoming.slice(0, FIRST_VIEW.upcoming);
  const previous = lists.previous.slice(0, FIRST_VIEW.previous);
  return {
    build_clock: formatTimestamp(context.now),
    page_size: PAGE_SIZE,
    first_view: FIRST_VIEW,
    lists: {
      upcoming: { count: lists.upcoming.length, pages: pageCount(lists.upcoming.length) },
      previous: { count: lists.previous.length, pages: pageCount(lists.previous.length) },
      events: { count: lists.events.length, pages: pageCount(lists.events.length) },
    },
    upcoming: upcoming.map(compact.launch),
    previous: previous.map(compact.launch),
    events: lists.events.slice(0, FIRST_VIEW.events).map(compact.event),
    lookups: compact.lookups([...upcoming, ...previous]),
  };
}

/**
 * Every list in pages. A page is made only when its bytes are needed: its key is
 * its place and the input keys of its records (record and reference data), so a
 * rebuild skips the pages whose records did not change.
 */
export function listPages(context: BuildContext, compact: CompactRecords = compactRecords(context)): PlannedFile[] {
  const lists = listRecords(context);
  const files: PlannedFile[] = [];
  for (const list of LIST_NAMES) {
    const records: ReadonlyArray<LaunchRecord | EventRecord> = lists[list];
    const pages = pageCount(records.length);
    for (let page = 1; page <= pages; page++) {
      const slice = records.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
      const head = { list, page, pages, count: records.length };
      const pageOf = launchPageOf(context);
      // A launch's record, whether it has a page of its own and whether its NET just moved (which the build clock decides).
      const key =
        list === 'events'
          ? (slice as EventRecord[]).map(context.keys.eventRecord)
          : (slice as LaunchRecord[]).map(
              (l) =>
                `${context.keys.launchRecord(l)}:${pageOf(l) ?? ''}:${JSON.stringify([movedOf(context, l), stoppedOf(context, l)])}`,
            );
      files.push(
        lazyPlannedFile(listPagePath(list, page), `schedule:${JSON.stringify(head)}\n${key.join(',')}`, () =>
          toSafeJson(
            list === 'events'
              ? { ...head, results: (slice as EventRecord[]).map(compact.event) }
              : {
                  ...head,
                  results: (slice as LaunchRecord[]).map(compact.launch),
                  lookups: compact.lookups(slice as LaunchRecord[]),
                },
          ),
        ),
      );
    }
  }
  return files;
}
