// Reference records nested in an incoming object, matched to ours and filed. In:
// the import state and each nested object as map.ts meets it (`ctx.ref`). Out: the
// key of the record it names (matched by LL2 id, else by natural key where ours
// has an id of our own, else added), the state's reference maps updated under the
// richer-field rule (reference-merge.ts, richer.ts), and lines in the report.

import type { FileReferenceKind as ReferenceKind } from '../../schemas/data-files.ts';
import type { JsonObject } from '../model/records.ts';
import type { FieldUse } from './fields.ts';
import { identityOf, naturalKey, nextOurId, refId } from './identity.ts';
import { baseKey, OUR_FIRST_ID, uniqueKey } from './keys.ts';
import { type MapContext, mapReference } from './map.ts';
import type { Origin } from './provenance.ts';
import {
  keepAsOfUnlessChanged,
  SOURCED_KINDS,
  sameStatement,
  statedLater,
  withAssumptions,
  withSource,
} from './reference-merge.ts';
import { countAssumption } from './report.ts';
import { keepRicher, mergeRecord } from './richer.ts';
import { deepEqual, isObject } from './schema-walk.ts';
import type { ImportState } from './state.ts';

/** Kinds that LL2 2.2.0 gives without an id (a country by ISO code, a family by name): matched by that, or given an id of ours. */
const MATCHED_WITHOUT_ID: ReadonlySet<ReferenceKind> = new Set(['countries', 'launcherFamilies']);
/** LL2's fixed tables (statuses, NET precisions, agency and event types): an import only adds what they lack. */
const FIXED_TABLES: ReadonlySet<ReferenceKind> = new Set([
  'launchStatuses',
  'netPrecisions',
  'agencyTypes',
  'eventTypes',
]);

/**
 * A country given by ISO code or a family given by name (LL2 2.2.0): the record
 * of ours with that code or name, else a new one with an id of ours.
 */
function refWithoutId(
  s: ImportState,
  kind: ReferenceKind,
  partial: JsonObject,
  label: string,
  path: string,
): string | null {
  const natural = naturalKey(kind, partial);
  if (natural === undefined) {
    s.report.dropped.push(`${label}: ${path} is not a usable ${kind} reference (no id, no name); left out`);
    return null;
  }
  const records = s.reference[kind];
  let key = s.keyByName[kind].get(natural);
  if (key === undefined) {
    key = uniqueKey(baseKey(kind, partial), (k) => records.has(k), undefined);
    records.set(key, { ...partial, id: nextOurId(s.reference[kind]) });
    s.keyByName[kind].set(natural, key);
    s.ourIds.add(refId(kind, key));
    countAssumption(s.report, `${kind}: id of ours (${OUR_FIRST_ID}+); LL2's id is not in the source`, key);
    s.touchedRefs.add(refId(kind, key));
    return key;
  }
  // What we have stays (its name may be LL2's, the incoming one is the ISO table's): only what it lacks is added.
  const previous = records.get(key)!;
  const merged = mergeRecord(partial, previous);
  if (!deepEqual(merged, previous)) {
    records.set(key, merged);
    s.touchedRefs.add(refId(kind, key));
  }
  return key;
}

/**
 * `poorer`: the source is LL2 2.2.0 (or older), whose shapes say less than 2.3.0's:
 * what it updates keeps the richer values it cannot say (richer.ts).
 */
export function referenceContext(
  s: ImportState,
  use: FieldUse,
  label: string,
  asOf: string | undefined,
  poorer: boolean,
  origin: Origin,
): MapContext {
  const ctx: MapContext = {
    use,
    asOf,
    ref: (kind, value, path) => {
      const partial = mapReference(kind, value, path, ctx);
      if (partial && partial.id === undefined && MATCHED_WITHOUT_ID.has(kind))
        return refWithoutId(s, kind, partial, label, path);
      const identity = partial ? identityOf(kind, partial) : undefined;
      if (!partial || identity === undefined) {
        if (value !== null)
          s.report.dropped.push(`${label}: ${path} is not a usable ${kind} reference (no id); left out`);
        return null;
      }
      const records = s.reference[kind];
      let key = s.keyOf[kind].get(identity);
      if (key !== undefined) {
        s.matchedIds[kind].add(identity);
        const ourId = records.get(key)?.id;
        // A country is matched by ISO code: one of ours with an id of our own takes LL2's.
        if (
          kind === 'countries' &&
          typeof ourId === 'number' &&
          typeof partial.id === 'number' &&
          ourId !== partial.id
        ) {
          s.report.matched.push(
            `${refId(kind, key)}: matched by ISO code; its id ${ourId} becomes LL2's ${partial.id}`,
          );
        }
      } else {
        key = matchByName(s, kind, partial, identity);
      }
      if (key === undefined) {
        key = uniqueKey(baseKey(kind, partial), (k) => records.has(k), partial.id);
        s.keyOf[kind].set(identity, key);
        // LL2 writes mission types as names only: the record gets an id of ours.
        records.set(
          key,
          kind === 'missionTypes' ? { id: nextOurId(records), ...partial } : withSource(kind, partial, origin),
        );
        s.touchedRefs.add(refId(kind, key));
      } else {
        const previous = records.get(key)!;
        // LL2's fixed tables keep what we have: an old file's "Success" must not rename "Launch Successful".
        // A record whose LL2 figures are newer than the incoming object keeps what it has, too.
        // A richer 2.3.0 record older than ours gives what ours (perhaps from 2.2.0) can only say more poorly.
        // --keep-reference: ours keeps every value it has and only gains the fields it lacks.
        const merged =
          FIXED_TABLES.has(kind) || s.options.keepReference === true
            ? mergeRecord(partial, previous)
            : statedLater(previous, ctx.asOf)
              ? withAssumptions(previous, keepRicher(partial, previous, !poorer))
              : keepAsOfUnlessChanged(withAssumptions(previous, keepRicher(previous, partial, poorer)), previous);
        // Kept figures stay as they were stated: none of the incoming ones joins them under their date.
        if (s.options.keepReference === true && isObject(previous.ll2_figures))
          merged.ll2_figures = previous.ll2_figures;
        if (SOURCED_KINDS.has(kind) ? !sameStatement(kind, merged, previous) : !deepEqual(merged, previous)) {
          records.set(key, withSource(kind, merged, origin));
          s.touchedRefs.add(refId(kind, key));
        }
      }
      return key;
    },
  };
  return ctx;
}

/**
 * An existing record with no LL2 id match but the same natural key (an id of
 * our own where LL2's was not known) is the same thing: it takes LL2's id.
 */
function matchByName(s: ImportState, kind: ReferenceKind, partial: JsonObject, identity: string): string | undefined {
  const natural = naturalKey(kind, partial);
  const key = natural === undefined ? undefined : s.keyByName[kind].get(natural);
  if (key === undefined) return undefined;
  const existing = s.reference[kind].get(key);
  const existingIdentity = existing ? identityOf(kind, existing) : undefined;
  // Only a record with an id of ours takes LL2's: one with an LL2 id of its own is another thing of the same name.
  if (!existing || (typeof existing.id === 'number' && existing.id < OUR_FIRST_ID)) return undefined;
  // Not when that record's own id came from LL2 in this import (then they are two things).
  if (existingIdentity !== undefined && s.matchedIds[kind].has(existingIdentity)) return undefined;
  s.keyOf[kind].set(identity, key);
  s.keyByName[kind].delete(natural!);
  s.report.matched.push(
    `${refId(kind, key)}: matched by ${kind === 'countries' ? 'ISO code' : 'name'}; its id ${String(existing.id)} becomes LL2's ${String(partial.id)}`,
  );
  return key;
}
