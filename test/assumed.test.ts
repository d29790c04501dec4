// model/assumed.ts: a value the build assumed, said in provenance.assumed beside what the record assumed already.
import { describe, expect, it } from 'vitest';
import { withAssumed } from '../scripts/lib/model/assumed.ts';

describe('withAssumed', () => {
  it('keeps the assumptions a record held and adds the new one, the changed field in its place', () => {
    const record = {
      id: 1,
      in_space: false,
      name: 'A',
      provenance: { credit: 'ours', assumed: { date_of_birth: 'imported without one' } },
    };
    const out = withAssumed(record, { in_space: true }, 'in_space', 'inferred');
    expect(Object.keys(out)).toEqual(['id', 'in_space', 'name', 'provenance']);
    expect(out).toEqual({
      id: 1,
      in_space: true,
      name: 'A',
      provenance: { credit: 'ours', assumed: { date_of_birth: 'imported without one', in_space: 'inferred' } },
    });
    expect(record.in_space).toBe(false); // the record itself is not changed
  });

  it("credits The Space Devs where a record has no provenance (an imported record's), unless told otherwise", () => {
    expect(withAssumed({ id: 2 }, { type: { id: 1 } }, 'type', 'default').provenance).toEqual({
      credit: 'Launch Library 2 by The Space Devs',
      assumed: { type: 'default' },
    });
    expect(withAssumed({ id: 2 }, {}, 'type', 'default', {}).provenance).toEqual({ assumed: { type: 'default' } });
  });
});
