// Astronauts in LL2 2.3.0's shapes, from the records import/astronauts.ts files
// (issue 21; not yet wired into the build): `AstronautNormal`, `AstronautDetailed`
// (as a crew member's `astronaut` is nested in a launch's spacecraft stage), a
// crew member (`AstronautFlight`) whose `astronaut` names its record by key, and
// the `astronauts/` endpoint's list, normal and detailed modes, with each
// astronaut's flights counted over our launches (crewFlights). In: a record by
// key, the url of an astronaut's detail file, and our agency (`AgencyMini`) and
// country shapes by key. Where the record states no value, what LL2 publishes for
// an unknown one: null, an empty list; `eva_time` (a required string, LL2's sum of
// the astronaut's spacewalks) is "P0D", as LL2 gives for an astronaut without
// spacewalks, since our data hold none. 2.2.0's `twitter`/`instagram` are not
// made into `social_media_links` (LL2's ids for its social media are not in the
// source); a 2.3.0 record's links are published. Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import { orNull, shapeImage, shapeSocialMediaLinks, str, type Mode } from './kit.ts';

export interface AstronautParts {
  /** The astronaut record filed under a key. */
  record: (key: string) => JsonObject;
  /** The url of an astronaut's detail file (`astronauts/{id}/` under our base URL). */
  url: (id: number) => string;
  agencyMini: (key: string) => Json;
  country: (key: string) => Json;
}

/** The crews of a spacecraft stage, in LL2's order. */
export const CREW_FIELDS = ['launch_crew', 'onboard_crew', 'landing_crew'] as const;

const idAndName = (value: Json | undefined): Json =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? { id: value.id ?? null, name: value.name ?? null }
    : null;

export function astronautShapes({ record, url, agencyMini, country }: AstronautParts) {
  const mini = (key: string, mode: Mode): JsonObject => {
    const a = record(key);
    return {
      id: a.id,
      url: url(a.id as number),
      name: a.name,
      status: idAndName(a.status),
      agency: typeof a.agency === 'string' ? agencyMini(a.agency) : null,
      image: shapeImage(a.image),
      response_mode: mode,
    };
  };
  const astronautNormal = (key: string): JsonObject => mini(key, 'normal');
  const astronautDetailed = (key: string): JsonObject => {
    const a = record(key);
    return {
      ...mini(key, 'detailed'),
      type: idAndName(a.type),
      in_space: a.in_space ?? false,
      time_in_space: orNull(a.time_in_space),
      eva_time: typeof a.eva_time === 'string' ? a.eva_time : 'P0D',
      age: orNull(a.age),
      date_of_birth: orNull(a.date_of_birth),
      date_of_death: orNull(a.date_of_death),
      nationality: (Array.isArray(a.nationality) ? a.nationality : [])
        .filter((k): k is string => typeof k === 'string')
        .map(country),
      bio: str(a.bio),
      wiki: orNull(a.wiki),
      last_flight: orNull(a.last_flight),
      first_flight: orNull(a.first_flight),
      social_media_links: shapeSocialMediaLinks(a.social_media_links),
    };
  };
  /** A crew member of a spacecraft stage (`AstronautFlight`): its astronaut from the record its key names. */
  const crewMember = (member: JsonObject): JsonObject => ({
    id: member.id,
    role: orNull(member.role),
    astronaut: typeof member.astronaut === 'string' ? astronautDetailed(member.astronaut) : orNull(member.astronaut),
  });
  /**
   * `astronauts/` in list mode is LL2's `AstronautDetailed` (response_mode "list");
   * in normal mode `AstronautEndpointNormal`: the astronaut with its counts of
   * flights (launches whose launch crew holds it) and landings (landing crews), from
   * `crewFlights`; `spacewalks_count` null, our data holding no spacewalks.
   */
  const endpointFields = (key: string, mode: Mode, flights: CrewFlights | undefined): JsonObject => ({
    ...astronautDetailed(key),
    response_mode: mode,
    flights_count: flights?.launches.length ?? 0,
    landings_count: flights?.landings ?? 0,
    spacewalks_count: null,
  });
  return {
    astronautNormal,
    astronautDetailed,
    crewMember,
    astronautList: (key: string): JsonObject => ({ ...astronautDetailed(key), response_mode: 'list' }),
    astronautEndpointNormal: (key: string, flights: CrewFlights | undefined): JsonObject =>
      endpointFields(key, 'normal', flights),
    /**
     * `astronauts/{id}/` (`AstronautEndpointDetailed`): its flights as LL2's
     * `LaunchNormal` (shaped by the caller, by launch id), `landings` and
     * `spacewalks` empty: spacecraft flights and spacewalks are not records yet.
     */
    astronautEndpointDetailed: (
      key: string,
      flights: CrewFlights | undefined,
      launchNormal: (id: string) => Json,
    ): JsonObject => ({
      ...endpointFields(key, 'detailed', flights),
      flights: (flights?.launches ?? []).map(launchNormal),
      landings: [],
      spacewalks: [],
    }),
  };
}

/** An astronaut's flights in our data: the launches whose launch crew holds it (by NET), and how many landing crews do. */
export interface CrewFlights {
  launches: string[];
  landings: number;
}

/** Each astronaut's flights, by key, from launches whose crews name astronauts by key. */
export function crewFlights(
  launches: ReadonlyArray<{ id: string; net: string; rocket: { spacecraft_stage?: JsonObject[] } }>,
): Map<string, CrewFlights> {
  const byKey = new Map<string, CrewFlights>();
  const entry = (key: string): CrewFlights => {
    let found = byKey.get(key);
    if (!found) byKey.set(key, (found = { launches: [], landings: 0 }));
    return found;
  };
  const ordered = [...launches].sort((a, b) => a.net.localeCompare(b.net) || a.id.localeCompare(b.id));
  for (const launch of ordered) {
    const flown = new Set<string>();
    for (const stage of launch.rocket.spacecraft_stage ?? []) {
      for (const member of Array.isArray(stage.launch_crew) ? stage.launch_crew : []) {
        if (member && typeof member === 'object' && !Array.isArray(member) && typeof member.astronaut === 'string')
          flown.add(member.astronaut);
      }
      for (const member of Array.isArray(stage.landing_crew) ? stage.landing_crew : []) {
        if (member && typeof member === 'object' && !Array.isArray(member) && typeof member.astronaut === 'string')
          entry(member.astronaut).landings++;
      }
    }
    for (const key of flown) entry(key).launches.push(launch.id);
  }
  return byKey;
}

export type AstronautShapes = ReturnType<typeof astronautShapes>;
