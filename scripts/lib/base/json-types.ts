// The types of JSON values and of a step into one, with no dependency: low enough for
// the resource declarations (schemas/resources/) and everything above them to share.
// model/records.ts re-exports them. Types, and the one test that tells a JSON object from
// the other values.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A step into a record's value: an object key or a list index. */
export type PathSegment = string | number;

/** A JSON object (not null, not an array). */
export const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
