// The frame every page for people shares: the head (title, description, the one
// style sheet), the site navigation, the footer that credits the source of the
// records and says where to correct them, and the scripts at the end. In: the
// page's own parts, the build clock and the repository's URL (when the build was
// given one). Out: the page as HTML text. No external fonts, scripts or trackers.

import type { BuildContext } from '../../api/context.ts';
import { DATA_CREDIT } from '../../model/credit.ts';
import { formatTimestamp } from '../../model/time.ts';
import { assetPath, pageCore, type AssetName } from './assets.ts';
import { PAGES } from './paths.ts';

export const SOURCE_CREDIT = { name: DATA_CREDIT.name, url: 'https://thespacedevs.com/' } as const;

export interface PageSpec {
  path: (typeof PAGES)[keyof typeof PAGES];
  title: string;
  description: string;
  /** The content of `<main>`, its first heading included. */
  main: string;
  /** Browser files to run, in order. */
  scripts: readonly AssetName[];
  /** `data-*` attributes of `<body>`: what the scripts need to know about the site. */
  data?: Record<string, string>;
}

const NAVIGATION: ReadonlyArray<{ href: string; label: string; page?: PageSpec['path'] }> = [
  { href: PAGES.schedule, label: 'Schedule', page: PAGES.schedule },
  { href: `${PAGES.schedule}#subscribe`, label: 'Subscribe' },
  { href: PAGES.api, label: 'API documentation', page: PAGES.api },
];

export const escapeHtml = (value: string): string => pageCore().escapeHtml(value);
export const link = (href: string, label: string): string => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

/** Where readers correct a record: the repository when the build knows it, else words that say how. */
function corrections(repositoryUrl: string | null | undefined): string {
  const where = repositoryUrl
    ? `a YAML file in ${link(repositoryUrl, 'the repository this site is built from')}`
    : 'a YAML file in the data/ folder of the repository this site is built from';
  return `<p>Found a mistake or a missing launch? Every launch and event is ${where}: correct it there and open a pull
request, with the source of what you changed.</p>`;
}

export function renderPage(context: BuildContext, spec: PageSpec): string {
  const built = formatTimestamp(context.now);
  const data = Object.entries(spec.data ?? {}).map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`).join('');
  const nav = NAVIGATION.map((item) => `<li><a href="${escapeHtml(item.href)}"${item.page === spec.path ? ' aria-current="page"' : ''}>${escapeHtml(item.label)}</a></li>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title>${escapeHtml(spec.title)}</title>
<meta name="description" content="${escapeHtml(spec.description)}">
<link rel="stylesheet" href="${assetPath('style')}">
</head>
<body${data}>
<a class="skip" href="#main">Skip to the content</a>
<header class="site">
<p class="brand"><a href="${PAGES.schedule}">Launch Schedule</a></p>
<nav aria-label="Site"><ul>${nav.join('')}</ul></nav>
</header>
<main id="main">
${spec.main}
</main>
<footer class="site">
<p>Records imported from ${link(SOURCE_CREDIT.url, SOURCE_CREDIT.name)} are credited to them; this site republishes the
schedule in LL2's format, free, without keys, cookies or tracking.</p>
${corrections(context.repositoryUrl)}
<p>Built at <time datetime="${built}" data-build-clock>${built}</time> (UTC).</p>
</footer>
${spec.scripts.map((name) => `<script src="${assetPath(name)}"></script>`).join('\n')}
</body>
</html>
`;
}
