// Each declared resource (scripts/schemas/resources/) has its row in docs/resources.md's
// table of resources: its list path, its detail path and its order as the declaration
// states them (`by id` unless `order: 'name'`, or `by location id` for `order: { byReference: 'location' }`).
// On the checked-in docs.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DECLARED_RESOURCES } from '../scripts/schemas/resources/index.ts';

const rows = readFileSync(new URL('../docs/resources.md', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => line.split('|').map((cell) => cell.trim()));

describe.each(DECLARED_RESOURCES.map((d) => [d.kind, d] as const))("%s's docs row", (_, d) => {
  it('names its paths and its order', () => {
    const row = rows.find((cells) => cells[1] === `\`${d.path}\``);
    expect(row, `no row for ${d.path} in docs/resources.md`).toBeDefined();
    expect(row![2]).toBe(`\`${d.path}{id}/\``);
    const order = d.order;
    expect(row![5]).toMatch(
      order === 'name' ? /^by name/ : typeof order === 'object' ? new RegExp(`^by ${order.byReference} id`) : /^by id/,
    );
  });
});
