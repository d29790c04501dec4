// Writing a sync's files into the data folder all at once (and deleting the
// launches LL2 no longer has). The importer's own
// writer renames file by file, so a run stopped halfway could leave launches that
// point at reference records not yet written. Here the whole folder is made
// anew beside it (unchanged files hard-linked, changed ones written) and swapped
// in with two renames (publish/writer.ts): a run stopped at any point leaves the
// old folder or the new one, never a mix. Hard links keep the unchanged files'
// inodes and times, so the build's record cache still knows them afterwards.

import { copyFileSync, linkSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { assertSafeOutputPaths } from '../../publish/output-paths.ts';
import { swapInTree } from '../../publish/writer.ts';
import type { ImportFile } from '../run.ts';

/**
 * Every file under `dir`, `/`-separated and relative to it; anything but plain
 * files and folders is refused. The entries' types come with the listing (no
 * stat per file), and the calls are synchronous: a data folder is thousands of
 * small files, and an hourly sync (or a replay, thousands of syncs) does nothing
 * else meanwhile.
 */
function filesUnder(dir: string, prefix = ''): string[] {
  const found: string[] = [];
  const entries = readdirSync(path.join(dir, prefix), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...filesUnder(dir, relative));
    else if (entry.isFile()) found.push(relative);
    else
      throw new Error(`${path.join(dir, relative)} is not a plain file or folder; the data folder was left as it was`);
  }
  return found;
}

/**
 * The data folder with `files` written over it (added or replaced) and the
 * `removed` paths gone, or as it was. The caller holds the folder's lock (withBuildLock).
 */
export async function replaceDataFiles(
  dataDir: string,
  files: readonly ImportFile[],
  removed: ReadonlySet<string> = new Set(),
): Promise<void> {
  const changed = new Map(files.map((f) => [f.path, f.content]));
  const paths = [...new Set([...filesUnder(dataDir), ...changed.keys()])].filter((p) => !removed.has(p));
  assertSafeOutputPaths(paths);
  await swapInTree(dataDir, async (write, staging) => {
    const folders = new Set<string>();
    for (const file of paths) {
      if (changed.has(file)) continue;
      const [from, to] = [path.join(dataDir, file), path.join(staging, file)];
      const folder = path.dirname(to);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      try {
        linkSync(from, to);
      } catch {
        copyFileSync(from, to); // a file system without hard links gets a copy
      }
    }
    for (const [file, content] of changed) if (!removed.has(file)) await write({ path: file, content });
  });
}
