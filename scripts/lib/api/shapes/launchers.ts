// A launch's first stages in LL2 2.3.0's shape (`FirstStage`), made from their fields
// (schemas/resources/launch-fields.ts FIRST_STAGE_FIELDS): each booster the declared
// launchers' normal object by the key the stage names, its landing shaped by
// spacecraft.ts, its previous flight linked where that launch is ours. In: the shape
// kit, the declared objects, our launches' ids, the landing shape. Out: the stage's
// shape. Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import { formatDuration } from '../../model/stats.ts';
import { objectOf } from '../../../schemas/resources/fields.ts';
import { FIRST_STAGE_FIELDS, type FirstStageTools } from '../../../schemas/resources/launch-fields.ts';
import { declaredOf, type Declared } from './declared.ts';
import { orNull, type ShapeKit } from './kit.ts';

export function launcherShapes(
  { urls }: ShapeKit,
  declared: Declared,
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
  const tools: Omit<FirstStageTools, 'net'> = {
    of: declaredOf(declared),
    landing,
    previousFlight,
    duration: formatDuration,
  };
  return {
    /** One stage of `rocket.launcher_stage` as a detailed launch nests it, its turnaround counted to `net`. */
    firstStage: (stage: JsonObject, net: string): JsonObject =>
      objectOf(FIRST_STAGE_FIELDS, stage, { ...tools, net }, 'normal'),
  };
}

export type LauncherShapes = ReturnType<typeof launcherShapes>;
