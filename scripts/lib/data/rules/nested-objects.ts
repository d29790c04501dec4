// Where a record refers to another by key (model/references.ts), an object that
// carries LL2's own `url` (https://ll.thespacedevs.com/..., at any depth) is an
// error: the build publishes a nested object there as it is, and every `url` of
// our responses names a file of ours. (A nested object of our own, without
// LL2's url, a curated landing say, is allowed.) In: the launches, events and
// reference records. Out: one problem per object, at its file:line:col, with the url. (The importer files such objects as records of their own and
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

/** The first LL2 API url (`https://ll.thespacedevs.com/...`) a `url` field of a value names, at any depth. */
function ll2Url(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = ll2Url(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  for (const [field, item] of Object.entries(value)) {
    if (field === 'url' && typeof item === 'string' && LL2_API.test(item)) return item;
    const found = ll2Url(item);
    if (found !== undefined) return found;
  }
  return undefined;
}
const LL2_API = /^https?:\/\/ll\.thespacedevs\.com\//;

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
        const url = ll2Url(object);
        if (url === undefined) return;
        problems.push(
          problem(
            file,
            [...at, ...path],
            'nested-object',
            `LL2's object, with LL2's url ${url}, where the key of a record of ${target} belongs: the build would publish it as it is, and a url in our responses names a file of ours`,
            `write the key of our record${typeof object.id === 'number' ? ` with id ${object.id}` : ''} (data/reference/), or import the source again (npm run import:ll2 files LL2's nested objects as records)`,
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
  description: "a reference is never LL2's whole object, whose LL2 url the build would publish",
  check: checkNestedObjects,
} satisfies Rule;
