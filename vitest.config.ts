import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest (CPU seconds, VITEST_CPU_LOG on a loaded 2-core machine, December 2026), longest
 * first: started first, so that no long file begins last and runs on while the other
 * worker is idle. The rest follow in vitest's own order (longest last run, else largest).
 */
const SLOW_FIRST = [
  'test/pages.browser.test.ts',
  'test/rebuild-whole.test.ts',
  'test/faults.test.ts',
  'test/hostile.test.ts',
  'test/sync.test.ts',
  'test/collection-details.test.ts',
  'test/properties.test.ts',
  'test/build.e2e.test.ts',
  'test/publish.test.ts',
  'test/first-run.test.ts',
  'test/calendars.test.ts',
  'test/openapi.test.ts',
  'test/snapshot.test.ts',
  'test/cli.test.ts',
];

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
    include: ['test/**/*.test.ts'],
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
