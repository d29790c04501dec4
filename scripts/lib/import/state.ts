// The working state of one import. In: the data folder as parsed (ExistingData)
// and the options. Out: an ImportState, the maps every step of the import reads
// and updates (reference records by kind and their indexes by identity and by
// natural key, launches and events by id and by slug, what was touched, renamed
// or given an id of ours) and the report they fill. Also the types an import is
// called with and answers (run.ts re-exports them).

import type { Document } from 'yaml';
import type { FileReferenceKind as ReferenceKind } from '../../schemas/data-files.ts';
import type { JsonObject } from '../model/records.ts';
import { DAY_MS, toMillis } from '../model/time.ts';
import { identityOf, KINDS, naturalKey } from './identity.ts';
import type { Ll2Item, ParsedInput } from './parse.ts';
import type { Origin } from './provenance.ts';
import { emptyReport, type ImportReport } from './report.ts';

export interface ExistingRecord {
  record: JsonObject;
  /** Path of its file, relative to the data folder. */
  path: string;
  /** The parsed file, so that an update keeps its comments. */
  doc?: Document;
}

/** The data folder as it is before the import (values as parsed, not necessarily valid). */
export interface ExistingData {
  launches: ExistingRecord[];
  events: ExistingRecord[];
  reference: Record<ReferenceKind, Map<string, JsonObject>>;
  /** Paths of the reference files that exist (relative to the data folder). */
  referencePaths: Partial<Record<ReferenceKind, string>>;
  /** The parsed reference files, so that an update keeps their comments. */
  referenceDocs?: Partial<Record<ReferenceKind, Document>>;
  /** The text of each reference file known to be valid and in canonical form: updated entry by entry (splice.ts). */
  referenceTexts?: Partial<Record<ReferenceKind, string>>;
  /** Every file path in the data folder, so new files never overwrite another record's. */
  paths: Set<string>;
}

export interface ImportInput extends ParsedInput {
  /** File name, for the report. */
  source: string;
  /** The project that saved the file (`owner/repo@commit`), for the records' provenance. */
  savedBy?: string;
}

export interface ImportFile {
  /** Relative to the data folder, `/`-separated. */
  path: string;
  content: string;
  /**
   * A reference file updated entry by entry (splice.ts): its keys in order and the
   * text of each entry written; every other entry is as the file had it (verify.ts
   * then checks only these).
   */
  entries?: { keys: string[]; written: Map<string, string> };
}

export interface ImportResult {
  files: ImportFile[];
  report: ImportReport;
}

export interface ImportOptions {
  /** The clock, for events that arrive without `last_updated` (list mode). */
  now: number;
  /**
   * Existing reference records keep every value they have and only gain fields they
   * lack; new ones are added (`--keep-reference`): for an older or poorer source whose
   * launches are wanted but whose agencies, pads and programs would undo newer ones.
   */
  keepReference?: boolean;
}

export type SourcedItem = Ll2Item & { origin: Origin };

/** A launch or event as the import holds it: as read, or as it will be written (`path` unset: a new file). */
export type HeldRecord = ExistingRecord | { record: JsonObject; path?: string };

export interface ImportState {
  readonly existing: ExistingData;
  readonly options: ImportOptions;
  readonly report: ImportReport;
  readonly reference: Record<ReferenceKind, Map<string, JsonObject>>;
  /** LL2 id (mission types: lower-case name) → key, per kind. */
  readonly keyOf: Record<ReferenceKind, Map<string, string>>;
  /** Natural key (identity.ts) → key of an existing record, per kind: the fallback when no id matches. */
  readonly keyByName: Record<ReferenceKind, Map<string, string>>;
  /** Reference records (`kind/key`) added or changed. */
  readonly touchedRefs: Set<string>;
  /** Identities (LL2 ids) matched by id in this import, per kind. */
  readonly matchedIds: Record<ReferenceKind, Set<string>>;
  readonly launches: Map<string, HeldRecord>;
  readonly events: Map<number, HeldRecord>;
  readonly launchSlugs: Map<string, string>;
  readonly eventSlugs: Map<string, number>;
  readonly touchedLaunches: Set<string>;
  readonly touchedEvents: Set<number>;
  readonly originalLaunches: Map<string, ExistingRecord>;
  readonly originalEvents: Map<number, ExistingRecord>;
  /** Launches of ours not from LL2 (no provenance), by day of their NET: candidates for matching by facts. */
  readonly curatedByDay: Map<number, ExistingRecord[]>;
  /** Our launch id → LL2's, for launches of ours matched to LL2 records in this import. */
  readonly renamedLaunches: Map<string, string>;
  /** Reference records (`kind/key`) given an id of ours in this import: their files say so. */
  readonly ourIds: Set<string>;
  /** Astronauts of LL2's lists in this import (a saved `astronauts/` list), filed after the other reference records. */
  readonly astronautItems: SourcedItem[];
  /** The expeditions the space stations of this import list as under way (`active_expeditions`), each with its station. */
  readonly expeditionItems: Array<{ value: JsonObject; origin: Origin }>;
  /** How many strings had "\r\n" (or other) line breaks rewritten as "\n". */
  textLineBreaks: number;
}

const perKind = <T>(make: (kind: ReferenceKind) => T): Record<ReferenceKind, T> =>
  Object.fromEntries(KINDS.map((k) => [k, make(k)])) as Record<ReferenceKind, T>;

/** The state before any item is read: the existing records indexed. */
export function createState(existing: ExistingData, options: ImportOptions): ImportState {
  const s: ImportState = {
    existing,
    options,
    report: emptyReport(),
    reference: perKind((k) => new Map(existing.reference[k])),
    keyOf: perKind(() => new Map()),
    keyByName: perKind(() => new Map()),
    touchedRefs: new Set(),
    matchedIds: perKind(() => new Set()),
    launches: new Map(),
    events: new Map(),
    launchSlugs: new Map(),
    eventSlugs: new Map(),
    touchedLaunches: new Set(),
    touchedEvents: new Set(),
    originalLaunches: new Map(),
    originalEvents: new Map(),
    curatedByDay: new Map(),
    renamedLaunches: new Map(),
    ourIds: new Set(),
    astronautItems: [],
    expeditionItems: [],
    textLineBreaks: 0,
  };
  for (const kind of KINDS) {
    for (const [key, record] of s.reference[kind]) {
      const id = identityOf(kind, record);
      if (id !== undefined && !s.keyOf[kind].has(id)) s.keyOf[kind].set(id, key);
      const natural = naturalKey(kind, record);
      if (natural !== undefined && !s.keyByName[kind].has(natural)) s.keyByName[kind].set(natural, key);
    }
  }
  for (const entry of existing.launches) {
    if (typeof entry.record.id !== 'string') continue;
    s.launches.set(entry.record.id, entry);
    s.originalLaunches.set(entry.record.id, entry);
    if (typeof entry.record.slug === 'string') s.launchSlugs.set(entry.record.slug, entry.record.id);
    if (
      entry.record.provenance === undefined &&
      typeof entry.record.net === 'string' &&
      !Number.isNaN(toMillis(entry.record.net))
    ) {
      const day = Math.floor(toMillis(entry.record.net) / DAY_MS);
      s.curatedByDay.set(day, [...(s.curatedByDay.get(day) ?? []), entry]);
    }
  }
  for (const entry of existing.events) {
    if (typeof entry.record.id !== 'number') continue;
    s.events.set(entry.record.id, entry);
    s.originalEvents.set(entry.record.id, entry);
    if (typeof entry.record.slug === 'string') s.eventSlugs.set(entry.record.slug, entry.record.id);
  }
  return s;
}
