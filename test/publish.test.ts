import { readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planned, type PlannedFile } from '../scripts/lib/api/files.ts';
import { buildSite } from '../scripts/lib/pipeline.ts';
import { publishPlan, type Companions } from '../scripts/lib/publish/publish.ts';
import { copyFixture, makeLaunch, removeDir, tempDir, writeRecords } from './helpers/data.ts';
import { readTree } from './helpers/tree.ts';
import { leftovers } from './helpers/run-cli.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE = 'https://example.org/2.3.0/';
let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => removeDir(root));

async function expectSameTree(a: string, b: string) {
  const [ta, tb] = [await readTree(a), await readTree(b)];
  expect([...tb.keys()]).toEqual([...ta.keys()]);
  for (const [file, bytes] of ta) expect(tb.get(file)!.equals(bytes), file).toBe(true);
}

describe('rebuilds publish only what changed, and end with the same tree as a fresh build', () => {
  it('after an edit, an addition and a removal', async () => {
    const data = await copyFixture();
    const launches = Array.from({ length: 30 }, (_, i) =>
      makeLaunch(i + 1, `2025-0${1 + (i % 9)}-1${i % 10}T00:00:00Z`),
    );
    await writeRecords(data, launches);
    const out = path.join(root, 'public');
    const first = await buildSite(data, out, { now: NOW, baseUrl: BASE });
    expect(first.mode).toBe('full');

    // Same data again: nothing to render.
    expect(await buildSite(data, out, { now: NOW, baseUrl: BASE })).toMatchObject({ mode: 'incremental', rendered: 0 });

    // One edited text, one launch removed, one added.
    const generated = path.join(data, 'launches/generated');
    const edited = path.join(generated, 'test-launch-1.yaml');
    await writeFile(edited, (await readFile(edited, 'utf8')).replace('name: Test 1', 'name: Test 1 edited'));
    await rm(path.join(generated, 'test-launch-2.yaml'));
    await writeRecords(data, [makeLaunch(99, '2025-12-01T00:00:00Z')]);
    const second = await buildSite(data, out, { now: NOW, baseUrl: BASE });
    expect(second.mode).toBe('incremental');
    expect(second.rendered).toBeLessThan(second.files / 4);

    const fresh = path.join(root, 'fresh');
    await buildSite(data, fresh, { now: NOW, baseUrl: BASE });
    await expectSameTree(fresh, out);

    // A NET move (changes other launches' counters) and a status change (changes tallies everywhere).
    const moved = path.join(generated, 'test-launch-3.yaml');
    await writeFile(moved, (await readFile(moved, 'utf8')).replace(/2025-0\d-1\dT00:00:00Z/g, '2024-01-01T00:00:00Z'));
    const failed = path.join(generated, 'test-launch-4.yaml');
    await writeFile(failed, (await readFile(failed, 'utf8')).replace('status: success', 'status: failure'));
    await buildSite(data, out, { now: NOW, baseUrl: BASE });
    const fresh2 = path.join(root, 'fresh2');
    await buildSite(data, fresh2, { now: NOW, baseUrl: BASE });
    await expectSameTree(fresh2, out);
    await removeDir(data);
  }, 180_000); // six builds: on a loaded 2-core machine more than the default minute
});

describe('publishPlan', () => {
  const file = (p: string, content: string): PlannedFile => planned({ path: p, content });
  const upper: Companions = {
    of: async (f) => [{ path: `${f.path}.up`, content: String(f.content).toUpperCase() }],
    pathsOf: (p) => [`${p}.up`],
  };

  it('removes files (and companions) that are no longer planned', async () => {
    const out = path.join(root, 'out');
    await publishPlan(out, [file('a/x.json', 'a'), file('b/y.json', 'b')], { recipe: 'r', companions: upper });
    const result = await publishPlan(out, [file('a/x.json', 'a')], { recipe: 'r', companions: upper });
    expect(result).toMatchObject({ mode: 'incremental', rendered: 0, removed: 1 });
    expect([...(await readTree(out)).keys()]).toEqual(['a/x.json', 'a/x.json.up']);
  });

  it('learns the new input key of a file whose bytes did not change, so it is not rendered again', async () => {
    const out = path.join(root, 'out');
    let renders = 0;
    const keyed = (key: string): PlannedFile => ({
      path: 'x.json',
      key,
      get fingerprint() {
        renders++;
        return 'same-bytes';
      },
      render: () => 'x',
    });
    await publishPlan(out, [keyed('k1'), file('y.json', 'y')], { recipe: 'r' });
    renders = 0;
    expect(await publishPlan(out, [keyed('k2'), file('y.json', 'y')], { recipe: 'r' })).toMatchObject({
      mode: 'incremental',
      rendered: 0,
    });
    expect(renders).toBe(1); // a new key: the bytes are compared once
    expect(await publishPlan(out, [keyed('k2'), file('y.json', 'y')], { recipe: 'r' })).toMatchObject({
      mode: 'incremental',
      rendered: 0,
    });
    expect(renders).toBe(1); // and the key is trusted from then on
  });

  it('rebuilds everything when the recipe changes', async () => {
    const out = path.join(root, 'out');
    await publishPlan(out, [file('x.json', 'a')], { recipe: 'one' });
    expect((await publishPlan(out, [file('x.json', 'a')], { recipe: 'two' })).mode).toBe('full');
  });

  it('leaves the output untouched when rendering fails', async () => {
    const out = path.join(root, 'out');
    await publishPlan(out, [file('x.json', 'old'), file('y.json', 'y')], { recipe: 'r' });
    const failing: PlannedFile = {
      path: 'x.json',
      fingerprint: 'new',
      render: () => {
        throw new Error('disk full');
      },
    };
    await expect(publishPlan(out, [failing, file('y.json', 'y')], { recipe: 'r' })).rejects.toThrow('disk full');
    expect(await readFile(path.join(out, 'x.json'), 'utf8')).toBe('old');
    const again = await publishPlan(out, [file('x.json', 'old'), file('y.json', 'y')], { recipe: 'r' });
    expect(again).toMatchObject({ mode: 'incremental', rendered: 0 });
  });

  it('replaces a tree the in-place publisher of earlier versions left mid-journal, and its leftovers', async () => {
    const out = path.join(root, 'out');
    // What a build of an earlier version, killed while renaming, leaves: a folder (a mix), its manifest, a journal, staged files.
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, 'x.json'), 'half');
    await writeFile(path.join(out, 'y.json'), 'y');
    const staging = `${out}.changes-1`;
    await mkdir(staging, { recursive: true });
    await writeFile(path.join(staging, 'x.json'), 'new');
    await writeFile(`${out}.journal.json`, JSON.stringify({ staging, renames: ['x.json'], removals: ['y.json'] }));
    await writeFile(
      `${out}.manifest.json`,
      JSON.stringify({ version: 1, recipe: 'r', files: { 'x.json': ['?', [4]], 'y.json': ['?', [1]] } }),
    );
    const result = await publishPlan(out, [file('x.json', 'new')], { recipe: 'r' });
    expect(result.mode).toBe('full');
    expect([...(await readTree(out)).entries()].map(([k, v]) => [k, v.toString()])).toEqual([['x.json', 'new']]);
    expect(await leftovers(out)).toEqual([]);
  });
});
