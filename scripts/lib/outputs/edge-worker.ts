// The edge worker as a file of the build: `_worker.js` at the top of the published
// tree, which Cloudflare Pages runs in front of the static files ("advanced
// mode"). It is scripts/lib/query/cloudflare-worker.ts and what it imports,
// bundled into one ES module with no Node APIs (edge-bundle.ts), after a
// declaration of the query index files the worker holds (held-bundle.ts chooses
// them, query/held-index.ts reads them). The bundle's bytes depend only on the
// tool's sources (made once per process); the file's input key is the tool
// fingerprint and the input keys of the index files it may hold.

import type { Generator } from '../api/context.ts';
import type { HeldFiles } from '../query/held-index.ts';
import { bundleEdgeModule } from './edge-bundle.ts';
import { plannedHeldBundle, withHeldIndex } from './held-bundle.ts';

export const WORKER_FILE = '_worker.js';
const ENTRY = 'scripts/lib/query/cloudflare-worker.ts';

/** The worker's code: made once per process, the same bytes for the same sources. */
export const workerBundle = (): string =>
  bundleEdgeModule({
    entry: ENTRY,
    banner: `// Launch Schedule Service edge worker (Cloudflare Pages advanced mode). Built from ${ENTRY} by the build; do not edit.`,
  });

/** The worker's text: its banner, the held files' declaration, then the bundle. */
export const workerText = (held: HeldFiles): string => withHeldIndex(workerBundle(), held);

export const edgeWorker: Generator = (context) => [plannedHeldBundle(context, WORKER_FILE, 'edge worker', workerText)];
