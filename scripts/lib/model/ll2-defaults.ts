// LL2's own default for a value no source states, where LL2 has one. In: the data set as
// checked. Out: the same data set with each such value in place, said in the record's
// `provenance.assumed` (docs/differences.md). Pure.
//
// LL2 never serves an astronaut without a type: its model gives a new astronaut the type
// "Unknown" (id 1) until an editor sets one, and the 2.3.0 document types `type` as never
// null. Our 2.3.0 source of astronauts (the 2026-07 list) carries no type at all, so most
// records state none; "Unknown" is what LL2 itself answers for such a person, and it says
// what we know. A record that states a type keeps it, and an importer that later finds one
// replaces this value (it is never written to the data files).
// There is no such default for an astronaut's `status` (LL2 requires one and gives none), so
// a missing status stays null.

import { isObject } from '../base/json-types.ts';
import { withAssumed } from './assumed.ts';
import type { DataSet, ReferenceRecord } from './records.ts';

/** LL2's default astronaut type (`AstronautType` id 1). */
export const UNKNOWN_ASTRONAUT_TYPE = { id: 1, name: 'Unknown' } as const;

function withDefaultType(astronaut: ReferenceRecord): ReferenceRecord {
  if (isObject(astronaut.type)) return astronaut;
  return withAssumed(
    astronaut,
    { type: { ...UNKNOWN_ASTRONAUT_TYPE } },
    'type',
    'no source states one: LL2\u2019s default type, Unknown (id 1)',
    {},
  );
}

/** The data set with LL2's defaults where no source states a value: today, an astronaut's type. */
export function withLl2Defaults(data: DataSet): DataSet {
  const astronauts = new Map([...data.reference.astronauts].map(([key, record]) => [key, withDefaultType(record)]));
  return { ...data, reference: { ...data.reference, astronauts } };
}
