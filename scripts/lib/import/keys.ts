// Readable short keys for reference records imported from LL2, and slugs.
// A record that already exists (same LL2 id) keeps its key; see store.ts.

import type { ReferenceKind } from '../../schemas/data-files.ts';
import type { JsonObject } from '../model/records.ts';

export const KEY_MAX = 64;
/** Where ids of ours start (LL2's are far below; docs/resources.md). */
export const OUR_FIRST_ID = 90001;
/** The comment above a record whose id is ours. */
export const OUR_ID_COMMENT = " id assigned by this project; LL2's id not known";
export const SLUG_MAX = 200;

/** Lower-case words joined by single hyphens, cut at a word boundary to `max` characters. */
export function slugify(text: string, max = KEY_MAX): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const boundary = cut.lastIndexOf('-');
  return (boundary > 0 ? cut.slice(0, boundary) : slug.slice(0, max)).replace(/-+$/, '');
}

/** LL2 slugs allow upper case, `_` and repeated hyphens; ours do not. */
export const normalizeSlug = (slug: string): string => slugify(slug, SLUG_MAX);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** Agency names up to this length make the key ("spacex", "soviet-space-program"); longer ones use the abbreviation ("nasa"). */
const SHORT_NAME = 24;

/**
 * The word a record with nothing to be named by is keyed with (`landing-1813`,
 * `update-10027`): singular, as the object-graph files were written; other kinds
 * by their own name (`mission-types-7`). Every filer of the import uses it.
 */
const KEY_WORDS: Partial<Record<ReferenceKind, string>> = {
  launchers: 'launcher',
  astronauts: 'astronaut',
  landings: 'landing',
  spacecraft: 'spacecraft',
  spacecraftConfigurations: 'spacecraft-configuration',
  spacecraftFlights: 'spacecraft-flight',
  missionPatches: 'mission-patch',
  updates: 'update',
};

export const keyWord = (kind: ReferenceKind): string =>
  KEY_WORDS[kind] ?? slugify(kind.replace(/[A-Z]/g, (c) => `-${c}`));

/**
 * The key a new record of this kind gets, from its names: agencies by name or,
 * for long names, abbreviation; orbits by abbreviation; statuses by abbreviation;
 * configurations by full name; locations by the part of the name before the first
 * comma; pads by name (prefixed with the location when the name has no letters,
 * like "1/5"); everything else by name.
 */
export function baseKey(kind: ReferenceKind, record: JsonObject): string {
  const name = text(record.name);
  const abbrev = text(record.abbrev);
  let key: string;
  switch (kind) {
    case 'countries':
      key = slugify(text(record.alpha_3_code)) || slugify(name);
      break;
    case 'agencies': {
      const byName = slugify(name);
      key = byName.length <= SHORT_NAME ? byName : slugify(abbrev) || byName;
      break;
    }
    case 'orbits':
      key = /^[A-Za-z0-9]+$/.test(abbrev) ? slugify(abbrev) : slugify(name);
      break;
    case 'launchStatuses':
      key = slugify(abbrev) || slugify(name);
      break;
    case 'launchers':
      key = slugify(text(record.serial_number));
      break;
    case 'launcherConfigurations':
      key = slugify(text(record.full_name)) || slugify(name);
      break;
    case 'locations':
      key = slugify(name.split(',')[0]);
      break;
    case 'pads': {
      const byName = slugify(name);
      key = /[a-z]/.test(byName) ? byName : slugify(`${text(record.location)} ${byName}`);
      break;
    }
    default:
      key = slugify(name);
  }
  return key || `${keyWord(kind)}-${String(record.id ?? 'unnamed')}`;
}

/** `base`, or `base-<id>` (then `base-<id>-2`, …) when another record holds it. */
export function uniqueKey(base: string, taken: (key: string) => boolean, id: unknown, max = KEY_MAX): string {
  if (!taken(base)) return base;
  const suffix = id === undefined || id === null ? '2' : slugify(String(id));
  const stem = slugify(base, max - suffix.length - 4);
  let candidate = `${stem}-${suffix}`;
  for (let n = 2; taken(candidate); n++) candidate = `${stem}-${suffix}-${n}`;
  return candidate;
}
