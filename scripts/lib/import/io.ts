// The I/O edge of the importer: reading LL2 bodies and the data folder, and
// writing the result (with the history lines of the launches written:
// sightings.ts). Everything between is pure (run.ts).

import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REFERENCE_FILES, type FileReferenceKind as ReferenceKind } from '../../schemas/data-files.ts';
import { emptyReferenceData } from '../data/check.ts';
import { loadDataDir } from '../data/load.ts';
import type { LoadResult } from '../data/files.ts';
import type { Json, JsonObject } from '../model/records.ts';
import type { Problem } from '../data/problems.ts';
import { heldHistories } from './history-files.ts';
import { launchHistoryFiles } from './history-append.ts';
import { parseLl2 } from './parse.ts';
import { importSighting } from './sightings.ts';
import type { ImportReport } from './report.ts';
import { runImport, type ExistingData, type ImportFile, type ImportInput } from './run.ts';
import { isObject } from './schema-walk.ts';
import { verifyImport } from './verify.ts';

const KIND_BY_FILE = new Map(Object.entries(REFERENCE_FILES).map(([kind, file]) => [file, kind as ReferenceKind]));

/** The data folder's records as parsed (paths relative to the folder), for matching. */
export function existingData(loaded: LoadResult): ExistingData {
  const reference = emptyReferenceData() as unknown as ExistingData['reference'];
  const existing: ExistingData = {
    launches: [],
    events: [],
    reference,
    referencePaths: {},
    referenceDocs: {},
    referenceTexts: {},
    paths: new Set(),
  };
  for (const file of loaded.files) {
    existing.paths.add(file.path);
    if (!isObject(file.value as Json)) continue;
    // The parsed document (kept for its comments) only of records the import updates: parsing all of them took seconds at LL2's size.
    if (file.kind === 'launch')
      existing.launches.push({
        record: file.value as JsonObject,
        path: file.path,
        get doc() {
          return file.doc;
        },
      });
    else if (file.kind === 'event')
      existing.events.push({
        record: file.value as JsonObject,
        path: file.path,
        get doc() {
          return file.doc;
        },
      });
    else {
      const kind = KIND_BY_FILE.get(file.name);
      if (!kind) continue;
      existing.reference[kind] = new Map(Object.entries(file.value as Record<string, JsonObject>));
      existing.referencePaths[kind] = file.path;
      // Parsed only if the import updates that file (a few MB of YAML to parse otherwise).
      Object.defineProperty(existing.referenceDocs, kind, {
        get: () => file.doc,
        enumerable: true,
        configurable: true,
      });
      // A file that passed its own checks (canonical form included) can be updated entry by entry (splice.ts); its text is read only then.
      const clean = file.checked !== undefined && file.checked.content.length === 0 && file.checked.form === undefined;
      if (clean)
        Object.defineProperty(existing.referenceTexts, kind, {
          get: () => file.text,
          enumerable: true,
          configurable: true,
        });
    }
  }
  return existing;
}

/** What the person importing knows about the files: who saved them, and when (overrides a date the wrapper gives). */
export interface SourceNote {
  savedBy?: string;
  savedAt?: string;
}

export async function readLl2Files(files: readonly string[], note: SourceNote = {}): Promise<ImportInput[]> {
  return Promise.all(
    files.map(async (file) => {
      const source = path.basename(file);
      let value: Json;
      try {
        value = JSON.parse(await readFile(file, 'utf8')) as Json;
      } catch (error) {
        return {
          source,
          shape: 'object' as const,
          items: [],
          problems: [`${source}: cannot read LL2 JSON: ${(error as Error).message}`],
        };
      }
      const parsed = parseLl2(value, source);
      return { source, ...parsed, savedAt: note.savedAt ?? parsed.savedAt, savedBy: note.savedBy };
    }),
  );
}

export interface ImportRun {
  report: ImportReport;
  files: ImportFile[];
  /** How many of the files are launch histories with a line appended (or started). */
  histories: number;
  /** Problems of the data folder as it would be after the import. */
  problems: Problem[];
  /** Errors the import would bring: when there are any, nothing is written. */
  newErrors: Problem[];
  /** Errors the folder had before the import (they do not block it). */
  existingErrors: Problem[];
  written: boolean;
}

/** Each file goes to a temporary name first, then is renamed over the old one (the importer's and the migration's writes). */
export async function writeFiles(dataDir: string, files: readonly ImportFile[]): Promise<void> {
  for (const file of files) {
    const target = path.join(dataDir, ...file.path.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.import-${process.pid}.tmp`;
    await writeFile(temporary, file.content);
    await rename(temporary, target);
  }
}

/** Reads, imports, checks the result as `validate` would, and writes only if it has no errors. */
export async function importLl2Files(
  options: {
    dataDir: string;
    files: readonly string[];
    now: number;
    dryRun?: boolean;
    keepReference?: boolean;
  } & SourceNote,
): Promise<ImportRun> {
  await mkdir(options.dataDir, { recursive: true });
  const loaded = await loadDataDir(options.dataDir, options.dataDir);
  const unreadable = loaded.problems.filter((p) => p.severity === 'error');
  const inputs = await readLl2Files(options.files, { savedBy: options.savedBy, savedAt: options.savedAt });
  if (unreadable.length > 0) {
    // Records we cannot parse cannot be matched: importing could duplicate them.
    const report = runImport(existingData({ files: [], unreadable: [], problems: [] }), [], options).report;
    return {
      report,
      files: [],
      histories: 0,
      problems: unreadable,
      newErrors: unreadable,
      existingErrors: [],
      written: false,
    };
  }
  const existing = existingData(loaded);
  const imported = runImport(existing, inputs, options);
  // Each launch written whose followed fields changed gets the change in its history, seen in the list it came from.
  const histories = launchHistoryFiles(imported.files, heldHistories(existing, loaded), (after) =>
    importSighting(after, options.now),
  );
  const files = [...imported.files, ...histories];
  const report = imported.report;
  const { problems, newErrors, existingErrors } = verifyImport(loaded, files, options.now);
  const ok = newErrors.length === 0;
  if (ok && !options.dryRun) await writeFiles(options.dataDir, files);
  return {
    report,
    files,
    histories: histories.length,
    problems,
    newErrors,
    existingErrors,
    written: ok && !options.dryRun && files.length > 0,
  };
}
