// The output folder as a pointer to one whole tree. `public` is a symbolic link
// to `public.generations/<n>`, a complete tree that is never changed once it is
// in place; a build makes generation n+1 beside it and publishes it with one
// rename(2) of a new link over the old one, so a reader of `public/` finds the
// old tree or the new one, never a mix, at any instant and after a kill at any
// step. Each generation's manifest (publish.ts) sits beside it, as
// `public.generations/<n>.manifest.json`.
// In: the output folder's path. Out: the generation in place, a name for the
// next, the swap, and the removal of generations no reader needs any more.
// Every function but currentGeneration is for the holder of the build lock.

import { lstat, readdir, readlink, rename, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { retiredTree } from './writer.ts';

export interface Generation {
  /** Its number, as a decimal string. */
  name: string;
  /** Its folder, absolute. */
  dir: string;
}

const NAME = /^[1-9]\d*$/;
const MANIFEST_SUFFIX = '.manifest.json';

/** The folder holding every generation of `outDir` and their manifests. */
export const generationsDirOf = (outDir: string): string => `${path.resolve(outDir)}.generations`;

/** Where the manifest of generation `name` lives. */
export const generationManifest = (outDir: string, name: string): string =>
  path.join(generationsDirOf(outDir), `${name}${MANIFEST_SUFFIX}`);

/** What the link at `outDir` holds for generation `name`: relative, so the folders can be moved together. */
const linkTargetOf = (outDir: string, name: string): string => path.join(path.basename(generationsDirOf(outDir)), name);

/** The generation `outDir` points at, or undefined (no link, a folder from before generations, a link of someone else's). */
export async function currentGeneration(outDir: string): Promise<Generation | undefined> {
  const target = await readlink(path.resolve(outDir)).catch(() => undefined);
  const name = target === undefined ? undefined : path.basename(target);
  if (name === undefined || !NAME.test(name) || target !== linkTargetOf(outDir, name)) return undefined;
  const dir = path.join(generationsDirOf(outDir), name);
  return (await stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  ))
    ? { name, dir }
    : undefined;
}

/** The numbers of the generations (and manifests) present, in ascending order. */
async function presentNumbers(outDir: string): Promise<number[]> {
  const names = await readdir(generationsDirOf(outDir)).catch(() => [] as string[]);
  const numbers = names
    .map((n) => (n.endsWith(MANIFEST_SUFFIX) ? n.slice(0, -MANIFEST_SUFFIX.length) : n))
    .filter((n) => NAME.test(n))
    .map(Number);
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** A name no generation has had since the folder was last emptied: one past the highest present. */
export async function nextGenerationName(outDir: string, current: Generation | undefined): Promise<string> {
  const numbers = await presentNumbers(outDir);
  return String(Math.max(0, Number(current?.name ?? 0), ...numbers) + 1);
}

/**
 * Removes every generation (folder and manifest) but those in `keep`, and the
 * links of swaps that were killed before their rename. Anything else in the
 * generations folder is left alone.
 */
export async function removeGenerationsBut(outDir: string, keep: ReadonlySet<string>): Promise<void> {
  const dir = generationsDirOf(outDir);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const number = name.endsWith(MANIFEST_SUFFIX) ? name.slice(0, -MANIFEST_SUFFIX.length) : name;
    if (NAME.test(number) && !keep.has(number)) await rm(path.join(dir, name), { recursive: true, force: true });
  }
  const absolute = path.resolve(outDir);
  const prefix = `${path.basename(absolute)}.link-`;
  for (const name of await readdir(path.dirname(absolute)).catch(() => [] as string[])) {
    if (name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
      await rm(path.join(path.dirname(absolute), name), { force: true });
  }
}

/**
 * The generations a build starts from: the one in place, and the one before it
 * (kept for readers that resolved the link before the last swap). Anything
 * numbered above the one in place was never published (a build killed before its swap).
 */
export async function generationsToKeep(outDir: string, current: Generation | undefined): Promise<Set<string>> {
  if (!current) return new Set();
  const below = (await presentNumbers(outDir)).filter((n) => n < Number(current.name));
  return new Set([current.name, ...below.slice(-1).map(String)]);
}

/**
 * Points `outDir` at generation `name`, in one rename of a new link over the old
 * one. A folder in its place (the output of a build from before generations, or
 * made by hand) cannot be swapped for a link in one step: it is moved aside first
 * (`<outDir>.old`, which restoreInterruptedSwap in writer.ts puts back if the build
 * is killed in between), so for that one swap a reader may find nothing, never a mix.
 */
export async function pointAt(outDir: string, name: string, movedAside?: () => void | Promise<void>): Promise<void> {
  const absolute = path.resolve(outDir);
  const link = `${absolute}.link-${process.pid}`;
  await rm(link, { force: true });
  await symlink(linkTargetOf(absolute, name), link);
  const inPlace = await lstat(absolute).catch(() => undefined);
  if (inPlace?.isDirectory()) {
    await rename(absolute, retiredTree(absolute));
    await movedAside?.();
  }
  await rename(link, absolute);
  await rm(retiredTree(absolute), { recursive: true, force: true });
}
