// Where a record refers to another by key (model/references.ts), a whole object
// is an error: the build would publish it as it is, and an object LL2 nested there
// carries LL2's own `url` (https://ll.thespacedevs.com/...), where every `url` of
// our responses names a file of ours. In: the launches, events and reference
// records. Out: one problem per object found, at its file:line:col, with LL2's url
// when it has one. (The importer files such objects as records of their own and
// writes their keys: import/finish.ts fileGraph.)

import {
  DASHBOARD_REFERENCES,
  EVENT_REFERENCES,
  LAUNCH_REFERENCES,
  REFERENCE_REFERENCES,
  type Target,
} from '../../model/references.ts';
import type { PathSegment } from '../../model/records.ts';
import type { LoadedFile } from '../files.ts';
import type { Problem } from '../problems.ts';
import { problem, type CheckInput, type Rule } from './rule.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Calls `found` with the path of every object a pattern (with `*` wildcards) reaches. */
function eachObject(
  value: unknown,
  pattern: readonly PathSegment[],
  found: (path: PathSegment[], object: Record<string, unknown>) => void,
  path: PathSegment[] = [],
): void {
  if (path.length === pattern.length) {
    if (isObject(value)) found(path, value);
    return;
  }
  const head = pattern[path.length];
  if (head === '*') {
    if (Array.isArray(value)) for (const [i, item] of value.entries()) eachObject(item, pattern, found, [...path, i]);
  } else if (isObject(value)) {
    eachObject(value[head as string], pattern, found, [...path, head]);
  }
}

function checkNestedObjects(input: CheckInput): Problem[] {
  const problems: Problem[] = [];
  const scan = (
    file: LoadedFile,
    at: PathSegment[],
    record: unknown,
    patterns: ReadonlyArray<[PathSegment[], Target]>,
  ) => {
    for (const [pattern, target] of patterns)
      eachObject(record, pattern, (path, object) => {
        const url = typeof object.url === 'string' ? object.url : undefined;
        const ll2 = url !== undefined && /^https?:\/\/ll\.thespacedevs\.com\//.test(url);
        problems.push(
          problem(
            file,
            [...at, ...path],
            'nested-object',
            `a whole object where the key of a record of ${target} belongs${ll2 ? `, with LL2's url ${url}` : ''}: the build would publish it as it is, and a url in our responses names a file of ours`,
            `write the key of our record${typeof object.id === 'number' ? ` with id ${object.id}` : ''} (data/reference/), or import the source again (npm run import:ll2 files nested objects as records)`,
          ),
        );
      });
  };
  for (const s of input.launches) scan(s.file, s.at, s.record, LAUNCH_REFERENCES);
  for (const s of input.events) scan(s.file, s.at, s.record, EVENT_REFERENCES);
  for (const [kind, file] of input.referenceFiles) {
    const patterns = REFERENCE_REFERENCES[kind];
    if (!patterns) continue;
    for (const [key, record] of input.dataset.reference[kind]) scan(file, [key], record, patterns);
  }
  if (input.dashboardFile && input.dataset.starshipDashboard)
    scan(input.dashboardFile, [], input.dataset.starshipDashboard, DASHBOARD_REFERENCES);
  return problems;
}

export default {
  names: ['nested-object'],
  description: 'a reference is a key, never a whole object (whose url would be published)',
  check: checkNestedObjects,
} satisfies Rule;
