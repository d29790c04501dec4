// The data-file validators as code, made ahead of time: scripts/run.mjs writes
// them next to the bundled tool, once per version of the tool, and the bundled
// tool loads the one it needs instead of compiling its schema (schema-check.ts).

import { mkdirSync, writeFileSync } from 'node:fs';
import { dataFileSchemas } from '../../schemas/data-files.ts';
import { ajv as ajvPackages } from '../base/lazy-packages.ts';
import { createAjv, validatorModuleFile } from './schema-check.ts';

export { BUNDLE_EXTRAS } from '../base/tool-identity.ts';

/**
 * The validator of one data-file schema as a CommonJS module. It is compiled with
 * the meta-schema check and ajv's optimizer on: made once, loaded many times.
 */
export function validatorModule(schemaName: string): string {
  const schema = dataFileSchemas()[schemaName];
  if (!schema) throw new Error(`no data-file schema named ${schemaName}`);
  const ajv = createAjv({ checkSchemas: true, asSource: true });
  const code = ajvPackages().standaloneCode(ajv, ajv.compile(schema));
  // ajv's module assigns `module.exports` and calls `require`; both are the wrapper's.
  return [
    `// The validator of the "${schemaName}" data-file schema, made by ajv from scripts/schemas/data-files.ts. Not edited by hand.`,
    "'use strict';",
    'module.exports = function makeValidator(formats, require) {',
    'const module = { exports: {} };',
    code,
    'return module.exports;',
    '};',
    '',
  ].join('\n');
}

/** Writes the validator of every data-file schema into `dir`. */
export function writeValidatorModules(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const name of Object.keys(dataFileSchemas()))
    writeFileSync(validatorModuleFile(dir, name), validatorModule(name));
}
