// The reference resources for the query engine, one table each: agencies, pads,
// locations, launcher configurations and families, programs, space stations,
// celestial bodies and the config/ lists. Each names the cells the index holds
// (read from the record's detailed object), one row per LL2 2.3.0 parameter of
// its list as the official OpenAPI lists them (a test checks each has a row),
// the fields LL2 searches and orders by ("Fields searched" and "Ordering" in
// each endpoint's description) and its modes ("Levels of detail"). Where LL2's
// filter is not documented beyond its name and type, the reading chosen is in
// the comment beside it and in docs/queries.md. A declared resource's table
// (schemas/resources/) is made here from its declaration's cells and filters. Pure.

import {
  CONFIG_LISTS,
  type ConfigField,
  type ConfigList,
  type ConfigListKind,
  type UnheldFilter,
} from '../../schemas/config-lists.ts';
import type { ReferenceKind } from '../../schemas/data-files.ts';
import type { Json } from '../model/records.ts';
import { follows, placeDeclaredIn, type CellSpec } from '../../schemas/resources/declaration.ts';
import { DECLARED_RESOURCES, type DeclaredKind, type DeclaredResource } from '../../schemas/resources/index.ts';
import {
  booleanFilter,
  choicesFilter,
  dateFilter,
  dateTimeComparisons,
  dateTimeFilter,
  floatFilter,
  listControls,
  lookupNames,
  numberContainsFilter,
  numberFilter,
  numberFilters,
  numberListFilter,
  textFilter,
  textListFilter,
  uuidListFilter,
  type Parameter,
} from './parameters.ts';
import {
  booleanAt,
  eachAt,
  eachOfEachAt,
  numberAt,
  numberCell,
  numbersCell,
  referenceTable,
  textAt,
  textCell,
  textsCell,
  type CellOf,
  type ReferenceRow,
  type ReferenceTable,
} from './reference-kit.ts';

type Row = ReferenceRow;
type Parameters = Array<Parameter<Row>>;

/** LL2's launch and landing tallies, as agencies, configurations and families have them. */
const TALLIES = [
  'attempted_landings',
  'consecutive_successful_landings',
  'consecutive_successful_launches',
  'failed_landings',
  'failed_launches',
  'pending_launches',
  'successful_landings',
  'successful_launches',
  'total_launch_count',
];
const tallyCells: Record<string, CellOf> = Object.fromEntries(TALLIES.map((name) => [name, numberAt(name)]));
const tallyFilters: Parameters = TALLIES.flatMap((name) => numberFilters(name, numberCell(name)));
const tallyOrdering: Record<string, string> = Object.fromEntries(TALLIES.map((name) => [name, name]));

/** `name` and `name__contains` (case-sensitive, as Django's `contains`). */
const textAndContains = (parameter: string, cell: string): Parameters => [
  textFilter(parameter, 'exact', textCell(cell)),
  textFilter(`${parameter}__contains`, 'contains', textCell(cell)),
];
const dateFilters = (parameter: string, cell: string): Parameters =>
  lookupNames(parameter).map(([name, lookup]) => dateFilter(name, lookup, textCell(cell)));
const floatFilters = (parameter: string, cell: string): Parameters =>
  lookupNames(parameter)
    .filter(([, lookup]) => lookup !== 'exact')
    .map(([name, lookup]) => floatFilter(name, lookup, numberCell(cell)));
const idFilter = numberFilter<Row>('id', 'exact', (r) => r.id);

const AGENCIES = referenceTable({
  name: 'agencies',
  modes: ['list', 'normal', 'detailed'],
  cells: {
    name: textAt('name'),
    abbrev: textAt('abbrev'),
    description: textAt('description'),
    featured: booleanAt('featured'),
    founding_year: numberAt('founding_year'),
    parent: textAt('parent'),
    spacecraft: textAt('spacecraft'),
    type: numberAt('type', 'id'),
    country_codes: eachAt('country', 'alpha_3_code'),
    ...tallyCells,
  },
  parameters: [
    ...listControls(),
    ...textAndContains('abbrev', 'abbrev'),
    // LL2 2.2.0 wrote an agency's countries as alpha-3 codes ("USA,FRA"); 2.3.0 filters its countries by them, any of a comma list.
    textListFilter('country_code', textsCell('country_codes')),
    ...textAndContains('description', 'description'),
    booleanFilter('featured', (r, featured) => r.cells.featured === featured),
    ...numberFilters('founding_year', numberCell('founding_year')),
    idFilter,
    ...textAndContains('name', 'name'),
    // `parent` is the parent agency's name in LL2's objects; its id is looked up among the agencies (resolve below).
    numberFilter('parent__id', 'exact', numberCell('parent_id')),
    // `spacecraft` is a text (the agency's spacecraft, by name); the boolean asks whether it names any.
    booleanFilter('spacecraft', (r, has) => ((textCell('spacecraft')(r) ?? '') !== '') === has),
    numberFilter('type__id', 'exact', numberCell('type')),
    ...tallyFilters,
  ],
  search: { abbrev: 'abbrev', name: 'name' },
  ordering: { ...tallyOrdering, featured: 'featured', id: 'id', name: 'name' },
  derive: (cells, _reference, ids) => {
    const idByName = new Map(cells.name.map((name, row) => [name, ids[row]]));
    return {
      parent_id: cells.parent.map((parent) =>
        parent === null || parent === undefined ? null : (idByName.get(parent) ?? null),
      ),
    };
  },
});

const PADS = referenceTable({
  name: 'pads',
  modes: [],
  cells: {
    name: textAt('name'),
    agencies: eachAt('agencies', 'id'),
    latitude: numberAt('latitude'),
    longitude: numberAt('longitude'),
    location_id: numberAt('location', 'id'),
    location_name: textAt('location', 'name'),
    orbital_launch_attempt_count: numberAt('orbital_launch_attempt_count'),
    total_launch_count: numberAt('total_launch_count'),
  },
  parameters: [
    ...listControls({ mode: false }),
    numberListFilter('agencies_ids', numbersCell('agencies')),
    idFilter,
    numberContainsFilter('id__contains', (r) => r.id),
    ...floatFilters('latitude', 'latitude'),
    ...floatFilters('longitude', 'longitude'),
    numberFilter('location__id', 'exact', numberCell('location_id')),
    ...textAndContains('location__name', 'location_name'),
    ...textAndContains('name', 'name'),
    ...numberFilters('orbital_launch_attempt_count', numberCell('orbital_launch_attempt_count')),
    ...numberFilters('total_launch_count', numberCell('total_launch_count')),
  ],
  search: {
    location__name: 'location_name',
    name: 'name',
    orbital_launch_attempt_count: 'orbital_launch_attempt_count',
    total_launch_count: 'total_launch_count',
  },
  ordering: {
    id: 'id',
    location__id: 'location_id',
    location__name: 'location_name',
    name: 'name',
    orbital_launch_attempt_count: 'orbital_launch_attempt_count',
    total_launch_count: 'total_launch_count',
  },
});

const LOCATIONS = referenceTable({
  name: 'locations',
  modes: ['normal', 'detailed'],
  cells: {
    name: textAt('name'),
    country_code: textAt('country', 'alpha_3_code'),
    total_launch_count: numberAt('total_launch_count'),
    total_landing_count: numberAt('total_landing_count'),
  },
  parameters: [
    ...listControls(),
    // The OpenAPI's example is `country_code=NZL`: the location's country's alpha-3 code.
    textFilter('country_code', 'exact', textCell('country_code')),
    idFilter,
    ...textAndContains('name', 'name'),
    ...numberFilters('total_landing_count', numberCell('total_landing_count')),
    ...numberFilters('total_launch_count', numberCell('total_launch_count')),
  ],
  search: { country__alpha_3_code: 'country_code', name: 'name' },
  ordering: { total_landing_count: 'total_landing_count', total_launch_count: 'total_launch_count' },
});

const CONFIGURATIONS = referenceTable({
  name: 'launcherConfigurations',
  modes: ['list', 'normal', 'detailed'],
  cells: {
    name: textAt('name'),
    full_name: textAt('full_name'),
    active: booleanAt('active'),
    is_placeholder: booleanAt('is_placeholder'),
    families: eachAt('families', 'id'),
    program: eachAt('program', 'id'),
    maiden_flight: textAt('maiden_flight'),
    manufacturer_name: textAt('manufacturer', 'name'),
    manufacturer_abbrev: textAt('manufacturer', 'abbrev'),
    gto_capacity: numberAt('gto_capacity'),
    launch_cost: numberAt('launch_cost'),
    launch_mass: numberAt('launch_mass'),
    leo_capacity: numberAt('leo_capacity'),
    ...tallyCells,
  },
  parameters: [
    ...listControls(),
    booleanFilter('active', (r, active) => r.cells.active === active),
    // Ids of families and programs, the parameter repeated for several (ModelMultipleChoiceFilter); `__contains` alike.
    choicesFilter('families', 'launcherFamilies', numbersCell('families')),
    choicesFilter('families__contains', 'launcherFamilies', numbersCell('families')),
    ...textAndContains('full_name', 'full_name'),
    booleanFilter('is_placeholder', (r, placeholder) => r.cells.is_placeholder === placeholder),
    ...dateFilters('maiden_flight', 'maiden_flight'),
    ...textAndContains('manufacturer__name', 'manufacturer_name'),
    ...textAndContains('name', 'name'),
    choicesFilter('program', 'programs', numbersCell('program')),
    choicesFilter('program__contains', 'programs', numbersCell('program')),
    ...tallyFilters,
  ],
  search: {
    full_name: 'full_name',
    manufacturer__abbrev: 'manufacturer_abbrev',
    manufacturer__name: 'manufacturer_name',
    name: 'name',
  },
  ordering: {
    ...tallyOrdering,
    gto_capacity: 'gto_capacity',
    launch_cost: 'launch_cost',
    launch_mass: 'launch_mass',
    leo_capacity: 'leo_capacity',
    maiden_flight: 'maiden_flight',
    name: 'name',
  },
});

const FAMILIES = referenceTable({
  name: 'launcherFamilies',
  modes: ['list', 'normal', 'detailed'],
  cells: {
    name: textAt('name'),
    maiden_flight: textAt('maiden_flight'),
    manufacturer_ids: eachAt('manufacturer', 'id'),
    manufacturer_names: eachAt('manufacturer', 'name'),
    manufacturer_abbrevs: eachAt('manufacturer', 'abbrev'),
    manufacturer_countries: eachOfEachAt('manufacturer', 'country', 'alpha_3_code'),
    ...tallyCells,
  },
  parameters: [
    ...listControls(),
    ...dateFilters('maiden_flight', 'maiden_flight'),
    textFilter('manufacturer__abbrev', 'exact', textsCell('manufacturer_abbrevs')),
    textFilter('manufacturer__abbrev__contains', 'contains', textsCell('manufacturer_abbrevs')),
    // A manufacturer's country by its alpha-3 code, as `country_code` of agencies.
    textFilter('manufacturer__country_code', 'exact', textsCell('manufacturer_countries')),
    numberFilter('manufacturer__id', 'exact', numbersCell('manufacturer_ids')),
    numberContainsFilter('manufacturer__id__contains', numbersCell('manufacturer_ids')),
    textFilter('manufacturer__name', 'exact', textsCell('manufacturer_names')),
    textFilter('manufacturer__name__contains', 'contains', textsCell('manufacturer_names')),
    ...textAndContains('name', 'name'),
    ...tallyFilters,
  ],
  search: { manufacturer__abbrev: 'manufacturer_abbrevs', manufacturer__name: 'manufacturer_names', name: 'name' },
  ordering: { ...tallyOrdering, name: 'name' },
});

const SPACE_STATIONS = referenceTable({
  name: 'spaceStations',
  modes: ['normal', 'detailed'],
  cells: {
    name: textAt('name'),
    orbit: textAt('orbit'),
    owners: eachAt('owners', 'id'),
    owner_names: eachAt('owners', 'name'),
    owner_abbrevs: eachAt('owners', 'abbrev'),
    status: numberAt('status', 'id'),
    type: numberAt('type', 'id'),
    founded: textAt('founded'),
    docked_vehicles: numberAt('docked_vehicles'),
    onboard_crew: numberAt('onboard_crew'),
    volume: numberAt('volume'),
  },
  parameters: [
    ...listControls(),
    ...numberFilters('docked_vehicles', numberCell('docked_vehicles')),
    idFilter,
    ...textAndContains('name', 'name'),
    ...numberFilters('onboard_crew', numberCell('onboard_crew')),
    // LL2 writes a station's orbit by name; the filter takes an orbit's id (config/orbits/), looked up by that name.
    numberFilter('orbit', 'exact', numberCell('orbit_id')),
    numberListFilter('owner__ids', numbersCell('owners')),
    choicesFilter('owners', 'agencies', numbersCell('owners')),
    numberFilter('status', 'exact', numberCell('status')),
    numberListFilter('status__ids', numberCell('status')),
    numberFilter('type', 'exact', numberCell('type')),
  ],
  search: { name: 'name', owners__abbrev: 'owner_abbrevs', owners__name: 'owner_names' },
  ordering: {
    docked_vehicles: 'docked_vehicles',
    founded: 'founded',
    id: 'id',
    name: 'name',
    onboard_crew: 'onboard_crew',
    status: 'status',
    type: 'type',
    volume: 'volume',
  },
  derive: (cells, reference) => {
    const orbitByName = new Map([...reference.orbits].map(([id, orbit]) => [orbit.name, id]));
    return {
      orbit_id: cells.orbit.map((orbit) => (typeof orbit === 'string' ? (orbitByName.get(orbit) ?? null) : null)),
    };
  },
});

const CELESTIAL_BODIES = referenceTable({
  name: 'celestialBodies',
  modes: ['list', 'normal', 'detailed'],
  cells: { name: textAt('name'), type_name: textAt('type', 'name') },
  parameters: listControls(),
  search: { name: 'name', type__name: 'type_name' },
  ordering: { id: 'id', name: 'name' },
});

/** When a cell holding a UTC timestamp is, in milliseconds. */
const instantCell =
  (name: string) =>
  (r: Row): number | null => {
    const v = textCell(name)(r);
    return v === null ? null : Date.parse(v);
  };

const LAUNCHERS = referenceTable({
  name: 'launchers',
  modes: ['list', 'normal', 'detailed'],
  cells: {
    serial_number: textAt('serial_number'),
    flight_proven: booleanAt('flight_proven'),
    is_placeholder: booleanAt('is_placeholder'),
    status: numberAt('status', 'id'),
    status_name: textAt('status', 'name'),
    flights: numberAt('flights'),
    attempted_landings: numberAt('attempted_landings'),
    successful_landings: numberAt('successful_landings'),
    first_launch_date: textAt('first_launch_date'),
    last_launch_date: textAt('last_launch_date'),
    launcher_config: numberAt('launcher_config', 'id'),
  },
  parameters: [
    ...listControls(),
    ...numberFilters('attempted_landings', numberCell('attempted_landings')),
    // A DateTimeFilter with the exact lookup: the instant the booster first (last) flew.
    dateTimeFilter('first_launch_date', 'exact', instantCell('first_launch_date')),
    booleanFilter('flight_proven', (r, proven) => r.cells.flight_proven === proven),
    ...numberFilters('flights', numberCell('flights')),
    idFilter,
    numberContainsFilter('id__contains', (r) => r.id),
    booleanFilter('is_placeholder', (r, placeholder) => (r.cells.is_placeholder ?? false) === placeholder),
    dateTimeFilter('last_launch_date', 'exact', instantCell('last_launch_date')),
    numberListFilter('launcher_config__ids', numberCell('launcher_config')),
    // The configuration's manufacturer: looked up among the configurations by the booster's configuration id (resolve below).
    ...textAndContains('launcher_config__manufacturer__name', 'manufacturer_name'),
    ...textAndContains('serial_number', 'serial_number'),
    numberFilter('status', 'exact', numberCell('status')),
    ...numberFilters('successful_landings', numberCell('successful_landings')),
  ],
  search: { serial_number: 'serial_number', status__name: 'status_name' },
  ordering: {
    attempted_landings: 'attempted_landings',
    flight_proven: 'flight_proven',
    flights: 'flights',
    id: 'id',
    successful_landings: 'successful_landings',
  },
  derive: (cells, reference) => {
    const manufacturerName = (config: number): string | null => {
      const manufacturer = reference.configurations.get(config)?.manufacturer;
      return manufacturer === null || manufacturer === undefined
        ? null
        : (reference.agencies.get(manufacturer)?.name ?? null);
    };
    return {
      manufacturer_name: cells.launcher_config.map((config) =>
        typeof config === 'number' ? manufacturerName(config) : null,
      ),
    };
  },
});

/** Seconds of an ISO 8601 duration of days and time (`P204DT15H19M1S`), as the astronauts' durations are written; null otherwise. */
const durationSeconds =
  (name: string): CellOf =>
  (d) => {
    const m =
      typeof d[name] === 'string'
        ? /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(d[name] as string)
        : null;
    return m
      ? Number(m[1] ?? 0) * 86_400 + Number(m[2] ?? 0) * 3_600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0)
      : null;
  };

const ASTRONAUTS = referenceTable({
  name: 'astronauts',
  modes: ['list', 'normal', 'detailed'],
  cells: {
    name: textAt('name'),
    age: numberAt('age'),
    agency: numberAt('agency', 'id'),
    agency_name: textAt('agency', 'name'),
    agency_abbrev: textAt('agency', 'abbrev'),
    date_of_birth: textAt('date_of_birth'),
    date_of_death: textAt('date_of_death'),
    first_flight: textAt('first_flight'),
    last_flight: textAt('last_flight'),
    flights_count: numberAt('flights_count'),
    landings_count: numberAt('landings_count'),
    spacewalks_count: numberAt('spacewalks_count'),
    in_space: booleanAt('in_space'),
    status: numberAt('status', 'id'),
    type: numberAt('type', 'id'),
    type_name: textAt('type', 'name'),
    nationality_names: eachAt('nationality', 'nationality_name'),
    time_in_space: durationSeconds('time_in_space'),
    eva_time: durationSeconds('eva_time'),
  },
  parameters: [
    ...listControls(),
    ...numberFilters('age', numberCell('age')),
    numberListFilter('agency_ids', numberCell('agency')),
    ...dateFilters('date_of_birth', 'date_of_birth'),
    ...dateFilters('date_of_death', 'date_of_death'),
    ...lookupNames('first_flight').map(([name, lookup]) => dateTimeFilter(name, lookup, instantCell('first_flight'))),
    ...numberFilters('flights_count', numberCell('flights_count')),
    // Flown: LL2 states a first flight (the source's statement, not only our launches).
    booleanFilter(
      'has_flown',
      (r, flown) => (r.cells.first_flight !== null && r.cells.first_flight !== undefined) === flown,
    ),
    booleanFilter('in_space', (r, inSpace) => (r.cells.in_space ?? false) === inSpace),
    // Human: of any type but LL2's "Non-Human" (its test dummies and mascots).
    booleanFilter('is_human', (r, human) => (r.cells.type_name !== 'Non-Human') === human),
    ...numberFilters('landings_count', numberCell('landings_count')),
    ...lookupNames('last_flight').map(([name, lookup]) => dateTimeFilter(name, lookup, instantCell('last_flight'))),
    // A nationality name ("American"), exactly, among the astronaut's countries.
    textListFilter('nationality', textsCell('nationality_names')),
    numberListFilter('status_ids', numberCell('status')),
    numberFilter('type__id', 'exact', numberCell('type')),
  ],
  search: {
    name: 'name',
    agency__abbrev: 'agency_abbrev',
    agency__name: 'agency_name',
    nationality__nationality_name: 'nationality_names',
  },
  ordering: {
    age: 'age',
    date_of_birth: 'date_of_birth',
    eva_time: 'eva_time',
    flights_count: 'flights_count',
    id: 'id',
    landings_count: 'landings_count',
    last_flight: 'last_flight',
    name: 'name',
    spacewalks_count: 'spacewalks_count',
    status: 'status',
    time_in_space: 'time_in_space',
  },
});

/** A related fact the build gives a record's cells (api/reference-resources.ts `related`). */
const relatedAt =
  (name: string): CellOf =>
  (_, related) => {
    const v = related?.[name];
    return typeof v === 'number' || typeof v === 'string' ? v : null;
  };
const relatedNumbers =
  (name: string): CellOf =>
  (_, related) => {
    const v = related?.[name];
    return Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : [];
  };

const LANDINGS = referenceTable({
  name: 'landings',
  modes: ['list', 'normal', 'detailed'],
  cells: {
    attempt: booleanAt('attempt'),
    success: booleanAt('success'),
    downrange_distance: numberAt('downrange_distance'),
    landing_location: numberAt('landing_location', 'id'),
    landing_location_name: textAt('landing_location', 'name'),
    landing_location_abbrev: textAt('landing_location', 'abbrev'),
    landing_type: numberAt('type', 'id'),
    launcher: numberAt('firststage', 'launcher', 'id'),
    launcher_serial_number: textAt('firststage', 'launcher', 'serial_number'),
    firststage_launch: relatedAt('firststage_launch'),
    launcher_config: relatedAt('launcher_config'),
    spacecraft: numberAt('spacecraftflight', 'spacecraft', 'id'),
    spacecraft_name: textAt('spacecraftflight', 'spacecraft', 'name'),
    spacecraft_serial_number: textAt('spacecraftflight', 'spacecraft', 'serial_number'),
    spacecraft_config: numberAt('spacecraftflight', 'spacecraft', 'spacecraft_config', 'id'),
    spacecraft_config_name: textAt('spacecraftflight', 'spacecraft', 'spacecraft_config', 'name'),
    spacecraft_launch: textAt('spacecraftflight', 'launch', 'id'),
    spacecraft_launch_name: textAt('spacecraftflight', 'launch', 'name'),
  },
  parameters: [
    ...listControls(),
    booleanFilter('attempt', (r, attempt) => r.cells.attempt === attempt),
    uuidListFilter('firststage_launch__ids', (r) => textCell('firststage_launch')(r) ?? ''),
    numberListFilter('landing_location__ids', numberCell('landing_location')),
    numberListFilter('landing_type__ids', numberCell('landing_type')),
    numberListFilter('launcher__ids', numberCell('launcher')),
    numberListFilter('launcher_config__ids', numberCell('launcher_config')),
    textListFilter('launcher_serial_numbers', textCell('launcher_serial_number')),
    numberListFilter('spacecraft__ids', numberCell('spacecraft')),
    numberListFilter('spacecraft_config__ids', numberCell('spacecraft_config')),
    uuidListFilter('spacecraft_launch__ids', (r) => textCell('spacecraft_launch')(r) ?? ''),
    // An outcome not yet known (null) is neither true nor false, as SQL compares.
    booleanFilter('success', (r, success) => r.cells.success === success),
  ],
  // LL2's launch names of first stages are not in the landing's objects: the search reads the spacecraft flight's only.
  search: {
    firststage__launcher__serial_number: 'launcher_serial_number',
    landing_location__abbrev: 'landing_location_abbrev',
    landing_location__name: 'landing_location_name',
    spacecraftflight__rocket__launch__name: 'spacecraft_launch_name',
    spacecraftflight__spacecraft__name: 'spacecraft_name',
    spacecraftflight__spacecraft__serial_number: 'spacecraft_serial_number',
    spacecraftflight__spacecraft__spacecraft_config__name: 'spacecraft_config_name',
  },
  ordering: { downrange_distance: 'downrange_distance', id: 'id' },
});

const SPACECRAFT = referenceTable({
  name: 'spacecraft',
  modes: ['normal', 'detailed'],
  cells: {
    name: textAt('name'),
    in_space: booleanAt('in_space'),
    is_placeholder: booleanAt('is_placeholder'),
    status: numberAt('status', 'id'),
    spacecraft_config: numberAt('spacecraft_config', 'id'),
    spacecraft_config_name: textAt('spacecraft_config', 'name'),
    flights_count: numberAt('flights_count'),
    mission_ends_count: numberAt('mission_ends_count'),
    time_docked: durationSeconds('time_docked'),
    time_in_space: durationSeconds('time_in_space'),
  },
  parameters: [
    ...listControls(),
    booleanFilter('in_space', (r, inSpace) => r.cells.in_space === inSpace),
    booleanFilter('is_placeholder', (r, placeholder) => r.cells.is_placeholder === placeholder),
    textFilter('name', 'exact', textCell('name')),
    numberFilter('spacecraft_config', 'exact', numberCell('spacecraft_config')),
    numberFilter('status', 'exact', numberCell('status')),
  ],
  search: { name: 'name', spacecraft_config__name: 'spacecraft_config_name' },
  ordering: {
    flights_count: 'flights_count',
    id: 'id',
    mission_ends_count: 'mission_ends_count',
    time_docked: 'time_docked',
    time_in_space: 'time_in_space',
  },
});

const SPACECRAFT_FLIGHTS = referenceTable({
  name: 'spacecraftFlights',
  modes: ['normal', 'detailed'],
  cells: { spacecraft: numberAt('spacecraft', 'id') },
  parameters: [...listControls(), numberFilter('spacecraft', 'exact', numberCell('spacecraft'))],
  // LL2 documents neither search nor ordering fields for this list.
  search: {},
  ordering: {},
});

const MISSION_PATCHES = referenceTable({
  name: 'missionPatches',
  modes: ['normal', 'detailed'],
  cells: {
    name: textAt('name'),
    priority: numberAt('priority'),
    agency: numberAt('agency', 'id'),
    agency_name: textAt('agency', 'name'),
  },
  parameters: [
    ...listControls(),
    numberFilter('agency__id', 'exact', numberCell('agency')),
    ...textAndContains('agency__name', 'agency_name'),
    idFilter,
    numberListFilter('ids', (r) => r.id),
    ...textAndContains('name', 'name'),
  ],
  search: { agency__name: 'agency_name', name: 'name' },
  ordering: { agency__name: 'agency_name', id: 'id', name: 'name', priority: 'priority' },
});

const UPDATES = referenceTable({
  name: 'updates',
  modes: [],
  cells: {
    created_on: textAt('created_on'),
    launch: relatedAt('launch'),
    provider: relatedAt('provider'),
    programs: relatedNumbers('programs'),
  },
  parameters: [
    ...listControls({ mode: false }),
    // A DateTimeFilter with the exact lookup: the instant the update was written.
    dateTimeFilter('created_on', 'exact', instantCell('created_on')),
    uuidListFilter('launch', (r) => textCell('launch')(r) ?? ''),
    numberFilter('launch__launch_service_provider', 'exact', numberCell('provider')),
    numberFilter('program', 'exact', numbersCell('programs')),
  ],
  // LL2 documents no searched fields for this list.
  search: {},
  ordering: { created_on: 'created_on' },
});

const DOCKING_EVENTS = referenceTable({
  name: 'dockingEvents',
  modes: ['normal', 'detailed'],
  cells: {
    docking: textAt('docking'),
    departure: textAt('departure'),
    location: numberAt('docking_location', 'id'),
    location_name: textAt('docking_location', 'name'),
    chaser: numberAt('flight_vehicle_chaser', 'id'),
    chaser_name: textAt('flight_vehicle_chaser', 'spacecraft', 'name'),
    target: numberAt('space_station_target', 'id'),
    target_name: textAt('space_station_target', 'name'),
  },
  parameters: [
    ...listControls(),
    ...dateTimeComparisons('docking', instantCell('docking')),
    numberFilter('docking_location__id', 'exact', numberCell('location')),
    numberFilter('flight_vehicle_chaser__id', 'exact', numberCell('chaser')),
    numberFilter('space_station_target__id', 'exact', numberCell('target')),
  ],
  // LL2's searched fields that our events can hold (no flight or payload as target, no station or payload as chaser).
  search: {
    docking_location__name: 'location_name',
    flight_vehicle_chaser__spacecraft__name: 'chaser_name',
    space_station_target__name: 'target_name',
  },
  ordering: { departure: 'departure', docking: 'docking' },
});

/** How a config list's plain field is read into a cell; objects (a location, an image) are no ordering field here. */
const CONFIG_CELLS: Partial<Record<ConfigField, (field: string) => CellOf>> = {
  int: numberAt,
  optionalInt: numberAt,
  nullableInt: numberAt,
  nullableNumber: numberAt,
  text: textAt,
  nullableText: textAt,
  optionalBool: booleanAt,
};

/**
 * A filter of a list our records hold nothing for, by the type LL2 gives it: it reads
 * and checks its value as LL2 does (a 400 for a bad one) over no records.
 */
const nothing = (): null => null;
const UNHELD_FILTERS: Record<UnheldFilter, (name: string) => Parameter<Row>> = {
  int: (name) => numberFilter(name, 'exact', nothing),
  ints: (name) => numberListFilter(name, nothing),
  uuids: (name) => uuidListFilter(name, () => ''),
  text: (name) => textFilter(name, 'exact', nothing),
  contains: (name) => textFilter(name, 'contains', nothing),
  dateTime: (name) =>
    dateTimeFilter(
      name,
      (lookupNames(name.replace(/__(gt|gte|lt|lte)$/, '')).find(([n]) => n === name) ?? [name, 'exact'])[1],
      nothing,
    ),
};

/**
 * The config lists collected from the records (schemas/config-lists.ts), one table
 * each from their declaration: paging, search (no fields documented: the list as it
 * is) and ordering by id and by each plain field of their objects, numbers as numbers;
 * a root list we hold nothing for also its modes and LL2's filters.
 */
const CONFIG_LIST_TABLES = Object.fromEntries(
  CONFIG_LISTS.map((list: ConfigList) => {
    const fields = Object.entries(list.fields).flatMap(([field, type]) => {
      const cell = CONFIG_CELLS[type];
      return field === 'id' || !cell ? [] : [[field, cell(field)] as const];
    });
    const filters = Object.entries(list.filters ?? {}).map(([name, type]) => UNHELD_FILTERS[type](name));
    return [
      list.kind,
      referenceTable({
        name: list.kind as ReferenceKind,
        modes: list.modes ?? [],
        parameters: [...listControls({ mode: list.modes !== undefined }), ...filters],
        search: {},
        ordering: { id: 'id', ...Object.fromEntries(fields.map(([field]) => [field, field])) },
        cells: Object.fromEntries(fields),
      }),
    ];
  }),
) as Record<ConfigListKind, ReferenceTable>;

/** Every reference kind's table written here, by kind. */
const HAND_TABLES = {
  agencies: AGENCIES,
  pads: PADS,
  locations: LOCATIONS,
  launcherConfigurations: CONFIGURATIONS,
  launcherFamilies: FAMILIES,
  spaceStations: SPACE_STATIONS,
  dockingEvents: DOCKING_EVENTS,
  celestialBodies: CELESTIAL_BODIES,
  launchers: LAUNCHERS,
  astronauts: ASTRONAUTS,
  landings: LANDINGS,
  spacecraft: SPACECRAFT,
  spacecraftFlights: SPACECRAFT_FLIGHTS,
  missionPatches: MISSION_PATCHES,
  updates: UPDATES,
  ...CONFIG_LIST_TABLES,
} satisfies Record<Exclude<ReferenceKind, DeclaredKind>, ReferenceTable>;

/** A dotted path of a declared cell (`crew[].astronaut.id`) read from a detailed object: every value found. */
function valuesAt(value: Json | undefined, steps: readonly string[]): Json[] {
  if (steps.length === 0) return value === undefined ? [] : [value];
  const [step, ...rest] = steps;
  const list = step.endsWith('[]');
  const v =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? value[list ? step.slice(0, -2) : step]
      : undefined;
  if (!list) return valuesAt(v, rest);
  return Array.isArray(v) ? v.flatMap((item) => valuesAt(item, rest)) : [];
}

/** A declared cell (resources/declaration.ts CellSpec) as the index reads it. */
function declaredCell(spec: CellSpec): CellOf {
  if ('each' in spec) {
    const steps = spec.each.split('.');
    return (d) =>
      valuesAt(d, steps).filter((v): v is number | string => typeof v === 'number' || typeof v === 'string');
  }
  const [path, wanted] =
    'text' in spec ? [spec.text, 'string'] : 'number' in spec ? [spec.number, 'number'] : [spec.boolean, 'boolean'];
  const steps = path.split('.');
  return (d) => {
    const [v] = valuesAt(d, steps);
    return typeof v === wanted ? (v as number | string | boolean) : null;
  };
}

/** A declared resource's table: its cells, paging and modes, a row per declared filter, its search and ordering. */
function declaredTable({ kind, table }: DeclaredResource): ReferenceTable {
  const listCell = (cell: string): boolean => 'each' in (table.cells[cell] ?? {});
  const filters = Object.entries(table.filters).flatMap(([name, spec]): Parameters => {
    if ('instants' in spec) return dateTimeComparisons(name, instantCell(spec.instants));
    if ('text' in spec) return [textFilter(name, 'exact', textCell(spec.text))];
    if ('boolean' in spec) return [booleanFilter(name, (r, value) => r.cells[spec.boolean] === value)];
    return [
      listCell(spec.number)
        ? numberFilter(name, 'exact', numbersCell(spec.number))
        : numberFilter(name, 'exact', numberCell(spec.number)),
    ];
  });
  return referenceTable({
    name: kind,
    modes: [...table.modes],
    cells: Object.fromEntries(Object.entries(table.cells).map(([name, spec]) => [name, declaredCell(spec)])),
    parameters: [...listControls({ mode: table.modes.length > 0 }), ...filters],
    search: table.search,
    ordering: table.ordering,
  });
}

/** Every reference kind's table, by kind: those above, and the declared resources' where they stood. */
export const REFERENCE_TABLES = placeDeclaredIn<ReferenceTable, DeclaredResource>(
  HAND_TABLES,
  DECLARED_RESOURCES,
  (d) => [d.kind, declaredTable(d)],
  (d) => follows(d, 'table'),
) as Record<ReferenceKind, ReferenceTable>;
