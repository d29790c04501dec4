// The query table of astronauts: the cells it reads
// from its detailed object, one row per LL2 2.3.0 parameter of its list, its search
// and ordering fields and its modes (what each part is: query/reference-tables.ts).
// In: the parameter rows, the kit, the shared cells. Out: those tables. Pure.

import {
  booleanFilter,
  dateTimeFilter,
  lookupNames,
  numberFilter,
  numberFilters,
  numberListFilter,
  textListFilter,
} from '../filters.ts';
import { listControls } from '../parameters.ts';
import { booleanAt, eachAt, numberAt, numberCell, referenceTable, textAt, textsCell } from '../reference-kit.ts';
import { dateFilters, durationSeconds, instantCell } from './cells.ts';

export const ASTRONAUTS = referenceTable({
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
