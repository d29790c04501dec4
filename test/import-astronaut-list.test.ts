// Importing LL2's saved lists of 2026 (issue 37): an astronaut of a saved list
// without a url is told by its fields, spacecraft configurations by their url, and
// an astronaut list updates what it states, never erases what it lacks, and never
// overwrites a record stated later (a crew of a later launch).
import { describe, expect, it } from 'vitest';
import { fileAstronautList } from '../scripts/lib/import/astronaut-list.ts';
import { detectReferenceKind } from '../scripts/lib/import/parse.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';

const usa = {
  id: 2,
  name: 'United States of America',
  alpha_2_code: 'US',
  alpha_3_code: 'USA',
  nationality_name: 'American',
};
const reference = (astronauts: Record<string, JsonObject>) => ({
  countries: new Map<string, JsonObject>([['usa', usa]]),
  agencies: new Map<string, JsonObject>([['nasa', { id: 44, name: 'NASA', abbrev: 'NASA', type: 'government' }]]),
  astronauts: new Map(Object.entries(astronauts)),
});
const listed = (extra: JsonObject = {}): JsonObject => ({
  id: 522,
  name: 'George D. Zamka',
  nationality: [usa],
  date_of_birth: '1962-06-29',
  date_of_death: null,
  bio: 'A NASA astronaut.',
  agency: { id: 44, name: 'NASA', abbrev: 'NASA', type: { id: 1, name: 'Government' } },
  flights: [],
  first_flight: '2007-10-23T15:38:19Z',
  last_flight: '2010-02-08T09:14:08Z',
  ...extra,
});
const options = {
  complete: false,
  fetchedAt: '2026-07-24T00:00:00Z',
  version: '2.3.0',
  page: true,
  savedBy: 'owner/repo@abc',
  statedAt: '2026-07-24T00:00:00Z',
};

describe('saved LL2 lists of astronauts and spacecraft configurations', () => {
  it('tells an astronaut without url by its fields, a spacecraft configuration by its url', () => {
    expect(detectReferenceKind(listed())).toBe('astronauts');
    expect(
      detectReferenceKind({
        id: 10,
        url: 'https://ll.thespacedevs.com/2.3.0/spacecraft_configurations/10/?format=json',
        name: 'Apollo CSM',
      }),
    ).toBe('spacecraftConfigurations');
    expect(detectReferenceKind({ id: 1, name: 'A pad', date_of_birth: null })).toBeUndefined();
  });

  it('updates what the list states, keeps what it lacks, and names the list in provenance', () => {
    const held = {
      id: 522,
      name: 'George D. Zamka',
      status: { id: 2, name: 'Retired' },
      in_space: false,
      image: { id: 0, name: '', image_url: 'https://example.org/z.jpg' },
      bio: 'old',
    };
    const result = fileAstronautList([listed()], reference({ 'george-d-zamka': held }), options);
    const record = result.astronauts.get('george-d-zamka')!;
    expect(record).toMatchObject({
      agency: 'nasa',
      nationality: ['usa'],
      bio: 'A NASA astronaut.',
      status: { id: 2, name: 'Retired' },
      in_space: false,
      image: held.image,
      last_flight: '2010-02-08T09:14:08Z',
    });
    expect(record.date_of_death).toBeUndefined();
    expect(record.provenance).toMatchObject({
      ll2_version: '2.3.0',
      saved_by: 'owner/repo@abc',
      url: 'https://ll.thespacedevs.com/2.3.0/astronauts/522/',
    });
    expect(result.changed).toEqual(['george-d-zamka']);
  });

  it('leaves a record stated later (its last flight after the list) as it is, gaining only fields it lacks', () => {
    const held = {
      id: 522,
      name: 'George D. Zamka',
      in_space: true,
      bio: 'newer text',
      last_flight: '2026-09-01T00:00:00Z',
      provenance: { credit: 'Launch Library 2 by The Space Devs', saved_by: 'later/source@1' },
    };
    const record = fileAstronautList([listed()], reference({ 'george-d-zamka': held }), options).astronauts.get(
      'george-d-zamka',
    )!;
    expect(record).toMatchObject({
      in_space: true,
      bio: 'newer text',
      last_flight: '2026-09-01T00:00:00Z',
      date_of_birth: '1962-06-29',
      agency: 'nasa',
      provenance: held.provenance,
    });
  });
});
