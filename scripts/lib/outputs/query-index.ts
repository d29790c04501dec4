// The query index (format in query/index-format.ts) as planned files: every
// launch's and event's filterable fields, and every reference record's cells
// (query/reference-tables.ts names them), in parts of ROWS_PER_PART rows (a column
// a line, index-format.ts; the launches' ids and numbers again in column files, and each reference kind's
// ordering ranks in one of its own); every record in each mode its lists have, in record
// packs; each searching list route's search values (one file over all rows); all keyed by their
// records' input keys; and a head with each list route's members in its default
// order and what the runtime checks the other files against, beside it the reference
// names and ids filters look up. A rebuild that changes one record re-makes its part,
// packs, column and search files, and the head only when the lists change. This module
// plans the head and puts the files together at an IndexScale; the columns are
// query-index-columns.ts's, the files of columns query-index-files.ts's, the packs
// query-index-packs.ts's.

import type { BuildContext, Generator } from '../api/context.ts';
import { lazyPlannedFile, planned, type PlannedFile } from '../api/files.ts';
import { API_VERSION } from '../api/paths.ts';
import { resourceOf } from '../api/resource-table.ts';
import type { ReferenceKind } from '../../schemas/data-files.ts';
import { toSafeJson } from '../base/json.ts';
import type { EventRecord, LaunchRecord } from '../model/records.ts';
import type { Mode } from '../api/shapes/kit.ts';
import { ENDPOINTS, type TableName } from '../query/endpoints.ts';
import {
  QUERY_INDEX_FILE,
  QUERY_INDEX_FORMAT,
  REFERENCE_FILE,
  referenceFile,
  ROWS_PER_PART,
  type QueryIndexHead,
} from '../query/index-format.ts';
import { keyShardCount, INDEX_SCALE, type IndexScale } from '../query/index-scale.ts';
import { PROVIDER_PACK_ROWS, spreadProviders } from '../query/record-packs.ts';
import { searchShardCount } from '../query/search-files.ts';
import { launchOrderingRanks } from '../query/launch-table.ts';
import {
  REFERENCE_KINDS,
  eventColumns,
  launchColumns,
  listEntries,
  providersOf,
  referenceColumns,
  referenceTables,
} from './query-index-columns.ts';
import { columnFiles, keyShardFiles, partHashes, parts, rankedColumns, searches } from './query-index-files.ts';
import { packs, providerPacks } from './query-index-packs.ts';

/**
 * The index's files at a scale (index-format.ts IndexScale: from what size it writes key shards and provider packs):
 * its parts (see index-format.ts) and the head. The build clock is not in them (the `recent` counts stand for it):
 * an hourly rebuild writes them only when a record changed or crossed a list boundary. Planned once per build.
 */
export const queryIndexFilesAt = (scale: IndexScale): Generator => {
  const plannedIndex = new WeakMap<BuildContext, PlannedFile[]>();
  return (context) => {
    const known = plannedIndex.get(context);
    if (known) return known;
    const files = indexFiles(context, scale);
    plannedIndex.set(context, files);
    return files;
  };
};

/** The index's files at the build's scale (INDEX_SCALE): the edge worker (edge-worker.ts) holds some of them too. */
export const queryIndexFiles: Generator = queryIndexFilesAt(INDEX_SCALE);

function indexFiles(context: BuildContext, scale: IndexScale): PlannedFile[] {
  const { launches, events } = context.collections;
  const partCount = (records: readonly unknown[]): number => Math.ceil(records.length / ROWS_PER_PART);
  const referenceIds = (kind: ReferenceKind) =>
    context.collections[kind].map((key) => resourceOf(kind).id(context, key));
  const tables = referenceTables(context.data.reference);
  const reference = referenceFile(tables);
  const providers = providersOf(context, launches);
  const spread = Object.fromEntries(
    (Object.keys(PROVIDER_PACK_ROWS) as Mode[]).map((mode) => [
      mode,
      spreadProviders(providers, mode, scale.providerPackSpread),
    ]),
  ) as Partial<Record<Mode, number[]>>;
  const head: QueryIndexHead = {
    format: QUERY_INDEX_FORMAT,
    api_version: API_VERSION,
    base_url: context.baseUrl,
    lists: listEntries(context),
    reference: reference.hash,
    parts: {
      launches: partCount(launches),
      events: partCount(events),
      ...(Object.fromEntries(REFERENCE_KINDS.map((kind) => [kind, partCount(context.collections[kind])])) as Record<
        ReferenceKind,
        number
      >),
    },
    rows: {
      launches: partHashes(launches.map((l) => l.id)),
      events: partHashes(events.map((e) => e.id)),
      ...(Object.fromEntries(REFERENCE_KINDS.map((kind) => [kind, partHashes(referenceIds(kind))])) as Record<
        ReferenceKind,
        string[]
      >),
    },
    provider_packs: spread,
    key_shards: keyShardCount(launches.length, scale.keyShardRows)
      ? { launches: keyShardCount(launches.length, scale.keyShardRows) }
      : {},
    search_shards: Object.fromEntries(
      [...ENDPOINTS].flatMap(([path, endpoint]) => {
        // The search index is over all the resource's rows, whatever the route lists.
        const rows = (context.collections as Record<string, readonly unknown[]>)[endpoint.route.resource].length;
        const count = endpoint.search.length ? searchShardCount(rows) : 0;
        return count ? [[path, count]] : [];
      }),
    ),
  };
  const text = toSafeJson(head);
  const {
    parts: _parts,
    rows,
    reference: _hash,
    provider_packs: _spread,
    key_shards: _shards,
    search_shards: _searchShards,
    ...rest
  } = head;
  const contents = { ...rest, reference: tables };
  // A record pack changes with what its records show in normal mode (their objects) or detailed mode (their detail files).
  const bothKeys = <T>(resource: TableName): ((record: T) => string) => {
    const listKey = resourceOf(resource).listKey(context) as (record: T) => string;
    const detailKey = resourceOf(resource).detailKey(context) as (record: T) => string;
    return (record) => `${listKey(record)}/${detailKey(record)}`;
  };
  // The parts hold no ranks (they change whenever any launch does); the column files hold them, over all the launches.
  const launchesOf = (rows: readonly unknown[]) => ({
    ...launchColumns(context, rows as LaunchRecord[]),
    ranks: undefined,
  });
  const rankedLaunchesOf = (rows: readonly unknown[]) => {
    const columns = launchColumns(context, rows as LaunchRecord[]);
    return { ...columns, ranks: launchOrderingRanks(columns) };
  };
  const eventsOf = (rows: readonly unknown[]) => eventColumns(context, rows as EventRecord[]);
  const files = [
    lazyPlannedFile(QUERY_INDEX_FILE, text, () => text),
    lazyPlannedFile(REFERENCE_FILE, reference.text, () => reference.text),
    ...parts('launches', launches, context.keys.launch, launchesOf),
    ...columnFiles('launches', launches, context.keys.launch, rankedLaunchesOf),
    ...keyShardFiles(
      'launches',
      launches.map((l) => l.id),
      head.rows.launches,
      head.key_shards?.launches ?? 0,
    ),
    ...parts('events', events, context.keys.eventRecord, eventsOf),
    ...columnFiles('events', events, context.keys.eventRecord, eventsOf),
    ...packs(context, { ...contents, rows }, 'launches', launches, bothKeys('launches'), launchesOf),
    ...providerPacks(context, { ...contents, rows }, launches, spread, bothKeys('launches'), launchesOf),
    ...packs(context, { ...contents, rows }, 'events', events, bothKeys('events'), eventsOf),
    ...searches(contents, 'launches', launches, context.keys.launch, launchesOf, head.search_shards),
    ...searches(contents, 'events', events, context.keys.eventRecord, eventsOf, head.search_shards),
    ...REFERENCE_KINDS.flatMap((kind) => {
      // A part changes with what its records show in normal mode (their objects) or detailed mode (their cells).
      const keyOf = bothKeys<string>(kind);
      const columnsOf = (rows: readonly string[]) => referenceColumns(context, kind, rows);
      // The normal-mode objects are in the record packs only: a query reads a kind's part without them.
      const partOf = (rows: readonly string[]) => ({ ...columnsOf(rows), normal: undefined });
      // The ranks of all the kind's rows, in its column file: they change whenever any of its records does (or a
      // reference name a derived cell reads: the reference file's hash), so the parts stay re-made per record.
      const rankedOf = (rows: readonly string[]) => rankedColumns(contents, kind, partOf(rows));
      return [
        ...parts(kind, context.collections[kind], keyOf, partOf),
        ...packs(context, { ...contents, rows }, kind, context.collections[kind], keyOf, columnsOf),
        ...columnFiles(kind, context.collections[kind], keyOf, rankedOf, `ranked with reference ${reference.hash}`),
        ...searches(contents, kind, context.collections[kind], keyOf, partOf),
      ];
    }),
  ];
  return files;
}

/** The index's files as planned files, for an edge host that holds some of them in its own code (edge-worker.ts). */
export const edgeIndexFiles = (context: BuildContext): PlannedFile[] => queryIndexFiles(context).map(planned);
