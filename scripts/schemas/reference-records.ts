// The records of the reference data files not declared in schemas/resources/ (spacecraft
// flights, the last), one JSON Schema each. The order of `properties` is the canonical
// key order of the YAML files. In: the schema building blocks. Out: those schemas by kind. Pure.

import {
  int,
  key,
  nullableKey,
  nullableStr,
  nullableTimestamp,
  object,
  provenance,
  type Schema,
} from './building-blocks.ts';

/**
 * A spacecraft flight (LL2's `spacecraft_flights/`): one spacecraft stage of a
 * launch, which names it from `rocket.spacecraft_stage[].flight` and keeps its
 * crews; its spacecraft and landing by key.
 */
const spacecraftFlight = object(
  { id: int(1), spacecraft: key },
  { landing: nullableKey, destination: nullableStr(255), mission_end: nullableTimestamp, provenance },
);

/** The kinds of reference data written here, each a file `data/reference/<file>.yaml` mapping keys to records. */
export const HAND_RECORDS = {
  spacecraftFlights: spacecraftFlight,
} satisfies Record<string, Schema>;
