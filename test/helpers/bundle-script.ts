// A test's TypeScript entry (a helper run as a child process, e.g. killed-publish.ts)
// made into one JavaScript file with esbuild, for tests that start it many times:
// Node runs it without tsx's loader (about 0.5 s of CPU less per start). In: the entry's
// path. Out: the bundle's path, in a folder of its own under node_modules/.cache (so that
// the packages it imports are found from there, as scripts/run.mjs's bundles are), and a
// function that removes it. The bundle runs as the sources do: lib/base/tool-identity.ts
// finds the project from its own folder, which is given here as the sources' (nothing
// else in scripts/ relies on its location), and the validators compiled ahead of time
// come from LAUNCH_SCHEDULE_VALIDATORS (test/helpers/global-setup.ts).

import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './run-cli.ts';

const CACHE = path.join(ROOT, 'node_modules/.cache/launch-schedule-test');

export async function bundleScript(entry: string): Promise<{ file: string; remove: () => Promise<void> }> {
  await mkdir(CACHE, { recursive: true });
  const dir = await mkdtemp(path.join(CACHE, `${path.basename(entry, '.ts')}-`));
  const file = path.join(dir, `${path.basename(entry, '.ts')}.mjs`);
  await build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    define: { 'import.meta.dirname': JSON.stringify(path.join(ROOT, 'scripts/lib/base')) },
    logLevel: 'silent',
  });
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}
