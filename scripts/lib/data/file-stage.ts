// The checks of single files, which need nothing but the file: parsing, the
// schema, placeholders and canonical form. Run on the main thread or, for a large
// cold load, half of the files in a worker thread (file-worker.ts), so both cores
// parse at once. What comes back is plain data that crosses threads.

import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { checkFile } from './file-check.ts';
import type { FileKind, LoadedFile } from './files.ts';
import type { Problem } from './problems.ts';
import type { FileValidator } from './schema-check.ts';
import { lazySourceFile, maxFileBytes, parseYamlSource } from './source.ts';

export interface StageInput {
  absolute: string;
  shown: string;
  kind: FileKind;
  name: string;
}

export interface StageOutput {
  /** Problems that stopped the file from being parsed at all. */
  problems: Problem[];
  file?: { value: unknown; checked: NonNullable<LoadedFile['checked']> };
}

/**
 * Reads, parses and checks one file on this thread. What is kept is the value and
 * the results of the checks: the syntax tree (many times the size of the text) and
 * the text are made again from the file if a later problem needs a place, as for
 * a file from the record cache. A build of 100,000 files would not fit in memory otherwise.
 */
export function stageFile(input: StageInput, validateFile: FileValidator): { problems: Problem[]; file?: LoadedFile } {
  const parsed = parseYamlSource(input.shown, readFileSync(input.absolute), maxFileBytes(input.kind));
  if (!parsed.file) return { problems: parsed.problems };
  const checked = checkFile(Object.assign(parsed.file, { kind: input.kind, name: input.name }), validateFile);
  return { problems: parsed.problems, file: lightFile(input, parsed.file.value, checked) };
}

function lightFile(input: StageInput, value: unknown, checked: NonNullable<LoadedFile['checked']>): LoadedFile {
  return Object.assign(
    lazySourceFile(input.shown, () => readFileSync(input.absolute), value),
    { kind: input.kind, name: input.name, checked },
  );
}

export const toStageOutput = ({ problems, file }: ReturnType<typeof stageFile>): StageOutput => ({
  problems,
  file: file && { value: file.value, checked: file.checked! },
});

/** A worker's result back as loaded files. */
export function fromStageOutput(input: StageInput, output: StageOutput): { problems: Problem[]; file?: LoadedFile } {
  if (!output.file) return { problems: output.problems };
  return { problems: output.problems, file: lightFile(input, output.file.value, output.file.checked) };
}

/** Below this many files a worker costs more to start than it saves. */
export const WORKER_MIN_FILES = 2000;
/** Files per message from the worker (file-worker.ts). */
export const WORKER_BATCH = 500;

export interface WorkerJob {
  inputs: StageInput[];
  batch: number;
}

/**
 * Stages files with a second thread taking half; falls back to this thread alone
 * if the worker cannot start (e.g. where TypeScript is not loaded into workers).
 * (A worker started ahead for the few files of a warm rebuild was tried: it made
 * the rebuild slower, the two threads contending for the second core with the
 * garbage collector.)
 */
export async function stageFiles(
  inputs: readonly StageInput[],
  validateFile: FileValidator,
  minForWorker = WORKER_MIN_FILES,
  batch = WORKER_BATCH,
): Promise<{ results: Array<{ problems: Problem[]; file?: LoadedFile }>; usedWorker: boolean }> {
  if (inputs.length < minForWorker)
    return { results: inputs.map((input) => stageFile(input, validateFile)), usedWorker: false };
  const split = Math.floor(inputs.length / 2);
  const theirs = inputs.slice(split);
  const fromWorker = new Promise<StageOutput[]>((resolve, reject) => {
    const worker = new Worker(new URL('./file-worker-entry.mjs', import.meta.url), {
      workerData: { inputs: theirs, batch } satisfies WorkerJob,
    });
    const outputs: StageOutput[] = [];
    worker.on('message', (batch: StageOutput[]) => {
      for (const output of batch) outputs.push(output);
      if (outputs.length < theirs.length) return;
      resolve(outputs);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`file worker stopped with code ${code}`)));
  }).catch(() => undefined);
  const ours = inputs.slice(0, split).map((input) => stageFile(input, validateFile));
  const outputs = await fromWorker;
  const rest = outputs
    ? theirs.map((input, i) => fromStageOutput(input, outputs[i]))
    : theirs.map((input) => stageFile(input, validateFile));
  return { results: [...ours, ...rest], usedWorker: outputs !== undefined };
}
