// The query tables of agencies and space stations: the cells each reads from its detailed object, one row per LL2 2.3.0
// parameter of its list, its search and ordering fields and its modes (what each
// part is: query/reference-tables.ts). In: the parameter rows, the kit, the shared
// cells. Out: those tables. Pure.

import {
  booleanFilter,
  choicesFilter,
  numberFilter,
  numberFilters,
  numberListFilter,
  textListFilter,
} from '../filters.ts';
import { listControls } from '../parameters.ts';
import {
  booleanAt,
  eachAt,
  numberAt,
  numberCell,
  numbersCell,
  referenceTable,
  textAt,
  textCell,
  textsCell,
} from '../reference-kit.ts';
import { idFilter, tallyCells, tallyFilters, tallyOrdering, textAndContains } from './cells.ts';

export const AGENCIES = referenceTable({
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

export const SPACE_STATIONS = referenceTable({
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
