// One import, from parsed LL2 bodies and the data already there to the files to
// write and a report. Pure: the clock and the existing data come in, file
// contents go out. Launches are matched by LL2 id, events by id, reference
// records by LL2 id (mission types by name), so re-importing updates in place.

import type { Document } from 'yaml';
import type { Schema } from '../../schemas/building-blocks.ts';
import { eventSchema, launchSchema, REFERENCE_KINDS, type ReferenceKind } from '../../schemas/data-files.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { REFERENCE_REFERENCES } from '../model/references.ts';
import type { PathSegment } from '../data/source.ts';
import { formatTimestamp, toMillis } from '../model/time.ts';
import { FieldUse } from './fields.ts';
import { baseKey, normalizeSlug, SLUG_MAX, uniqueKey } from './keys.ts';
import { EVENT_REFS, LAUNCH_REFS, mapEvent, mapLaunch, mapReference, type MapContext, type RefPattern } from './map.ts';
import { detectKind, detectMode, type Ll2Item, type ParsedInput } from './parse.ts';
import { repairRecord } from './repair.ts';
import { cleanText, type TextCleaning } from './text.ts';
import { countPaths, emptyReport, type ImportReport } from './report.ts';
import { changedPaths, deepEqual, isObject } from './schema-walk.ts';
import {
  canonicalEvent, canonicalLaunch, canonicalReference, eventFilePath, launchFilePath, referenceFilePath, referenceFileSchema, referenceFileYaml,
  toYaml, updateYaml,
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
  /** Every file path in the data folder, so new files never overwrite another record's. */
  paths: Set<string>;
}

export interface ImportInput extends ParsedInput {
  /** File name, for the report. */
  source: string;
}

export interface ImportFile {
  /** Relative to the data folder, `/`-separated. */
  path: string;
  content: string;
}

export interface ImportResult {
  files: ImportFile[];
  report: ImportReport;
}

export interface ImportOptions {
  /** The clock, for events that arrive without `last_updated` (list mode). */
  now: number;
}

const KINDS = Object.keys(REFERENCE_KINDS) as ReferenceKind[];
/** Fields a launch needs before it can exist in our data (LL2 list mode lacks the provider, rocket and pad). */
const LAUNCH_CREATE_FIELDS = (launchSchema.required as string[]);

/** Every key a record refers to, with its kind. */
function* referencesIn(value: Json | undefined, patterns: readonly RefPattern[]): Generator<[ReferenceKind, string]> {
  function* walk(node: Json | undefined, pattern: PathSegment[], kind: ReferenceKind): Generator<[ReferenceKind, string]> {
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
 * location, the rest by name.
 */
function naturalKey(kind: ReferenceKind, record: JsonObject): string | undefined {
  const name = typeof record.name === 'string' ? record.name.trim().toLowerCase() : undefined;
  if (kind === 'countries') return typeof record.alpha_3_code === 'string' ? `iso:${record.alpha_3_code.toUpperCase()}` : undefined;
  if (kind === 'pads') return name && typeof record.location === 'string' ? `${name}@${record.location}` : undefined;
  return name;
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

/** Incoming fields replace ours; fields the incoming mode does not carry are kept (list mode has no rocket stages …). */
export function mergeRecord(previous: JsonObject | undefined, incoming: JsonObject): JsonObject {
  if (!previous) return incoming;
  const merged: JsonObject = { ...previous, ...incoming };
  for (const nested of ['rocket', 'll2_figures']) {
    if (isObject(previous[nested]) && isObject(incoming[nested])) merged[nested] = { ...(previous[nested] as JsonObject), ...(incoming[nested] as JsonObject) };
  }
  return merged;
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
  private readonly matchedIds = Object.fromEntries(KINDS.map((k) => [k, new Set<string>()])) as unknown as Record<ReferenceKind, Set<string>>;
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

  constructor(private readonly existing: ExistingData, private readonly options: ImportOptions) {
    this.reference = Object.fromEntries(KINDS.map((k) => [k, new Map(existing.reference[k])])) as Record<ReferenceKind, Map<string, JsonObject>>;
    this.keyOf = Object.fromEntries(KINDS.map((k) => [k, new Map()])) as unknown as Record<ReferenceKind, Map<string, string>>;
    this.keyByName = Object.fromEntries(KINDS.map((k) => [k, new Map()])) as unknown as Record<ReferenceKind, Map<string, string>>;
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
    return typeof record.id === 'number' ? String(record.id) : undefined;
  }

  private context(use: FieldUse, label: string): MapContext {
    const ctx: MapContext = {
      use,
      ref: (kind, value, path) => {
        const partial = mapReference(kind, value, path, ctx);
        const identity = partial ? this.identity(kind, partial) : undefined;
        if (!partial || identity === undefined) {
          if (value !== null) this.report.dropped.push(`${label}: ${path} is not a usable ${kind} reference (no id); left out`);
          return null;
        }
        const records = this.reference[kind];
        let key = this.keyOf[kind].get(identity);
        if (key !== undefined) this.matchedIds[kind].add(identity);
        else key = this.matchByName(kind, partial, identity);
        if (key === undefined) {
          key = uniqueKey(baseKey(kind, partial), (k) => records.has(k), partial.id);
          this.keyOf[kind].set(identity, key);
          // LL2 writes mission types as names only: the record gets an id of ours.
          records.set(key, kind === 'missionTypes' ? { id: nextOwnId(records), ...partial } : partial);
          this.touchedRefs.add(refId(kind, key));
        } else {
          const previous = records.get(key)!;
          const merged = mergeRecord(previous, partial);
          if (!deepEqual(merged, previous)) {
            records.set(key, merged);
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
    // Not when that record's own id came from LL2 in this import (then they are two things).
    if (!existing || (existingIdentity !== undefined && this.matchedIds[kind].has(existingIdentity))) return undefined;
    this.keyOf[kind].set(identity, key);
    this.keyByName[kind].delete(natural!);
    this.report.matched.push(`${refId(kind, key)}: matched by ${kind === 'countries' ? 'ISO code' : 'name'}; its id ${String(existing.id)} becomes LL2's ${String(partial.id)}`);
    return key;
  }

  /** Our slugs are lower-case kebab case and unique among launches (events); LL2's nearly always are. */
  private normaliseSlug<T extends string | number>(record: JsonObject, label: string, slugs: Map<string, T>, id: T): void {
    if (typeof record.slug !== 'string') return;
    const wanted = normalizeSlug(record.slug) || normalizeSlug(String(record.name ?? id));
    const normal = uniqueKey(wanted, (s) => slugs.has(s) && slugs.get(s) !== id, typeof id === 'string' ? id.slice(0, 8) : id, SLUG_MAX);
    if (normal !== record.slug) this.report.normalised.push(`${label}: slug "${record.slug}" written as "${normal}"`);
    record.slug = normal;
  }

  private repair(record: JsonObject, schema: Schema, label: string): boolean {
    const result = repairRecord(record, schema);
    for (const change of result.changes) this.report.normalised.push(`${label}: ${change}`);
    if (!result.ok) this.report.dropped.push(`${label}: ${result.reason}; not imported`);
    return result.ok;
  }

  /** The item's value with its text made safe for our files (reported). */
  private clean(value: JsonObject, label: string): JsonObject {
    const cleaning: TextCleaning = { lineBreaks: 0, removed: [] };
    const cleaned = cleanText(value, cleaning) as JsonObject;
    this.textLineBreaks += cleaning.lineBreaks;
    for (const removed of cleaning.removed) this.report.normalised.push(`${label}: ${removed} removed (a control or text-direction character)`);
    return cleaned;
  }

  /** Imports one launch; returns its id when the launch is in the data afterwards. */
  launch(item: Ll2Item): string | null {
    const value = this.clean(item.value, `launch ${String(item.value.slug ?? item.value.id)}`);
    const id = String(value.id).toLowerCase();
    const previous = this.launches.get(id);
    const label = `launch ${typeof value.slug === 'string' ? value.slug : id}`;
    if (previous && olderThan(value.last_updated, previous.record.last_updated)) {
      this.report.keptOlder.push(`${label} (ours ${String(previous.record.last_updated)}, incoming ${String(value.last_updated ?? 'none')})`);
      return id;
    }
    if (!previous) {
      const missing = LAUNCH_CREATE_FIELDS.filter((f) => value[f] === undefined || value[f] === null);
      if (missing.length > 0) {
        this.report.dropped.push(`${item.source}: ${label} (${item.mode} mode) is not in our data and lacks ${missing.join(', ')}; not created`);
        return null;
      }
    }
    const twin = previous ? undefined : this.sameSlugElsewhere(value, id, this.launchSlugs);
    if (twin !== undefined) {
      this.report.dropped.push(`${item.source}: ${label} looks like launch ${twin} of our data (same slug, other id); not created. Give that record LL2's id ${id} to have it updated instead`);
      return null;
    }
    const use = new FieldUse();
    const incoming = mapLaunch({ ...value, id }, this.context(use, label));
    const fields = use.classify(value);
    countPaths(this.report.skipped, 'launch', fields.skipped);
    countPaths(this.report.derived, 'launch', fields.derived);
    this.normaliseSlug(incoming, label, this.launchSlugs, id);
    const record = structuredClone(mergeRecord(previous?.record, incoming));
    if (!this.repair(record, launchSchema, label)) return previous ? id : null;
    if (previous && typeof previous.record.slug === 'string') this.launchSlugs.delete(previous.record.slug);
    this.launchSlugs.set(String(record.slug), id);
    this.launches.set(id, { record, path: previous?.path });
    this.touchedLaunches.add(id);
    return id;
  }

  event(item: Ll2Item): void {
    const value = this.clean(item.value, `event ${String(item.value.slug ?? item.value.id)}`);
    const id = value.id as number;
    const previous = this.events.get(id);
    const label = `event ${typeof value.slug === 'string' ? value.slug : id}`;
    if (previous && olderThan(value.last_updated, previous.record.last_updated)) {
      this.report.keptOlder.push(`${label} (ours ${String(previous.record.last_updated)}, incoming ${String(value.last_updated ?? `none in ${item.mode} mode`)})`);
      return;
    }
    const twin = previous ? undefined : this.sameSlugElsewhere(value, id, this.eventSlugs);
    if (twin !== undefined) {
      this.report.dropped.push(`${item.source}: ${label} looks like event ${twin} of our data (same slug, other id); not created. Give that record LL2's id ${id} to have it updated instead`);
      return;
    }
    const use = new FieldUse();
    const { record: incoming, launches } = mapEvent(value, this.context(use, label));
    if (incoming.last_updated === undefined) {
      incoming.last_updated = formatTimestamp(this.options.now);
      this.report.normalised.push(`${label}: no last_updated (${item.mode} mode); set to the import time ${incoming.last_updated}`);
    }
    if (launches !== undefined) {
      use.use('launches');
      const ids: string[] = [];
      launches.forEach((basic, i) => {
        const source = `${item.source} launches[${i}]`;
        if (!isObject(basic) || detectKind(basic) !== 'launch') {
          this.report.dropped.push(`${label}: ${source} is not a launch; link dropped`);
          return;
        }
        const launchId = this.launch({ kind: 'launch', mode: detectMode(basic, 'launch'), value: basic, source });
        if (launchId) ids.push(launchId);
        else this.report.dropped.push(`${label}: link to launch ${String(basic.id)} dropped (that launch is not in our data)`);
      });
      incoming.launches = [...new Set(ids)];
    }
    const fields = use.classify(value);
    countPaths(this.report.skipped, 'event', fields.skipped);
    countPaths(this.report.derived, 'event', fields.derived);
    this.normaliseSlug(incoming, label, this.eventSlugs, id);
    const record = structuredClone(mergeRecord(previous?.record, incoming));
    if (!this.repair(record, eventSchema, label)) return;
    if (previous && typeof previous.record.slug === 'string') this.eventSlugs.delete(previous.record.slug);
    this.eventSlugs.set(String(record.slug), id);
    this.events.set(id, { record, path: previous?.path });
    this.touchedEvents.add(id);
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
      if (result.ok) this.reference[kind].set(key, record);
      else revert(kind, key, `${result.reason} (LL2 gave too little to make a valid record; add it by hand and re-import)`);
    }
    for (let changed = true; changed;) {
      changed = false;
      for (const kind of KINDS) {
        for (const [key, record] of this.reference[kind]) {
          if (unusable.has(refId(kind, key))) continue;
          const bad = [...referencesIn(record, REFERENCE_REFERENCES[kind] ?? [])].find(([k, target]) => unusable.has(refId(k, target)));
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
      this.report.dropped.push(`launch ${id}: refers to ${bad[0]} "${bad[1]}", which could not be added; ${original ? 'kept as it was' : 'not imported'}`);
    }
    for (const id of this.touchedEvents) {
      const entry = this.events.get(id)!;
      const bad = dependsOnUnusable(entry.record, EVENT_REFS);
      if (bad) {
        const original = this.originalEvents.get(id);
        if (original) this.events.set(id, original);
        else this.events.delete(id);
        this.touchedEvents.delete(id);
        this.report.dropped.push(`event ${id}: refers to ${bad[0]} "${bad[1]}", which could not be added; ${original ? 'kept as it was' : 'not imported'}`);
        continue;
      }
      const links = Array.isArray(entry.record.launches) ? (entry.record.launches as string[]) : [];
      const kept = links.filter((l) => this.launches.has(l));
      if (kept.length !== links.length) {
        entry.record.launches = kept;
        this.report.dropped.push(`event ${id}: link(s) to ${links.filter((l) => !this.launches.has(l)).join(', ')} dropped (not imported)`);
      }
    }
    for (const ref of unusable) {
      const [kind, key] = ref.split('/') as [ReferenceKind, string];
      this.reference[kind].delete(key);
    }
  }

  files(): ImportFile[] {
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
      const path = original?.path ?? place((s) => launchFilePath(after as { net: string; slug: string }, s), id.slice(0, 8));
      files.push({ path, content: original?.doc ? updateYaml(original.doc, canonicalLaunch(original.record), after, launchSchema) : toYaml(after, launchSchema) });
      if (original) this.report.updated.push(`${label}: ${changedPaths(canonicalLaunch(original.record), after).join(', ')}`);
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
      const path = original?.path ?? place((s) => eventFilePath(after as { date: string | null; slug: string }, s), String(id));
      files.push({ path, content: original?.doc ? updateYaml(original.doc, canonicalEvent(original.record), after, eventSchema) : toYaml(after, eventSchema) });
      if (original) this.report.updated.push(`${label}: ${changedPaths(canonicalEvent(original.record), after).join(', ')}`);
      else this.report.created.push(`${label} → ${path}`);
    }
    for (const kind of KINDS) {
      const before = this.existing.reference[kind];
      const after = this.reference[kind];
      let changed = false;
      for (const [key, record] of after) {
        const previous = before.get(key);
        const canonical = canonicalReference(kind, record);
        if (!previous) {
          this.report.referenceAdded.push(refId(kind, key));
          changed = true;
        } else if (!deepEqual(canonicalReference(kind, previous), canonical)) {
          this.report.referenceUpdated.push(`${refId(kind, key)}: ${changedPaths(canonicalReference(kind, previous), canonical, 1).join(', ')}`);
          changed = true;
        }
      }
      if (!changed) continue;
      const doc = this.existing.referenceDocs?.[kind];
      const canonicalAll = (records: Map<string, JsonObject>) => Object.fromEntries([...records].map(([k, r]) => [k, canonicalReference(kind, r)]));
      files.push({
        path: this.existing.referencePaths[kind] ?? referenceFilePath(kind),
        content: doc ? updateYaml(doc, canonicalAll(before), canonicalAll(after), referenceFileSchema(kind)) : referenceFileYaml(kind, after),
      });
    }
    return files;
  }
}

export function runImport(existing: ExistingData, inputs: readonly ImportInput[], options: ImportOptions): ImportResult {
  const importer = new Importer(existing, options);
  const items: Ll2Item[] = [];
  for (const input of inputs) {
    importer.report.problems.push(...input.problems);
    const counts = new Map<string, number>();
    for (const item of input.items) counts.set(`${item.kind} ${item.mode}`, (counts.get(`${item.kind} ${item.mode}`) ?? 0) + 1);
    const what = [...counts].map(([k, n]) => {
      const [kind, mode] = k.split(' ');
      return `${n} ${kind === 'launch' ? (n === 1 ? 'launch' : 'launches') : n === 1 ? 'event' : 'events'} (${mode})`;
    }).join(', ') || 'nothing to import';
    importer.report.inputs.push(`${input.source}: ${input.shape === 'page' ? 'page' : input.shape === 'array' ? 'list' : 'single object'}, ${what}`);
    items.push(...input.items);
  }
  // Launches first, so that events can link to launches from the same import.
  for (const item of items) if (item.kind === 'launch') importer.launch(item);
  for (const item of items) if (item.kind === 'event') importer.event(item);
  importer.finish();
  if (importer.textLineBreaks > 0) {
    importer.report.normalised.push(`line breaks: ${importer.textLineBreaks} text value(s) had "\\r\\n" (or U+2028/U+2029) line breaks, written as "\\n"`);
  }
  return { files: importer.files(), report: importer.report };
}
