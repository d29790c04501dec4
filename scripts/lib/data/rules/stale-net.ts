// A launch still waiting (Go, TBD, Hold, TBC) a day after its NET has a stale
// record: warn, so that someone records the outcome or the new date. Imported
// records keep such a state as their source had it (never a guessed outcome).

import { WAITING_STATUS_IDS } from '../../model/statuses.ts';
import { DAY_MS } from '../../model/time.ts';
import type { Problem } from '../problems.ts';
import { problem, timeOf, type Rule } from './rule.ts';

export default {
  names: ['stale-net'],
  description: 'warns about a launch still waiting more than a day after its NET',
  check(input) {
    const problems: Problem[] = [];
    for (const { record, file } of input.launches) {
      const status = input.dataset.reference.launchStatuses.get(record.status);
      if (status && WAITING_STATUS_IDS.has(Number(status.id)) && timeOf(record.net) < input.now - DAY_MS) {
        problems.push(
          problem(
            file,
            ['net'],
            'stale-net',
            `net ${record.net} has passed but status is still "${record.status}"`,
            'record the outcome (success, failure, …) or move the NET to the new date',
            'warning',
          ),
        );
      }
    }
    return problems;
  },
} satisfies Rule;
