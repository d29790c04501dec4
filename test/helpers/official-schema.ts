// Turning the official LL2 2.3.0 OpenAPI document (kept outside the repo, in
// ../shared/reference/) into JSON Schemas that ajv can check our output against.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const OFFICIAL_OPENAPI = process.env.LL2_OPENAPI
  ?? path.resolve(PROJECT_ROOT, '../shared/reference/ll2-2.3.0-openapi.yml');

export const officialOpenApiAvailable = existsSync(OFFICIAL_OPENAPI);

type Node = Record<string, unknown>;

/** OpenAPI 3.0 `nullable: true` becomes a union with null; other keywords stay. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Node = {};
  for (const [key, value] of Object.entries(node as Node)) {
    if (key === 'nullable' || key === 'discriminator' || key === 'example' || key === 'readOnly' || key === 'writeOnly') continue;
    out[key] = key === '$ref' ? String(value).replace('#/components/schemas/', '#/definitions/') : toJsonSchema(value);
  }
  if ((node as Node).nullable === true) return { anyOf: [out, { type: 'null' }] };
  return out;
}

export function officialValidators(names: string[]): Record<string, ValidateFunction> {
  const text = readFileSync(OFFICIAL_OPENAPI, 'utf8').replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '');
  const schemas = (parse(text) as { components: { schemas: Node } }).components.schemas;
  const definitions = toJsonSchema(schemas) as Node;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  ajv.addFormat('double', true);
  return Object.fromEntries(names.map((name) => [name, ajv.compile({ $ref: `#/definitions/${name}`, definitions })]));
}
