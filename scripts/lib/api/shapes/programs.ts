// Programs (`ProgramNormal`, nested and as `programs/{id}/`) and the mission
// patches they and launches carry (`MissionPatch`, from the record a key names),
// with `mission_patches/{id}/` (`MissionPatchDetailed`). Pure.

import type { Json, JsonObject, MissionPatchRecord } from '../../model/records.ts';
import type { AgencyShapes } from './agencies.ts';
import { keyList, orNull, shapeImage, type ShapeKit } from './kit.ts';

export function programShapes(kit: ShapeKit, { agencyMini }: AgencyShapes) {
  const { once, get, urls } = kit;
  const patchFields = (
    patch: MissionPatchRecord | JsonObject,
    mode: 'normal' | 'detailed',
    agency: (key: string) => Json,
  ): JsonObject => ({
    id: patch.id as number,
    name: patch.name as string,
    priority: (patch.priority as number | undefined) ?? 10,
    image_url: patch.image_url as string,
    agency: typeof patch.agency === 'string' ? agency(patch.agency) : null,
    response_mode: mode,
  });
  /** LL2's `MissionPatch`: the record a key names (mission-patches.yaml), or an object not filed yet. */
  const missionPatch = (patch: MissionPatchRecord | JsonObject | string): Json =>
    typeof patch === 'string'
      ? once(`mission-patch:${patch}`, () => patchFields(get('missionPatches', patch), 'normal', agencyMini))
      : patchFields(patch, 'normal', agencyMini);
  const programNormal = (key: string): Json =>
    once(`program:${key}`, () => {
      const p = get('programs', key);
      return {
        response_mode: 'normal',
        id: p.id,
        url: urls.program(Number(p.id)),
        name: p.name,
        image: shapeImage(p.image),
        info_url: orNull(p.info_url),
        wiki_url: orNull(p.wiki_url),
        description: orNull(p.description),
        agencies: keyList(p.agencies).map(agencyMini),
        start_date: orNull(p.start_date),
        end_date: orNull(p.end_date),
        mission_patches: ((p.mission_patches as Array<JsonObject | string> | undefined) ?? []).map(missionPatch),
        type: p.type,
      };
    });
  return {
    missionPatch,
    programNormal,
    /** `mission_patches/{id}/` (`MissionPatchDetailed`): the agency in detailed mode, the launches and programs that carry it. */
    missionPatchDetailed: (
      key: string,
      launches: readonly Json[],
      agencyDetailed: (key: string) => Json,
    ): JsonObject => ({
      ...patchFields(get('missionPatches', key), 'detailed', agencyDetailed),
      launches: [...launches],
      expeditions: [],
      program: kit.referrers('programs', 'mission_patches', key).map(programNormal),
    }),
  };
}

export type ProgramShapes = ReturnType<typeof programShapes>;
