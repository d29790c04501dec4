// How far the JavaScript heap may grow past what is live before it is collected.
// V8 lets it grow up to four times when collecting looks expensive; with the
// records of 100,000 launches live (about half a gigabyte), that reached 2.2 GB of
// memory. Above LARGE_DATA_SET files the build asks for collection at 1.3 times
// instead: peak memory halves, for about a fifth more CPU time. Smaller data sets
// keep V8's default, which is faster.

import { setFlagsFromString } from 'node:v8';

export const LARGE_DATA_SET = 20_000;
export const LARGE_HEAP_GROWING_PERCENT = 30;

/** The heap growth to ask for with this many data files, or undefined for V8's default. */
export function heapGrowingPercent(files: number): number | undefined {
  return files > LARGE_DATA_SET ? LARGE_HEAP_GROWING_PERCENT : undefined;
}

/** Applies heapGrowingPercent to this process (the flag is read at every collection). */
export function boundHeapGrowth(files: number): void {
  const percent = heapGrowingPercent(files);
  if (percent !== undefined) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
