// Astronauts in LL2 2.3.0's shapes, from the records import/astronauts.ts files
// (issue 21; not yet wired into the build): `AstronautNormal` (list pages),
// `AstronautDetailed` (as a crew member's `astronaut` is nested in a launch's
// spacecraft stage) and a crew member, `AstronautFlight`, whose `astronaut` names
// its record by key. In: a record by key, the url of an astronaut's detail file,
// and our agency (`AgencyMini`) and country shapes by key. Where the record states
// no value, what LL2 publishes for an unknown one: null, an empty list; `eva_time`
// (a required string, LL2's sum of the astronaut's spacewalks) is "P0D", as LL2
// gives for an astronaut without spacewalks, since our data hold none. 2.2.0's
// `twitter`/`instagram` are not made into `social_media_links` (LL2's ids for its
// social media are not in the source); a 2.3.0 record's links are published. Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import { orNull, shapeImage, str, type Mode } from './kit.ts';

export interface AstronautParts {
  /** The astronaut record filed under a key. */
  record: (key: string) => JsonObject;
  /** The url of an astronaut's detail file (`astronauts/{id}/` under our base URL). */
  url: (id: number) => string;
  agencyMini: (key: string) => Json;
  country: (key: string) => Json;
}

const idAndName = (value: Json | undefined): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? { id: value.id ?? null, name: value.name ?? null } : null;

export function astronautShapes({ record, url, agencyMini, country }: AstronautParts) {
  const mini = (key: string, mode: Mode): JsonObject => {
    const a = record(key);
    return {
      id: a.id, url: url(a.id as number), name: a.name, status: idAndName(a.status),
      agency: typeof a.agency === 'string' ? agencyMini(a.agency) : null, image: shapeImage(a.image), response_mode: mode,
    };
  };
  const astronautNormal = (key: string): JsonObject => mini(key, 'normal');
  const astronautDetailed = (key: string): JsonObject => {
    const a = record(key);
    return {
      ...mini(key, 'detailed'), type: idAndName(a.type), in_space: a.in_space ?? false, time_in_space: orNull(a.time_in_space),
      eva_time: typeof a.eva_time === 'string' ? a.eva_time : 'P0D', age: orNull(a.age), date_of_birth: orNull(a.date_of_birth),
      date_of_death: orNull(a.date_of_death),
      nationality: (Array.isArray(a.nationality) ? a.nationality : []).filter((k): k is string => typeof k === 'string').map(country),
      bio: str(a.bio), wiki: orNull(a.wiki), last_flight: orNull(a.last_flight), first_flight: orNull(a.first_flight),
      social_media_links: Array.isArray(a.social_media_links) ? a.social_media_links : [],
    };
  };
  /** A crew member of a spacecraft stage (`AstronautFlight`): its astronaut from the record its key names. */
  const crewMember = (member: JsonObject): JsonObject => ({
    id: member.id, role: orNull(member.role),
    astronaut: typeof member.astronaut === 'string' ? astronautDetailed(member.astronaut) : orNull(member.astronaut),
  });
  return { astronautNormal, astronautDetailed, crewMember };
}

export type AstronautShapes = ReturnType<typeof astronautShapes>;
