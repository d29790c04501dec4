import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  BEST_RATIO_MAX_RECORDS,
  compressionLevelFor,
  gzipBest,
  isTwin,
  withCompressedTwins,
} from '../scripts/lib/publish/compress.ts';

const files = [
  {
    path: '2.3.0/launches/index.json',
    content: JSON.stringify({ count: 1, results: [{ name: 'Falcon 9 | Starlink' }] }),
  },
  { path: '2.3.0/a.json', content: Buffer.from('{"x":"\u00e9t\u00e9"}', 'utf8') },
  { path: '404.html', content: '{"detail":"Not found."}' },
  { path: '_headers', content: '/*\n' },
];

describe('withCompressedTwins', () => {
  it('adds a .gz and a .br twin to every JSON file and to nothing else, sorted by path', async () => {
    const out = await withCompressedTwins(files);
    expect(out.map((f) => f.path)).toEqual([
      '2.3.0/a.json',
      '2.3.0/a.json.br',
      '2.3.0/a.json.gz',
      '2.3.0/launches/index.json',
      '2.3.0/launches/index.json.br',
      '2.3.0/launches/index.json.gz',
      '404.html',
      '_headers',
    ]);
    expect(out.filter((f) => isTwin(f.path))).toHaveLength(4);
  });

  it('twins decompress to exactly the original bytes', async () => {
    const out = new Map((await withCompressedTwins(files)).map((f) => [f.path, Buffer.from(f.content)]));
    for (const file of files.filter((f) => f.path.endsWith('.json'))) {
      const raw = Buffer.from(file.content);
      expect(gunzipSync(out.get(`${file.path}.gz`)!).equals(raw), file.path).toBe(true);
      expect(brotliDecompressSync(out.get(`${file.path}.br`)!).equals(raw), file.path).toBe(true);
    }
  });

  it('gives the same bytes every time, with no time stamp or platform in the gzip header', async () => {
    const [a, b] = [await withCompressedTwins(files), await withCompressedTwins(files)];
    expect(a.map((f) => Buffer.from(f.content).toString('base64'))).toEqual(
      b.map((f) => Buffer.from(f.content).toString('base64')),
    );
    const gz = await gzipBest(Buffer.from('{"a":1}'));
    expect([...gz.subarray(0, 4)]).toEqual([0x1f, 0x8b, 8, 0]); // magic, deflate, no flags (no name, no header CRC)
    expect(gz.readUInt32LE(4)).toBe(0); // MTIME
    expect(gz[8]).toBe(2); // XFL: best compression
    expect(gz[9]).toBe(0xff); // OS: unknown
  });

  it('uses the best settings of each format: gzip level 9, brotli quality 11', async () => {
    const { gzipSync, brotliCompressSync, constants } = await import('node:zlib');
    const body = Buffer.from(
      JSON.stringify(
        Array.from({ length: 300 }, (_, i) => ({
          id: i,
          name: `Launch ${i}`,
          net: new Date(Date.UTC(2027, 0, 1 + i)).toISOString(),
        })),
      ),
    );
    const out = new Map(
      (await withCompressedTwins([{ path: 'x.json', content: body }])).map((f) => [f.path, Buffer.from(f.content)]),
    );
    const level9 = gzipSync(body, { level: 9 });
    level9[9] = 0xff;
    expect(out.get('x.json.gz')!.equals(level9)).toBe(true);
    const quality = (q: number) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: q } }).length;
    expect(out.get('x.json.br')!.length).toBeLessThanOrEqual(quality(11));
    expect(out.get('x.json.br')!.length).toBeLessThan(quality(5));
    expect(out.get('x.json.br')!.length).toBeLessThan(out.get('x.json.gz')!.length);
  });
});

describe('compressionLevelFor', () => {
  it('takes the best ratio up to BEST_RATIO_MAX_RECORDS records, the fast level above', () => {
    expect(compressionLevelFor(3, {})).toBe('best');
    expect(compressionLevelFor(BEST_RATIO_MAX_RECORDS, {})).toBe('best');
    expect(compressionLevelFor(BEST_RATIO_MAX_RECORDS + 1, {})).toBe('fast');
    expect(compressionLevelFor(3, { LAUNCH_SCHEDULE_TWINS: 'best' })).toBe('best'); // only 'fast' overrides
  });

  it("takes the fast level at any size when told 'fast' (LAUNCH_SCHEDULE_TWINS, the test suite's)", () => {
    expect(compressionLevelFor(3, { LAUNCH_SCHEDULE_TWINS: 'fast' })).toBe('fast');
    expect(process.env.LAUNCH_SCHEDULE_TWINS).toBe('fast'); // test/helpers/global-setup.ts
    expect(compressionLevelFor(3)).toBe('fast');
  });
});
