// One runtime entry of the query side (a TypeScript module of scripts/lib/query/)
// bundled into one ES module with no Node APIs and no imports, for the edge hosts
// that run our handler: Cloudflare's `_worker.js` (edge-worker.ts) and the Netlify
// Edge Function (netlify-edge.ts). Entry path and the text around the code in, the
// module's code out: made once per process and entry, the same bytes for the same
// sources (the bundle's input key is the tool fingerprint).

import path from 'node:path';
import { esbuild } from '../base/lazy-packages.ts';
import { TOOL_ROOT } from '../base/tool-identity.ts';

export interface EdgeBundle {
  /** The entry, from the tool's root (`scripts/lib/query/cloudflare-worker.ts`). */
  entry: string;
  /** A comment naming the host and the entry, at the top. */
  banner: string;
  /** Code appended after the bundle (a host's declarations the build computes). */
  footer?: string;
}

const bundles = new Map<string, string>();

export function bundleEdgeModule({ entry, banner, footer }: EdgeBundle): string {
  const key = JSON.stringify([entry, banner, footer ?? '']);
  let code = bundles.get(key);
  if (code === undefined) {
    code = esbuild().buildSync({
      entryPoints: [path.join(TOOL_ROOT, entry)],
      absWorkingDir: TOOL_ROOT,
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      charset: 'utf8',
      legalComments: 'none',
      write: false,
      logLevel: 'silent',
      banner: { js: banner },
      ...(footer === undefined ? {} : { footer: { js: footer } }),
    }).outputFiles[0].text;
    bundles.set(key, code);
  }
  return code;
}
