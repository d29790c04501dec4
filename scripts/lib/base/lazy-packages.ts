// Packages loaded on first use rather than at start-up: a rebuild whose files all
// come from the record cache needs neither the YAML parser nor the schema
// compiler, and one whose calendars are unchanged needs no iCalendar writer;
// loading them costs a tenth of such a build; the bundler is needed only when
// the edge worker is made again (a new version of the tool).

import { createRequire } from 'node:module';
import path from 'node:path';
import type { DefinedFormats } from 'ajv-formats/dist/formats.js';
import { BUNDLE_DIR, BUNDLE_EXTRAS } from './tool-identity.ts';

const require = createRequire(import.meta.url);

/** Loads a package as this module would: validators compiled ahead of time (validator-modules.ts) load their runtime helpers through it. */
export const requirePackage = require;

const PREBUNDLED: ReadonlySet<string> = new Set(BUNDLE_EXTRAS.prebundledPackages);

/** Where a package is loaded from: beside the bundled tool when scripts/run.mjs made it into one file there, else by name. */
export const packageSource = (name: string, bundleDir: string | undefined = BUNDLE_DIR): string =>
  bundleDir !== undefined && PREBUNDLED.has(name) ? path.join(bundleDir, BUNDLE_EXTRAS.packages, `${name}.cjs`) : name;

let yamlPackage: typeof import('yaml') | undefined;
let ajvPackages:
  | {
      Ajv: typeof import('ajv').Ajv;
      code: typeof import('ajv')._;
      standaloneCode: typeof import('ajv/dist/standalone/index.js').default;
    }
  | undefined;
let formatPackage: DefinedFormats | undefined;
let icalPackage: typeof import('ical-generator') | undefined;
let esbuildPackage: typeof import('esbuild') | undefined;

export const yaml = (): typeof import('yaml') =>
  (yamlPackage ??= require(packageSource('yaml')) as typeof import('yaml'));

export function ajv(): NonNullable<typeof ajvPackages> {
  if (!ajvPackages) {
    const { Ajv, _ } = require('ajv') as typeof import('ajv');
    const standalone = require('ajv/dist/standalone/index.js') as {
      default: typeof import('ajv/dist/standalone/index.js').default;
    };
    ajvPackages = { Ajv, code: _, standaloneCode: standalone.default };
  }
  return ajvPackages;
}

/** The format checks of ajv-formats alone: small, unlike the compiler. */
export const ajvFormats = (): DefinedFormats =>
  (formatPackage ??= (require('ajv-formats/dist/formats.js') as { fullFormats: DefinedFormats }).fullFormats);

export const icalGenerator = (): typeof import('ical-generator') =>
  (icalPackage ??= require('ical-generator') as typeof import('ical-generator'));

/** The bundler, for the one file the build bundles itself (the edge worker, outputs/edge-worker.ts). */
export const esbuild = (): typeof import('esbuild') =>
  (esbuildPackage ??= require('esbuild') as typeof import('esbuild'));
