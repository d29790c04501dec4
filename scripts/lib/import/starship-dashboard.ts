// LL2's Starship dashboard as data/reference/starship-dashboard.yaml (issue 22).
// In: the body of LL2 2.3.0's `dashboard/starship/` (mode normal, LL2's default:
// `StarshipDashboardNormal`, one object), our spacecraft by key, the dashboard we
// hold (if any), the URL it was read from and the clock. Out: the dashboard record
// holding LL2's current road closures (`RoadClosure`: id, title, status as LL2's
// `RoadClosureStatus`, window), notices (`Notice`: id, type as LL2's `NoticeType`,
// date, url), live streams (`VidURLs`: url, image, title, description) and
// orbiters (`SpacecraftNormal`: our spacecraft by key, found by LL2 id), each list
// in LL2's order; which lists changed against what we hold; what was left out and
// why; or why the body is refused (not an object, or one of the four lists not a
// list: replacing what we hold with it would empty lists LL2 did not give).
//
// LL2's answer is the authority: the lists replace ours whole, so a closure or
// notice LL2 no longer shows is gone, and one LL2 still shows is kept whatever its
// window (a closure whose window has passed stays while LL2 lists it; we do not
// guess LL2's rule). Nothing is invented: an entry without a field LL2's schema
// requires, or with a time that is no time, is left out and named; an orbiter we
// hold no spacecraft of is left out and named. The dashboard's launches, events,
// updates and vehicles are not read here: our records derive them (api/views.ts).
// `fetched_at` is when LL2 gave the lists as they are: a read that changes no list
// changes no byte. Pure.

import { recordToYaml } from '../data/canonical.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { formatTimestamp, isUtcTimestamp } from '../model/time.ts';
import { starshipDashboardSchema, STARSHIP_DASHBOARD_FILE } from '../../schemas/data-files.ts';
import { LL2_CREDIT } from './provenance.ts';
import { deepEqual, isObject } from './schema-walk.ts';

/** Where the file lives in the data folder. */
export const STARSHIP_DASHBOARD_PATH = `reference/${STARSHIP_DASHBOARD_FILE}.yaml`;

/** The four lists of LL2's dashboard the file holds, in the file's order. */
export const DASHBOARD_LISTS = ['road_closures', 'notices', 'live_streams', 'orbiters'] as const;
export type DashboardList = (typeof DASHBOARD_LISTS)[number];

export interface DashboardFiled {
  dashboard: JsonObject;
  /** The lists whose entries changed against the dashboard held, each with its number of entries now (`road_closures (2)`). */
  changed: string[];
  /** Entries of LL2's lists not filed, each with the reason (`road closure 12 "…": its window_end "soon" is no time`). */
  leftOut: string[];
}

/** A UTC timestamp of ours from LL2's (fractions of a second dropped); undefined when it is none. */
function timestamp(value: Json | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (isUtcTimestamp(value)) return value;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : formatTimestamp(ms);
}

const idName = (value: Json | undefined): JsonObject | undefined =>
  isObject(value) && Number.isInteger(value.id) && typeof value.name === 'string'
    ? { id: value.id, name: value.name }
    : undefined;
const httpUrl = (value: Json | undefined): value is string =>
  typeof value === 'string' && /^https?:\/\/\S+$/.test(value);
const nullableText = (value: Json | undefined): string | null => (typeof value === 'string' ? value : null);

/** A road closure as we hold it, or why it is left out. */
function roadClosure(item: Json): JsonObject | string {
  if (!isObject(item) || !Number.isInteger(item.id))
    return `a road closure without an id (${JSON.stringify(item).slice(0, 80)})`;
  const named = `road closure ${String(item.id)}${typeof item.title === 'string' ? ` ${JSON.stringify(item.title)}` : ''}`;
  if (typeof item.title !== 'string') return `${named}: it has no title`;
  const status = idName(item.status);
  if (!status)
    return `${named}: its status ${JSON.stringify(item.status ?? null)} is no LL2 RoadClosureStatus (id, name)`;
  const start = timestamp(item.window_start);
  if (!start) return `${named}: its window_start ${JSON.stringify(item.window_start ?? null)} is no time`;
  const end = timestamp(item.window_end);
  if (!end) return `${named}: its window_end ${JSON.stringify(item.window_end ?? null)} is no time`;
  return { id: item.id, title: item.title, status, window_start: start, window_end: end };
}

/** A notice as we hold it, or why it is left out. */
function notice(item: Json): JsonObject | string {
  if (!isObject(item) || !Number.isInteger(item.id))
    return `a notice without an id (${JSON.stringify(item).slice(0, 80)})`;
  const named = `notice ${String(item.id)}`;
  const type = idName(item.type);
  if (!type) return `${named}: its type ${JSON.stringify(item.type ?? null)} is no LL2 NoticeType (id, name)`;
  const date = timestamp(item.date);
  if (!date) return `${named}: its date ${JSON.stringify(item.date ?? null)} is no time`;
  if (!httpUrl(item.url)) return `${named}: its url ${JSON.stringify(item.url ?? null)} is no web address`;
  return { id: item.id, type, date, url: item.url };
}

/** A live stream as we hold it (LL2's VidURLs: no id), or why it is left out. */
function liveStream(item: Json, i: number): JsonObject | string {
  if (!isObject(item) || !httpUrl(item.url))
    return `live stream ${i + 1}: its url ${JSON.stringify(isObject(item) ? (item.url ?? null) : item)} is no web address`;
  const record: JsonObject = { url: item.url, image: httpUrl(item.image) ? item.image : null };
  const title = nullableText(item.title);
  const description = nullableText(item.description);
  if (title !== null) record.title = title;
  if (description !== null) record.description = description;
  return record;
}

/**
 * The dashboard record from LL2's body, or `{ refused }` when the body is not
 * LL2's dashboard. `spacecraft`: ours by key (an orbiter is found by LL2 id).
 */
export function fileStarshipDashboard(
  body: Json | undefined,
  options: {
    spacecraft: ReadonlyMap<string, JsonObject>;
    held?: JsonObject;
    url: string;
    version?: string;
    now: number;
  },
): DashboardFiled | { refused: string } {
  if (!isObject(body)) return { refused: "the answer is not one object (LL2's StarshipDashboardNormal)" };
  const missing = DASHBOARD_LISTS.filter((list) => !Array.isArray(body[list]));
  if (missing.length > 0)
    return { refused: `the answer has no list ${missing.join(', ')} (LL2's StarshipDashboardNormal requires them)` };
  const leftOut: string[] = [];
  const take = (list: DashboardList, convert: (item: Json, i: number) => JsonObject | string): JsonObject[] =>
    (body[list] as Json[]).flatMap((item, i) => {
      const converted = convert(item, i);
      if (typeof converted === 'string') {
        leftOut.push(converted);
        return [];
      }
      return [converted];
    });
  const [roadClosures, notices, liveStreams] = [
    take('road_closures', roadClosure),
    take('notices', notice),
    take('live_streams', liveStream),
  ];
  const spacecraftById = new Map([...options.spacecraft].map(([key, s]) => [s.id, key]));
  const orbiters: string[] = [];
  (body.orbiters as Json[]).forEach((item, i) => {
    const key = isObject(item) ? spacecraftById.get(item.id) : undefined;
    if (key !== undefined) {
      if (!orbiters.includes(key)) orbiters.push(key);
      return;
    }
    const named = isObject(item)
      ? `orbiter ${typeof item.name === 'string' ? `${JSON.stringify(item.name)} ` : ''}(LL2 id ${String(item.id ?? null)})`
      : `orbiter ${i + 1}`;
    leftOut.push(`${named}: not among our spacecraft (data/reference/spacecraft.yaml)`);
  });
  const lists: Record<DashboardList, Json[]> = {
    road_closures: roadClosures,
    notices,
    live_streams: liveStreams,
    orbiters,
  };
  const held = options.held ?? {};
  const changed = DASHBOARD_LISTS.filter((list) => !deepEqual((held[list] ?? []) as Json, lists[list] as Json)).map(
    (list) => `${list} (${lists[list].length})`,
  );
  const version = /\/(\d+\.\d+\.\d+)\//.exec(options.url)?.[1] ?? options.version;
  const provenance: JsonObject = {
    credit: LL2_CREDIT,
    ...(version ? { ll2_version: version } : {}),
    url: options.url.replace(/[?#].*$/, ''),
  };
  // Unchanged lists: the record held stays as it is (its fetched_at says since when LL2 gives them so).
  // An empty list is left out of the file (absent: none held); fetched_at and provenance still say whose answer it is.
  const given = Object.fromEntries(
    DASHBOARD_LISTS.filter((list) => lists[list].length > 0).map((list) => [list, lists[list]]),
  );
  const dashboard: JsonObject =
    changed.length === 0 && options.held !== undefined
      ? options.held
      : { ...given, fetched_at: formatTimestamp(options.now), provenance };
  return { dashboard, changed, leftOut };
}

const DEFAULT_HEADER = [
  "# LL2's Starship dashboard (dashboard/starship/, by The Space Devs): what our records cannot derive (road closures,",
  "# notices, live streams, orbiters), replaced whole by the sync (npm run sync:ll2, docs/sync.md) with LL2's current lists.",
].join('\n');

/**
 * The file's text: the comment lines at the top of the file held (or a comment
 * saying what the file is), then the record in canonical form.
 */
export function starshipDashboardYaml(dashboard: JsonObject, previousText?: string): string {
  const header =
    previousText === undefined ? DEFAULT_HEADER : /^(?:#[^\n]*\n)*/.exec(previousText)![0].replace(/\n$/, '');
  const body = recordToYaml(JSON.parse(JSON.stringify(dashboard)) as Json, starshipDashboardSchema);
  return header === '' ? body : `${header}\n${body}`;
}
