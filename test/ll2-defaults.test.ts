// LL2's defaults where no source states a value (model/ll2-defaults.ts): an astronaut
// with no type is published with LL2's own "Unknown" type, said in its provenance, and
// the astronaut types list names it; a stated type is kept.

import { describe, expect, it } from 'vitest';
import { emptyReferenceData } from '../scripts/lib/data/check.ts';
import { withConfigLists } from '../scripts/lib/model/config-lists.ts';
import { UNKNOWN_ASTRONAUT_TYPE, withLl2Defaults } from '../scripts/lib/model/ll2-defaults.ts';
import type { ReferenceRecord } from '../scripts/lib/model/records.ts';
import { memoryDataSet } from './helpers/data.ts';

function dataWith(astronauts: Record<string, ReferenceRecord>) {
  const reference = emptyReferenceData();
  for (const [key, record] of Object.entries(astronauts)) reference.astronauts.set(key, record);
  return memoryDataSet([], [], reference);
}

const stated: ReferenceRecord = { id: 7, name: 'Stated Type', type: { id: 3, name: 'Private' } };
const untyped: ReferenceRecord = {
  id: 8,
  name: 'No Type',
  type: null,
  provenance: { credit: 'Launch Library 2 by The Space Devs', assumed: { nationality: 'left out' } },
};

describe('LL2 defaults', () => {
  it("gives an astronaut without a type LL2's Unknown type (id 1), said in provenance beside what was assumed before", () => {
    const out = withLl2Defaults(dataWith({ untyped, missing: { id: 9, name: 'Missing Key' } })).reference.astronauts;
    expect(out.get('untyped')?.type).toEqual({ id: 1, name: 'Unknown' });
    expect(out.get('missing')?.type).toEqual({ id: 1, name: 'Unknown' });
    expect(out.get('untyped')?.provenance).toEqual({
      credit: 'Launch Library 2 by The Space Devs',
      assumed: { nationality: 'left out', type: expect.stringMatching(/no source states one.*Unknown \(id 1\)/) },
    });
    expect(untyped.type).toBeNull();
  });

  it('keeps a stated type untouched', () => {
    expect(withLl2Defaults(dataWith({ stated })).reference.astronauts.get('stated')).toBe(stated);
  });

  it('lists the Unknown type in config/astronaut_types/ once the default is in place, beside the stated ones', () => {
    const lists = withConfigLists(withLl2Defaults(dataWith({ stated, untyped }))).reference;
    const types = [...lists.astronautTypes.values()].map(({ id, name }) => ({ id, name }));
    expect(types).toEqual(expect.arrayContaining([UNKNOWN_ASTRONAUT_TYPE, { id: 3, name: 'Private' }]));
    expect(types).toHaveLength(2);
  });
});
