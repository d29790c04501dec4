// Social media links as LL2 2.3.0 writes them, from records whose YAML left out what
// the source stated as null (LL2's "Homepage" medium: url and logo null; a logo's
// empty variants): every key LL2's SocialMediaLink and SocialMedia models require.

import { describe, expect, it } from 'vitest';
import { shapeSocialMediaLinks } from '../scripts/lib/api/shapes/kit.ts';

describe('social media links', () => {
  it('puts back the keys a source stated as null or empty', () => {
    const links = shapeSocialMediaLinks([
      { id: 427, social_media: { id: 3, name: 'Homepage' }, url: 'https://www.spacex.com/' },
      {
        id: 428,
        social_media: {
          id: 1,
          name: 'X',
          url: 'https://x.com',
          logo: { id: 2320, name: 'X logo', image_url: 'https://example.org/x.jpg' },
        },
        url: 'https://x.com/spacex/',
      },
    ]);
    expect(links[0]).toEqual({
      id: 427,
      social_media: { id: 3, name: 'Homepage', url: null, logo: null },
      url: 'https://www.spacex.com/',
    });
    const medium = (links[1] as { social_media: { url: string; logo: Record<string, unknown> } }).social_media;
    expect(medium.url).toBe('https://x.com');
    expect(Object.keys(medium.logo)).toEqual([
      'id',
      'name',
      'image_url',
      'thumbnail_url',
      'credit',
      'license',
      'single_use',
      'variants',
    ]);
    expect(medium.logo.variants).toEqual([]);
  });

  it('gives an empty list for a record without links', () => {
    expect(shapeSocialMediaLinks(undefined)).toEqual([]);
  });
});
