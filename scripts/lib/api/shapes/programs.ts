// Programs (`ProgramNormal`, nested and as `programs/{id}/`) and the mission
// patches they and launches carry. Pure.

import type { Json, JsonObject, MissionPatchRecord } from '../../model/records.ts';
import type { AgencyShapes } from './agencies.ts';
import { keyList, orNull, shapeImage, type ShapeKit } from './kit.ts';

export function programShapes({ once, get, urls }: ShapeKit, { agencyMini }: AgencyShapes) {
  const missionPatch = (patch: MissionPatchRecord | JsonObject): Json => ({
    id: patch.id as number, name: patch.name as string, priority: (patch.priority as number | undefined) ?? 10,
    image_url: patch.image_url as string, agency: typeof patch.agency === 'string' ? agencyMini(patch.agency) : null,
    response_mode: 'normal',
  });
  const programNormal = (key: string): Json => once(`program:${key}`, () => {
    const p = get('programs', key);
    return {
      response_mode: 'normal', id: p.id, url: urls.program(Number(p.id)), name: p.name, image: shapeImage(p.image),
      info_url: orNull(p.info_url), wiki_url: orNull(p.wiki_url), description: orNull(p.description),
      agencies: keyList(p.agencies).map(agencyMini), start_date: orNull(p.start_date), end_date: orNull(p.end_date),
      mission_patches: ((p.mission_patches as JsonObject[] | undefined) ?? []).map(missionPatch), type: p.type,
    };
  });
  return { missionPatch, programNormal };
}

export type ProgramShapes = ReturnType<typeof programShapes>;
