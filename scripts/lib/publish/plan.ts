// What a build publishes, as a list of files sorted by path: the generators it is
// given (outputs/index.ts) run over one build context, plus the adapter files
// that hosts need, read off that tree. Compressed twins are added when
// publishing (compress.ts). Pure: data, clock, base URL and generators in.

import { createContext, type BuildInputs, type Generator } from '../api/context.ts';
import { byPath, planned, type OutputFile, type PlannedFile } from '../api/files.ts';
import type { DataSet } from '../model/records.ts';

/** Files read off a planned tree (the host adapters): they see the paths, never the contents. */
export type TreeAdapter = (files: ReadonlyArray<{ path: string }>) => OutputFile[];

/** Every file the generators make, as planned files, in one fixed order (deterministic output). */
export function planApi(data: DataSet, inputs: BuildInputs, generators: readonly Generator[]): PlannedFile[] {
  const context = createContext(data, inputs);
  return generators.flatMap((generate) => generate(context)).map(planned).sort(byPath);
}

/** The published tree (without twins) as planned files: what the build publishes, rendered on demand. */
export function planSite(data: DataSet, inputs: BuildInputs, generators: readonly Generator[], adapt: TreeAdapter): PlannedFile[] {
  const plan = planApi(data, inputs, generators); // sorted by path
  const adapters = adapt(plan).map(planned).sort(byPath);
  // A merge, not a sort: the plan has one file per record.
  const merged: PlannedFile[] = [];
  let i = 0;
  for (const file of plan) {
    while (i < adapters.length && byPath(adapters[i], file) < 0) merged.push(adapters[i++]);
    merged.push(file);
  }
  return merged.concat(adapters.slice(i));
}

/** A planned tree with every file rendered. */
export const renderAll = (files: readonly PlannedFile[]): OutputFile[] => files.map((file) => ({ path: file.path, content: file.render() }));
