import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type BuildContext } from '../scripts/lib/api/context.ts';
import type { OutputFile } from '../scripts/lib/api/files.ts';
import { memberRewrites, memberships } from '../scripts/lib/api/membership.ts';
import { countRedirects } from '../scripts/lib/publish/host-limits.ts';
import { RESPONSE_HEADERS } from '../scripts/lib/api/http.ts';
import { HOST_FILES, hostRewrites } from '../scripts/lib/outputs/hosts.ts';
import { folderRoutes, resolveRewrite, rewrites, routeOf, ROUTES, type Route } from '../scripts/lib/api/routes.ts';
import { planSite, siteFiles } from '../scripts/lib/pipeline.ts';
import { removeDir } from './helpers/data.ts';
import { NOW, checkedData, pagedDataDir } from './helpers/publish.ts';

const BASE = 'https://example.org/lss/2.3.0/';
let dataDir: string;
let files: OutputFile[];
let byPath: Map<string, string>;
let context: BuildContext;

beforeAll(async () => {
  dataDir = await pagedDataDir();
  const data = await checkedData(dataDir);
  files = siteFiles(data, { now: NOW, baseUrl: BASE });
  byPath = new Map(files.map((f) => [f.path, String(f.content)]));
  context = createContext(data, { now: NOW, baseUrl: BASE });
});
afterAll(() => removeDir(dataDir));

/** Folders (under the site root, ending in /) that hold an index.json under the API root. */
const apiFolders = () =>
  files
    .map((f) => f.path)
    .filter((p) => p.startsWith('2.3.0/') && p.endsWith('index.json'))
    .map((p) => p.slice(0, -'index.json'.length));

/** The rules as `_redirects` states them. */
function parseRedirects(text: string) {
  return text
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [from, to, status, ...rest] = l.trim().split(/\s+/);
      return { from, to, status, rest };
    });
}

describe('routes', () => {
  it('cover every folder of the tree that holds an index.json, and every fixed route is such a folder', () => {
    const routes = folderRoutes();
    const folders = apiFolders().map((f) => f.slice('2.3.0/'.length));
    expect(folders.filter((folder) => routeOf(folder, routes) === undefined)).toEqual([]);
    for (const fixed of routes.filter((r) => !r.includes(':'))) expect(folders, fixed).toContain(fixed);
    // Launches, events and later pages fall under placeholders, not fixed routes.
    expect(routes.filter((r) => !r.includes(':') && /page\/\d+\/$|[0-9a-f]{8}-|\/\d+\/$/.test(r))).toEqual([]);
  });

  it('rewrite every API folder, with its trailing slash, to its index.json, as Netlify and Cloudflare apply them', () => {
    const rules = rewrites(folderRoutes());
    for (const folder of apiFolders()) expect(resolveRewrite(rules, `/${folder}`), folder).toBe(`/${folder}index.json`);
  });

  it('rewrite static routes and later pages without the trailing slash too', () => {
    const rules = rewrites(folderRoutes());
    for (const path of [
      '/2.3.0',
      '/2.3.0/launches',
      '/2.3.0/launches/upcoming',
      '/2.3.0/events/upcoming',
      '/2.3.0/launches/page/2',
      '/2.3.0/launches/previous/page/2',
    ]) {
      expect(resolveRewrite(rules, path), path).toBe(`${path}/index.json`);
    }
  });

  it('never match a real file, so no rule hides one (Cloudflare applies rules even where a file exists)', () => {
    const rules = hostRewrites(context).all;
    for (const file of files) expect(resolveRewrite(rules, `/${file.path}`), file.path).toBeUndefined();
    for (const twin of ['/2.3.0/launches/index.json.gz', '/2.3.0/events/index.json.br'])
      expect(resolveRewrite(rules, twin)).toBeUndefined();
  });
});

describe('_redirects (Netlify, Cloudflare Pages)', () => {
  it('route folders by shape, so more resources add no dynamic rule', () => {
    const more: Route[] = [
      ...ROUTES,
      { kind: 'list', path: 'docking_events/', resource: 'agencies', collection: 'agencies', summary: '' },
      { kind: 'detail', path: 'docking_events/:id/', resource: 'agencies', summary: '' },
      { kind: 'list', path: 'config/docking_kinds/', resource: 'agencies', collection: 'agencies', summary: '' },
      { kind: 'detail', path: 'config/docking_kinds/:id/', resource: 'agencies', summary: '' },
    ];
    const dynamic = (routes: readonly Route[]) => rewrites(folderRoutes(routes)).filter((r) => r.dynamic);
    expect(dynamic(more)).toEqual(dynamic(ROUTES));
    const rules = rewrites(folderRoutes(more));
    for (const folder of [
      'docking_events/',
      'docking_events/7/',
      'docking_events/page/2/',
      'config/docking_kinds/3/',
      'config/docking_kinds/page/2/',
      'launches/upcoming/page/3/',
    ]) {
      expect(resolveRewrite(rules, `/2.3.0/${folder}`), folder).toBe(`/2.3.0/${folder}index.json`);
    }
    // A new list's own folder is a fixed rule, with and without its slash.
    expect(resolveRewrite(rules, '/2.3.0/docking_events')).toBe('/2.3.0/docking_events/index.json');
    expect(rules.filter((r) => !r.dynamic).map((r) => r.from)).toContain('/2.3.0/docking_events');
  });

  it('states the same rules, as 200 rewrites, static rules before dynamic ones', () => {
    const lines = parseRedirects(byPath.get(HOST_FILES.redirects)!);
    const rules = hostRewrites(context).all;
    expect(lines.map(({ from, to }) => ({ from, to }))).toEqual(rules.map(({ from, to }) => ({ from, to })));
    expect(lines.every((l) => l.status === '200' && l.rest.length === 0)).toBe(true);
    const firstDynamic = lines.findIndex((l) => l.from.includes(':'));
    expect(lines.slice(firstDynamic).every((l) => l.from.includes(':'))).toBe(true);
  });

  it('holds a rule for each folder route, and for each collection detail route the fewer of its members and its other records', () => {
    const text = byPath.get(HOST_FILES.redirects)!;
    const counts = countRedirects(text);
    const folders = rewrites(folderRoutes());
    const membership = memberships(context);
    // Launches: the 121 upcoming by member, previous by the 121 that are not (then one dynamic rule). Events: of 5,
    // 3 upcoming (by the 2 others, then a dynamic rule) and 2 previous (by member).
    const members = membership.reduce((n, m) => n + Math.min(m.members.length, m.others.length), 0);
    expect(members).toBe(121 + 121 + 2 + 2);
    expect(counts.static).toBe(folders.filter((r) => !r.dynamic).length + members);
    expect(counts.dynamic).toBe(
      folders.filter((r) => r.dynamic).length + membership.filter((m) => m.members.length > m.others.length).length,
    );
    // Folders are routed by shape, not by resource (api/routes.ts grouped): 6 dynamic rules for every list and detail
    // of every resource, plus one for each collection whose other records are the fewer; far within Cloudflare's 100.
    expect(folders.filter((r) => r.dynamic).map((r) => r.from)).toEqual([
      '/2.3.0/:resource/page/:page/',
      '/2.3.0/:resource/page/:page',
      '/2.3.0/:resource/:list/page/:page/',
      '/2.3.0/:resource/:list/page/:page',
      '/2.3.0/:resource/:key/',
      '/2.3.0/:resource/:list/:key/',
    ]);
    expect(counts.dynamic).toBe(8);
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThan(1000);
  });
});

describe('the other adapter files', () => {
  it('_headers sends CORS, nosniff and Cache-Control on every path', () => {
    const text = byPath.get(HOST_FILES.headers)!;
    const rule = text.split('\n').filter((l) => !l.startsWith('#'));
    expect(rule[0]).toBe('/*');
    expect(rule.slice(1).filter(Boolean)).toEqual(RESPONSE_HEADERS.map(([n, v]) => `  ${n}: ${v}`));
    expect(text).toMatch(/Access-Control-Allow-Origin: \*/);
    expect(text).toMatch(/X-Content-Type-Options: nosniff/);
    expect(text).toMatch(/Cache-Control: public, max-age=\d+/);
  });

  it("404.html at the top holds LL2's 404 body, like 404.json", () => {
    expect(byPath.get('404.html')).toBe(byPath.get('404.json'));
    expect(JSON.parse(byPath.get('404.html')!)).toEqual({ detail: 'Not found.' });
  });

  it('the nginx snippet serves index.json for folders, JSON as UTF-8, the gzip twins, CORS and the JSON 404', () => {
    const text = byPath.get(HOST_FILES.nginx)!;
    for (const directive of [
      'index index.json index.html;',
      'charset utf-8;',
      'charset_types application/json;',
      'gzip_static on;',
      'gzip_vary on;',
      'add_header Access-Control-Allow-Origin "*" always;',
      'add_header X-Content-Type-Options "nosniff" always;',
      'error_page 404 /404.json;',
    ]) {
      expect(text).toContain(directive);
    }
  });

  it('the CloudFront function applies the same rewrites and leaves files alone', () => {
    const code = byPath.get(HOST_FILES.cloudFront)!;
    const handler = new Function(`${code}\nreturn handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    const uri = (u: string) => handler({ request: { uri: u } }).uri;
    for (const folder of apiFolders().slice(0, 40)) expect(uri(`/${folder}`)).toBe(`/${folder}index.json`);
    expect(uri('/2.3.0/launches/upcoming')).toBe('/2.3.0/launches/upcoming/index.json');
    expect(uri('/2.3.0/launches/index.json')).toBe('/2.3.0/launches/index.json');
    expect(uri('/2.3.0/status.json')).toBe('/2.3.0/status.json');
    expect(uri('/')).toBe('/');
  });

  it('do not depend on the base URL, and on the clock only through the membership of collection detail routes', async () => {
    const adapters = (list: OutputFile[]) => list.filter((f) => Object.values(HOST_FILES).includes(f.path as never));
    const elsewhere = siteFiles(await checkedData(dataDir), { now: NOW, baseUrl: 'http://localhost:9999/2.3.0/' });
    expect(adapters(elsewhere)).toEqual(adapters(files));
    const laterNow = NOW + 2 * 86_400_000;
    const laterData = await checkedData(dataDir, laterNow);
    const later = new Map(
      siteFiles(laterData, { now: laterNow, baseUrl: BASE }).map((f) => [f.path, String(f.content)]),
    );
    const withoutMembers = (text: string, rules: ReturnType<typeof memberRewrites>) =>
      text
        .split('\n')
        .filter((line) => !rules.some((r) => line.startsWith(`${r.from} `)))
        .join('\n');
    const [before, after] = [
      hostRewrites(context).members,
      memberRewrites(memberships(createContext(laterData, { now: laterNow, baseUrl: BASE }))),
    ];
    expect(after).not.toEqual(before); // events 1 and 2 left events/upcoming/
    expect(withoutMembers(later.get(HOST_FILES.redirects)!, after)).toBe(
      withoutMembers(byPath.get(HOST_FILES.redirects)!, before),
    );
    for (const file of [HOST_FILES.headers, HOST_FILES.notFoundHtml, HOST_FILES.cloudFront])
      expect(later.get(file), file).toBe(byPath.get(file));
  });
});

describe('the planned site', () => {
  it('holds the files of the rendered site, host adapters included, in path order and with the same bytes', async () => {
    const plan = planSite(await checkedData(dataDir), { now: NOW, baseUrl: BASE });
    const paths = plan.map((f) => f.path);
    expect(paths).toEqual(files.map((f) => f.path));
    expect(paths).toEqual([...paths].sort());
    expect(paths).toEqual(
      expect.arrayContaining([
        HOST_FILES.redirects,
        HOST_FILES.headers,
        HOST_FILES.notFoundHtml,
        HOST_FILES.nginx,
        HOST_FILES.cloudFront,
      ]),
    );
    for (const file of plan) expect(String(file.render()), file.path).toBe(byPath.get(file.path));
  });
});
