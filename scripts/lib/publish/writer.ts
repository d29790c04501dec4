// Writing the published tree: everything goes to a fresh folder beside the
// output, which replaces the output only when every file is written. A lock
// keeps two builds from swapping at once. A failed build leaves the old tree.

import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from '../api/files.ts';
import { mapLimit } from '../base/map-limit.ts';
import { assertSafeOutputPaths } from './output-paths.ts';

const WRITE_CONCURRENCY = 64;

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class BuildLockedError extends Error {}

/**
 * Takes `<outDir>.lock`, or fails if a live process holds it; a stale lock is taken over.
 * The lock appears with its holder's pid already in it (written beside it, then hard-linked
 * into place, which fails if the lock exists), so no build ever reads an empty lock.
 */
async function acquireLock(lockPath: string): Promise<() => Promise<void>> {
  const candidate = `${lockPath}.${process.pid}`;
  await writeFile(candidate, String(process.pid));
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await link(candidate, lockPath);
        await removeDeadCandidates(lockPath);
        return async () => {
          // Remove the lock only while it is still ours.
          if (await holdsLock(lockPath)) await rm(lockPath, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
        if (holder && holder !== process.pid && processIsAlive(holder)) {
          throw new BuildLockedError(
            `another build (process ${holder}) is writing ${lockPath.replace(/\.lock$/, '')}; wait for it to finish`,
          );
        }
        await rm(lockPath, { force: true });
      }
    }
  } finally {
    await rm(candidate, { force: true });
  }
  throw new BuildLockedError(`could not take the build lock ${lockPath}`);
}

/**
 * Lock candidates (`<lock>.<pid>`) of builds killed while taking the lock, after it
 * became theirs and before they removed the candidate. Those of live builds are theirs to remove.
 */
async function removeDeadCandidates(lockPath: string): Promise<void> {
  const prefix = `${path.basename(lockPath)}.`;
  for (const name of await readdir(path.dirname(lockPath)).catch(() => [] as string[])) {
    const pid = name.startsWith(prefix) ? name.slice(prefix.length) : '';
    if (/^\d+$/.test(pid) && Number(pid) !== process.pid && !processIsAlive(Number(pid)))
      await rm(path.join(path.dirname(lockPath), name), { force: true });
  }
}

const holdsLock = async (lockPath: string): Promise<boolean> =>
  Number((await readFile(lockPath, 'utf8').catch(() => '')).trim()) === process.pid;

/**
 * Staging folders of builds that were killed or failed (`<outDir><marker><pid>`, e.g.
 * `public.tmp-123`): only the lock holder may remove them, and only once nothing
 * still needs them (publish.ts replays its journal first).
 */
export async function removeStaleStaging(outDir: string, marker = '.tmp-'): Promise<void> {
  const absolute = path.resolve(outDir);
  const prefix = `${path.basename(absolute)}${marker}`;
  const siblings = await readdir(path.dirname(absolute)).catch(() => [] as string[]);
  for (const name of siblings) {
    if (name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
      await rm(path.join(path.dirname(absolute), name), { recursive: true, force: true });
  }
}

/**
 * A writer that, once one write has failed, refuses the rest, and can wait for the
 * writes still in flight: then the staging folder can be removed for good (a write
 * finishing after the removal would create it again).
 */
export function guardedWriter(write: (file: OutputFile) => Promise<void>) {
  const inFlight = new Set<Promise<void>>();
  let failed = false;
  return {
    write(file: OutputFile): Promise<void> {
      if (failed) return Promise.reject(new Error('an earlier write failed'));
      const pending = write(file).catch((error: unknown) => {
        failed = true;
        throw error;
      });
      inFlight.add(pending);
      pending.then(
        () => inFlight.delete(pending),
        () => inFlight.delete(pending),
      );
      return pending;
    },
    async stop(): Promise<void> {
      failed = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** Writes into `root`, creating folders as needed; several writes may be in flight at once. */
function folderWriter(root: string): (file: OutputFile) => Promise<void> {
  const made = new Map<string, Promise<unknown>>();
  return async (file) => {
    const target = path.join(root, file.path);
    const folder = path.dirname(target);
    let ready = made.get(folder);
    if (!ready) made.set(folder, (ready = mkdir(folder, { recursive: true })));
    await ready;
    await writeFile(target, file.content);
  };
}

async function writeAll(write: (file: OutputFile) => Promise<void>, files: readonly OutputFile[]): Promise<void> {
  await mapLimit(files, WRITE_CONCURRENCY, write);
}

/** Runs `work` while holding the output folder's build lock. */
export async function withBuildLock<T>(outDir: string, work: () => Promise<T>): Promise<T> {
  const absolute = path.resolve(outDir);
  await mkdir(path.dirname(absolute), { recursive: true });
  const release = await acquireLock(`${absolute}.lock`);
  try {
    return await work();
  } finally {
    await release();
  }
}

/** Where a tree being replaced waits between the two renames of a swap. */
export const retiredTree = (absolute: string): string => `${absolute}.old`;

/**
 * A swap killed between its two renames (swapInTree) leaves only the retired tree:
 * put it back. The caller holds the build lock (withBuildLock).
 */
export async function restoreInterruptedSwap(outDir: string): Promise<void> {
  const absolute = path.resolve(outDir);
  if (!(await exists(absolute)) && (await exists(retiredTree(absolute)))) await rename(retiredTree(absolute), absolute);
}

/**
 * Replaces `outDir` with exactly what `produce` writes, or leaves it as it was.
 * `produce` may also put files into the staging folder it is given by other means
 * (hard links of files that stay the same). The caller holds the build lock (withBuildLock).
 */
export async function swapInTree(
  outDir: string,
  produce: (write: (file: OutputFile) => Promise<void>, staging: string) => Promise<void>,
): Promise<void> {
  const absolute = path.resolve(outDir);
  const staging = `${absolute}.tmp-${process.pid}`;
  const retired = retiredTree(absolute);
  const writer = guardedWriter(folderWriter(staging));
  try {
    await restoreInterruptedSwap(absolute);
    await rm(retired, { recursive: true, force: true });
    await removeStaleStaging(absolute);
    await produce(writer.write, staging);
    await mkdir(staging, { recursive: true });
    // Two builds taking over the same stale lock at once: only the one whose pid it holds swaps.
    if (!(await holdsLock(`${absolute}.lock`)))
      throw new BuildLockedError(`another build took the lock of ${absolute} while this one was writing`);
    if (await exists(absolute)) await rename(absolute, retired);
    await rename(staging, absolute);
    await rm(retired, { recursive: true, force: true });
  } catch (error) {
    await writer.stop();
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
}

/** Replaces `outDir` with exactly `files`, or leaves it as it was. */
export async function writeTreeAtomically(outDir: string, files: readonly OutputFile[]): Promise<void> {
  assertSafeOutputPaths(files.map((f) => f.path)); // before anything is touched (output-paths.ts)
  await withBuildLock(outDir, () => swapInTree(outDir, (write) => writeAll(write, files)));
}
