// Build inputs from the command line and the environment. The clock and the base
// URL are read here, at the edge, and passed down; nothing deeper reads them.

import path from 'node:path';
import { DEFAULT_CACHE_DIR } from '../data/record-cache.ts';

export interface BuildOptions {
  now: number;
  baseUrl: string;
  dataDir: string;
  outDir: string;
  /** Where the record cache lives; undefined with --no-cache. */
  cacheDir: string | undefined;
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
    throw new UsageError(`${name}${flag ? ` / ${flag}` : ''} "${raw}" is not an absolute URL, e.g. https://example.org/2.3.0/`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`${name} must be http or https, got "${raw}"`);
  if (parsed.search || parsed.hash) throw new UsageError(`${name} must not have a query or fragment, got "${raw}"`);
  return parsed.href.endsWith('/') ? parsed.href : `${parsed.href}/`;
}

export function parseBaseUrl(value: string | undefined): string {
  return parseHttpBase(value === undefined || value === '' ? DEFAULT_BASE_URL : value, 'BASE_URL', '--base-url');
}

const flagOrEnv = (flags: Map<string, string | true>, flag: string, env: string | undefined): string | undefined => {
  const value = flags.get(flag);
  if (value === true) throw new UsageError(`--${flag} needs a value`);
  return value ?? env;
};

export function buildOptions(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string, clock: () => number): BuildOptions {
  const { flags } = parseFlags(argv);
  return {
    now: parseClock(flagOrEnv(flags, 'now', env.BUILD_NOW), clock),
    baseUrl: parseBaseUrl(flagOrEnv(flags, 'base-url', env.BASE_URL)),
    dataDir: path.resolve(cwd, flagOrEnv(flags, 'data-dir', env.DATA_DIR) ?? 'data'),
    outDir: path.resolve(cwd, flagOrEnv(flags, 'out-dir', env.OUT_DIR) ?? 'public'),
    cacheDir: flags.has('no-cache') || env.BUILD_CACHE === 'off' ? undefined : path.resolve(cwd, flagOrEnv(flags, 'cache-dir', env.BUILD_CACHE_DIR) ?? DEFAULT_CACHE_DIR),
  };
}
