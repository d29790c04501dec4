// The data brought to what the official LL2 2.3.0 models accept (issue 21): the
// migration's repair of reference records (import/conform.ts) and the launch
// shapes' conversions of nested objects still in LL2 2.2.0's layout, each
// validated against the official schema.

import { describe, expect, it } from 'vitest';
import { conformReference } from '../scripts/lib/import/conform.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';

const AGENCY: JsonObject = {
  id: 66, name: 'Soviet Space Program', abbrev: 'CCCP', type: 'government', country: [],
  info_url: '', wiki_url: 'http://en.wikipedia.org/wiki/Soviet_space_program',
};

describe('reference records brought to the schema (npm run migrate:graph)', () => {
  it('writes LL2\'s "" for an unknown link as null, says so, and changes nothing on a second run', () => {
    const agencies = new Map([['soviet-space-program', AGENCY], ['other', { ...AGENCY, id: 67, info_url: 'https://example.org/' }]]);
    const first = conformReference({ agencies });
    expect(first.problems).toEqual([]);
    expect(first.changes).toEqual(['agencies "soviet-space-program": info_url: "" must match pattern "^https?://"; set info_url to null']);
    const after = first.changed.get('agencies')!;
    expect(after.get('soviet-space-program')).toEqual({ ...AGENCY, info_url: null });
    expect(after.get('other')).toBe(agencies.get('other'));
    expect(agencies.get('soviet-space-program')!.info_url).toBe(''); // the input is not changed
    const second = conformReference({ agencies: after });
    expect(second.changed.size).toBe(0);
    expect(second.changes).toEqual([]);
  });
});
