import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TarPathError, splitUstarPath, tar, tarGz } from '../scripts/lib/publish/tar.ts';
import { removeDir, tempDir } from './helpers/data.ts';
import { hasCommand, run } from './helpers/http.ts';
import { untar } from './helpers/untar.ts';

const MTIME = Date.parse('2026-11-21T12:00:00Z') / 1000;
const LONG = `top/${'a'.repeat(60)}/${'b'.repeat(60)}/${'c'.repeat(40)}/index.json`;
const files = [
  { path: 'top/2.3.0/launches/index.json', content: '{"count":0}' },
  { path: 'top/serve.mjs', content: Buffer.from('console.log(1)\n') },
  { path: LONG, content: 'x'.repeat(1000) },
  { path: 'top/\u00e9t\u00e9.txt', content: '\u00e9' },
];

describe('tar', () => {
  it('writes every file and the folders above it, in path order, owner 0, one mtime', () => {
    const entries = untar(tar(files, MTIME));
    expect(entries.map((e) => `${e.type} ${e.path}`)).toEqual([
      '5 top/',
      '5 top/2.3.0/',
      '5 top/2.3.0/launches/',
      '0 top/2.3.0/launches/index.json',
      `5 top/${'a'.repeat(60)}/`,
      `5 top/${'a'.repeat(60)}/${'b'.repeat(60)}/`,
      `5 top/${'a'.repeat(60)}/${'b'.repeat(60)}/${'c'.repeat(40)}/`,
      `0 ${LONG}`,
      '0 top/serve.mjs',
      '0 top/\u00e9t\u00e9.txt',
    ]);
    expect(entries.every((e) => e.mtime === MTIME && e.uid === 0)).toBe(true);
    expect(entries.find((e) => e.path === LONG)!.content.toString()).toBe('x'.repeat(1000));
    expect(entries.filter((e) => e.type === '0').every((e) => e.mode === 0o644)).toBe(true);
    expect(entries.filter((e) => e.type === '5').every((e) => e.mode === 0o755)).toBe(true);
  });

  it('splits long paths into ustar prefix and name, and refuses what cannot fit', () => {
    expect(splitUstarPath('short/name.json')).toEqual({ prefix: '', name: 'short/name.json' });
    const { prefix, name } = splitUstarPath(LONG);
    expect(`${prefix}/${name}`).toBe(LONG);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(100);
    expect(() => splitUstarPath(`a/${'x'.repeat(120)}`)).toThrow(TarPathError);
  });

  it('gives the same bytes for the same files and mtime', async () => {
    expect((await tarGz(files, MTIME)).equals(await tarGz([...files].reverse(), MTIME))).toBe(true);
    expect((await tarGz(files, MTIME)).equals(await tarGz(files, MTIME + 1))).toBe(false);
  });
});

describe.skipIf(!(await hasCommand('tar')))('the system tar', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir('lss-tar-');
  });
  afterEach(() => removeDir(dir));

  it('unpacks the archive into an empty folder, byte for byte', async () => {
    await writeFile(path.join(dir, 'a.tar.gz'), await tarGz(files, MTIME));
    await mkdir(path.join(dir, 'out'));
    const result = await run('tar', ['-xzf', path.join(dir, 'a.tar.gz'), '-C', path.join(dir, 'out')]);
    expect(result.code, result.output).toBe(0);
    for (const file of files)
      expect((await readFile(path.join(dir, 'out', file.path))).equals(Buffer.from(file.content)), file.path).toBe(
        true,
      );
  });
});
