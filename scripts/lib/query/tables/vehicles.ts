// The query table of spacecraft flights (the last reference kind not declared in
// schemas/resources/): the cell it reads from its detailed object, one row per LL2 2.3.0
// parameter of its list and its modes (what each part is: query/reference-tables.ts).
// In: the parameter rows and the kit. Out: that table. Pure.

import { numberFilter } from '../filters.ts';
import { listControls } from '../parameters.ts';
import { numberAt, numberCell, referenceTable } from '../reference-kit.ts';

export const SPACECRAFT_FLIGHTS = referenceTable({
  name: 'spacecraftFlights',
  modes: ['normal', 'detailed'],
  cells: { spacecraft: numberAt('spacecraft', 'id') },
  parameters: [...listControls(), numberFilter('spacecraft', 'exact', numberCell('spacecraft'))],
  // LL2 documents neither search nor ordering fields for this list.
  search: {},
  ordering: {},
});
