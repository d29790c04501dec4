// The records of the reference data files not declared in schemas/resources/
// (landings and spacecraft flights), one JSON Schema each. The order
// of `properties` is the canonical key order of the YAML files. In: the schema
// building blocks, LL2's figures (ll2-figures.ts). Out: those schemas by kind. Pure.

import {
  bool,
  int,
  key,
  nullableImage,
  nullableInt,
  nullableKey,
  nullableStr,
  nullableTimestamp,
  num,
  object,
  provenance,
  str,
  type Schema,
} from './building-blocks.ts';

/** LL2's `{id, name}` of a landing's type or a spacecraft's status or type, with what else the source says of it. */
const idNameWith = (optional: Record<string, Schema> = {}): Schema => object({ id: int(), name: str(255) }, optional);

/**
 * A landing (LL2's `landings/`) of a first stage or a spacecraft, which launches
 * refer to from `rocket.launcher_stage[].landing` and `rocket.spacecraft_stage[].landing`.
 * Its location and type as the source nests them (2.2.0's `location` read as 2.3.0's
 * `landing_location`, its location and celestial body ours by key); values as the source states them.
 */
const landing = object(
  { id: int(1) },
  {
    attempt: bool,
    success: { type: ['boolean', 'null'] },
    description: str(4096),
    downrange_distance: num,
    landing_location: idNameWith({
      abbrev: str(255),
      description: nullableStr(4096),
      location: nullableKey,
      active: bool,
      longitude: num,
      latitude: num,
      image: nullableImage,
      successful_landings: nullableInt(),
      attempted_landings: nullableInt(),
      failed_landings: nullableInt(),
      celestial_body: nullableKey,
    }),
    type: idNameWith({ abbrev: str(255), description: nullableStr(4096) }),
    provenance,
  },
);

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
  landings: landing,
  spacecraftFlights: spacecraftFlight,
} satisfies Record<string, Schema>;
