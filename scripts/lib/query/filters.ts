// The filter rows of the parameter tables (parameters.ts FilterParameter), one
// builder per django-filter class: NumberFilter with its lookups, BaseInFilter,
// CharFilter, DateFilter, IsoDateTimeFilter, BooleanFilter and the model choice
// filters. In: the parameter's name, how a record's value is read (a getter, or a
// column getter from column-cells.ts) and the lookup. Out: the row that cleans the
// parameter's value (django-fields.ts) and tests records, and their cells where it
// can. Pure.

import {
  cleanBoolean,
  cleanChoice,
  cleanChoices,
  cleanDate,
  cleanDateTime,
  cleanFloat,
  cleanList,
  cleanNumber,
  cleanText,
  cleanUuid,
  type Cleaned,
  type Decimal,
} from './django-fields.ts';
import { compareToInstant, type Instant } from './iso-datetime.ts';
import { cellsThrough, isThrough, type ColumnValue, type FilterCells, type Lookup } from './column-cells.ts';
import type { Choices, FilterParameter, ValueKind } from './parameters.ts';

/** A matcher from a test of a record's value, made once per request: each record's value read and tested. */
const onRows =
  <Row, V, T>(get: (row: Row) => V, test: (value: T) => (v: V) => boolean) =>
  (value: T) => {
    const holds = test(value);
    return (row: Row) => holds(get(row));
  };

/** A matcher that tests each record against the cleaned value as it is (most filters: nothing to prepare). */
const perRow =
  <Row, T>(test: (row: Row, value: T) => boolean) =>
  (value: T) =>
  (row: Row) =>
    test(row, value);

/** How a filter tests records, given the cleaned value, and where it can, the cells of one column. */
interface Tests<Row, T> {
  matcher: (value: T) => (row: Row) => boolean;
  cells?: FilterCells;
}

/** A matcher on rows and, when the value is reached through a column (columnThrough, columnComputed), on its cells. */
const onRowsOrCells = <Row, V, T>(get: (row: Row) => V, test: (value: T) => (v: V) => boolean): Tests<Row, T> => ({
  matcher: onRows(get, test),
  cells: isThrough(get) ? cellsThrough(get, test) : undefined,
});

/** A filter reading the last value of its parameter. */
function filter<Row, T>(
  name: string,
  value: ValueKind,
  clean: (raw: string, choices: Choices) => Cleaned<T>,
  { matcher, cells }: Tests<Row, T>,
  only?: readonly string[],
): FilterParameter<Row> {
  return {
    name,
    kind: 'filter',
    value,
    only,
    clean: (query, choices) => {
      const raw = query.last(name);
      return raw === undefined ? { ok: true, value: undefined } : clean(raw, choices);
    },
    matcher: matcher as (value: unknown) => (row: Row) => boolean,
    ...(cells ? { cells } : {}),
  };
}

/**
 * A filter's matcher on rows and, when its value is a ColumnValue (or a ColumnThrough), on that column's cells: from one test of a
 * record's value(s); `among`, for a filter that keeps the cells equal to one of a set of numbers; `range`, for a
 * comparison; `inUnits`, the same comparison made on a cell in the column's own whole units (seconds, where the
 * value is in milliseconds: `scale`), so that no cell is multiplied: on a fresh isolate's interpreter each
 * arithmetic step on a double costs about 1 µs, 7 ms over the launches' last updates.
 */
function onValues<Row, T>(
  get: (row: Row) => Values<number>,
  test: (value: T) => (x: Values<number>) => boolean,
  among?: (value: T) => ReadonlySet<number>,
  range?: (value: T) => { lookup: Lookup; compare(x: number): number },
  inUnits?: (value: T, scale: number) => (cell: number) => number,
): Tests<Row, T> {
  if (isThrough(get)) return onRowsOrCells(get, test);
  const matcher = onRows(get, test);
  const column = (get as Partial<ColumnValue<Row>>).column;
  const scale = (get as Partial<ColumnValue<Row>>).scale ?? 1;
  const unitOrder =
    scale !== 1 && range && inUnits
      ? (value: unknown) => ({ lookup: range(value as T).lookup, compare: inUnits(value as T, scale) })
      : undefined;
  const cells =
    column === undefined
      ? undefined
      : {
          column,
          matcher: (value: unknown) => {
            if (unitOrder) {
              const { lookup, compare } = unitOrder(value);
              const passes = compares[lookup];
              return (cell: unknown) => cell !== null && passes(compare(cell as number));
            }
            const holds = test(value as T);
            return scale === 1
              ? (holds as (cell: unknown) => boolean)
              : (cell: unknown) => holds(cell === null ? null : (cell as number) * scale);
          },
          ...(among && scale === 1 ? { among: among as (value: unknown) => ReadonlySet<number> } : {}),
          ...(range
            ? {
                range:
                  unitOrder ??
                  ((value: unknown) => {
                    const { lookup, compare } = range(value as T);
                    return { lookup, compare: (cell: number) => compare(cell * scale) };
                  }),
              }
            : {}),
        };
  return { matcher, cells };
}

/** A value of a record, or several (a launch's programs): a filter passes if any of them does, as a SQL join would. */
type Values<T> = T | null | readonly T[];
const anyOf = <T>(values: Values<T>, test: (value: T) => boolean): boolean =>
  Array.isArray(values) ? (values as readonly T[]).some(test) : values !== null && test(values as T);

/** anyOf for the filters a first query runs over every row: `test(value, arg)`, no function made per row. */
function anyWith<T, A>(values: Values<T>, test: (value: T, arg: A) => boolean, arg: A): boolean {
  if (!Array.isArray(values)) return values !== null && test(values as T, arg);
  for (const value of values as readonly T[]) if (test(value, arg)) return true;
  return false;
}

const compares: Record<Lookup, (order: number) => boolean> = {
  exact: (order) => order === 0,
  gt: (order) => order > 0,
  gte: (order) => order >= 0,
  lt: (order) => order < 0,
  lte: (order) => order <= 0,
};

/** Orders a whole number against a decimal (0 when equal). */
const compareToDecimal = (x: number, d: Decimal): number =>
  x < d.floor ? -1 : x > d.ceil ? 1 : d.floor === d.ceil ? 0 : x === d.floor ? -1 : 1;

/** `NumberFilter` with a lookup (`field__gt=3`). */
export function numberFilter<Row>(
  name: string,
  lookup: Lookup,
  get: (row: Row) => Values<number>,
  only?: readonly string[],
): FilterParameter<Row> {
  const compare = compares[lookup];
  const test = (x: number, d: Decimal) => compare(compareToDecimal(x, d));
  // Exact: only a whole value equals a number (compareToDecimal), so the cells equal to it, or none.
  const among =
    lookup === 'exact' ? (d: Decimal): ReadonlySet<number> => new Set(d.floor === d.ceil ? [d.floor] : []) : undefined;
  const tests = onValues<Row, Decimal>(get, (d) => (values) => anyWith(values, test, d), among);
  return filter<Row, Decimal>(name, 'number', cleanNumber, tests, only);
}

/** The five number filters LL2 has on a counter (see lookupNames). */
export const numberFilters = <Row>(name: string, get: (row: Row) => number | null): Array<FilterParameter<Row>> =>
  lookupNames(name).map(([parameter, lookup]) => numberFilter(parameter, lookup, get));

/** `BaseInFilter` of numbers (`lsp__id=121,124`). */
export function numberListFilter<Row>(
  name: string,
  get: (row: Row) => Values<number>,
  only?: readonly string[],
): FilterParameter<Row> {
  // compareToDecimal gives 0 only for a whole value equal to the number: one set of them, looked up per record.
  const wholesOf = (list: Decimal[]): ReadonlySet<number> =>
    new Set(list.filter((d) => d.floor === d.ceil).map((d) => d.floor));
  const tests = onValues<Row, Decimal[]>(
    get,
    (list) => {
      const wholes = wholesOf(list);
      return (values) => anyWith(values, has, wholes);
    },
    wholesOf,
  );
  return filter<Row, Decimal[]>(name, 'numbers', (raw) => cleanList(raw, cleanNumber), tests, only);
}

const has = (x: number, set: ReadonlySet<number>): boolean => set.has(x);

/** How a `CharFilter` compares: exact and `contains` are case-sensitive (as PostgreSQL compares), `icontains` is not. */
const textTests: Record<'exact' | 'contains' | 'icontains', (text: string, value: string) => boolean> = {
  exact: (text, value) => text === value,
  contains: (text, value) => text.includes(value),
  icontains: (text, value) => text.toLowerCase().includes(value.toLowerCase()),
};

/** `CharFilter`, exact, `__contains` or `__icontains`. */
export function textFilter<Row>(
  name: string,
  lookup: 'exact' | 'contains' | 'icontains',
  get: (row: Row) => Values<string>,
): FilterParameter<Row> {
  const test = (value: string) => (values: Values<string>) => anyOf(values, (text) => textTests[lookup](text, value));
  return filter<Row, string>(name, 'text', cleanText, onRowsOrCells(get, test));
}

/** `NumberFilter` with a lookup over a real number (a pad's latitude), compared as floats. */
export const floatFilter = <Row>(
  name: string,
  lookup: Lookup,
  get: (row: Row) => number | null,
): FilterParameter<Row> =>
  filter<Row, number>(name, 'number', cleanFloat, {
    matcher: perRow((row, value) => anyOf(get(row), (x) => compares[lookup](x - value))),
  });

/**
 * `NumberFilter` with `__contains` on a whole-number field (`id__contains=12`):
 * PostgreSQL compares the number's text, so a whole value matches the ids that
 * hold its digits, and a value with a fraction matches none.
 */
export const numberContainsFilter = <Row>(name: string, get: (row: Row) => Values<number>): FilterParameter<Row> =>
  filter<Row, Decimal>(name, 'number', cleanNumber, {
    matcher: perRow(
      (row, d) =>
        d.floor === d.ceil && Number.isFinite(d.floor) && anyOf(get(row), (x) => String(x).includes(String(d.floor))),
    ),
  });

/** `DateFilter` with a lookup; dates as `YYYY-MM-DD`, which order as text; a record without one never passes. */
export const dateFilter = <Row>(name: string, lookup: Lookup, get: (row: Row) => string | null): FilterParameter<Row> =>
  filter<Row, string>(name, 'date', cleanDate, {
    matcher: perRow((row, value) =>
      anyOf(get(row), (date) => compares[lookup](date < value ? -1 : date > value ? 1 : 0)),
    ),
  });

/** The five filters LL2 has on a counter or date: `name`, `name__gt`, `name__gte`, `name__lt`, `name__lte`. */
export const lookupNames = (name: string): Array<[string, Lookup]> =>
  (['exact', 'gt', 'gte', 'lt', 'lte'] as const).map((lookup) => [
    lookup === 'exact' ? name : `${name}__${lookup}`,
    lookup,
  ]);

/** The four comparisons LL2 has on a date-time field (`name__gt`, `name__gte`, `name__lt`, `name__lte`), without `name` itself. */
export const dateTimeComparisons = <Row>(name: string, get: (row: Row) => number | null): Array<FilterParameter<Row>> =>
  lookupNames(name)
    .filter(([, lookup]) => lookup !== 'exact')
    .map(([parameter, lookup]) => dateTimeFilter(parameter, lookup, get));

/** `BaseInFilter` of texts (`launch_designator=2024-001A,2024-002A`). */
export function textListFilter<Row>(name: string, get: (row: Row) => Values<string>): FilterParameter<Row> {
  const test = (list: string[]) => (values: Values<string>) => anyOf(values, (text) => list.includes(text));
  return filter<Row, string[]>(name, 'texts', (raw) => cleanList(raw, cleanText, true), onRowsOrCells(get, test));
}

/**
 * `BaseInFilter` of UUIDs (cleaned to the form the records hold). Given the index column that holds each row's
 * value itself (the launches' ids), the rows are found with the column's own search for each id asked for
 * (`among`), not by testing every row.
 */
export function uuidListFilter<Row>(name: string, get: (row: Row) => string, column?: string): FilterParameter<Row> {
  const test = (list: string[]) => (id: string) => list.includes(id);
  const cells =
    column === undefined
      ? undefined
      : {
          column,
          matcher: (list: unknown) => test(list as string[]) as (cell: unknown) => boolean,
          among: (list: unknown) => new Set(list as string[]),
        };
  return filter<Row, string[]>(name, 'uuids', (raw) => cleanList(raw, cleanUuid), {
    matcher: onRows(get, test),
    cells,
  });
}

/**
 * compareToInstant for a whole number of units of `scale` milliseconds (a column's seconds), without multiplying
 * the cell: the instant's whole units below it (`floor`) are worked out once, and a cell equals the instant only
 * when the instant falls on a whole unit.
 */
function compareUnitsToInstant(instant: Instant, scale: number): (cell: number) => number {
  const floor = Math.floor(instant.ms / scale);
  const onUnit = instant.ms - floor * scale === 0 && instant.micro === 0;
  return (cell) => (cell < floor ? -1 : cell > floor ? 1 : onUnit ? 0 : -1);
}

/** `IsoDateTimeFilter` with a lookup; a record without the time (an undated event) never passes. */
export function dateTimeFilter<Row>(
  name: string,
  lookup: Lookup,
  get: (row: Row) => number | null,
): FilterParameter<Row> {
  const compare = compares[lookup];
  const test = (ms: number, instant: Instant) => compare(compareToInstant(ms, instant));
  const tests = onValues<Row, Instant>(
    get,
    (instant) => (values) => anyWith(values, test, instant),
    undefined,
    (instant) => ({ lookup, compare: (ms) => compareToInstant(ms, instant) }),
    compareUnitsToInstant,
  );
  return filter<Row, Instant>(name, 'date-time', cleanDateTime, tests);
}

/** `BooleanFilter`: `test` says whether a record passes for `true` or `false`. */
export const booleanFilter = <Row>(name: string, test: (row: Row, value: boolean) => boolean): FilterParameter<Row> =>
  filter<Row, boolean>(name, 'boolean', cleanBoolean, { matcher: perRow(test) });

/** `BooleanFilter` on a record's value: `test(the record's value, the parameter's)`. */
export function booleanValueFilter<Row, V>(
  name: string,
  get: (row: Row) => V,
  test: (v: V, value: boolean) => boolean,
): FilterParameter<Row> {
  const on = (value: boolean) => (v: V) => test(v, value);
  return filter<Row, boolean>(name, 'boolean', cleanBoolean, onRowsOrCells(get, on));
}

/** `ModelChoiceFilter`: one id of an existing record. */
export function choiceFilter<Row>(
  name: string,
  kind: keyof Choices,
  get: (row: Row) => number | null,
): FilterParameter<Row> {
  const tests = onValues<Row, number>(
    get,
    (id) => (value) => value === id,
    (id) => new Set([id]),
  );
  return filter<Row, number>(name, 'choice', (raw, choices) => cleanChoice(raw, choices[kind]), tests);
}

/** `ModelMultipleChoiceFilter`: the parameter repeated, any of the ids. */
export function choicesFilter<Row>(
  name: string,
  kind: keyof Choices,
  get: (row: Row) => readonly number[],
): FilterParameter<Row> {
  return {
    name,
    kind: 'filter',
    value: 'choices',
    // The ids are looked up only when the parameter is given (a fresh isolate reads them from the reference file).
    clean: (query, choices) => {
      const raws = query.all(name);
      return raws.length ? cleanChoices(raws, choices[kind]) : { ok: true, value: undefined };
    },
    matcher: (ids) => (row) => get(row).some((id) => (ids as number[]).includes(id)),
  };
}
