// The edge worker as a file of the build: `_worker.js` at the top of the published
// tree, which Cloudflare Pages runs in front of the static files ("advanced
// mode"). It is scripts/lib/query/cloudflare-worker.ts and what it imports,
// bundled by esbuild into one ES module with no Node APIs. Its bytes depend only
// on the tool's sources, so its input key is the tool fingerprint: a rebuild with
// the same tool never bundles again.

import path from 'node:path';
import type { Generator } from '../api/context.ts';
import { lazyPlannedFile } from '../api/files.ts';
import { esbuild } from '../base/lazy-packages.ts';
import { TOOL_ROOT, toolFingerprint } from '../base/tool-identity.ts';

export const WORKER_FILE = '_worker.js';
const ENTRY = 'scripts/lib/query/cloudflare-worker.ts';

let bundled: string | undefined;

/** The worker's code: made once per process, the same bytes for the same sources. */
export function workerBundle(): string {
  bundled ??= esbuild().buildSync({
    entryPoints: [path.join(TOOL_ROOT, ENTRY)],
    absWorkingDir: TOOL_ROOT,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    charset: 'utf8',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    banner: { js: `// Launch Schedule Service edge worker (Cloudflare Pages advanced mode). Built from ${ENTRY} by the build; do not edit.` },
  }).outputFiles[0].text;
  return bundled;
}

export const edgeWorker: Generator = () => [lazyPlannedFile(WORKER_FILE, `edge worker ${toolFingerprint()}`, workerBundle)];
