// What identifies a record of the data folder across sources. In: a record (ours
// or LL2's, 2.3.0 shapes) and its kind. Out: its identity (an LL2 id; a mission
// type by lower-case name, a country by ISO code), its natural key (the fallback
// when ids disagree: names compared as slugs) and whether an event is ours alone.
// Pure, apart from a bounded memo of slugs.

import { REFERENCE_KINDS, type FileReferenceKind as ReferenceKind } from '../../schemas/data-files.ts';
import type { JsonObject } from '../model/records.ts';
import { OUR_FIRST_ID, SLUG_MAX, slugify } from './keys.ts';
import { isObject } from './schema-walk.ts';

export const KINDS = Object.keys(REFERENCE_KINDS) as ReferenceKind[];

/** `kind/key`: a reference record named across kinds. */
export const refId = (kind: ReferenceKind, key: string) => `${kind}/${key}`;

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

/**
 * What identifies a record when ids disagree: hand-written data may carry an id
 * of its own where LL2's was not known. Countries by ISO code, pads by name and
 * location, configurations by full name, the rest by name; names compared as slugs.
 */
export function naturalKey(kind: ReferenceKind, record: JsonObject): string | undefined {
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

/** A reference record's identity: its LL2 id; a mission type its lower-case name; a country its ISO code. */
export function identityOf(kind: ReferenceKind, record: JsonObject): string | undefined {
  if (kind === 'missionTypes') return typeof record.name === 'string' ? record.name.toLowerCase() : undefined;
  // A country is its ISO code, whatever id it has (LL2 2.2.0 gives the code only).
  if (kind === 'countries' && typeof record.alpha_3_code === 'string') return naturalKey(kind, record);
  return typeof record.id === 'number' ? String(record.id) : undefined;
}

/** The next id of ours for a kind: above every id of ours its records have. */
export function nextOurId(records: Map<string, JsonObject>): number {
  let next = OUR_FIRST_ID;
  for (const record of records.values()) if (typeof record.id === 'number' && record.id >= next) next = record.id + 1;
  return next;
}

/** An event of this project's own: an id of ours and no source in its provenance (the curated events, ids 90001 on). */
export function isOurEvent(record: JsonObject): boolean {
  const provenance = isObject(record.provenance) ? record.provenance : undefined;
  const sourced =
    provenance !== undefined &&
    (provenance.credit !== undefined || provenance.ll2_version !== undefined || provenance.saved_by !== undefined);
  return typeof record.id === 'number' && record.id >= OUR_FIRST_ID && !sourced;
}
