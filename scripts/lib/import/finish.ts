// The import state made whole before it is written. In: the state after every
// item was read. Out, in the state: touched reference records repaired to our
// schema, or put back as they were (and what depends on one that could not be
// added with them); events linking to a launch of ours that took LL2's id
// following it; and the boosters, crews' astronauts, landings, spacecraft, mission patches, updates
// and dockings nested in the touched launches filed as records of their own
// (graph.ts, astronauts.ts, spacecraft.ts, listed.ts, dockings.ts). Lines in the report.

import { REFERENCE_KINDS, type FileReferenceKind as ReferenceKind } from '../../schemas/data-files.ts';
import type { PathSegment } from '../data/source.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { REFERENCE_REFERENCES } from '../model/references.ts';
import { fileCrewAstronauts } from './astronauts.ts';
import { extractDockings } from './dockings.ts';
import { extractGraph } from './graph.ts';
import { KINDS, refId } from './identity.ts';
import { OUR_FIRST_ID } from './keys.ts';
import { extractListed, MISSION_PATCHES, UPDATES } from './listed.ts';
import { EVENT_REFS, LAUNCH_REFS, type RefPattern } from './map.ts';
import { repairRecord } from './repair.ts';
import { isObject } from './schema-walk.ts';
import { extractSpacecraft, SPACECRAFT_KINDS } from './spacecraft.ts';
import type { ImportState } from './state.ts';

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

/**
 * Reference records must be complete and valid on their own. A new record that
 * cannot be (a celestial body seen only as `{id, name}`, say) is not written,
 * and neither is anything that depends on it; an existing record falls back to
 * what it was.
 */
export function finish(s: ImportState): void {
  const unusable = new Set<string>();
  const revert = (kind: ReferenceKind, key: string, why: string): void => {
    const original = s.existing.reference[kind].get(key);
    if (original) {
      s.reference[kind].set(key, original);
      s.report.dropped.push(`${kind} "${key}": ${why}; kept as it was`);
    } else {
      unusable.add(refId(kind, key));
      s.report.dropped.push(`${kind} "${key}": ${why}; not added`);
    }
  };
  for (const touched of s.touchedRefs) {
    const [kind, key] = touched.split('/') as [ReferenceKind, string];
    const record = structuredClone(s.reference[kind].get(key)!);
    const result = repairRecord(record, REFERENCE_KINDS[kind]);
    for (const change of result.changes) s.report.normalised.push(`${kind} "${key}": ${change}`);
    if (result.ok)
      for (const trimmed of result.trimmed)
        if (!s.report.trimmed.includes(`${kind} "${key}": ${trimmed}`))
          s.report.trimmed.push(`${kind} "${key}": ${trimmed}`);
    if (result.ok) s.reference[kind].set(key, record);
    else
      revert(kind, key, `${result.reason} (LL2 gave too little to make a valid record; add it by hand and re-import)`);
  }
  // Only a reference that could not be added makes others unusable: none, nothing to look for (most imports).
  for (let changed = unusable.size > 0; changed; ) {
    changed = false;
    for (const kind of KINDS) {
      for (const [key, record] of s.reference[kind]) {
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
  for (const id of s.touchedLaunches) {
    const bad = dependsOnUnusable(s.launches.get(id)!.record, LAUNCH_REFS);
    if (!bad) continue;
    const original = s.originalLaunches.get(id);
    if (original) s.launches.set(id, original);
    else s.launches.delete(id);
    s.touchedLaunches.delete(id);
    s.report.dropped.push(
      `launch ${id}: refers to ${bad[0]} "${bad[1]}", which could not be added; ${original ? 'kept as it was' : 'not imported'}`,
    );
  }
  followRenamedLaunches(s);
  for (const id of s.touchedEvents) {
    const entry = s.events.get(id)!;
    const bad = dependsOnUnusable(entry.record, EVENT_REFS);
    if (bad) {
      const original = s.originalEvents.get(id);
      if (original) s.events.set(id, original);
      else s.events.delete(id);
      s.touchedEvents.delete(id);
      s.report.dropped.push(
        `event ${id}: refers to ${bad[0]} "${bad[1]}", which could not be added; ${original ? 'kept as it was' : 'not imported'}`,
      );
      continue;
    }
    const links = Array.isArray(entry.record.launches) ? (entry.record.launches as string[]) : [];
    const kept = links.filter((l) => s.launches.has(l));
    if (kept.length !== links.length) {
      entry.record.launches = kept;
      s.report.dropped.push(
        `event ${id}: link(s) to ${links.filter((l) => !s.launches.has(l)).join(', ')} dropped (not imported)`,
      );
    }
  }
  for (const ref of unusable) {
    const [kind, key] = ref.split('/') as [ReferenceKind, string];
    s.reference[kind].delete(key);
  }
}

/** Events that link to a launch of ours that took LL2's id link to that id (the only change made to them). */
function followRenamedLaunches(s: ImportState): void {
  if (s.renamedLaunches.size === 0) return;
  for (const [id, entry] of s.events) {
    const links = Array.isArray(entry.record.launches) ? (entry.record.launches as string[]) : [];
    if (!links.some((l) => s.renamedLaunches.has(l))) continue;
    const launches = links.map((l) => s.renamedLaunches.get(l) ?? l);
    s.events.set(id, { ...entry, record: { ...entry.record, launches } });
    s.touchedEvents.add(id);
    s.report.curated.push(
      `event ${String(entry.record.slug)}: links to ${links
        .filter((l) => s.renamedLaunches.has(l))
        .map((l) => `${l} → ${s.renamedLaunches.get(l)!}`)
        .join(', ')}`,
    );
  }
}

/** The boosters, landings, spacecraft and mission patches and updates nested in the launches of this import become records of their own, referred to by key (graph.ts, spacecraft.ts, listed.ts). */
export function fileGraph(s: ImportState): void {
  const ids = [...s.touchedLaunches].sort();
  const result = extractGraph(
    ids.map((id) => s.launches.get(id)!.record),
    s.reference,
  );
  for (const { index, after } of result.launches)
    s.launches.set(ids[index], { ...s.launches.get(ids[index])!, record: after });
  s.reference.launchers = result.launchers;
  s.reference.launcherStatuses = result.launcherStatuses;
  for (const [key, status] of result.launcherStatuses)
    if (Number(status.id) >= OUR_FIRST_ID) s.ourIds.add(refId('launcherStatuses', key));
  for (const [what, times] of result.conversions) s.report.normalised.push(`${what}: ${times}`);
  // The crews' astronauts (astronauts.ts): our records by key, never LL2's objects (whose urls would be published).
  const crews = fileCrewAstronauts(
    ids.map((id) => s.launches.get(id)!.record),
    s.reference,
  );
  for (const { index, after } of crews.launches)
    s.launches.set(ids[index], { ...s.launches.get(ids[index])!, record: after });
  s.reference.astronauts = crews.astronauts;
  for (const [what, times] of crews.conversions) s.report.normalised.push(`${what}: ${times}`);
  // The stages' landings and spacecraft too (spacecraft.ts), over the launches as the boosters' step left them.
  const stages = extractSpacecraft(
    ids.map((id) => s.launches.get(id)!.record),
    s.reference,
  );
  for (const { index, after } of stages.launches)
    s.launches.set(ids[index], { ...s.launches.get(ids[index])!, record: after });
  for (const kind of SPACECRAFT_KINDS) s.reference[kind] = stages.records[kind];
  for (const [what, times] of stages.conversions) s.report.normalised.push(`${what}: ${times}`);
  for (const [kind, listed] of [
    ['missionPatches', MISSION_PATCHES],
    ['updates', UPDATES],
  ] as const) {
    const filed = extractListed(
      ids.map((id) => s.launches.get(id)!.record),
      s.reference[kind],
      listed,
    );
    for (const { index, after } of filed.launches)
      s.launches.set(ids[index], { ...s.launches.get(ids[index])!, record: after });
    s.reference[kind] = filed.records;
    for (const [what, times] of filed.conversions) s.report.normalised.push(`${what}: ${times}`);
  }
  s.reference.dockingEvents = extractDockings(
    ids.map((id) => s.launches.get(id)!.record),
    s.reference,
  ).records;
}
