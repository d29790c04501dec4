// How a kind of reference record (agencies, pads, …) becomes a table of the
// query engine: its rows are the index's columns for the kind (ids, normal-mode
// objects, named cells), its cells are read from each record's detailed object
// by the build, and its search and ordering fields name cells. Normal mode comes
// from the index, list mode is cut from it (api/projection.ts), detailed mode is
// the detail file. An ordering by one field reads the ranks the build wrote for
// it (ReferenceTable.ranks, orderingColumns), not the cells. reference-tables.ts
// declares the tables with these helpers. Pure.

import { isObject } from '../base/json-types.ts';
import type { ReferenceKind } from '../../schemas/data-files.ts';
import { hasReferenceListMode, referenceInListMode } from '../api/projection.ts';
import type { Mode } from '../api/shapes/kit.ts';
import { compareNames } from '../model/collections.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { denseRanks } from './column-order.ts';
import { columnRows, rankColumn, type Cell, type QueryIndex, type ReferenceColumns } from './index-format.ts';
import type { Parameter } from './parameters.ts';
import {
  compareNullable,
  compareNumbers,
  movedProbe,
  rowsOnDemand,
  type BaseRow,
  type OrderingField,
  type ResourceTable,
  type SearchField,
} from './resource-table.ts';
import type { ReferenceLookup } from './reference-lookup.ts';

export interface ReferenceRow extends BaseRow {
  id: number;
  /** The object of the kind's static list page (at build time: the runtime reads it from the record packs). */
  normal: JsonObject;
  cells: Readonly<Record<string, Cell>>;
}

/**
 * How the build reads a cell from a record's detailed object (its detail file),
 * or from what the record relates to that its LL2 object does not show
 * (`related`, declared with the resource: api/reference-resources.ts).
 */
export type CellOf = (detailed: JsonObject, related?: JsonObject) => Cell;

export interface ReferenceTable extends ResourceTable<ReferenceRow> {
  name: ReferenceKind;
  /** The cells the index holds for each record. */
  cells: Readonly<Record<string, CellOf>>;
  /**
   * For the build: per ordering field, each row's dense rank in the field's ascending order (column-order.ts
   * denseRanks with orderingFields[field]), over the rows `decode` made of all the kind's records (derived cells
   * included). A field whose cells mix numbers with texts is left out: compared across kinds as texts, they need
   * not be in one order (2 < 10, "10" < "1x", "1x" < "2"), which no rank could reproduce; the runtime orders
   * such a field with its comparator.
   */
  ranks(rows: readonly ReferenceRow[]): Record<string, number[]>;
}

// Reading detailed objects.

/** The value at a path of keys, or undefined. */
const at = (value: Json | undefined, path: readonly string[]): Json | undefined =>
  path.reduce<Json | undefined>((v, key) => (isObject(v) ? v[key] : undefined), value);

export const numberAt =
  (...path: string[]): CellOf =>
  (d) => {
    const v = at(d, path);
    return typeof v === 'number' ? v : null;
  };
export const textAt =
  (...path: string[]): CellOf =>
  (d) => {
    const v = at(d, path);
    return typeof v === 'string' ? v : null;
  };
export const booleanAt =
  (...path: string[]): CellOf =>
  (d) => {
    const v = at(d, path);
    return typeof v === 'boolean' ? v : null;
  };

// Reading rows.

export const numberCell =
  (name: string) =>
  (r: ReferenceRow): number | null => {
    const v = r.cells[name];
    return typeof v === 'number' ? v : null;
  };
export const textCell =
  (name: string) =>
  (r: ReferenceRow): string | null => {
    const v = r.cells[name];
    return typeof v === 'string' ? v : null;
  };
export const numbersCell =
  (name: string) =>
  (r: ReferenceRow): readonly number[] => {
    const v = r.cells[name];
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  };
export const textsCell =
  (name: string) =>
  (r: ReferenceRow): readonly string[] => {
    const v = r.cells[name];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  };

/** Any two cells in PostgreSQL's order: nulls last, false before true, texts by the database collation. */
function compareCells(a: Cell, b: Cell): number {
  return compareNullable(a, b, (x, y) => {
    if (typeof x === 'number' && typeof y === 'number') return compareNumbers(x, y);
    if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
    return compareNames(String(x), String(y));
  });
}

/**
 * Whether compareCells orders these cells as a total order: all numbers (nulls aside), or no numbers at all (texts,
 * lists and booleans: false before true both as booleans and as texts). Numbers mixed with texts are compared
 * as numbers with each other and as texts with the others, which need not be transitive.
 */
export const cellsInOneOrder = (cells: readonly Cell[]): boolean => {
  const present = cells.filter((cell) => cell !== null);
  return present.every((cell) => typeof cell === 'number') || !present.some((cell) => typeof cell === 'number');
};

/** Ordering by a cell, or by the record's id (`id`). */
const orderingBy = (cell: string): OrderingField<ReferenceRow> =>
  cell === 'id'
    ? (a, b) => compareNumbers(a.id, b.id)
    : (a, b) => compareCells(a.cells[cell] ?? null, b.cells[cell] ?? null);

/** A searched cell's text: numbers as PostgreSQL casts them. */
const searchedBy =
  (cell: string): SearchField<ReferenceRow> =>
  (r) => {
    const v = r.cells[cell] ?? null;
    if (v === null || typeof v === 'boolean') return null;
    return Array.isArray(v) ? v.map(String) : String(v);
  };

export interface ReferenceSpec {
  name: ReferenceKind;
  /** LL2's modes for the list (the OpenAPI's "Levels of detail"); none means one shape, answered as normal. */
  modes: readonly Mode[];
  cells: Readonly<Record<string, CellOf>>;
  parameters: ReadonlyArray<Parameter<ReferenceRow>>;
  /** LL2's searched fields, each the cell it reads. */
  search: Readonly<Record<string, string>>;
  /** LL2's ordering fields, each the cell it reads (`id` for the record's id). */
  ordering: Readonly<Record<string, string>>;
  /**
   * Cells made from other rows or reference tables once decoded (an agency's parent's id by name): each a column
   * over the kind's rows, from the columns of its own cells, the reference lookups and its ids, made when a row's
   * cell is first read (a query that reads none of them reads no reference table for them).
   */
  derived?: Readonly<
    Record<
      string,
      (cells: Readonly<Record<string, readonly Cell[]>>, reference: ReferenceLookup, ids: readonly number[]) => Cell[]
    >
  >;
}

/**
 * A row's cells as an object whose properties read the columns (a getter per cell, on one prototype for the kind),
 * so decoding a kind makes one small object a row, not an object of all its cells: a first query on a kind of
 * hundreds of records reads only the cells its filters, search and ordering ask for.
 */
function cellsOfRows(
  columns: Readonly<Record<string, readonly Cell[]>>,
  derived: Readonly<Record<string, () => readonly Cell[]>> = {},
): (row: number) => RowCells {
  // A class of the kind's own, made once: its objects share one shape, where objects made from a prototype by
  // Object.create and Object.assign each took V8's slow path (2,000 updates' cells: 8.7 ms on a fresh isolate).
  class Cells {
    constructor(public row: number) {}
  }
  // No Object.prototype behind the cells: a cell named like one of its members reads the column, not the member.
  Object.setPrototypeOf(Cells.prototype, null);
  for (const [cell, values] of Object.entries(columns)) {
    Object.defineProperty(Cells.prototype, cell, {
      enumerable: true,
      get(this: Cells) {
        return values[this.row] ?? null;
      },
    });
  }
  for (const [cell, make] of Object.entries(derived)) {
    let values: readonly Cell[] | undefined;
    Object.defineProperty(Cells.prototype, cell, {
      enumerable: true,
      get(this: Cells) {
        values ??= make();
        return values[this.row] ?? null;
      },
    });
  }
  return (row) => new Cells(row) as unknown as RowCells;
}

/** A row's cells (cellsOfRows), the row they read a property that can be moved. */
type RowCells = Readonly<Record<string, Cell>> & { row: number };

/** A kind's columns as the runtime has them (maybe not read yet: a gate, loaded-index.ts) and its cells, made on first need. */
interface KindColumns {
  columns: ReferenceColumns;
  cellsOf(row: number): RowCells;
}

/**
 * A record of a kind read from its columns only when asked (its id, its cells): a page without filters, search or
 * ordering reads none of them, so a first query that only pages decodes nothing of the kind.
 */
class IndexedReference implements ReferenceRow {
  constructor(
    public row: number,
    protected readonly kind: KindColumns,
  ) {}

  get id() {
    return this.kind.columns.id[this.row];
  }
  get key() {
    return String(this.id);
  }
  // The normal-mode objects are in the columns the build decodes to write the record packs, not in the parts (index-format.ts).
  get normal() {
    return this.kind.columns.normal?.[this.row] as JsonObject;
  }
  get cells(): RowCells {
    // Made once, then a plain property: an ordering reads it at every comparison.
    const cells = this.kind.cellsOf(this.row);
    Object.defineProperty(this, 'cells', { value: cells });
    return cells;
  }
}

/** One record moved from row to row (probeAt): its cells follow it. */
class ProbedReference extends IndexedReference {
  private cellsAt?: RowCells;

  override get cells(): RowCells {
    const cells = (this.cellsAt ??= this.kind.cellsOf(this.row));
    cells.row = this.row;
    return cells;
  }
}

export function referenceTable(spec: ReferenceSpec): ReferenceTable {
  const modes = new Set<Mode>(spec.modes.length ? spec.modes : ['normal']);
  if (modes.has('list') && !hasReferenceListMode(spec.name))
    throw new Error(`${spec.name}: no list mode is cut for it (api/projection.ts)`);
  const name = spec.name;
  const orderingFields = Object.fromEntries(
    Object.entries(spec.ordering).map(([field, cell]) => [field, orderingBy(cell)]),
  );
  /** The kind's columns, its cells (derived ones included) made when a row's cells are first read. */
  const kindColumns = (index: QueryIndex, reference: ReferenceLookup): KindColumns => {
    const columns: ReferenceColumns = index.resources[name];
    let cellsOf: ((row: number) => RowCells) | undefined;
    return {
      columns,
      cellsOf: (row) => {
        if (!cellsOf) {
          const cells = columns.cells as Readonly<Record<string, readonly Cell[]>>;
          const derived = Object.entries(spec.derived ?? {}).map(
            ([cell, make]) => [cell, () => make(cells, reference, columns.id)] as const,
          );
          cellsOf = cellsOfRows(cells, Object.fromEntries(derived));
        }
        return cellsOf(row);
      },
    };
  };
  return {
    name,
    cells: spec.cells,
    decode(index: QueryIndex, reference: ReferenceLookup): ReferenceRow[] {
      const kind = kindColumns(index, reference);
      return Array.from({ length: columnRows(kind.columns) }, (_, row) => new IndexedReference(row, kind));
    },
    rowAt(index: QueryIndex, reference: ReferenceLookup): (row: number) => ReferenceRow {
      const kind = kindColumns(index, reference);
      return rowsOnDemand<ReferenceRow>(columnRows(kind.columns), (row) => new IndexedReference(row, kind));
    },
    probeAt(index: QueryIndex, reference: ReferenceLookup): (row: number) => ReferenceRow {
      return movedProbe<ReferenceRow>(new ProbedReference(0, kindColumns(index, reference)));
    },
    parameters: spec.parameters,
    searchFields: Object.fromEntries(Object.entries(spec.search).map(([field, cell]) => [field, searchedBy(cell)])),
    orderingFields,
    // Every field by its ranks (the id's too: the small ranks file, not the parts, which a page ordered by id needs no more of).
    orderingColumns: Object.fromEntries(Object.keys(spec.ordering).map((field) => [field, rankColumn(field)])),
    ranks: (rows) =>
      Object.fromEntries(
        Object.entries(spec.ordering)
          .filter(([, cell]) => cell === 'id' || cellsInOneOrder(rows.map((row) => row.cells[cell] ?? null)))
          .map(([field]) => [field, denseRanks(rows, orderingFields[field])]),
      ),
    modes,
    // Reached for detailed mode only: the others come from the index.
    inMode: (detailed) => detailed,
    fromIndex: (row, mode) => {
      if (mode === 'detailed') return undefined;
      return mode === 'list' && hasReferenceListMode(name) ? referenceInListMode(name, row.normal) : row.normal;
    },
  };
}
