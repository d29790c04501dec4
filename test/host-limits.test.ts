import { describe, expect, it } from 'vitest';
import {
  HOST_LIMITS,
  checkHostLimits,
  countRedirects,
  hostsOfTree,
  measureForHosts,
  measureTree,
  type HostLimit,
} from '../scripts/lib/publish/host-limits.ts';

const file = (path: string, bytes = 1) => ({ path, content: 'x'.repeat(bytes) });

describe('measureTree', () => {
  it('counts files and bytes, and finds the largest file and the fullest folder', () => {
    const m = measureTree([file('a/1.json', 3), file('a/2.json', 10), file('a/b/3.json'), file('top.json', 2)]);
    expect(m).toEqual({
      files: 4,
      bytes: 16,
      largest: { path: 'a/2.json', bytes: 10 },
      fullest: { path: 'a', entries: 3 },
    });
  });
});

describe('measureForHosts', () => {
  it("measures a file recorded with its twins' sizes as the three files it stands for", () => {
    const grouped = [
      { path: 'a/x.json', bytes: 10, twinSizes: [4, 3] },
      { path: 'a/y.json', bytes: 1, twinSizes: [12, 2] },
      { path: 'a/b/_headers', bytes: 5 },
    ];
    const separate = [
      { path: 'a/x.json', bytes: 10 },
      { path: 'a/x.json.gz', bytes: 4 },
      { path: 'a/x.json.br', bytes: 3 },
      { path: 'a/y.json', bytes: 1 },
      { path: 'a/y.json.gz', bytes: 12 },
      { path: 'a/y.json.br', bytes: 2 },
      { path: 'a/b/_headers', bytes: 5 },
    ];
    expect(measureForHosts(grouped)).toEqual(measureForHosts(separate));
    const { all, withoutTwins } = measureForHosts(grouped);
    expect(all).toEqual({
      files: 7,
      bytes: 37,
      largest: { path: 'a/y.json.gz', bytes: 12 },
      fullest: { path: 'a', entries: 7 },
    });
    expect(withoutTwins).toEqual({
      files: 3,
      bytes: 16,
      largest: { path: 'a/x.json', bytes: 10 },
      fullest: { path: 'a', entries: 3 },
    });
  });
});

describe('checkHostLimits', () => {
  const limit: HostLimit = {
    id: 'example',
    host: 'Example',
    collectionDetails: 'rewrites',
    files: 10,
    bytes: 1000,
    fileBytes: 100,
    folderEntries: 5,
    servesTwins: false,
  };

  it('says nothing while a build is below 80% of every limit', () => {
    expect(checkHostLimits([file('a.json'), file('b.json')], [limit])).toEqual([]);
    expect(checkHostLimits([file('a.json')])).toEqual([]);
  });

  it('warns from 80% of a limit on, before a deploy would fail', () => {
    const files = Array.from({ length: 8 }, (_, i) => file(`d${i}/x.json`));
    expect(checkHostLimits(files, [{ ...limit, folderEntries: undefined }])).toEqual([
      'Example: 8 files, 80% of the limit of 10 files',
    ]);
  });

  it('says when a limit is passed, and what leaving out the twins would give', () => {
    const files = Array.from({ length: 4 }, (_, i) => [
      file(`d${i}/x.json`),
      file(`d${i}/x.json.gz`),
      file(`d${i}/x.json.br`),
    ]).flat();
    const [warning] = checkHostLimits(files, [{ ...limit, folderEntries: undefined }]);
    expect(warning).toBe(
      'Example: 12 files, over the limit of 10 files; without the .gz/.br twins, which Example does not need, 4 files',
    );
  });

  it('checks total size, file size and folder size', () => {
    const warnings = checkHostLimits(
      [file('big.json', 950), ...Array.from({ length: 5 }, (_, i) => file(`f/${i}.json`))],
      [limit],
    );
    expect(warnings).toEqual([
      'Example: total size 955 bytes, 96% of the limit of 1.0 kB',
      'Example: largest file big.json: 950 bytes, over the limit of 100 bytes',
      'Example: folder f/: 5 entries, 100% of the limit of 5 entries',
    ]);
  });

  it("knows Cloudflare Pages' 20,000 files and Netlify's 54,000 entries per folder", () => {
    const many = Array.from({ length: 17_000 }, (_, i) => file(`2.3.0/launches/${i}/index.json`));
    const warnings = checkHostLimits(many, HOST_LIMITS);
    expect(warnings.some((w) => w.startsWith('Cloudflare Pages: 17,000 files, 85% of the limit of 20,000 files'))).toBe(
      true,
    );
    expect(warnings.some((w) => w.startsWith('Netlify'))).toBe(false);
    const crowded = Array.from({ length: 44_000 }, (_, i) => file(`2.3.0/launches/${i}/index.json`));
    expect(
      checkHostLimits(crowded, HOST_LIMITS).some((w) =>
        w.startsWith('Netlify: folder 2.3.0/launches/: 44,000 entries, 81% of'),
      ),
    ).toBe(true);
  });

  it('counts _redirects rules as Cloudflare does', () => {
    expect(countRedirects('# comment\n/a /b 200\n/a/ /b 200\n/x/:id/ /y/:id 200\n/s/* /t/:splat 301\n\n')).toEqual({
      static: 2,
      dynamic: 2,
    });
    const text = Array.from({ length: 1700 }, (_, i) => `/p${i}/ /p${i}/index.json 200`).join('\n');
    const warnings = checkHostLimits([{ path: '_redirects', content: text }], HOST_LIMITS);
    expect(warnings).toContain(
      'Cloudflare Pages: _redirects: 1,700 static rules, 85% of the limit of 2,000 static rules (20,000 files on the Free plan, 100,000 on paid plans)',
    );
  });

  it('knows the 10 KB of code a CloudFront function may hold', () => {
    const code = { path: 'hosts/cloudfront-function.js', content: 'x'.repeat(9_000) };
    expect(checkHostLimits([code], HOST_LIMITS)).toEqual([
      'Amazon CloudFront: hosts/cloudfront-function.js: 9.0 kB, 88% of the limit of 10.2 kB (CloudFront Functions hold at most 10 KB of code)',
    ]);
  });
});

describe('hostsOfTree', () => {
  it('checks a build against the hosts that get its tree: rewrites for Netlify, Cloudflare Pages and nginx, copies for GitHub Pages and CloudFront', () => {
    expect(hostsOfTree().map((h) => h.id)).toEqual(['cloudflare-pages', 'netlify', 'nginx']);
    expect(hostsOfTree('rewrites')).toEqual(hostsOfTree());
    expect(hostsOfTree('files').map((h) => h.id)).toEqual(['github-pages', 'cloudfront']);
    // A warning about Cloudflare's files is for the rewrite tree, not for the copies GitHub Pages gets.
    const many = Array.from({ length: 17_000 }, (_, i) => file(`2.3.0/launches/${i}/index.json`));
    expect(checkHostLimits(many, hostsOfTree('files'))).toEqual([]);
  });
});
