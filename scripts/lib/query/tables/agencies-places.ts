// The query tables of agencies and space stations: the cells each reads from its detailed object, one row per LL2 2.3.0
// parameter of its list, its search and ordering fields and its modes (what each
// part is: query/reference-tables.ts). In: the parameter rows, the kit, the shared
// cells. Out: those tables. Pure.

import { booleanFilter, numberFilter, numberFilters, textListFilter } from '../filters.ts';
import { listControls } from '../parameters.ts';
import {
  booleanAt,
  eachAt,
  numberAt,
  numberCell,
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
