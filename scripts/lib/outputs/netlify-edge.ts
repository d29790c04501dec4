// The Netlify Edge Function as a file of the build: `hosts/netlify-edge-function.js`,
// beside the other hosts' adapters. It is scripts/lib/query/netlify-edge-function.ts
// and what it imports, bundled into one ES module (edge-bundle.ts), followed by
// its `config`: the paths it runs on, the same as the Cloudflare worker's
// `_routes.json` (the API, minus the documents no query is answered on), so that
// one route list decides for both hosts. Netlify wants edge functions outside the
// published folder: the deploy copies this file there (docs/edge.md).

import type { Generator } from '../api/context.ts';
import { lazyPlannedFile } from '../api/files.ts';
import { toolFingerprint } from '../base/tool-identity.ts';
import { bundleEdgeModule } from './edge-bundle.ts';
import { routesFile } from './hosts.ts';

export const NETLIFY_EDGE_FILE = 'hosts/netlify-edge-function.js';
const ENTRY = 'scripts/lib/query/netlify-edge-function.ts';

/** Netlify's inline declaration: URLPattern paths to run on, and to leave to the static files. */
export function netlifyEdgeConfig(): { path: string; excludedPath: string[] } {
  const routes = routesFile();
  return { path: routes.include[0], excludedPath: routes.exclude };
}

export const netlifyEdgeFunctionCode = (): string => bundleEdgeModule({
  entry: ENTRY,
  banner: `// Launch Schedule Service queries as a Netlify Edge Function. Built from ${ENTRY} by the build; do not edit.`,
  footer: `export const config = ${JSON.stringify(netlifyEdgeConfig())};`,
});

export const netlifyEdgeFunction: Generator = () => [
  lazyPlannedFile(NETLIFY_EDGE_FILE, `netlify edge function ${toolFingerprint()}`, netlifyEdgeFunctionCode),
];
