// Launches in LL2's three modes: list (`LaunchBasic`, as events link them), normal
// (collection pages) and detailed (`launches/{id}/`), made from their fields
// (schemas/resources/launch-fields.ts). What a launch nests of the reference kinds is
// their declared objects; its first stages and spacecraft flights are the launcher
// and spacecraft shapes', its attempt counters our statistics'. In: the shape kit,
// the declared objects, the launcher and spacecraft shapes. Out: the launch objects. Pure.

import type { JsonObject, LaunchRecord } from '../../model/records.ts';
import { objectOf } from '../../../schemas/resources/fields.ts';
import { LAUNCH_FIELDS, type LaunchFieldRecord, type LaunchTools } from '../../../schemas/resources/launch-fields.ts';
import { declaredOf, type Declared } from './declared.ts';
import { shapeImage, shapeInfoUrl, shapeVidUrl, type ShapeKit } from './kit.ts';
import type { LauncherShapes } from './launchers.ts';
import type { SpacecraftShapes } from './spacecraft.ts';

interface LaunchParts {
  declared: Declared;
  launchers: LauncherShapes;
  spacecraft: SpacecraftShapes;
}

export function launchShapes({ urls, stats }: ShapeKit, { declared, launchers, spacecraft }: LaunchParts) {
  const tools: LaunchTools = {
    url: urls.launch,
    image: shapeImage,
    infoUrl: shapeInfoUrl,
    vidUrl: shapeVidUrl,
    of: declaredOf(declared),
    stat: (id, name) => (stats.launch.get(id) as unknown as JsonObject)[name],
    firstStage: launchers.firstStage,
    // A stage that names no spacecraft is left out (spacecraft.ts namesSpacecraft).
    spacecraftStages: (l) =>
      ((l.rocket.spacecraft_stage ?? []) as JsonObject[])
        .filter(spacecraft.namesSpacecraft)
        .map((stage) => spacecraft.spacecraftFlight(stage, l.net, 'detailed')),
  };
  const inMode = (mode: 'mini' | 'normal' | 'detailed') => (l: LaunchRecord) =>
    objectOf(LAUNCH_FIELDS, l as unknown as LaunchFieldRecord, tools, mode);
  return {
    launchBasic: inMode('mini'),
    launchNormal: inMode('normal'),
    launchDetailed: inMode('detailed'),
  };
}

export type LaunchShapes = ReturnType<typeof launchShapes>;
