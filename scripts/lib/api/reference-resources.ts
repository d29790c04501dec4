// Every kind of reference resource the API publishes, declared once: its
// summaries, its response schemas and its shapes in LL2's normal and detailed
// modes. Its path is REFERENCE_PATHS (paths.ts), its records and their schema
// the kind's data file (schemas/data-files.ts), its query table
// REFERENCE_TABLES (query/reference-tables.ts, checked against LL2's parameters).
// The route list (routes.ts) makes a list and a detail route of each entry, the
// resource table (resource-table.ts) its files, and through them the OpenAPI
// document, the host adapters, the query index and the pages read it: adding a
// resource is its declaration (schemas/resources/), which this list places among the entries
// still written here (their shapes, data schema and table elsewhere).
// Order is the order of the routes (and so of the host rules).

import { CONFIG_LISTS } from '../../schemas/config-lists.ts';
import type { ReferenceKind } from '../../schemas/data-files.ts';
import type { ResourceSchemaName } from '../../schemas/responses.ts';
import type { JsonObject } from '../model/records.ts';
import type { Shaper } from './shape.ts';
import { modesOf, placeDeclared } from '../../schemas/resources/declaration.ts';
import { DECLARED_RESOURCES, type DeclaredResource } from '../../schemas/resources/index.ts';

/** A shape of records of the kind, by key, made from the build's shaper. */
export type KeyShape = (shape: Shaper) => (key: string) => unknown;

export interface ReferenceResource {
  kind: ReferenceKind;
  /** One line for people: what the list answers, and what one record's detail answers. */
  list: string;
  detail: string;
  /** Our response schemas (schemas/responses.ts): `${schema}-page` and `${schema}-detailed`. */
  schema: ResourceSchemaName;
  /** LL2's normal mode (list pages) and detailed mode (the detail resource; normal mode when absent). */
  normal: KeyShape;
  detailed?: KeyShape;
  /** What a record relates to that LL2's objects of it do not show, read by its query table's cells (a landing's launch). */
  related?: (shape: Shaper) => (key: string) => JsonObject;
}

const HAND_RESOURCES: readonly ReferenceResource[] = [
  // The config lists collected from the records, one entry each from their declaration (schemas/config-lists.ts).
  ...CONFIG_LISTS.map(
    (c): ReferenceResource => ({
      kind: c.kind,
      list: `Every ${c.title} the records state, by id`,
      detail: `One ${c.title}`,
      schema: c.schema,
      normal: (s) => (key) => s.configEntry(c.kind, key),
    }),
  ),
];

/** A declared resource's entry (schemas/resources/): its summaries, schema name and the shapes made from its fields. */
const declaredEntry = (d: DeclaredResource): ReferenceResource => ({
  kind: d.kind,
  list: d.summaries.list,
  detail: d.summaries.detail,
  schema: d.schema,
  normal: (s) => s.declared[d.kind].normal,
  ...(modesOf(d).includes('detailed') ? { detailed: (s: Shaper) => s.declared[d.kind].detailed } : {}),
  ...(d.related ? { related: (s: Shaper) => s.declared[d.kind].related } : {}),
});

/** Those above, with the declared resources where they stood (the others after them). */
export const REFERENCE_RESOURCES: readonly ReferenceResource[] = placeDeclared(
  HAND_RESOURCES.map((r) => [r.kind, r] as const),
  DECLARED_RESOURCES,
  (d) => [d.kind, declaredEntry(d)],
  (d) => d.placement?.kind,
).map(([, r]) => r);
