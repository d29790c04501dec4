import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest (CPU seconds with their children, VITEST_CPU_LOG, whole suite on a 2-core machine with
 * the suite's temporary files in memory, test/helpers/suite-temp.ts, December 2026: pages.browser 61 with Chromium,
 * rebuild-whole 27, history-pages.browser 25 with Chromium, hostile 19, faults 18, sync 15, properties 11,
 * sync-deletions 11, snapshot 10, edge-workerd.e2e 9, compression.e2e 8, sync-replay 7, collection-details 7,
 * query-index 7, build.e2e 7, run-launcher 5, official-schema 5), longest first: started first, so that no long file
 * begins last and runs on while the other worker is idle. The rest follow in vitest's own order (longest last run,
 * else largest).
 */
const SLOW_FIRST = [
  'test/pages.browser.test.ts',
  'test/rebuild-whole.test.ts',
  'test/history-pages.browser.test.ts',
  'test/hostile.test.ts',
  'test/faults.test.ts',
  'test/sync.test.ts',
  'test/properties.test.ts',
  'test/sync-deletions.test.ts',
  'test/snapshot.test.ts',
  'test/edge-workerd.e2e.test.ts',
  'test/compression.e2e.test.ts',
  'test/sync-replay.test.ts',
  'test/collection-details.test.ts',
  'test/query-index.test.ts',
  'test/build.e2e.test.ts',
  'test/run-launcher.test.ts',
  'test/official-schema.test.ts',
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
