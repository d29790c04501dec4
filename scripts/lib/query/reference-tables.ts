// The reference resources for the query engine, one table each: agencies, pads,
// locations, launcher configurations and families, programs, space stations,
// celestial bodies and the config/ lists. Each names the cells the index holds
// (read from the record's detailed object), one row per LL2 2.3.0 parameter of
// its list as the official OpenAPI lists them (a test checks each has a row),
// the fields LL2 searches and orders by ("Fields searched" and "Ordering" in
// each endpoint's description) and its modes ("Levels of detail"). Where LL2's
// filter is not documented beyond its name and type, the reading chosen is in
// the comment beside it and in docs/queries.md. A declared resource's table
// (schemas/resources/) is made here from its declaration's cells and filters. Pure.

import type { ReferenceKind } from '../../schemas/data-files.ts';
import { follows, placeDeclaredIn } from '../../schemas/resources/declaration.ts';
import { DECLARED_RESOURCES, type DeclaredKind, type DeclaredResource } from '../../schemas/resources/index.ts';
import type { ReferenceTable } from './reference-kit.ts';
import { CONFIG_LIST_TABLES } from './tables/config-lists.ts';
import { declaredTable } from './tables/declared.ts';

/** Every reference kind's table written here, by kind. */
const HAND_TABLES = {
  ...CONFIG_LIST_TABLES,
} satisfies Record<Exclude<ReferenceKind, DeclaredKind>, ReferenceTable>;

/** Every reference kind's table, by kind: those above, and the declared resources' where they stood. */
export const REFERENCE_TABLES = placeDeclaredIn<ReferenceTable, DeclaredResource>(
  HAND_TABLES,
  DECLARED_RESOURCES,
  (d) => [d.kind, declaredTable(d)],
  (d) => follows(d, 'table'),
) as Record<ReferenceKind, ReferenceTable>;
