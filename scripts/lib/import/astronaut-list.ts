// LL2's lists of astronauts filed as our records. In: a list (those in space,
// `astronauts/?in_space=true`, read whole; a page of every astronaut,
// `astronauts/?ordering=id`; or a launch's crew as the importer files it,
// astronauts.ts), our countries, agencies and astronauts, when and by whom it was
// stated; out: the astronaut records and the keys it changed. A list is one
// statement among others: what it leaves null, what a later flight of ours
// stated, and what a richer version (2.3.0) gave are not replaced by it. Pure.

import type { Json, JsonObject } from '../model/records.ts';
import { Astronauts, str, type AstronautReference } from './astronaut-record.ts';
import { isPoorerVersion } from './richer.ts';
import { deepEqual, isObject } from './schema-walk.ts';
import { canonicalReference } from './yaml-out.ts';

export interface AstronautListResult {
  astronauts: Map<string, JsonObject>;
  /** Keys of the records added or changed. */
  changed: string[];
  conversions: Map<string, number>;
}

/**
 * A record from a page of LL2's list of every astronaut, as filed over the one we
 * hold (`held`): a null (or an empty text or list, e.g. a nationality none of whose
 * countries are ours) never replaces a value we hold, and a null with nothing held is left
 * out (absent says "unknown" as well). A value kept that
 * way is said in `provenance.assumed`, since the provenance now names LL2's record.
 */
function keepingHeld(record: JsonObject, held: JsonObject | undefined): JsonObject {
  const none = (value: Json | undefined) =>
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  const out: JsonObject = {};
  const kept: Array<[string, string]> = [];
  for (const [field, value] of Object.entries(record)) {
    if (held !== undefined && field !== 'provenance' && none(value) && !none(held[field]))
      kept.push([field, value === null ? 'null' : value === '' ? 'an empty text' : 'an empty list']);
    else if (value !== null) out[field] = value;
  }
  if (kept.length > 0 && isObject(out.provenance)) {
    // No time in the text: reading the same answer again then leaves the record as it is.
    const assumed = { ...(isObject(out.provenance.assumed) ? out.provenance.assumed : {}) };
    for (const [field, gives] of kept)
      assumed[field] =
        `kept from the earlier record: LL2's list of every astronaut (astronauts/?ordering=id) gives ${gives}`;
    out.provenance = { ...out.provenance, assumed };
  }
  return out;
}

/** Our record states a flight after `statedAt`: it comes from a later statement than a list of that date. */
function newerThan(held: JsonObject, statedAt: string): boolean {
  const last = str(held.last_flight);
  return last !== undefined && Date.parse(last) > Date.parse(statedAt);
}

/** A source of this version is poorer (2.2.0) than the one `held` names (2.3.0): it never replaces a richer value. */
function poorerThan(version: string | undefined, held: JsonObject): boolean {
  const heldVersion = isObject(held.provenance) ? str(held.provenance.ll2_version) : undefined;
  return isPoorerVersion(version) && heldVersion !== undefined && !isPoorerVersion(heldVersion);
}

/** `held` with the fields of `incoming` it lacks (its provenance unchanged); `held` itself when it lacks none. */
function gainOnly(incoming: JsonObject, held: JsonObject): JsonObject {
  const added = Object.entries(incoming).filter(
    ([field, value]) => field !== 'provenance' && held[field] === undefined && value !== null,
  );
  return added.length === 0 ? held : { ...held, ...Object.fromEntries(added) };
}

/**
 * LL2's list of the astronauts in space (`astronauts/?in_space=true`, read whole:
 * `complete`) filed as records, the same conversion as a crew's nested astronaut;
 * `fetchedAt` names the answer in provenance. Astronauts of ours whose `in_space` is
 * true and whom a complete, non-empty list leaves out are in space no longer by
 * LL2's own filter: `in_space` false, said in `provenance.assumed`. An empty list is
 * not read that way (no one in space has not happened since 2000: more likely an
 * answer cut short), so it changes nothing. With `page`, the list is a page of LL2's
 * list of every astronaut (`astronauts/?ordering=id`): filed the same way, except
 * that a null never replaces a value we hold (keepingHeld).
 */
export function fileAstronautList(
  list: readonly JsonObject[],
  reference: AstronautReference,
  options: {
    complete: boolean;
    fetchedAt: string;
    version?: string;
    page?: boolean;
    /** Who saved the list (`owner/repo@commit`), for provenance. */
    savedBy?: string;
    /**
     * When the list was stated (a saved file's date): a record we hold whose last flight is later came from a
     * newer statement (a crew of a later launch), so it keeps every value it has and only gains the fields it lacks.
     */
    statedAt?: string;
  },
): AstronautListResult {
  const astronauts = new Astronauts(reference);
  const source: JsonObject = {
    provenance: {
      ...(options.version ? { ll2_version: options.version } : {}),
      ...(options.savedBy ? { saved_by: options.savedBy } : {}),
    },
  };
  const listed = new Set<string>();
  const changed = new Set<string>();
  for (const listedAstronaut of list) {
    if (typeof listedAstronaut.id !== 'number') continue;
    // A saved list without urls: the record's LL2 url made from its id, as a launch's is (provenance.ts recordUrl).
    const astronaut =
      listedAstronaut.url === undefined && options.version && options.statedAt
        ? {
            ...listedAstronaut,
            url: `https://ll.thespacedevs.com/${options.version}/astronauts/${listedAstronaut.id}/`,
          }
        : listedAstronaut;
    const heldKey = astronauts.filer.keyFor(astronaut.id as number);
    const before = astronauts.filer.records.get(heldKey ?? '');
    if (
      before !== undefined &&
      ((options.statedAt !== undefined && newerThan(before, options.statedAt)) || poorerThan(options.version, before))
    ) {
      const gained = gainOnly(keepingHeld(astronauts.record(astronaut, source), before), before);
      if (gained !== before) {
        astronauts.filer.records.set(heldKey!, gained);
        changed.add(heldKey!);
      }
      listed.add(heldKey!);
      astronauts.conversions.count('astronaut of a saved list, ours newer (a later flight) → fields it lacked only');
      continue;
    }
    const key = options.page
      ? astronauts.filer.file(
          keepingHeld(astronauts.record(astronaut, source), before) as JsonObject & { id: number },
          str(astronaut.name),
        )
      : astronauts.file(astronaut, source);
    listed.add(key);
    const after = astronauts.filer.records.get(key)!;
    // Compared as written (canonical form): a record read from our file differs from LL2's object in form only.
    if (!before || !deepEqual(canonicalReference('astronauts', before), canonicalReference('astronauts', after)))
      changed.add(key);
    astronauts.conversions.count(
      options.page
        ? "astronaut of LL2's list of every astronaut (astronauts/?ordering=id) → astronaut record"
        : 'astronaut in space (LL2 astronauts/?in_space=true) → astronaut record',
    );
  }
  if (options.complete && listed.size > 0) {
    for (const [key, record] of astronauts.filer.records) {
      if (record.in_space !== true || listed.has(key)) continue;
      const provenance = isObject(record.provenance) ? record.provenance : {};
      const assumed = {
        ...(isObject(provenance.assumed) ? provenance.assumed : {}),
        in_space: `false: LL2's list of the astronauts in space (astronauts/?in_space=true) of ${options.fetchedAt} no longer holds them`,
      };
      astronauts.filer.records.set(key, { ...record, in_space: false, provenance: { ...provenance, assumed } });
      changed.add(key);
      astronauts.conversions.count("astronaut no longer in LL2's list of those in space → in_space false");
    }
  }
  return { astronauts: astronauts.filer.records, changed: [...changed].sort(), conversions: astronauts.conversions };
}
