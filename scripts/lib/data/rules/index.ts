// Every rule across records, in one list: adding a rule is one module in this
// folder and one line here. `checkRules` runs them all and returns every problem.

import type { Problem } from '../problems.ts';
import familyCycles from './family-cycles.ts';
import flownInFuture from './flown-in-future.ts';
import historyLaunch from './history-launch.ts';
import historyNewest from './history-newest.ts';
import historySequence from './history-sequence.ts';
import launchWindow from './launch-window.ts';
import nestedObjects from './nested-objects.ts';
import referenceIds from './reference-ids.ts';
import references from './references.ts';
import type { CheckInput, Rule } from './rule.ts';
import sources from './sources.ts';
import staleNet from './stale-net.ts';
import uniqueRecords from './unique-records.ts';

export type { CheckInput, RecordSource, Rule } from './rule.ts';

export const RULES: readonly Rule[] = [
  uniqueRecords,
  referenceIds,
  references,
  nestedObjects,
  familyCycles,
  launchWindow,
  flownInFuture,
  staleNet,
  sources,
  historyLaunch,
  historySequence,
  historyNewest,
];

export function checkRules(input: CheckInput): Problem[] {
  return RULES.flatMap((rule) => rule.check(input));
}
