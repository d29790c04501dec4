// The pieces every part of the OpenAPI document is built of (openapi.ts and the
// modules that make its paths): a reference to a component schema, a JSON
// response with this build's example, a GET operation, a path parameter. In:
// names, descriptions and schemas; out: OpenAPI objects. Its own module so that
// each part of the document writes an operation the same way.

import type { Json, JsonObject } from '../model/records.ts';

export const componentRef = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });

/** An example of the document: a response of this build, named by its file. */
export interface Example {
  summary: string;
  value: Json;
  'x-source': string;
  'x-results-shown'?: number;
  'x-entries-shown'?: number;
  'x-items-shown'?: number;
}

/**
 * How many items an example of one object keeps of each of its lists that has more (`x-items-shown`): a detail
 * or the dashboard lists records whose number grows with the data (a mission patch's 78 launches, 1.1 MB on the real
 * data; the Starship dashboard's previous launches, 7 MB of a 9.4 MB document at 100,000 synthetic launches).
 */
export const EXAMPLE_ITEMS = 10;

/** A value with each of its lists (at any depth) cut to its first `items`; `cut` says whether one was. */
export function firstItems(value: Json, items: number): { value: Json; cut: boolean } {
  let cut = false;
  const walk = (node: Json): Json => {
    if (Array.isArray(node)) {
      if (node.length > items) cut = true;
      return node.slice(0, items).map(walk);
    }
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, walk(inner as Json)]));
  };
  return { value: walk(value), cut };
}

/** An example of one object: the file's body, its long lists cut to their first EXAMPLE_ITEMS (firstItems). */
export function objectExample(summary: string, body: Json, source: string): Example {
  const { value, cut } = firstItems(body, EXAMPLE_ITEMS);
  return cut
    ? {
        summary: `${summary}, with the first ${EXAMPLE_ITEMS} items of each longer list`,
        value,
        'x-source': source,
        'x-items-shown': EXAMPLE_ITEMS,
      }
    : { summary, value, 'x-source': source };
}

/** A response whose body is a component schema, with this build's example where there is one. */
export const response = (
  description: string,
  schema: string,
  example: Example | null = null,
  mediaType = 'application/json',
): JsonObject => ({
  description,
  content: {
    [mediaType]: {
      schema: componentRef(schema),
      ...(example ? { examples: { 'this-build': example as unknown as Json } } : {}),
    },
  },
});

export const operation = (
  id: string,
  tag: string,
  summary: string,
  ok: JsonObject,
  parameters: Json[] = [],
): JsonObject => ({
  get: {
    operationId: id,
    tags: [tag],
    summary,
    ...(parameters.length ? { parameters } : {}),
    responses: {
      200: ok,
      ...(parameters.some((p) => (p as JsonObject).in === 'query')
        ? { 400: { $ref: '#/components/responses/BadRequest' } }
        : {}),
      404: { $ref: '#/components/responses/NotFound' },
    },
  },
});

export const pathParameter = (name: string, description: string, schema: JsonObject): JsonObject => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});
