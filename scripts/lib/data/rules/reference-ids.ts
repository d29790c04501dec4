// Reference records of one kind each keep their own LL2 id: the build publishes
// them at `{kind}/{id}/` and clients match on ids.

import type { Problem } from '../problems.ts';
import { problem, type Rule } from './rule.ts';

export default {
  names: ['duplicate-id'],
  description: 'no two reference records of one kind share an id',
  check(input) {
    const problems: Problem[] = [];
    for (const [kind, file] of input.referenceFiles) {
      const seen = new Map<number, string>();
      for (const [key, record] of input.dataset.reference[kind]) {
        if (typeof record.id !== 'number') continue;
        const first = seen.get(record.id);
        if (first === undefined) seen.set(record.id, key);
        else
          problems.push(
            problem(
              file,
              [key, 'id'],
              'duplicate-id',
              `id ${record.id} is already used by "${first}"`,
              "each record of a kind needs its own id; keep LL2's id where it has one",
            ),
          );
      }
    }
    return problems;
  },
} satisfies Rule;
