// The building blocks of our response schemas (schemas/responses.ts): the JSON
// Schema of a text, a number, a URI, a UTC timestamp, each or null, a list, a
// reference to a definition, and objects with exactly the keys given. In: nothing.
// Out: those schemas and two object helpers. Pure.

import type { Schema } from './building-blocks.ts';

export const ref = (name: string): Schema => ({ $ref: `#/definitions/${name}` });
export const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });
export const s: Schema = { type: 'string' };
export const ns: Schema = { type: ['string', 'null'] };
export const i: Schema = { type: 'integer' };
export const ni: Schema = { type: ['integer', 'null'] };
export const nn: Schema = { type: ['number', 'null'] };
export const nb: Schema = { type: ['boolean', 'null'] };
export const b: Schema = { type: 'boolean' };
export const uri: Schema = { type: 'string', format: 'uri' };
export const nuri: Schema = { anyOf: [uri, { const: '' }, { type: 'null' }] };
export const ts: Schema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' };
export const nts: Schema = nullable(ts);
export const arr = (items: Schema): Schema => ({ type: 'array', items });
export const mode = (value: string): Schema => ({ const: value });

/** An object with exactly these keys, all required (LL2 always writes every key). */
export const exact = (properties: Record<string, Schema>): Schema => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});
/** `exact`, with the keys `optional` left out where we hold no value (LL2's schema does not require them). */
export const exactBut = (optional: readonly string[], properties: Record<string, Schema>): Schema => ({
  ...exact(properties),
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
});
