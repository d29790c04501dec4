// A launch window contains its NET: window_start <= net <= window_end.

import type { Problem } from '../problems.ts';
import { problem, timeOf, type Rule } from './rule.ts';

export default {
  names: ['window-order'],
  description: 'window_start is at or before the NET, window_end at or after it',
  check(input) {
    const problems: Problem[] = [];
    for (const { record, file } of input.launches) {
      const net = timeOf(record.net);
      if (timeOf(record.window_start) > net) {
        problems.push(
          problem(
            file,
            ['window_start'],
            'window-order',
            `window_start ${record.window_start} is after net ${record.net}`,
            'window_start must be at or before net',
          ),
        );
      }
      if (timeOf(record.window_end) < net) {
        problems.push(
          problem(
            file,
            ['window_end'],
            'window-order',
            `window_end ${record.window_end} is before net ${record.net}`,
            'window_end must be at or after net',
          ),
        );
      }
    }
    return problems;
  },
} satisfies Rule;
