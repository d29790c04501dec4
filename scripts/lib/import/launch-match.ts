// Launches and events told apart and matched across sources. In: the import state
// and an incoming launch or event (2.3.0 shapes). Out: a launch of ours that is the
// same real launch (curated.ts: by its facts), another record holding the same
// slug, whether two launches of one slug are two flights, a slug made ours, and
// renames (ours taking LL2's id) applied to the state; lines in the report.

import type { FileReferenceKind as ReferenceKind } from '../../schemas/data-files.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { FLOWN_STATUS_IDS } from '../model/statuses.ts';
import { DAY_MS, toMillis } from '../model/time.ts';
import { compareLaunches, type LaunchFacts, nearMiss } from './curated.ts';
import { normalizeSlug, SLUG_MAX, uniqueKey } from './keys.ts';
import { isObject } from './schema-walk.ts';
import type { ExistingRecord, ImportState } from './state.ts';

/** The id of another record that already has this record's slug (LL2 slugs are unique, so it is likely the same launch or event). */
export function sameSlugElsewhere<T>(value: JsonObject, id: T, slugs: Map<string, T>): T | undefined {
  if (typeof value.slug !== 'string') return undefined;
  const other = slugs.get(normalizeSlug(value.slug));
  return other !== undefined && other !== id ? other : undefined;
}

/**
 * Two launches that both flew, on days more than a day apart, are two launches even
 * when they share a slug: LL2 frees a slug when it renames a flown launch ("Kosmos
 * (Unknown Payload)" gets its Kosmos number) and gives it to the next launch of that
 * name. The new one is then created with its slug made unique (normaliseSlug).
 */
export function twoFlights(s: ImportState, incoming: JsonObject, ours: JsonObject | undefined): boolean {
  if (!ours || typeof ours.net !== 'string' || typeof incoming.net !== 'string') return false;
  const incomingStatus = isObject(incoming.status) ? incoming.status.id : undefined;
  const oursStatus = typeof ours.status === 'string' ? s.reference.launchStatuses.get(ours.status)?.id : undefined;
  const flew = (status: Json | undefined) => typeof status === 'number' && FLOWN_STATUS_IDS.has(status);
  return flew(incomingStatus) && flew(oursStatus) && Math.abs(toMillis(incoming.net) - toMillis(ours.net)) > DAY_MS;
}

/** Our slugs are lower-case kebab case and unique among launches (events); LL2's nearly always are. */
export function normaliseSlug<T extends string | number>(
  s: ImportState,
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
  if (normal !== record.slug) s.report.normalised.push(`${label}: slug "${record.slug}" written as "${normal}"`);
  record.slug = normal;
}

/** Provider and configuration LL2 ids of an incoming launch (2.3.0 shapes). */
function incomingFacts(value: JsonObject): LaunchFacts {
  const idOf = (v: Json | undefined) => (isObject(v) && typeof v.id === 'number' ? v.id : undefined);
  return {
    name: String(value.name ?? ''),
    net: String(value.net ?? ''),
    providerId: idOf(value.launch_service_provider),
    configurationId: idOf(isObject(value.rocket) ? value.rocket.configuration : undefined),
    padId: idOf(value.pad),
  };
}

function ourFacts(s: ImportState, record: JsonObject): LaunchFacts {
  const idOf = (kind: ReferenceKind, key: Json | undefined) => {
    const id = typeof key === 'string' ? s.reference[kind].get(key)?.id : undefined;
    return typeof id === 'number' ? id : undefined;
  };
  return {
    name: String(record.name ?? ''),
    net: String(record.net ?? ''),
    providerId: idOf('agencies', record.launch_service_provider),
    configurationId: idOf('launcherConfigurations', isObject(record.rocket) ? record.rocket.configuration : undefined),
    padId: idOf('pads', record.pad),
  };
}

/** A launch of ours (no LL2 id yet) that is the same real launch as this LL2 one, if exactly one is clearly so. */
export function matchCurated(s: ImportState, value: JsonObject, label: string): ExistingRecord | undefined {
  if (typeof value.net !== 'string' || Number.isNaN(toMillis(value.net))) return undefined;
  const day = Math.floor(toMillis(value.net) / DAY_MS);
  const incoming = incomingFacts(value);
  const matches: { entry: ExistingRecord; score: number; why: string }[] = [];
  for (const entry of [day - 1, day, day + 1].flatMap((d) => s.curatedByDay.get(d) ?? [])) {
    if (s.renamedLaunches.has(String(entry.record.id))) continue;
    const ours = ourFacts(s, entry.record);
    const comparison = compareLaunches(ours, incoming);
    if (comparison.same) matches.push({ entry, score: comparison.score, why: comparison.why });
    else if (nearMiss(ours, incoming))
      s.report.curated.push(`not matched: ours ${String(entry.record.slug)} and LL2 ${label}: ${comparison.why}`);
  }
  matches.sort((a, b) => b.score - a.score);
  if (matches.length > 1 && matches[0].score === matches[1].score) {
    s.report.curated.push(
      `not matched: LL2 ${label} is as close to ${matches.map((m) => String(m.entry.record.slug)).join(' as to ')}; left for a person to decide`,
    );
    return undefined;
  }
  if (matches.length === 0) return undefined;
  const best = matches[0];
  s.report.curated.push(
    `matched: ours ${String(best.entry.record.slug)} (${String(best.entry.record.id)}) is LL2 ${label} (${String(value.id)}): ${best.why}`,
  );
  return best.entry;
}

/** Our launch `from` takes LL2's id `to`: its file stays, events linking to it follow (finish). */
export function renameLaunch(s: ImportState, entry: ExistingRecord, to: string): void {
  const from = String(entry.record.id);
  s.renamedLaunches.set(from, to);
  s.launches.delete(from);
  s.originalLaunches.delete(from);
  s.touchedLaunches.delete(from);
  s.launches.set(to, entry);
  s.originalLaunches.set(to, entry);
  if (typeof entry.record.slug === 'string') s.launchSlugs.set(entry.record.slug, to);
}

/** Our event `entry` becomes LL2's event `to`: its file stays (files() updates it in place). */
export function renameEvent(s: ImportState, entry: ExistingRecord, to: number): void {
  const from = entry.record.id as number;
  s.events.delete(from);
  s.originalEvents.delete(from);
  s.touchedEvents.delete(from);
  s.events.set(to, entry);
  s.originalEvents.set(to, entry);
  if (typeof entry.record.slug === 'string') s.eventSlugs.set(entry.record.slug, to);
}

/** renameEvent undone: LL2's record could not be taken, so ours stays as it was. */
export function unrenameEvent(s: ImportState, entry: ExistingRecord, to: number, from: number): void {
  s.events.delete(to);
  s.originalEvents.delete(to);
  s.events.set(from, entry);
  s.originalEvents.set(from, entry);
  if (typeof entry.record.slug === 'string') s.eventSlugs.set(entry.record.slug, from);
}
