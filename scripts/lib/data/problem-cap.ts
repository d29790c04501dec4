// A hostile or broken file can hold tens of thousands of problems (a 256 KB file
// of unknown keys). Reporting them all costs minutes and buries the first one;
// the first few per file, in line order, say everything a contributor needs.

import type { Problem } from './problems.ts';

export const MAX_PROBLEMS_PER_FILE = 50;

/**
 * The first `max` problems of each file (in the given order), then one error per
 * capped file saying how many more there are. Files keep their first position.
 */
export function capProblems(problems: readonly Problem[], max = MAX_PROBLEMS_PER_FILE): Problem[] {
  const shown = new Map<string, number>();
  const kept: Problem[] = [];
  const lastKept = new Map<string, Problem>();
  for (const p of problems) {
    const n = (shown.get(p.file) ?? 0) + 1;
    shown.set(p.file, n);
    if (n <= max) {
      kept.push(p);
      lastKept.set(p.file, p);
    }
  }
  const out: Problem[] = [];
  for (const p of kept) {
    out.push(p);
    const total = shown.get(p.file)!;
    if (total > max && lastKept.get(p.file) === p) {
      out.push({
        severity: 'error',
        file: p.file,
        line: p.line,
        col: p.col,
        rule: 'too-many-problems',
        field: '',
        message: `${total - max} more problem(s) in this file are not shown`,
        hint: 'fix the ones above and run the check again',
      });
    }
  }
  return out;
}
