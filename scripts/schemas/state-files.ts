// The schemas of the data files that are not records: the Starship dashboard
// (`data/reference/starship-dashboard.yaml`), the sync's state (`data/ll2-sync.yaml`)
// and a launch's history (`data/history/`). In: the schema building blocks. Out:
// those schemas, the dashboard's file name and the fields a history follows. Pure.

import {
  idName,
  int,
  keys,
  list,
  nullableStr,
  nullableUrl,
  object,
  orderedObject,
  provenance,
  str,
  timestamp,
  url,
  uuid,
  type Schema,
} from './building-blocks.ts';

/** `data/reference/starship-dashboard.yaml` (without `.yaml`): LL2's Starship dashboard, one document, not keyed records. */
export const STARSHIP_DASHBOARD_FILE = 'starship-dashboard';

/**
 * `data/reference/starship-dashboard.yaml`: what LL2's Starship dashboard
 * (`dashboard/starship/`, mode normal) gives that our records cannot derive, as LL2
 * last gave it: its road closures (LL2's `RoadClosure`, status as LL2's
 * `RoadClosureStatus`), notices (`Notice`, type as `NoticeType`), live streams
 * (`VidURLs`: no id, LL2's order) and orbiters (`SpacecraftNormal`: our spacecraft
 * by key, found by LL2 id). One document, replaced whole by the sync's
 * `starship_dashboard` slot; `fetched_at` is when LL2 gave it, `provenance` the
 * dashboard's LL2 URL and the credit. Every part optional: an empty mapping holds
 * nothing (the dashboard publishes empty lists).
 */
export const starshipDashboardSchema = orderedObject(
  {
    road_closures: list(
      object({ id: int(1), title: str(1048), status: idName, window_start: timestamp, window_end: timestamp }),
      200,
    ),
    notices: list(object({ id: int(1), type: idName, date: timestamp, url: { ...url, maxLength: 200 } }), 200),
    live_streams: list(
      object({ url, image: nullableUrl }, { title: nullableStr(200), description: nullableStr(350) }),
      100,
    ),
    orbiters: keys,
    fetched_at: timestamp,
    provenance,
  },
  [],
);

/**
 * `data/ll2-sync.yaml`: where `npm run sync:ll2` stands with LL2 (docs/sync.md).
 * Every launch LL2 last updated before `launches_updated_since` is in the data;
 * `launches_updated_skip` counts the launches updated at exactly that second that
 * were already fetched, when more of them share it than one page holds.
 */
export const ll2SyncSchema = object(
  { launches_updated_since: timestamp },
  {
    launches_updated_skip: int(),
    // The same for LL2's feed of changed events (absent: the feed starts with every event LL2 holds).
    events_updated_since: timestamp,
    events_updated_skip: int(),
    // When the last run that fetched and wrote without stopping ended its requests (the data's age).
    last_success_at: timestamp,
    // Launch versions LL2 sent that the importer refused: each run looks them up again until one is taken.
    refused: {
      type: 'array',
      maxItems: 1000,
      items: object({ id: uuid, last_updated: timestamp }, { reason: str(2048) }),
    },
    // Event versions LL2 sent that the importer refused: looked up again by id until one is taken.
    refused_events: {
      type: 'array',
      maxItems: 1000,
      items: object({ id: int(), last_updated: timestamp }, { reason: str(2048) }),
    },
    // When each resource in rotation (astronauts in space, space stations, …) was last read (docs/sync.md).
    resources_fetched_at: object(
      {},
      {
        astronauts_in_space: timestamp,
        space_stations: timestamp,
        all_astronauts: timestamp,
        active_expeditions: timestamp,
        starship_dashboard: timestamp,
      },
    ),
    // Where a resource read one page a turn (every astronaut) goes on: LL2's offset of its next page (absent: 0).
    resources_offset: object({}, { all_astronauts: int() }),
    // Launches a whole look-up by id did not answer, and since when: deleted once missing again 6 h later (docs/sync.md).
    missing: { type: 'array', maxItems: 1000, items: object({ id: uuid, since: timestamp }) },
    // Launches the sync deleted because LL2 no longer has them (a 404 of their detail page, or missing twice): when, which, why.
    removed: {
      type: 'array',
      maxItems: 1000,
      items: orderedObject(
        {
          at: timestamp,
          id: uuid,
          name: str(2048),
          reason: { type: 'string', enum: ['not-found', 'missing'] },
          missing_since: timestamp,
          path: str(1024),
        },
        ['at', 'id', 'name', 'reason', 'path'],
      ),
    },
    // The sync's own requests to LL2 by run over the last hour: when, how many (LL2 allows 15 an hour; docs/sync.md).
    requests_last_hour: {
      type: 'array',
      maxItems: 100,
      items: object({ at: timestamp, count: int() }),
    },
  },
);

/**
 * `data/history/<year>/<slug>.yaml`: one launch's history of dates and statuses
 * (docs/history.md), beside its record in `data/launches/` at the same path.
 * `first_seen` states each followed value when the launch was first seen; each of
 * `changes` (oldest first) names the fields that changed as `[before, after]`.
 * Every sighting says when (`seen`), where (`source`, `saved_by`) and, from LL2,
 * the version's `last_updated`.
 */
const historyValue: Schema = { type: ['string', 'integer', 'null'], maxLength: 2048 };
const historyPair: Schema = { type: 'array', items: historyValue, minItems: 2, maxItems: 2 };
const historySighting = {
  seen: timestamp,
  source: { type: 'string', enum: ['ll2-list', 'll2-sync', 'pull-request', 'record'] },
};
const historySightingOptional = { saved_by: str(200), ll2_last_updated: timestamp };
/** The fields a launch's history follows, in the order files and feeds list them (model/history.ts). */
export const HISTORY_FIELDS = [
  'name',
  'net',
  'net_precision',
  'window_start',
  'window_end',
  'status',
  'probability',
  'pad',
  'configuration',
] as const;
export const historySchema = orderedObject(
  {
    launch: uuid,
    first_seen: object(historySighting, {
      ...historySightingOptional,
      ...Object.fromEntries(HISTORY_FIELDS.map((f) => [f, historyValue])),
    }),
    changes: list(
      object(historySighting, {
        ...historySightingOptional,
        ...Object.fromEntries(HISTORY_FIELDS.map((f) => [f, historyPair])),
      }),
      5000,
    ),
  },
  ['launch', 'first_seen'],
);
