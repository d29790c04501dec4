// A minimal, deterministic tar writer (POSIX ustar), so the offline snapshot
// needs no archive dependency: regular files and the folders that hold them,
// owner 0:0, fixed modes, one given mtime, entries in path order. `tar -xzf`
// on Linux, macOS and Windows 10+ unpacks it.

import { gzipBest } from './compress.ts';

export interface TarFile {
  /** Path inside the archive, `/`-separated, no leading `/`. */
  path: string;
  content: string | Buffer;
}

const BLOCK = 512;
const FILE_MODE = 0o644;
const FOLDER_MODE = 0o755;

export class TarPathError extends Error {}

function octal(value: number, width: number): string {
  // width - 1 digits and a NUL, as ustar numeric fields are written.
  const digits = value.toString(8);
  if (digits.length > width - 1) throw new TarPathError(`value ${value} does not fit a ${width}-byte tar field`);
  return `${digits.padStart(width - 1, '0')}\0`;
}

/** Splits a path into ustar's `prefix` (≤ 155 bytes) and `name` (≤ 100 bytes). */
export function splitUstarPath(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= 100) return { prefix: '', name: path };
  const slashes = [...path.matchAll(/\//g)].map((m) => m.index!).filter((i) => i < path.length - 1);
  for (const i of slashes) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { prefix, name };
  }
  throw new TarPathError(`path too long for a ustar archive: ${path}`);
}

function header(path: string, size: number, mode: number, type: '0' | '5', mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK, 0);
  const { prefix, name } = splitUstarPath(path);
  const write = (offset: number, text: string) => block.write(text, offset, 'utf8');
  write(0, name);
  write(100, octal(mode, 8));
  write(108, octal(0, 8)); // uid
  write(116, octal(0, 8)); // gid
  write(124, octal(size, 12));
  write(136, octal(mtime, 12));
  write(148, ' '.repeat(8)); // checksum placeholder
  write(156, type);
  write(257, 'ustar\0');
  write(263, '00');
  write(345, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  write(148, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

const toBuffer = (content: string | Buffer): Buffer =>
  typeof content === 'string' ? Buffer.from(content, 'utf8') : content;

/** The files, and every folder above them, as an uncompressed tar archive. */
export function tar(files: readonly TarFile[], mtimeSeconds: number): Buffer {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.path.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(`${parts.slice(0, i).join('/')}/`);
  }
  const entries: Array<{ path: string; content?: Buffer }> = [
    ...[...folders].map((path) => ({ path })),
    ...files.map((f) => ({ path: f.path, content: toBuffer(f.content) })),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const chunks: Buffer[] = [];
  for (const entry of entries) {
    if (!entry.content) {
      chunks.push(header(entry.path, 0, FOLDER_MODE, '5', mtimeSeconds));
      continue;
    }
    chunks.push(header(entry.path, entry.content.length, FILE_MODE, '0', mtimeSeconds), entry.content);
    const pad = (BLOCK - (entry.content.length % BLOCK)) % BLOCK;
    if (pad) chunks.push(Buffer.alloc(pad, 0));
  }
  chunks.push(Buffer.alloc(2 * BLOCK, 0)); // end of archive
  return Buffer.concat(chunks);
}

/** `tar` compressed with gzip at level 9; the same files and mtime give the same bytes. */
export async function tarGz(files: readonly TarFile[], mtimeSeconds: number): Promise<Buffer> {
  return gzipBest(tar(files, mtimeSeconds));
}
