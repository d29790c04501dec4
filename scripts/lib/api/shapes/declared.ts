// The declared resources' objects (schemas/resources/), made from their field lists: in
// each mode, every field the declaration lists for that mode, in its order, each
// value from the field's own function. `mini` (as others nest it) is built once
// per key and shared (or the modes `nestedAs` names). In: the shape kit and the
// shapes of other resources they nest, asked for when an object is made (they may
// nest a declared one). Out: per declared kind, its objects by key in each mode. Pure.

import type { DeclaredRecord, FieldMode, NestedShapes, ShapeTools } from '../../../schemas/resources/declaration.ts';
import { DECLARED_RESOURCES, type DeclaredKind, type DeclaredResource } from '../../../schemas/resources/index.ts';
import type { Json, JsonObject } from '../../model/records.ts';
import { shapeImage, type ShapeKit } from './kit.ts';

export interface DeclaredShapes {
  mini(key: string): Json;
  normal(key: string): JsonObject;
  detailed(key: string): JsonObject;
}

function shapesOf(kit: ShapeKit, nested: () => NestedShapes, declaration: DeclaredResource): DeclaredShapes {
  const { kind, fields, schema } = declaration;
  const nestedAs: FieldMode | readonly FieldMode[] = ('nestedAs' in declaration && declaration.nestedAs) || 'mini';
  const shared = typeof nestedAs === 'string' ? [nestedAs] : nestedAs;
  const tools: ShapeTools = {
    url: (id) => kit.urls.reference(kind, id),
    image: shapeImage,
    get nested() {
      return nested();
    },
  };
  const object = (key: string, mode: FieldMode): JsonObject => {
    const record = kit.get(kind, key) as DeclaredRecord;
    return Object.fromEntries(
      fields.filter((f) => f.modes.includes(mode)).map((f) => [f.name, f.value(record, tools, mode)]),
    );
  };
  const make = (mode: FieldMode) =>
    shared.includes(mode)
      ? (key: string) => kit.once(`${schema}-${mode}:${key}`, () => object(key, mode)) as JsonObject
      : (key: string) => object(key, mode);
  return { mini: make('mini'), normal: make('normal'), detailed: make('detailed') };
}

export const declaredShapes = (kit: ShapeKit, nested: () => NestedShapes): Record<DeclaredKind, DeclaredShapes> =>
  Object.fromEntries(DECLARED_RESOURCES.map((d) => [d.kind, shapesOf(kit, nested, d)])) as Record<
    DeclaredKind,
    DeclaredShapes
  >;
