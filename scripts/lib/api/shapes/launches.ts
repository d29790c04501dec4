// Launches in LL2's three modes: list (`LaunchBasic`, as events link them), normal
// (collection pages) and detailed (`launches/{id}/`), with their missions and the
// attempt counters our statistics give each launch. What a launch nests of the reference
// kinds is their declared objects (schemas/resources/). Pure.

import type { Json, JsonObject, LaunchRecord, MissionRecord } from '../../model/records.ts';
import type { Declared } from './declared.ts';
import { orNull, shapeImage, shapeInfoUrl, shapeVidUrl, type ShapeKit } from './kit.ts';
import type { LauncherShapes } from './launchers.ts';
import type { SpacecraftShapes } from './spacecraft.ts';

interface LaunchParts {
  declared: Declared;
  launchers: LauncherShapes;
  spacecraft: SpacecraftShapes;
}

export function launchShapes({ get, urls, stats }: ShapeKit, { declared, launchers, spacecraft }: LaunchParts) {
  const { agencies, launcherConfigurations: configurations, launchStatuses, netPrecisions } = declared;
  /** The spacecraft stages as LL2's spacecraft flights; a stage that names no spacecraft is left out (spacecraft.ts namesSpacecraft). */
  const spacecraftStages = (l: LaunchRecord): JsonObject[] =>
    (l.rocket.spacecraft_stage ?? [])
      .filter(spacecraft.namesSpacecraft)
      .map((stage) => spacecraft.spacecraftFlight(stage, l.net, 'detailed'));
  const mission = (m: MissionRecord | null | undefined, launch: LaunchRecord): Json => {
    if (!m) return null;
    return {
      id: m.id ?? derivedId(launch.id, 1),
      name: m.name,
      type: get('missionTypes', m.type).name,
      description: m.description ?? '',
      image: shapeImage(m.image),
      orbit: declared.orbits.normal(m.orbit),
      agencies: (m.agencies ?? []).map(agencies.nested),
      info_urls: (m.info_urls ?? []).map(shapeInfoUrl),
      vid_urls: (m.vid_urls ?? []).map(shapeVidUrl),
    };
  };

  const launchBasic = (l: LaunchRecord): JsonObject => ({
    id: l.id,
    url: urls.launch(l.id),
    name: l.name,
    response_mode: 'list',
    slug: l.slug,
    launch_designator: orNull(l.launch_designator),
    status: launchStatuses.normal(l.status),
    last_updated: l.last_updated,
    net: l.net,
    net_precision: l.net_precision ? netPrecisions.normal(l.net_precision) : null,
    window_end: l.window_end,
    window_start: l.window_start,
    image: shapeImage(l.image),
    infographic: orNull(l.infographic),
  });

  const counters = (l: LaunchRecord): JsonObject => {
    const { pad_turnaround: _, ...attempts } = stats.launch.get(l.id)!;
    return attempts as unknown as JsonObject;
  };

  const launchCommon = (l: LaunchRecord, mode: 'normal' | 'detailed'): JsonObject => ({
    ...launchBasic(l),
    response_mode: mode,
    probability: orNull(l.probability),
    weather_concerns: orNull(l.weather_concerns),
    failreason: orNull(l.failreason),
    hashtag: orNull(l.hashtag),
    launch_service_provider:
      mode === 'normal' ? agencies.mini(l.launch_service_provider) : agencies.nested(l.launch_service_provider),
    rocket:
      mode === 'normal'
        ? { id: l.rocket.id ?? derivedId(l.id, 0), configuration: configurations.mini(l.rocket.configuration) }
        : {
            id: l.rocket.id ?? derivedId(l.id, 0),
            configuration: configurations.detailed(l.rocket.configuration),
            launcher_stage: (l.rocket.launcher_stage ?? []).map((stage) => launchers.firstStage(stage, l.net)),
            spacecraft_stage: spacecraftStages(l),
            payloads: l.rocket.payloads ?? [],
          },
    mission: mission(l.mission, l),
    pad: declared.pads.normal(l.pad),
    webcast_live: l.webcast_live ?? false,
    program: (l.program ?? []).map(declared.programs.normal),
    ...counters(l),
  });

  return {
    launchBasic,
    launchNormal: (l: LaunchRecord): JsonObject => launchCommon(l, 'normal'),
    launchDetailed: (l: LaunchRecord): JsonObject => ({
      ...launchCommon(l, 'detailed'),
      flightclub_url: orNull(l.flightclub_url),
      updates: (l.updates ?? []).map(declared.updates.normal),
      info_urls: (l.info_urls ?? []).map(shapeInfoUrl),
      vid_urls: (l.vid_urls ?? []).map(shapeVidUrl),
      timeline: (l.timeline ?? []).map((t) => ({ type: orNull(t.type), relative_time: orNull(t.relative_time) })),
      pad_turnaround: stats.launch.get(l.id)!.pad_turnaround,
      mission_patches: (l.mission_patches ?? []).map(declared.missionPatches.normal),
    }),
  };
}

export type LaunchShapes = ReturnType<typeof launchShapes>;

/**
 * A stable integer id for a nested object our data does not number (LL2's
 * rocket and mission ids), taken from the launch UUID so it never changes.
 */
export function derivedId(uuid: string, salt: number): number {
  const hex = uuid.replace(/-/g, '');
  return 100_000_000 + (parseInt(hex.slice(salt * 7, salt * 7 + 7), 16) % 900_000_000);
}
