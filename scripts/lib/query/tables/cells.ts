// What several reference tables (query/reference-tables.ts) read and filter alike:
// dates and floats with their lookups, an instant and a duration in seconds. In: the parameter rows and the cell
// readers of the kit. Out: those helpers. Pure.

import { dateFilter, floatFilter, lookupNames } from '../filters.ts';
import type { Parameter } from '../parameters.ts';
import { numberCell, textCell, type ReferenceRow } from '../reference-kit.ts';

export type Row = ReferenceRow;
export type Parameters = Array<Parameter<Row>>;

export const dateFilters = (parameter: string, cell: string): Parameters =>
  lookupNames(parameter).map(([name, lookup]) => dateFilter(name, lookup, textCell(cell)));
export const floatFilters = (parameter: string, cell: string): Parameters =>
  lookupNames(parameter)
    .filter(([, lookup]) => lookup !== 'exact')
    .map(([name, lookup]) => floatFilter(name, lookup, numberCell(cell)));

/** When a cell holding a UTC timestamp is, in milliseconds. */
export const instantCell =
  (name: string) =>
  (r: Row): number | null => {
    const v = textCell(name)(r);
    return v === null ? null : Date.parse(v);
  };

/** Seconds of an ISO 8601 duration of days and time (`P204DT15H19M1S`), as LL2 writes durations; null for anything else. */
export function isoSeconds(value: unknown): number | null {
  const m =
    typeof value === 'string' ? /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value) : null;
  return m ? Number(m[1] ?? 0) * 86_400 + Number(m[2] ?? 0) * 3_600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0) : null;
}
