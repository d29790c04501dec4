// What a build publishes, as a list of files sorted by path: the generators it is
// given (outputs/index.ts) run over one build context. Compressed twins are added
// when publishing (compress.ts). Pure: data, clock, base URL and generators in.

import { createContext, type BuildInputs, type Generator } from '../api/context.ts';
import { byPath, planned, type OutputFile, type PlannedFile } from '../api/files.ts';
import type { DataSet } from '../model/records.ts';

/** Every file the generators make, as planned files, in one fixed order (deterministic output). */
export function planFiles(data: DataSet, inputs: BuildInputs, generators: readonly Generator[]): PlannedFile[] {
  const context = createContext(data, inputs);
  return generators
    .flatMap((generate) => generate(context))
    .map(planned)
    .sort(byPath);
}

/** A planned tree with every file rendered. */
export const renderAll = (files: readonly PlannedFile[]): OutputFile[] =>
  files.map((file) => ({ path: file.path, content: file.render() }));
