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
