// The last check before anything is written: every output path is a plain
// relative path of safe names. Paths are computed from validated ids only, so
// this never fires unless a generator has a bug; if one does, the build stops
// before it writes anything outside (or oddly inside) the output folder.

/** ASCII letters, digits, `.`, `_`, `-`; never `.` or `..` alone. */
const SAFE_SEGMENT = /^[A-Za-z0-9_.-]{1,255}$/;
export const MAX_OUTPUT_PATH = 1024;

/** Safe segments joined by `/`, none of them `.` or `..`: one test per path instead of one per segment. */
const SAFE_PATH = /^(?!\.\.?(?:\/|$))[A-Za-z0-9_.-]{1,255}(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9_.-]{1,255})*$/;

/** Why `path` (relative to the output folder, `/`-separated) is not safe to write, or undefined. */
export function unsafeOutputPath(path: string): string | undefined {
  if (path.length <= MAX_OUTPUT_PATH && SAFE_PATH.test(path)) return undefined;
  if (path.length === 0 || path.length > MAX_OUTPUT_PATH)
    return `has ${path.length} characters (1 to ${MAX_OUTPUT_PATH} allowed)`;
  if (path.startsWith('/')) return 'is absolute';
  for (const segment of path.split('/')) {
    if (segment === '.' || segment === '..') return `has a "${segment}" segment`;
    if (!SAFE_SEGMENT.test(segment))
      return 'has an empty segment or a character other than ASCII letters, digits, ".", "_", "-"';
  }
  return undefined;
}

export class UnsafeOutputError extends Error {}

/** Throws if any path is unsafe or appears twice (the second write would silently win). */
export function assertSafeOutputPaths(paths: Iterable<string>): void {
  const seen = new Set<string>();
  for (const path of paths) {
    const reason = unsafeOutputPath(path);
    if (reason)
      throw new UnsafeOutputError(`refusing to write output file ${JSON.stringify(path)}: the path ${reason}`);
    if (seen.has(path)) throw new UnsafeOutputError(`refusing to write output file ${JSON.stringify(path)} twice`);
    seen.add(path);
  }
}
