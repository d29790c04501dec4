// Build inputs from the command line and the environment. The clock and the base
// URL are read here, at the edge, and passed down; nothing deeper reads them.

import path from 'node:path';
import type { BuildInputs, CollectionDetails } from '../api/context.ts';
import { DEFAULT_CACHE_DIR } from '../data/record-cache.ts';
import { HOST_LIMITS } from '../publish/host-limits.ts';

export interface BuildOptions {
  now: number;
  baseUrl: string;
  dataDir: string;
  outDir: string;
  /** Where the record cache lives; undefined with --no-cache. */
  cacheDir: string | undefined;
  /** The tree for the host named by --host / BUILD_HOST: rewrites (the default) or copies for collection detail routes. */
  collectionDetails: CollectionDetails;
  /** The data's repository, linked from the pages for corrections; null when not given. */
  repositoryUrl: string | null;
}

export const DEFAULT_BASE_URL = 'http://localhost:8080/2.3.0/';

export class UsageError extends Error {}

/** `--name value` and `--name=value` flags; anything else is positional. */
export function parseFlags(argv: readonly string[]): { flags: Map<string, string | true>; positional: string[] } {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags.set(arg.slice(2), argv[++i]);
    else flags.set(arg.slice(2), true);
  }
  return { flags, positional };
}

export function parseClock(value: string | undefined, fallback: () => number): number {
  if (value === undefined || value === '') return fallback();
  const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
  const ms = Date.parse(value);
  if (!iso.test(value) || Number.isNaN(ms)) {
    throw new UsageError(`BUILD_NOW / --now "${value}" is not an ISO 8601 time with a zone, e.g. 2026-11-21T12:00:00Z`);
  }
  return ms;
}

/** An http(s) URL that others are resolved against: no query or fragment, ending in `/`. `name` says where it came from. */
export function parseHttpBase(raw: string, name: string, flag = ''): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new UsageError(
      `${name}${flag ? ` / ${flag}` : ''} "${raw}" is not an absolute URL, e.g. https://example.org/2.3.0/`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(`${name} must be http or https, got "${raw}"`);
  if (parsed.search || parsed.hash) throw new UsageError(`${name} must not have a query or fragment, got "${raw}"`);
  return parsed.href.endsWith('/') ? parsed.href : `${parsed.href}/`;
}

export function parseBaseUrl(value: string | undefined): string {
  return parseHttpBase(value === undefined || value === '' ? DEFAULT_BASE_URL : value, 'BASE_URL', '--base-url');
}

/** `--host` / BUILD_HOST: which tree the host named gets (publish/host-limits.ts); none names the rewrite tree. */
export function parseHost(value: string | undefined): CollectionDetails {
  if (value === undefined || value === '') return 'rewrites';
  const host = HOST_LIMITS.find((h) => h.id === value);
  if (!host)
    throw new UsageError(
      `BUILD_HOST / --host "${value}" is not a host this build knows; use one of ${HOST_LIMITS.map((h) => h.id).join(', ')}`,
    );
  return host.collectionDetails;
}

/** REPOSITORY_URL / --repository-url: an http(s) address, e.g. https://github.com/owner/repo; none when empty. */
export function parseRepositoryUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new UsageError(
      `REPOSITORY_URL / --repository-url "${value}" is not an absolute URL, e.g. https://github.com/owner/repo`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(`REPOSITORY_URL must be http or https, got "${value}"`);
  return parsed.href;
}

/** The flags buildOptions reads. */
export const BUILD_FLAGS = [
  'now',
  'base-url',
  'data-dir',
  'out-dir',
  'repository-url',
  'cache-dir',
  'no-cache',
  'host',
] as const;

/** Whether `--help` (or `-h`) is anywhere in argv: every command then prints its usage and does nothing else. */
export const asksForHelp = (argv: readonly string[]): boolean => argv.includes('--help') || argv.includes('-h');

/**
 * Whether `--help` (or `-h`) was asked; a flag not in `known` is a UsageError
 * carrying `usage`, rather than ignored (a misspelt `--strcit` would silently do nothing).
 */
export function wantsHelp(argv: readonly string[], known: readonly string[], usage: string): boolean {
  if (asksForHelp(argv)) return true;
  for (const name of parseFlags(argv).flags.keys()) {
    if (!known.includes(name)) throw new UsageError(`unknown option --${name}\n\n${usage}`);
  }
  return false;
}

const flagOrEnv = (flags: Map<string, string | true>, flag: string, env: string | undefined): string | undefined => {
  const value = flags.get(flag);
  if (value === true) throw new UsageError(`--${flag} needs a value`);
  return value ?? env;
};

export function buildOptions(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  clock: () => number,
): BuildOptions {
  const { flags } = parseFlags(argv);
  return {
    now: parseClock(flagOrEnv(flags, 'now', env.BUILD_NOW), clock),
    baseUrl: parseBaseUrl(flagOrEnv(flags, 'base-url', env.BASE_URL)),
    dataDir: path.resolve(cwd, flagOrEnv(flags, 'data-dir', env.DATA_DIR) ?? 'data'),
    outDir: path.resolve(cwd, flagOrEnv(flags, 'out-dir', env.OUT_DIR) ?? 'public'),
    repositoryUrl: parseRepositoryUrl(flagOrEnv(flags, 'repository-url', env.REPOSITORY_URL)),
    cacheDir:
      flags.has('no-cache') || env.BUILD_CACHE === 'off'
        ? undefined
        : path.resolve(cwd, flagOrEnv(flags, 'cache-dir', env.BUILD_CACHE_DIR) ?? DEFAULT_CACHE_DIR),
    collectionDetails: parseHost(flagOrEnv(flags, 'host', env.BUILD_HOST)),
  };
}

/** What the outputs receive of the options: the clock, the base URL, the repository's URL and the host's tree. */
export const buildInputsOf = (options: BuildOptions): BuildInputs => ({
  now: options.now,
  baseUrl: options.baseUrl,
  repositoryUrl: options.repositoryUrl,
  collectionDetails: options.collectionDetails,
});
