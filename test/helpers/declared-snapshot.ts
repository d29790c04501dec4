// What a declared resource's test holds to the snapshot taken before its move
// (test/fixtures/decl/*-snapshot.json): the definitions the snapshot names as the
// response schemas give them now, and the neighbours each stands between; each record's
// query cells. In: the snapshot's definition names; a kind's shapes and keys. Out: those,
// shaped as the snapshot holds them. By hand.

import type { DeclaredShapes } from '../../scripts/lib/api/shapes/declared.ts';
import type { Json, JsonObject } from '../../scripts/lib/model/records.ts';
import { REFERENCE_TABLES } from '../../scripts/lib/query/reference-tables.ts';
import type { ReferenceKind } from '../../scripts/schemas/data-files.ts';
import { responseDefinitions } from '../../scripts/schemas/responses.ts';

/** Each named definition now, and for each the definitions before it, itself and after it, in order. */
export function definitionsNow(names: readonly string[]): {
  definitions: Record<string, unknown>;
  definitionOrder: string[][];
} {
  const definitions = responseDefinitions();
  const order = Object.keys(definitions);
  return {
    definitions: Object.fromEntries(names.map((name) => [name, definitions[name]])),
    definitionOrder: names.map((name) => order.slice(order.indexOf(name) - 1, order.indexOf(name) + 2)),
  };
}

/** Each record's query cells (by key), as a declared kind's table reads them from its detailed object and what it relates to. */
export function tableCells(kind: ReferenceKind, shapes: DeclaredShapes, keys: readonly string[]): JsonObject[] {
  const { cells } = REFERENCE_TABLES[kind];
  return keys.map((key) =>
    Object.fromEntries(
      Object.entries(cells).map(([name, cell]) => [name, cell(shapes.detailed(key), shapes.related(key)) as Json]),
    ),
  );
}
