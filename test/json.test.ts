import { describe, expect, it } from 'vitest';
import { toSafeJson } from '../scripts/lib/base/json.ts';

describe('toSafeJson', () => {
  const value = {
    name: '</script><img src=x onerror=alert(1)> & co',
    sep: 'a\u2028b\u2029c',
    plain: 'Falcon 9 | Crew-9',
  };

  it('escapes characters that matter to HTML and old JavaScript parsers', () => {
    const json = toSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(json).toContain('\\u0026');
    expect(json).toContain('\\u2028');
  });

  it('parses back to the same value', () => {
    expect(JSON.parse(toSafeJson(value))).toEqual(value);
  });

  it('is compact and deterministic', () => {
    expect(toSafeJson({ a: 1, b: [true, null] })).toBe('{"a":1,"b":[true,null]}');
  });
});
