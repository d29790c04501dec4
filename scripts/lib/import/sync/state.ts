// The sync's state, `data/ll2-sync.yaml`: read from the loaded data folder, where
// it is checked against its schema like every data file (positions and all), and
// written back in canonical form. It lives in the data folder because it says how
// far that data is in step with LL2: it travels with the data in a pull request,
// and another data folder (--data-dir) has a state of its own.

import { recordToYaml } from '../../data/canonical.ts';
import { LL2_SYNC_FILE } from '../../data/data-tree.ts';
import type { LoadResult } from '../../data/files.ts';
import type { Problem } from '../../data/problems.ts';
import { ll2SyncSchema } from '../../../schemas/data-files.ts';
import type { ImportFile } from '../run.ts';
import type { RunRequests, SyncCursor } from './plan.ts';
import type { ResourceName } from './resources.ts';
import type { MissingLaunch, RemovalReason, RemovedLaunch } from './removal.ts';

/** A launch version the importer refused: looked up again every run until one is taken. */
export interface RefusedLaunch {
  id: string;
  lastUpdated: string;
  reason?: string;
}

/** An event version the importer refused: looked up again by id when a run has a request to spare. */
export interface RefusedEvent {
  id: number;
  lastUpdated: string;
  reason?: string;
}

interface StateRecord {
  launches_updated_since: string;
  launches_updated_skip?: number;
  events_updated_since?: string;
  events_updated_skip?: number;
  last_success_at?: string;
  refused?: Array<{ id: string; last_updated: string; reason?: string }>;
  refused_events?: Array<{ id: number; last_updated: string; reason?: string }>;
  resources_fetched_at?: Partial<Record<ResourceName, string>>;
  resources_offset?: Partial<Record<ResourceName, number>>;
  missing?: Array<{ id: string; since: string }>;
  removed?: Array<{
    at: string;
    id: string;
    name: string;
    reason: RemovalReason;
    missing_since?: string;
    path: string;
  }>;
  requests_last_hour?: Array<{ at: string; count: number }>;
}

const HEADER = [
  '# Where `npm run sync:ll2` stands with Launch Library 2 (docs/sync.md). Written by',
  '# the sync: every launch LL2 last updated before launches_updated_since is in this',
  '# data folder. Set an earlier time to have the next run fetch changes again.',
  '# last_success_at: the last run that went through; refused: launches the importer',
  '# could not take, looked up again every run. events_updated_since/_skip: the same',
  '# for the feed of changed events; refused_events: events the importer could not take.',
  '# resources_fetched_at: when each resource in rotation (astronauts in space, …) was last read;',
  '# resources_offset: where a list read a page a turn (all_astronauts) goes on (absent: at its start).',
  '# missing: launches a whole look-up by id did not answer, since when (deleted once missing again 6 h later,',
  '# or on a 404 of their detail page); removed: the launches deleted because LL2 no longer has them (90 days).',
  "# requests_last_hour: the sync's own requests to LL2 by run over the last hour (LL2 allows 15 an hour).",
].join('\n');

export interface StateRead {
  /** Undefined when the data folder has no state file yet. */
  cursor?: SyncCursor;
  /** Where the events' feed stands; undefined: not started (it starts with every event LL2 holds). */
  eventsCursor?: SyncCursor;
  lastSuccessAt?: string;
  refused: RefusedLaunch[];
  refusedEvents: RefusedEvent[];
  /** When each resource in rotation was last read (resources.ts); absent: never. */
  resourcesFetchedAt: Partial<Record<ResourceName, string>>;
  /** Where each paged resource's next turn starts (resources.ts); absent: at 0. */
  resourceOffsets: Partial<Record<ResourceName, number>>;
  /** Launches missing from a whole look-up by id, since when (removal.ts). */
  missing: MissingLaunch[];
  /** Launches deleted because LL2 no longer has them, oldest first (removal.ts). */
  removed: RemovedLaunch[];
  /** The sync's own requests by run over the last hour, oldest first (plan.ts extraRequestsAllowed). */
  requestsLastHour: RunRequests[];
  /** Errors of the state file (it exists but cannot be trusted). */
  problems: Problem[];
}

/** No state to go on (no file, or one that breaks its schema): nothing refused, fetched or missing; its problems. */
const noState = (problems: StateRead['problems']): StateRead => ({
  refused: [],
  refusedEvents: [],
  resourcesFetchedAt: {},
  resourceOffsets: {},
  missing: [],
  removed: [],
  requestsLastHour: [],
  problems,
});

/** The state as loaded with the data folder (load.ts checks it against its schema). */
export function readSyncState(loaded: LoadResult): StateRead {
  const file = loaded.files.find((f) => f.kind === 'll2-sync');
  if (!file) {
    const unreadable = loaded.unreadable.some((u) => u.kind === 'll2-sync');
    return noState(
      unreadable ? loaded.problems.filter((p) => p.file.endsWith(LL2_SYNC_FILE) && p.severity === 'error') : [],
    );
  }
  const errors = (file.checked?.content ?? []).filter((p) => p.severity === 'error');
  if (errors.length > 0) return noState(errors);
  const record = file.value as StateRecord;
  return {
    cursor: { since: record.launches_updated_since, skip: record.launches_updated_skip ?? 0 },
    ...(record.events_updated_since
      ? { eventsCursor: { since: record.events_updated_since, skip: record.events_updated_skip ?? 0 } }
      : {}),
    lastSuccessAt: record.last_success_at,
    refused: (record.refused ?? []).map((r) => ({
      id: r.id,
      lastUpdated: r.last_updated,
      ...(r.reason ? { reason: r.reason } : {}),
    })),
    refusedEvents: (record.refused_events ?? []).map((r) => ({
      id: r.id,
      lastUpdated: r.last_updated,
      ...(r.reason ? { reason: r.reason } : {}),
    })),
    resourcesFetchedAt: { ...(record.resources_fetched_at ?? {}) },
    resourceOffsets: { ...(record.resources_offset ?? {}) },
    missing: (record.missing ?? []).map((m) => ({ id: m.id, since: m.since })),
    removed: (record.removed ?? []).map((r) => ({
      at: r.at,
      id: r.id,
      name: r.name,
      reason: r.reason,
      ...(r.missing_since ? { missingSince: r.missing_since } : {}),
      path: r.path,
    })),
    requestsLastHour: (record.requests_last_hour ?? []).map((r) => ({ at: r.at, count: r.count })),
    problems: [],
  };
}

export function syncStateFile(
  cursor: SyncCursor,
  extra: {
    eventsCursor?: SyncCursor;
    lastSuccessAt?: string;
    refused?: readonly RefusedLaunch[];
    refusedEvents?: readonly RefusedEvent[];
    resourcesFetchedAt?: Readonly<Partial<Record<ResourceName, string>>>;
    resourceOffsets?: Readonly<Partial<Record<ResourceName, number>>>;
    missing?: readonly MissingLaunch[];
    removed?: readonly RemovedLaunch[];
    requestsLastHour?: readonly RunRequests[];
  } = {},
): ImportFile {
  const record: StateRecord = { launches_updated_since: cursor.since, launches_updated_skip: cursor.skip };
  if (extra.eventsCursor) {
    record.events_updated_since = extra.eventsCursor.since;
    record.events_updated_skip = extra.eventsCursor.skip;
  }
  if (extra.lastSuccessAt) record.last_success_at = extra.lastSuccessAt;
  if (extra.refused && extra.refused.length > 0) {
    record.refused = extra.refused.map((r) => ({
      id: r.id,
      last_updated: r.lastUpdated,
      ...(r.reason ? { reason: r.reason.slice(0, 2048) } : {}),
    }));
  }
  if (extra.refusedEvents && extra.refusedEvents.length > 0) {
    record.refused_events = extra.refusedEvents.map((r) => ({
      id: r.id,
      last_updated: r.lastUpdated,
      ...(r.reason ? { reason: r.reason.slice(0, 2048) } : {}),
    }));
  }
  const fetchedAt = Object.entries(extra.resourcesFetchedAt ?? {})
    .filter(([, at]) => at !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  if (fetchedAt.length > 0) record.resources_fetched_at = Object.fromEntries(fetchedAt);
  // An offset of 0 (a list to be read from its start) is written as none.
  const offsets = Object.entries(extra.resourceOffsets ?? {})
    .filter(([, at]) => at !== undefined && at > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  if (offsets.length > 0) record.resources_offset = Object.fromEntries(offsets);
  if (extra.missing && extra.missing.length > 0)
    record.missing = extra.missing.map((m) => ({ id: m.id, since: m.since }));
  if (extra.removed && extra.removed.length > 0) {
    record.removed = extra.removed.map((r) => ({
      at: r.at,
      id: r.id,
      name: r.name.slice(0, 2048),
      reason: r.reason,
      ...(r.missingSince ? { missing_since: r.missingSince } : {}),
      path: r.path,
    }));
  }
  if (extra.requestsLastHour && extra.requestsLastHour.length > 0)
    record.requests_last_hour = extra.requestsLastHour.map((r) => ({ at: r.at, count: r.count }));
  return { path: LL2_SYNC_FILE, content: `${HEADER}\n${recordToYaml(record, ll2SyncSchema)}` };
}
