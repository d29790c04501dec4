// Running the real command-line build as a contributor or CI would, one process
// per call, and comparing output folders byte for byte.

import { spawn } from 'node:child_process';
import { readdir, readlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readTree } from './tree.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
/**
 * How a script runs by default: Node with tsx's loader, in one process (the tsx command
 * starts a second Node to run it, a second's CPU more for each of the many runs here).
 */
export const NODE_TSX: [string, ...string[]] = [process.execPath, '--import', 'tsx'];
/**
 * `npm run build` as package.json runs it: scripts/run.mjs, which runs the bundle of the
 * current sources (made once per version of the tool, with the data-file validators
 * compiled ahead of time) rather than the sources through tsx's loader.
 */
export const NPM_RUN_BUILD: [string, ...string[]] = [process.execPath, path.join(ROOT, 'scripts/run.mjs'), 'build'];
export const NOW = '2026-11-21T12:00:00Z';

/** tsx's loader by its path, so that `--import` finds it from any working folder. */
const TSX_LOADER = createRequire(path.join(ROOT, 'package.json')).resolve('tsx');
const BUNDLED: Record<string, string> = { 'build.ts': 'build', 'validate.ts': 'validate' };

/**
 * The command line of the npm script behind `scripts/<script>`, as package.json runs it:
 * build and validate through scripts/run.mjs (the bundle), the others their source with
 * tsx's loader in one Node process (the tsx command starts a second Node to run it).
 */
export function scriptCommand(script: string): [string, ...string[]] {
  const bundled = BUNDLED[script];
  return bundled
    ? [process.execPath, path.join(ROOT, 'scripts/run.mjs'), bundled]
    : [process.execPath, '--import', TSX_LOADER, path.join(ROOT, 'scripts', script)];
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface RunOptions {
  env?: Record<string, string>;
  /** Command to run instead of NODE_TSX (e.g. bash with a ulimit). */
  command?: [string, ...string[]];
  timeoutMs?: number;
  onSpawn?: (pid: number) => void;
}

/** The environment of a contributor's shell: vitest's own BASE_URL removed. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const {
    BASE_URL: _base,
    DATA_DIR: _data,
    OUT_DIR: _out,
    BUILD_NOW: _now,
    GITHUB_ACTIONS: _gha,
    DEBUG: _debug,
    ...inherited
  } = process.env;
  return { ...inherited, ...extra };
}

export function runProcess(args: string[], options: RunOptions = {}): Promise<CliResult> {
  const [command, ...prefix] = options.command ?? NODE_TSX;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...prefix, ...args], {
      cwd: ROOT,
      env: cleanEnv(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/**
 * `npm run build` with explicit folders and clock. The record cache (if the build
 * keeps one) goes beside the output folder, never into the project's node_modules.
 * `options.command` replaces NPM_RUN_BUILD's first word (node), e.g. by bash with a ulimit.
 */
export function runBuild(dataDir: string, outDir: string, options: RunOptions = {}): Promise<CliResult> {
  const env = { BUILD_CACHE_DIR: `${outDir}.test-cache`, ...options.env };
  const [node, ...build] = NPM_RUN_BUILD;
  return runProcess([...build, '--data-dir', dataDir, '--out-dir', outDir, '--now', NOW], {
    ...options,
    command: options.command ?? [node],
    env,
  });
}

/** Lines of a stack trace, as Node prints them. */
export const STACK_LINE = /^\s+at .+/m;

/** Runs `tasks` with at most `limit` at a time; results in task order. */
export async function inPool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  return results;
}

/** Differences between two trees: missing, extra or changed files. Empty when byte-identical. */
export async function treeDifferences(expected: Map<string, Buffer>, actualRoot: string): Promise<string[]> {
  const actual = await readTree(actualRoot).catch(() => new Map<string, Buffer>());
  const differences: string[] = [];
  for (const [file, bytes] of expected) {
    const other = actual.get(file);
    if (!other) differences.push(`missing ${file}`);
    else if (!other.equals(bytes)) differences.push(`changed ${file}`);
  }
  for (const file of actual.keys()) if (!expected.has(file)) differences.push(`extra ${file}`);
  return differences;
}

/**
 * What a build leaves beside its output folder when it did not finish cleanly: anything
 * but the test's record cache and, in the generations folder (publish/generations.ts),
 * more than the tree in place and the one before it, each with its manifest.
 */
export async function leftovers(outDir: string): Promise<string[]> {
  const base = path.basename(outDir);
  const siblings = await readdir(path.dirname(outDir));
  const debris = siblings.filter(
    (name) => name.startsWith(`${base}.`) && name !== `${base}.test-cache` && name !== `${base}.generations`,
  );
  const current = Number(path.basename(await readlink(outDir).catch(() => '')));
  const generations = await readdir(`${outDir}.generations`).catch(() => [] as string[]);
  const numberOf = (name: string) => Number(name.replace(/\.manifest\.json$/, ''));
  const before = Math.max(0, ...generations.map(numberOf).filter((n) => n < current));
  const kept = new Set([current, before].flatMap((n) => (n > 0 ? [String(n), `${n}.manifest.json`] : [])));
  return [...debris, ...generations.filter((name) => !kept.has(name)).map((name) => `${base}.generations/${name}`)];
}
