// What `npm run serve` / `npm start` says once listening: the built folder, host
// and port in, the lines to print out, the schedule page's address and the API's
// (or, when the folder holds no build, what to run first), on the origin the server's
// links name when no public URL is set (query/listen-origin.ts); and, when the
// folder was built for another address than the one its links should name, why its
// links do not follow the server and what to run instead. Pure.

import { API_VERSION } from '../api/paths.ts';
import { listenOrigin } from '../query/listen-origin.ts';

export interface ServeTarget {
  /** The folder served, as shown to the user. */
  root: string;
  host: string;
  port: number;
  /** Whether a path under the folder exists. */
  exists: (relative: string) => boolean;
}

export function serveAddresses({ root, host, port, exists }: ServeTarget): string[] {
  const origin = listenOrigin(host, port);
  const lines = [`serving ${root}/ (Ctrl-C to stop)`];
  const page = exists('index.html');
  const api = exists(`${API_VERSION}/index.json`);
  if (page) lines.push(`  schedule page: ${origin}/`);
  if (api)
    lines.push(
      `  API:           ${origin}/${API_VERSION}/  (queries too, e.g. ${origin}/${API_VERSION}/launches/upcoming/?search=falcon)`,
    );
  if (!page && !api)
    lines.push(`  ${root}/ holds no build yet: run npm run build (or npm start, which builds and serves)`);
  return lines;
}

/**
 * Why the files' links will not name `served` (the API root the server's own links
 * name), or undefined when they do: the build wrote `builtFor` into every file.
 */
export function builtElsewhere(builtFor: string | undefined, served: string): string | undefined {
  if (builtFor === undefined || builtFor === served) return undefined;
  return (
    `the folder was built for ${builtFor}, so the links in its files (url, next, previous) name that address, ` +
    `not ${served} where this server answers. Build it for this address: BASE_URL=${served} npm run build ` +
    '(npm start, with the same options, builds for the address it serves)'
  );
}
