// The kinds of LL2 query parameters, as rows of a resource's parameter table
// (query/launch-table.ts, query/event-table.ts): each row names the parameter,
// the list routes it applies to, how its value is cleaned (django-fields.ts) and,
// for a filter, which records it keeps. In: nothing but the types it names. Out:
// the row types the tables, the engine (engine.ts) and the OpenAPI document read,
// and the control rows every list has (listControls); the filter rows are built
// in filters.ts. Pure.

import type { FilterCells } from './column-cells.ts';
import type { Cleaned } from './django-fields.ts';

/** The sets of ids choice filters accept: every record of the kind in the build's reference data. */
export interface Choices {
  launchStatuses: ReadonlySet<number>;
  pads: ReadonlySet<number>;
  locations: ReadonlySet<number>;
  programs: ReadonlySet<number>;
  eventTypes: ReadonlySet<number>;
  agencies: ReadonlySet<number>;
  launcherFamilies: ReadonlySet<number>;
}

/** A query string as Django's QueryDict: every value of a key, in order. */
export interface QueryValues {
  /** The last value, as `QueryDict.get` and `[]` give it; undefined when the key is absent. */
  last(key: string): string | undefined;
  /** Every value, as `QueryDict.getlist` gives them. */
  all(key: string): readonly string[];
}

/** The parameters the engine reads itself (DRF's paginator, search and ordering filters, renderer and mode). */
export type ControlKind = 'limit' | 'offset' | 'mode' | 'ordering' | 'search' | 'format' | 'hide_recent_previous';

interface RowBase {
  name: string;
  /** The list routes (paths) it applies to; every list route of the resource when absent. */
  only?: readonly string[];
}

export interface ControlParameter extends RowBase {
  kind: ControlKind;
}

/** What a filter's value is, for documents (the published OpenAPI lists every parameter with it). */
export type ValueKind =
  | 'number'
  | 'numbers'
  | 'text'
  | 'texts'
  | 'uuids'
  | 'date'
  | 'date-time'
  | 'boolean'
  | 'choice'
  | 'choices';

export interface FilterParameter<Row> extends RowBase {
  kind: 'filter';
  value: ValueKind;
  /** The cleaned value, undefined when the filter does not apply, or the message of a 400. */
  clean(query: QueryValues, choices: Choices): Cleaned<unknown>;
  /** Whether a record passes, given the cleaned value: made once per request, then called per record. */
  matcher(value: unknown): (row: Row) => boolean;
  /** The same test on the cells of one column of the index (column-cells.ts), where the filter has one. */
  cells?: FilterCells;
}

export type Parameter<Row> = ControlParameter | FilterParameter<Row>;

const control = (name: string, kind: ControlKind, only?: readonly string[]): ControlParameter => ({ name, kind, only });

/**
 * The parameters every LL2 list has (DRF's paginator, ordering, search, renderer),
 * `mode` where the list has modes, and `hide_recent_previous` on an upcoming list.
 */
export function listControls({
  upcoming,
  mode = true,
}: {
  upcoming?: string;
  mode?: boolean;
} = {}): ControlParameter[] {
  return [
    control('limit', 'limit'),
    control('offset', 'offset'),
    ...(mode ? [control('mode', 'mode')] : []),
    control('ordering', 'ordering'),
    control('search', 'search'),
    control('format', 'format'),
    ...(upcoming ? [control('hide_recent_previous', 'hide_recent_previous', [upcoming])] : []),
  ];
}
