// Reading a ustar archive back, to test the writer without trusting it.

import { gunzipSync } from 'node:zlib';

export interface TarEntry {
  path: string;
  type: string;
  mode: number;
  mtime: number;
  uid: number;
  content: Buffer;
}

const text = (block: Buffer, offset: number, length: number) =>
  block
    .subarray(offset, offset + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');
const num = (block: Buffer, offset: number, length: number) => parseInt(text(block, offset, length).trim() || '0', 8);

export function untar(archive: Buffer): TarEntry[] {
  const data = archive[0] === 0x1f && archive[1] === 0x8b ? gunzipSync(archive) : archive;
  const entries: TarEntry[] = [];
  for (let offset = 0; offset + 512 <= data.length; ) {
    const block = data.subarray(offset, offset + 512);
    if (block.every((b) => b === 0)) break;
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
    if (sum !== num(block, 148, 8)) throw new Error(`bad checksum at ${offset}`);
    if (text(block, 257, 6) !== 'ustar') throw new Error('not ustar');
    const prefix = text(block, 345, 155);
    const name = text(block, 0, 100);
    const size = num(block, 124, 12);
    entries.push({
      path: prefix ? `${prefix}/${name}` : name,
      type: text(block, 156, 1),
      mode: num(block, 100, 8),
      mtime: num(block, 136, 12),
      uid: num(block, 108, 8),
      content: Buffer.from(data.subarray(offset + 512, offset + 512 + size)),
    });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}
