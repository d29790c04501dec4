import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha1 } from '../scripts/lib/base/digest.ts';

describe('sha1', () => {
  it('is SHA-1 in base64url, of text as UTF-8 and of bytes', () => {
    expect(sha1('abc')).toBe('qZk-NkcGgWq6PiVxeFDCbJzQ2J0'); // a9993e36… (FIPS 180 example)
    for (const text of ['', 'héllo ✓', 'x'.repeat(100_000)]) {
      expect(sha1(text)).toBe(createHash('sha1').update(text, 'utf8').digest('base64url'));
      expect(sha1(Buffer.from(text))).toBe(sha1(text));
    }
    expect(sha1(Buffer.from([0, 255, 1]))).toBe(
      createHash('sha1')
        .update(Buffer.from([0, 255, 1]))
        .digest('base64url'),
    );
  });
});
