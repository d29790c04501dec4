// The launch values the filters of launches/ test (launch-table.ts), each a row's
// getter that also names the index column its cells are tested in (column-cells.ts):
// read straight from a column (a provider, a NET), reached through the reference
// record a column names (a pad's location, an orbit's name) or computed from one cell
// (a NET's year, a launch's spacecraft flights). Each gives what LaunchRow's getter of
// the same name gives (launch-row.ts). In: nothing. Out: the getters. Pure.

import { columnComputed, columnThrough, columnValue, type ColumnValue } from './column-cells.ts';
import { sumColumn, type CounterName, type SpacecraftFlight } from './index-format.ts';
import { carriedCrew, flightConfigurations, flightIds, flightNames, MS, NONE, type LaunchRow } from './launch-row.ts';
import type { ReferenceLookup } from './reference-lookup.ts';

const yearOf = (ms: number) => new Date(ms).getUTCFullYear();
const monthOf = (ms: number) => new Date(ms).getUTCMonth() + 1;
const dayOf = (ms: number) => new Date(ms).getUTCDate();

/** A counter, read from its column of the counters' file (a null cell: no count). */
export const counter = (name: CounterName) =>
  columnComputed<LaunchRow, number | null, number>(
    `counters.${name}`,
    (r) => r.columns.counters[name][r.row],
    (cell) => cell,
  );

// Values read straight from a column (what LaunchRow's getters of the same name give): their filters test the column.
export const PROVIDER = columnValue<LaunchRow>('launch_service_provider');
export const CONFIGURATION = columnValue<LaunchRow>('configuration');
export const STATUS = columnValue<LaunchRow>('status');
export const NET = columnValue<LaunchRow>('net', MS);
/**
 * A window's start and end: the NET plus the window's offset, which the index keeps in a column of its own (mostly
 * 0); the filters on them test those sums (sumColumn, added once), in seconds.
 */
export const WINDOW_START: ColumnValue<LaunchRow> = Object.assign((r: LaunchRow) => r.windowStart, {
  column: sumColumn('net', 'window_start'),
  scale: MS,
});
export const WINDOW_END: ColumnValue<LaunchRow> = Object.assign((r: LaunchRow) => r.windowEnd, {
  column: sumColumn('net', 'window_end'),
  scale: MS,
});
export const LAST_UPDATED = columnValue<LaunchRow>('last_updated', MS);
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
export const LOCATION = throughRecord(
  'pad',
  (r) => r.location,
  (reference) => reference.pads,
  (pad) => pad.location ?? 0,
  0,
);
export const LOCATION_BODY = throughRecord(
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
export const YEAR = fromNet(yearOf);
export const MONTH = fromNet(monthOf);
export const DAY = fromNet(dayOf);
const fromFlights = <V>(get: (row: LaunchRow) => V, of: (flights: readonly SpacecraftFlight[]) => V) =>
  columnComputed<LaunchRow, V, readonly SpacecraftFlight[]>('spacecraft', get, (cell) => of(cell ?? NONE));
export const CREWED = fromFlights((r) => r.crewed, carriedCrew);
export const SPACECRAFT_IDS = fromFlights((r) => r.spacecraftIds, flightIds);
export const SPACECRAFT_NAMES = fromFlights((r) => r.spacecraftNames, flightNames);
export const SPACECRAFT_CONFIGURATIONS = fromFlights((r) => r.spacecraftConfigurations, flightConfigurations);
// Texts and lists of texts read from their own column (a null cell: no text, no list).
const text = (column: string, get: (row: LaunchRow) => string | null) =>
  columnComputed<LaunchRow, string | null, string>(column, get, (cell) => cell);
const texts = (column: string, get: (row: LaunchRow) => readonly string[]) =>
  columnComputed<LaunchRow, readonly string[], readonly string[]>(column, get, (cell) => cell ?? NONE);
export const SLUG = text('slug', (r) => r.slug);
export const NAME = text('name', (r) => r.name);
export const DESIGNATOR = text('launch_designator', (r) => r.designator);
export const VIDEO_URLS = texts('vid_urls', (r) => r.videoUrls);
export const SERIAL_NUMBERS = texts('serial_numbers', (r) => r.serialNumbers);
export const ORBIT_NAME = throughRecord(
  'orbit',
  (r) => r.orbitName,
  (reference) => reference.orbits,
  (orbit) => orbit.name ?? null,
  null,
);
export const ORBIT_BODY = throughRecord(
  'orbit',
  (r) => r.orbitBody,
  (reference) => reference.orbits,
  (orbit) => orbit.celestialBody ?? null,
  null,
);
export const SUBORBITAL = throughRecord(
  'orbit',
  (r) => r.suborbital,
  (reference) => reference.orbits,
  (orbit) => orbit.suborbital ?? false,
  false,
);
export const PROVIDER_NAME = throughRecord(
  'launch_service_provider',
  (r) => r.providerName,
  (reference) => reference.agencies,
  (agency) => agency.name ?? '',
  '',
);
export const CONFIGURATION_NAME = throughRecord(
  'configuration',
  (r) => r.configurationName,
  (reference) => reference.configurations,
  (c) => c.name ?? '',
  '',
);
export const CONFIGURATION_FULL_NAME = throughRecord(
  'configuration',
  (r) => r.configurationFullName,
  (reference) => reference.configurations,
  (c) => c.fullName ?? '',
  '',
);
export const MANUFACTURER_NAME = throughRecord<string | null, { manufacturer: number | null }>(
  'configuration',
  (r) => r.manufacturerName,
  (reference) => reference.configurations,
  (c, reference) => (c.manufacturer == null ? null : (reference.agencies.get(c.manufacturer)?.name ?? null)),
  null,
);
