// The fingerprint of the tool: a hash of every source file under scripts/ and of
// the locked dependencies. Plain JavaScript because the launcher (scripts/run.mjs)
// needs it before any TypeScript can run.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|mjs)$/;

/** Files that decide what the tool does, relative to `root`, sorted. */
export function toolSources(root) {
  const scripts = readdirSync(path.join(root, 'scripts'), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file))
    .map((file) => `scripts/${file.split(path.sep).join('/')}`);
  return [...scripts, 'package-lock.json'].sort();
}

/** Changes whenever any of `toolSources(root)` does (names and bytes). */
export function computeToolFingerprint(root) {
  const hash = createHash('sha1');
  for (const file of toolSources(root))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  return hash.digest('base64url');
}
