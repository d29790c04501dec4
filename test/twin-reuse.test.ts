import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brotliBest, gzipBest, withCompressedTwins } from '../scripts/lib/compress.ts';
import { previousTwins } from '../scripts/lib/twin-reuse.ts';
import { removeDir, tempDir } from './helpers/data.ts';

let dir: string;
const raw = Buffer.from('{"count":1,"results":[]}');

beforeEach(async () => {
  dir = await tempDir('lss-twins-');
  await mkdir(path.join(dir, 'a'), { recursive: true });
  await writeFile(path.join(dir, 'a/index.json'), raw);
  await writeFile(path.join(dir, 'a/index.json.gz'), await gzipBest(raw));
  await writeFile(path.join(dir, 'a/index.json.br'), await brotliBest(raw));
});
afterEach(() => removeDir(dir));

describe('previousTwins', () => {
  it('reuses the twins of a file whose bytes are unchanged', async () => {
    const twins = await previousTwins(dir)('a/index.json', raw);
    expect(twins?.gz.equals(await gzipBest(raw))).toBe(true);
    expect(twins?.br.equals(await brotliBest(raw))).toBe(true);
  });

  it('does not reuse them when the file changed, is new, or a twin does not decompress to it', async () => {
    const lookup = previousTwins(dir);
    expect(await lookup('a/index.json', Buffer.from('{"count":2}'))).toBeUndefined();
    expect(await lookup('b/index.json', raw)).toBeUndefined();
    await writeFile(path.join(dir, 'a/index.json.br'), await brotliBest(Buffer.from('{"tampered":true}')));
    expect(await lookup('a/index.json', raw)).toBeUndefined();
    await writeFile(path.join(dir, 'a/index.json.gz'), 'not gzip');
    expect(await lookup('a/index.json', raw)).toBeUndefined();
  });

  it('gives the same tree as compressing from scratch', async () => {
    const files = [{ path: 'a/index.json', content: raw }, { path: 'c.json', content: '{"c":3}' }];
    const fresh = await withCompressedTwins(files);
    let hits = 0;
    const lookup = previousTwins(dir);
    const reused = await withCompressedTwins(files, async (p, bytes) => {
      const found = await lookup(p, bytes);
      if (found) hits++;
      return found;
    });
    expect(hits).toBe(1);
    expect(reused.map((f) => [f.path, Buffer.from(f.content).toString('base64')])).toEqual(fresh.map((f) => [f.path, Buffer.from(f.content).toString('base64')]));
  });
});
