// What every LL2 shaper module shares: the data set, its derived statistics,
// absolute URLs under the base URL, a memo that builds each nested object once per
// key (and tells the serializer it is shared), the records and launches that refer to
// a record, and the small field helpers (nullable values, images, links, LL2's stored
// figures). Pure.

import type { ReferenceKind } from '../../../schemas/data-files.ts';
import { eachReference } from '../../data/rules/references.ts';
import { referrers as referrerIndex } from '../../model/collections.ts';
import { LAUNCH_REFERENCES } from '../../model/references.ts';
import type { DataSet, Json, JsonObject, LaunchRecord, ReferenceRecord } from '../../model/records.ts';
import type { DataSetStats } from '../../model/stats.ts';
import { resourceUrls } from '../paths.ts';
import { objectOf } from '../../../schemas/resources/fields.ts';
import { IMAGE_FIELDS, INFO_URL_FIELDS, MEDIA_MODE, VID_URL_FIELDS } from '../../../schemas/resources/media-fields.ts';

/** LL2's response modes; a nested object's mode is part of its shape. */
export type Mode = 'list' | 'normal' | 'detailed';

export interface ShapeKit {
  stats: DataSetStats;
  urls: ReturnType<typeof resourceUrls>;
  /** The object for `cacheKey`, made on first use and shared from then on. */
  once(cacheKey: string, make: () => Json): Json;
  /** A reference record by key; validation guarantees it exists. */
  get(kind: ReferenceKind, key: string): ReferenceRecord;
  /** The key of the `kind` record with LL2's id `id`, if we hold one (nested objects name their records by id). */
  keyById(kind: ReferenceKind, id: Json | undefined): string | undefined;
  /** Keys of the `kind` records whose `field` names `key` (or lists it), in that kind's default order. */
  referrers(kind: ReferenceKind, field: string, key: string): readonly string[];
  /** The launches that refer to the `kind` record `key` (model/references.ts LAUNCH_REFERENCES), each once, in the data set's order. */
  referringLaunches(kind: ReferenceKind, key: string): readonly LaunchRecord[];
}

export function createKit(data: DataSet, stats: DataSetStats, baseUrl: string, share: (value: Json) => Json): ShapeKit {
  const memo = new Map<string, Json>();
  const indexes = new Map<string, Map<string, string[]>>();
  const byId = new Map<ReferenceKind, Map<Json, string>>();
  const launchIndexes = new Map<ReferenceKind, Map<string, LaunchRecord[]>>();
  return {
    stats,
    urls: resourceUrls(baseUrl),
    // Objects built once per key appear in many outputs; `share` lets the serializer know.
    once(cacheKey, make) {
      let value = memo.get(cacheKey);
      if (value === undefined) memo.set(cacheKey, (value = share(make())));
      return value;
    },
    get(kind, key) {
      const record = data.reference[kind].get(key);
      if (!record) throw new Error(`unresolved ${kind} reference "${key}" (validation should have caught it)`);
      return record;
    },
    keyById(kind, id) {
      let keys = byId.get(kind);
      if (!keys) byId.set(kind, (keys = new Map([...data.reference[kind]].map(([key, record]) => [record.id, key]))));
      return typeof id === 'number' ? keys.get(id) : undefined;
    },
    referrers(kind, field, key) {
      const name = `${kind}.${field}`;
      let byTarget = indexes.get(name);
      if (!byTarget) indexes.set(name, (byTarget = referrerIndex(data.reference, kind, field)));
      return byTarget.get(key) ?? [];
    },
    referringLaunches(kind, key) {
      let byTarget = launchIndexes.get(kind);
      if (!byTarget) {
        launchIndexes.set(kind, (byTarget = new Map()));
        const patterns = LAUNCH_REFERENCES.filter(([, target]) => target === kind).map(([pattern]) => pattern);
        for (const launch of data.launches) {
          const named = new Set<string>();
          for (const pattern of patterns) eachReference(launch, pattern, (_, target) => named.add(target));
          for (const target of named) {
            let launches = byTarget.get(target);
            if (!launches) byTarget.set(target, (launches = []));
            launches.push(launch);
          }
        }
      }
      return byTarget.get(key) ?? [];
    },
  };
}

export const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);
export const str = (value: Json | undefined): string => (typeof value === 'string' ? value : '');

/** LL2's `Image` of what a record states (null where it states none), from its fields (schemas/resources/media-fields.ts). */
export const shapeImage = (image: Json | undefined): Json =>
  image && typeof image === 'object' && !Array.isArray(image) ? objectOf(IMAGE_FIELDS, image, null, MEDIA_MODE) : null;

/**
 * Social media links as LL2 2.3.0 writes them: `{id, social_media: {id, name, url, logo}, url}`. The YAML leaves out
 * what a source states as null (LL2's "Homepage" medium has no url and no logo), and LL2's model requires the keys.
 */
export function shapeSocialMediaLinks(links: Json | undefined): Json[] {
  if (!Array.isArray(links)) return [];
  return links.map((item) => {
    const link = item as JsonObject;
    const medium = (link.social_media ?? {}) as JsonObject;
    return {
      id: link.id,
      social_media: { id: medium.id, name: medium.name, url: orNull(medium.url), logo: shapeImage(medium.logo) },
      url: link.url,
    };
  });
}

/** LL2's `InfoURL` and `VidURL` of a link a record states, from their fields. */
export const shapeInfoUrl = (link: JsonObject): JsonObject => objectOf(INFO_URL_FIELDS, link, null, MEDIA_MODE);
export const shapeVidUrl = (link: JsonObject): JsonObject => objectOf(VID_URL_FIELDS, link, null, MEDIA_MODE);

/**
 * LL2's own figures stored by the importer (`ll2_figures`, "as of import"). The
 * build publishes them in preference to the figures it derives from our data set.
 */
export function ll2Figures(record: ReferenceRecord): JsonObject {
  const figures = record.ll2_figures;
  return figures && typeof figures === 'object' && !Array.isArray(figures) ? figures : {};
}

/** A stored LL2 figure when there is one (not null), else ours. */
export const figure = (figures: JsonObject, name: string, ours: Json): Json => figures[name] ?? ours;
