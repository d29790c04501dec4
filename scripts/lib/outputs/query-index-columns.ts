// The query index's columns made from the build's records (query/index-format.ts has their shape): each launch's and
// event's filterable fields, each reference kind's cells (query/reference-tables.ts names them), the reference
// tables filters look up, each list route's members as runs of rows, and each launch's provider. In: the build
// context and records. Out: columns, tables and list entries, by LL2 id.

import type { BuildContext } from '../api/context.ts';
import type { CollectionName } from '../api/paths.ts';
import { resourceOf } from '../api/resource-table.ts';
import { listRoutes, ROUTES, type ListRoute } from '../api/routes.ts';
import type { ReferenceKind } from '../../schemas/data-files.ts';
import type { EventRecord, Json, JsonObject, LaunchRecord, ReferenceData, ReferenceRecord } from '../model/records.ts';
import { toMillis } from '../model/time.ts';
import {
  COUNTER_NAMES,
  emptyColumns,
  encodeRuns,
  type EventColumns,
  type LaunchColumns,
  type ListEntry,
  type ReferenceColumns,
  type ReferenceTables,
  type SpacecraftFlight,
} from '../query/index-format.ts';
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

export function launchColumns(context: BuildContext, launches: readonly LaunchRecord[]): LaunchColumns {
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

export function eventColumns(context: BuildContext, events: readonly EventRecord[]): EventColumns {
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

export function referenceTables(reference: ReferenceData): ReferenceTables {
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

export const REFERENCE_KINDS = Object.keys(REFERENCE_TABLES) as ReferenceKind[];

/** Each list route's members as row numbers of its resource, and how many of the first are recent previous ones. */
export function listEntries(context: BuildContext): Record<string, ListEntry> {
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
export function referenceColumns(
  context: BuildContext,
  kind: ReferenceKind,
  keys: readonly string[],
): ReferenceColumns {
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

/** Each launch's provider (its agency id), in row order. */
export const providersOf = (context: BuildContext, launches: readonly LaunchRecord[]): number[] =>
  launches.map((l) => idOf(context.data.reference, 'agencies', l.launch_service_provider)!);
