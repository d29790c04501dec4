// Boosters (LL2's launchers) in LL2 2.3.0's shapes: list (`LauncherMini`),
// normal (`LauncherNormal`, as a launch's stages nest them) and detailed
// (`LauncherDetailed`, `launchers/{id}/`, with the configuration it flies on),
// each with its status (schemas/resources/config.ts), and a launch's first stages
// (`FirstStageNormal`) with each booster taken from its record and its landing
// shaped by flights.ts. The figures are
// LL2's as the record states them (null where it states none). Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import { formatDuration } from '../../model/stats.ts';
import { orNull, shapeImage, str, type Mode, type ShapeKit } from './kit.ts';
import type { RocketShapes } from './rockets.ts';

export function launcherShapes(
  { once, get, urls }: ShapeKit,
  { configurationList }: RocketShapes,
  launchIds: ReadonlySet<string>,
  { landing, status }: { landing: (value: Json | undefined) => Json; status: (key: string) => Json },
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
  const mini = (key: string, mode: Mode): JsonObject => {
    const l = get('launchers', key);
    return {
      response_mode: mode,
      id: l.id,
      url: urls.reference('launchers', l.id),
      flight_proven: l.flight_proven ?? false,
      serial_number: orNull(l.serial_number),
      is_placeholder: l.is_placeholder ?? false,
      status: typeof l.status === 'string' ? status(l.status) : null,
      image: shapeImage(l.image),
    };
  };
  const fields = (key: string, mode: Mode): JsonObject => {
    const l = get('launchers', key);
    return {
      ...mini(key, mode),
      details: str(l.details),
      successful_landings: orNull(l.successful_landings),
      attempted_landings: orNull(l.attempted_landings),
      flights: orNull(l.flights),
      last_launch_date: orNull(l.last_launch_date),
      first_launch_date: orNull(l.first_launch_date),
      fastest_turnaround: orNull(l.fastest_turnaround),
    };
  };
  const launcherNormal = (key: string): Json => once(`launcher-normal:${key}`, () => fields(key, 'normal'));
  return {
    launcherMini: (key: string): Json => once(`launcher-list:${key}`, () => mini(key, 'list')),
    launcherNormal,
    launcherDetailed: (key: string): Json =>
      once(`launcher-detailed:${key}`, () => {
        const l = get('launchers', key);
        return {
          ...fields(key, 'detailed'),
          launcher_config: typeof l.launcher_config === 'string' ? configurationList(l.launcher_config) : null,
        };
      }),
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
        launcher: typeof launcher === 'string' ? launcherNormal(launcher) : orNull(launcher),
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
