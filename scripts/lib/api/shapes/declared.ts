// The declared resources' objects (schemas/resources/), made from their field lists: in
// each mode, every field the declaration lists for that mode, in its order, each
// value from the field's own function (or the whole object from the declaration's
// `shape`, where it gives one: a spacecraft flight). `mini` (as others nest it) is built once
// per key and shared (or the modes `nestedAs` names); a record stated in place of a
// key (LL2's object not filed yet) is shaped each time. A figure LL2 counts is LL2's
// stored one, else the data set's count (model/stats.ts). A declaration nests another
// declared kind's objects by its kind (`of`), and the shaper's shapes made from more
// than one kind's records by name, asked for when an object is made (they may nest a
// declared one). In: the shape kit, the shaper's shapes, the declarations (all of them
// unless a test gives its own). Out: per declared kind, its objects by key (or of a
// record) in each mode. Pure.

import {
  type DeclaredObjects,
  type DeclaredRecord,
  type FieldMode,
  type KeyOrRecord,
  type NestedShapes,
  objectOf,
  type ShapeTools,
} from '../../../schemas/resources/fields.ts';
import { DECLARED_RESOURCES, type DeclaredKind, type DeclaredResource } from '../../../schemas/resources/index.ts';
import type { Json, JsonObject, LaunchRecord, ReferenceRecord } from '../../model/records.ts';
import { statsByKind } from '../../model/stats.ts';
import type { ReferenceKind } from '../../../schemas/data-files.ts';
import { figure, ll2Figures, shapeImage, shapeSocialMediaLinks, type ShapeKit } from './kit.ts';

export interface DeclaredShapes extends DeclaredObjects {
  /** What the record relates to beyond its objects (its declaration's `related`; none: `{}`), for its table's cells. */
  related(record: KeyOrRecord): JsonObject;
}

/** The shapes a declared resource nests (by name, from the shaper), and a launch in normal mode for its launches. */
export type Nested = NestedShapes & { launchNormal(launch: LaunchRecord): Json };

function shapesOf(
  kit: ShapeKit,
  nested: () => Nested,
  of: (kind: string) => DeclaredObjects,
  declaration: DeclaredResource,
): DeclaredShapes {
  const { kind, fields, schema } = declaration;
  const counted = (statsByKind(kit.stats) as Record<string, ReadonlyMap<string, object>>)[kind];
  const nestedAs: FieldMode | readonly FieldMode[] = ('nestedAs' in declaration && declaration.nestedAs) || 'mini';
  const shared = typeof nestedAs === 'string' ? [nestedAs] : nestedAs;
  const tools: ShapeTools = {
    url: (id) => kit.urls.reference(kind, id),
    image: shapeImage,
    socialMediaLinks: shapeSocialMediaLinks,
    of,
    get nested() {
      return nested();
    },
    // Those that refer to a record name its key, found by its LL2 id.
    referrers: (from, field, record) => {
      const key = kit.keyById(kind, record.id);
      return key === undefined ? [] : kit.referrers(from as ReferenceKind, field, key);
    },
    launches: (record) => {
      const key = kit.keyById(kind, record.id);
      return key === undefined ? [] : kit.referringLaunches(kind, key).map((l) => nested().launchNormal(l));
    },
    figure: (record, name, none) => {
      const key = kit.keyById(kind, record.id);
      const ours = key === undefined ? undefined : (counted?.get(key) as Record<string, Json> | undefined)?.[name];
      return figure(ll2Figures(record as ReferenceRecord), name, ours ?? none);
    },
  };
  const shape = 'shape' in declaration ? declaration.shape : undefined;
  // A field says its value unless the declaration's shape makes its objects.
  const valueless = shape ? undefined : fields.find((f) => !f.value);
  if (valueless) throw new Error(`${kind}: the field ${valueless.name} has no value, and the declaration no shape`);
  const object = (record: DeclaredRecord, mode: FieldMode): JsonObject =>
    shape ? shape(record, tools, mode) : objectOf(fields, record, tools, mode);
  const recordOf = (record: KeyOrRecord) =>
    (typeof record === 'string' ? kit.get(kind, record) : record) as DeclaredRecord;
  const make =
    (mode: FieldMode) =>
    (record: KeyOrRecord): JsonObject =>
      typeof record === 'string' && shared.includes(mode)
        ? (kit.once(`${schema}-${mode}:${record}`, () => object(recordOf(record), mode)) as JsonObject)
        : object(recordOf(record), mode);
  const related = (record: KeyOrRecord): JsonObject =>
    'related' in declaration && declaration.related ? declaration.related(recordOf(record), tools) : {};
  return {
    mini: make('mini'),
    normal: make('normal'),
    detailed: make('detailed'),
    bare: make('bare'),
    nested: make('nested'),
    related,
  };
}

/** Every declared kind's objects, by kind. */
export type Declared = Record<DeclaredKind, DeclaredShapes>;

/** A declared kind's objects by its kind (ShapeTools.of); a kind no declaration has throws, naming it. */
export const declaredOf =
  (declared: Readonly<Record<string, DeclaredObjects>>) =>
  (kind: string): DeclaredObjects => {
    const shapes = declared[kind];
    if (!shapes) throw new Error(`no declared kind ${kind} to nest (schemas/resources/index.ts lists them)`);
    return shapes;
  };

export function declaredShapes(
  kit: ShapeKit,
  nested: () => Nested,
  declarations: readonly DeclaredResource[] = DECLARED_RESOURCES,
): Declared {
  const all: Record<string, DeclaredShapes> = {};
  const of = declaredOf(all);
  for (const declaration of declarations) all[declaration.kind] = shapesOf(kit, nested, of, declaration);
  return all as Declared;
}
