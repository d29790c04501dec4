// One import, from parsed LL2 bodies and the data already there to the files to
// write and a report. Pure: the clock and the existing data come in, file
// contents go out. LL2 2.2.0 objects are first read as 2.3.0 (upgrade.ts).
// Launches are matched by LL2 id, events by id, reference records by LL2 id
// (mission types by name, countries by ISO code, families given by name only by
// name), so re-importing updates in place. A launch of ours with an id of our own
// that is the same real launch as an incoming LL2 one (curated.ts) takes LL2's id,
// and events that link to it follow. Reference files are read before launches,
// launches before events. A newer source replaces what it states, but a 2.2.0
// one never erases what 2.3.0 said more richly (richer.ts).
// The steps, each a module over one ImportState (state.ts): reference lists
// (lists.ts, reference-match.ts), launches and events (records.ts,
// launch-match.ts), making the state whole (finish.ts), the files (changed-files.ts).

import { changedFiles } from './changed-files.ts';
import { fileGraph, finish } from './finish.ts';
import { fileLists, importReferenceItem } from './lists.ts';
import type { Origin } from './provenance.ts';
import { importEvent, importLaunch } from './records.ts';
import {
  createState,
  type ExistingData,
  type ImportInput,
  type ImportOptions,
  type ImportResult,
  type SourcedItem,
} from './state.ts';

export type { ExistingData, ExistingRecord, ImportFile, ImportInput, ImportOptions, ImportResult } from './state.ts';

export function runImport(
  existing: ExistingData,
  inputs: readonly ImportInput[],
  options: ImportOptions,
): ImportResult {
  const state = createState(existing, options);
  const items: SourcedItem[] = [];
  for (const input of inputs) {
    state.report.problems.push(...input.problems);
    const counts = new Map<string, number>();
    for (const item of input.items) {
      const what = item.kind === 'reference' ? `${item.referenceKind}` : `${item.kind} ${item.mode}`;
      counts.set(what, (counts.get(what) ?? 0) + 1);
    }
    const what =
      [...counts]
        .map(([k, n]) => {
          const [kind, mode] = k.split(' ');
          if (mode === undefined) return `${n} ${kind}`;
          return `${n} ${kind === 'launch' ? (n === 1 ? 'launch' : 'launches') : n === 1 ? 'event' : 'events'} (${mode})`;
        })
        .join(', ') || 'nothing to import';
    const shape =
      input.shape === 'page'
        ? 'page'
        : input.shape === 'array'
          ? 'list'
          : input.shape === 'object'
            ? 'single object'
            : `wrapper (${(input.lists ?? []).join(', ')})`;
    const version = input.version ? `, LL2 ${input.version}` : '';
    const saved = input.savedAt ? `, saved ${input.savedAt}` : '';
    state.report.inputs.push(`${input.source}: ${shape}${version}${saved}, ${what}`);
    const origin: Origin = { version: input.version, savedAt: input.savedAt, savedBy: input.savedBy };
    items.push(...input.items.map((item) => ({ ...item, origin })));
  }
  // Reference records first (launches refer to them), launches before events (events link to launches).
  for (const item of items) if (item.kind === 'reference') importReferenceItem(state, item);
  fileLists(state);
  for (const item of items) if (item.kind === 'launch') importLaunch(state, item);
  for (const item of items) if (item.kind === 'event') importEvent(state, item);
  finish(state);
  if (state.textLineBreaks > 0) {
    state.report.normalised.push(
      `line breaks: ${state.textLineBreaks} text value(s) had "\\r\\n" (or U+2028/U+2029) line breaks, written as "\\n"`,
    );
  }
  fileGraph(state);
  return { files: changedFiles(state), report: state.report };
}
