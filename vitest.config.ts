import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest (CPU seconds with their children, VITEST_CPU_LOG, whole suite on a loaded 2-core
 * machine, December 2026: rebuild-whole 51, pages.browser 43, hostile 34, faults 33, sync 27, properties 21,
 * sync-deletions 17, snapshot 16, build.e2e 16, sync-replay 13, compression.e2e 13, edge-workerd.e2e 12,
 * official-schema 12, history-pages.browser 12, run-launcher 11, collection-details 11), longest first: started
 * first, so that no long file begins last and runs on while the other worker is idle. The rest follow in vitest's
 * own order (longest last run, else largest).
 */
const SLOW_FIRST = [
  'test/rebuild-whole.test.ts',
  'test/pages.browser.test.ts',
  'test/hostile.test.ts',
  'test/faults.test.ts',
  'test/sync.test.ts',
  'test/properties.test.ts',
  'test/sync-deletions.test.ts',
  'test/snapshot.test.ts',
  'test/build.e2e.test.ts',
  'test/sync-replay.test.ts',
  'test/compression.e2e.test.ts',
  'test/edge-workerd.e2e.test.ts',
  'test/official-schema.test.ts',
  'test/history-pages.browser.test.ts',
  'test/run-launcher.test.ts',
  'test/collection-details.test.ts',
];

/**
 * Files that must each have a fresh module graph (vitest's default, `isolate: true`): a module mock, process.env
 * changed for a while, and the browser files (Chromium per file). Every other file runs in the shared project
 * (`isolate: false`): a worker keeps the modules it has loaded for the next file, where each file loaded and
 * transformed its own scripts/ (the unit files: 143 s of CPU, 158 s of "import", isolated; 62 s and 34 s shared, on
 * a loaded 2-core machine). A file there must leave no state behind: no mocks, no process.env it does not restore,
 * no servers left open (checked with `--sequence.shuffle` in two orders).
 */
const ISOLATED = ['test/declared-resource.test.ts', 'test/compression.e2e.test.ts', 'test/**/*.browser.test.ts'];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
    ],
    testTimeout: 60_000,
    // A beforeAll that builds a site takes minutes of wall time on a loaded 2-core machine (the default minute
    // failed 10 files there without a failing assertion).
    hookTimeout: 180_000,
    // vitest's default for `run` is one worker fewer than the cores: one worker on a 2-core machine.
    // Every core runs a file instead (the tests' child processes and Chromium share them).
    maxWorkers: availableParallelism(),
    sequence: { sequencer: SlowFirstSequencer },
    // Makes the bundle behind `npm run build` once, before the files that run it (test/helpers/global-setup.ts).
    globalSetup: ['test/helpers/global-setup.ts'],
    // VITEST_CPU_LOG=/tmp/cpu.tsv: each test file's CPU seconds, its children's included (test/helpers/cpu-probe.ts).
    setupFiles: process.env.VITEST_CPU_LOG ? ['test/helpers/cpu-probe.ts'] : [],
  },
});
