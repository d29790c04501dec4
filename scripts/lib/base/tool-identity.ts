// Where the tool's sources are and which version of them is running. The bundled
// tool (scripts/run.mjs) has both baked in when it is made; run from the
// TypeScript sources, they are found from this file and hashed once.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeToolFingerprint } from './tool-fingerprint.mjs';

/**
 * What scripts/run.mjs puts beside the bundled commands: the data-file validators
 * compiled ahead of time (validator-modules.ts), and packages made into one file
 * each, which load several times faster than their many modules (lazy-packages.ts).
 */
export const BUNDLE_EXTRAS = { validators: 'validators', packages: 'packages', prebundledPackages: ['yaml'] } as const;

declare const BUNDLED_TOOL: { root: string; fingerprint: string } | undefined;
const bundled = typeof BUNDLED_TOOL === 'undefined' ? undefined : BUNDLED_TOOL;

/** The project folder that holds scripts/ and package-lock.json. */
export const TOOL_ROOT = bundled?.root ?? path.resolve(import.meta.dirname, '../../..');

/** The folder of the bundle this module is part of; none when running from the TypeScript sources. */
export const BUNDLE_DIR = bundled ? fileURLToPath(new URL('./', import.meta.url)) : undefined;

/**
 * The folder of validators compiled ahead of time, beside the bundle. From the sources,
 * LAUNCH_SCHEDULE_VALIDATORS may name one: the test suite writes the validators of the
 * current schemas once per run (test/helpers/global-setup.ts) rather than have each of its
 * processes compile them.
 */
export const PRECOMPILED_VALIDATORS =
  BUNDLE_DIR === undefined
    ? process.env.LAUNCH_SCHEDULE_VALIDATORS || undefined
    : path.join(BUNDLE_DIR, BUNDLE_EXTRAS.validators);

let computed: string | undefined;

/** Hash of everything that decides how a file is checked and built: our code and schemas, and the locked dependencies. */
export function toolFingerprint(): string {
  return bundled?.fingerprint ?? (computed ??= computeToolFingerprint(TOOL_ROOT));
}
