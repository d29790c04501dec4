// `npm run check:data`: the checks of the real data (test/data-check/), not part of `npm test`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/data-check/**/*.check.ts'],
    testTimeout: 600_000,
    hookTimeout: 900_000,
  },
});
