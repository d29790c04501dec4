// The declared LL2 reference resources, one line each (the router of Django REST
// Framework): every registry that lists resources reads this list
// (resources/declaration.ts names them). In: the declaration modules. Out: the list
// and the kinds and schema names it adds. Adding a resource: its declaration module
// beside this one and its line here.

import { AGENCIES } from './agencies.ts';
import { ASTRONAUTS } from './astronauts.ts';
import { CELESTIAL_BODIES } from './celestial-bodies.ts';
import { CONFIG_KINDS } from './config.ts';
import { DOCKING_EVENTS } from './docking-events.ts';
import { EXPEDITIONS } from './expeditions.ts';
import { LANDINGS } from './landings.ts';
import { LAUNCHER_CONFIGURATIONS } from './launcher-configurations.ts';
import { LAUNCHER_FAMILIES } from './launcher-families.ts';
import { LAUNCHERS } from './launchers.ts';
import { LOCATIONS } from './locations.ts';
import { MISSION_PATCHES } from './mission-patches.ts';
import { PADS } from './pads.ts';
import { PROGRAMS } from './programs.ts';
import { SPACE_STATIONS } from './space-stations.ts';
import { SPACECRAFT } from './spacecraft.ts';
import { SPACECRAFT_FLIGHTS } from './spacecraft-flights.ts';
import { SPACECRAFT_CONFIGURATIONS } from './spacecraft-configurations.ts';
import { UPDATES } from './updates.ts';

export const DECLARED_RESOURCES = [
  EXPEDITIONS,
  PROGRAMS,
  ...CONFIG_KINDS,
  SPACECRAFT_CONFIGURATIONS,
  MISSION_PATCHES,
  DOCKING_EVENTS,
  UPDATES,
  LOCATIONS,
  PADS,
  LAUNCHER_FAMILIES,
  CELESTIAL_BODIES,
  LAUNCHERS,
  SPACE_STATIONS,
  LAUNCHER_CONFIGURATIONS,
  AGENCIES,
  SPACECRAFT,
  ASTRONAUTS,
  LANDINGS,
  SPACECRAFT_FLIGHTS,
] as const;

export type DeclaredResource = (typeof DECLARED_RESOURCES)[number];
/** The reference kinds declared here (they join ReferenceKind: schemas/data-files.ts). */
export type DeclaredKind = DeclaredResource['kind'];
/** Their published response schema names (they join ResourceSchemaName: schemas/responses.ts). */
export type DeclaredSchemaName = DeclaredResource['schema'];
