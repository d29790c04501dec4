// Publishing a planned tree into the output folder as a new generation
// (generations.ts): `public` is a link to a whole tree, and a build makes the
// next tree beside it, then swaps the link in one rename, so a reader never sees
// a mix and a kill at any step leaves the old tree or the new one in place. The
// first build (or one after the recipe changed, or one that changes more than
// half the files) renders every file. Later builds compare each file's key or
// fingerprint with the manifest of the generation in place, render only what
// changed, and hard-link every other file (and its twins) from that generation:
// files are never written in place, so the generation in place never changes.
// In: the output folder, the plan, the recipe and companions. Out: the tree in
// place and what it cost; the folder's leftovers of killed builds are removed first.

import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile, PlannedFile } from '../api/files.ts';
import { mapLimit } from '../base/map-limit.ts';
import {
  currentGeneration,
  generationManifest,
  generationsDirOf,
  generationsToKeep,
  nextGenerationName,
  pointAt,
  removeGenerationsBut,
  type Generation,
} from './generations.ts';
import { assertSafeOutputPaths } from './output-paths.ts';
import {
  BuildLockedError,
  guardedWriter,
  removeStaleStaging,
  restoreInterruptedSwap,
  withBuildLock,
} from './writer.ts';

export const MANIFEST_VERSION = 1;
const RENDER_CONCURRENCY = 16;
/** Past this share of changed files, swapping in a whole new tree is as cheap and simpler. */
const FULL_REBUILD_SHARE = 0.5;

export interface Manifest {
  version: number;
  /** How files were made beyond their bytes (e.g. the compression level): a change means a full build. */
  recipe: string;
  /** Path → [fingerprint, sizes of the file and of each companion in `pathsOf` order, input key if any]. */
  files: Record<string, ManifestEntry>;
}

type ManifestEntry = [fingerprint: string, sizes: number[], key?: string];

const entryOf = (file: PlannedFile, sizes: number[]): ManifestEntry =>
  file.key === undefined ? [file.fingerprint, sizes] : [file.fingerprint, sizes, file.key];

const withKey = ([fingerprint, sizes]: ManifestEntry, key: string | undefined): ManifestEntry =>
  key === undefined ? [fingerprint, sizes] : [fingerprint, sizes, key];

/** Whether the file in place (per the manifest) already has these bytes; an equal input key answers without rendering. */
function unchanged(file: PlannedFile, previous: Manifest): boolean {
  const entry = previous.files[file.path];
  if (!entry) return false;
  if (file.key !== undefined && entry[2] === file.key) return true;
  return entry[0] === file.fingerprint;
}

export interface Companions {
  /** Companion files of a rendered file (its .gz/.br twins). */
  of(file: OutputFile): Promise<OutputFile[]>;
  /** Their paths, to remove them with their file. */
  pathsOf(path: string): string[];
}

/** The steps of a publish, in order: a test may stop the build after any of them (PublishOptions.checkpoint). */
export const PUBLISH_STEPS = [
  'cleaned',
  'linked',
  'rendered',
  'manifest',
  'placed',
  'moved-aside',
  'swapped',
  'retired',
] as const;
export type PublishStep = (typeof PUBLISH_STEPS)[number];

export interface PublishOptions {
  recipe: string;
  companions?: Companions;
  /** Told after each file is rendered and written: how many of how many (for the build's progress line). */
  progress?: (done: number, total: number) => void;
  /** Told after each step ('moved-aside' only when a folder from before generations is replaced), for tests. */
  checkpoint?: (step: PublishStep) => void | Promise<void>;
}

export interface PublishResult {
  mode: 'full' | 'incremental';
  rendered: number;
  removed: number;
  /** Every file now in the output folder with its size, and the sizes of its companions (twins) in `pathsOf` order. */
  tree: Array<{ path: string; bytes: number; twinSizes: number[] }>;
}

const LINK_CONCURRENCY = 64;
const MKDIR_CONCURRENCY = 16;

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

async function writeJsonAtomically(file: string, value: unknown): Promise<void> {
  await writeFile(`${file}.tmp`, JSON.stringify(value));
  await rename(`${file}.tmp`, file);
}

/**
 * What the in-place publisher of earlier versions left beside the output: its
 * manifest (of a folder this build replaces whole), a journal of renames and its
 * staging folders. A tree that journal would have finished is replaced whole.
 */
async function removeInPlaceLeftovers(absolute: string): Promise<void> {
  await rm(`${absolute}.manifest.json`, { force: true });
  await rm(`${absolute}.journal.json`, { force: true });
  await removeStaleStaging(absolute, '.changes-');
}

const byteLength = (file: OutputFile): number =>
  typeof file.content === 'string' ? Buffer.byteLength(file.content) : file.content.length;

/** Renders files (and their twins) with bounded concurrency, handing each to `write` and forgetting it. */
async function renderEach(
  files: readonly PlannedFile[],
  options: PublishOptions,
  write: (file: OutputFile) => Promise<void>,
): Promise<Map<string, number[]>> {
  const sizes = new Map<string, number[]>();
  options.progress?.(0, files.length);
  await mapLimit(files, RENDER_CONCURRENCY, async (planned) => {
    const file = { path: planned.path, content: planned.render() };
    const companions = (await options.companions?.of(file)) ?? [];
    for (const f of [file, ...companions]) await write(f);
    sizes.set(planned.path, [file, ...companions].map(byteLength));
    options.progress?.(sizes.size, files.length);
  });
  return sizes;
}

/** Makes every folder the plan's files go in, under `root`, parents first. */
async function makeFolders(root: string, plan: readonly PlannedFile[]): Promise<void> {
  const folders = [...new Set(plan.map((f) => path.posix.dirname(f.path)))].sort();
  await mkdir(root, { recursive: true });
  await mapLimit(folders, MKDIR_CONCURRENCY, (folder) => mkdir(path.join(root, folder), { recursive: true }));
}

/**
 * Hard-links each file (and its companions) from generation `from` into `root`.
 * Answers the files one of whose paths was missing there (deleted by hand): those
 * are rendered instead, after their links are removed (a write through a link
 * would change the generation in place).
 */
async function linkEach(
  from: string,
  root: string,
  files: readonly PlannedFile[],
  options: PublishOptions,
): Promise<PlannedFile[]> {
  const missing: PlannedFile[] = [];
  await mapLimit(files, LINK_CONCURRENCY, async (file) => {
    const paths = [file.path, ...(options.companions?.pathsOf(file.path) ?? [])];
    const outcomes = await Promise.allSettled(paths.map((p) => link(path.join(from, p), path.join(root, p))));
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (!failed) return;
    if ((failed.reason as NodeJS.ErrnoException).code !== 'ENOENT') throw failed.reason;
    await Promise.all(paths.map((p) => rm(path.join(root, p), { force: true })));
    missing.push(file);
  });
  return missing;
}

/** Every file of the tree with its size and its companions' sizes, from the manifest's record. */
function treeOf(files: Manifest['files']): PublishResult['tree'] {
  return Object.entries(files).map(([relative, [, sizes]]) => ({
    path: relative,
    bytes: sizes[0] ?? 0,
    twinSizes: sizes.slice(1),
  }));
}

/** Which files to render, and the generation to link the others from (none: render all). */
function choose(
  plan: readonly PlannedFile[],
  current: Generation | undefined,
  previous: Manifest | undefined,
  recipe: string,
) {
  if (current && previous?.version === MANIFEST_VERSION && previous.recipe === recipe) {
    const changed = plan.filter((f) => !unchanged(f, previous));
    if (changed.length <= plan.length * FULL_REBUILD_SHARE)
      return { base: { generation: current, manifest: previous }, changed };
  }
  return { base: undefined, changed: plan };
}

/** Makes the output folder hold exactly the plan (plus twins), as a new generation swapped in whole. */
export async function publishPlan(
  outDir: string,
  plan: readonly PlannedFile[],
  options: PublishOptions,
): Promise<PublishResult> {
  assertSafeOutputPaths(plan.map((f) => f.path));
  const absolute = path.resolve(outDir);
  await mkdir(path.dirname(absolute), { recursive: true });
  const step = async (name: PublishStep) => options.checkpoint?.(name);
  return withBuildLock(absolute, async () => {
    // Leftovers of killed or failed builds: a folder moved aside for a link, in-place leftovers,
    // generations never published or no longer read, staging folders.
    await restoreInterruptedSwap(absolute);
    await removeInPlaceLeftovers(absolute);
    const current = await currentGeneration(absolute);
    await removeGenerationsBut(absolute, await generationsToKeep(absolute, current));
    await removeStaleStaging(absolute);
    await step('cleaned');

    const previous = current && (await readJson<Manifest>(generationManifest(absolute, current.name)));
    const { base, changed: planned } = choose(plan, current, previous, options.recipe);
    const staging = `${absolute}.tmp-${process.pid}`;
    const writer = guardedWriter((file) => writeFile(path.join(staging, file.path), file.content));
    try {
      await makeFolders(staging, plan);
      const rendering = new Set(planned);
      const missing = base
        ? await linkEach(
            base.generation.dir,
            staging,
            plan.filter((f) => !rendering.has(f)),
            options,
          )
        : [];
      await step('linked');
      const changed = [...planned, ...missing];
      const sizes = await renderEach(changed, options, writer.write);
      await step('rendered');

      // Unchanged files keep their manifest entry (reading their fingerprint would render them),
      // under their new input key: one found unchanged by its bytes is then skipped by its key next time.
      const files = Object.fromEntries(
        plan.map((f) => [
          f.path,
          sizes.has(f.path) ? entryOf(f, sizes.get(f.path)!) : withKey(base!.manifest.files[f.path], f.key),
        ]),
      );
      const name = await nextGenerationName(absolute, current);
      await mkdir(generationsDirOf(absolute), { recursive: true });
      await writeJsonAtomically(generationManifest(absolute, name), {
        version: MANIFEST_VERSION,
        recipe: options.recipe,
        files,
      } satisfies Manifest);
      await step('manifest');
      // Two builds taking over the same stale lock at once: only the one whose pid it holds swaps.
      if (Number((await readFile(`${absolute}.lock`, 'utf8').catch(() => '')).trim()) !== process.pid) {
        throw new BuildLockedError(`another build took the lock of ${absolute} while this one was writing`);
      }
      await rename(staging, path.join(generationsDirOf(absolute), name));
      await step('placed');
      await pointAt(absolute, name, () => step('moved-aside'));
      await step('swapped');
      // The generation just replaced stays one build longer, for readers that resolved the link before the swap.
      await removeGenerationsBut(absolute, new Set([name, ...(current ? [current.name] : [])]));
      await step('retired');
      const planPaths = new Set(plan.map((f) => f.path));
      const removed = base ? Object.keys(base.manifest.files).filter((p) => !planPaths.has(p)).length : 0;
      return { mode: base ? 'incremental' : 'full', rendered: changed.length, removed, tree: treeOf(files) };
    } catch (error) {
      await writer.stop();
      await rm(staging, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
      throw error;
    }
  });
}
