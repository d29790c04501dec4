// Launches and events each need an id and a slug of their own: URLs and the
// importer's matching rely on them.

import type { PathSegment } from '../../model/records.ts';
import type { Problem } from '../problems.ts';
import { problem, type RecordSource, type Rule } from './rule.ts';

function duplicates<T>(
  sources: RecordSource<T>[],
  what: string,
  keyOf: (r: T) => string | undefined,
  field: PathSegment[],
): Problem[] {
  const firstSeen = new Map<string, RecordSource<T>>();
  const problems: Problem[] = [];
  for (const source of sources) {
    const value = keyOf(source.record);
    if (value === undefined) continue; // left out of a record that failed its own checks
    const first = firstSeen.get(value);
    if (!first) {
      firstSeen.set(value, source);
      continue;
    }
    problems.push(
      problem(
        source.file,
        field,
        `duplicate-${field.join('.')}`,
        `${what} ${field.join('.')} "${value}" is already used by ${first.file.path}`,
        field[0] === 'id'
          ? `give this ${what} a new id${what === 'launch' ? ' (npm run new:launch prints a fresh UUID)' : ''}, or delete the duplicate file`
          : `choose another ${field.join('.')}`,
      ),
    );
  }
  return problems;
}

export default {
  names: ['duplicate-id', 'duplicate-slug'],
  description: 'every launch and every event has an id and a slug no other record of its kind uses',
  check: (input) => [
    ...duplicates(input.launches, 'launch', (r) => r.id, ['id']),
    ...duplicates(input.launches, 'launch', (r) => r.slug, ['slug']),
    ...duplicates(input.events, 'event', (r) => (r.id === undefined ? undefined : String(r.id)), ['id']),
    ...duplicates(input.events, 'event', (r) => r.slug, ['slug']),
  ],
} satisfies Rule;
