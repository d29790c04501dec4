// What several reference tables (query/reference-tables.ts) read and filter alike:
// LL2's launch and landing tallies (cells, filters, ordering), a text with its
// `__contains`, dates and floats with their lookups, the id, an instant, a duration in
// seconds and a related fact the build gives. In: the parameter rows and the cell
// readers of the kit. Out: those helpers. Pure.

import { dateFilter, floatFilter, lookupNames, numberFilter, numberFilters, textFilter } from '../filters.ts';
import type { Parameter } from '../parameters.ts';
import { COUNTED_FIGURES } from '../../../schemas/ll2-figures.ts';
import { numberAt, numberCell, textCell, type CellOf, type ReferenceRow } from '../reference-kit.ts';

export type Row = ReferenceRow;
export type Parameters = Array<Parameter<Row>>;

/** LL2's launch and landing tallies, as agencies have them (in the order of LL2's parameters). */
export const TALLIES = COUNTED_FIGURES;
export const tallyCells: Record<string, CellOf> = Object.fromEntries(TALLIES.map((name) => [name, numberAt(name)]));
export const tallyFilters: Parameters = TALLIES.flatMap((name) => numberFilters(name, numberCell(name)));
export const tallyOrdering: Record<string, string> = Object.fromEntries(TALLIES.map((name) => [name, name]));

/** `name` and `name__contains` (case-sensitive, as Django's `contains`). */
export const textAndContains = (parameter: string, cell: string): Parameters => [
  textFilter(parameter, 'exact', textCell(cell)),
  textFilter(`${parameter}__contains`, 'contains', textCell(cell)),
];
export const dateFilters = (parameter: string, cell: string): Parameters =>
  lookupNames(parameter).map(([name, lookup]) => dateFilter(name, lookup, textCell(cell)));
export const floatFilters = (parameter: string, cell: string): Parameters =>
  lookupNames(parameter)
    .filter(([, lookup]) => lookup !== 'exact')
    .map(([name, lookup]) => floatFilter(name, lookup, numberCell(cell)));
export const idFilter = numberFilter<Row>('id', 'exact', (r) => r.id);

/** When a cell holding a UTC timestamp is, in milliseconds. */
export const instantCell =
  (name: string) =>
  (r: Row): number | null => {
    const v = textCell(name)(r);
    return v === null ? null : Date.parse(v);
  };

/** Seconds of an ISO 8601 duration of days and time (`P204DT15H19M1S`), as the astronauts' durations are written; null otherwise. */
export const durationSeconds =
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

/** A related fact the build gives a record's cells (api/reference-resources.ts `related`). */
export const relatedAt =
  (name: string): CellOf =>
  (_, related) => {
    const v = related?.[name];
    return typeof v === 'number' || typeof v === 'string' ? v : null;
  };
