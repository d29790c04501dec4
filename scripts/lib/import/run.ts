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

import type { Document } from 'yaml';
import type { Schema } from '../../schemas/building-blocks.ts';
import {
  eventSchema,
  launchSchema,
  REFERENCE_KINDS,
  type FileReferenceKind as ReferenceKind,
} from '../../schemas/data-files.ts';
import type { Json, JsonObject, ProvenanceRecord } from '../model/records.ts';
import { REFERENCE_REFERENCES } from '../model/references.ts';
import type { PathSegment } from '../data/source.ts';
import { formatTimestamp, toMillis } from '../model/time.ts';
import { FieldUse } from './fields.ts';
import { compareLaunches, nearMiss, type LaunchFacts } from './curated.ts';
import { baseKey, normalizeSlug, SLUG_MAX, slugify, uniqueKey } from './keys.ts';
import { extractGraph } from './graph.ts';
import { extractSpacecraft, SPACECRAFT_KINDS } from './spacecraft.ts';
import { extractListed, MISSION_PATCHES, UPDATES } from './listed.ts';
import { extractDockings } from './dockings.ts';
import { fileAstronautList } from './astronauts.ts';
import { fileExpeditionList } from './expeditions.ts';
import { statement } from './filer.ts';
import { EVENT_REFS, LAUNCH_REFS, mapEvent, mapLaunch, mapReference, type MapContext, type RefPattern } from './map.ts';
import { detectKind, detectMode, type Ll2Item, type ParsedInput } from './parse.ts';
import {
  assumedLastUpdated,
  completeRecord,
  keptOverAssumptions,
  LL2_CREDIT,
  nestedProvenance,
  type Origin,
} from './provenance.ts';
import { upgradeToLl2v230 } from './upgrade.ts';
import { spliceKeyedYaml } from './splice.ts';
import { DAY_MS } from '../model/time.ts';
import { FLOWN_STATUS_IDS } from '../model/statuses.ts';
import { repairRecord } from './repair.ts';
import { isPoorerVersion, keepRicher, mergeRecord, type RicherMerge } from './richer.ts';
import { cleanText, type TextCleaning } from './text.ts';
import { countAssumption, countPaths, emptyReport, type ImportReport } from './report.ts';
import { changedPaths, deepEqual, isObject } from './schema-walk.ts';
import {
  canonicalEvent,
  canonicalLaunch,
  canonicalReference,
  eventFilePath,
  launchFilePath,
  referenceFilePath,
  referenceFileSchema,
  referenceFileYaml,
  toYaml,
  updateYaml,
} from './yaml-out.ts';

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

const KINDS = Object.keys(REFERENCE_KINDS) as ReferenceKind[];
/** Kinds that LL2 2.2.0 gives without an id (a country by ISO code, a family by name): matched by that, or given an id of ours. */
const MATCHED_WITHOUT_ID: ReadonlySet<ReferenceKind> = new Set(['countries', 'launcherFamilies']);
/** LL2's fixed tables (statuses, NET precisions, agency and event types): an import only adds what they lack. */
const FIXED_TABLES: ReadonlySet<ReferenceKind> = new Set([
  'launchStatuses',
  'netPrecisions',
  'agencyTypes',
  'eventTypes',
]);
/** Where ids of ours start (LL2's are far below). */
export const OUR_FIRST_ID = 90001;
export const OUR_ID_COMMENT = " id assigned by this project; LL2's id not known";

type SourcedItem = Ll2Item & { origin: Origin };
/** Fields a launch needs before it can exist in our data (LL2 list mode lacks the provider, rocket and pad). */
const LAUNCH_CREATE_FIELDS = launchSchema.required as string[];

/** Every key a record refers to, with its kind. */
function* referencesIn(value: Json | undefined, patterns: readonly RefPattern[]): Generator<[ReferenceKind, string]> {
  function* walk(
    node: Json | undefined,
    pattern: PathSegment[],
    kind: ReferenceKind,
  ): Generator<[ReferenceKind, string]> {
    if (pattern.length === 0) {
      if (typeof node === 'string') yield [kind, node];
      return;
    }
    const [head, ...rest] = pattern;
    if (head === '*') {
      if (Array.isArray(node)) for (const item of node) yield* walk(item, rest, kind);
    } else if (isObject(node)) {
      yield* walk(node[head as string], rest, kind);
    }
  }
  for (const [pattern, kind] of patterns) yield* walk(value, pattern, kind);
}

const refId = (kind: ReferenceKind, key: string) => `${kind}/${key}`;

/**
 * What identifies a record when ids disagree: hand-written data may carry an id
 * of its own where LL2's was not known. Countries by ISO code, pads by name and
 * location, configurations by full name, the rest by name; names compared as slugs.
 */
/** slugify(text, SLUG_MAX), remembered: every import keys every reference record again (a sync, hourly). */
const slugs = new Map<string, string>();
function nameSlug(text: string): string {
  let slug = slugs.get(text);
  if (slug === undefined) {
    if (slugs.size > 100_000) slugs.clear();
    slugs.set(text, (slug = slugify(text, SLUG_MAX)));
  }
  return slug;
}

function naturalKey(kind: ReferenceKind, record: JsonObject): string | undefined {
  // Spelling aside: "PSLV XL" is "PSLV-XL", "Soyuz U" is "Soyuz-U".
  const name = typeof record.name === 'string' ? nameSlug(record.name) || undefined : undefined;
  if (kind === 'countries')
    return typeof record.alpha_3_code === 'string' ? `iso:${record.alpha_3_code.toUpperCase()}` : undefined;
  if (kind === 'pads') return name && typeof record.location === 'string' ? `${name}@${record.location}` : undefined;
  // Every Falcon 9 configuration is named "Falcon 9": the full name tells them apart.
  if (kind === 'launcherConfigurations' && typeof record.full_name === 'string')
    return `full:${nameSlug(record.full_name)}`;
  return name;
}

/** An event of this project's own: an id of ours and no source in its provenance (the curated events, ids 90001 on). */
function isOurEvent(record: JsonObject): boolean {
  const provenance = isObject(record.provenance) ? record.provenance : undefined;
  const sourced =
    provenance !== undefined &&
    (provenance.credit !== undefined || provenance.ll2_version !== undefined || provenance.saved_by !== undefined);
  return typeof record.id === 'number' && record.id >= OUR_FIRST_ID && !sourced;
}

/** Incoming is older than what we have (or cannot be told apart): keep ours. */
function olderThan(incoming: Json | undefined, existing: Json | undefined): boolean {
  if (typeof existing !== 'string' || Number.isNaN(toMillis(existing))) return false;
  if (typeof incoming !== 'string' || Number.isNaN(toMillis(incoming))) return true;
  return toMillis(incoming) < toMillis(existing);
}

/** Ids this project assigns where LL2's are not known start above OWN_IDS_FROM (docs/resources.md). */
const OWN_IDS_FROM = 90_000;

/** The next id of ours for a new record of a kind. */
function nextOwnId(records: Map<string, JsonObject>): number {
  return Math.max(OWN_IDS_FROM, ...[...records.values()].map((r) => (typeof r.id === 'number' ? r.id : 0))) + 1;
}

/** As olderThan, but a `last_updated` an import assumed loses to one a source states, and wins over none. */
function staler(incoming: JsonObject, incomingAssumed: boolean, existing: JsonObject): boolean {
  const existingAssumed = assumedLastUpdated(existing);
  if (existingAssumed !== incomingAssumed) return incomingAssumed;
  return olderThan(incoming.last_updated, existing.last_updated);
}

/** Our reference record's LL2 figures are as of a later date than `asOf`. */
function statedLater(record: JsonObject, asOf: string | undefined): boolean {
  const ours = isObject(record.ll2_figures) ? record.ll2_figures.as_of : undefined;
  return asOf !== undefined && typeof ours === 'string' && toMillis(asOf) < toMillis(ours);
}

/** The same figures stated again keep the date they were first stated: a re-import does not rewrite a file for a date. */
function keepAsOfUnlessChanged(merged: JsonObject, previous: JsonObject): JsonObject {
  const before = previous.ll2_figures;
  const after = merged.ll2_figures;
  if (!isObject(before) || !isObject(after) || before.as_of === undefined) return merged;
  const { as_of: _before, ...figuresBefore } = before;
  const { as_of: _after, ...figuresAfter } = after;
  return deepEqual(figuresBefore, figuresAfter)
    ? { ...merged, ll2_figures: { ...after, as_of: before.as_of } }
    : merged;
}

/** The value at a dotted path (`image`, `mission.image`) of a record. */
function valueAt(record: JsonObject, path: string): Json | undefined {
  return path.split('.').reduce<Json | undefined>((node, key) => (isObject(node) ? node[key] : undefined), record);
}

/**
 * The kinds filed from the objects launches nest (the object graph: graph.ts,
 * spacecraft.ts, astronauts.ts, listed.ts): their records name their source, as
 * launches do, so one the import adds or changes says which file stated it.
 */
const SOURCED_KINDS: ReadonlySet<ReferenceKind> = new Set<ReferenceKind>([
  'launchers',
  'astronauts',
  ...SPACECRAFT_KINDS,
  'missionPatches',
  'updates',
]);

/** Whether two records of a sourced kind say the same, as their files would (fields our schema drops never count; nor does the source). */
const sameStatement = (kind: ReferenceKind, a: JsonObject, b: JsonObject): boolean => {
  const stated = (record: JsonObject): JsonObject => canonicalReference(kind, statement(record));
  return deepEqual(stated(a), stated(b));
};

/** A record of a sourced kind with its source in `provenance` (credit, LL2 version, saved by) beside what it assumed; others as they are. */
function withSource(kind: ReferenceKind, record: JsonObject, origin: Origin): JsonObject {
  if (!SOURCED_KINDS.has(kind)) return record;
  const assumed =
    isObject(record.provenance) && isObject(record.provenance.assumed)
      ? (record.provenance.assumed as Record<string, string>)
      : {};
  return {
    ...record,
    provenance: nestedProvenance({ saved_by: origin.savedBy ?? '' }, undefined, origin.version, assumed),
  };
}

/**
 * A merged reference record with its `provenance.assumed`: the assumptions of
 * the record before that still hold (their value is unchanged) and the new ones.
 * A record with nothing assumed has no provenance block.
 */
function withAssumptions(previous: JsonObject, merge: RicherMerge): JsonObject {
  const before =
    isObject(previous.provenance) && isObject(previous.provenance.assumed) ? previous.provenance.assumed : {};
  const held = Object.entries(before).filter(([field]) =>
    deepEqual(valueAt(previous, field), valueAt(merge.record, field)),
  );
  const assumed = { ...Object.fromEntries(held), ...merge.assumed };
  const { provenance: _provenance, ...record } = merge.record;
  if (Object.keys(assumed).length === 0) return record;
  return { ...record, provenance: { credit: LL2_CREDIT, assumed } };
}

/**
 * A launch's or event's provenance after richer.ts kept older values: no
 * assumption about what was kept (the older source stated it), and the new ones.
 */
function withRicher(provenance: ProvenanceRecord, merge: RicherMerge): ProvenanceRecord {
  const under = (field: string) => merge.kept.some((path) => field === path || field.startsWith(`${path}.`));
  const assumed = {
    ...Object.fromEntries(Object.entries(provenance.assumed ?? {}).filter(([field]) => !under(field))),
    ...merge.assumed,
  };
  const { assumed: _assumed, ...rest } = provenance;
  return Object.keys(assumed).length > 0 ? { ...rest, assumed } : rest;
}

class Importer {
  readonly report = emptyReport();
  private readonly reference: Record<ReferenceKind, Map<string, JsonObject>>;
  /** LL2 id (mission types: lower-case name) → key, per kind. */
  private readonly keyOf: Record<ReferenceKind, Map<string, string>>;
  /** Natural key (see naturalKey) → key of an existing record, per kind: the fallback when no id matches. */
  private readonly keyByName: Record<ReferenceKind, Map<string, string>>;
  private readonly touchedRefs = new Set<string>();
  /** Identities (LL2 ids) matched by id in this import, per kind. */
  private readonly matchedIds = Object.fromEntries(KINDS.map((k) => [k, new Set<string>()])) as unknown as Record<
    ReferenceKind,
    Set<string>
  >;
  private readonly launches = new Map<string, ExistingRecord | { record: JsonObject; path?: string }>();
  private readonly events = new Map<number, ExistingRecord | { record: JsonObject; path?: string }>();
  private readonly launchSlugs = new Map<string, string>();
  /** How many strings had "\r\n" (or other) line breaks rewritten as "\n". */
  textLineBreaks = 0;
  private readonly eventSlugs = new Map<string, number>();
  private readonly touchedLaunches = new Set<string>();
  private readonly touchedEvents = new Set<number>();
  private readonly originalLaunches = new Map<string, ExistingRecord>();
  private readonly originalEvents = new Map<number, ExistingRecord>();
  /** Launches of ours not from LL2 (no provenance), by day of their NET: candidates for matching by facts. */
  private readonly curatedByDay = new Map<number, ExistingRecord[]>();
  /** Our launch id → LL2's, for launches of ours matched to LL2 records in this import. */
  private readonly renamedLaunches = new Map<string, string>();
  /** Reference records (`kind/key`) given an id of ours in this import: their files say so. */
  private readonly ourIds = new Set<string>();

  constructor(
    private readonly existing: ExistingData,
    private readonly options: ImportOptions,
  ) {
    this.reference = Object.fromEntries(KINDS.map((k) => [k, new Map(existing.reference[k])])) as Record<
      ReferenceKind,
      Map<string, JsonObject>
    >;
    this.keyOf = Object.fromEntries(KINDS.map((k) => [k, new Map()])) as unknown as Record<
      ReferenceKind,
      Map<string, string>
    >;
    this.keyByName = Object.fromEntries(KINDS.map((k) => [k, new Map()])) as unknown as Record<
      ReferenceKind,
      Map<string, string>
    >;
    for (const kind of KINDS) {
      for (const [key, record] of this.reference[kind]) {
        const identity = this.identity(kind, record);
        if (identity !== undefined && !this.keyOf[kind].has(identity)) this.keyOf[kind].set(identity, key);
        const natural = naturalKey(kind, record);
        if (natural !== undefined && !this.keyByName[kind].has(natural)) this.keyByName[kind].set(natural, key);
      }
    }
    for (const entry of existing.launches) {
      if (typeof entry.record.id !== 'string') continue;
      this.launches.set(entry.record.id, entry);
      this.originalLaunches.set(entry.record.id, entry);
      if (typeof entry.record.slug === 'string') this.launchSlugs.set(entry.record.slug, entry.record.id);
      if (
        entry.record.provenance === undefined &&
        typeof entry.record.net === 'string' &&
        !Number.isNaN(toMillis(entry.record.net))
      ) {
        const day = Math.floor(toMillis(entry.record.net) / DAY_MS);
        this.curatedByDay.set(day, [...(this.curatedByDay.get(day) ?? []), entry]);
      }
    }
    for (const entry of existing.events) {
      if (typeof entry.record.id !== 'number') continue;
      this.events.set(entry.record.id, entry);
      this.originalEvents.set(entry.record.id, entry);
      if (typeof entry.record.slug === 'string') this.eventSlugs.set(entry.record.slug, entry.record.id);
    }
  }

  private identity(kind: ReferenceKind, record: JsonObject): string | undefined {
    if (kind === 'missionTypes') return typeof record.name === 'string' ? record.name.toLowerCase() : undefined;
    // A country is its ISO code, whatever id it has (LL2 2.2.0 gives the code only).
    if (kind === 'countries' && typeof record.alpha_3_code === 'string') return naturalKey(kind, record);
    return typeof record.id === 'number' ? String(record.id) : undefined;
  }

  /** The next id of ours for a kind: above every id of ours it has. */
  private nextOurId(kind: ReferenceKind): number {
    let next = OUR_FIRST_ID;
    for (const record of this.reference[kind].values())
      if (typeof record.id === 'number' && record.id >= next) next = record.id + 1;
    return next;
  }

  /**
   * A country given by ISO code or a family given by name (LL2 2.2.0): the record
   * of ours with that code or name, else a new one with an id of ours.
   */
  private refWithoutId(kind: ReferenceKind, partial: JsonObject, label: string, path: string): string | null {
    const natural = naturalKey(kind, partial);
    if (natural === undefined) {
      this.report.dropped.push(`${label}: ${path} is not a usable ${kind} reference (no id, no name); left out`);
      return null;
    }
    const records = this.reference[kind];
    let key = this.keyByName[kind].get(natural);
    if (key === undefined) {
      key = uniqueKey(baseKey(kind, partial), (k) => records.has(k), undefined);
      records.set(key, { ...partial, id: this.nextOurId(kind) });
      this.keyByName[kind].set(natural, key);
      this.ourIds.add(refId(kind, key));
      countAssumption(this.report, `${kind}: id of ours (${OUR_FIRST_ID}+); LL2's id is not in the source`, key);
      this.touchedRefs.add(refId(kind, key));
      return key;
    }
    // What we have stays (its name may be LL2's, the incoming one is the ISO table's): only what it lacks is added.
    const previous = records.get(key)!;
    const merged = mergeRecord(partial, previous);
    if (!deepEqual(merged, previous)) {
      records.set(key, merged);
      this.touchedRefs.add(refId(kind, key));
    }
    return key;
  }

  /**
   * `poorer`: the source is LL2 2.2.0 (or older), whose shapes say less than 2.3.0's:
   * what it updates keeps the richer values it cannot say (richer.ts).
   */
  private context(use: FieldUse, label: string, asOf: string | undefined, poorer: boolean, origin: Origin): MapContext {
    const ctx: MapContext = {
      use,
      asOf,
      ref: (kind, value, path) => {
        const partial = mapReference(kind, value, path, ctx);
        if (partial && partial.id === undefined && MATCHED_WITHOUT_ID.has(kind))
          return this.refWithoutId(kind, partial, label, path);
        const identity = partial ? this.identity(kind, partial) : undefined;
        if (!partial || identity === undefined) {
          if (value !== null)
            this.report.dropped.push(`${label}: ${path} is not a usable ${kind} reference (no id); left out`);
          return null;
        }
        const records = this.reference[kind];
        let key = this.keyOf[kind].get(identity);
        if (key !== undefined) {
          this.matchedIds[kind].add(identity);
          const ourId = records.get(key)?.id;
          // A country is matched by ISO code: one of ours with an id of our own takes LL2's.
          if (
            kind === 'countries' &&
            typeof ourId === 'number' &&
            typeof partial.id === 'number' &&
            ourId !== partial.id
          ) {
            this.report.matched.push(
              `${refId(kind, key)}: matched by ISO code; its id ${ourId} becomes LL2's ${partial.id}`,
            );
          }
        } else {
          key = this.matchByName(kind, partial, identity);
        }
        if (key === undefined) {
          key = uniqueKey(baseKey(kind, partial), (k) => records.has(k), partial.id);
          this.keyOf[kind].set(identity, key);
          // LL2 writes mission types as names only: the record gets an id of ours.
          records.set(
            key,
            kind === 'missionTypes' ? { id: nextOwnId(records), ...partial } : withSource(kind, partial, origin),
          );
          this.touchedRefs.add(refId(kind, key));
        } else {
          const previous = records.get(key)!;
          // LL2's fixed tables keep what we have: an old file's "Success" must not rename "Launch Successful".
          // A record whose LL2 figures are newer than the incoming object keeps what it has, too.
          // A richer 2.3.0 record older than ours gives what ours (perhaps from 2.2.0) can only say more poorly.
          // --keep-reference: ours keeps every value it has and only gains the fields it lacks.
          const merged =
            FIXED_TABLES.has(kind) || this.options.keepReference === true
              ? mergeRecord(partial, previous)
              : statedLater(previous, ctx.asOf)
                ? withAssumptions(previous, keepRicher(partial, previous, !poorer))
                : keepAsOfUnlessChanged(withAssumptions(previous, keepRicher(previous, partial, poorer)), previous);
          // Kept figures stay as they were stated: none of the incoming ones joins them under their date.
          if (this.options.keepReference === true && isObject(previous.ll2_figures))
            merged.ll2_figures = previous.ll2_figures;
          if (SOURCED_KINDS.has(kind) ? !sameStatement(kind, merged, previous) : !deepEqual(merged, previous)) {
            records.set(key, withSource(kind, merged, origin));
            this.touchedRefs.add(refId(kind, key));
          }
        }
        return key;
      },
    };
    return ctx;
  }

  /** The id of another record that already has this record's slug (LL2 slugs are unique, so it is likely the same launch or event). */
  private sameSlugElsewhere<T>(value: JsonObject, id: T, slugs: Map<string, T>): T | undefined {
    if (typeof value.slug !== 'string') return undefined;
    const other = slugs.get(normalizeSlug(value.slug));
    return other !== undefined && other !== id ? other : undefined;
  }

  /**
   * An existing record with no LL2 id match but the same natural key (an id of
   * our own where LL2's was not known) is the same thing: it takes LL2's id.
   */
  private matchByName(kind: ReferenceKind, partial: JsonObject, identity: string): string | undefined {
    const natural = naturalKey(kind, partial);
    const key = natural === undefined ? undefined : this.keyByName[kind].get(natural);
    if (key === undefined) return undefined;
    const existing = this.reference[kind].get(key);
    const existingIdentity = existing ? this.identity(kind, existing) : undefined;
    // Only a record with an id of ours takes LL2's: one with an LL2 id of its own is another thing of the same name.
    if (!existing || (typeof existing.id === 'number' && existing.id < OUR_FIRST_ID)) return undefined;
    // Not when that record's own id came from LL2 in this import (then they are two things).
    if (existingIdentity !== undefined && this.matchedIds[kind].has(existingIdentity)) return undefined;
    this.keyOf[kind].set(identity, key);
    this.keyByName[kind].delete(natural!);
    this.report.matched.push(
      `${refId(kind, key)}: matched by ${kind === 'countries' ? 'ISO code' : 'name'}; its id ${String(existing.id)} becomes LL2's ${String(partial.id)}`,
    );
    return key;
  }

  /**
   * Two launches that both flew, on days more than a day apart, are two launches even
   * when they share a slug: LL2 frees a slug when it renames a flown launch ("Kosmos
   * (Unknown Payload)" gets its Kosmos number) and gives it to the next launch of that
   * name. The new one is then created with its slug made unique (normaliseSlug).
   */
  private twoFlights(incoming: JsonObject, ours: JsonObject | undefined): boolean {
    if (!ours || typeof ours.net !== 'string' || typeof incoming.net !== 'string') return false;
    const incomingStatus = isObject(incoming.status) ? incoming.status.id : undefined;
    const oursStatus = typeof ours.status === 'string' ? this.reference.launchStatuses.get(ours.status)?.id : undefined;
    const flew = (status: Json | undefined) => typeof status === 'number' && FLOWN_STATUS_IDS.has(status);
    return flew(incomingStatus) && flew(oursStatus) && Math.abs(toMillis(incoming.net) - toMillis(ours.net)) > DAY_MS;
  }

  /** Our slugs are lower-case kebab case and unique among launches (events); LL2's nearly always are. */
  private normaliseSlug<T extends string | number>(
    record: JsonObject,
    label: string,
    slugs: Map<string, T>,
    id: T,
  ): void {
    if (typeof record.slug !== 'string') return;
    const wanted = normalizeSlug(record.slug) || normalizeSlug(String(record.name ?? id));
    const normal = uniqueKey(
      wanted,
      (s) => slugs.has(s) && slugs.get(s) !== id,
      typeof id === 'string' ? id.slice(0, 8) : id,
      SLUG_MAX,
    );
    if (normal !== record.slug) this.report.normalised.push(`${label}: slug "${record.slug}" written as "${normal}"`);
    record.slug = normal;
  }

  private repair(record: JsonObject, schema: Schema, label: string): boolean {
    const result = repairRecord(record, schema);
    for (const change of result.changes) this.report.normalised.push(`${label}: ${change}`);
    // A launch in two answers of one run (the feed and the upcoming page) is repaired twice: named once.
    for (const trimmed of result.trimmed)
      if (!this.report.trimmed.includes(`${label}: ${trimmed}`)) this.report.trimmed.push(`${label}: ${trimmed}`);
    if (!result.ok) this.report.dropped.push(`${label}: ${result.reason}; not imported`);
    return result.ok;
  }

  /** The item's value with its text made safe for our files (reported). */
  private clean(value: JsonObject, label: string): JsonObject {
    const cleaning: TextCleaning = { lineBreaks: 0, removed: [] };
    const cleaned = cleanText(value, cleaning) as JsonObject;
    this.textLineBreaks += cleaning.lineBreaks;
    for (const removed of cleaning.removed)
      this.report.normalised.push(`${label}: ${removed} removed (a control or text-direction character)`);
    return cleaned;
  }

  /** The object in 2.3.0 shapes; what had to be converted is counted in the report. */
  private upgrade(value: JsonObject, kind: ReferenceKind | 'launch' | 'event', label: string): JsonObject {
    const upgraded = upgradeToLl2v230(value, kind, label);
    for (const [what, n] of upgraded.conversions)
      this.report.converted.set(what, (this.report.converted.get(what) ?? 0) + n);
    this.report.dropped.push(...upgraded.problems.map((p) => `${p}; left out`));
    return upgraded.value;
  }

  /** Provider and configuration LL2 ids of an incoming launch (2.3.0 shapes). */
  private static incomingFacts(value: JsonObject): LaunchFacts {
    const idOf = (v: Json | undefined) => (isObject(v) && typeof v.id === 'number' ? v.id : undefined);
    return {
      name: String(value.name ?? ''),
      net: String(value.net ?? ''),
      providerId: idOf(value.launch_service_provider),
      configurationId: idOf(isObject(value.rocket) ? value.rocket.configuration : undefined),
      padId: idOf(value.pad),
    };
  }

  private ourFacts(record: JsonObject): LaunchFacts {
    const idOf = (kind: ReferenceKind, key: Json | undefined) => {
      const id = typeof key === 'string' ? this.reference[kind].get(key)?.id : undefined;
      return typeof id === 'number' ? id : undefined;
    };
    return {
      name: String(record.name ?? ''),
      net: String(record.net ?? ''),
      providerId: idOf('agencies', record.launch_service_provider),
      configurationId: idOf(
        'launcherConfigurations',
        isObject(record.rocket) ? record.rocket.configuration : undefined,
      ),
      padId: idOf('pads', record.pad),
    };
  }

  /** A launch of ours (no LL2 id yet) that is the same real launch as this LL2 one, if exactly one is clearly so. */
  private matchCurated(value: JsonObject, label: string): ExistingRecord | undefined {
    if (typeof value.net !== 'string' || Number.isNaN(toMillis(value.net))) return undefined;
    const day = Math.floor(toMillis(value.net) / DAY_MS);
    const incoming = Importer.incomingFacts(value);
    const matches: { entry: ExistingRecord; score: number; why: string }[] = [];
    for (const entry of [day - 1, day, day + 1].flatMap((d) => this.curatedByDay.get(d) ?? [])) {
      if (this.renamedLaunches.has(String(entry.record.id))) continue;
      const ours = this.ourFacts(entry.record);
      const comparison = compareLaunches(ours, incoming);
      if (comparison.same) matches.push({ entry, score: comparison.score, why: comparison.why });
      else if (nearMiss(ours, incoming))
        this.report.curated.push(`not matched: ours ${String(entry.record.slug)} and LL2 ${label}: ${comparison.why}`);
    }
    matches.sort((a, b) => b.score - a.score);
    if (matches.length > 1 && matches[0].score === matches[1].score) {
      this.report.curated.push(
        `not matched: LL2 ${label} is as close to ${matches.map((m) => String(m.entry.record.slug)).join(' as to ')}; left for a person to decide`,
      );
      return undefined;
    }
    if (matches.length === 0) return undefined;
    const best = matches[0];
    this.report.curated.push(
      `matched: ours ${String(best.entry.record.slug)} (${String(best.entry.record.id)}) is LL2 ${label} (${String(value.id)}): ${best.why}`,
    );
    return best.entry;
  }

  /** Our launch `from` takes LL2's id `to`: its file stays, events linking to it follow (finish). */
  private renameLaunch(entry: ExistingRecord, to: string): void {
    const from = String(entry.record.id);
    this.renamedLaunches.set(from, to);
    this.launches.delete(from);
    this.originalLaunches.delete(from);
    this.touchedLaunches.delete(from);
    this.launches.set(to, entry);
    this.originalLaunches.set(to, entry);
    if (typeof entry.record.slug === 'string') this.launchSlugs.set(entry.record.slug, to);
  }

  /** Our event `entry` becomes LL2's event `to`: its file stays (files() updates it in place). */
  private renameEvent(entry: ExistingRecord, to: number): void {
    const from = entry.record.id as number;
    this.events.delete(from);
    this.originalEvents.delete(from);
    this.touchedEvents.delete(from);
    this.events.set(to, entry);
    this.originalEvents.set(to, entry);
    if (typeof entry.record.slug === 'string') this.eventSlugs.set(entry.record.slug, to);
  }

  /** renameEvent undone: LL2's record could not be taken, so ours stays as it was. */
  private unrenameEvent(entry: ExistingRecord, to: number, from: number): void {
    this.events.delete(to);
    this.originalEvents.delete(to);
    this.events.set(from, entry);
    this.originalEvents.set(from, entry);
    if (typeof entry.record.slug === 'string') this.eventSlugs.set(entry.record.slug, from);
  }

  private noteProvenance(kind: 'launch' | 'event', record: JsonObject, label: string): void {
    const provenance = isObject(record.provenance) ? record.provenance : undefined;
    for (const [field, why] of Object.entries(isObject(provenance?.assumed) ? provenance.assumed : {})) {
      countAssumption(this.report, `${kind} ${field}: ${String(why)}`, label);
    }
    for (const field of Array.isArray(provenance?.derived) ? provenance.derived : []) {
      countAssumption(this.report, `${kind} ${String(field)}: derived from the source as LL2 derives it`, label);
    }
  }

  /** Imports one launch; returns its id when the launch is in the data afterwards. */
  launch(item: SourcedItem): string | null {
    const cleaned = this.clean(item.value, `launch ${String(item.value.slug ?? item.value.id)}`);
    const id = String(cleaned.id).toLowerCase();
    const label = `launch ${typeof cleaned.slug === 'string' ? cleaned.slug : typeof cleaned.name === 'string' ? cleaned.name : id}`;
    const value = this.upgrade({ ...cleaned, id }, 'launch', label);
    let previous = this.launches.get(id);
    const curated = previous ? undefined : this.matchCurated(value, label);
    if (curated) {
      this.renameLaunch(curated, id);
      previous = curated;
    }
    const missing = ['net', 'status'].filter((f) => value[f] === undefined || value[f] === null);
    if (missing.length > 0) {
      this.report.dropped.push(
        `${item.source}: ${label} has no ${missing.join(' or ')}; not imported (a time or an outcome is never assumed)`,
      );
      return previous ? id : null;
    }
    const completion = completeRecord('launch', value, previous?.record, item.origin, this.options.now);
    const completed = completion.value;
    const incomingAssumed =
      completion.provenance.assumed?.last_updated !== undefined && value.last_updated === undefined;
    // Ours is newer: kept as it is, or, for a launch of ours that just took LL2's id, ours wins field by field.
    const oursWins = previous !== undefined && staler(completed, incomingAssumed, previous.record);
    if (oursWins && !curated) {
      this.report.keptOlder.push(
        `${label} (ours ${String(previous!.record.last_updated)}, incoming ${String(value.last_updated ?? 'none')})`,
      );
      return id;
    }
    if (!previous) {
      const lacking = LAUNCH_CREATE_FIELDS.filter((f) => completed[f] === undefined || completed[f] === null);
      if (lacking.length > 0) {
        this.report.dropped.push(
          `${item.source}: ${label} (${item.mode} mode) is not in our data and lacks ${lacking.join(', ')}; not created`,
        );
        return null;
      }
    }
    const derivedSlug = completion.provenance.derived?.includes('slug') === true;
    const twin = previous || derivedSlug ? undefined : this.sameSlugElsewhere(completed, id, this.launchSlugs);
    if (twin !== undefined && !this.twoFlights(completed, this.launches.get(twin)?.record)) {
      this.report.dropped.push(
        `${item.source}: ${label} looks like launch ${twin} of our data (same slug, other id); not created. Give that record LL2's id ${id} to have it updated instead`,
      );
      return null;
    }
    const use = new FieldUse();
    const incoming = mapLaunch(
      completed,
      this.context(use, label, String(completed.last_updated), isPoorerVersion(item.origin.version), item.origin),
    );
    const fields = use.classify(value);
    countPaths(this.report.skipped, 'launch', fields.skipped);
    countPaths(this.report.derived, 'launch', fields.derived);
    this.normaliseSlug(incoming, label, this.launchSlugs, id);
    const richer =
      !oursWins && previous ? keepRicher(previous.record, incoming, isPoorerVersion(item.origin.version)) : undefined;
    // A launch of ours that just took LL2's id keeps its newer fields, but its `last_updated` becomes LL2's: it is
    // what LL2 states of its record, what the sync compares later versions with (ours, the day we wrote the record,
    // would make LL2's next versions look older and be skipped), and what the data's age is read from.
    const merged = oursWins
      ? { ...mergeRecord(incoming, previous!.record), id, last_updated: completed.last_updated }
      : (richer?.record ?? incoming);
    merged.provenance = (oursWins
      ? keptOverAssumptions(completion.provenance, previous!.record)
      : richer
        ? withRicher(completion.provenance, richer)
        : completion.provenance) as unknown as Json;
    const record = structuredClone(merged);
    if (!this.repair(record, launchSchema, label)) return previous ? id : null;
    if (previous && typeof previous.record.slug === 'string') this.launchSlugs.delete(previous.record.slug);
    this.launchSlugs.set(String(record.slug), id);
    this.launches.set(id, { record, path: previous?.path });
    this.touchedLaunches.add(id);
    this.noteProvenance('launch', record, String(record.slug));
    return id;
  }

  event(item: SourcedItem): void {
    const cleaned = this.clean(item.value, `event ${String(item.value.slug ?? item.value.id)}`);
    const id = cleaned.id as number;
    const label = `event ${typeof cleaned.slug === 'string' ? cleaned.slug : id}`;
    const value = this.upgrade(cleaned, 'event', label);
    let previous = this.events.get(id);
    const twin = previous ? undefined : this.sameSlugElsewhere(value, id, this.eventSlugs);
    // An event of ours (an id of ours, no source in its provenance) that LL2 holds under the same slug: LL2's record
    // replaces it, in its file (whose history stays); one that came from LL2 under another id is left for a person.
    const replaced = twin === undefined ? undefined : this.originalEvents.get(twin);
    if (twin !== undefined && !(replaced && isOurEvent(replaced.record))) {
      this.report.dropped.push(
        `${item.source}: ${label} looks like event ${twin} of our data (same slug, other id); not created. Give that record LL2's id ${id} to have it updated instead`,
      );
      return;
    }
    let replacedLine: string | undefined;
    if (replaced) {
      this.renameEvent(replaced, id);
      previous = replaced;
      replacedLine = `event ${String(replaced.record.slug)}: ours (id ${String(twin)}, no source) is LL2's event ${id} of the same slug; LL2's record replaces it in its file`;
      this.report.matched.push(replacedLine);
    }
    // What replaces ours is LL2's record alone: nothing of ours is carried into a record LL2 is credited for.
    const completion = completeRecord(
      'event',
      value,
      replaced ? undefined : previous?.record,
      item.origin,
      this.options.now,
    );
    const incomingAssumed =
      completion.provenance.assumed?.last_updated !== undefined && value.last_updated === undefined;
    if (previous && !replaced && staler(completion.value, incomingAssumed, previous.record)) {
      this.report.keptOlder.push(
        `${label} (ours ${String(previous.record.last_updated)}, incoming ${String(value.last_updated ?? `none in ${item.mode} mode`)})`,
      );
      return;
    }
    const use = new FieldUse();
    const { record: incoming, launches } = mapEvent(
      completion.value,
      this.context(
        use,
        label,
        String(completion.value.last_updated),
        isPoorerVersion(item.origin.version),
        item.origin,
      ),
    );
    if (launches !== undefined) {
      use.use('launches');
      const ids: string[] = [];
      launches.forEach((basic, i) => {
        const source = `${item.source} launches[${i}]`;
        if (!isObject(basic) || detectKind(basic) !== 'launch') {
          this.report.dropped.push(`${label}: ${source} is not a launch; link dropped`);
          return;
        }
        const launchId = this.launch({
          kind: 'launch',
          mode: detectMode(basic, 'launch'),
          value: basic,
          source,
          origin: item.origin,
        });
        if (launchId) ids.push(launchId);
        else
          this.report.dropped.push(
            `${label}: link to launch ${String(basic.id)} dropped (that launch is not in our data)`,
          );
      });
      incoming.launches = [...new Set(ids)];
    }
    const fields = use.classify(value);
    countPaths(this.report.skipped, 'event', fields.skipped);
    countPaths(this.report.derived, 'event', fields.derived);
    this.normaliseSlug(incoming, label, this.eventSlugs, id);
    const richer =
      previous && !replaced ? keepRicher(previous.record, incoming, isPoorerVersion(item.origin.version)) : undefined;
    const merged = richer?.record ?? incoming;
    merged.provenance = (richer ? withRicher(completion.provenance, richer) : completion.provenance) as unknown as Json;
    const record = structuredClone(merged);
    if (!this.repair(record, eventSchema, label)) {
      if (replaced) {
        this.unrenameEvent(replaced, id, twin!);
        this.report.matched.splice(this.report.matched.lastIndexOf(replacedLine!), 1);
      }
      return;
    }
    if (previous && typeof previous.record.slug === 'string') this.eventSlugs.delete(previous.record.slug);
    this.eventSlugs.set(String(record.slug), id);
    this.events.set(id, { record, path: previous?.path });
    this.touchedEvents.add(id);
    this.noteProvenance('event', record, String(record.slug));
  }

  /** A reference record of an LL2 reference file (agencies, pads, locations with their pads, configurations, …). */
  /** Astronauts of LL2's lists in this import (a saved `astronauts/` list), filed after the other reference records (fileLists). */
  private readonly astronautItems: SourcedItem[] = [];
  /** The expeditions the space stations of this import list as under way (`active_expeditions`), each with its station. */
  private readonly expeditionItems: Array<{ value: JsonObject; origin: Origin }> = [];

  referenceItem(item: SourcedItem): void {
    const kind = item.referenceKind!;
    const label = `${kind} ${String(item.value.name ?? item.value.id)}`;
    if (kind === 'astronauts') {
      this.astronautItems.push({ ...item, value: this.clean(item.value, label) });
      return;
    }
    if (kind === 'spaceStations' && Array.isArray(item.value.active_expeditions)) {
      const spacestation = { id: item.value.id, name: item.value.name };
      for (const expedition of item.value.active_expeditions) {
        if (isObject(expedition))
          this.expeditionItems.push({ value: { crew: [], ...expedition, spacestation }, origin: item.origin });
      }
    }
    const value = this.upgrade(this.clean(item.value, label), kind, label);
    const use = new FieldUse();
    const ctx = this.context(use, label, item.origin.savedAt, isPoorerVersion(item.origin.version), item.origin);
    if (kind === 'locations' && Array.isArray(value.pads)) {
      // A location lists its pads, which do not repeat their location: each pad is filed with it.
      const { pads, ...location } = value;
      (pads as Json[]).forEach((pad, i) => {
        if (isObject(pad)) ctx.ref('pads', { ...pad, location } as JsonObject, `pads[${i}]`);
        else this.report.dropped.push(`${item.source}: pads[${i}] is not a pad; left out`);
      });
      ctx.ref(kind, location, '');
    } else {
      ctx.ref(kind, value, '');
    }
    const fields = use.classify(value);
    countPaths(this.report.skipped, kind, fields.skipped);
    countPaths(this.report.derived, kind, fields.derived);
  }

  /**
   * The astronauts of LL2's lists (astronauts.ts, as a page of LL2's list of every
   * astronaut: a null never replaces a value we hold; a record whose last flight is
   * later than the list keeps what it has and gains only what it lacks), then the
   * expeditions the stations list as under way at the file's save date
   * (expeditions.ts: start and end as LL2 states them, the end never assumed).
   */
  fileLists(): void {
    const byOrigin = new Map<Origin, JsonObject[]>();
    for (const item of this.astronautItems)
      byOrigin.set(item.origin, [...(byOrigin.get(item.origin) ?? []), item.value]);
    for (const [origin, list] of byOrigin) {
      const statedAt = origin.savedAt ?? formatTimestamp(this.options.now);
      const filed = fileAstronautList(
        list,
        {
          countries: this.reference.countries,
          agencies: this.reference.agencies,
          astronauts: this.reference.astronauts,
        },
        {
          complete: false,
          fetchedAt: statedAt,
          version: origin.version,
          page: true,
          savedBy: origin.savedBy,
          statedAt,
        },
      );
      this.reference.astronauts = filed.astronauts;
      for (const [what, times] of filed.conversions) this.report.normalised.push(`${what}: ${times}`);
    }
    const expeditionsByOrigin = new Map<Origin, JsonObject[]>();
    for (const { value, origin } of this.expeditionItems)
      expeditionsByOrigin.set(origin, [...(expeditionsByOrigin.get(origin) ?? []), value]);
    for (const [origin, list] of expeditionsByOrigin) {
      // Under way when the file was saved, not at the import's clock: an expedition LL2 listed then is a dated fact we keep.
      const at = origin.savedAt === undefined ? this.options.now : toMillis(origin.savedAt);
      const filed = fileExpeditionList(
        list,
        { ...this.reference, spaceStations: this.reference.spaceStations, expeditions: this.reference.expeditions },
        { now: at, version: origin.version, savedBy: origin.savedBy },
      );
      this.reference.expeditions = filed.expeditions;
      this.reference.astronauts = filed.astronauts;
      for (const why of filed.leftOut) this.report.dropped.push(`expedition ${why}`);
    }
  }

  /**
   * Reference records must be complete and valid on their own. A new record that
   * cannot be (a celestial body seen only as `{id, name}`, say) is not written,
   * and neither is anything that depends on it; an existing record falls back to
   * what it was.
   */
  finish(): void {
    const unusable = new Set<string>();
    const revert = (kind: ReferenceKind, key: string, why: string): void => {
      const original = this.existing.reference[kind].get(key);
      if (original) {
        this.reference[kind].set(key, original);
        this.report.dropped.push(`${kind} "${key}": ${why}; kept as it was`);
      } else {
        unusable.add(refId(kind, key));
        this.report.dropped.push(`${kind} "${key}": ${why}; not added`);
      }
    };
    for (const touched of this.touchedRefs) {
      const [kind, key] = touched.split('/') as [ReferenceKind, string];
      const record = structuredClone(this.reference[kind].get(key)!);
      const result = repairRecord(record, REFERENCE_KINDS[kind]);
      for (const change of result.changes) this.report.normalised.push(`${kind} "${key}": ${change}`);
      if (result.ok)
        for (const trimmed of result.trimmed)
          if (!this.report.trimmed.includes(`${kind} "${key}": ${trimmed}`))
            this.report.trimmed.push(`${kind} "${key}": ${trimmed}`);
      if (result.ok) this.reference[kind].set(key, record);
      else
        revert(
          kind,
          key,
          `${result.reason} (LL2 gave too little to make a valid record; add it by hand and re-import)`,
        );
    }
    // Only a reference that could not be added makes others unusable: none, nothing to look for (most imports).
    for (let changed = unusable.size > 0; changed; ) {
      changed = false;
      for (const kind of KINDS) {
        for (const [key, record] of this.reference[kind]) {
          if (unusable.has(refId(kind, key))) continue;
          const bad = [...referencesIn(record, REFERENCE_REFERENCES[kind] ?? [])].find(([k, target]) =>
            unusable.has(refId(k, target)),
          );
          if (!bad) continue;
          revert(kind, key, `refers to ${bad[0]} "${bad[1]}", which could not be added`);
          changed = true;
        }
      }
    }
    const dependsOnUnusable = (record: JsonObject, patterns: RefPattern[]) =>
      [...referencesIn(record, patterns)].find(([k, target]) => unusable.has(refId(k, target)));
    for (const id of this.touchedLaunches) {
      const bad = dependsOnUnusable(this.launches.get(id)!.record, LAUNCH_REFS);
      if (!bad) continue;
      const original = this.originalLaunches.get(id);
      if (original) this.launches.set(id, original);
      else this.launches.delete(id);
      this.touchedLaunches.delete(id);
      this.report.dropped.push(
        `launch ${id}: refers to ${bad[0]} "${bad[1]}", which could not be added; ${original ? 'kept as it was' : 'not imported'}`,
      );
    }
    this.followRenamedLaunches();
    for (const id of this.touchedEvents) {
      const entry = this.events.get(id)!;
      const bad = dependsOnUnusable(entry.record, EVENT_REFS);
      if (bad) {
        const original = this.originalEvents.get(id);
        if (original) this.events.set(id, original);
        else this.events.delete(id);
        this.touchedEvents.delete(id);
        this.report.dropped.push(
          `event ${id}: refers to ${bad[0]} "${bad[1]}", which could not be added; ${original ? 'kept as it was' : 'not imported'}`,
        );
        continue;
      }
      const links = Array.isArray(entry.record.launches) ? (entry.record.launches as string[]) : [];
      const kept = links.filter((l) => this.launches.has(l));
      if (kept.length !== links.length) {
        entry.record.launches = kept;
        this.report.dropped.push(
          `event ${id}: link(s) to ${links.filter((l) => !this.launches.has(l)).join(', ')} dropped (not imported)`,
        );
      }
    }
    for (const ref of unusable) {
      const [kind, key] = ref.split('/') as [ReferenceKind, string];
      this.reference[kind].delete(key);
    }
  }

  /** Events that link to a launch of ours that took LL2's id link to that id (the only change made to them). */
  private followRenamedLaunches(): void {
    if (this.renamedLaunches.size === 0) return;
    for (const [id, entry] of this.events) {
      const links = Array.isArray(entry.record.launches) ? (entry.record.launches as string[]) : [];
      if (!links.some((l) => this.renamedLaunches.has(l))) continue;
      const launches = links.map((l) => this.renamedLaunches.get(l) ?? l);
      this.events.set(id, { ...entry, record: { ...entry.record, launches } });
      this.touchedEvents.add(id);
      this.report.curated.push(
        `event ${String(entry.record.slug)}: links to ${links
          .filter((l) => this.renamedLaunches.has(l))
          .map((l) => `${l} → ${this.renamedLaunches.get(l)!}`)
          .join(', ')}`,
      );
    }
  }

  /** The boosters, landings, spacecraft and mission patches and updates nested in the launches of this import become records of their own, referred to by key (graph.ts, spacecraft.ts, listed.ts). */
  private fileGraph(): void {
    const ids = [...this.touchedLaunches].sort();
    const result = extractGraph(
      ids.map((id) => this.launches.get(id)!.record),
      this.reference,
    );
    for (const { index, after } of result.launches)
      this.launches.set(ids[index], { ...this.launches.get(ids[index])!, record: after });
    this.reference.launchers = result.launchers;
    this.reference.launcherStatuses = result.launcherStatuses;
    for (const [key, status] of result.launcherStatuses)
      if (Number(status.id) >= OUR_FIRST_ID) this.ourIds.add(refId('launcherStatuses', key));
    for (const [what, times] of result.conversions) this.report.normalised.push(`${what}: ${times}`);
    // The stages' landings and spacecraft too (spacecraft.ts), over the launches as the boosters' step left them.
    const stages = extractSpacecraft(
      ids.map((id) => this.launches.get(id)!.record),
      this.reference,
    );
    for (const { index, after } of stages.launches)
      this.launches.set(ids[index], { ...this.launches.get(ids[index])!, record: after });
    for (const kind of SPACECRAFT_KINDS) this.reference[kind] = stages.records[kind];
    for (const [what, times] of stages.conversions) this.report.normalised.push(`${what}: ${times}`);
    for (const [kind, listed] of [
      ['missionPatches', MISSION_PATCHES],
      ['updates', UPDATES],
    ] as const) {
      const filed = extractListed(
        ids.map((id) => this.launches.get(id)!.record),
        this.reference[kind],
        listed,
      );
      for (const { index, after } of filed.launches)
        this.launches.set(ids[index], { ...this.launches.get(ids[index])!, record: after });
      this.reference[kind] = filed.records;
      for (const [what, times] of filed.conversions) this.report.normalised.push(`${what}: ${times}`);
    }
    this.reference.dockingEvents = extractDockings(
      ids.map((id) => this.launches.get(id)!.record),
      this.reference,
    ).records;
  }

  files(): ImportFile[] {
    this.fileGraph();
    const files: ImportFile[] = [];
    const taken = new Set(this.existing.paths);
    const place = (preferred: (suffix: string) => string, id: string): string => {
      let path = preferred('');
      if (taken.has(path)) path = preferred(`-${id}`);
      taken.add(path);
      return path;
    };
    for (const id of [...this.touchedLaunches].sort()) {
      const entry = this.launches.get(id)!;
      const original = this.originalLaunches.get(id);
      const after = canonicalLaunch(entry.record);
      const label = `launch ${String(after.slug)} (${id})`;
      if (original && deepEqual(canonicalLaunch(original.record), after)) {
        this.report.unchanged.push(label);
        continue;
      }
      const path =
        original?.path ?? place((s) => launchFilePath(after as { net: string; slug: string }, s), id.slice(0, 8));
      files.push({
        path,
        content: original?.doc
          ? updateYaml(original.doc, canonicalLaunch(original.record), after, launchSchema)
          : toYaml(after, launchSchema),
      });
      if (original)
        this.report.updated.push(`${label}: ${changedPaths(canonicalLaunch(original.record), after).join(', ')}`);
      else this.report.created.push(`${label} → ${path}`);
    }
    for (const id of [...this.touchedEvents].sort((a, b) => a - b)) {
      const entry = this.events.get(id)!;
      const original = this.originalEvents.get(id);
      const after = canonicalEvent(entry.record);
      const label = `event ${String(after.slug)} (${id})`;
      if (original && deepEqual(canonicalEvent(original.record), after)) {
        this.report.unchanged.push(label);
        continue;
      }
      const path =
        original?.path ?? place((s) => eventFilePath(after as { date: string | null; slug: string }, s), String(id));
      files.push({
        path,
        content: original?.doc
          ? updateYaml(original.doc, canonicalEvent(original.record), after, eventSchema)
          : toYaml(after, eventSchema),
      });
      if (original)
        this.report.updated.push(`${label}: ${changedPaths(canonicalEvent(original.record), after).join(', ')}`);
      else this.report.created.push(`${label} → ${path}`);
    }
    for (const kind of KINDS) {
      const before = this.existing.reference[kind];
      const after = this.reference[kind];
      let changed = false;
      // The keys whose record changed, added ones in the order a whole rewrite adds them, and their canonical records.
      const touched: string[] = [];
      const canonicalBefore = new Map<string, JsonObject>();
      const canonicalAfter = new Map<string, JsonObject>();
      for (const [key, record] of after) {
        const previous = before.get(key);
        // The very object read from the file: untouched (the importer replaces records, never edits them in place).
        if (previous === record) continue;
        const canonical = canonicalReference(kind, record);
        if (!previous) {
          this.report.referenceAdded.push(refId(kind, key));
          changed = true;
        } else if (!deepEqual(canonicalReference(kind, previous), canonical)) {
          this.report.referenceUpdated.push(
            `${refId(kind, key)}: ${changedPaths(canonicalReference(kind, previous), canonical, 1).join(', ')}`,
          );
          changed = true;
        } else continue;
        touched.push(key);
        canonicalAfter.set(key, canonical);
        if (previous) canonicalBefore.set(key, canonicalReference(kind, previous));
      }
      for (const [key, previous] of before) {
        if (after.has(key)) continue;
        touched.push(key);
        canonicalBefore.set(key, canonicalReference(kind, previous));
      }
      if (!changed) continue;
      const canonicalAll = (records: Map<string, JsonObject>) =>
        Object.fromEntries([...records].map(([k, r]) => [k, canonicalReference(kind, r)]));
      const comments = new Map(
        [...after.keys()].filter((key) => this.ourIds.has(refId(kind, key))).map((key) => [key, OUR_ID_COMMENT]),
      );
      // A record of ours that took LL2's id no longer has an id of ours.
      const isOurs = (record: JsonObject | undefined) => typeof record?.id === 'number' && record.id >= OUR_FIRST_ID;
      const stale = new Map(
        [...after]
          .filter(([key, record]) => isOurs(before.get(key)) && !isOurs(record))
          .map(([key]) => [key, OUR_ID_COMMENT]),
      );
      const path = this.existing.referencePaths[kind] ?? referenceFilePath(kind);
      // A file in canonical form: only the entries that changed are written (splice.ts), the same bytes as a whole rewrite.
      const text = this.existing.referencePaths[kind] === undefined ? undefined : this.existing.referenceTexts?.[kind];
      const spliced =
        text === undefined
          ? undefined
          : spliceKeyedYaml(text, touched, canonicalBefore, canonicalAfter, referenceFileSchema(kind), comments, stale);
      if (spliced) {
        files.push({ path, content: spliced.content, entries: { keys: spliced.keys, written: spliced.entries } });
        continue;
      }
      const doc = this.existing.referenceDocs?.[kind];
      files.push({
        path,
        content: doc
          ? updateYaml(doc, canonicalAll(before), canonicalAll(after), referenceFileSchema(kind), comments, stale)
          : referenceFileYaml(kind, after, comments),
      });
    }
    return files;
  }
}

export function runImport(
  existing: ExistingData,
  inputs: readonly ImportInput[],
  options: ImportOptions,
): ImportResult {
  const importer = new Importer(existing, options);
  const items: SourcedItem[] = [];
  for (const input of inputs) {
    importer.report.problems.push(...input.problems);
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
    importer.report.inputs.push(`${input.source}: ${shape}${version}${saved}, ${what}`);
    const origin: Origin = { version: input.version, savedAt: input.savedAt, savedBy: input.savedBy };
    items.push(...input.items.map((item) => ({ ...item, origin })));
  }
  // Reference records first (launches refer to them), launches before events (events link to launches).
  for (const item of items) if (item.kind === 'reference') importer.referenceItem(item);
  importer.fileLists();
  for (const item of items) if (item.kind === 'launch') importer.launch(item);
  for (const item of items) if (item.kind === 'event') importer.event(item);
  importer.finish();
  if (importer.textLineBreaks > 0) {
    importer.report.normalised.push(
      `line breaks: ${importer.textLineBreaks} text value(s) had "\\r\\n" (or U+2028/U+2029) line breaks, written as "\\n"`,
    );
  }
  return { files: importer.files(), report: importer.report };
}
