// The mission patches programs and launches carry (`MissionPatch`, from the record
// a key names), with `mission_patches/{id}/` (`MissionPatchDetailed`, the programs
// that carry it as `Program`, which their declaration makes: schemas/resources/programs.ts).
// In: the shape kit, the agencies' shapes and the program's. Out: those shapes and the
// program's, for the shapes that nest it. Pure.

import type { Json, JsonObject, MissionPatchRecord } from '../../model/records.ts';
import type { AgencyShapes } from './agencies.ts';
import type { ShapeKit } from './kit.ts';

export function programShapes(kit: ShapeKit, { agencyMini }: AgencyShapes, programNormal: (key: string) => Json) {
  const { once, get } = kit;
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
