// A rebuild in place is whole or not at all for a reader of the output folder
// (publish/generations.ts): killed after each step of its publish while a reader
// reads pairs of files that must agree (an agency's detail, its row in the agency
// list, the detail's .gz twin, and the Node server's answers for both), the reader
// never sees a mix, the folder holds the old tree or the new one byte for byte, and
// the next build finishes the new one and leaves no leftovers.

import { mkdir, readdir, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planned, type PlannedFile } from '../scripts/lib/api/files.ts';
import { publishPlan, type PublishStep } from '../scripts/lib/publish/publish.ts';
import { createApiServer, listen } from '../scripts/lib/query/node-server.ts';
import { copyFixture, removeDir, tempDir } from './helpers/data.ts';
import { leftovers, runProcess, treeDifferences, ROOT } from './helpers/run-cli.ts';
import { bundleScript } from './helpers/bundle-script.ts';
import { publishSite } from './helpers/site-publish.ts';
import { copyTree, readTree } from './helpers/tree.ts';

const KILLED_PUBLISH = path.join(ROOT, 'test/helpers/killed-publish.ts');
const OLD_NAME = 'SpaceX';
const NEW_NAME = 'Space Exploration Technologies';
const RECIPE = 'whole-test';

let root: string;
let dataOld: string;
let dataNew: string;
let oldTree: Map<string, Buffer>;
let newTree: Map<string, Buffer>;
let oldFolder: string;
let cacheDir: string;
/** killed-publish.ts bundled: each case starts it once, and tsx's loader would add about 0.7 s of CPU to each start. */
let killedPublish: Awaited<ReturnType<typeof bundleScript>>;

beforeAll(async () => {
  root = await tempDir('lss-whole-');
  killedPublish = await bundleScript(KILLED_PUBLISH);
  dataOld = await copyFixture();
  dataNew = await copyFixture();
  const agencies = path.join(dataNew, 'reference/agencies.yaml');
  await writeFile(
    agencies,
    (await readFile(agencies, 'utf8')).replace(`  name: ${OLD_NAME}\n`, `  name: ${NEW_NAME}\n`),
  );
  cacheDir = path.join(root, 'record-cache');
  oldFolder = path.join(root, 'reference-old', 'public');
  await publishSite(dataOld, oldFolder, RECIPE, { cacheDir });
  oldTree = await readTree(oldFolder);
  const reference = path.join(root, 'reference-new', 'public');
  await copyOldGeneration(reference);
  // The rename changes a few files: the rebuild from the old tree is an incremental one.
  expect(await publishSite(dataNew, reference, RECIPE, { cacheDir })).toMatchObject({ mode: 'incremental' });
  newTree = await readTree(reference);
}, 180_000);

afterAll(async () => {
  await killedPublish?.remove();
  await removeDir(root);
  await removeDir(dataOld);
  await removeDir(dataNew);
});

/**
 * At `out`, the old data's published tree as its publish left it (the link, the generations
 * folder, the manifest): a copy of the one built in beforeAll, the same bytes as publishing
 * the old data again there (a full render each time) would give.
 */
async function copyOldGeneration(out: string): Promise<void> {
  await copyTree(path.dirname(oldFolder), path.dirname(out));
  expect(await treeDifferences(oldTree, out)).toEqual([]);
  expect(await readlink(out)).toBe(await readlink(oldFolder)); // a generation, by the same relative link
}

interface Seen {
  /** Readings taken while the folder pointed at one tree throughout. */
  checked: number;
  /** Of which while the build held its lock. */
  whileLocked: number;
  names: Set<string>;
  mixes: string[];
}

/** What `out` is now: the link's target, or EINVAL for a folder, ENOENT for nothing. */
const whereIs = (out: string): Promise<string> =>
  readlink(out).catch((error: NodeJS.ErrnoException) => error.code ?? 'error');

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/**
 * Reads the agency's name from the files (and server answers) that must agree, until stopped.
 * After its first reading while the build holds the lock it creates `readMark`, which the
 * killed publish waits for before it dies (killed-publish.ts).
 */
function startReader(out: string, port: number, readMark: string) {
  const seen: Seen = { checked: 0, names: new Set(), mixes: [], whileLocked: 0 };
  const file = async (relative: string) => readFile(path.join(out, relative));
  const served = async (target: string) => {
    const answer = await fetch(`http://127.0.0.1:${port}${target}`);
    if (answer.status !== 200) throw new Error(`${target}: ${answer.status}`);
    return answer.json() as Promise<any>;
  };
  const names = async (): Promise<string[]> => [
    JSON.parse((await file('2.3.0/agencies/121/index.json')).toString()).name,
    JSON.parse((await file('2.3.0/agencies/index.json')).toString()).results.find((a: { id: number }) => a.id === 121)
      .name,
    JSON.parse(gunzipSync(await file('2.3.0/agencies/121/index.json.gz')).toString()).name,
    (await served('/2.3.0/agencies/121/')).name,
    (await served('/2.3.0/agencies/?id=121')).results[0].name,
  ];
  let running = true;
  const lock = `${out}.lock`;
  const loop = (async () => {
    for (let first = true; running; first = false) {
      // Nothing writes the folder before the build takes its lock (publishPlan): until then one reading, the first,
      // and a look for the lock every 10 ms. (Reading all along cost the file a third of its CPU, most of it while the
      // build checked and planned.)
      if (!first && !(await exists(lock))) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      const before = await whereIs(out);
      const read = await names().catch(() => undefined); // nothing there (a folder moved aside): no reading
      const after = await whereIs(out);
      if (!read || before !== after) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        continue;
      }
      seen.checked++;
      if (!first && seen.whileLocked++ === 0) await writeFile(readMark, '');
      for (const name of read) seen.names.add(name);
      if (new Set(read).size > 1) seen.mixes.push(`${before}: ${read.join(' | ')}`);
      // A reading every 10 ms rather than 2 leaves the rebuild more of a small machine's CPU (the file: 75.9 s of
      // CPU at 2 ms, 70.6 s at 10 ms, on a loaded machine), and the steps it reads across last longer than 10 ms.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async (): Promise<Seen> => {
    running = false;
    await loop;
    return seen;
  };
}

type Start = 'generation' | 'folder';
// [step killed after, what the folder held before, recipe of the rebuild (another: every file rendered)]
const CASES: Array<[PublishStep | 'rendering', Start, 'incremental' | 'full']> = [
  ...(['cleaned', 'linked', 'rendering', 'rendered', 'manifest', 'placed', 'swapped', 'retired'] as const).map(
    (step) => [step, 'generation', 'incremental'] as [PublishStep | 'rendering', Start, 'incremental'],
  ),
  ...(['rendering', 'placed', 'swapped'] as const).map(
    (step) => [step, 'generation', 'full'] as [PublishStep | 'rendering', Start, 'full'],
  ),
  ...(['placed', 'moved-aside', 'swapped'] as const).map(
    (step) => [step, 'folder', 'full'] as [PublishStep | 'rendering', Start, 'full'],
  ),
];
const SWAPPED: ReadonlyArray<string> = ['swapped', 'retired'];

describe('a rebuild killed after each step of its publish while a reader reads', () => {
  it.each(CASES)(
    'after %s (from a %s, %s): never a mix, the old tree or the new, and the next build finishes',
    async (step, start, mode) => {
      const out = path.join(root, `${step}-${start}-${mode}`, 'public');
      const recipe = mode === 'full' ? `${RECIPE}-other` : RECIPE;
      if (start === 'generation') await copyOldGeneration(out);
      else await copyTree(oldFolder, out); // a plain folder, as builds before generations left it
      const server = createApiServer({ root: out, cacheSeconds: -1 });
      const port = await listen(server, 0);
      try {
        const readMark = `${out}-read`;
        const stop = startReader(out, port, readMark);
        const killed = await runProcess([killedPublish.file, dataNew, out, recipe, step, cacheDir, readMark], {
          command: [process.execPath],
          timeoutMs: 120_000,
        });
        const seen = await stop();
        expect(killed.stdout, killed.stderr).toBe(`reached ${step}\n`);
        expect(killed.signal).toBe('SIGKILL');
        expect(seen.mixes).toEqual([]);
        expect(seen.checked).toBeGreaterThan(0);
        expect(seen.whileLocked).toBeGreaterThan(0);
        expect(
          [...seen.names].every((name) => name === OLD_NAME || name === NEW_NAME),
          [...seen.names].join(', '),
        ).toBe(true);

        if (step === 'moved-aside') {
          // Only when a folder from before generations gives way to the link: for an instant nothing, never a mix.
          expect(await exists(out)).toBe(false);
          expect(await treeDifferences(oldTree, `${out}.old`)).toEqual([]);
        } else {
          expect(await treeDifferences(SWAPPED.includes(step) ? newTree : oldTree, out)).toEqual([]);
        }

        await publishSite(dataNew, out, recipe, { cacheDir });
        expect(await treeDifferences(newTree, out)).toEqual([]);
        expect(await leftovers(out)).toEqual([]);
      } finally {
        server.close();
      }
    },
    180_000,
  );
});

describe('generations', () => {
  const file = (p: string, content: string): PlannedFile => planned({ path: p, content });
  const inode = async (p: string) => (await stat(p)).ino;

  it('link unchanged files from the tree in place, write changed ones anew, and keep one tree back', async () => {
    const out = path.join(root, 'generations', 'out');
    await publishPlan(out, [file('a/same.json', 'same'), file('b/edited.json', 'one')], { recipe: 'r' });
    const first = path.resolve(path.dirname(out), await readlink(out));
    await publishPlan(out, [file('a/same.json', 'same'), file('b/edited.json', 'two')], { recipe: 'r' });
    const second = path.resolve(path.dirname(out), await readlink(out));
    expect(second).not.toBe(first);
    expect(await inode(path.join(second, 'a/same.json'))).toBe(await inode(path.join(first, 'a/same.json')));
    // The tree a reader may still be in is never written through: it keeps its bytes.
    expect(await readFile(path.join(first, 'b/edited.json'), 'utf8')).toBe('one');
    expect(await readFile(path.join(out, 'b/edited.json'), 'utf8')).toBe('two');

    await publishPlan(out, [file('a/same.json', 'same'), file('b/edited.json', 'three')], { recipe: 'r' });
    const third = path.basename(await readlink(out));
    expect((await readdir(`${out}.generations`)).sort()).toEqual(
      [path.basename(second), `${path.basename(second)}.manifest.json`, third, `${third}.manifest.json`].sort(),
    );
    expect(await leftovers(out)).toEqual([]);
  });

  it('render again a file deleted from the tree in place, where a link would find nothing', async () => {
    const out = path.join(root, 'deleted', 'out');
    const plan = [file('a.json', 'a'), file('b.json', 'b'), file('c.json', 'c')];
    await publishPlan(out, plan, { recipe: 'r' });
    await rm(path.join(out, 'b.json'));
    expect(await publishPlan(out, plan, { recipe: 'r' })).toMatchObject({ mode: 'incremental', rendered: 1 });
    expect(await readFile(path.join(out, 'b.json'), 'utf8')).toBe('b');
  });

  it('replace a link of someone else in place of the folder, and leave what it points at alone', async () => {
    const theirs = path.join(root, 'theirs');
    await mkdir(theirs, { recursive: true });
    await writeFile(path.join(theirs, 'keep.txt'), 'theirs');
    const out = path.join(root, 'foreign', 'out');
    await mkdir(path.dirname(out), { recursive: true });
    await symlink(theirs, out);
    expect(await publishPlan(out, [file('x.json', 'x')], { recipe: 'r' })).toMatchObject({ mode: 'full' });
    expect([...(await readTree(out)).keys()]).toEqual(['x.json']);
    expect(await readFile(path.join(theirs, 'keep.txt'), 'utf8')).toBe('theirs');
  });
});
