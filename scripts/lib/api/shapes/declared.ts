// The declared resources' objects (schemas/resources/), made from their field lists: in
// each mode, every field the declaration lists for that mode, in its order, each
// value from the field's own function. `mini` (as others nest it) is built once
// per key and shared. In: the shape kit and the shapes of other resources they
// nest. Out: per declared kind, its objects by key in each mode. Pure.

import type { DeclaredRecord, FieldMode, NestedShapes, ShapeTools } from '../../../schemas/resources/declaration.ts';
import { DECLARED_RESOURCES, type DeclaredKind, type DeclaredResource } from '../../../schemas/resources/index.ts';
import type { Json, JsonObject } from '../../model/records.ts';
import type { ShapeKit } from './kit.ts';

export interface DeclaredShapes {
  mini(key: string): Json;
  normal(key: string): JsonObject;
  detailed(key: string): JsonObject;
}

function shapesOf(kit: ShapeKit, nested: NestedShapes, declaration: DeclaredResource): DeclaredShapes {
  const { kind, fields, schema } = declaration;
  const tools: ShapeTools = { url: (id) => kit.urls.reference(kind, id), nested };
  const object = (key: string, mode: FieldMode): JsonObject => {
    const record = kit.get(kind, key) as DeclaredRecord;
    return Object.fromEntries(
      fields.filter((f) => f.modes.includes(mode)).map((f) => [f.name, f.value(record, tools, mode)]),
    );
  };
  return {
    mini: (key) => kit.once(`${schema}-mini:${key}`, () => object(key, 'mini')),
    normal: (key) => object(key, 'normal'),
    detailed: (key) => object(key, 'detailed'),
  };
}

export const declaredShapes = (kit: ShapeKit, nested: NestedShapes): Record<DeclaredKind, DeclaredShapes> =>
  Object.fromEntries(DECLARED_RESOURCES.map((d) => [d.kind, shapesOf(kit, nested, d)])) as Record<
    DeclaredKind,
    DeclaredShapes
  >;
