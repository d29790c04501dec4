// A history reads as one story: sightings in time order, none dated after the
// build clock, each change naming at least one field, each `[before, after]`
// starting from the value the history held just before and changing it, and a
// saved LL2 list naming who saved it. In: the history files and the clock; out:
// problems at the sighting concerned.

import { HISTORY_FIELDS, sightings, type HistoryChange, type HistoryValue } from '../../model/history.ts';
import type { PathSegment } from '../../model/records.ts';
import type { Problem } from '../problems.ts';
import { problem, timeOf, type Rule } from './rule.ts';

const shown = (value: unknown): string => JSON.stringify(value);

export default {
  names: ['history-future', 'history-order', 'history-change', 'history-source'],
  description:
    "a history's sightings are in time order, not after the clock, each change continuing from the value before",
  check(input) {
    const problems: Problem[] = [];
    for (const { record: history, file } of input.histories ?? []) {
      const all = sightings(history);
      const values = new Map<string, HistoryValue>(HISTORY_FIELDS.map((f) => [f, history.first_seen[f] ?? null]));
      let previous = -Infinity;
      all.forEach((sighting, i) => {
        const at: PathSegment[] = i === 0 ? ['first_seen'] : ['changes', i - 1];
        const seen = timeOf(sighting.seen);
        if (seen > input.now) {
          problems.push(
            problem(
              file,
              [...at, 'seen'],
              'history-future',
              `seen ${sighting.seen} is after the build clock`,
              'a change is recorded when it was seen: give the time it became known, not a planned one',
            ),
          );
        }
        if (timeOf(sighting.ll2_last_updated) > input.now) {
          problems.push(
            problem(
              file,
              [...at, 'll2_last_updated'],
              'history-future',
              `ll2_last_updated ${sighting.ll2_last_updated} is after the build clock`,
              "give the version's last_updated as LL2 stated it",
            ),
          );
        }
        if (seen < previous) {
          problems.push(
            problem(
              file,
              [...at, 'seen'],
              'history-order',
              `seen ${sighting.seen} is before the sighting above it`,
              'keep the changes oldest first: move this one up, or correct its time',
            ),
          );
        }
        if (seen > previous) previous = seen;
        if (sighting.source === 'll2-list' && !sighting.saved_by) {
          problems.push(
            problem(
              file,
              [...at, 'source'],
              'history-source',
              'an LL2 list seen in a saved copy names who saved it',
              'add `saved_by: owner/repo` (the project whose saved list this is)',
            ),
          );
        }
        if (i === 0) return;
        const change = sighting as HistoryChange;
        const fields = HISTORY_FIELDS.filter((f) => change[f] !== undefined);
        if (fields.length === 0) {
          problems.push(
            problem(
              file,
              at,
              'history-change',
              'this change names no field that changed',
              `name one at least, as \`net: [before, after]\` (fields: ${HISTORY_FIELDS.join(', ')})`,
            ),
          );
        }
        for (const field of fields) {
          const [before, after] = change[field]!;
          if (before !== values.get(field)) {
            problems.push(
              problem(
                file,
                [...at, field, 0],
                'history-change',
                `${field} changes from ${shown(before)}, but the history held ${shown(values.get(field))} before`,
                `start the change from ${shown(values.get(field))}, or record the change in between`,
              ),
            );
          } else if (before === after) {
            problems.push(
              problem(
                file,
                [...at, field],
                'history-change',
                `${field} is ${shown(before)} before and after`,
                'leave out a field that did not change',
              ),
            );
          }
          values.set(field, after);
        }
      });
    }
    return problems;
  },
} satisfies Rule;
