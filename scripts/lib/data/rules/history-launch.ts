// A history file (data/history/) belongs to a launch that exists, and sits at
// its launch's path under history/ instead of launches/ (one file per launch, next
// to it in a pull request). In: the history files and the launches; out: problems.

import type { Problem } from '../problems.ts';
import { problem, type Rule } from './rule.ts';

/** The part of a shown path after its folder `folder/` (`data/launches/2026/x.yaml` → `2026/x.yaml`). */
const under = (shown: string, folder: string): string | undefined => {
  const i = shown.lastIndexOf(`${folder}/`);
  return i < 0 ? undefined : shown.slice(i + folder.length + 1);
};

export default {
  names: ['history-launch'],
  description: "a history names a launch that exists, and lies at that launch's path under data/history/",
  check(input) {
    const problems: Problem[] = [];
    const launches = new Map(input.launches.map((l) => [l.record.id, l]));
    const invalid = input.invalidKeys?.get('launches');
    for (const { record, file } of input.histories ?? []) {
      const launch = launches.get(record.launch);
      if (!launch) {
        if (invalid?.has(record.launch) || input.unchecked?.has('launches')) continue;
        problems.push(
          problem(
            file,
            ['launch'],
            'history-launch',
            `no launch has id ${record.launch}`,
            'give the id of the launch this history belongs to (its `id:` in data/launches/), or delete the file with its launch',
          ),
        );
        continue;
      }
      const expected = under(launch.file.path, 'launches');
      if (expected !== undefined && under(file.path, 'history') !== expected) {
        problems.push(
          problem(
            file,
            ['launch'],
            'history-launch',
            `the history of ${launch.file.path} belongs at history/${expected}`,
            `move this file to history/${expected} in the data folder`,
          ),
        );
      }
    }
    return problems;
  },
} satisfies Rule;
