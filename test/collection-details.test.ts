// Detail routes under a collection (launches/upcoming/{id}/, launches/previous/{id}/,
// events/…/{id}/): the collection's members at the build clock answer with the body
// of the resource's own detail route, any other record with 404 — through the
// rewrites of _redirects and nginx in the default tree, through copies in the tree
// for hosts that cannot rewrite (GitHub Pages, CloudFront).

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type BuildInputs } from '../scripts/lib/api/context.ts';
import type { OutputFile } from '../scripts/lib/api/files.ts';
import { memberships, NOT_FOUND_PATH, type Membership } from '../scripts/lib/api/membership.ts';
import { compileRewrite, detailFolder, resolveRewrite, type Rewrite } from '../scripts/lib/api/routes.ts';
import { HOST_FILES, hostRewrites } from '../scripts/lib/outputs/hosts.ts';
import { buildSite, siteFiles } from '../scripts/lib/pipeline.ts';
import type { DataSet } from '../scripts/lib/model/records.ts';
import { copyFixture, makeLaunch, removeDir, tempDir, testUuid, writeRecords } from './helpers/data.ts';
import { redirectRules } from './helpers/links.ts';
import { NOW, checkedData, pagedDataDir } from './helpers/publish.ts';
import { readTree } from './helpers/tree.ts';

const BASE = 'https://example.org/2.3.0/';
/** Launched six hours before the clock: in launches/upcoming/ (24 hours back) and in launches/previous/. */
const RECENT = 900;
const PAST = 1; // 2020
const FUTURE = 500; // 2027-01-01

let dataDir: string;
let data: DataSet;
let work: string;

beforeAll(async () => {
  dataDir = await pagedDataDir();
  await writeRecords(dataDir, [makeLaunch(RECENT, '2026-11-21T06:00:00Z')]);
  data = await checkedData(dataDir);
  work = await tempDir('lss-members-');
});
afterAll(async () => {
  await removeDir(dataDir);
  await removeDir(work);
});

const inputs = (collectionDetails: BuildInputs['collectionDetails'], now = NOW): BuildInputs => ({
  now,
  baseUrl: BASE,
  collectionDetails,
});
const byPath = (files: OutputFile[]) => new Map(files.map((f) => [f.path, String(f.content)]));
const membershipOf = (list: Membership[], route: string) => list.find((m) => m.route.path === route)!;

/** What a host serving a tree answers for a path: the file the tree has there or a rule sends it to, else 404. */
function answer(tree: ReadonlyMap<string, string>, rules: readonly Rewrite[], request: string): string | 404 {
  const direct = `${request.slice(1)}index.json`;
  if (tree.has(direct)) return tree.get(direct)!;
  const target = resolveRewrite(rules, request);
  return target !== undefined && tree.has(target.slice(1)) ? tree.get(target.slice(1))! : 404;
}

/** What nginx answers with the snippet's member locations: `location =` first, then the regular expressions, then the folder's index.json. */
function nginxAnswer(tree: ReadonlyMap<string, string>, snippet: string, request: string): string | 404 {
  const exact = new Map<string, string>();
  const regexes: Array<[RegExp, string]> = [];
  for (const [, kind, where, body] of snippet.matchAll(/^location (=|~) (\S+) \{ (.+) \}$/gm)) {
    if (kind === '=') exact.set(where, body);
    else regexes.push([new RegExp(where), body]);
  }
  const regex = regexes.find(([re]) => re.test(request));
  const body = exact.get(request) ?? (regex ? request.replace(regex[0], regex[1]) : undefined);
  if (body === undefined) return tree.get(`${request.slice(1)}index.json`) ?? 404;
  const file = /^try_files (\S+) =404;$/.exec(body)?.[1].slice(1);
  return file !== undefined && tree.has(file) ? tree.get(file)! : 404;
}

describe('membership', () => {
  it('follows LL2: upcoming from 24 hours before the clock, previous up to it, undated events in neither', () => {
    const list = memberships(createContext(data, inputs('rewrites')));
    const upcoming = membershipOf(list, 'launches/upcoming/:uuid/');
    const previous = membershipOf(list, 'launches/previous/:uuid/');
    expect(upcoming.members).toEqual(expect.arrayContaining([testUuid(RECENT), testUuid(FUTURE)]));
    expect(upcoming.others).toContain(testUuid(PAST));
    expect(previous.members).toEqual(expect.arrayContaining([testUuid(RECENT), testUuid(PAST)]));
    expect(previous.others).toContain(testUuid(FUTURE));
    expect(upcoming.members.length + previous.members.length).toBe(data.launches.length + 1); // the recent launch is in both
    // Events 1 (24 hours before the clock) and 2 (25 hours): the first is in both lists, the second only in previous; 4 is undated.
    expect(membershipOf(list, 'events/upcoming/:id/').members).toEqual([1, 3, 901]);
    expect(membershipOf(list, 'events/previous/:id/').members).toEqual([1, 2]);
    expect(membershipOf(list, 'events/previous/:id/').others).toEqual(expect.arrayContaining([3, 4, 901]));
  });
});

describe('the default tree (rewrites)', () => {
  let tree: Map<string, string>;
  let rules: Rewrite[];
  let list: Membership[];

  beforeAll(() => {
    tree = byPath(siteFiles(data, inputs('rewrites')));
    rules = redirectRules(tree.get(HOST_FILES.redirects)!);
    list = memberships(createContext(data, inputs('rewrites')));
  });

  it('has no copies: the records live at their own detail route only', () => {
    expect(
      [...tree.keys()].filter((f) => /^2\.3\.0\/(launches|events)\/(upcoming|previous)\/[^p][^/]*\//.test(f)),
    ).toEqual([]);
  });

  it('answers a member with its own detail file and any other record, or an unknown id, with 404, as _redirects and nginx apply it', () => {
    const nginx = tree.get(HOST_FILES.nginx)!;
    let members = 0;
    for (const { route, own, members: ids, others } of list) {
      for (const id of ids) {
        const body = tree.get(`2.3.0/${detailFolder(own, id)}index.json`)!;
        const request = `/2.3.0/${detailFolder(route, id)}`;
        expect(answer(tree, rules, request), request).toBe(body);
        expect(nginxAnswer(tree, nginx, request), request).toBe(body);
        members++;
      }
      for (const id of [...others, route.resource === 'launches' ? testUuid(7777) : 7777]) {
        const request = `/2.3.0/${detailFolder(route, id)}`;
        expect(answer(tree, rules, request), request).toBe(404);
        expect(nginxAnswer(tree, nginx, request), request).toBe(404);
      }
    }
    expect(members).toBe(list.reduce((n, m) => n + m.members.length, 0));
  });

  it('states the membership in _redirects as plain rewrites, others to a path nothing answers', () => {
    const members = hostRewrites(createContext(data, inputs('rewrites'))).members;
    expect(members.filter((r) => r.to === NOT_FOUND_PATH).length).toBe(
      membershipOf(list, 'launches/previous/:uuid/').others.length +
        membershipOf(list, 'events/upcoming/:id/').others.length,
    );
    expect(tree.has(NOT_FOUND_PATH.slice(1))).toBe(false);
    expect([...tree.keys()].some((f) => f.startsWith(NOT_FOUND_PATH.slice(1)))).toBe(false);
    // nginx states the same rules: an exact location for each static rule, a regular expression for each dynamic one.
    const nginx = tree.get(HOST_FILES.nginx)!;
    for (const rule of members)
      expect(nginx).toContain(
        rule.dynamic ? `location ~ ${compileRewrite(rule).pattern} ` : `location = ${rule.from} `,
      );
  });
});

describe('the tree for hosts that cannot rewrite (copies)', () => {
  let tree: Map<string, string>;
  let plain: Map<string, string>;

  beforeAll(() => {
    tree = byPath(siteFiles(data, inputs('files')));
    plain = byPath(siteFiles(data, inputs('rewrites')));
  });

  it('holds a copy of its own detail file for each member and nothing for the others', () => {
    const rules = redirectRules(tree.get(HOST_FILES.redirects)!);
    for (const { route, own, members, others } of memberships(createContext(data, inputs('files')))) {
      for (const id of members)
        expect(tree.get(`2.3.0/${detailFolder(route, id)}index.json`), `${route.path} ${id}`).toBe(
          tree.get(`2.3.0/${detailFolder(own, id)}index.json`),
        );
      for (const id of others)
        expect(tree.has(`2.3.0/${detailFolder(route, id)}index.json`), `${route.path} ${id}`).toBe(false);
      // The folder rewrites of _redirects reach the copies too.
      expect(answer(tree, rules, `/2.3.0/${detailFolder(route, members[0])}`)).toBe(
        tree.get(`2.3.0/${detailFolder(own, members[0])}index.json`),
      );
    }
  });

  it('is the default tree plus the copies, with adapters that state no membership', () => {
    const copies = [...tree.keys()].filter((f) => !plain.has(f));
    expect(copies.length).toBe(
      memberships(createContext(data, inputs('files'))).reduce((n, m) => n + m.members.length, 0),
    );
    for (const [file, text] of plain) {
      if (file === HOST_FILES.redirects || file === HOST_FILES.nginx) continue;
      expect(tree.get(file), file).toBe(text);
    }
    expect(redirectRules(tree.get(HOST_FILES.redirects)!).filter((r) => r.to === NOT_FOUND_PATH)).toEqual([]);
    expect(tree.get(HOST_FILES.nginx)).not.toContain('location');
  });
});

describe('a launch that leaves launches/upcoming/ for launches/previous/ between two builds', () => {
  // Launch 500 (NET 2027-01-01) is upcoming at NOW and 25 hours past at LATER.
  const LATER = Date.parse('2027-01-02T01:00:00Z');
  let small: string;
  beforeAll(async () => {
    small = await copyFixture();
    await writeRecords(small, [
      makeLaunch(PAST, '2020-01-01T00:00:00Z'),
      makeLaunch(FUTURE, '2027-01-01T00:00:00Z', { status: 'tbd' }),
      makeLaunch(RECENT, '2026-11-21T06:00:00Z'),
    ]);
  });
  afterAll(() => removeDir(small));
  const future = `launches/upcoming/${testUuid(FUTURE)}/`;
  const past = `launches/previous/${testUuid(FUTURE)}/`;

  it.each(['rewrites', 'files'] as const)(
    'is answered where it belongs after an incremental rebuild, which equals a full build (%s)',
    async (mode) => {
      const out = path.join(work, `moving-${mode}`);
      const answers = async () => {
        const tree = new Map([...(await readTree(out))].map(([f, b]) => [f, b.toString('utf8')]));
        const rules = redirectRules(tree.get(HOST_FILES.redirects)!);
        const own = tree.get(`2.3.0/launches/${testUuid(FUTURE)}/index.json`);
        return [answer(tree, rules, `/2.3.0/${future}`) === own, answer(tree, rules, `/2.3.0/${past}`) === own];
      };
      await buildSite(small, out, inputs(mode, NOW));
      expect(await answers()).toEqual([true, false]);
      const rebuild = await buildSite(small, out, inputs(mode, LATER));
      expect(rebuild.mode).toBe('incremental');
      expect(await answers()).toEqual([false, true]);
      const fresh = path.join(work, `fresh-${mode}`);
      await buildSite(small, fresh, inputs(mode, LATER));
      const [a, b] = [await readTree(fresh), await readTree(out)];
      expect([...b.keys()]).toEqual([...a.keys()]);
      for (const [file, bytes] of a) expect(b.get(file)!.equals(bytes), file).toBe(true);
    },
  );
});
