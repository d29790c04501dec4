// npm run build / npm run validate: node scripts/run.mjs <build|validate> [options]
//
// Runs the command from one bundled JavaScript file instead of through the
// TypeScript loader. Both commands run after every edit and every hour, and
// starting tsx and resolving fifty modules through its loader thread costs more
// than a warm rebuild's own work. The bundle is made with esbuild from the current
// sources and kept under node_modules/.cache, named by the tool fingerprint
// (lib/base/tool-fingerprint.mjs): any change to scripts/ or to package-lock.json
// gives a new bundle, so it can never run stale code. Where no bundle can be made
// (esbuild missing, read-only folder), the sources run through tsx as before.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { computeToolFingerprint } from './lib/base/tool-fingerprint.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const COMMANDS = { build: 'scripts/build.ts', validate: 'scripts/validate.ts' };
// Worker threads load their own entry (lib/data/file-stage.ts): it sits next to the bundles under this name.
const WORKER = { 'file-worker-entry': 'scripts/lib/data/file-worker.ts' };
// Writes the data-file validators as code beside the bundles, so that they are not compiled on every run.
const VALIDATORS = { 'validator-modules': 'scripts/lib/data/validator-modules.ts' };
// Inside node_modules, so that the packages the bundles import are found from there.
const BUNDLES_DIR = path.join(ROOT, 'node_modules/.cache/launch-schedule-tool');

/** The folder holding the bundles of this version of the tool, made if missing. */
async function bundledTool() {
  const fingerprint = computeToolFingerprint(ROOT);
  // The project folder is baked into the bundle, so it is part of the name too.
  const name = createHash('sha1').update(`${fingerprint}\0${ROOT}`).digest('base64url');
  const dir = path.join(BUNDLES_DIR, name);
  if (existsSync(path.join(dir, 'build.mjs'))) return dir;

  const { build } = await import('esbuild');
  const staging = `${dir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(
      Object.entries({ ...COMMANDS, ...WORKER, ...VALIDATORS }).map(([out, source]) => [out, path.join(ROOT, source)]),
    ),
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    define: { BUNDLED_TOOL: JSON.stringify({ root: ROOT, fingerprint }) },
    logLevel: 'silent',
  });
  // Beside the commands (lib/base/tool-identity.ts, BUNDLE_EXTRAS): validators as code, and packages in one file each.
  const extras = await import(pathToFileURL(path.join(staging, 'validator-modules.mjs')).href);
  const { validators, packages, prebundledPackages } = extras.BUNDLE_EXTRAS;
  extras.writeValidatorModules(path.join(staging, validators));
  await build({
    entryPoints: Object.fromEntries(prebundledPackages.map((name) => [name, name])),
    absWorkingDir: ROOT,
    outdir: path.join(staging, packages),
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'silent',
  });
  try {
    renameSync(staging, dir); // all files appear at once; a half-made bundle is never run
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(path.join(dir, 'build.mjs'))) throw error; // else another run made the same bundle first
  }
  // Bundles of earlier versions are never used again.
  for (const old of readdirSync(BUNDLES_DIR)) {
    if (old !== name && !old.endsWith('.tmp')) rmSync(path.join(BUNDLES_DIR, old), { recursive: true, force: true });
  }
  return dir;
}

const [command, ...args] = process.argv.slice(2);
if (!Object.hasOwn(COMMANDS, command)) {
  const usage = `usage: node scripts/run.mjs <${Object.keys(COMMANDS).join('|')}> [options]   (npm run build / npm run validate; add --help for their options)`;
  // Asked for: the usage on stdout, and success. Anything else is a mistake.
  const asked = command === undefined ? false : ['--help', '-h', 'help'].includes(command);
  (asked ? console.log : console.error)(usage);
  process.exit(asked ? 0 : 2);
}
// The command reads its options from process.argv as if started directly.
process.argv = [process.argv[0], path.join(ROOT, COMMANDS[command]), ...args];

let bundle;
try {
  if (process.env.LAUNCH_SCHEDULE_NO_BUNDLE !== '1') bundle = await bundledTool();
} catch (error) {
  if (process.env.DEBUG) console.error('could not bundle the tool; running the TypeScript sources:', error);
}
if (bundle) {
  await import(pathToFileURL(path.join(bundle, `${command}.mjs`)).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(ROOT, COMMANDS[command])).href);
}
