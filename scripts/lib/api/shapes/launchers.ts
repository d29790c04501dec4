// A launch's first stages in LL2 2.3.0's shape (`FirstStage`), each booster the
// declared launchers' normal object (schemas/resources/launchers.ts) by the key the
// stage names, and its landing shaped by spacecraft.ts. In: the shape kit, the declared
// boosters' shapes, our launches' ids, the landing shape. Out: the stage's shape. Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import { formatDuration } from '../../model/stats.ts';
import type { DeclaredShapes } from './declared.ts';
import { orNull, str, type ShapeKit } from './kit.ts';

export function launcherShapes(
  { urls }: ShapeKit,
  launchers: DeclaredShapes,
  launchIds: ReadonlySet<string>,
  landing: (value: Json | undefined) => Json,
) {
  /**
   * LL2's `LaunchMini` of a stage's previous flight, with the url of its detail file,
   * when that launch is ours; null otherwise (a `url` names a file we publish).
   */
  const previousFlight = (flight: Json | undefined): Json => {
    if (
      !flight ||
      typeof flight !== 'object' ||
      Array.isArray(flight) ||
      typeof flight.id !== 'string' ||
      !launchIds.has(flight.id)
    )
      return null;
    return { id: flight.id, url: urls.launch(flight.id), name: orNull(flight.name) };
  };
  return {
    /**
     * One stage of `rocket.launcher_stage` as a detailed launch nests it: its booster
     * from the record its key names; 2.3.0's `turn_around_time` (a duration) is the
     * time from the previous flight to this launch's NET, or 2.2.0's
     * `turn_around_time_days` in days when the previous flight's date is not given;
     * the previous flight links our launch's detail file.
     */
    firstStage: (stage: JsonObject, net: string): JsonObject => {
      const { launcher, turn_around_time_days: days, turn_around_time: time, ...rest } = stage;
      return {
        id: rest.id,
        type: str(rest.type),
        reused: orNull(rest.reused),
        launcher_flight_number: orNull(rest.launcher_flight_number),
        launcher: typeof launcher === 'string' ? launchers.normal(launcher) : orNull(launcher),
        previous_flight_date: orNull(rest.previous_flight_date),
        turn_around_time:
          typeof time === 'string'
            ? time
            : typeof rest.previous_flight_date === 'string'
              ? formatDuration(Date.parse(net) - Date.parse(rest.previous_flight_date))
              : typeof days === 'number'
                ? formatDuration(days * 86_400_000)
                : null,
        landing: landing(rest.landing),
        previous_flight: previousFlight(rest.previous_flight),
      };
    },
  };
}

export type LauncherShapes = ReturnType<typeof launcherShapes>;
