// Publishing a planned tree into the output folder. The first build (or one
// after the recipe changed) renders every file into a staging folder and swaps
// it in whole (writer.ts). Later builds compare each file's fingerprint with the
// manifest of the tree in place and render only what changed: the changed files
// are staged beside the output first, so any failure leaves the output as it
// was; then a journal is written and the staged files are renamed into place.
// A build killed during those renames is completed by the next build, which
// replays the journal before doing anything else.

import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile, PlannedFile } from '../api/files.ts';
import { mapLimit } from '../base/map-limit.ts';
import { assertSafeOutputPaths } from './output-paths.ts';
import { removeStaleStaging, swapInTree, withBuildLock } from './writer.ts';

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

const entryOf = (file: PlannedFile, sizes: number[]): ManifestEntry => (file.key === undefined ? [file.fingerprint, sizes] : [file.fingerprint, sizes, file.key]);

const withKey = ([fingerprint, sizes]: ManifestEntry, key: string | undefined): ManifestEntry => (key === undefined ? [fingerprint, sizes] : [fingerprint, sizes, key]);

/** Whether the file in place (per the manifest) already has these bytes; an equal input key answers without rendering. */
function unchanged(file: PlannedFile, previous: Manifest): boolean {
  const entry = previous.files[file.path];
  if (!entry) return false;
  if (file.key !== undefined && entry[2] === file.key) return true;
  return entry[0] === file.fingerprint;
}

interface Journal {
  renames: string[];
  removals: string[];
}

export interface Companions {
  /** Companion files of a rendered file (its .gz/.br twins). */
  of(file: OutputFile): Promise<OutputFile[]>;
  /** Their paths, to remove them with their file. */
  pathsOf(path: string): string[];
}

export interface PublishOptions {
  recipe: string;
  companions?: Companions;
  /** Told after each file is rendered and written: how many of how many (for the build's progress line). */
  progress?: (done: number, total: number) => void;
}

export interface PublishResult {
  mode: 'full' | 'incremental';
  rendered: number;
  removed: number;
  /** Every file now in the output folder with its size, and the sizes of its companions (twins) in `pathsOf` order. */
  tree: Array<{ path: string; bytes: number; twinSizes: number[] }>;
}

const paths = (outDir: string) => {
  const absolute = path.resolve(outDir);
  return { absolute, manifest: `${absolute}.manifest.json`, journal: `${absolute}.journal.json`, staging: `${absolute}.changes-${process.pid}` };
};

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

/** Finishes an interrupted incremental publish: every staged file still waiting is moved in. */
async function replayJournal(outDir: string): Promise<void> {
  const { absolute, journal: journalFile, manifest } = paths(outDir);
  const journal = await readJson<Journal & { staging: string }>(journalFile);
  if (!journal) return;
  await rm(manifest, { force: true });
  for (const relative of journal.renames) {
    const from = path.join(journal.staging, relative);
    if (await stat(from).then(() => true, () => false)) {
      await mkdir(path.dirname(path.join(absolute, relative)), { recursive: true });
      await rename(from, path.join(absolute, relative));
    }
  }
  for (const relative of journal.removals) await rm(path.join(absolute, relative), { force: true });
  await rm(journal.staging, { recursive: true, force: true });
  await rm(journalFile, { force: true });
}

/** Renders files (and their twins) with bounded concurrency, handing each to `write` and forgetting it. */
const byteLength = (file: OutputFile): number => (typeof file.content === 'string' ? Buffer.byteLength(file.content) : file.content.length);

async function renderEach(files: readonly PlannedFile[], options: PublishOptions, write: (file: OutputFile) => Promise<void>): Promise<Map<string, number[]>> {
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

async function publishFull(outDir: string, plan: readonly PlannedFile[], options: PublishOptions): Promise<PublishResult> {
  const { manifest } = paths(outDir);
  await rm(manifest, { force: true });
  let sizes = new Map<string, number[]>();
  await swapInTree(outDir, async (write) => {
    sizes = await renderEach(plan, options, write);
  });
  const files = Object.fromEntries(plan.map((f) => [f.path, entryOf(f, sizes.get(f.path)!)]));
  await writeJsonAtomically(manifest, { version: MANIFEST_VERSION, recipe: options.recipe, files } satisfies Manifest);
  return { mode: 'full', rendered: plan.length, removed: 0, tree: treeOf(files) };
}

async function publishChanges(outDir: string, plan: readonly PlannedFile[], changed: readonly PlannedFile[], previous: Manifest, options: PublishOptions): Promise<PublishResult> {
  const { absolute, manifest, journal, staging } = paths(outDir);
  const planned = new Set(plan.map((f) => f.path));
  const gone = Object.keys(previous.files).filter((p) => !planned.has(p));

  // Stage: nothing in the output is touched yet, so a failure here changes nothing.
  await rm(staging, { recursive: true, force: true });
  const staged: string[] = [];
  const sizes = await renderEach(changed, options, async (file) => {
    await mkdir(path.dirname(path.join(staging, file.path)), { recursive: true });
    await writeFile(path.join(staging, file.path), file.content);
    staged.push(file.path);
  });
  const removals = gone.flatMap((relative) => [relative, ...(options.companions?.pathsOf(relative) ?? [])]);

  // Commit: from here on the journal lets the next build finish what this one started.
  await rm(manifest, { force: true });
  await writeJsonAtomically(journal, { staging, renames: staged.sort(), removals } satisfies Journal & { staging: string });
  for (const relative of staged.sort()) {
    await mkdir(path.dirname(path.join(absolute, relative)), { recursive: true });
    await rename(path.join(staging, relative), path.join(absolute, relative));
  }
  for (const relative of removals) await rm(path.join(absolute, relative), { force: true });
  for (const relative of gone) await rmdir(path.dirname(path.join(absolute, relative))).catch(() => undefined);
  // Unchanged files keep their manifest entry (reading their fingerprint would render them),
  // under their new input key: one found unchanged by its bytes is then skipped by its key next time.
  const files = Object.fromEntries(plan.map((f) => [f.path, sizes.has(f.path) ? entryOf(f, sizes.get(f.path)!) : withKey(previous.files[f.path], f.key)]));
  await writeJsonAtomically(manifest, { version: MANIFEST_VERSION, recipe: options.recipe, files } satisfies Manifest);
  await rm(journal, { force: true });
  await rm(staging, { recursive: true, force: true });
  return { mode: 'incremental', rendered: changed.length, removed: gone.length, tree: treeOf(files) };
}

/** Every file of the tree with its size and its companions' sizes, from the manifest's record. */
function treeOf(files: Manifest['files']): PublishResult['tree'] {
  return Object.entries(files).map(([relative, [, sizes]]) => ({ path: relative, bytes: sizes[0] ?? 0, twinSizes: sizes.slice(1) }));
}

/** Makes the output folder hold exactly the plan (plus twins), touching only what changed when it can. */
export async function publishPlan(outDir: string, plan: readonly PlannedFile[], options: PublishOptions): Promise<PublishResult> {
  assertSafeOutputPaths(plan.map((f) => f.path));
  const { absolute, manifest } = paths(outDir);
  await mkdir(path.dirname(absolute), { recursive: true });
  return withBuildLock(outDir, async () => {
    await replayJournal(outDir);
    await removeStaleStaging(outDir, '.changes-'); // of builds killed or failed before their journal (writer.ts)
    const previous = await readJson<Manifest>(manifest);
    const usable = previous?.version === MANIFEST_VERSION && previous.recipe === options.recipe
      && (await stat(absolute).then((s) => s.isDirectory(), () => false));
    if (usable) {
      const changed = plan.filter((f) => !unchanged(f, previous));
      if (changed.length <= plan.length * FULL_REBUILD_SHARE) return publishChanges(outDir, plan, changed, previous, options);
    }
    return publishFull(outDir, plan, options);
  });
}
