// Where records refer to other records: the places, in launches, events and
// reference records, that hold the key of a reference record (or a launch id).
// The reference rule checks them (data/rules/references.ts) and the importer
// fills them (import/map.ts).

import type { FileReferenceKind as ReferenceKind } from '../../schemas/data-files.ts';
import { DECLARED_RESOURCES, type DeclaredKind } from '../../schemas/resources/index.ts';
import type { PathSegment } from './records.ts';

export type Target = ReferenceKind | 'launches';

/** Where references sit in each kind of record; `*` stands for every item of a list. */
export const LAUNCH_REFERENCES: Array<[PathSegment[], ReferenceKind]> = [
  [['status'], 'launchStatuses'],
  [['net_precision'], 'netPrecisions'],
  [['launch_service_provider'], 'agencies'],
  [['rocket', 'configuration'], 'launcherConfigurations'],
  [['rocket', 'launcher_stage', '*', 'launcher'], 'launchers'],
  [['rocket', 'launcher_stage', '*', 'landing'], 'landings'],
  [['rocket', 'spacecraft_stage', '*', 'landing'], 'landings'],
  [['rocket', 'spacecraft_stage', '*', 'spacecraft'], 'spacecraft'],
  [['rocket', 'spacecraft_stage', '*', 'flight'], 'spacecraftFlights'],
  [['rocket', 'spacecraft_stage', '*', 'launch_crew', '*', 'astronaut'], 'astronauts'],
  [['rocket', 'spacecraft_stage', '*', 'onboard_crew', '*', 'astronaut'], 'astronauts'],
  [['rocket', 'spacecraft_stage', '*', 'landing_crew', '*', 'astronaut'], 'astronauts'],
  [['pad'], 'pads'],
  [['mission', 'type'], 'missionTypes'],
  [['mission', 'orbit'], 'orbits'],
  [['mission', 'agencies', '*'], 'agencies'],
  [['program', '*'], 'programs'],
  [['mission_patches', '*', 'agency'], 'agencies'],
  [['mission_patches', '*'], 'missionPatches'],
  [['updates', '*'], 'updates'],
];

export const EVENT_REFERENCES: Array<[PathSegment[], Target]> = [
  [['type'], 'eventTypes'],
  [['date_precision'], 'netPrecisions'],
  [['agencies', '*'], 'agencies'],
  [['launches', '*'], 'launches'],
  [['spacestations', '*'], 'spaceStations'],
  [['program', '*'], 'programs'],
];

/** References inside reference records, relative to one record. */
/** The Starship dashboard's references (reference/starship-dashboard.yaml): its orbiters are our spacecraft. */
export const DASHBOARD_REFERENCES: Array<[PathSegment[], ReferenceKind]> = [[['orbiters', '*'], 'spacecraft']];

export const REFERENCE_REFERENCES: Partial<Record<ReferenceKind, Array<[PathSegment[], ReferenceKind]>>> = {
  // The declared resources' (schemas/resources/): what their declaration says they refer to.
  ...(Object.fromEntries(DECLARED_RESOURCES.map((d) => [d.kind, d.refers])) as Record<
    DeclaredKind,
    Array<[PathSegment[], ReferenceKind]>
  >),
};
