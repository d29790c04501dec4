// One incoming launch or event into the import state. In: the state and an item
// of a parsed LL2 body with its origin. Out: the record we will hold (text made
// safe, read as 2.3.0, completed with provenance, merged with ours under the
// richer-field rule, repaired to our schema) in the state's launches or events,
// or the reason it was kept as ours or left out, in the report. An event's
// nested launches are imported with it.

import type { Schema } from '../../schemas/building-blocks.ts';
import { eventSchema, launchSchema, type FileReferenceKind as ReferenceKind } from '../../schemas/data-files.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { FieldUse } from './fields.ts';
import { isOurEvent } from './identity.ts';
import {
  matchCurated,
  normaliseSlug,
  renameEvent,
  renameLaunch,
  sameSlugElsewhere,
  twoFlights,
  unrenameEvent,
} from './launch-match.ts';
import { mapEvent, mapLaunch } from './map.ts';
import { detectKind, detectMode } from './parse.ts';
import { assumedLastUpdated, completeRecord, keptOverAssumptions } from './provenance.ts';
import { referenceContext } from './reference-match.ts';
import { staler, withRicher } from './reference-merge.ts';
import { repairRecord } from './repair.ts';
import { countAssumption, countPaths } from './report.ts';
import { isPoorerVersion, keepRicher, mergeRecord } from './richer.ts';
import { isObject } from './schema-walk.ts';
import type { ImportState, SourcedItem } from './state.ts';
import { cleanText, type TextCleaning } from './text.ts';
import { upgradeToLl2v230 } from './upgrade.ts';

/**
 * The version of ours (its `last_updated` stated, not assumed) is the one incoming,
 * saved by another project and no richer (not a newer LL2 version of the API): ours
 * stays, and so does its source (the list that named it is not replaced by another
 * copy of the same statement).
 */
function sameVersionElsewhere(
  incoming: JsonObject,
  incomingAssumed: boolean,
  item: SourcedItem,
  ours: JsonObject,
): boolean {
  const provenance = isObject(ours.provenance) ? ours.provenance : undefined;
  if (incomingAssumed || assumedLastUpdated(ours) || incoming.last_updated !== ours.last_updated) return false;
  if (provenance?.saved_by === undefined || provenance.saved_by === item.origin.savedBy) return false;
  const oursVersion = typeof provenance.ll2_version === 'string' ? provenance.ll2_version : undefined;
  return !isPoorerVersion(oursVersion) || isPoorerVersion(item.origin.version);
}

/** Fields a launch needs before it can exist in our data (LL2 list mode lacks the provider, rocket and pad). */
const LAUNCH_CREATE_FIELDS = launchSchema.required as string[];

function repair(s: ImportState, record: JsonObject, schema: Schema, label: string): boolean {
  const result = repairRecord(record, schema);
  for (const change of result.changes) s.report.normalised.push(`${label}: ${change}`);
  // A launch in two answers of one run (the feed and the upcoming page) is repaired twice: named once.
  for (const trimmed of result.trimmed)
    if (!s.report.trimmed.includes(`${label}: ${trimmed}`)) s.report.trimmed.push(`${label}: ${trimmed}`);
  if (!result.ok) s.report.dropped.push(`${label}: ${result.reason}; not imported`);
  return result.ok;
}

/** The item's value with its text made safe for our files (reported). */
export function clean(s: ImportState, value: JsonObject, label: string): JsonObject {
  const cleaning: TextCleaning = { lineBreaks: 0, removed: [] };
  const cleaned = cleanText(value, cleaning) as JsonObject;
  s.textLineBreaks += cleaning.lineBreaks;
  for (const removed of cleaning.removed)
    s.report.normalised.push(`${label}: ${removed} removed (a control or text-direction character)`);
  return cleaned;
}

/** The object in 2.3.0 shapes; what had to be converted is counted in the report. */
export function upgrade(
  s: ImportState,
  value: JsonObject,
  kind: ReferenceKind | 'launch' | 'event',
  label: string,
): JsonObject {
  const upgraded = upgradeToLl2v230(value, kind, label);
  for (const [what, n] of upgraded.conversions) s.report.converted.set(what, (s.report.converted.get(what) ?? 0) + n);
  s.report.dropped.push(...upgraded.problems.map((p) => `${p}; left out`));
  return upgraded.value;
}

function noteProvenance(s: ImportState, kind: 'launch' | 'event', record: JsonObject, label: string): void {
  const provenance = isObject(record.provenance) ? record.provenance : undefined;
  for (const [field, why] of Object.entries(isObject(provenance?.assumed) ? provenance.assumed : {})) {
    countAssumption(s.report, `${kind} ${field}: ${String(why)}`, label);
  }
  for (const field of Array.isArray(provenance?.derived) ? provenance.derived : []) {
    countAssumption(s.report, `${kind} ${String(field)}: derived from the source as LL2 derives it`, label);
  }
}

/** Imports one launch; returns its id when the launch is in the data afterwards. */
export function importLaunch(s: ImportState, item: SourcedItem): string | null {
  const cleaned = clean(s, item.value, `launch ${String(item.value.slug ?? item.value.id)}`);
  const id = String(cleaned.id).toLowerCase();
  const label = `launch ${typeof cleaned.slug === 'string' ? cleaned.slug : typeof cleaned.name === 'string' ? cleaned.name : id}`;
  const value = upgrade(s, { ...cleaned, id }, 'launch', label);
  let previous = s.launches.get(id);
  const curated = previous ? undefined : matchCurated(s, value, label);
  if (curated) {
    renameLaunch(s, curated, id);
    previous = curated;
  }
  const missing = ['net', 'status'].filter((f) => value[f] === undefined || value[f] === null);
  if (missing.length > 0) {
    s.report.dropped.push(
      `${item.source}: ${label} has no ${missing.join(' or ')}; not imported (a time or an outcome is never assumed)`,
    );
    return previous ? id : null;
  }
  const completion = completeRecord('launch', value, previous?.record, item.origin, s.options.now);
  const completed = completion.value;
  const incomingAssumed = completion.provenance.assumed?.last_updated !== undefined && value.last_updated === undefined;
  // Ours is newer: kept as it is, or, for a launch of ours that just took LL2's id, ours wins field by field.
  const oursWins = previous !== undefined && staler(completed, incomingAssumed, previous.record);
  if (oursWins && !curated) {
    s.report.keptOlder.push(
      `${label} (ours ${String(previous!.record.last_updated)}, incoming ${String(value.last_updated ?? 'none')})`,
    );
    return id;
  }
  if (previous && !curated && sameVersionElsewhere(completed, incomingAssumed, item, previous.record)) {
    s.report.keptOlder.push(
      `${label} (the same LL2 version, ${String(value.last_updated)}, as ours, from another project's list)`,
    );
    return id;
  }
  if (!previous) {
    const lacking = LAUNCH_CREATE_FIELDS.filter((f) => completed[f] === undefined || completed[f] === null);
    if (lacking.length > 0) {
      s.report.dropped.push(
        `${item.source}: ${label} (${item.mode} mode) is not in our data and lacks ${lacking.join(', ')}; not created`,
      );
      return null;
    }
  }
  const derivedSlug = completion.provenance.derived?.includes('slug') === true;
  const twin = previous || derivedSlug ? undefined : sameSlugElsewhere(completed, id, s.launchSlugs);
  if (twin !== undefined && !twoFlights(s, completed, s.launches.get(twin)?.record)) {
    s.report.dropped.push(
      `${item.source}: ${label} looks like launch ${twin} of our data (same slug, other id); not created. Give that record LL2's id ${id} to have it updated instead`,
    );
    return null;
  }
  const use = new FieldUse();
  const incoming = mapLaunch(
    completed,
    referenceContext(s, use, label, String(completed.last_updated), isPoorerVersion(item.origin.version), item.origin),
  );
  const fields = use.classify(value);
  countPaths(s.report.skipped, 'launch', fields.skipped);
  countPaths(s.report.derived, 'launch', fields.derived);
  normaliseSlug(s, incoming, label, s.launchSlugs, id);
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
  if (!repair(s, record, launchSchema, label)) return previous ? id : null;
  if (previous && typeof previous.record.slug === 'string') s.launchSlugs.delete(previous.record.slug);
  s.launchSlugs.set(String(record.slug), id);
  s.launches.set(id, { record, path: previous?.path });
  s.touchedLaunches.add(id);
  noteProvenance(s, 'launch', record, String(record.slug));
  return id;
}

export function importEvent(s: ImportState, item: SourcedItem): void {
  const cleaned = clean(s, item.value, `event ${String(item.value.slug ?? item.value.id)}`);
  const id = cleaned.id as number;
  const label = `event ${typeof cleaned.slug === 'string' ? cleaned.slug : id}`;
  const value = upgrade(s, cleaned, 'event', label);
  let previous = s.events.get(id);
  const twin = previous ? undefined : sameSlugElsewhere(value, id, s.eventSlugs);
  // An event of ours (an id of ours, no source in its provenance) that LL2 holds under the same slug: LL2's record
  // replaces it, in its file (whose history stays); one that came from LL2 under another id is left for a person.
  const replaced = twin === undefined ? undefined : s.originalEvents.get(twin);
  if (twin !== undefined && !(replaced && isOurEvent(replaced.record))) {
    s.report.dropped.push(
      `${item.source}: ${label} looks like event ${twin} of our data (same slug, other id); not created. Give that record LL2's id ${id} to have it updated instead`,
    );
    return;
  }
  let replacedLine: string | undefined;
  if (replaced) {
    renameEvent(s, replaced, id);
    previous = replaced;
    replacedLine = `event ${String(replaced.record.slug)}: ours (id ${String(twin)}, no source) is LL2's event ${id} of the same slug; LL2's record replaces it in its file`;
    s.report.matched.push(replacedLine);
  }
  // What replaces ours is LL2's record alone: nothing of ours is carried into a record LL2 is credited for.
  const completion = completeRecord(
    'event',
    value,
    replaced ? undefined : previous?.record,
    item.origin,
    s.options.now,
  );
  const incomingAssumed = completion.provenance.assumed?.last_updated !== undefined && value.last_updated === undefined;
  if (previous && !replaced && staler(completion.value, incomingAssumed, previous.record)) {
    s.report.keptOlder.push(
      `${label} (ours ${String(previous.record.last_updated)}, incoming ${String(value.last_updated ?? `none in ${item.mode} mode`)})`,
    );
    return;
  }
  const use = new FieldUse();
  const { record: incoming, launches } = mapEvent(
    completion.value,
    referenceContext(
      s,
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
        s.report.dropped.push(`${label}: ${source} is not a launch; link dropped`);
        return;
      }
      const launchId = importLaunch(s, {
        kind: 'launch',
        mode: detectMode(basic, 'launch'),
        value: basic,
        source,
        origin: item.origin,
      });
      if (launchId) ids.push(launchId);
      else
        s.report.dropped.push(`${label}: link to launch ${String(basic.id)} dropped (that launch is not in our data)`);
    });
    incoming.launches = [...new Set(ids)];
  }
  const fields = use.classify(value);
  countPaths(s.report.skipped, 'event', fields.skipped);
  countPaths(s.report.derived, 'event', fields.derived);
  normaliseSlug(s, incoming, label, s.eventSlugs, id);
  const richer =
    previous && !replaced ? keepRicher(previous.record, incoming, isPoorerVersion(item.origin.version)) : undefined;
  const merged = richer?.record ?? incoming;
  merged.provenance = (richer ? withRicher(completion.provenance, richer) : completion.provenance) as unknown as Json;
  const record = structuredClone(merged);
  if (!repair(s, record, eventSchema, label)) {
    if (replaced) {
      unrenameEvent(s, replaced, id, twin!);
      s.report.matched.splice(s.report.matched.lastIndexOf(replacedLine!), 1);
    }
    return;
  }
  if (previous && typeof previous.record.slug === 'string') s.eventSlugs.delete(previous.record.slug);
  s.eventSlugs.set(String(record.slug), id);
  s.events.set(id, { record, path: previous?.path });
  s.touchedEvents.add(id);
  noteProvenance(s, 'event', record, String(record.slug));
}
