// The query tables of the config lists collected from the records and of the lists
// we hold nothing for (schemas/config-lists.ts), one each from its declaration. In:
// the lists, the parameter rows, the kit. Out: the tables by kind. Pure.

import { dateTimeFilter, lookupNames, numberFilter, numberListFilter, textFilter, uuidListFilter } from '../filters.ts';
import { listControls, type Parameter } from '../parameters.ts';
import { booleanAt, numberAt, referenceTable, textAt, type CellOf, type ReferenceTable } from '../reference-kit.ts';
import type { Row } from './cells.ts';
import {
  CONFIG_LISTS,
  type ConfigField,
  type ConfigList,
  type ConfigListKind,
  type UnheldFilter,
} from '../../../schemas/config-lists.ts';
import type { ReferenceKind } from '../../../schemas/data-files.ts';

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
export const CONFIG_LIST_TABLES = Object.fromEntries(
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
