// The Netlify Edge Function as a file of the build: `hosts/netlify-edge-function.js`,
// beside the other hosts' adapters. It is scripts/lib/query/netlify-edge-function.ts
// and what it imports, bundled into one ES module (edge-bundle.ts), after the
// declaration of the query index files it holds (the same as the Cloudflare
// worker's, held-bundle.ts; Netlify takes a function of 20 MB compressed), followed by
// its `config`: the paths it runs on, the same as the Cloudflare worker's
// `_routes.json` (the API, minus the documents no query is answered on), so that
// one route list decides for both hosts. Netlify wants edge functions outside the
// published folder: the deploy copies this file there (docs/edge.md).

import type { Generator } from '../api/context.ts';
import type { HeldFiles } from '../query/held-index.ts';
import { bundleEdgeModule } from './edge-bundle.ts';
import { plannedHeldBundle, withHeldIndex } from './held-bundle.ts';
import { routesFile } from './hosts.ts';

export const NETLIFY_EDGE_FILE = 'hosts/netlify-edge-function.js';
const ENTRY = 'scripts/lib/query/netlify-edge-function.ts';

/** Netlify's inline declaration: URLPattern paths to run on, and to leave to the static files. */
export function netlifyEdgeConfig(): { path: string; excludedPath: string[] } {
  const routes = routesFile();
  return { path: routes.include[0], excludedPath: routes.exclude };
}

/** The function's text: its banner, the held index files' declaration, the bundle, its config. */
export const netlifyEdgeFunctionCode = (held: HeldFiles): string =>
  withHeldIndex(
    bundleEdgeModule({
      entry: ENTRY,
      banner: `// Launch Schedule Service queries as a Netlify Edge Function. Built from ${ENTRY} by the build; do not edit.`,
      footer: `export const config = ${JSON.stringify(netlifyEdgeConfig())};`,
    }),
    held,
  );

export const netlifyEdgeFunction: Generator = (context) => [
  plannedHeldBundle(context, NETLIFY_EDGE_FILE, 'netlify edge function', netlifyEdgeFunctionCode),
];
