// How each kind of LL2 resource becomes files: its records, their ids, the input
// keys of its objects, its shapes in LL2's normal mode (list pages) and detailed
// mode (detail resources), and the names of our response schemas for both. One
// entry per ResourceName (routes.ts); the generators (resources.ts), the
// membership of collection detail routes (membership.ts) and the OpenAPI
// document read this table.

import type { ReferenceKind } from '../../schemas/data-files.ts';
import type { ResourceSchemaName } from '../../schemas/responses.ts';
import type { EventRecord, JsonObject, LaunchRecord } from '../model/records.ts';
import type { BuildContext } from './context.ts';
import type { CollectionName } from './paths.ts';
import type { ResourceName } from './routes.ts';
import { REFERENCE_RESOURCES, type ReferenceResource } from './reference-resources.ts';

export interface ResourceFiles<T> {
  /** Every record of the kind, for its detail route. */
  records(context: BuildContext): readonly T[];
  /** The items of a list route's collection, in its order. */
  collection(context: BuildContext, name: CollectionName): readonly T[];
  id(context: BuildContext, record: T): string | number;
  /** Input keys (input-keys.ts): of the object in a list, and of the detail resource. */
  listKey(context: BuildContext): (record: T) => string;
  detailKey(context: BuildContext): (record: T) => string;
  /** LL2's normal mode (list pages) and detailed mode (detail resources). */
  normal(context: BuildContext): (record: T) => unknown;
  detailed(context: BuildContext): (record: T) => unknown;
  /** Our response schemas (schemas/responses.ts): `${schema}-page` and `${schema}-detailed`. */
  schema: ResourceSchemaName;
  /** What a record relates to that its objects do not show, for the query index's cells (reference-resources.ts). */
  related?(context: BuildContext): (record: T) => JsonObject;
}

const launches: ResourceFiles<LaunchRecord> = {
  records: (c) => c.data.launches,
  collection: (c, name) => c.collections[name as 'launches'],
  id: (_, l) => l.id,
  listKey: (c) => c.keys.launch,
  detailKey: (c) => c.keys.launchDetail,
  normal: (c) => c.shape.launchNormal,
  detailed: (c) => c.shape.launchDetailed,
  schema: 'launch',
};

const events: ResourceFiles<EventRecord> = {
  records: (c) => c.data.events,
  collection: (c, name) => c.collections[name as 'events'],
  id: (_, e) => e.id,
  listKey: (c) => c.keys.event,
  detailKey: (c) => c.keys.event,
  normal: (c) => c.shape.eventNormal,
  detailed: (c) => {
    const launchesById = new Map(c.data.launches.map((l) => [l.id, l]));
    return (e) => c.shape.eventDetailed(e, launchesById);
  },
  schema: 'event',
};

/** A kind of reference records, each by its key: every record is in its list, in the kind's default order. */
function referenceResource({
  kind,
  schema,
  normal,
  detailed = normal,
  related,
}: ReferenceResource): ResourceFiles<string> {
  return {
    records: (c) => c.collections[kind],
    collection: (c) => c.collections[kind],
    id: (c, key) => c.data.reference[kind].get(key)!.id,
    listKey: (c) => c.keys.reference(kind, 'normal'),
    detailKey: (c) => c.keys.reference(kind, 'detailed'),
    normal: (c) => normal(c.shape),
    detailed: (c) => detailed(c.shape),
    schema,
    ...(related ? { related: (c: BuildContext) => related(c.shape) } : {}),
  };
}

const RESOURCES = {
  launches,
  events,
  ...(Object.fromEntries(REFERENCE_RESOURCES.map((r) => [r.kind, referenceResource(r)])) as Record<
    ReferenceKind,
    ResourceFiles<string>
  >),
} satisfies { [name in ResourceName]: unknown };

/** A resource's entry, typed for code that only passes its records back to it. */
export const resourceOf = (name: ResourceName) => RESOURCES[name] as unknown as ResourceFiles<object | string>;
