// The YAML parser and the schema compiler, loaded on first use rather than at
// start-up: a rebuild whose files all come from the record cache needs neither,
// and loading them costs a tenth of such a build.

import { createRequire } from 'node:module';
import type { DefinedFormats } from 'ajv-formats/dist/formats.js';

const require = createRequire(import.meta.url);

/** Loads a package as this module would: validators compiled ahead of time (validator-modules.ts) load their runtime helpers through it. */
export const requirePackage = require;

let yamlPackage: typeof import('yaml') | undefined;
let ajvPackages: { Ajv: typeof import('ajv').Ajv; code: typeof import('ajv')._; standaloneCode: typeof import('ajv/dist/standalone/index.js').default } | undefined;
let formatPackage: DefinedFormats | undefined;

export const yaml = (): typeof import('yaml') => (yamlPackage ??= require('yaml') as typeof import('yaml'));

export function ajv(): NonNullable<typeof ajvPackages> {
  if (!ajvPackages) {
    const { Ajv, _ } = require('ajv') as typeof import('ajv');
    const standalone = require('ajv/dist/standalone/index.js') as { default: typeof import('ajv/dist/standalone/index.js').default };
    ajvPackages = { Ajv, code: _, standaloneCode: standalone.default };
  }
  return ajvPackages;
}

/** The format checks of ajv-formats alone: small, unlike the compiler. */
export const ajvFormats = (): DefinedFormats =>
  (formatPackage ??= (require('ajv-formats/dist/formats.js') as { fullFormats: DefinedFormats }).fullFormats);
