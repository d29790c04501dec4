// Reading a built tree back, and knowing which response schema each file follows.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';

export async function readTree(root: string): Promise<Map<string, Buffer>> {
  const files = await fg('**/*', { cwd: root, dot: true, onlyFiles: true });
  files.sort();
  const entries = await Promise.all(files.map(async (f) => [f, await readFile(path.join(root, f))] as const));
  return new Map(entries);
}

/** A tree's files as text and as JSON; a file that is not there throws, naming it. */
export function treeReader(files: ReadonlyMap<string, Buffer>): { text: (file: string) => string; json: (file: string) => any } {
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

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const LAUNCH_PAGE = new RegExp(`^2\\.3\\.0/launches/((upcoming|previous)/)?(page/\\d+/)?index\\.json$`);
const EVENT_PAGE = /^2\.3\.0\/events\/((upcoming|previous)\/)?(page\/\d+\/)?index\.json$/;
const LAUNCH_DETAIL = new RegExp(`^2\\.3\\.0/launches/${UUID}/index\\.json$`);
const EVENT_DETAIL = /^2\.3\.0\/events\/\d+\/index\.json$/;

export type ResponseKind = 'launch-page' | 'launch-detailed' | 'event-page' | 'event-detailed';

export function responseKindOf(file: string): ResponseKind | undefined {
  if (LAUNCH_PAGE.test(file)) return 'launch-page';
  if (LAUNCH_DETAIL.test(file)) return 'launch-detailed';
  if (EVENT_PAGE.test(file)) return 'event-page';
  if (EVENT_DETAIL.test(file)) return 'event-detailed';
  return undefined;
}
