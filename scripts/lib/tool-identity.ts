// Where the tool's sources are and which version of them is running. The bundled
// tool (scripts/run.mjs) has both baked in when it is made; run from the
// TypeScript sources, they are found from this file and hashed once.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeToolFingerprint } from './tool-fingerprint.mjs';

/** The folder beside the bundles that holds the precompiled validators. */
export const VALIDATORS_FOLDER = 'validators';

declare const BUNDLED_TOOL: { root: string; fingerprint: string } | undefined;
const bundled = typeof BUNDLED_TOOL === 'undefined' ? undefined : BUNDLED_TOOL;

/** The project folder that holds scripts/ and package-lock.json. */
export const TOOL_ROOT = bundled?.root ?? path.resolve(import.meta.dirname, '../..');

/**
 * The folder of validators compiled ahead of time (validator-modules.ts), beside the
 * bundle this module is part of; none when running from the TypeScript sources.
 */
export const PRECOMPILED_VALIDATORS = bundled ? fileURLToPath(new URL(`./${VALIDATORS_FOLDER}/`, import.meta.url)) : undefined;

let computed: string | undefined;

/** Hash of everything that decides how a file is checked and built: our code and schemas, and the locked dependencies. */
export function toolFingerprint(): string {
  return bundled?.fingerprint ?? (computed ??= computeToolFingerprint(TOOL_ROOT));
}
