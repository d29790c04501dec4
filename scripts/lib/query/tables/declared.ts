// A declared resource's query table (schemas/resources/: its cells by dotted path, of
// its detailed object or of what it relates to, and its filters, one per LL2 parameter
// as django-filter's `Meta.fields`; cells looked up through the reference lookups when
// it is read), compiled to the kit's table. In: the declaration.
// Out: its table. Pure.

import {
  booleanFilter,
  choicesFilter,
  dateTimeComparisons,
  dateTimeFilter,
  numberContainsFilter,
  numberFilter,
  numberFilters,
  numberListFilter,
  textFilter,
  textListFilter,
  uuidListFilter,
} from '../filters.ts';
import type { Cell } from '../index-format.ts';
import { listControls } from '../parameters.ts';
import type { ReferenceLookup } from '../reference-lookup.ts';
import {
  numberCell,
  numbersCell,
  referenceTable,
  textCell,
  textsCell,
  type CellOf,
  type ReferenceRow,
  type ReferenceTable,
} from '../reference-kit.ts';
import { dateFilters, floatFilters, instantCell, isoSeconds, type Parameters } from './cells.ts';
import type { Json } from '../../model/records.ts';
import type { CellSpec, LookupSpec } from '../../../schemas/resources/declaration.ts';
import type { DeclaredResource } from '../../../schemas/resources/index.ts';

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
  if ('seconds' in spec) {
    const steps = spec.seconds.split('.');
    return (d) => isoSeconds(valuesAt(d, steps)[0]);
  }
  const [path, wanted] =
    'text' in spec ? [spec.text, 'string'] : 'number' in spec ? [spec.number, 'number'] : [spec.boolean, 'boolean'];
  const steps = path.split('.');
  return (d) => {
    const [v] = valuesAt(d, steps);
    return typeof v === wanted ? (v as number | string | boolean) : null;
  };
}

/** A declared cell, read from the detailed object or, `from: 'related'`, from what the record relates to. */
function cellOf(spec: CellSpec): CellOf {
  const cell = declaredCell(spec);
  return spec.from === 'related' ? (_, facts) => cell(facts ?? {}) : cell;
}

/**
 * A declared resource's table: its cells (those read from what a record relates to
 * after those of its detailed object), paging and modes, a row per declared filter,
 * its search and ordering.
 */
export function declaredTable({ kind, table }: DeclaredResource): ReferenceTable {
  const listCell = (cell: string): boolean => 'each' in (table.cells[cell] ?? {});
  // The numbers a number filter reads: the record's id, a list cell's numbers, or a cell's number.
  const numbers = (cell: string): ((r: ReferenceRow) => number | null | readonly number[]) =>
    cell === 'id' ? (r) => r.id : listCell(cell) ? numbersCell(cell) : numberCell(cell);
  // The texts a text filter reads: a list cell's texts, or a cell's text.
  const texts = (cell: string): ((r: ReferenceRow) => string | null | readonly string[]) =>
    listCell(cell) ? textsCell(cell) : textCell(cell);
  const filters = Object.entries(table.filters).flatMap(([name, spec]): Parameters => {
    if ('instants' in spec) {
      const at = instantCell(spec.instants);
      return [...(spec.exact ? [dateTimeFilter(name, 'exact', at)] : []), ...dateTimeComparisons(name, at)];
    }
    if ('instant' in spec) return [dateTimeFilter(name, 'exact', instantCell(spec.instant))];
    if ('uuids' in spec) return [uuidListFilter(name, (r) => textCell(spec.uuids)(r) ?? '')];
    if ('text' in spec)
      return [
        textFilter(name, 'exact', texts(spec.text)),
        ...(spec.contains ? [textFilter(`${name}__contains`, 'contains', texts(spec.text))] : []),
      ];
    if ('boolean' in spec) return [booleanFilter(name, (r, value) => r.cells[spec.boolean] === value)];
    if ('numbers' in spec) return [numberListFilter(name, numbers(spec.numbers))];
    if ('count' in spec) return numberFilters(name, numberCell(spec.count));
    if ('decimals' in spec) return floatFilters(name, spec.decimals);
    if ('digits' in spec) return [numberContainsFilter(name, numbers(spec.digits))];
    if ('dates' in spec) return dateFilters(name, spec.dates);
    if ('choices' in spec) return [choicesFilter(name, spec.among, numbersCell(spec.choices))];
    if ('texts' in spec) return [textListFilter(name, texts(spec.texts))];
    if ('stated' in spec)
      return [booleanFilter(name, (r, stated) => ((textCell(spec.stated)(r) ?? '') !== '') === stated)];
    if ('differs' in spec)
      return [booleanFilter(name, (r, differs) => (textCell(spec.differs)(r) !== spec.from) === differs)];
    return [numberFilter(name, 'exact', numbers(spec.number))];
  });
  return referenceTable({
    name: kind,
    modes: [...table.modes],
    cells: Object.fromEntries(Object.entries(table.cells).map(([name, spec]) => [name, cellOf(spec)])),
    parameters: [...listControls({ mode: table.modes.length > 0 }), ...filters],
    search: table.search,
    ordering: table.ordering,
    ...(table.lookups ? { derived: lookedUp(table.lookups) } : {}),
  });
}

/** A looked-up cell's column: each row's value stepped from its `from` cell by id, or the id named by its text. */
function lookUp(spec: LookupSpec, column: readonly Cell[], reference: ReferenceLookup): Cell[] {
  if ('idByName' in spec) {
    const idByName = new Map([...reference[spec.idByName]].map(([id, row]) => [row.name, id]));
    return column.map((name) => (typeof name === 'string' ? (idByName.get(name) ?? null) : null));
  }
  return column.map((start) =>
    spec.through.reduce<Cell>((value, [table, field]) => {
      if (typeof value !== 'number') return null;
      const row = reference[table].get(value) as Readonly<Record<string, unknown>> | undefined;
      const next = row?.[field];
      return typeof next === 'number' || typeof next === 'string' ? next : null;
    }, start),
  );
}

/** The cells a table's `lookups` make, each a column over its rows made when first read. */
const lookedUp = (lookups: Readonly<Record<string, LookupSpec>>) =>
  Object.fromEntries(
    Object.entries(lookups).map(([name, spec]) => [
      name,
      (cells: Readonly<Record<string, readonly Cell[]>>, reference: ReferenceLookup): Cell[] =>
        lookUp(spec, cells[spec.from], reference),
    ]),
  );
