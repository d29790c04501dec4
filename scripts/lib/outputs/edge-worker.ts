// The edge worker as a file of the build: `_worker.js` at the top of the published
// tree, which Cloudflare Pages runs in front of the static files ("advanced
// mode"). It is scripts/lib/query/cloudflare-worker.ts and what it imports,
// bundled into one ES module with no Node APIs (edge-bundle.ts). Its bytes depend only
// on the tool's sources, so its input key is the tool fingerprint: a rebuild with
// the same tool never bundles again.

import type { Generator } from '../api/context.ts';
import { lazyPlannedFile } from '../api/files.ts';
import { toolFingerprint } from '../base/tool-identity.ts';
import { bundleEdgeModule } from './edge-bundle.ts';

export const WORKER_FILE = '_worker.js';
const ENTRY = 'scripts/lib/query/cloudflare-worker.ts';

/** The worker's code: made once per process, the same bytes for the same sources. */
export const workerBundle = (): string => bundleEdgeModule({
  entry: ENTRY,
  banner: `// Launch Schedule Service edge worker (Cloudflare Pages advanced mode). Built from ${ENTRY} by the build; do not edit.`,
});

export const edgeWorker: Generator = () => [lazyPlannedFile(WORKER_FILE, `edge worker ${toolFingerprint()}`, workerBundle)];
