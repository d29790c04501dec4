// Reusing the .gz/.br twins of the previous build in the output folder: brotli at
// its best ratio is slow, and between two builds most files do not change. A twin
// is reused only when the file beside it has exactly the new bytes and both twins
// decompress to them.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompress, gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { TwinLookup } from './compress.ts';

const gunzipAsync = promisify(gunzip);
const brotliDecompressAsync = promisify(brotliDecompress);

export function previousTwins(outDir: string): TwinLookup {
  return async (file, raw) => {
    const onDisk = path.join(outDir, file);
    try {
      const old = await readFile(onDisk);
      if (!old.equals(raw)) return undefined;
      const [gz, br] = await Promise.all([readFile(`${onDisk}.gz`), readFile(`${onDisk}.br`)]);
      const [fromGz, fromBr] = await Promise.all([gunzipAsync(gz), brotliDecompressAsync(br)]);
      return fromGz.equals(raw) && fromBr.equals(raw) ? { gz, br } : undefined;
    } catch {
      return undefined;
    }
  };
}
