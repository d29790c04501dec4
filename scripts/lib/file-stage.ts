// The checks of single files, which need nothing but the file: parsing, the
// schema, placeholders and canonical form. Run on the main thread or, for a large
// cold load, half of the files in a worker thread (file-worker.ts), so both cores
// parse at once. What comes back is plain data that crosses threads.

import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { checkFile } from './check.ts';
import type { FileKind, LoadedFile } from './load.ts';
import type { Problem } from './problems.ts';
import type { FileValidator } from './schema-check.ts';
import { lazySourceFile, parseYamlSource } from './source.ts';

export interface StageInput {
  absolute: string;
  shown: string;
  kind: FileKind;
  name: string;
}

export interface StageOutput {
  /** Problems that stopped the file from being parsed at all. */
  problems: Problem[];
  file?: { text: string; value: unknown; checked: NonNullable<LoadedFile['checked']> };
}

/** Reads, parses and checks one file on this thread. */
export function stageFile(input: StageInput, validateFile: FileValidator): { problems: Problem[]; file?: LoadedFile } {
  const parsed = parseYamlSource(input.shown, readFileSync(input.absolute));
  if (!parsed.file) return { problems: parsed.problems };
  const file: LoadedFile = Object.assign(parsed.file, { kind: input.kind, name: input.name });
  file.checked = checkFile(file, validateFile);
  return { problems: parsed.problems, file };
}

export const toStageOutput = ({ problems, file }: ReturnType<typeof stageFile>): StageOutput =>
  ({ problems, file: file && { text: file.text, value: file.value, checked: file.checked! } });

/** A worker's result back as loaded files (their syntax trees parsed again only if a problem needs a place). */
export function fromStageOutput(input: StageInput, output: StageOutput): { problems: Problem[]; file?: LoadedFile } {
  if (!output.file) return { problems: output.problems };
  const file: LoadedFile = Object.assign(lazySourceFile(input.shown, output.file.text, output.file.value), { kind: input.kind, name: input.name, checked: output.file.checked });
  return { problems: output.problems, file };
}

/** Below this many files a worker costs more to start than it saves. */
export const WORKER_MIN_FILES = 2000;

/**
 * Stages files with a second thread taking half; falls back to this thread alone
 * if the worker cannot start (e.g. where TypeScript is not loaded into workers).
 */
export async function stageFiles(inputs: readonly StageInput[], validateFile: FileValidator, minForWorker = WORKER_MIN_FILES): Promise<{ results: Array<{ problems: Problem[]; file?: LoadedFile }>; usedWorker: boolean }> {
  if (inputs.length < minForWorker) return { results: inputs.map((input) => stageFile(input, validateFile)), usedWorker: false };
  const split = Math.floor(inputs.length / 2);
  const theirs = inputs.slice(split);
  const fromWorker = new Promise<StageOutput[]>((resolve, reject) => {
    const worker = new Worker(new URL('./file-worker-entry.mjs', import.meta.url), { workerData: theirs });
    worker.once('message', (outputs: StageOutput[]) => {
      resolve(outputs);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`file worker stopped with code ${code}`)));
  }).catch(() => undefined);
  const ours = inputs.slice(0, split).map((input) => stageFile(input, validateFile));
  const outputs = await fromWorker;
  const rest = outputs ? theirs.map((input, i) => fromStageOutput(input, outputs[i])) : theirs.map((input) => stageFile(input, validateFile));
  return { results: [...ours, ...rest], usedWorker: outputs !== undefined };
}
