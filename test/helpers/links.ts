// Following the links of a built tree as a client would: every string under the
// base URL in every JSON file must name a published file; an object's `url` must
// name the file of that object (the same id), a page's `next` and `previous` a page
// that links back. Requests that no file answers may be answered by the rewrites
// of `_redirects`, as the hosts apply them.

import { rewriteResolver, type Rewrite } from '../../scripts/lib/api/routes.ts';

export interface LinkReport {
  /** Links followed (every occurrence). */
  links: number;
  /** Distinct targets. */
  targets: number;
  /** What went wrong, one line each: the file, the field and the link. */
  dangling: string[];
}

/** The 200 rules of a `_redirects` text, in its order. */
export function redirectRules(text: string): Rewrite[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('/'))
    .map((line) => {
      const [from, to] = line.split(/\s+/);
      return { from, to, dynamic: from.includes(':') };
    });
}

type Node = unknown;

/** Every string under `base` in a JSON value, with the key it sits at and the object holding it. */
function* linksIn(
  value: Node,
  base: string,
  key = '',
  holder: Record<string, Node> | undefined = undefined,
): Generator<{ key: string; link: string; holder?: Record<string, Node> }> {
  if (typeof value === 'string') {
    if (value.startsWith(base)) yield { key, link: value, holder };
  } else if (Array.isArray(value)) {
    for (const item of value) yield* linksIn(item, base, key, holder);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* linksIn(v, base, k, value as Record<string, Node>);
  }
}

/**
 * Checks every link of a tree (paths relative to the site root, the API root being
 * `2.3.0/`, with their text). `base` is the build's base URL.
 */
export function checkLinks(tree: ReadonlyMap<string, string>, base: string, apiRoot = '2.3.0/'): LinkReport {
  const rewrite = rewriteResolver(redirectRules(tree.get('_redirects') ?? ''));
  const fileFor = (link: string): string | undefined => {
    const path = `${apiRoot}${link.slice(base.length)}`;
    const direct = path.endsWith('/') ? `${path}index.json` : path;
    if (tree.has(direct)) return direct;
    const rewritten = rewrite(`/${path}`)?.slice(1);
    return rewritten !== undefined && tree.has(rewritten) ? rewritten : undefined;
  };
  const parsed = new Map<string, Node>();
  const json = (file: string): Node => {
    if (!parsed.has(file)) parsed.set(file, JSON.parse(tree.get(file)!));
    return parsed.get(file);
  };
  const report: LinkReport = { links: 0, targets: 0, dangling: [] };
  const targets = new Set<string>();
  for (const file of tree.keys()) {
    if (!file.endsWith('.json') || !file.startsWith(apiRoot)) continue;
    const body = json(file) as Record<string, Node>;
    const pageUrl = `${base}${file.slice(apiRoot.length).replace(/index\.json$/, '')}`;
    for (const { key, link, holder } of linksIn(body, base)) {
      report.links++;
      targets.add(link);
      const target = fileFor(link);
      const wrong = (why: string) => report.dangling.push(`${file} ${key}: ${link} ${why}`);
      if (target === undefined) {
        wrong('answers 404');
        continue;
      }
      if (key === 'url' && holder && 'id' in holder && target.endsWith('.json')) {
        const id = (json(target) as Record<string, Node>).id;
        if (id !== holder.id) wrong(`is object ${String(id)}, not ${String(holder.id)}`);
      }
      if ((key === 'next' || key === 'previous') && holder === body) {
        const page = json(target) as Record<string, Node>;
        const back = key === 'next' ? page.previous : page.next;
        if (!Array.isArray(page.results) || back !== pageUrl) wrong(`is not the page linking back to ${pageUrl}`);
      }
    }
  }
  report.targets = targets.size;
  return report;
}
