// The figures LL2 counts over its whole database that a reference record may carry
// (`ll2_figures`, stored by the importer as of the import): their names by kind and
// the schema of the block. In: the schema building blocks. Out: those. Pure.

import { duration, nullableInt, nullableTimestamp, object, type Schema } from './building-blocks.ts';

/** Tallies LL2 counts over its whole database (agencies, rockets, families). */
export const TALLY_FIGURES = [
  'total_launch_count',
  'consecutive_successful_launches',
  'successful_launches',
  'failed_launches',
  'pending_launches',
];
export const LANDING_FIGURES = [
  'attempted_landings',
  'successful_landings',
  'failed_landings',
  'consecutive_successful_landings',
];
/** Both, in alphabetical order: the order of LL2's parameters of them (a family's, a configuration's, an agency's). */
export const COUNTED_FIGURES = [...LANDING_FIGURES, ...TALLY_FIGURES].sort();

/**
 * The figures of each reference kind that LL2 derives from its whole database. The
 * importer stores LL2's values "as of import" in an optional `ll2_figures` block;
 * the build publishes them instead of counting our (smaller) data set. Delete the
 * block to have the build count again.
 */
export const LL2_FIGURES = {
  agencies: [
    ...TALLY_FIGURES,
    'consecutive_successful_landings',
    'successful_landings',
    'failed_landings',
    'attempted_landings',
    'successful_landings_spacecraft',
    'failed_landings_spacecraft',
    'attempted_landings_spacecraft',
    'successful_landings_payload',
    'failed_landings_payload',
    'attempted_landings_payload',
  ],
  celestialBodies: [
    'total_attempted_launches',
    'successful_launches',
    'failed_launches',
    'total_attempted_landings',
    'successful_landings',
    'failed_landings',
  ],
  launcherFamilies: [...TALLY_FIGURES, ...LANDING_FIGURES],
  launcherConfigurations: [...TALLY_FIGURES, ...LANDING_FIGURES, 'fastest_turnaround'],
  locations: ['total_launch_count', 'total_landing_count'],
  pads: ['total_launch_count', 'orbital_launch_attempt_count', 'fastest_turnaround'],
  // Counts of one moment (who is aboard, what is docked), published with their `as_of` (docs/differences.md).
  spaceStations: ['onboard_crew', 'docked_vehicles'],
} as const;

export function ll2Figures(names: readonly string[]): Schema {
  return {
    ...object(
      {},
      {
        ...Object.fromEntries(names.map((n) => [n, n === 'fastest_turnaround' ? duration : nullableInt()])),
        // When LL2 stated them (the source record's last_updated, or the file's save date): an older source does not replace them.
        as_of: nullableTimestamp,
      },
    ),
    description: "LL2's own figures as of the import; the build publishes them instead of counting our launches",
  };
}
