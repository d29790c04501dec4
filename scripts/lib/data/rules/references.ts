// Every key a record refers to by (`pad: slc-40`) names a record that exists,
// with the nearest existing key suggested for a misspelt one.

import {
  DASHBOARD_REFERENCES,
  EVENT_REFERENCES,
  LAUNCH_REFERENCES,
  REFERENCE_REFERENCES,
  type Target,
} from '../../model/references.ts';
import type { PathSegment } from '../../model/records.ts';
import { DECLARED_RESOURCES, type DeclaredKind } from '../../../schemas/resources/index.ts';
import type { LoadedFile } from '../files.ts';
import { closestKey, type Problem } from '../problems.ts';
import { problem, type CheckInput, type Rule } from './rule.ts';

/**
 * Calls `found` with every concrete path and value matched by a pattern with `*`
 * wildcards. The path is one array reused along the walk: copy it to keep it.
 * (Runs for every reference of every record on every build: no generator, no copies.)
 */
export function eachReference(
  value: unknown,
  pattern: readonly PathSegment[],
  found: (path: readonly PathSegment[], key: string) => void,
  depth = 0,
  path: PathSegment[] = [],
): void {
  if (depth === pattern.length) {
    if (typeof value === 'string') found(path, value);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const head = pattern[depth];
  if (head === '*') {
    if (!Array.isArray(value)) return;
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      eachReference(value[i], pattern, found, depth + 1, path);
      path.pop();
    }
  } else {
    path.push(head);
    eachReference((value as Record<string, unknown>)[head as string], pattern, found, depth + 1, path);
    path.pop();
  }
}

const TARGET_WORDS: Record<Target, string> = {
  launches: 'launch id',
  // The declared resources' (schemas/resources/): their title.
  ...(Object.fromEntries(DECLARED_RESOURCES.map((d) => [d.kind, d.title])) as Record<DeclaredKind, string>),
};

function checkReferences(input: CheckInput): Problem[] {
  const problems: Problem[] = [];
  const launchIds = new Set(input.dataset.launches.map((l) => l.id));
  const keysOf = (target: Target): Set<string> | Map<string, unknown> =>
    target === 'launches' ? launchIds : input.dataset.reference[target];
  // A suggestion searches every key of the kind: only for the first few problems of a file (problem-cap.ts shows no more).
  const suggestionsLeft = new Map<LoadedFile, number>();
  const maySuggest = (file: LoadedFile): boolean => {
    const left = suggestionsLeft.get(file) ?? 50;
    suggestionsLeft.set(file, left - 1);
    return left > 0;
  };
  const resolve = (
    source: { file: LoadedFile; at: PathSegment[] },
    value: unknown,
    patterns: Array<[PathSegment[], Target]>,
  ) => {
    for (const [pattern, target] of patterns) {
      if (input.unchecked?.has(target)) continue;
      const known = keysOf(target);
      eachReference(value, pattern, (path, key) => {
        if (known.has(key) || input.invalidKeys?.get(target)?.has(key)) return;
        const suggestion =
          target === 'launches' || !maySuggest(source.file)
            ? undefined
            : closestKey(key, (known as Map<string, unknown>).keys());
        const fullPath = [...source.at, ...path];
        problems.push(
          problem(
            source.file,
            fullPath,
            'unknown-reference',
            `unknown ${TARGET_WORDS[target]} "${key}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
            suggestion
              ? `write "${suggestion}", or add "${key}" to data/reference/`
              : `add "${key}" to ${target === 'launches' ? 'data/launches/' : `data/reference/`} or fix the key`,
          ),
        );
      });
    }
  };
  for (const s of input.launches) resolve(s, s.record, LAUNCH_REFERENCES);
  for (const s of input.events) resolve(s, s.record, EVENT_REFERENCES);
  for (const [kind, file] of input.referenceFiles) {
    const patterns = REFERENCE_REFERENCES[kind];
    if (!patterns) continue;
    for (const [key, record] of input.dataset.reference[kind]) resolve({ file, at: [key] }, record, patterns);
  }
  if (input.dashboardFile && input.dataset.starshipDashboard)
    resolve({ file: input.dashboardFile, at: [] }, input.dataset.starshipDashboard, DASHBOARD_REFERENCES);
  return problems;
}

export default {
  names: ['unknown-reference'],
  description: 'every reference (a key of data/reference/, or a launch id in an event) resolves',
  check: checkReferences,
} satisfies Rule;
