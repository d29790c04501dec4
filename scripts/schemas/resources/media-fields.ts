// LL2's image and link objects, `Image`, `InfoURL` and `VidURL`, written once as
// fields (fields.ts): their shapes (api/shapes/kit.ts) and their definitions
// (schemas/response-definitions.ts) are made from them. One mode, `normal`: LL2 gives
// them no other. Where a record states no value, what LL2 publishes for an unknown
// one: an image's license is LL2's "Unknown", a link's priority 10. Pure.

import type { Json, JsonObject } from '../../lib/base/json-types.ts';
import { type Field, type FieldMode, objectsIn, orNull, stated } from './fields.ts';

/** What a record states of an image or a link; the fields need no tools. */
type MediaField = Field<JsonObject, null>;

/** The one mode these objects have. */
export const MEDIA_MODE = 'normal';
const ONE: readonly FieldMode[] = [MEDIA_MODE];

const UNKNOWN_LICENSE: JsonObject = { id: 1, name: 'Unknown', priority: 9, link: null };

export const IMAGE_FIELDS: readonly MediaField[] = [
  { name: 'id', modes: ONE, schema: (t) => t.i, value: (m) => m.id },
  { name: 'name', modes: ONE, schema: (t) => t.s, value: (m) => m.name },
  { name: 'image_url', modes: ONE, schema: (t) => t.uri, value: (m) => m.image_url },
  { name: 'thumbnail_url', modes: ONE, schema: (t) => t.uri, value: (m) => m.thumbnail_url ?? m.image_url },
  stated('credit', ONE, (t) => t.ns),
  {
    name: 'license',
    modes: ONE,
    schema: (t) => t.exact({ id: t.i, name: t.s, priority: t.i, link: t.nuri }),
    value: (m) => {
      const license = (m.license ?? UNKNOWN_LICENSE) as JsonObject;
      return { id: license.id, name: license.name, priority: license.priority ?? 9, link: orNull(license.link) };
    },
  },
  { name: 'single_use', modes: ONE, schema: (t) => t.b, value: (m) => m.single_use ?? true },
  { name: 'variants', modes: ONE, schema: (t) => t.arr({ type: 'object' }), value: (m) => m.variants ?? [] },
];

const priority: MediaField = { name: 'priority', modes: ONE, schema: (t) => t.i, value: (m) => m.priority ?? 10 };
const source = stated<JsonObject, null>('source', ONE, (t) => t.ns);
/** What a video link has as an info link has it, after its source (and its publisher). */
const LINK_FIELDS: readonly MediaField[] = [
  stated('title', ONE, (t) => t.ns),
  stated('description', ONE, (t) => t.ns),
  stated('feature_image', ONE, (t) => t.nuri),
  { name: 'url', modes: ONE, schema: (t) => t.uri, value: (m) => m.url },
  stated('type', ONE, (t) => t.nullable(t.ref('IdName'))),
  stated('language', ONE, () => ({ type: ['object', 'null'] })),
];

export const INFO_URL_FIELDS: readonly MediaField[] = [priority, source, ...LINK_FIELDS];

/** A video link: an info link's fields with its publisher after the source, then its times and whether it is live. */
export const VID_URL_FIELDS: readonly MediaField[] = [
  priority,
  source,
  stated('publisher', ONE, (t) => t.ns),
  ...LINK_FIELDS,
  stated('start_time', ONE, (t) => t.nts),
  stated('end_time', ONE, (t) => t.nts),
  { name: 'live', modes: ONE, schema: (t) => t.b, value: (m) => m.live ?? false },
];

/** What a field list's links are made with (api/shapes/kit.ts shapeInfoUrl, shapeVidUrl). */
export interface LinkTools {
  infoUrl(link: JsonObject): Json;
  vidUrl(link: JsonObject): Json;
}

/** A record's `info_urls` and `vid_urls` in `modes`, as LL2's `InfoURL` and `VidURL` (none where it states none). */
export const linkFields = <R extends JsonObject, T extends LinkTools>(modes: readonly FieldMode[]): Field<R, T>[] => [
  {
    name: 'info_urls',
    modes,
    schema: (t) => t.arr(t.ref('InfoURL')),
    value: (r, t) => objectsIn(r, 'info_urls').map(t.infoUrl),
  },
  {
    name: 'vid_urls',
    modes,
    schema: (t) => t.arr(t.ref('VidURL')),
    value: (r, t) => objectsIn(r, 'vid_urls').map(t.vidUrl),
  },
];
