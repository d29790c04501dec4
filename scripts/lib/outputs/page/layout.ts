// The frame every page for people shares: the head (title, description, the one
// style sheet), the site navigation, the footer that credits the source of the
// records, says when the data last heard from LL2 beside the build clock, and
// where to correct a record, and the scripts at the end. In: the page's own parts,
// the build context (clock, data, the repository's URL when the build was given
// one). Out: the page as HTML text. No external fonts, scripts or trackers.

import type { BuildContext } from '../../api/context.ts';
import { DATA_CREDIT } from '../../model/credit.ts';
import { formatTimestamp } from '../../model/time.ts';
import { dataAge } from '../../api/metadata.ts';
import { assetPath, pageCore, scriptOrder, type AssetName } from './assets.ts';
import { PAGES } from './paths.ts';

export const SOURCE_CREDIT = { name: DATA_CREDIT.name, url: 'https://thespacedevs.com/' } as const;

export interface PageSpec {
  /** The page's path under the site root: one of PAGES, or a launch's own page (launch/<slug>.html). */
  path: string;
  /** From the page to the site root: '' for the pages at the root, '../' for those one folder down. */
  root?: string;
  /** Whether the footer says when the data last heard from LL2 (default yes; a launch page says when its record was updated). */
  dataAge?: boolean;
  title: string;
  description: string;
  /** The content of `<main>`, its first heading included. */
  main: string;
  /** Browser files to run, in order; those they need are run before them (assets.ts scriptOrder). */
  scripts: readonly AssetName[];
  /** `data-*` attributes of `<body>`: what the scripts need to know about the site. */
  data?: Record<string, string>;
}

const NAVIGATION: ReadonlyArray<{ href: string; label: string; page?: string }> = [
  { href: PAGES.schedule, label: 'Schedule', page: PAGES.schedule },
  { href: `${PAGES.schedule}#subscribe`, label: 'Subscribe' },
  { href: PAGES.changes, label: 'Recent changes', page: PAGES.changes },
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

/** More than this between the data's last word from LL2 and the build, and the page says so plainly. */
export const STALE_AFTER_MS = 86_400_000;

const utcTime = (ms: number, precision: number): string => {
  const stamp = formatTimestamp(ms);
  return `<time datetime="${stamp}">${escapeHtml(pageCore().describeNet(stamp, precision).text)}</time>`;
};

/**
 * When the data last heard from LL2 (api/metadata.ts dataAge), beside the build
 * clock, in words: `stale` when that is more than a day before the build, and
 * null where the data says nothing of it. In: the build context. Out: HTML text.
 */
export function dataAgeNote(context: BuildContext): { html: string; stale: boolean } {
  let note = notes.get(context);
  if (!note) notes.set(context, (note = makeDataAgeNote(context)));
  return note;
}

// Once per build: a build writes a page for each of thousands of launches.
const notes = new WeakMap<BuildContext, { html: string; stale: boolean }>();

function makeDataAgeNote(context: BuildContext): { html: string; stale: boolean } {
  const age = dataAge(context.data, context.now);
  const { PRECISION } = pageCore();
  const built = `<time datetime="${formatTimestamp(context.now)}" data-build-clock>${escapeHtml(pageCore().describeNet(formatTimestamp(context.now), PRECISION.minute).text)}</time>`;
  if (age.last_heard_from_ll2 === null) {
    return {
      html: `No record of this build says when it last heard from ${link(SOURCE_CREDIT.url, 'Launch Library 2')}; it was built ${built}.`,
      stale: false,
    };
  }
  const heard = Date.parse(age.last_heard_from_ll2);
  if (context.now - heard > STALE_AFTER_MS) {
    const days = age.days_before_build ?? 0;
    return {
      html: `The data last heard from ${link(SOURCE_CREDIT.url, 'Launch Library 2')} on ${utcTime(heard, PRECISION.day)}, ${days} ${days === 1 ? 'day' : 'days'} before this build (${built}): launches may have moved, flown or been added since.`,
      stale: true,
    };
  }
  return {
    html: `The data last heard from ${link(SOURCE_CREDIT.url, 'Launch Library 2')} at ${utcTime(heard, PRECISION.minute)}; this page was built ${built}.`,
    stale: false,
  };
}

export function renderPage(context: BuildContext, spec: PageSpec): string {
  const root = spec.root ?? '';
  const age = spec.dataAge === false ? null : dataAgeNote(context);
  const data = Object.entries(spec.data ?? {})
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  const nav = NAVIGATION.map(
    (item) =>
      `<li><a href="${escapeHtml(root + item.href)}"${item.page === spec.path ? ' aria-current="page"' : ''}>${escapeHtml(item.label)}</a></li>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title>${escapeHtml(spec.title)}</title>
<meta name="description" content="${escapeHtml(spec.description)}">
<link rel="stylesheet" href="${root}${assetPath('style')}">
</head>
<body${data}>
<a class="skip" href="#main">Skip to the content</a>
<header class="site">
<p class="brand"><a href="${root}${PAGES.schedule}">Launch Schedule</a></p>
<nav aria-label="Site"><ul>${nav.join('')}</ul></nav>
</header>
<main id="main">
${spec.main}
</main>
<footer class="site">
<p>Records imported from ${link(SOURCE_CREDIT.url, SOURCE_CREDIT.name)} are credited to them; this site republishes the
schedule in LL2's format, free, without keys, cookies or tracking.</p>
${corrections(context.repositoryUrl)}
${age ? `<p class="data-age">${age.html}</p>` : ''}
</footer>
${scriptOrder(spec.scripts)
  .map((name) => `<script src="${root}${assetPath(name)}"></script>`)
  .join('\n')}
</body>
</html>
`;
}
