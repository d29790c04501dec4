// Reading a built tree back, and knowing which response schema each file follows.

import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { mapLimit } from '../../scripts/lib/base/map-limit.ts';
import { resourceOf } from '../../scripts/lib/api/resource-table.ts';
import { listRoutes, pagesRoute, ROUTES, routeOf, type ListRoute, type Route } from '../../scripts/lib/api/routes.ts';
import type { ResourceSchemaName } from '../../scripts/schemas/responses.ts';

export async function readTree(root: string): Promise<Map<string, Buffer>> {
  const files = await fg('**/*', { cwd: root, dot: true, onlyFiles: true });
  files.sort();
  // A bounded number of reads at a time: a real-data tree (45,000 files) would run out of file descriptors.
  const entries = await mapLimit(files, 64, async (f) => [f, await readFile(path.join(root, f))] as const);
  return new Map(entries);
}

/**
 * Each file of a tree (a link to a folder is followed) with what any write to it changes:
 * inode, size, modification and change time. Equal stamps mean no file was written,
 * replaced, added or removed since, so the bytes are those read then; a stamp costs a
 * quarter of reading the tree (fast-glob's stats, no file opened).
 */
export async function treeStamps(root: string): Promise<Map<string, string>> {
  const entries = await fg('**/*', { cwd: root, dot: true, onlyFiles: true, stats: true });
  return new Map(
    entries.map(({ path: file, stats }) => [file, `${stats!.ino}:${stats!.size}:${stats!.mtimeMs}:${stats!.ctimeMs}`]),
  );
}

/** Files written, replaced, added or removed under `root` since `stamps` were taken; empty when none. */
export async function stampDifferences(stamps: ReadonlyMap<string, string>, root: string): Promise<string[]> {
  const now = await treeStamps(root).catch(() => new Map<string, string>());
  const differences: string[] = [];
  for (const [file, stamp] of stamps) {
    const other = now.get(file);
    if (other === undefined) differences.push(`missing ${file}`);
    else if (other !== stamp) differences.push(`written ${file}`);
  }
  for (const file of now.keys()) if (!stamps.has(file)) differences.push(`extra ${file}`);
  return differences;
}

/**
 * A copy of the folder `from` (what is in it, links as links) at `to`, made by the system's
 * `cp -R`: Node's fs.cp takes about a second of CPU for a built fixture (1,000 files), cp a
 * fifth of that. `from` may be a link to a folder (a build's output): its contents are copied.
 */
export async function copyTree(from: string, to: string, { hardLinks = false } = {}): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  // hardLinks: the files linked, not copied (cp -l), for an output a test only checks is left alone: its bytes are
  // compared with a reading taken before, so a write through a link is still seen.
  const flags = hardLinks ? ['-R', '-l', '-P'] : ['-R']; // -P: with -l, cp would follow the links
  await new Promise<void>((resolve, reject) =>
    execFile('cp', [...flags, `${from}/.`, to], (error) => (error ? reject(error) : resolve())),
  );
}

/** A tree's files as text and as JSON; a file that is not there throws, naming it. */
export function treeReader(files: ReadonlyMap<string, Buffer>): {
  text: (file: string) => string;
  json: (file: string) => any;
} {
  const text = (file: string): string => {
    const content = files.get(file);
    if (!content) throw new Error(`${file} was not built`);
    return content.toString('utf8');
  };
  return { text, json: (file) => JSON.parse(text(file)) };
}

/** A build's output folder `out` (inside the temporary folder `root`), read back. */
export interface BuiltTree {
  root: string;
  out: string;
  files: Map<string, Buffer>;
  text: (file: string) => string;
  json: (file: string) => any;
}

export async function readBuiltTree(root: string, out: string): Promise<BuiltTree> {
  const files = await readTree(out);
  return { root, out, files, ...treeReader(files) };
}

/** The name of a published response schema (schemas/responses.ts): a resource's page or detail. */
export type ResponseKind = `${ResourceSchemaName}-${'page' | 'detailed'}`;

/** Every folder pattern of an LL2 resource, with the route it belongs to. */
const RESOURCE_FOLDERS = new Map<string, Route>([
  ...listRoutes(ROUTES).flatMap(
    (route): Array<[string, ListRoute]> => [
      [route.path, route],
      [pagesRoute(route), route],
    ],
  ),
  ...ROUTES.filter((route) => route.kind === 'detail').map((route): [string, Route] => [route.path, route]),
]);

/** The response schema a file of the tree follows, or undefined for files that are no LL2 resource. */
export function responseKindOf(file: string): ResponseKind | undefined {
  const match = /^2\.3\.0\/(.*)index\.json$/.exec(file);
  const pattern = match ? routeOf(match[1], [...RESOURCE_FOLDERS.keys()]) : undefined;
  const route = pattern === undefined ? undefined : RESOURCE_FOLDERS.get(pattern);
  if (!route || route.kind === 'document') return undefined;
  return `${resourceOf(route.resource).schema}-${route.kind === 'list' ? 'page' : 'detailed'}`;
}
