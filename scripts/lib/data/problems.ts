// A problem found in the data: where it is, which rule it breaks, and how to fix it.

export type Severity = 'error' | 'warning';

export interface Problem {
  severity: Severity;
  /** Path of the data file as the contributor sees it (relative to the project root when possible). */
  file: string;
  line: number;
  col: number;
  rule: string;
  /** Dotted path of the field inside the record, e.g. `rocket.configuration`; empty for the whole file. */
  field: string;
  message: string;
  hint: string;
}

export function formatProblem(p: Problem): string {
  const where = `${p.file}:${p.line}:${p.col}`;
  const field = p.field ? ` [${p.field}]` : '';
  const hint = p.hint ? `\n    fix: ${p.hint}` : '';
  return `${where} ${p.severity} ${p.rule}${field}: ${p.message}${hint}`;
}

export function compareProblems(a: Problem, b: Problem): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.rule.localeCompare(b.rule);
}

/** Thrown when the data has errors; carries every problem found in the run. */
export class DataError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`${problems.filter((p) => p.severity === 'error').length} problem(s) in the data`);
  }
}

/** Levenshtein distance, to suggest the nearest valid key for a misspelt one. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

export function closestKey(wanted: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = editDistance(wanted, candidate);
    if (d < bestDistance || (d === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = d;
    }
  }
  const plausible = best !== undefined && bestDistance <= Math.max(2, Math.floor(wanted.length / 2));
  return plausible ? best : undefined;
}
