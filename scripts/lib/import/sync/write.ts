// Writing a sync's files into the data folder all at once (and deleting the
// launches LL2 no longer has). The importer's own
// writer renames file by file, so a run stopped halfway could leave launches that
// point at reference records not yet written. Here the whole folder is made
// anew beside it (unchanged files hard-linked, changed ones written) and swapped
// in with two renames (publish/writer.ts): a run stopped at any point leaves the
// old folder or the new one, never a mix. Hard links keep the unchanged files'
// inodes and times, so the build's record cache still knows them afterwards.

import { copyFile, link, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { mapLimit } from '../../base/map-limit.ts';
import { assertSafeOutputPaths } from '../../publish/output-paths.ts';
import { swapInTree } from '../../publish/writer.ts';
import type { ImportFile } from '../run.ts';

const COPY_CONCURRENCY = 32;

/** Every file under `dir`, `/`-separated and relative to it; anything but plain files and folders is refused. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const name of (await readdir(path.join(dir, prefix))).sort()) {
    const relative = prefix ? `${prefix}/${name}` : name;
    const stats = await lstat(path.join(dir, relative));
    if (stats.isDirectory()) found.push(...(await filesUnder(dir, relative)));
    else if (stats.isFile()) found.push(relative);
    else throw new Error(`${path.join(dir, relative)} is not a plain file or folder; the data folder was left as it was`);
  }
  return found;
}

/**
 * The data folder with `files` written over it (added or replaced) and the
 * `removed` paths gone, or as it was. The caller holds the folder's lock (withBuildLock).
 */
export async function replaceDataFiles(dataDir: string, files: readonly ImportFile[], removed: ReadonlySet<string> = new Set()): Promise<void> {
  const changed = new Map(files.map((f) => [f.path, f.content]));
  const paths = [...new Set([...(await filesUnder(dataDir)), ...changed.keys()])].filter((p) => !removed.has(p));
  assertSafeOutputPaths(paths);
  await swapInTree(dataDir, async (write, staging) => {
    const folders = new Map<string, Promise<unknown>>();
    await mapLimit(paths, COPY_CONCURRENCY, async (file) => {
      const content = changed.get(file);
      if (content !== undefined) return write({ path: file, content });
      const [from, to] = [path.join(dataDir, file), path.join(staging, file)];
      const folder = path.dirname(to);
      if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
      await folders.get(folder);
      // A file system without hard links gets a copy.
      await link(from, to).catch(() => copyFile(from, to));
    });
  });
}
