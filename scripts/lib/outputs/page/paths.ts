// Where the pages for people and their files are, relative to the site root (the
// folder that holds `2.3.0/`). Every link between them is relative, so the site
// works under any base path and from the offline snapshot.

import { API_VERSION } from '../../api/paths.ts';

export const PAGES = {
  /** The schedule: next launches, recent launches, events, subscriptions. */
  schedule: 'index.html',
  /** The API documentation. */
  api: 'api.html',
  /** One launch, rendered from its JSON: `launch.html?id=<uuid>`. */
  launch: 'launch.html',
  /** What changed: the recent changes and the slip statistics (history-pages.ts). */
  changes: 'changes.html',
} as const;

/**
 * Each launch's own page, written at build time (launch-pages.ts): `launch/<slug>.html`,
 * a plain file that every host serves as it is (no folder index needed) and that
 * works from the offline snapshot opened as a file. Pages there reach the site
 * root through LAUNCH_PAGE_ROOT.
 */
export const LAUNCH_PAGE_DIR = 'launch/';
export const LAUNCH_PAGE_ROOT = '../';
export const launchPagePath = (slug: string): string => `${LAUNCH_PAGE_DIR}${encodeURIComponent(slug)}.html`;

/** The API root, relative to the pages. */
export const API_ROOT = `${API_VERSION}/`;

/** Links the shared page code (browser/core.js) makes, as it receives them. */
export const CORE_PATHS = { api: API_ROOT, launchView: PAGES.launch } as const;

/** A relative link into the API, to a file that exists on disk (`…/index.json` for a folder). */
export const apiHref = (path: string): string =>
  `${API_ROOT}${path === '' || path.endsWith('/') ? `${path}index.json` : path}`;

/**
 * The offline snapshot, relative to the site root. It is not written by the build but
 * by `npm run snapshot -- --out public/snapshot` in the deploy (publish/snapshot.ts:
 * ARCHIVE_FILE, MANIFEST_FILE); keep these in step with it.
 */
export const SNAPSHOT = {
  archive: 'snapshot/launch-schedule-snapshot.tar.gz',
  manifest: 'snapshot/manifest.json',
} as const;
