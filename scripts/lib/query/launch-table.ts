// Launches for the query engine: the table of every LL2 2.3.0 parameter of
// `launches/`, `launches/upcoming/` and `launches/previous/` (the official OpenAPI
// lists 95 or 96 per endpoint; a test checks each has a row here), the fields LL2
// searches and orders by, and the ranks the build writes for the orderings that
// compare text. In: the launch rows (launch-row.ts) and the values the filters test
// (launch-columns.ts). Out: LAUNCH_TABLE. Where our data lacks what LL2 filters on
// (crews, spacecraft flights, boosters, related agencies), a filter reads what the
// record has; docs/queries.md says what that means.

import { launchInMode } from '../api/projection.ts';
import { compareText } from '../model/stats.ts';
import { columnValue } from './column-cells.ts';
import { denseRanks } from './column-order.ts';
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
import { rankColumn, type LaunchColumns } from './index-format.ts';
import * as launch from './launch-columns.ts';
import { decode, probeAt, rowAt, type LaunchRow } from './launch-row.ts';
import { listControls, type Parameter } from './parameters.ts';
import { ALL_MODES, compareNumbers, type ResourceTable } from './resource-table.ts';

/** Every parameter of LL2 2.3.0's launch lists, one row each (a counter's five lookups come from one line). */
const PARAMETERS: ReadonlyArray<Parameter<LaunchRow>> = [
  ...listControls({ upcoming: 'launches/upcoming/' }),
  ...numberFilters('agency_launch_attempt_count', launch.counter('agency_launch_attempt_count')),
  ...numberFilters('agency_launch_attempt_count_year', launch.counter('agency_launch_attempt_count_year')),
  ...numberFilters('location_launch_attempt_count', launch.counter('location_launch_attempt_count')),
  ...numberFilters('location_launch_attempt_count_year', launch.counter('location_launch_attempt_count_year')),
  ...numberFilters('orbital_launch_attempt_count', launch.counter('orbital_launch_attempt_count')),
  ...numberFilters('orbital_launch_attempt_count_year', launch.counter('orbital_launch_attempt_count_year')),
  ...numberFilters('pad_launch_attempt_count', launch.counter('pad_launch_attempt_count')),
  ...numberFilters('pad_launch_attempt_count_year', launch.counter('pad_launch_attempt_count_year')),
  numberListFilter('day', launch.DAY),
  numberListFilter('month', launch.MONTH),
  numberListFilter('year', launch.YEAR),
  uuidListFilter('id', (r) => r.key, 'id'),
  // Suborbital: the mission's orbit is marked `suborbital` in our reference data (LL2's own rule is not published).
  booleanValueFilter('include_suborbital', launch.SUBORBITAL, (suborbital, include) => include || !suborbital),
  // Crewed: a spacecraft flight of the launch has a launch crew; our records mostly have no spacecraft flights.
  booleanValueFilter('is_crewed', launch.CREWED, (crewed, value) => crewed === value),
  dateTimeFilter('last_updated__gte', 'gte', launch.LAST_UPDATED),
  dateTimeFilter('last_updated__lte', 'lte', launch.LAST_UPDATED),
  textListFilter('launch_designator', launch.DESIGNATOR),
  numberListFilter('launcher_config__id', launch.CONFIGURATION),
  numberListFilter('location__ids', launch.LOCATION),
  numberListFilter('lsp__id', launch.PROVIDER),
  textListFilter('lsp__name', launch.PROVIDER_NAME),
  numberFilter('mission__orbit__celestial_body__id', 'exact', launch.ORBIT_BODY),
  textFilter('mission__orbit__name', 'exact', launch.ORBIT_NAME),
  textFilter('mission__orbit__name__icontains', 'icontains', launch.ORBIT_NAME),
  textFilter('name', 'exact', launch.NAME),
  ...dateTimeComparisons('net', launch.NET),
  choiceFilter('pad', 'pads', columnValue('pad')),
  choiceFilter('pad__location', 'locations', launch.LOCATION),
  numberFilter('pad__location__celestial_body__id', 'exact', launch.LOCATION_BODY),
  choicesFilter('program', 'programs', (r) => r.programs),
  // LL2 also counts agencies it relates to the provider (a table our data does not have): here the provider alone.
  numberListFilter('related_lsp__id', launch.PROVIDER),
  textListFilter('related_lsp__name', launch.PROVIDER_NAME),
  textFilter('rocket__configuration__full_name', 'exact', launch.CONFIGURATION_FULL_NAME),
  textFilter('rocket__configuration__full_name__icontains', 'icontains', launch.CONFIGURATION_FULL_NAME),
  numberFilter('rocket__configuration__id', 'exact', launch.CONFIGURATION),
  textFilter('rocket__configuration__manufacturer__name', 'exact', launch.MANUFACTURER_NAME),
  textFilter('rocket__configuration__manufacturer__name__icontains', 'icontains', launch.MANUFACTURER_NAME),
  textFilter('rocket__configuration__name', 'exact', launch.CONFIGURATION_NAME),
  numberFilter('rocket__spacecraftflight__spacecraft__id', 'exact', launch.SPACECRAFT_IDS),
  textFilter('rocket__spacecraftflight__spacecraft__name', 'exact', launch.SPACECRAFT_NAMES),
  textFilter('rocket__spacecraftflight__spacecraft__name__icontains', 'icontains', launch.SPACECRAFT_NAMES),
  textListFilter('serial_number', launch.SERIAL_NUMBERS),
  textFilter('slug', 'exact', launch.SLUG),
  numberListFilter('spacecraft_config__ids', launch.SPACECRAFT_CONFIGURATIONS),
  choiceFilter('status', 'launchStatuses', launch.STATUS),
  numberListFilter('status__ids', launch.STATUS),
  textListFilter('video_url', launch.VIDEO_URLS),
  ...dateTimeComparisons('window_end', launch.WINDOW_END),
  ...dateTimeComparisons('window_start', launch.WINDOW_START),
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
