import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_DIR } from '../scripts/lib/data/record-cache.ts';
import {
  buildInputsOf,
  buildOptions,
  DEFAULT_BASE_URL,
  parseBaseUrl,
  parseClock,
  parseRepositoryUrl,
  UsageError,
} from '../scripts/lib/cli/options.ts';

const clock = () => Date.parse('2026-01-01T00:00:00Z');

describe('build options', () => {
  it('default to the real clock, localhost, data/ and public/', () => {
    const o = buildOptions([], {}, '/repo', clock);
    expect(o).toEqual({
      now: clock(),
      baseUrl: DEFAULT_BASE_URL,
      dataDir: '/repo/data',
      outDir: '/repo/public',
      cacheDir: DEFAULT_CACHE_DIR,
      collectionDetails: 'rewrites',
      repositoryUrl: null,
    });
    expect(buildOptions(['--no-cache'], {}, '/repo', clock).cacheDir).toBeUndefined();
    expect(buildOptions([], { BUILD_CACHE_DIR: 'c' }, '/repo', clock).cacheDir).toBe('/repo/c');
  });

  it('take the environment, and flags over the environment', () => {
    const env = { BUILD_NOW: '2025-05-05T05:05:05Z', BASE_URL: 'https://a.example/2.3.0', DATA_DIR: 'x' };
    expect(buildOptions([], env, '/r', clock)).toMatchObject({
      now: Date.parse('2025-05-05T05:05:05Z'),
      baseUrl: 'https://a.example/2.3.0/',
      dataDir: '/r/x',
    });
    const flags = ['--now', '2024-01-01T00:00:00+01:00', '--base-url=https://b.example/api/2.3.0/', '--data-dir', '/d'];
    expect(buildOptions(flags, env, '/r', clock)).toMatchObject({
      now: Date.parse('2023-12-31T23:00:00Z'),
      baseUrl: 'https://b.example/api/2.3.0/',
      dataDir: '/d',
    });
  });

  it('make the tree of the host named: copies for collection detail routes where it cannot rewrite by membership', () => {
    expect(buildOptions(['--host', 'github-pages'], {}, '/r', clock).collectionDetails).toBe('files');
    expect(buildOptions([], { BUILD_HOST: 'cloudfront' }, '/r', clock).collectionDetails).toBe('files');
    expect(buildOptions(['--host=netlify'], { BUILD_HOST: 'github-pages' }, '/r', clock).collectionDetails).toBe(
      'rewrites',
    );
    expect(buildOptions([], { BUILD_HOST: 'cloudflare-pages' }, '/r', clock).collectionDetails).toBe('rewrites');
    expect(() => buildOptions(['--host', 'geocities'], {}, '/r', clock)).toThrow(
      /"geocities" is not a host this build knows; use one of github-pages, cloudflare-pages/,
    );
  });

  it.each(['yesterday', '2026-13-01T00:00:00Z', '2026-01-01T00:00:00'])('reject the clock %s', (value) => {
    expect(() => parseClock(value, clock)).toThrow(UsageError);
  });

  it.each(['localhost:8080/2.3.0/', 'ftp://x.example/', 'https://x.example/2.3.0/?a=1'])(
    'reject the base URL %s',
    (value) => {
      expect(() => parseBaseUrl(value)).toThrow(UsageError);
    },
  );

  it("take the repository's URL from REPOSITORY_URL or --repository-url, and pass it to the outputs", () => {
    const env = { REPOSITORY_URL: 'https://github.com/owner/launches' };
    expect(buildOptions([], env, '/r', clock).repositoryUrl).toBe('https://github.com/owner/launches');
    const options = buildOptions(['--repository-url', 'https://git.example/x'], env, '/r', clock);
    expect(buildInputsOf(options)).toEqual({
      now: clock(),
      baseUrl: DEFAULT_BASE_URL,
      repositoryUrl: 'https://git.example/x',
      collectionDetails: 'rewrites',
    });
    expect(buildOptions([], { REPOSITORY_URL: '' }, '/r', clock).repositoryUrl).toBeNull();
  });

  it.each(['github.com/owner/repo', 'javascript:alert(1)', 'ftp://x.example/'])(
    'reject the repository URL %s',
    (value) => {
      expect(() => parseRepositoryUrl(value)).toThrow(UsageError);
    },
  );
});
