// A record given a value no source states, with the reason beside it: the build's
// own inferences and LL2's defaults (model/in-space.ts, model/ll2-defaults.ts) say
// what they assumed in `provenance.assumed`, keyed by the field, as the importer
// does. In: a record, the fields it gains, the field named and why. Out: the new
// record (the fields keep their places in the record; provenance comes last where
// the record had none). Pure.

import { isObject, type JsonObject } from '../base/json-types.ts';
import { DATA_CREDIT } from './credit.ts';

/** A record with no provenance block is an imported one: its credit goes with the assumption. */
const IMPORTED = { credit: DATA_CREDIT.name } as const;

export function withAssumed<R extends JsonObject>(
  record: R,
  changes: JsonObject,
  field: string,
  why: string,
  provenanceIfNone: JsonObject = IMPORTED,
): R & { provenance: JsonObject } {
  const provenance = isObject(record.provenance) ? record.provenance : provenanceIfNone;
  const assumed = { ...(isObject(provenance.assumed) ? provenance.assumed : {}), [field]: why };
  return { ...record, ...changes, provenance: { ...provenance, assumed } };
}
