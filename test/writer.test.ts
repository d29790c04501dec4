import { mkdir, readFile, rename, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildLockedError, writeTreeAtomically } from '../scripts/lib/publish/writer.ts';
import { removeDir, tempDir } from './helpers/data.ts';
import { readTree } from './helpers/tree.ts';

let root: string;
let out: string;
beforeEach(async () => {
  root = await tempDir();
  out = path.join(root, 'public');
});
afterEach(async () => removeDir(root));

const files = (tag: string) => [
  { path: 'a/index.json', content: `{"v":"${tag}"}` },
  { path: 'b.json', content: tag },
];

describe('writeTreeAtomically', () => {
  it('replaces the whole tree, dropping files the new build no longer has', async () => {
    await writeTreeAtomically(out, [...files('one'), { path: 'old.json', content: '1' }]);
    await writeTreeAtomically(out, files('two'));
    expect([...(await readTree(out)).keys()]).toEqual(['a/index.json', 'b.json']);
    expect(await readFile(path.join(out, 'b.json'), 'utf8')).toBe('two');
  });

  it('leaves the previous tree when writing fails', async () => {
    await writeTreeAtomically(out, files('one'));
    // A file and a folder of the same name cannot both be written.
    await expect(
      writeTreeAtomically(out, [
        { path: 'x', content: '1' },
        { path: 'x/y', content: '2' },
      ]),
    ).rejects.toThrow();
    expect(await readFile(path.join(out, 'b.json'), 'utf8')).toBe('one');
    expect((await readTree(root)).has('public.lock')).toBe(false);
  });

  it('refuses to run while another live build holds the lock', async () => {
    await writeTreeAtomically(out, files('one'));
    await writeFile(`${out}.lock`, String(process.ppid));
    await expect(writeTreeAtomically(out, files('two'))).rejects.toBeInstanceOf(BuildLockedError);
    expect(await readFile(path.join(out, 'b.json'), 'utf8')).toBe('one');
  });

  it('takes over a lock left by a process that is gone', async () => {
    await writeFile(`${out}.lock`, '999999999');
    await writeTreeAtomically(out, files('two'));
    expect(await readFile(path.join(out, 'b.json'), 'utf8')).toBe('two');
  });

  it('removes the lock candidate of a build killed while taking the lock, not those of live ones', async () => {
    await writeFile(`${out}.lock.999999999`, '999999999'); // gone
    await writeFile(`${out}.lock.${process.ppid}`, String(process.ppid)); // alive, still trying
    await writeTreeAtomically(out, files('two'));
    const siblings = [...(await readTree(root)).keys()].filter((f) => f.startsWith('public.lock'));
    expect(siblings).toEqual([`public.lock.${process.ppid}`]);
  });

  it('restores the previous tree if a build died between its two renames', async () => {
    await writeTreeAtomically(out, files('one'));
    await rename(out, `${out}.old`);
    await mkdir(root, { recursive: true });
    await expect(
      writeTreeAtomically(out, [
        { path: 'x', content: '1' },
        { path: 'x/y', content: '2' },
      ]),
    ).rejects.toThrow();
    expect(await readFile(path.join(out, 'b.json'), 'utf8')).toBe('one');
  });

  it.skipIf(process.getuid?.() === 0)('reports an unwritable output folder and keeps the old tree', async () => {
    await writeTreeAtomically(out, files('one'));
    await chmod(root, 0o555);
    try {
      await expect(writeTreeAtomically(out, files('two'))).rejects.toThrow();
    } finally {
      await chmod(root, 0o755);
    }
    expect(await readFile(path.join(out, 'b.json'), 'utf8')).toBe('one');
  });
});
