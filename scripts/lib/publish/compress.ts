// Precompressed twins: every JSON file (but the query index) also gets `<file>.gz` and `<file>.br`, at
// the best ratio each format offers, so a static server (http-server -g -b, nginx
// gzip_static) can hand them to clients that accept them without compressing on
// every request. A transform over the file list: files in, files + twins out.

import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { OutputFile } from '../api/files.ts';
import { mapLimit } from '../base/map-limit.ts';
import { isQueryIndexFile } from '../query/index-format.ts';
import type { Companions } from './publish.ts';

/**
 * Files that get twins: every JSON file but the query index's, which only our
 * servers read (whole, from disk or through the edge worker's assets): their
 * twins would be megabytes compressed twice for no reader.
 */
const hasTwins = (path: string): boolean => path.endsWith('.json') && !isQueryIndexFile(path);
export const TWIN_SUFFIXES = ['.gz', '.br'] as const;

export const isTwin = (path: string): boolean => TWIN_SUFFIXES.some((suffix) => path.endsWith(suffix));

/**
 * `best`: each format's best ratio (gzip 9, brotli 11). `fast`: gzip 6 and brotli 6,
 * within a few percent of the best at about a hundred times brotli 11's speed
 * (measured: 114 MB/s against 1 MB/s on a 537 kB page, 17% larger).
 */
export type CompressionLevel = 'best' | 'fast';

/** Up to this many launches and events a build compresses at the best ratio; a larger one would spend minutes in brotli. */
export const BEST_RATIO_MAX_RECORDS = 2000;

/**
 * The level for a data set of `records` launches and events. LAUNCH_SCHEDULE_TWINS=fast in `env` (set by
 * the test suite's test/helpers/global-setup.ts) takes the fast level at any size: brotli 11 is most of the CPU of a
 * small fixture's build, and the suite builds one a hundred times. The recipe names the level (pipeline.ts), so
 * a tree made at one level never lends its twins to a build at the other.
 */
export const compressionLevelFor = (
  records: number,
  env: { LAUNCH_SCHEDULE_TWINS?: string } = process.env,
): CompressionLevel => (env.LAUNCH_SCHEDULE_TWINS !== 'fast' && records <= BEST_RATIO_MAX_RECORDS ? 'best' : 'fast');

const gzipOptions = (level: CompressionLevel): ZlibOptions => ({
  level: level === 'best' ? constants.Z_BEST_COMPRESSION : 6,
  memLevel: 9,
  windowBits: 15,
});
const brotliOptions = (size: number, level: CompressionLevel = 'best'): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: level === 'best' ? constants.BROTLI_MAX_QUALITY : 6,
    // A window no larger than the input compresses it as well as the largest, in a fraction of
    // the memory: at 16 files in flight, 16 MB windows alone would take a quarter gigabyte.
    [constants.BROTLI_PARAM_LGWIN]: Math.min(
      constants.BROTLI_MAX_WINDOW_BITS,
      Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1))),
    ),
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

const gzipAsync = promisify(gzip) as (input: Buffer, options: ZlibOptions) => Promise<Buffer>;
const brotliAsync = promisify(brotliCompress) as (input: Buffer, options: BrotliOptions) => Promise<Buffer>;

/** Byte 9 of a gzip member names the OS that wrote it; zlib fills in the platform's. */
const GZIP_OS_BYTE = 9;
const GZIP_OS_UNKNOWN = 0xff;

/** gzip at level 9 whose bytes do not depend on the platform (no mtime, no file name, OS "unknown"). */
export async function gzipBest(input: Buffer, level: CompressionLevel = 'best'): Promise<Buffer> {
  const out = await gzipAsync(input, gzipOptions(level));
  out[GZIP_OS_BYTE] = GZIP_OS_UNKNOWN; // not covered by any checksum (FHCRC is not set)
  return out;
}

export async function brotliBest(input: Buffer, level: CompressionLevel = 'best'): Promise<Buffer> {
  return brotliAsync(input, brotliOptions(input.length, level));
}

const toBuffer = (content: string | Buffer): Buffer =>
  typeof content === 'string' ? Buffer.from(content, 'utf8') : content;

/** The .gz and .br twins of JSON files, as companions for publishPlan. */
export function twinCompanions(level: CompressionLevel): Companions {
  return {
    async of(file) {
      if (!hasTwins(file.path)) return [];
      const raw = toBuffer(file.content);
      const [gz, br] = await Promise.all([gzipBest(raw, level), brotliBest(raw, level)]);
      return [
        { path: `${file.path}.gz`, content: gz },
        { path: `${file.path}.br`, content: br },
      ];
    },
    pathsOf: (path) => (hasTwins(path) ? TWIN_SUFFIXES.map((suffix) => `${path}${suffix}`) : []),
  };
}

/**
 * The files plus a `.gz` and a `.br` twin of every JSON file at the best ratio,
 * sorted by path (a twin sorts right after its original). Same input, same bytes out.
 */
export async function withCompressedTwins(files: readonly OutputFile[]): Promise<OutputFile[]> {
  const twins = twinCompanions('best');
  const made = await mapLimit(files, 8, (file) => twins.of(file));
  return [...files, ...made.flat()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
