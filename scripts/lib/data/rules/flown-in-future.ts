// An outcome cannot be known before the launch: a status that says the rocket
// flew (success, failure, in flight, …) needs a NET at or before the clock.

import { FLOWN_STATUS_IDS } from '../../model/statuses.ts';
import type { Problem } from '../problems.ts';
import { problem, timeOf, type Rule } from './rule.ts';

export default {
  names: ['flown-in-future'],
  description: 'a launch whose status says it flew has a NET that is not in the future',
  check(input) {
    const problems: Problem[] = [];
    for (const { record, file } of input.launches) {
      const status = input.dataset.reference.launchStatuses.get(record.status);
      if (status && FLOWN_STATUS_IDS.has(Number(status.id)) && timeOf(record.net) > input.now) {
        problems.push(
          problem(
            file,
            ['status'],
            'flown-in-future',
            `status "${record.status}" says the launch has flown, but net ${record.net} is in the future`,
            'correct the date, or use a status for a launch still to come (go, tbd, tbc)',
          ),
        );
      }
    }
    return problems;
  },
} satisfies Rule;
