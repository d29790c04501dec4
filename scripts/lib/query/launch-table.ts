// Launches for the query engine: a launch as the index describes it, and the
// table of every LL2 2.3.0 parameter of `launches/`, `launches/upcoming/` and
// `launches/previous/` (the official OpenAPI lists 95 or 96 per endpoint; a test
// checks each has a row here), the fields LL2 searches and orders by. Where our
// data lacks what LL2 filters on (crews, spacecraft flights, boosters, related
// agencies), a filter reads what the record has; docs/queries.md says what that means.

import { launchInMode } from '../api/projection.ts';
import { compareText } from '../model/stats.ts';
import { denseRanks } from './column-order.ts';
import {
  columnRows,
  rankColumn,
  sumColumn,
  type CounterName,
  type LaunchColumns,
  type QueryIndex,
  type SpacecraftFlight,
} from './index-format.ts';
import { columnComputed, columnThrough, columnValue, type ColumnValue } from './column-cells.ts';
import {
  booleanValueFilter,
  choiceFilter,
  choicesFilter,
  dateTimeComparisons,
  dateTimeFilter,
  numberFilter,
  numberFilters,
  numberListFilter,
  textFilter,
  textListFilter,
  uuidListFilter,
} from './filters.ts';
import { listControls, type Parameter } from './parameters.ts';
import {
  ALL_MODES,
  compareNumbers,
  movedProbe,
  rowsOnDemand,
  type BaseRow,
  type ResourceTable,
} from './resource-table.ts';
import type { ReferenceLookup } from './reference-lookup.ts';

export interface LaunchRow extends BaseRow {
  slug: string;
  name: string;
  designator: string | null;
  status: number;
  /** Milliseconds since the epoch. */
  net: number;
  windowStart: number;
  windowEnd: number;
  lastUpdated: number;
  provider: number;
  providerName: string;
  configuration: number;
  configurationName: string;
  configurationFullName: string;
  manufacturerName: string | null;
  manufacturerAbbrev: string | null;
  pad: number;
  padName: string;
  location: number;
  locationName: string;
  locationBody: number | null;
  mission: string | null;
  orbit: number | null;
  orbitName: string | null;
  orbitBody: number | null;
  suborbital: boolean;
  programs: number[];
  /** The index's columns, where the counters are read (no array per record). */
  columns: LaunchColumns;
  videoUrls: string[];
  serialNumbers: string[];
  spacecraftIds: readonly number[];
  spacecraftNames: readonly string[];
  spacecraftConfigurations: readonly number[];
  crewed: boolean;
}

const MS = 1000;
const NONE: readonly never[] = [];

// A launch's values computed from one cell, for its getters and for its filters' cells alike (columnComputed).
// Most launches have no spacecraft flight: no arrays made for them.
const flightIds = (flights: readonly SpacecraftFlight[]): readonly number[] =>
  flights.length ? flights.map((f) => f[0]).filter((id): id is number => id !== null) : NONE;
const flightNames = (flights: readonly SpacecraftFlight[]): readonly string[] =>
  flights.length ? flights.map((f) => f[1]).filter((name): name is string => name !== null) : NONE;
const flightConfigurations = (flights: readonly SpacecraftFlight[]): readonly number[] =>
  flights.length ? flights.map((f) => f[2]).filter((id): id is number => id !== null) : NONE;
const carriedCrew = (flights: readonly SpacecraftFlight[]): boolean => flights.some((f) => f[3] === 1);
const yearOf = (ms: number) => new Date(ms).getUTCFullYear();
const monthOf = (ms: number) => new Date(ms).getUTCMonth() + 1;
const dayOf = (ms: number) => new Date(ms).getUTCDate();

/**
 * A launch read from the index's columns when a filter, search or ordering asks:
 * a fresh isolate's first query reads (and parses) only the columns it touches.
 */
class IndexedLaunch implements LaunchRow {
  constructor(
    // Not readonly: a probe (probeAt) is one launch moved from row to row.
    public row: number,
    readonly columns: LaunchColumns,
    private readonly reference: ReferenceLookup,
  ) {}

  // The ids are read only by what needs them (a detail route, the `id` filter and ordering, a detail file's name).
  get key() {
    return this.columns.id[this.row];
  }
  get slug() {
    return this.columns.slug[this.row];
  }
  get name() {
    return this.columns.name[this.row];
  }
  get designator() {
    return this.columns.launch_designator[this.row];
  }
  get status() {
    return this.columns.status[this.row];
  }
  get net() {
    return this.columns.net[this.row] * MS;
  }
  get windowStart() {
    return this.net + this.columns.window_start[this.row] * MS;
  }
  get windowEnd() {
    return this.net + this.columns.window_end[this.row] * MS;
  }
  get lastUpdated() {
    return this.columns.last_updated[this.row] * MS;
  }
  get provider() {
    return this.columns.launch_service_provider[this.row];
  }
  get providerName() {
    return this.reference.agencies.get(this.provider)?.name ?? '';
  }
  get configuration() {
    return this.columns.configuration[this.row];
  }
  private get configurationRecord() {
    return this.reference.configurations.get(this.configuration);
  }
  get configurationName() {
    return this.configurationRecord?.name ?? '';
  }
  get configurationFullName() {
    return this.configurationRecord?.fullName ?? '';
  }
  private get manufacturer() {
    const id = this.configurationRecord?.manufacturer;
    return id == null ? undefined : this.reference.agencies.get(id);
  }
  get manufacturerName() {
    return this.manufacturer?.name ?? null;
  }
  get manufacturerAbbrev() {
    return this.manufacturer?.abbrev ?? null;
  }
  get pad() {
    return this.columns.pad[this.row];
  }
  private get padRecord() {
    return this.reference.pads.get(this.pad);
  }
  get padName() {
    return this.padRecord?.name ?? '';
  }
  get location() {
    return this.padRecord?.location ?? 0;
  }
  private get locationRecord() {
    const pad = this.padRecord;
    return pad && this.reference.locations.get(pad.location);
  }
  get locationName() {
    return this.locationRecord?.name ?? '';
  }
  get locationBody() {
    return this.locationRecord?.celestialBody ?? null;
  }
  get mission() {
    return this.columns.mission[this.row];
  }
  get orbit() {
    return this.columns.orbit[this.row];
  }
  private get orbitRecord() {
    const orbit = this.orbit;
    return orbit === null ? undefined : this.reference.orbits.get(orbit);
  }
  get orbitName() {
    return this.orbitRecord?.name ?? null;
  }
  get orbitBody() {
    return this.orbitRecord?.celestialBody ?? null;
  }
  get suborbital() {
    return this.orbitRecord?.suborbital ?? false;
  }
  get programs() {
    return this.columns.program[this.row];
  }
  get videoUrls() {
    return this.columns.vid_urls[this.row];
  }
  get serialNumbers() {
    return this.columns.serial_numbers[this.row];
  }
  get spacecraftIds() {
    return flightIds(this.columns.spacecraft[this.row]);
  }
  get spacecraftNames() {
    return flightNames(this.columns.spacecraft[this.row]);
  }
  get spacecraftConfigurations() {
    return flightConfigurations(this.columns.spacecraft[this.row]);
  }
  get crewed() {
    return carriedCrew(this.columns.spacecraft[this.row]);
  }
}

function decode(index: QueryIndex, reference: ReferenceLookup): LaunchRow[] {
  const c = index.resources.launches;
  return Array.from({ length: columnRows(c) }, (_, row) => new IndexedLaunch(row, c, reference));
}

function probeAt(index: QueryIndex, reference: ReferenceLookup): (row: number) => LaunchRow {
  return movedProbe<LaunchRow>(new IndexedLaunch(0, index.resources.launches, reference));
}

function rowAt(index: QueryIndex, reference: ReferenceLookup): (row: number) => LaunchRow {
  const c = index.resources.launches;
  return rowsOnDemand<LaunchRow>(columnRows(c), (row) => new IndexedLaunch(row, c, reference));
}

/** A counter, read from its column of the counters' file (a null cell: no count). */
const counter = (name: CounterName) =>
  columnComputed<LaunchRow, number | null, number>(
    `counters.${name}`,
    (r) => r.columns.counters[name][r.row],
    (cell) => cell,
  );

// Values read straight from a column (what LaunchRow's getters of the same name give): their filters test the column.
const PROVIDER = columnValue<LaunchRow>('launch_service_provider');
const CONFIGURATION = columnValue<LaunchRow>('configuration');
const STATUS = columnValue<LaunchRow>('status');
const NET = columnValue<LaunchRow>('net', MS);
/**
 * A window's start and end: the NET plus the window's offset, which the index keeps in a column of its own (mostly
 * 0); the filters on them test those sums (sumColumn, added once), in seconds.
 */
const WINDOW_START: ColumnValue<LaunchRow> = Object.assign((r: LaunchRow) => r.windowStart, {
  column: sumColumn('net', 'window_start'),
  scale: MS,
});
const WINDOW_END: ColumnValue<LaunchRow> = Object.assign((r: LaunchRow) => r.windowEnd, {
  column: sumColumn('net', 'window_end'),
  scale: MS,
});
const LAST_UPDATED = columnValue<LaunchRow>('last_updated', MS);
// Values reached through the reference record a column names (what the getters of the same name give): their filters
// test the column's cells through the reference tables (the pads in the locations asked for), not every row.
const throughRecord = <V, R>(
  column: string,
  get: (row: LaunchRow) => V,
  records: (reference: ReferenceLookup) => ReadonlyMap<number, R>,
  value: (record: R, reference: ReferenceLookup) => V,
  missing: V,
) =>
  columnThrough<LaunchRow, V>(column, get, (reference) => {
    const byId = records(reference);
    return {
      of: (cell) => {
        const record = cell === null ? undefined : byId.get(cell);
        return record === undefined ? missing : value(record, reference);
      },
      ids: byId.keys(),
      missing,
    };
  });
const LOCATION = throughRecord(
  'pad',
  (r) => r.location,
  (reference) => reference.pads,
  (pad) => pad.location ?? 0,
  0,
);
const LOCATION_BODY = throughRecord(
  'pad',
  (r) => r.locationBody,
  (reference) => reference.pads,
  (pad, reference) => reference.locations.get(pad.location)?.celestialBody ?? null,
  null,
);
// Values computed from one cell (a launch always has a NET; a null cell stands for a missing column entry only).
const fromNet = (of: (ms: number) => number) =>
  columnComputed<LaunchRow, number | null, number>(
    'net',
    (r) => of(r.net),
    (cell) => (cell === null ? null : of(cell * MS)),
  );
const YEAR = fromNet(yearOf);
const MONTH = fromNet(monthOf);
const DAY = fromNet(dayOf);
const fromFlights = <V>(get: (row: LaunchRow) => V, of: (flights: readonly SpacecraftFlight[]) => V) =>
  columnComputed<LaunchRow, V, readonly SpacecraftFlight[]>('spacecraft', get, (cell) => of(cell ?? NONE));
const CREWED = fromFlights((r) => r.crewed, carriedCrew);
const SPACECRAFT_IDS = fromFlights((r) => r.spacecraftIds, flightIds);
const SPACECRAFT_NAMES = fromFlights((r) => r.spacecraftNames, flightNames);
const SPACECRAFT_CONFIGURATIONS = fromFlights((r) => r.spacecraftConfigurations, flightConfigurations);
const SLUG = columnComputed<LaunchRow, string | null, string>(
  'slug',
  (r) => r.slug,
  (cell) => cell,
);
const NAME = columnComputed<LaunchRow, string | null, string>(
  'name',
  (r) => r.name,
  (cell) => cell,
);
const DESIGNATOR = columnComputed<LaunchRow, string | null, string>(
  'launch_designator',
  (r) => r.designator,
  (cell) => cell,
);
const VIDEO_URLS = columnComputed<LaunchRow, readonly string[], readonly string[]>(
  'vid_urls',
  (r) => r.videoUrls,
  (cell) => cell ?? NONE,
);
const SERIAL_NUMBERS = columnComputed<LaunchRow, readonly string[], readonly string[]>(
  'serial_numbers',
  (r) => r.serialNumbers,
  (cell) => cell ?? NONE,
);
const ORBIT_NAME = throughRecord(
  'orbit',
  (r) => r.orbitName,
  (reference) => reference.orbits,
  (orbit) => orbit.name ?? null,
  null,
);
const ORBIT_BODY = throughRecord(
  'orbit',
  (r) => r.orbitBody,
  (reference) => reference.orbits,
  (orbit) => orbit.celestialBody ?? null,
  null,
);
const SUBORBITAL = throughRecord(
  'orbit',
  (r) => r.suborbital,
  (reference) => reference.orbits,
  (orbit) => orbit.suborbital ?? false,
  false,
);
const PROVIDER_NAME = throughRecord(
  'launch_service_provider',
  (r) => r.providerName,
  (reference) => reference.agencies,
  (agency) => agency.name ?? '',
  '',
);
const CONFIGURATION_NAME = throughRecord(
  'configuration',
  (r) => r.configurationName,
  (reference) => reference.configurations,
  (c) => c.name ?? '',
  '',
);
const CONFIGURATION_FULL_NAME = throughRecord(
  'configuration',
  (r) => r.configurationFullName,
  (reference) => reference.configurations,
  (c) => c.fullName ?? '',
  '',
);
const MANUFACTURER_NAME = throughRecord<string | null, { manufacturer: number | null }>(
  'configuration',
  (r) => r.manufacturerName,
  (reference) => reference.configurations,
  (c, reference) => (c.manufacturer == null ? null : (reference.agencies.get(c.manufacturer)?.name ?? null)),
  null,
);

/** Every parameter of LL2 2.3.0's launch lists, one row each (a counter's five lookups come from one line). */
const PARAMETERS: ReadonlyArray<Parameter<LaunchRow>> = [
  ...listControls({ upcoming: 'launches/upcoming/' }),
  ...numberFilters('agency_launch_attempt_count', counter('agency_launch_attempt_count')),
  ...numberFilters('agency_launch_attempt_count_year', counter('agency_launch_attempt_count_year')),
  ...numberFilters('location_launch_attempt_count', counter('location_launch_attempt_count')),
  ...numberFilters('location_launch_attempt_count_year', counter('location_launch_attempt_count_year')),
  ...numberFilters('orbital_launch_attempt_count', counter('orbital_launch_attempt_count')),
  ...numberFilters('orbital_launch_attempt_count_year', counter('orbital_launch_attempt_count_year')),
  ...numberFilters('pad_launch_attempt_count', counter('pad_launch_attempt_count')),
  ...numberFilters('pad_launch_attempt_count_year', counter('pad_launch_attempt_count_year')),
  numberListFilter('day', DAY),
  numberListFilter('month', MONTH),
  numberListFilter('year', YEAR),
  uuidListFilter('id', (r) => r.key, 'id'),
  // Suborbital: the mission's orbit is marked `suborbital` in our reference data (LL2's own rule is not published).
  booleanValueFilter('include_suborbital', SUBORBITAL, (suborbital, include) => include || !suborbital),
  // Crewed: a spacecraft flight of the launch has a launch crew; our records mostly have no spacecraft flights.
  booleanValueFilter('is_crewed', CREWED, (crewed, value) => crewed === value),
  dateTimeFilter('last_updated__gte', 'gte', LAST_UPDATED),
  dateTimeFilter('last_updated__lte', 'lte', LAST_UPDATED),
  textListFilter('launch_designator', DESIGNATOR),
  numberListFilter('launcher_config__id', CONFIGURATION),
  numberListFilter('location__ids', LOCATION),
  numberListFilter('lsp__id', PROVIDER),
  textListFilter('lsp__name', PROVIDER_NAME),
  numberFilter('mission__orbit__celestial_body__id', 'exact', ORBIT_BODY),
  textFilter('mission__orbit__name', 'exact', ORBIT_NAME),
  textFilter('mission__orbit__name__icontains', 'icontains', ORBIT_NAME),
  textFilter('name', 'exact', NAME),
  ...dateTimeComparisons('net', NET),
  choiceFilter('pad', 'pads', columnValue('pad')),
  choiceFilter('pad__location', 'locations', LOCATION),
  numberFilter('pad__location__celestial_body__id', 'exact', LOCATION_BODY),
  choicesFilter('program', 'programs', (r) => r.programs),
  // LL2 also counts agencies it relates to the provider (a table our data does not have): here the provider alone.
  numberListFilter('related_lsp__id', PROVIDER),
  textListFilter('related_lsp__name', PROVIDER_NAME),
  textFilter('rocket__configuration__full_name', 'exact', CONFIGURATION_FULL_NAME),
  textFilter('rocket__configuration__full_name__icontains', 'icontains', CONFIGURATION_FULL_NAME),
  numberFilter('rocket__configuration__id', 'exact', CONFIGURATION),
  textFilter('rocket__configuration__manufacturer__name', 'exact', MANUFACTURER_NAME),
  textFilter('rocket__configuration__manufacturer__name__icontains', 'icontains', MANUFACTURER_NAME),
  textFilter('rocket__configuration__name', 'exact', CONFIGURATION_NAME),
  numberFilter('rocket__spacecraftflight__spacecraft__id', 'exact', SPACECRAFT_IDS),
  textFilter('rocket__spacecraftflight__spacecraft__name', 'exact', SPACECRAFT_NAMES),
  textFilter('rocket__spacecraftflight__spacecraft__name__icontains', 'icontains', SPACECRAFT_NAMES),
  textListFilter('serial_number', SERIAL_NUMBERS),
  textFilter('slug', 'exact', SLUG),
  numberListFilter('spacecraft_config__ids', SPACECRAFT_CONFIGURATIONS),
  choiceFilter('status', 'launchStatuses', STATUS),
  numberListFilter('status__ids', STATUS),
  textListFilter('video_url', VIDEO_URLS),
  ...dateTimeComparisons('window_end', WINDOW_END),
  ...dateTimeComparisons('window_start', WINDOW_START),
];

/**
 * The orderings by a launch's id (its UUID) and its name, which compare text: per field, the column the build ranks
 * (launchOrderingRanks) and the comparator it ranks with, the one orderingFields uses, so the two orders are one.
 */
const TEXT_ORDERINGS = { id: 'id', name: 'name' } as const;

/**
 * Each launch's dense rank in each ordering compared as text, over all the launches (the build writes them in the
 * launches' ranks column file): an ordering by one of them sorts those numbers (sortedByColumn), where comparing
 * 7,485 names cost a first query 60 ms, and 100,000 some 640 ms.
 */
export const launchOrderingRanks = (columns: Pick<LaunchColumns, 'id' | 'name'>): Record<string, number[]> =>
  Object.fromEntries(
    Object.entries(TEXT_ORDERINGS).map(([field, column]) => [field, denseRanks(columns[column], compareText)]),
  );

export const LAUNCH_TABLE: ResourceTable<LaunchRow> = {
  name: 'launches',
  decode,
  rowAt,
  probeAt,
  parameters: PARAMETERS,
  searchFields: {
    launch_designator: (r) => r.designator,
    launch_service_provider__name: (r) => r.providerName,
    mission__name: (r) => r.mission,
    name: (r) => r.name,
    pad__location__name: (r) => r.locationName,
    pad__name: (r) => r.padName,
    rocket__configuration__manufacturer__abbrev: (r) => r.manufacturerAbbrev,
    rocket__configuration__manufacturer__name: (r) => r.manufacturerName,
    rocket__configuration__name: (r) => r.configurationName,
    rocket__spacecraftflight__spacecraft__name: (r) => r.spacecraftNames,
  },
  orderingFields: {
    id: (a, b) => compareText(a.key, b.key),
    last_updated: (a, b) => compareNumbers(a.lastUpdated, b.lastUpdated),
    name: (a, b) => compareText(a.name, b.name),
    net: (a, b) => compareNumbers(a.net, b.net),
  },
  orderingColumns: { last_updated: 'last_updated', net: 'net', id: rankColumn('id'), name: rankColumn('name') },
  modes: ALL_MODES,
  inMode: launchInMode,
};
