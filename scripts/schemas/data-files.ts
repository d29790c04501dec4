// Every data file's JSON Schema, by the name it is published under (the editor
// schemas, the validators and the API's `schemas/data/` read them): launches and
// events (launch-records.ts), each reference kind's file (the declared resources of
// schemas/resources/, where they stood) and the other files
// (state-files.ts). In: those. Out: the kinds, their files and records, the schemas.

import { keyedRecords, type Schema } from './building-blocks.ts';
import type { ConfigListKind } from './config-lists.ts';
import { eventSchema, launchSchema } from './launch-records.ts';
import { follows, placeDeclaredIn } from './resources/declaration.ts';
import { DECLARED_RESOURCES, type DeclaredKind } from './resources/index.ts';
import { historySchema, ll2SyncSchema, STARSHIP_DASHBOARD_FILE, starshipDashboardSchema } from './state-files.ts';

export { eventSchema, launchSchema } from './launch-records.ts';
export { LL2_FIGURES } from './ll2-figures.ts';
export {
  HISTORY_FIELDS,
  historySchema,
  ll2SyncSchema,
  STARSHIP_DASHBOARD_FILE,
  starshipDashboardSchema,
} from './state-files.ts';

const SCHEMA_BASE = 'https://launch-schedule.example/schemas/data/';

/** The reference kinds read from a data file: the declared ones (schemas/resources/). */
export type FileReferenceKind = DeclaredKind;

/** Each kind's record (the declared ones' from their declaration, where they stood). */
export const REFERENCE_KINDS = placeDeclaredIn(
  {},
  DECLARED_RESOURCES,
  (d) => [d.kind, d.record],
  (d) => follows(d, 'file'),
) as Record<FileReferenceKind, Schema>;

/** Every kind of reference record: those of a data file, and the config lists collected from records (config-lists.ts). */
export type ReferenceKind = FileReferenceKind | ConfigListKind;

/** File name (without `.yaml`) of each reference kind under `data/reference/`: its kind in kebab case, or its declaration's. */
export const REFERENCE_FILES = placeDeclaredIn(
  {},
  DECLARED_RESOURCES,
  (d) => [d.kind, d.file],
  (d) => follows(d, 'file'),
) as Record<FileReferenceKind, string>;

function withId(name: string, schema: Schema): Schema {
  return { $schema: 'http://json-schema.org/draft-07/schema#', $id: `${SCHEMA_BASE}${name}.schema.json`, ...schema };
}

/** Every data-file schema, by the name it is published under. */
export function dataFileSchemas(): Record<string, Schema> {
  const out: Record<string, Schema> = {
    launch: withId('launch', launchSchema),
    event: withId('event', eventSchema),
    'll2-sync': withId('ll2-sync', ll2SyncSchema),
    history: withId('history', historySchema),
  };
  for (const [kind, file] of Object.entries(REFERENCE_FILES)) {
    out[file] = withId(file, keyedRecords(REFERENCE_KINDS[kind as FileReferenceKind]));
  }
  out[STARSHIP_DASHBOARD_FILE] = withId(STARSHIP_DASHBOARD_FILE, starshipDashboardSchema);
  return out;
}
