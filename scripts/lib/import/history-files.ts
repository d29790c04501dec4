// The history files of a loaded data folder, as the sync reads them (docs/history.md).
// In: the folder as loaded (paths relative to it) and the importer's view of it;
// out: the launches and histories held, by path, and the history files that go
// with launches being deleted. Pure.

import type { LoadResult } from '../data/files.ts';
import { historyFilePath, type LaunchHistory } from '../model/history.ts';
import type { HistoryRecord } from './history-append.ts';
import type { ExistingData } from './run.ts';

/** The launches (by path) and the history files (by path) the folder holds. */
export function heldHistories(
  existing: ExistingData,
  loaded: LoadResult,
): { launches: Map<string, HistoryRecord>; histories: Map<string, LaunchHistory> } {
  const launches = new Map(existing.launches.map((l) => [l.path, l.record as unknown as HistoryRecord]));
  const histories = new Map<string, LaunchHistory>();
  for (const file of loaded.files) {
    const value = file.value as LaunchHistory | null;
    if (
      file.kind === 'history' &&
      value &&
      typeof value === 'object' &&
      typeof value.launch === 'string' &&
      value.first_seen
    )
      histories.set(file.path, value);
  }
  return { launches, histories };
}

/** The history files of the launches at `removed` (paths) that the folder holds. */
export function historiesOfRemoved(removed: ReadonlySet<string>, loaded: LoadResult): string[] {
  const present = new Set(loaded.files.filter((f) => f.kind === 'history').map((f) => f.path));
  return [...removed].map(historyFilePath).filter((p) => present.has(p));
}
