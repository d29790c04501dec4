// The astronauts of launches' crews as records of their own (issue 21). In:
// launches whose crews nest LL2's astronauts at `rocket.spacecraft_stage[].{launch,
// onboard,landing}_crew[].astronaut`, and our countries, agencies and astronauts
// by key. Out: the astronaut records (one per LL2 astronaut id,
// astronaut-record.ts) and the launches with each crew member naming its
// astronaut by key. Two ways: the migration's (extractAstronauts: the newest
// statement of an astronaut kept) and the import's (fileCrewAstronauts: each crew
// filed as a list stated when its launch was saved, astronaut-list.ts). Pure; a
// crew member that already names a key is left as it is, so a second run changes
// nothing.

import type { Json, JsonObject } from '../model/records.ts';
import { fileAstronautList } from './astronaut-list.ts';
import { Astronauts, str, type AstronautReference } from './astronaut-record.ts';
import { Conversions, oldestFirst } from './filer.ts';
import { isObject } from './schema-walk.ts';

/** The crews of a spacecraft stage, in LL2's order. */
const CREW_FIELDS = ['launch_crew', 'onboard_crew', 'landing_crew'] as const;

export interface AstronautResult {
  /** The launches that changed, by index in the input, each after the change. */
  launches: Array<{ index: number; after: JsonObject }>;
  astronauts: Map<string, JsonObject>;
  /** Whether any astronaut record was added or changed. */
  changed: boolean;
  /** What was converted, for the report: `conversion → times`. */
  conversions: Map<string, number>;
}

/**
 * A launch's spacecraft stages with each crew member that `nested` picks (in every crew
 * field, CREW_FIELDS) replaced by `replace`'s member; stages and members it does not pick
 * are kept as they are.
 */
function mapCrewMembers<M extends JsonObject>(
  stages: readonly Json[],
  nested: (member: Json) => member is M,
  replace: (member: M) => JsonObject,
): Json[] {
  return stages.map((stage) => {
    if (!isObject(stage)) return stage;
    const out: JsonObject = { ...stage };
    for (const field of CREW_FIELDS) {
      const crew = stage[field];
      if (Array.isArray(crew)) out[field] = crew.map((member) => (nested(member) ? replace(member) : member));
    }
    return out;
  });
}

/** The launches' nested astronauts as records, and the crews naming them by key. */
export function extractAstronauts(launches: readonly JsonObject[], reference: AstronautReference): AstronautResult {
  const astronauts = new Astronauts(reference);
  const changed: AstronautResult['launches'] = [];
  const nested = (member: Json): member is JsonObject & { astronaut: JsonObject } =>
    isObject(member) && isObject(member.astronaut) && typeof member.astronaut.id === 'number';
  // Oldest launch first, so that the newest statement of an astronaut is the one kept.
  for (const index of oldestFirst(launches)) {
    const launch = launches[index];
    const rocket = launch.rocket;
    if (!isObject(rocket) || !Array.isArray(rocket.spacecraft_stage)) continue;
    const hasNested = rocket.spacecraft_stage.some(
      (stage) => isObject(stage) && CREW_FIELDS.some((f) => Array.isArray(stage[f]) && stage[f].some(nested)),
    );
    if (!hasNested) continue;
    const stages = mapCrewMembers(rocket.spacecraft_stage, nested, (member) => {
      astronauts.conversions.count('nested astronaut → astronaut record');
      return { ...member, astronaut: astronauts.file(member.astronaut, launch) };
    });
    changed.push({ index, after: { ...launch, rocket: { ...rocket, spacecraft_stage: stages } } });
  }
  changed.sort((a, b) => a.index - b.index);
  return {
    launches: changed,
    astronauts: astronauts.filer.records,
    changed: astronauts.filer.changed,
    conversions: astronauts.conversions,
  };
}

/**
 * The crews' astronauts of imported launches (LL2's whole astronaut objects nested
 * at `rocket.spacecraft_stage[].{launch,onboard,landing}_crew[].astronaut`) filed as
 * our astronaut records, each crew member then naming its astronaut by key, as the
 * migration's `extractAstronauts` does, but under the import's rules: each launch's
 * crew is filed as a page of LL2's list of every astronaut stated when the launch
 * was saved (`provenance.saved_at`, else its `last_updated`): a null never replaces
 * a value we hold, a record whose last flight is later keeps every value and only
 * gains what it lacks, and a 2.2.0 launch never replaces what a 2.3.0 source stated
 * (fileAstronautList). Launches oldest first, so the newest statement is the one kept.
 */
export function fileCrewAstronauts(launches: readonly JsonObject[], reference: AstronautReference): AstronautResult {
  let records: ReadonlyMap<string, JsonObject> = reference.astronauts;
  const conversions = new Conversions();
  const changed: AstronautResult['launches'] = [];
  const changedKeys = new Set<string>();
  const nested = (member: Json): member is JsonObject & { astronaut: JsonObject & { id: number } } =>
    isObject(member) && isObject(member.astronaut) && typeof member.astronaut.id === 'number';
  for (const index of oldestFirst(launches)) {
    const launch = launches[index];
    const rocket = launch.rocket;
    if (!isObject(rocket) || !Array.isArray(rocket.spacecraft_stage)) continue;
    const crews = rocket.spacecraft_stage.flatMap((stage) =>
      isObject(stage) ? CREW_FIELDS.flatMap((f) => (Array.isArray(stage[f]) ? stage[f].filter(nested) : [])) : [],
    );
    if (crews.length === 0) continue;
    const list = [...new Map(crews.map((m) => [m.astronaut.id, m.astronaut])).values()];
    const provenance = isObject(launch.provenance) ? launch.provenance : {};
    const statedAt = str(provenance.saved_at) ?? str(launch.last_updated);
    const filed = fileAstronautList(
      list,
      { countries: reference.countries, agencies: reference.agencies, astronauts: records },
      {
        complete: false,
        fetchedAt: statedAt ?? '',
        version: str(provenance.ll2_version),
        page: true,
        savedBy: str(provenance.saved_by),
        statedAt,
      },
    );
    records = filed.astronauts;
    for (const key of filed.changed) changedKeys.add(key);
    const keyById = new Map([...filed.astronauts].map(([key, a]) => [a.id, key]));
    const stages = mapCrewMembers(rocket.spacecraft_stage, nested, (member) => {
      conversions.count('crew astronaut → astronaut key');
      return { ...member, astronaut: keyById.get(member.astronaut.id)! };
    });
    changed.push({ index, after: { ...launch, rocket: { ...rocket, spacecraft_stage: stages } } });
  }
  changed.sort((a, b) => a.index - b.index);
  return {
    launches: changed,
    astronauts: new Map(records),
    changed: changedKeys.size > 0,
    conversions,
  };
}
