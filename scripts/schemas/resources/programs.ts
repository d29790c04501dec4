// Programs (LL2's `programs/`), declared once: a program of missions (Artemis,
// Commercial Crew), from data/reference/programs.yaml. In: nothing. Out: the
// declaration the registries read (resources/declaration.ts says what each part
// becomes). LL2 has one object of it, `Program` (normal mode), on its list, its
// detail and nested in launches, events and rocket configurations; its list mode
// (`ProgramMini`, its `mini` fields, which no definition of ours names) is cut from
// it (api/projection.ts). Pure.

import {
  idName,
  int,
  keys,
  list,
  missionPatch,
  nullableImage,
  nullableStr,
  nullableTimestamp,
  nullableUrl,
  object,
  provenance,
  str,
} from '../building-blocks.ts';
import type { JsonObject } from '../../lib/base/json-types.ts';
import { resource } from './declaration.ts';
import { responseMode, stated } from './fields.ts';

const NORMAL = ['normal'] as const;
/** The fields of its list mode too (`ProgramMini`: api/projection.ts cuts it from the normal object). */
const WITH_MINI = ['mini', 'normal'] as const;

export const PROGRAMS = resource({
  kind: 'programs',
  file: 'programs',
  /** Its agencies by key, its mission patches as LL2 states them. */
  record: object(
    { id: int(1), name: str(255), type: idName },
    {
      image: nullableImage,
      info_url: nullableUrl,
      wiki_url: nullableUrl,
      description: nullableStr(40000),
      agencies: keys,
      start_date: nullableTimestamp,
      end_date: nullableTimestamp,
      mission_patches: list(missionPatch),
      provenance,
    },
  ),
  refers: [
    [['agencies', '*'], 'agencies'],
    [['mission_patches', '*', 'agency'], 'agencies'],
  ],
  path: 'programs/',
  title: 'program',
  summaries: { list: 'Every program, by id', detail: 'One program' },
  schema: 'program',
  ll2: 'Program',
  definitions: { normal: 'Program' },
  nestedAs: 'normal',
  untypedModes: ['mini'],
  fields: [
    responseMode(WITH_MINI),
    { name: 'id', modes: WITH_MINI, schema: (t) => t.i, value: (p) => p.id },
    { name: 'url', modes: WITH_MINI, schema: (t) => t.uri, value: (p, t) => t.url(p.id) },
    { name: 'name', modes: WITH_MINI, schema: (t) => t.s, value: (p) => p.name },
    { name: 'image', modes: WITH_MINI, schema: (t) => t.nullable(t.ref('Image')), value: (p, t) => t.image(p.image) },
    stated('info_url', WITH_MINI, (t) => t.nuri),
    stated('wiki_url', WITH_MINI, (t) => t.nuri),
    stated('description', NORMAL, (t) => t.ns),
    {
      name: 'agencies',
      modes: NORMAL,
      schema: (t) => t.arr(t.ref('AgencyMini')),
      value: (p, t) => (Array.isArray(p.agencies) ? (p.agencies as string[]) : []).map(t.of('agencies').mini),
    },
    stated('start_date', NORMAL, (t) => t.nts),
    stated('end_date', NORMAL, (t) => t.nts),
    {
      name: 'mission_patches',
      modes: NORMAL,
      schema: (t) => t.arr(t.ref('MissionPatch')),
      value: (p, t) =>
        ((p.mission_patches as Array<JsonObject | string> | undefined) ?? []).map((patch) =>
          t.of('missionPatches').normal(patch),
        ),
    },
    { name: 'type', modes: NORMAL, schema: (t) => t.ref('IdName'), value: (p) => p.type },
  ],
  // Its description names no searched or ordering fields: DRF's SearchFilter without
  // fields leaves the list as it is, its OrderingFilter accepts the plain fields.
  table: {
    modes: ['list', 'normal'],
    cells: { name: { text: 'name' }, start_date: { text: 'start_date' }, end_date: { text: 'end_date' } },
    filters: {},
    search: {},
    ordering: { id: 'id', name: 'name', start_date: 'start_date', end_date: 'end_date' },
  },
  ll2Parameters: ({ common }) => [...common],
  placement: {
    kind: 'launcherFamilies',
    file: 'pads',
    schema: 'launcher-configuration-family',
    definition: 'MissionPatch',
  },
});
