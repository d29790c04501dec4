// A launch's history ends with the launch's own values: folding its first
// sighting and every change gives the record's name, NET, window, precision,
// status, probability, pad and rocket configuration. This is how a NET changed by
// hand gets into the history: the rule names the line to add (docs/history.md).
// In: the history files and the valid launches; out: problems, at the history's
// sighting that last set the field.

import {
  HISTORY_FIELDS,
  newestValues,
  trackedValues,
  type HistoryField,
  type LaunchHistory,
} from '../../model/history.ts';
import { formatTimestamp } from '../../model/time.ts';
import type { PathSegment } from '../../model/records.ts';
import type { Problem } from '../problems.ts';
import { problem, type Rule } from './rule.ts';

/** Where a history last set `field`: the last change naming it, else its first sighting. */
function lastSetAt(history: LaunchHistory, field: HistoryField): PathSegment[] {
  const changes = history.changes ?? [];
  for (let i = changes.length - 1; i >= 0; i--) if (changes[i][field]) return ['changes', i, field];
  return field in history.first_seen ? ['first_seen', field] : ['first_seen'];
}

const shown = (value: unknown): string => JSON.stringify(value);

export default {
  names: ['history-newest'],
  description: "a launch's history ends with the values its record holds",
  check(input) {
    const problems: Problem[] = [];
    const valid = new Set(input.dataset.launches);
    const launches = new Map(input.launches.filter((l) => valid.has(l.record)).map((l) => [l.record.id, l]));
    for (const { record: history, file } of input.histories ?? []) {
      const launch = launches.get(history.launch);
      if (!launch) continue; // no such launch (history-launch), or one that failed its own checks
      const ends = newestValues(history);
      const holds = trackedValues(launch.record);
      const differing = HISTORY_FIELDS.filter((f) => ends[f] !== holds[f]);
      if (differing.length === 0) continue;
      const lines = [
        `  - seen: ${formatTimestamp(input.now)}`,
        '    source: pull-request',
        ...differing.map((f) => `    ${f}: [${shown(ends[f])}, ${shown(holds[f])}]`),
      ];
      for (const field of differing) {
        problems.push(
          problem(
            file,
            lastSetAt(history, field),
            'history-newest',
            `the history ends with ${field} ${shown(ends[field])}, but ${launch.file.path} says ${shown(holds[field])}`,
            `record the change at the end of \`changes:\` (seen: when it became known; source: where), e.g.\n${lines.join('\n')}`,
          ),
        );
      }
    }
    return problems;
  },
} satisfies Rule;
