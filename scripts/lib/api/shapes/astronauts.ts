// A launch's crews in LL2 2.3.0's shapes, and each astronaut's flights over our
// launches. Astronauts themselves are declared (schemas/resources/astronauts.ts); a crew
// member (`AstronautFlight`) names its astronaut by key and nests it as that
// declaration's nested object (LL2's `AstronautDetailed`). In: the declared astronauts'
// shapes; the launches. Out: the crew member shape, the crews' field names and the
// flights counted from the launches. Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import type { DeclaredShapes } from './declared.ts';
import { orNull } from './kit.ts';

/** The crews of a spacecraft stage, in LL2's order. */
export const CREW_FIELDS = ['launch_crew', 'onboard_crew', 'landing_crew'] as const;

/** A crew member of a spacecraft stage (`AstronautFlight`): its astronaut from the record its key names. */
export const crewMemberShape =
  (astronauts: DeclaredShapes) =>
  (member: JsonObject): Json => ({
    id: member.id,
    role: orNull(member.role),
    astronaut: typeof member.astronaut === 'string' ? astronauts.nested(member.astronaut) : orNull(member.astronaut),
  });

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
