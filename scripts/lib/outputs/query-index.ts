// The query index (format in query/index-format.ts) as planned files: every
// launch's and event's filterable fields, and every reference record's cells
// (query/reference-tables.ts names them), in parts of ROWS_PER_PART rows (a column
// a line, index-format.ts; the launches' ids and numbers again in column files, and each reference kind's
// ordering ranks in one of its own); every record in each mode its lists have, in record
// packs; each searching list route's search values (one file over all rows); all keyed by their
// records' input keys; and a head with each list route's members in its default
// order and what the runtime checks the other files against, beside it the reference
// names and ids filters look up. A rebuild that changes one record re-makes its part,
// packs, column and search files, and the head only when the lists change.

import type { BuildContext, Generator } from '../api/context.ts';
import { lazyPlannedFile, planned, type PlannedFile } from '../api/files.ts';
import type { CollectionName } from '../api/paths.ts';
import { API_VERSION } from '../api/paths.ts';
import { resourceOf } from '../api/resource-table.ts';
import { listRoutes, ROUTES, type ListRoute } from '../api/routes.ts';
import type { ReferenceKind } from '../../schemas/data-files.ts';
import { toSafeJson } from '../base/json.ts';
import type { EventRecord, Json, JsonObject, LaunchRecord, ReferenceData, ReferenceRecord } from '../model/records.ts';
import { toMillis } from '../model/time.ts';
import type { Mode } from '../api/shapes/kit.ts';
import { ENDPOINTS, tableOf, type TableName } from '../query/endpoints.ts';
import {
  COUNTER_NAMES,
  emptyColumns,
  encodeRuns,
  coreColumns,
  columnFile,
  partFile,
  QUERY_INDEX_FILE,
  QUERY_INDEX_FORMAT,
  REFERENCE_FILE,
  referenceFile,
  ROWS_PER_PART,
  rowsHash,
  type EventColumns,
  type LaunchColumns,
  type ListEntry,
  type QueryIndex,
  type QueryIndexHead,
  type QueryIndexPart,
  type ReferenceColumns,
  type ReferenceTables,
  type ResourceColumns,
  type SpacecraftFlight,
} from '../query/index-format.ts';
import { keyShardColumn, keyShardCount, keyShardOf, INDEX_SCALE, type IndexScale } from '../query/index-scale.ts';
import { columnFileRows, columnFileText, PART_ROWS, partColumns, partText } from '../query/part-text.ts';
import {
  packFile,
  packText,
  partOfPack,
  PROVIDER_PACK_ROWS,
  providerPackFile,
  packRows,
  spreadProviders,
} from '../query/record-packs.ts';
import {
  searchFile,
  searchFileText,
  searchShardCount,
  searchShardFile,
  searchShardsOf,
  type SearchIndex,
} from '../query/search-files.ts';
import { launchOrderingRanks } from '../query/launch-table.ts';
import type { LoadedIndex } from '../query/loaded-index.ts';
import { loadIndex } from '../query/whole-index.ts';
import { recordText } from '../query/resource-table.ts';
import type { ReferenceRow } from '../query/reference-kit.ts';
import { REFERENCE_TABLES } from '../query/reference-tables.ts';

/** Collections that keep the last 24 hours' records, which `hide_recent_previous=true` hides. */
const KEEPS_RECENT: ReadonlySet<CollectionName> = new Set(['upcomingLaunches', 'upcomingEvents']);

const seconds = (timestamp: string): number => toMillis(timestamp) / 1000;

const NONE: JsonObject[] = [];
const objects = (value: Json | undefined): JsonObject[] =>
  Array.isArray(value) && value.length
    ? value.filter((v): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v))
    : NONE;
const objectAt = (value: Json | undefined): JsonObject | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
const numberOrNull = (value: Json | undefined): number | null => (typeof value === 'number' ? value : null);
const stringOrNull = (value: Json | undefined): string | null => (typeof value === 'string' ? value : null);

/** The LL2 id of a reference record by its key (validation has checked every key). */
function idOf(reference: ReferenceData, kind: keyof ReferenceData, key: Json | undefined): number | null {
  return typeof key === 'string' ? Number(reference[kind].get(key)?.id ?? null) : null;
}

/**
 * A launch's spacecraft flights: each stage with the flight record it names
 * (spacecraft-flights.yaml), its spacecraft and configuration from theirs (an
 * object a stage still nests, as imported).
 */
function spacecraftFlights(launch: LaunchRecord, reference: ReferenceData): SpacecraftFlight[] {
  const recordOr = (
    kind: 'spacecraft' | 'spacecraftConfigurations',
    value: Json | undefined,
  ): JsonObject | undefined => (typeof value === 'string' ? reference[kind].get(value) : objectAt(value));
  return objects(launch.rocket.spacecraft_stage as Json).map((stage) => {
    const flight =
      typeof stage.flight === 'string' ? { ...reference.spacecraftFlights.get(stage.flight), ...stage } : stage;
    const spacecraft = recordOr('spacecraft', flight.spacecraft);
    const crew = flight.launch_crew;
    return [
      numberOrNull(spacecraft?.id),
      stringOrNull(spacecraft?.name),
      numberOrNull(recordOr('spacecraftConfigurations', spacecraft?.spacecraft_config)?.id),
      Array.isArray(crew) && crew.length > 0 ? 1 : 0,
    ];
  });
}

function launchColumns(context: BuildContext, launches: readonly LaunchRecord[]): LaunchColumns {
  const { reference } = context.data;
  const columns = emptyColumns('launches');
  for (const l of launches) {
    const net = seconds(l.net);
    const counters = context.stats.launch.get(l.id);
    columns.id.push(l.id);
    columns.slug.push(l.slug);
    columns.name.push(l.name);
    columns.launch_designator.push(l.launch_designator ?? null);
    columns.status.push(idOf(reference, 'launchStatuses', l.status)!);
    columns.net.push(net);
    columns.window_start.push(seconds(l.window_start) - net);
    columns.window_end.push(seconds(l.window_end) - net);
    columns.last_updated.push(seconds(l.last_updated));
    columns.launch_service_provider.push(idOf(reference, 'agencies', l.launch_service_provider)!);
    columns.configuration.push(idOf(reference, 'launcherConfigurations', l.rocket.configuration)!);
    columns.pad.push(idOf(reference, 'pads', l.pad)!);
    columns.mission.push(l.mission?.name ?? null);
    columns.orbit.push(l.mission ? idOf(reference, 'orbits', l.mission.orbit) : null);
    columns.program.push((l.program ?? []).map((key) => idOf(reference, 'programs', key)!));
    for (const name of COUNTER_NAMES) columns.counters[name].push(counters?.[name] ?? null);
    columns.vid_urls.push((l.vid_urls ?? []).map((v) => String(v.url)));
    // A stage names its booster by key (data/reference/launchers.yaml).
    const booster = (launcher: Json | undefined) =>
      typeof launcher === 'string' ? reference.launchers.get(launcher) : objectAt(launcher);
    columns.serial_numbers.push(
      objects(l.rocket.launcher_stage as Json)
        .map((stage) => stringOrNull(booster(stage.launcher)?.serial_number))
        .filter((s): s is string => s !== null),
    );
    columns.spacecraft.push(spacecraftFlights(l, reference));
  }
  return columns;
}

function eventColumns(context: BuildContext, events: readonly EventRecord[]): EventColumns {
  const { reference } = context.data;
  const columns = emptyColumns('events');
  for (const e of events) {
    columns.id.push(e.id);
    columns.slug.push(e.slug);
    columns.name.push(e.name);
    columns.type.push(idOf(reference, 'eventTypes', e.type)!);
    columns.date.push(e.date === null ? null : seconds(e.date));
    columns.last_updated.push(seconds(e.last_updated));
    columns.agencies.push((e.agencies ?? []).map((key) => idOf(reference, 'agencies', key)!));
    columns.program.push((e.program ?? []).map((key) => idOf(reference, 'programs', key)!));
    columns.vid_urls.push((e.vid_urls ?? []).map((v) => String(v.url)));
  }
  return columns;
}

const byId = <T extends [number, ...unknown[]]>(rows: T[]): T[] => rows.sort((a, b) => a[0] - b[0]);
const records = (reference: ReferenceData, kind: keyof ReferenceData): ReferenceRecord[] => [
  ...reference[kind].values(),
];

function referenceTables(reference: ReferenceData): ReferenceTables {
  const ids = (kind: keyof ReferenceData) =>
    records(reference, kind)
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
  return {
    agencies: byId(records(reference, 'agencies').map((a) => [Number(a.id), a.name, String(a.abbrev ?? '')])),
    configurations: byId(
      records(reference, 'launcherConfigurations').map((c) => [
        Number(c.id),
        c.name,
        String(c.full_name ?? ''),
        idOf(reference, 'agencies', c.manufacturer),
      ]),
    ),
    pads: byId(
      records(reference, 'pads').map((p) => [Number(p.id), p.name, idOf(reference, 'locations', p.location)!]),
    ),
    locations: byId(
      records(reference, 'locations').map((l) => [
        Number(l.id),
        l.name,
        idOf(reference, 'celestialBodies', l.celestial_body),
      ]),
    ),
    orbits: byId(
      records(reference, 'orbits').map((o) => [
        Number(o.id),
        o.name,
        idOf(reference, 'celestialBodies', o.celestial_body),
        o.suborbital === true ? 1 : 0,
      ]),
    ),
    launch_statuses: ids('launchStatuses'),
    programs: ids('programs'),
    event_types: ids('eventTypes'),
    launcher_families: ids('launcherFamilies'),
  };
}

const REFERENCE_KINDS = Object.keys(REFERENCE_TABLES) as ReferenceKind[];

/** Each list route's members as row numbers of its resource, and how many of the first are recent previous ones. */
function listEntries(context: BuildContext): Record<string, ListEntry> {
  // Rows are in the order of each resource's list of everything; a reference kind's list is that list.
  const rowOf: Record<string, ReadonlyMap<string | number, number>> = {
    launches: new Map(context.collections.launches.map((l, i) => [l.id as string | number, i])),
    events: new Map(context.collections.events.map((e, i) => [e.id as string | number, i])),
    ...Object.fromEntries(
      REFERENCE_KINDS.map((kind) => [kind, new Map(context.collections[kind].map((key, i) => [key, i]))]),
    ),
  };
  const time = (record: LaunchRecord | EventRecord): number => {
    const value = 'net' in record ? record.net : record.date;
    return value === null ? Infinity : toMillis(value);
  };
  const entry = (route: ListRoute): ListEntry => {
    const members = context.collections[route.collection] as ReadonlyArray<LaunchRecord | EventRecord | string>;
    let recent = 0;
    if (KEEPS_RECENT.has(route.collection))
      while (recent < members.length && time(members[recent] as LaunchRecord | EventRecord) < context.now) recent++;
    const rows = rowOf[route.resource];
    return {
      rows: encodeRuns(members.map((member) => rows.get(typeof member === 'string' ? member : member.id)!)),
      recent,
    };
  };
  return Object.fromEntries(listRoutes(ROUTES).map((route) => [route.path, entry(route)]));
}

/** A reference kind's columns for some of its records (keys): ids, normal-mode objects, and the table's cells read from the detailed objects. */
function referenceColumns(context: BuildContext, kind: ReferenceKind, keys: readonly string[]): ReferenceColumns {
  const resource = resourceOf(kind);
  const normal = resource.normal(context) as (key: string) => JsonObject;
  const detailed = resource.detailed(context) as (key: string) => JsonObject;
  const related = resource.related?.(context);
  const cells = Object.entries(REFERENCE_TABLES[kind].cells);
  const normals: JsonObject[] = [];
  const columns: ReferenceColumns = {
    id: [],
    normal: normals,
    cells: Object.fromEntries(cells.map(([name]) => [name, []])),
  };
  for (const key of keys) {
    const object = detailed(key);
    columns.id.push(Number(resource.id(context, key)));
    normals.push(normal(key));
    const facts = related?.(key);
    for (const [name, cellOf] of cells) columns.cells[name].push(cellOf(object, facts));
  }
  return columns;
}

/** One resource's part files, each re-made only when the input keys of its rows change. */
function parts<T>(
  resource: keyof ResourceColumns,
  records: readonly T[],
  keyOf: (record: T) => string,
  columnsOf: (records: readonly T[]) => object,
): PlannedFile[] {
  const files: PlannedFile[] = [];
  for (let n = 0; n * ROWS_PER_PART < records.length; n++) {
    const rows = records.slice(n * ROWS_PER_PART, (n + 1) * ROWS_PER_PART);
    const inputs = `query index ${QUERY_INDEX_FORMAT} ${resource} part ${n} (a column a line)\n${rows.map(keyOf).join(',')}`;
    files.push(
      lazyPlannedFile(partFile(resource, n), inputs, () => {
        const columns = columnsOf(rows) as { id: ReadonlyArray<string | number> };
        return partText({ [PART_ROWS]: rowsHash(columns.id), ...columns } satisfies QueryIndexPart<object>['columns']);
      }),
    );
  }
  return files;
}

/**
 * One resource's column files (coreColumns, each over all its rows), re-made when the input keys of any of its
 * records change (or what else they are made from, `inputs`); carrying the rowsHash of each part's ids.
 */
function columnFiles<T>(
  resource: keyof ResourceColumns,
  records: readonly T[],
  keyOf: (record: T) => string,
  columnsOf: (records: readonly T[]) => object,
  inputs = '',
): PlannedFile[] {
  const core = coreColumns(resource);
  if (core.length === 0 || records.length === 0) return [];
  const keys = `query index ${QUERY_INDEX_FORMAT} ${resource} column files${inputs && ` ${inputs}`}\n${records.map(keyOf).join(',')}`;
  let columns: (Record<string, unknown> & { id: ReadonlyArray<string | number> }) | undefined;
  // The columns are made once for all the files.
  const all = () =>
    (columns ??= columnsOf(records) as Record<string, unknown> & { id: ReadonlyArray<string | number> });
  return core.map((name) =>
    lazyPlannedFile(columnFile(resource, name), `${keys}\ncolumn ${name}`, () =>
      columnFileText(partHashes(all().id), name, all()[name]),
    ),
  );
}

/**
 * The key shards of a resource (index-format.ts keyShardColumn), each in a column file: its keys (the ids in its
 * records' URLs) to their rows. They change only when the rows' ids or order do (the head's rows say so).
 */
function keyShardFiles(
  resource: keyof ResourceColumns,
  ids: ReadonlyArray<string | number>,
  hashes: readonly string[],
  shards: number,
): PlannedFile[] {
  let byShard: Array<Record<string, number>> | undefined;
  const shardsOf = () => {
    if (!byShard) {
      const made = Array.from({ length: shards }, () => ({}) as Record<string, number>);
      ids.forEach((id, row) => {
        made[keyShardOf(String(id), shards)][String(id)] = row;
      });
      byShard = made;
    }
    return byShard;
  };
  const rows = columnFileRows(hashes);
  return Array.from({ length: shards }, (_, n) =>
    lazyPlannedFile(
      columnFile(resource, keyShardColumn(n)),
      `query index ${QUERY_INDEX_FORMAT} ${resource} key shard ${n} of ${shards} for ${rows}`,
      () => columnFileText(hashes, keyShardColumn(n), shardsOf()[n]),
    ),
  );
}

/**
 * A reference kind's columns over all its records with their ordering ranks (ReferenceTable.ranks), ranked over
 * the rows the runtime decodes from the part text it reads, with the reference tables its derived cells look up.
 */
function rankedColumns(
  head: Omit<QueryIndex, 'resources'>,
  kind: ReferenceKind,
  columns: ReferenceColumns,
): ReferenceColumns {
  const rows = loadIndex({
    ...head,
    resources: { [kind]: partColumns(partText(columns)) } as unknown as ResourceColumns,
  }).rows[kind] as ReferenceRow[];
  return { ...columns, ranks: REFERENCE_TABLES[kind].ranks(rows) };
}

/** The rowsHash of each part's ids. */
function partHashes(ids: ReadonlyArray<string | number>): string[] {
  const hashes: string[] = [];
  for (let n = 0; n * ROWS_PER_PART < ids.length; n++)
    hashes.push(rowsHash(ids.slice(n * ROWS_PER_PART, (n + 1) * ROWS_PER_PART)));
  return hashes;
}

/**
 * One resource's record packs (index-format.ts), for each mode its lists answer:
 * each record as the runtime would make it from its row and its detail file
 * (resource-table.ts, recordText), the row decoded from the part text the runtime
 * reads. Each pack is re-made only when the input keys of its rows change.
 */
function packs<T>(
  context: BuildContext,
  head: Omit<QueryIndex, 'resources'> & Pick<QueryIndexHead, 'rows'>,
  resource: TableName,
  records: readonly T[],
  keyOf: (record: T) => string,
  columnsOf: (records: readonly T[]) => object,
): PlannedFile[] {
  const pack = packMaker(context, head, resource, columnsOf);
  const files: PlannedFile[] = [];
  for (const mode of [...tableOf(resource).modes].sort()) {
    const size = packRows(resource, mode);
    for (let n = 0; n * size < records.length; n++) {
      const slice = records.slice(n * size, (n + 1) * size);
      // The pack names its part by the rowsHash of the part's ids, which the head holds.
      const partRows = head.rows[resource][partOfPack(resource, mode, n)];
      const inputs = `query index ${QUERY_INDEX_FORMAT} ${resource} ${mode} pack ${n} of part ${partRows}\n${slice.map(keyOf).join(',')}`;
      files.push(pack(packFile(resource, mode, n), inputs, mode, slice, partRows));
    }
  }
  return files;
}

/**
 * A planned record pack of some of a resource's records in a mode, named by `rows` (a rowsHash the head holds):
 * each record as the runtime would make it from its row and its detail file (resource-table.ts, recordText), the
 * row decoded from the part text the runtime reads.
 */
function packMaker<T>(
  context: BuildContext,
  head: Omit<QueryIndex, 'resources'>,
  resource: TableName,
  columnsOf: (records: readonly T[]) => object,
): (file: string, inputs: string, mode: Mode, slice: readonly T[], rows: string) => PlannedFile {
  const table = tableOf(resource);
  let detailed: ((record: T) => unknown) | undefined;
  const detailText = (record: T): string =>
    context.json
      .serialize((detailed ??= resourceOf(resource).detailed(context) as (record: T) => unknown)(record))
      .render();
  return (file, inputs, mode, slice, rows) =>
    lazyPlannedFile(file, inputs, () => {
      const columns = partColumns(partText(columnsOf(slice)));
      const decoded = loadIndex({ ...head, resources: { [resource]: columns } as unknown as ResourceColumns }).rows[
        resource
      ];
      return packText(
        rows,
        decoded.map((row, i) => recordText(table, row, mode, () => detailText(slice[i]))),
      );
    });
}

/**
 * The launches' provider packs (index-format.ts, providerPackFile) for the providers of `spread`, per mode: each
 * provider's launches in row order, as packs() writes them, named by the rows of the whole resource (columnFileRows).
 * Each is re-made when the input keys of its rows, or the rows of the resource, change.
 */
function providerPacks(
  context: BuildContext,
  head: Omit<QueryIndex, 'resources'> & Pick<QueryIndexHead, 'rows'>,
  launches: readonly LaunchRecord[],
  spread: Partial<Record<Mode, number[]>>,
  keyOf: (record: LaunchRecord) => string,
  columnsOf: (records: readonly LaunchRecord[]) => object,
): PlannedFile[] {
  const pack = packMaker(context, head, 'launches', columnsOf);
  const providers = providersOf(context, launches);
  const allRows = columnFileRows(head.rows.launches);
  const files: PlannedFile[] = [];
  for (const [mode, ids] of Object.entries(spread) as Array<[Mode, number[]]>) {
    const size = PROVIDER_PACK_ROWS[mode]!;
    const byProvider = new Map<number, LaunchRecord[]>(ids.map((id) => [id, []]));
    launches.forEach((launch, row) => {
      byProvider.get(providers[row])?.push(launch);
    });
    for (const [provider, own] of byProvider) {
      for (let n = 0; n * size < own.length; n++) {
        const slice = own.slice(n * size, (n + 1) * size);
        const inputs = `query index ${QUERY_INDEX_FORMAT} launches ${mode} provider ${provider} pack ${n} of ${allRows}\n${slice.map(keyOf).join(',')}`;
        files.push(pack(providerPackFile(mode, provider, n), inputs, mode, slice, allRows));
      }
    }
  }
  return files;
}

/** Each launch's provider (its agency id), in row order. */
const providersOf = (context: BuildContext, launches: readonly LaunchRecord[]): number[] =>
  launches.map((l) => idOf(context.data.reference, 'agencies', l.launch_service_provider)!);

/**
 * One resource's search files (index-format.ts), one per list route that searches, over all its rows:
 * each row's searched values as the runtime would make them from its row (loaded-index.ts, searchIndex),
 * the rows decoded from the part text the runtime reads. Re-made when any record's input key changes.
 */
function searches<T>(
  head: Omit<QueryIndex, 'resources'>,
  resource: TableName,
  records: readonly T[],
  keyOf: (record: T) => string,
  columnsOf: (records: readonly T[]) => object,
  shards: Readonly<Record<string, number>> = {},
): PlannedFile[] {
  const files: PlannedFile[] = [];
  let loaded: LoadedIndex | undefined;
  // The rows are decoded once for all the list routes.
  const rows = () =>
    (loaded ??= loadIndex({
      ...head,
      resources: { [resource]: partColumns(partText(columnsOf(records))) } as unknown as ResourceColumns,
    }));
  const hashes = () => partHashes(rows().rows[resource].map((row) => row.key));
  for (const [path, endpoint] of ENDPOINTS) {
    if (endpoint.route.resource !== resource || endpoint.search.length === 0) continue;
    const inputs = `query index ${QUERY_INDEX_FORMAT} ${resource} search ${path} ${endpoint.search.join(',')}\n${records.map(keyOf).join(',')}`;
    files.push(
      lazyPlannedFile(searchFile(resource, path), inputs, () => searchFileText(hashes(), rows().searchIndex(path))),
    );
    // The shards of the route's index, cut once for all of them.
    const count = shards[path] ?? 0;
    let cut: SearchIndex[] | undefined;
    for (let n = 0; n < count; n++) {
      files.push(
        lazyPlannedFile(searchShardFile(resource, path, n), `${inputs}\nshard ${n} of ${count}`, () =>
          searchFileText(hashes(), (cut ??= searchShardsOf(rows().searchIndex(path), count))[n]),
        ),
      );
    }
  }
  return files;
}

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
