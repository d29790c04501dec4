// LL2's image and link objects, written once as fields
// (scripts/schemas/resources/media-fields.ts): the shapes (api/shapes/kit.ts) and the
// definitions Image, InfoURL and VidURL hold their fields in order, and what a
// record leaves out is what LL2 publishes for an unknown value. By hand.

import { describe, expect, it } from 'vitest';
import { shapeImage, shapeInfoUrl, shapeVidUrl } from '../scripts/lib/api/shapes/kit.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { IMAGE_FIELDS, INFO_URL_FIELDS, VID_URL_FIELDS } from '../scripts/schemas/resources/media-fields.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';

const names = (fields: ReadonlyArray<{ name: string }>) => fields.map((f) => f.name);
const definitions = responseDefinitions() as Record<string, { properties: JsonObject }>;

describe('image and link fields', () => {
  it('make the objects and the definitions, in their order', () => {
    const image = shapeImage({ id: 3, name: 'Pad', image_url: 'https://example.org/p.jpg' }) as JsonObject;
    expect(Object.keys(image)).toEqual(names(IMAGE_FIELDS));
    expect(Object.keys(definitions.Image.properties)).toEqual(names(IMAGE_FIELDS));
    const link = { url: 'https://example.org/x' };
    expect(Object.keys(shapeInfoUrl(link))).toEqual(names(INFO_URL_FIELDS));
    expect(Object.keys(definitions.InfoURL.properties)).toEqual(names(INFO_URL_FIELDS));
    expect(Object.keys(shapeVidUrl(link))).toEqual(names(VID_URL_FIELDS));
    expect(Object.keys(definitions.VidURL.properties)).toEqual(names(VID_URL_FIELDS));
    expect(names(VID_URL_FIELDS)).toEqual([
      'priority',
      'source',
      'publisher',
      ...names(INFO_URL_FIELDS).slice(2),
      'start_time',
      'end_time',
      'live',
    ]);
  });

  it("give LL2's values for what a record leaves out, and keep what it states", () => {
    expect(shapeImage({ id: 3, name: 'Pad', image_url: 'https://example.org/p.jpg' })).toEqual({
      id: 3,
      name: 'Pad',
      image_url: 'https://example.org/p.jpg',
      thumbnail_url: 'https://example.org/p.jpg',
      credit: null,
      license: { id: 1, name: 'Unknown', priority: 9, link: null },
      single_use: true,
      variants: [],
    });
    expect(shapeImage(null)).toBeNull();
    expect(shapeImage(undefined)).toBeNull();
    expect(shapeVidUrl({ url: 'https://example.org/v', priority: 1, live: true, publisher: 'NASA' })).toEqual({
      priority: 1,
      source: null,
      publisher: 'NASA',
      title: null,
      description: null,
      feature_image: null,
      url: 'https://example.org/v',
      type: null,
      language: null,
      start_time: null,
      end_time: null,
      live: true,
    });
    expect(shapeInfoUrl({ url: 'https://example.org/i' })).toMatchObject({ priority: 10, source: null });
  });
});
