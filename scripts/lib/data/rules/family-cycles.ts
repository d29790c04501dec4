// Launcher families form a tree through `parent`: a loop would make the build
// expand a family into itself forever.

import type { Problem } from '../problems.ts';
import { problem, type Rule } from './rule.ts';

export default {
  names: ['reference-cycle'],
  description: 'no launcher family is its own ancestor',
  check(input) {
    const file = input.referenceFiles.get('launcherFamilies');
    const families = input.dataset.reference.launcherFamilies;
    if (!file) return [];
    const problems: Problem[] = [];
    for (const start of families.keys()) {
      const seen = new Set<string>([start]);
      let current = families.get(start)?.parent;
      while (typeof current === 'string' && families.has(current)) {
        if (seen.has(current)) {
          if (current === start)
            problems.push(
              problem(
                file,
                [start, 'parent'],
                'reference-cycle',
                `launcher family "${start}" is its own ancestor`,
                'break the cycle of "parent" keys',
              ),
            );
          break;
        }
        seen.add(current);
        current = families.get(current)?.parent;
      }
    }
    return problems;
  },
} satisfies Rule;
