import { describe, expect, it } from 'vitest';
import { FragmentJson } from '../scripts/lib/api/fragments.ts';
import { toSafeJson } from '../scripts/lib/base/json.ts';

function sample(json: FragmentJson, padName = 'SLC-40 <east> & co') {
  const body = json.share({ id: 1, name: 'Earth', image: { url: 'https://e.example/\u2028' } });
  const location = json.share({ id: 12, celestial_body: body });
  const pad = json.share({ id: 80, name: padName, location });
  const launches = [1, 2, 3].map((n) => json.share({ id: n, pad, location, tags: [pad] }));
  return { count: 3, next: null, results: launches, extra: { pad } };
}

describe('FragmentJson', () => {
  it('writes exactly what toSafeJson writes', () => {
    const json = new FragmentJson();
    const value = sample(json);
    expect(json.serialize(value).render()).toBe(toSafeJson(value));
    expect(json.serialize(value.results[0]).render()).toBe(toSafeJson(value.results[0]));
  });

  it('gives the same fingerprint to the same text in another build, and another one when a shared object changes', () => {
    const a = new FragmentJson();
    const b = new FragmentJson();
    const c = new FragmentJson();
    const fa = a.serialize(sample(a)).fingerprint;
    expect(b.serialize(sample(b)).fingerprint).toBe(fa);
    expect(c.serialize(sample(c, 'SLC-41')).fingerprint).not.toBe(fa);
  });

  it('cannot be fooled by data that looks like a marker', () => {
    const json = new FragmentJson();
    const value = { text: '\u0000abc:0', shared: json.share({ a: 1 }) };
    expect(json.serialize(value).render()).toBe(toSafeJson(value));
  });
});
