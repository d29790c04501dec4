// A launch as the query engine reads it from the index: LaunchRow (what the
// filters, the search and the orderings of launches/ read), the row that reads its
// values from the launch columns and the reference tables only when asked
// (IndexedLaunch: a fresh isolate's first query parses only the columns it touches),
// and the whole table of them, one row on demand, or one probe moved from row to row.
// In: the query index and its reference tables. Out: rows. Pure.

import { columnRows, type LaunchColumns, type QueryIndex, type SpacecraftFlight } from './index-format.ts';
import type { ReferenceLookup } from './reference-lookup.ts';
import { movedProbe, rowsOnDemand, type BaseRow } from './resource-table.ts';

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

export const MS = 1000;
export const NONE: readonly never[] = [];

// A launch's values computed from one cell, for its getters and for its filters' cells alike (columnComputed).
// Most launches have no spacecraft flight: no arrays made for them.
export const flightIds = (flights: readonly SpacecraftFlight[]): readonly number[] =>
  flights.length ? flights.map((f) => f[0]).filter((id): id is number => id !== null) : NONE;
export const flightNames = (flights: readonly SpacecraftFlight[]): readonly string[] =>
  flights.length ? flights.map((f) => f[1]).filter((name): name is string => name !== null) : NONE;
export const flightConfigurations = (flights: readonly SpacecraftFlight[]): readonly number[] =>
  flights.length ? flights.map((f) => f[2]).filter((id): id is number => id !== null) : NONE;
export const carriedCrew = (flights: readonly SpacecraftFlight[]): boolean => flights.some((f) => f[3] === 1);

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

export function decode(index: QueryIndex, reference: ReferenceLookup): LaunchRow[] {
  const c = index.resources.launches;
  return Array.from({ length: columnRows(c) }, (_, row) => new IndexedLaunch(row, c, reference));
}

export function probeAt(index: QueryIndex, reference: ReferenceLookup): (row: number) => LaunchRow {
  return movedProbe<LaunchRow>(new IndexedLaunch(0, index.resources.launches, reference));
}

export function rowAt(index: QueryIndex, reference: ReferenceLookup): (row: number) => LaunchRow {
  const c = index.resources.launches;
  return rowsOnDemand<LaunchRow>(columnRows(c), (row) => new IndexedLaunch(row, c, reference));
}
