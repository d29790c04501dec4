// Where an imported launch or event comes from, and the values the importer had
// to supply because the source lacks them but our schema needs them. Pure.
//
// A record from LL2 credits it ("Launch Library 2 by The Space Devs"), names the
// API version, the project that saved the file (when known) and the record's LL2
// URL. Values are filled only where neither the source nor our record has one:
// - slug: derived, as LL2 derives it (Django's slugify of the name, cut to 50);
// - window_start/window_end: the NET (assumed: the source gives no window);
// - last_updated: when the source file was saved, else the import time (assumed);
// - mission.orbit: LL2's "Unknown" orbit, mission.type "Unknown" (assumed);
// - an image given as a URL only has id 0 (assumed).
// A time or an outcome is never filled: a launch without `net` or `status` is not imported.

import { DATA_CREDIT } from '../model/credit.ts';
import type { JsonObject, ProvenanceRecord } from '../model/records.ts';
import { formatTimestamp } from '../model/time.ts';
import { isObject } from './schema-walk.ts';

export const LL2_CREDIT = DATA_CREDIT.name;
const LL2_BASE = 'https://ll.thespacedevs.com/';

/** What an import knows about where its items come from. */
export interface Origin {
  /** LL2 API version of the body (`2.2.0`, `2.3.0`). */
  version?: string;
  /** When the body was saved (UTC timestamp): the best date for a record that has no `last_updated`. */
  savedAt?: string;
  /** The project that saved the body, e.g. `owner/repo@commit`. */
  savedBy?: string;
}

/** LL2's "Unknown" orbit (id 25), for a mission whose source gives no orbit. */
const UNKNOWN_ORBIT: JsonObject = { id: 25, name: 'Unknown', abbrev: 'N/A', celestial_body: { id: 1, name: 'Earth' } };
/** LL2 slugs are Django SlugFields of 50 characters. */
const LL2_SLUG_MAX = 50;

/**
 * A name as LL2 makes it a slug: Django's `slugify` (accents dropped, anything but
 * letters, digits, `_`, `-` and spaces removed, runs of spaces and hyphens made one
 * hyphen), cut to 50 characters. LL2 adds `-2`, `-3` to a slug already taken;
 * which launch got which cannot be told from a file, so that part is ours.
 */
export function ll2Slug(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x00-\x7f]/g, '');
  const slug = ascii
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/[-\s]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
  return slug.slice(0, LL2_SLUG_MAX).replace(/[-_]+$/, '');
}

const compareVersions = (a: string, b: string): number => {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
};

/** The record's LL2 URL: its own `url` without the query, else made from the id (2.2.0: `/launch/`, 2.3.0: `/launches/`). */
export function recordUrl(
  value: JsonObject,
  kind: 'launch' | 'event',
  version: string | undefined,
): string | undefined {
  if (typeof value.url === 'string' && /^https?:\/\//.test(value.url)) return value.url.replace(/[?#].*$/, '');
  if (version === undefined || value.id === undefined) return undefined;
  const plural = compareVersions(version, '2.3.0') >= 0;
  const path = kind === 'launch' ? (plural ? 'launches' : 'launch') : plural ? 'events' : 'event';
  return `${LL2_BASE}${version}/${path}/${String(value.id)}/`;
}

export interface Completion {
  /** The incoming object with the missing values filled in. */
  value: JsonObject;
  provenance: ProvenanceRecord;
}

const has = (record: JsonObject | undefined, field: string): boolean =>
  record !== undefined && record[field] !== undefined && record[field] !== null;

/** `mission.orbit` is present in the record (not null). */
function hasPath(record: JsonObject, path: string): boolean {
  let node: JsonObject | undefined = record;
  const parts = path.split('.');
  for (const part of parts.slice(0, -1)) node = isObject(node?.[part]) ? (node[part] as JsonObject) : undefined;
  return has(node, parts[parts.length - 1]);
}

/** The assumptions and derivations of our record that still hold: those for fields the incoming object does not give. */
function carried(
  incoming: JsonObject,
  previous: JsonObject | undefined,
): { assumed: Record<string, string>; derived: string[] } {
  const before = previous?.provenance as ProvenanceRecord | undefined;
  return {
    assumed: Object.fromEntries(Object.entries(before?.assumed ?? {}).filter(([field]) => !hasPath(incoming, field))),
    derived: (before?.derived ?? []).filter((field) => !hasPath(incoming, field)),
  };
}

function lastUpdatedReason(origin: Origin, now: number): [string, string] {
  if (origin.savedAt)
    return [origin.savedAt, `when the source file was saved (${origin.savedAt.slice(0, 10)}); the source gives none`];
  return [formatTimestamp(now), 'the import time; the source gives none and when it was saved is not known'];
}

function baseProvenance(value: JsonObject, kind: 'launch' | 'event', origin: Origin): ProvenanceRecord {
  const provenance: ProvenanceRecord = { credit: LL2_CREDIT };
  if (origin.version) provenance.ll2_version = origin.version;
  if (origin.savedBy) provenance.saved_by = origin.savedBy;
  if (origin.savedAt) provenance.saved_at = origin.savedAt;
  const url = recordUrl(value, kind, origin.version);
  if (url) provenance.url = url;
  return provenance;
}

/** What a launch alone needs: a window and a mission with an orbit and a type. */
function completeLaunchFields(
  value: JsonObject,
  previous: JsonObject | undefined,
  assumed: Record<string, string>,
): void {
  if (typeof value.net === 'string') {
    for (const field of ['window_start', 'window_end']) {
      if (has(value, field) || has(previous, field)) continue;
      value[field] = value.net;
      assumed[field] = 'the NET; the source gives no window';
    }
  }
  if (isObject(value.mission)) {
    const mission: JsonObject = { ...value.mission };
    const ours = isObject(previous?.mission) ? previous.mission : undefined;
    if (!has(mission, 'orbit') && !has(ours, 'orbit')) {
      mission.orbit = UNKNOWN_ORBIT;
      assumed['mission.orbit'] = 'LL2\'s "Unknown" orbit; the source gives none';
    }
    if (!has(mission, 'type') && !has(ours, 'type')) {
      mission.type = 'Unknown';
      assumed['mission.type'] = '"Unknown"; the source gives none';
    }
    value.mission = mission;
  }
}

/**
 * An LL2 launch or event (2.3.0 shapes) made complete enough for our schema.
 * `previous` is our record of the same one, if any: a value it has is never
 * replaced by an assumed one, and the assumptions it still carries for fields the
 * source does not give stay in its provenance.
 */
export function completeRecord(
  kind: 'launch' | 'event',
  incoming: JsonObject,
  previous: JsonObject | undefined,
  origin: Origin,
  now: number,
): Completion {
  const value: JsonObject = { ...incoming };
  const provenance = baseProvenance(value, kind, origin);
  const { assumed, derived } = carried(incoming, previous);
  if (!has(value, 'slug') && !has(previous, 'slug') && typeof value.name === 'string') {
    value.slug = ll2Slug(value.name);
    derived.push('slug');
  }
  if (!has(value, 'last_updated')) {
    const [date, why] = lastUpdatedReason(origin, now);
    value.last_updated = date;
    assumed.last_updated = why;
  }
  if (kind === 'launch') completeLaunchFields(value, previous, assumed);
  if (isObject(value.image) && value.image.id === 0) assumed['image.id'] = '0; the source gives the image URL only';
  if (derived.length > 0) provenance.derived = derived;
  if (Object.keys(assumed).length > 0) provenance.assumed = assumed;
  return { value, provenance };
}

/** The provenance without the assumptions about fields `kept` has (a record of ours that won over the incoming one). */
export function keptOverAssumptions(provenance: ProvenanceRecord, kept: JsonObject): ProvenanceRecord {
  const assumed = Object.entries(provenance.assumed ?? {}).filter(([field]) => !hasPath(kept, field));
  const derived = (provenance.derived ?? []).filter((field) => !hasPath(kept, field));
  const { assumed: _assumed, derived: _derived, ...rest } = provenance;
  return {
    ...rest,
    ...(derived.length > 0 ? { derived } : {}),
    ...(assumed.length > 0 ? { assumed: Object.fromEntries(assumed) } : {}),
  };
}

/** Whether our record's `last_updated` was assumed by an import (then any stated date is fresher). */
export const assumedLastUpdated = (record: JsonObject | undefined): boolean =>
  isObject(record?.provenance) &&
  isObject((record.provenance as JsonObject).assumed) &&
  'last_updated' in ((record.provenance as JsonObject).assumed as JsonObject);

/**
 * The provenance of a record filed from an object nested in a launch (a booster, an
 * astronaut): the launch's source (its credit and who saved it), the LL2 version the
 * caller read, the nested object's own URL without query or fragment, and what was assumed.
 */
export function nestedProvenance(
  source: JsonObject,
  url: string | undefined,
  version: string | undefined,
  assumed: Record<string, string>,
): JsonObject {
  return {
    credit: typeof source.credit === 'string' ? source.credit : LL2_CREDIT,
    ...(version ? { ll2_version: version } : {}),
    ...(typeof source.saved_by === 'string' && source.saved_by ? { saved_by: source.saved_by } : {}),
    ...(url && /^https?:\/\//.test(url) ? { url: url.replace(/[?#].*$/, '') } : {}),
    ...(Object.keys(assumed).length > 0 ? { assumed } : {}),
  };
}
