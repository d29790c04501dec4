// Our own JSON Schemas of the responses we publish, written from the LL2 2.3.0
// facts (field names, types, nullability, response modes). Tests check every
// generated file against them; the build publishes them under `schemas/responses/`.
// A declared resource's (schemas/resources/) are made here from its field list.
// The definitions are schemas/response-definitions.ts's. In: those. Out: the
// published schemas and the detail definition of each resource. Pure.

import type { Schema } from './building-blocks.ts';
import { definitionName, modesOf, placeDeclared } from './resources/declaration.ts';
import { DECLARED_RESOURCES, type DeclaredSchemaName } from './resources/index.ts';
import { CONFIG_LISTS, type ConfigListSchemaName } from './config-lists.ts';
import { arr, exact, nuri, ref } from './response-blocks.ts';
import { definitions } from './response-definitions.ts';

export { declaredDefinitions } from './response-definitions.ts';

const page = (item: string): Schema =>
  exact({ count: { type: 'integer', minimum: 0 }, next: nuri, previous: nuri, results: arr(ref(item)) });

/**
 * The object definitions of each resource: the items of its list pages (normal mode)
 * and its detail resource (detailed mode). Published as `${name}-page` and `${name}-detailed`.
 */
const HAND_SCHEMAS = {
  launch: { page: 'LaunchNormal', detailed: 'LaunchDetailed' },
  event: { page: 'EventNormal', detailed: 'EventDetailed' },
  // The config lists collected from the records (schemas/config-lists.ts).
  ...(Object.fromEntries(CONFIG_LISTS.map((list) => [list.schema, { page: list.ll2, detailed: list.ll2 }])) as Record<
    ConfigListSchemaName,
    { page: string; detailed: string }
  >),
} as const satisfies Record<string, { page: string; detailed: string }>;

export type ResourceSchemaName = keyof typeof HAND_SCHEMAS | DeclaredSchemaName;

/** Those above, with the declared resources' where they stood: its normal and detailed definitions. */
const RESOURCE_SCHEMAS = Object.fromEntries(
  placeDeclared(
    Object.entries(HAND_SCHEMAS),
    DECLARED_RESOURCES,
    (d) => [
      d.schema,
      {
        page: definitionName(d, 'normal'),
        detailed: definitionName(d, modesOf(d).includes('detailed') ? 'detailed' : 'normal'),
      },
    ],
    (d) => d.placement?.schema,
  ),
) as Record<ResourceSchemaName, { page: string; detailed: string }>;

/** The definition a resource's detail response is (`LaunchDetailed`). */
export const detailedDefinition = (name: ResourceSchemaName): string => RESOURCE_SCHEMAS[name].detailed;

/** The definitions a schema refers to, directly or through others, by name. */
function reachable(root: Schema): Record<string, Schema> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const name = key === '$ref' && typeof value === 'string' ? value.replace('#/definitions/', '') : undefined;
      if (name === undefined) visit(value);
      else if (!names.has(name)) {
        names.add(name);
        visit(definitions[name]);
      }
    }
  };
  visit(root);
  return Object.fromEntries(
    Object.keys(definitions)
      .filter((name) => names.has(name))
      .map((name) => [name, definitions[name]]),
  );
}

/** The response schemas by published name; each is self-contained, with the definitions it uses. */
export function responseSchemas(baseUrl: string): Record<string, Schema> {
  const document = (name: string, root: Schema): Schema => ({
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `${baseUrl}schemas/responses/${name}.schema.json`,
    ...root,
    definitions: reachable(root),
  });
  return Object.fromEntries(
    Object.entries(RESOURCE_SCHEMAS).flatMap(([name, { page: item, detailed }]) => [
      [`${name}-page`, document(`${name}-page`, page(item))],
      [`${name}-detailed`, document(`${name}-detailed`, ref(detailed))],
    ]),
  );
}

/** Every definition by name, for documents that gather them (the OpenAPI document). */
export const responseDefinitions = (): Record<string, Schema> => definitions;
