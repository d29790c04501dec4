// Checking every data file against the JSON Schema of its kind, with ajv, and
// turning ajv's errors into problems that point at the YAML node concerned.

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Ajv, ErrorObject, Format, ValidateFunction } from 'ajv';
import { ajv as ajvPackages, ajvFormats, requirePackage } from '../base/lazy-packages.ts';
import { dataFileSchemas } from '../../schemas/data-files.ts';
import { TIMESTAMP_PATTERN, type Schema } from '../../schemas/building-blocks.ts';
import type { LoadedFile } from './files.ts';
import { closestKey, type Problem } from './problems.ts';
import { locate, type PathSegment } from './source.ts';
import { describeTimestampProblem, isIsoDuration, isUtcTimestamp, TIMESTAMP_HINT } from '../model/time.ts';
import { PRECOMPILED_VALIDATORS } from '../base/tool-identity.ts';

/** The formats our schemas use, by name: the same checks for compiled and precompiled validators. */
export function dataFormats(): Record<string, Format> {
  const { uri, date } = ajvFormats();
  return {
    uri,
    date,
    'utc-timestamp': { type: 'string', validate: isUtcTimestamp },
    'iso-duration': { type: 'string', validate: isIsoDuration },
  };
}

/**
 * `checkSchemas: false` skips the JSON Schema meta-schema (loading it and checking
 * each schema against it) and ajv's code optimizer, which together are two thirds
 * of the time to make a validator for the launch schema.
 * Our schemas are checked against the meta-schema by a test instead.
 * `asSource` makes validators that can be written out as code (validator-modules.ts),
 * which find the formats in a variable `formats`.
 */
export function createAjv({ checkSchemas = true, asSource = false } = {}): Ajv {
  const { Ajv, code: _ } = ajvPackages();
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    validateSchema: checkSchemas,
    meta: checkSchemas,
    code: { optimize: checkSchemas, ...(asSource ? { source: true, formats: _`formats` } : {}) },
  });
  for (const [name, format] of Object.entries(dataFormats())) ajv.addFormat(name, format);
  return ajv;
}

/** Where the precompiled validator of a data-file schema is kept in `dir` (validator-modules.ts writes them). */
export const validatorModuleFile = (dir: string, schemaName: string): string => path.join(dir, `${schemaName}.cjs`);

/**
 * A precompiled validator. Its module exports a function of the formats and of
 * `require`, through which ajv's runtime helpers are found from the tool rather
 * than from wherever the module lies.
 */
export function loadValidatorModule(file: string, formats: Record<string, Format>): ValidateFunction {
  const make = requirePackage(file) as (formats: Record<string, Format>, require: NodeJS.Require) => ValidateFunction;
  return make(formats, requirePackage);
}

export type FileValidator = (file: LoadedFile) => Problem[];

/**
 * Makes the validator of each data-file schema on first use: loaded from the
 * precompiled modules when the tool runs as a bundle (scripts/run.mjs writes them
 * next to it), else compiled here. A rebuild after one edit checks one file, and
 * compiling the launch schema for it took longer than the rest of its checks.
 */
export function createFileValidator(precompiled: string | undefined = PRECOMPILED_VALIDATORS): FileValidator {
  const schemas = dataFileSchemas();
  let ajv: Ajv | undefined;
  const compiled = new Map<string, { validate: ValidateFunction; schema: Schema }>();
  const make = (name: string): ValidateFunction => {
    const file = precompiled === undefined ? undefined : validatorModuleFile(precompiled, name);
    if (file !== undefined && existsSync(file)) return loadValidatorModule(file, dataFormats());
    return (ajv ??= createAjv({ checkSchemas: false })).compile(schemas[name]);
  };
  const entryFor = (name: string) => {
    let entry = compiled.get(name);
    if (!entry && Object.hasOwn(schemas, name))
      compiled.set(name, (entry = { validate: make(name), schema: schemas[name] }));
    return entry;
  };

  return (file) => {
    const name = file.kind === 'reference' ? file.name : file.kind;
    const entry = entryFor(name);
    if (!entry) {
      const known = Object.keys(schemas).filter((k) => k !== 'launch' && k !== 'event');
      const suggestion = closestKey(name, known);
      return [
        {
          severity: 'error',
          file: file.path,
          line: 1,
          col: 1,
          rule: 'unknown-reference-file',
          field: '',
          message: `"${name}.yaml" is not a kind of reference data`,
          hint: suggestion ? `did you mean "${suggestion}.yaml"?` : `reference files are: ${known.join(', ')}`,
        },
      ];
    }
    if (entry.validate(file.value)) return [];
    return explainErrors(file, entry.validate.errors ?? [], entry.schema);
  };
}

function parsePointer(pointer: string): PathSegment[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function valueAt(root: unknown, path: PathSegment[]): unknown {
  let node = root;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment as string];
  }
  return node;
}

function describeType(expected: unknown): string {
  const names = String(expected)
    .split(',')
    .map((t) =>
      t === 'null'
        ? 'null'
        : t === 'integer'
          ? 'a whole number'
          : t === 'object'
            ? 'a mapping'
            : t === 'array'
              ? 'a list'
              : `a ${t}`,
    );
  return names.join(' or ');
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number' && !Number.isFinite(value)) return `the number ${String(value)}`;
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** Keep one explanation per failure: for `anyOf` (our nullable values) only the main branch's errors. */
function relevantErrors(errors: ErrorObject[]): ErrorObject[] {
  const anyOfPaths = errors.filter((e) => e.keyword === 'anyOf').map((e) => e.schemaPath);
  return errors.filter((e) => {
    if (e.keyword === 'anyOf') return false;
    return !anyOfPaths.some((p) => e.schemaPath.startsWith(`${p}/`) && !e.schemaPath.startsWith(`${p}/0/`));
  });
}

function knownProperties(schemaPath: string, root: Schema): string[] {
  let node: unknown = root;
  for (const part of schemaPath.replace(/^#\//, '').split('/').slice(0, -1)) {
    node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return Object.keys(((node as Record<string, unknown> | undefined)?.properties as object | undefined) ?? {});
}

/** Suggestions (an edit-distance search each) are made for this many problems per file; enough for people. */
const SUGGESTIONS_PER_FILE = 50;

export function explainErrors(file: LoadedFile, errors: ErrorObject[], root: Schema): Problem[] {
  const problems: Problem[] = [];
  for (const error of relevantErrors(errors)) {
    const suggest = problems.length < SUGGESTIONS_PER_FILE;
    const path = parsePointer(error.instancePath);
    const value = valueAt(file.value, path);
    let field = path.join('.');
    let at: 'key' | 'value' = 'value';
    let locationPath = path;
    let message: string;
    let hint: string;
    let rule = `schema-${error.keyword}`;
    switch (error.keyword) {
      case 'required': {
        const missing = (error.params as { missingProperty: string }).missingProperty;
        field = [...path, missing].join('.');
        message = `required field "${missing}" is missing`;
        hint = `add "${missing}:" to ${path.length ? `"${path.join('.')}"` : 'the record'}`;
        rule = 'missing-field';
        break;
      }
      case 'additionalProperties': {
        const extra = (error.params as { additionalProperty: string }).additionalProperty;
        locationPath = [...path, extra];
        at = 'key';
        field = locationPath.join('.');
        const suggestion = suggest ? closestKey(extra, knownProperties(error.schemaPath, root)) : undefined;
        message = `unknown field ${JSON.stringify(extra)}`;
        hint = suggestion
          ? `did you mean "${suggestion}"?`
          : 'remove it; CONTRIBUTING.md lists the fields of each record';
        rule = 'unknown-field';
        break;
      }
      case 'type':
        message = `must be ${describeType((error.params as { type: unknown }).type)}, found ${describeValue(value)}`;
        hint = 'change the value to the expected type';
        rule = 'wrong-type';
        break;
      case 'format': {
        const format = (error.params as { format: string }).format;
        if (format === 'utc-timestamp') {
          message = describeTimestampProblem(String(value));
          hint = TIMESTAMP_HINT;
          rule = 'bad-timestamp';
        } else if (format === 'date') {
          message = `${JSON.stringify(String(value))} is not a real date`;
          hint = 'write a date as YYYY-MM-DD';
          rule = 'bad-date';
        } else if (format === 'iso-duration') {
          message = `${JSON.stringify(String(value))} is not an ISO 8601 duration of at most 100 years`;
          hint = 'write a duration like PT6H30M';
        } else {
          message = `${JSON.stringify(String(value))} is not a valid ${format}`;
          hint = format === 'uri' ? 'write a full https:// address' : `write a valid ${format}`;
        }
        break;
      }
      case 'pattern': {
        const pattern = (error.params as { pattern: string }).pattern;
        if (pattern === TIMESTAMP_PATTERN) continue; // the format error says it better
        message = `${JSON.stringify(String(value))} does not have the required form`;
        hint =
          pattern === '^https?://'
            ? 'write a full http:// or https:// address'
            : pattern.includes('[0-9a-f]{8}')
              ? 'use a lower-case UUID such as 6c1b5a4e-3f0a-4b8e-9d2c-1a2b3c4d5e6f (npm run new:launch makes one)'
              : 'use lower-case letters, digits and single hyphens, e.g. "falcon-9-block-5"';
        rule = pattern === '^https?://' ? 'bad-url' : 'bad-key';
        break;
      }
      case 'propertyNames':
        continue; // reported by its nested "pattern" error
      case 'maxLength':
      case 'maxItems':
      case 'maxProperties':
        message = `is too long (${error.message})`;
        hint = 'shorten it';
        rule = 'too-long';
        break;
      default:
        message = error.message ?? 'is not valid';
        hint = 'see CONTRIBUTING.md for the allowed values';
    }
    if (error.keyword === 'pattern' && error.propertyName) {
      locationPath = [...path, error.propertyName];
      at = 'key';
      field = locationPath.join('.');
      message = `key ${JSON.stringify(error.propertyName)} does not have the required form`;
    }
    const { line, col } = locate(file, locationPath, at);
    problems.push({ severity: 'error', file: file.path, line, col, rule, field, message, hint });
  }
  return problems;
}
