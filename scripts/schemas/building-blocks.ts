// Small constructors for the JSON Schemas of our data files. They keep the
// schemas short enough to read as a specification of the YAML format.

export type Schema = Record<string, unknown>;

export const KEY_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
export const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

export const str = (maxLength = 2048): Schema => ({ type: 'string', maxLength });
export const text = (maxLength = 40000): Schema => ({ type: 'string', maxLength });
export const nullableStr = (maxLength = 2048): Schema => ({ type: ['string', 'null'], maxLength });
export const int = (minimum = 0): Schema => ({ type: 'integer', minimum, maximum: 2147483647 });
export const nullableInt = (minimum = 0): Schema => ({ type: ['integer', 'null'], minimum, maximum: 2147483647 });
export const num: Schema = { type: ['number', 'null'] };
export const bool: Schema = { type: 'boolean' };
export const url: Schema = { type: 'string', format: 'uri', pattern: '^https?://', maxLength: 2048 };
/**
 * A URL or null. Not "" (LL2 writes "" for some unknown links, where 2.3.0's schema says a
 * nullable uri): the importer writes null for it (import/repair.ts), as the official models accept.
 */
export const nullableUrl: Schema = { anyOf: [url, { type: 'null' }] };
// The pattern is for editors, which ignore our custom format; validation reports the format.
export const TIMESTAMP_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$';
export const timestamp: Schema = { type: 'string', format: 'utc-timestamp', pattern: TIMESTAMP_PATTERN };
export const nullableTimestamp: Schema = {
  type: ['string', 'null'],
  format: 'utc-timestamp',
  pattern: TIMESTAMP_PATTERN,
};
export const date: Schema = { type: 'string', format: 'date' };
export const nullableDate: Schema = { type: ['string', 'null'], format: 'date' };
export const duration: Schema = { type: ['string', 'null'], format: 'iso-duration' };
export const key: Schema = { type: 'string', pattern: KEY_PATTERN, maxLength: 64 };
export const nullableKey: Schema = { type: ['string', 'null'], pattern: KEY_PATTERN, maxLength: 64 };
export const keys: Schema = { type: 'array', items: key, uniqueItems: true, maxItems: 200 };
export const slug: Schema = { type: 'string', pattern: KEY_PATTERN, maxLength: 200 };
export const uuid: Schema = { type: 'string', pattern: UUID_PATTERN };

export const list = (items: Schema, maxItems = 500): Schema => ({ type: 'array', items, maxItems });

export function object(required: Record<string, Schema>, optional: Record<string, Schema> = {}): Schema {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(required),
    properties: { ...required, ...optional },
  };
}

/** Like `object`, but the properties keep the given order (the canonical key order of the files). */
export function orderedObject(properties: Record<string, Schema>, required: string[]): Schema {
  return { type: 'object', additionalProperties: false, required, properties };
}

export const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });

/** A map from short keys to records: the shape of every reference-data file. */
export function keyedRecords(record: Schema): Schema {
  return {
    type: 'object',
    propertyNames: { pattern: KEY_PATTERN, maxLength: 64 },
    additionalProperties: record,
  };
}

// Nested LL2 value objects that we keep as they are, without normalizing.

export const idName = object({ id: int(), name: str(255) });

export const imageLicense = object({ id: int(), name: str(255) }, { priority: int(), link: nullableUrl });

export const image = object(
  { id: int(), name: str(255), image_url: url },
  {
    thumbnail_url: url,
    credit: nullableStr(255),
    license: imageLicense,
    single_use: bool,
    variants: list(object({ id: int(), type: object({ id: int() }, { name: str(255) }), image_url: url })),
  },
);
export const nullableImage = nullable(image);

const language = object({ id: int(), name: str(255), code: str(255) });

const linkCommon = {
  priority: int(),
  source: nullableStr(200),
  title: nullableStr(200),
  description: nullableStr(350),
  feature_image: nullableUrl,
  type: nullable(idName),
  language: nullable(language),
};

export const infoUrl = object({ url }, linkCommon);
export const vidUrl = object(
  { url },
  {
    ...linkCommon,
    publisher: nullableStr(255),
    start_time: nullableTimestamp,
    end_time: nullableTimestamp,
    live: bool,
  },
);

export const update = object(
  { id: int(), created_on: timestamp },
  { profile_image: nullableUrl, comment: nullableStr(40000), info_url: nullableUrl, created_by: nullableStr(255) },
);

export const missionPatch = object(
  { id: int(), name: str(200), image_url: url },
  { priority: int(), agency: nullableKey },
);

export const socialMediaLink = object(
  { id: int(), social_media: object({ id: int() }, { name: str(255), url: nullableUrl, logo: nullableImage }) },
  { url: nullableUrl },
);

/** An LL2 object we carry through unchanged (detailed-mode parts we do not model). */
export const passthrough: Schema = { type: 'object', maxProperties: 200 };

/**
 * Where an imported record comes from, and what the importer had to fill in:
 * `assumed` maps a field to why its value is not the source's (a value the source
 * lacks but our schema requires), `derived` names fields computed from the source
 * by LL2's own rule (a slug from the name). Hand-written records have none.
 * Reference records carry one only when an import assumed a value in them.
 */
export const provenance = object(
  { credit: str(200) },
  {
    ll2_version: str(20),
    saved_by: str(200),
    // When the source that stated the record was saved (import --saved-at): the date it is as of.
    saved_at: timestamp,
    url,
    derived: list(str(100), 50),
    assumed: { type: 'object', maxProperties: 50, propertyNames: { maxLength: 100 }, additionalProperties: str(300) },
  },
);
