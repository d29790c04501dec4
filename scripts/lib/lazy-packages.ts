// The YAML parser and the schema compiler, loaded on first use rather than at
// start-up: a rebuild whose files all come from the record cache needs neither,
// and loading them costs a tenth of such a build.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let yamlPackage: typeof import('yaml') | undefined;
let ajvPackages: { Ajv: typeof import('ajv').Ajv; addFormats: typeof import('ajv-formats').default } | undefined;

export const yaml = (): typeof import('yaml') => (yamlPackage ??= require('yaml') as typeof import('yaml'));

export function ajv(): NonNullable<typeof ajvPackages> {
  if (!ajvPackages) {
    const formats = require('ajv-formats') as { default: typeof import('ajv-formats').default };
    ajvPackages = { Ajv: (require('ajv') as typeof import('ajv')).Ajv, addFormats: formats.default };
  }
  return ajvPackages;
}
