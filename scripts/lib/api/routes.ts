// The one list of routes: every URL path the API answers with a folder's
// index.json, as patterns, and the rewrites that hosts without a directory index
// for index.json need (/x/ → /x/index.json). Host adapters (hosts.ts) are all
// written from this list, which is read off the built tree itself, so a new
// output folder is routed without touching this file.

import { API_VERSION, COLLECTION_PATHS } from './paths.ts';
import type { OutputFile } from './files.ts';

/** What a placeholder stands for, by name: one path segment of this shape. */
const PLACEHOLDER_SHAPES: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  id: /^\d+$/,
  page: /^\d+$/,
};

/** Folders whose names come from the data: detail resources and later pages. */
export const DYNAMIC_ROUTES: readonly string[] = [
  ...Object.values(COLLECTION_PATHS).map((collection) => `${collection}page/:page/`),
  'launches/:uuid/',
  'events/:id/',
];

const INDEX = 'index.json';

/** A pattern split into segments once: each a literal or a placeholder's shape. */
function compilePattern(pattern: string): Array<string | RegExp> {
  return pattern.split('/').map((part) => (part.startsWith(':') ? PLACEHOLDER_SHAPES[part.slice(1)] ?? /(?!)/ : part));
}

function matchesShape(pattern: ReadonlyArray<string | RegExp>, folder: readonly string[]): boolean {
  return pattern.length === folder.length && pattern.every((part, i) => (typeof part === 'string' ? part === folder[i] : part.test(folder[i])));
}

/**
 * The routes of a built tree, under the API root, each ending in `/` ('' is the root):
 * every folder holding an index.json that no dynamic route covers, then the dynamic routes.
 */
export function routesOf(files: ReadonlyArray<{ path: string }>, dynamic: readonly string[] = DYNAMIC_ROUTES): string[] {
  const prefix = `${API_VERSION}/`;
  const patterns = dynamic.map(compilePattern);
  const statics = new Set<string>();
  for (const { path } of files) {
    if (!path.startsWith(prefix) || !(path === `${prefix}${INDEX}` || path.endsWith(`/${INDEX}`))) continue;
    const folder = path.slice(prefix.length, path.length - INDEX.length);
    const segments = folder.split('/');
    if (!patterns.some((pattern) => matchesShape(pattern, segments))) statics.add(folder);
  }
  return [...[...statics].sort(), ...dynamic];
}

export const isDynamic = (pattern: string): boolean => pattern.includes(':');

export interface Rewrite {
  /** Request path on the site, e.g. `/2.3.0/launches/:id/`. */
  from: string;
  /** File path on the site, e.g. `/2.3.0/launches/:id/index.json`. */
  to: string;
  dynamic: boolean;
}

const parentOf = (pattern: string): string => pattern.replace(/[^/]+\/$/, '');

/**
 * Rewrites for every route, with and without its trailing slash, static ones first.
 * A dynamic route loses its slash-less form when its parent folder is itself a route:
 * `/2.3.0/launches/:uuid` would otherwise also match the file `/2.3.0/launches/index.json`
 * (Cloudflare Pages applies a rule even where a file exists).
 */
export function rewrites(routes: readonly string[], root = `/${API_VERSION}/`): Rewrite[] {
  const routeSet = new Set(routes);
  const rules = (pattern: string): Rewrite[] => {
    const dynamic = isDynamic(pattern);
    const withSlash = `${root}${pattern}`;
    const forms = [withSlash];
    if (!dynamic || !routeSet.has(parentOf(pattern))) forms.push(withSlash.replace(/\/$/, ''));
    return forms.map((from) => ({ from, to: `${withSlash}index.json`, dynamic }));
  };
  return [...routes.filter((r) => !isDynamic(r)), ...routes.filter(isDynamic)].flatMap(rules);
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A rewrite's source as an anchored regular expression, placeholders as capture groups, and its target with `$n`. */
export function compileRewrite(rule: Rewrite): { pattern: string; target: string } {
  const names: string[] = [];
  const pattern = rule.from
    .split(/(:[A-Za-z]\w*)/)
    .map((part) => (part.startsWith(':') ? (names.push(part), '([^/]+)') : escapeRegExp(part)))
    .join('');
  const target = rule.to.replace(/:[A-Za-z]\w*/g, (name) => `$${names.indexOf(name) + 1}`);
  return { pattern: `^${pattern}$`, target };
}

/** Where a request path is rewritten to, as Netlify and Cloudflare Pages apply `_redirects`: first match wins. */
export function resolveRewrite(rules: readonly Rewrite[], requestPath: string): string | undefined {
  for (const rule of rules) {
    const { pattern, target } = compileRewrite(rule);
    const re = new RegExp(pattern);
    if (re.test(requestPath)) return requestPath.replace(re, target);
  }
  return undefined;
}
