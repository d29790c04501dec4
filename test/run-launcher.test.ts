// scripts/run.mjs, behind `npm run build` and `npm run validate`: the commands run
// from a bundle of the current sources, and give what the TypeScript sources give.

import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeToolFingerprint, toolSources } from '../scripts/lib/base/tool-fingerprint.mjs';
import { dataFileSchemas } from '../scripts/schemas/data-files.ts';
import { packageSource } from '../scripts/lib/base/lazy-packages.ts';
import { BUNDLE_EXTRAS } from '../scripts/lib/base/tool-identity.ts';
import { copyFixture, removeDir, tempDir } from './helpers/data.ts';
import { readTree } from './helpers/tree.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const TOOLS = path.join(ROOT, 'node_modules/.cache/launch-schedule-tool');
const NOW = ['--now', '2026-11-21T12:00:00Z', '--base-url', 'https://example.org/2.3.0/'];

let work: string;
let data: string;
beforeAll(async () => {
  work = await tempDir();
  data = await copyFixture();
});
afterAll(async () => {
  await removeDir(work);
  await removeDir(data);
});

async function launch(command: string, args: string[], env: Record<string, string>) {
  const { BASE_URL: _, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(ROOT, 'scripts/run.mjs'), command, ...args], {
      cwd: ROOT,
      env: { ...inherited, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('scripts/run.mjs', () => {
  it('builds from a bundle it makes once, byte for byte as the TypeScript sources build', async () => {
    const env = { BUILD_CACHE_DIR: path.join(work, 'cache-bundled') };
    const bundled = await launch('build', ['--data-dir', data, '--out-dir', path.join(work, 'bundled'), ...NOW], env);
    expect(bundled.code, bundled.stderr).toBe(0);
    const bundles = await readdir(TOOLS);
    expect(bundles).toHaveLength(1); // bundles of other versions are removed
    expect((await readdir(path.join(TOOLS, bundles[0]))).sort()).toEqual([
      'build.mjs',
      'file-worker-entry.mjs',
      'packages',
      'validate.mjs',
      'validator-modules.mjs',
      'validators',
    ]);
    // The packages it loads from one file each (lazy-packages.ts).
    expect((await readdir(path.join(TOOLS, bundles[0], 'packages'))).sort()).toEqual(
      BUNDLE_EXTRAS.prebundledPackages.map((name) => `${name}.cjs`),
    );
    expect(packageSource('yaml', path.join(TOOLS, bundles[0]))).toBe(
      path.join(TOOLS, bundles[0], 'packages', 'yaml.cjs'),
    );
    // Every data-file schema's validator made ahead of time (validator-modules.ts).
    const validators = (await readdir(path.join(TOOLS, bundles[0], 'validators'))).sort();
    expect(validators).toEqual(
      Object.keys(dataFileSchemas())
        .map((name) => `${name}.cjs`)
        .sort(),
    );

    const fromSources = await launch('build', ['--data-dir', data, '--out-dir', path.join(work, 'sources'), ...NOW], {
      ...env,
      LAUNCH_SCHEDULE_NO_BUNDLE: '1',
      BUILD_CACHE_DIR: path.join(work, 'cache-sources'),
    });
    expect(fromSources.code, fromSources.stderr).toBe(0);
    expect(fromSources.stdout.replace(/into \S+/, '')).toBe(bundled.stdout.replace(/into \S+/, ''));
    const [a, b] = [await readTree(path.join(work, 'bundled')), await readTree(path.join(work, 'sources'))];
    expect([...a.keys()]).toEqual([...b.keys()]);
    for (const [file, bytes] of a) expect(b.get(file)!.equals(bytes), file).toBe(true);

    // A second run finds the bundle in place and makes no other.
    expect((await launch('validate', ['--data-dir', data, ...NOW], env)).stdout).toMatch(
      /^data is valid: \d+ launches/,
    );
    expect(await readdir(TOOLS)).toEqual(bundles);
  });

  it('reports bad records as the TypeScript sources do (precompiled validators)', async () => {
    const bad = await copyFixture();
    try {
      const file = path.join(bad, 'launches/crs-demo.yaml');
      const text = await readFile(file, 'utf8');
      await writeFile(
        file,
        text.replace(/^net: .*$/m, "net: '2026-02-30T10:00:00Z'").replace(/^slug: /m, 'sluggish: x\nslug: '),
      );
      const bundled = await launch('validate', ['--data-dir', bad, ...NOW], {
        BUILD_CACHE_DIR: path.join(work, 'cache-bad-bundled'),
      });
      const fromSources = await launch('validate', ['--data-dir', bad, ...NOW], {
        LAUNCH_SCHEDULE_NO_BUNDLE: '1',
        BUILD_CACHE_DIR: path.join(work, 'cache-bad-sources'),
      });
      expect(bundled.code).toBe(1);
      expect(bundled.stderr).toMatch(/crs-demo\.yaml:\d+:\d+ .*unknown field "sluggish"/);
      expect(bundled.stderr).toContain('2026-02-30');
      expect(bundled.stderr).toBe(fromSources.stderr);
    } finally {
      await removeDir(bad);
    }
  });

  it('passes exit codes and messages through', async () => {
    const env = {};
    const missing = await launch('validate', ['--data-dir', path.join(work, 'no-such-folder'), ...NOW], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('the data folder does not exist');
    const unknown = await launch('deploy', [], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('usage: node scripts/run.mjs <build|validate>');
  });
});

describe('packages the bundled tool loads from one file', () => {
  it('are found beside the bundle, and by name from the sources', () => {
    expect(packageSource('yaml', '/tool')).toBe(path.join('/tool', 'packages', 'yaml.cjs'));
    expect(packageSource('yaml', undefined)).toBe('yaml');
    expect(packageSource('ajv', '/tool')).toBe('ajv'); // not made into one file
  });
});

describe('the tool fingerprint', () => {
  it('covers every source file under scripts/ and the locked dependencies', () => {
    const sources = toolSources(ROOT);
    expect(sources).toEqual(
      expect.arrayContaining([
        'package-lock.json',
        'scripts/run.mjs',
        'scripts/build.ts',
        'scripts/lib/base/tool-fingerprint.mjs',
        'scripts/schemas/data-files.ts',
      ]),
    );
    expect(sources).toEqual([...sources].sort());
  });

  it('changes when any of them changes, and only then', async () => {
    const root = path.join(work, 'project');
    await mkdir(path.join(root, 'scripts/lib'), { recursive: true });
    await writeFile(path.join(root, 'package-lock.json'), '{}');
    await writeFile(path.join(root, 'scripts/lib/a.ts'), 'export const a = 1;');
    await writeFile(path.join(root, 'scripts/notes.md'), 'not code');
    const first = computeToolFingerprint(root);
    expect(computeToolFingerprint(root)).toBe(first);
    await writeFile(path.join(root, 'scripts/notes.md'), 'still not code');
    expect(computeToolFingerprint(root)).toBe(first);
    await writeFile(path.join(root, 'scripts/lib/a.ts'), 'export const a = 2;');
    const second = computeToolFingerprint(root);
    expect(second).not.toBe(first);
    await cp(path.join(root, 'scripts/lib/a.ts'), path.join(root, 'scripts/lib/b.ts'));
    expect(computeToolFingerprint(root)).not.toBe(second);
    await rm(path.join(root, 'scripts/lib/b.ts'));
    await writeFile(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(computeToolFingerprint(root)).not.toBe(second);
  });
});
