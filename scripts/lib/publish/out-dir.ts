// The output folder is replaced as a whole by every build (writer.ts). Pointed at
// the wrong folder (`--out-dir .`, `--out-dir data`), that would delete the
// repository or the data: refuse such folders before any work is done.

import path from 'node:path';

const within = (inner: string, outer: string): boolean => {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** Why `outDir` must not be the output folder, or undefined. All paths absolute. */
export function outDirProblem(outDir: string, dataDir: string, cwd: string): string | undefined {
  if (path.dirname(outDir) === outDir) return 'is the root of the file system';
  if (within(cwd, outDir)) return 'holds the current folder (the build would replace it)';
  if (within(dataDir, outDir)) return 'holds the data folder (the build would replace it)';
  if (within(outDir, dataDir)) return 'is inside the data folder';
  return undefined;
}
