// Agencies as the other shapes nest them: the declared agencies' objects
// (schemas/resources/agencies.ts) under the names launches, events, astronauts and the
// declared resources nesting them use. In: their declared shapes. Out: those shapes. Pure.

import type { DeclaredShapes } from './declared.ts';

export function agencyShapes(agencies: DeclaredShapes) {
  return {
    /** `AgencyMini`: a normal launch's provider, an event's, program's or astronaut's agency. */
    agencyMini: agencies.mini,
    /** `AgencyNormal`, as a rocket's list nests its manufacturer. */
    agencyNormal: agencies.normal,
    /**
     * `AgencyDetailedAsNormal`, the detailed fields under the label "normal": how LL2 2.3.0
     * writes mission agencies, manufacturers and the provider of a detailed launch.
     */
    agencyDetailed: agencies.nested,
  };
}

export type AgencyShapes = ReturnType<typeof agencyShapes>;
