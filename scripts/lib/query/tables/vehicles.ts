// The query tables of landings and spacecraft flights: the cells each
// reads from its detailed object, one row per LL2 2.3.0 parameter of its list, its search
// and ordering fields and its modes (what each part is: query/reference-tables.ts).
// In: the parameter rows, the kit, the shared cells. Out: those tables. Pure.

import { booleanFilter, numberFilter, numberListFilter, textListFilter, uuidListFilter } from '../filters.ts';
import { listControls } from '../parameters.ts';
import { booleanAt, numberAt, numberCell, referenceTable, textAt, textCell } from '../reference-kit.ts';
import { relatedAt } from './cells.ts';

export const LANDINGS = referenceTable({
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

export const SPACECRAFT_FLIGHTS = referenceTable({
  name: 'spacecraftFlights',
  modes: ['normal', 'detailed'],
  cells: { spacecraft: numberAt('spacecraft', 'id') },
  parameters: [...listControls(), numberFilter('spacecraft', 'exact', numberCell('spacecraft'))],
  // LL2 documents neither search nor ordering fields for this list.
  search: {},
  ordering: {},
});
