// The bench's worker of the sources over a built tree's held files (bench-ab-workerd.ts currentOver, `npm run bench
// -- --tree DIR --current`): the tree's held index declaration kept, the rest of the code the current bundle's.

import { describe, expect, it } from 'vitest';
import { currentOver } from '../scripts/bench-ab-workerd.ts';
import { workerBundle } from '../scripts/lib/outputs/edge-worker.ts';

describe("the current worker over a tree's held files", () => {
  it("keeps the built worker's held files and replaces its code by the current bundle", () => {
    const held = ['const HELD_QUERY_INDEX = [', '[["query-index.json"], "{\\"format\\":12}"]', '];'];
    const built = ['// an older banner', ...held, 'export default { fetch() { return "old code"; } };'].join('\n');
    const bundle = workerBundle();
    const current = currentOver(built);
    const banner = bundle.slice(0, bundle.indexOf('\n') + 1);
    expect(current.startsWith(`${banner}${held.join('\n')}\n`)).toBe(true);
    expect(current.endsWith(bundle.slice(banner.length))).toBe(true);
    expect(current).not.toContain('old code');
  });

  it('refuses a file that is not a built worker', () => {
    expect(() => currentOver('export default {};\n')).toThrow(/not a built _worker.js/);
  });
});
