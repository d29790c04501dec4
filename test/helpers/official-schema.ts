// Turning the official LL2 2.3.0 OpenAPI document (kept outside the repo, in
// ../shared/reference/) into JSON Schemas that ajv can check our output against.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { CONFIG_LISTS } from '../../scripts/schemas/config-lists.ts';
import type { ResponseKind } from './tree.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const OFFICIAL_OPENAPI =
  process.env.LL2_OPENAPI ?? path.resolve(PROJECT_ROOT, '../shared/reference/ll2-2.3.0-openapi.yml');

export const officialOpenApiAvailable = existsSync(OFFICIAL_OPENAPI);

type Node = Record<string, unknown>;

/** OpenAPI 3.0 `nullable: true` becomes a union with null; other keywords stay. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Node = {};
  for (const [key, value] of Object.entries(node as Node)) {
    if (key === 'nullable' || key === 'discriminator' || key === 'example' || key === 'readOnly' || key === 'writeOnly')
      continue;
    out[key] = key === '$ref' ? String(value).replace('#/components/schemas/', '#/definitions/') : toJsonSchema(value);
  }
  if ((node as Node).nullable === true) return { anyOf: [out, { type: 'null' }] };
  return out;
}

/**
 * Properties we publish as null where the document types them as never null
 * (docs/differences.md says why): a landing names the one stage or flight that
 * made it, the other two relations are null (LL2's own answers do the same); a
 * landing site's location is null where no source states one (LL2 2.3.0 itself
 * serves null for drone ships and oceans); a spacecraft flight's `duration` and `turn_around_time`
 * are null where the flight has not ended or the source states none (its
 * `landing` where none is stated, its `launch` where no launch of ours names it), a first
 * stage's `turn_around_time` and `previous_flight` where the booster had no
 * previous flight; a spacecraft configuration's `wiki_link` and `info_link` where the
 * source gives none (2.2.0 writes ""); a docking location names the one station, spacecraft
 * configuration or payload that holds it, the other two are null (as landings), and a station's
 * port has `currently_docked` null (we hold no docking events); a first stage's `landing` where
 * its source states none (LL2's own 2.2.0 answers give `null` for a booster without one, and its
 * 2.3.0 detailed launch gives a payload's `landing` as `null` against the same document:
 * ../shared/reference/ll2-facts.md §13); an astronaut's `status` where no source states one
 * (LL2 has no default status). Checked as nullable; every other value as the document says.
 */
const PUBLISHED_AS_NULL: Record<string, readonly string[]> = {
  LandingEndpointList: ['firststage', 'spacecraftflight', 'payloadflight'],
  LandingEndpointNormal: ['firststage', 'spacecraftflight', 'payloadflight'],
  LandingEndpointDetailed: ['firststage', 'spacecraftflight', 'payloadflight'],
  LandingLocation: ['location'],
  AstronautEndpointNormal: ['status'],
  AstronautEndpointDetailed: ['status'],
  SpacecraftConfigDetailed: ['wiki_link', 'info_link'],
  DockingLocation: ['spacestation', 'spacecraft', 'payload'],
  DockingLocationSerializerForSpacestation: ['currently_docked'],
  // A docking event is a spacecraft flight docking at a station: the other relations are null (as landings').
  ...Object.fromEntries(
    ['DockingEventEndpointNormal', 'DockingEventEndpointDetailed'].map((name) => [
      name,
      ['flight_vehicle_target', 'payload_flight_target', 'space_station_chaser', 'payload_flight_chaser'],
    ]),
  ),
  DockingEventForChaserNormal: ['flight_vehicle_target', 'payload_flight_target'],
  ...Object.fromEntries(
    [
      'SpacecraftFlightMini',
      'SpacecraftFlightNormal',
      'SpacecraftFlightDetailed',
      'SpacecraftFlightDetailedSerializerNoLaunch',
      'SpacecraftFlightMiniSerializerNoLanding',
      'SpacecraftFlightNormalSerializerNoLanding',
      'SpacecraftFlightDetailedSerializerNoLanding',
    ].map((name) => [name, ['duration', 'turn_around_time', 'landing', 'launch']]),
  ),
  ...Object.fromEntries(
    ['FirstStageMini', 'FirstStageNormalSerializerNoLanding', 'FirstStageDetailedSerializerNoLanding'].map((name) => [
      name,
      ['turn_around_time', 'previous_flight'],
    ]),
  ),
  FirstStageNormal: ['turn_around_time', 'previous_flight', 'landing'],
};

export function officialValidators(names: string[]): Record<string, ValidateFunction> {
  const text = readFileSync(OFFICIAL_OPENAPI, 'utf8').replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '');
  const schemas = (parse(text) as { components: { schemas: Node } }).components.schemas;
  for (const [name, properties] of Object.entries(PUBLISHED_AS_NULL)) {
    const props = (schemas[name] as { properties: Node }).properties;
    for (const property of properties) props[property] = { ...(props[property] as Node), nullable: true };
  }
  const definitions = toJsonSchema(schemas) as Node;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  ajv.addFormat('double', true);
  return Object.fromEntries(names.map((name) => [name, ajv.compile({ $ref: `#/definitions/${name}`, definitions })]));
}

/** The official schema of the objects in each kind of response: items of the list endpoint (normal mode), the detail endpoint. */
export const OBJECT_SCHEMA: Record<ResponseKind, string> = {
  'launch-page': 'LaunchNormal',
  'launch-detailed': 'LaunchDetailed',
  'event-page': 'EventEndpointNormal',
  'event-detailed': 'EventEndpointDetailed',
  'agency-page': 'AgencyNormal',
  'agency-detailed': 'AgencyEndpointDetailed',
  'pad-page': 'Pad',
  'pad-detailed': 'Pad',
  'location-page': 'Location',
  'location-detailed': 'LocationSerializerWithPads',
  'launcher-configuration-page': 'LauncherConfigNormal',
  'launcher-configuration-detailed': 'LauncherConfigDetailed',
  'launcher-configuration-family-page': 'LauncherConfigFamilyNormal',
  'launcher-configuration-family-detailed': 'LauncherConfigFamilyDetailed',
  'program-page': 'ProgramNormal',
  'program-detailed': 'ProgramNormal',
  'space-station-page': 'SpaceStationEndpoint',
  'space-station-detailed': 'SpaceStationDetailedEndpoint',
  'celestial-body-page': 'CelestialBodyNormal',
  'celestial-body-detailed': 'CelestialBodyEndpointDetailed',
  'agency-type-page': 'AgencyType',
  'agency-type-detailed': 'AgencyType',
  'country-page': 'Country',
  'country-detailed': 'Country',
  'event-type-page': 'EventType',
  'event-type-detailed': 'EventType',
  'launch-status-page': 'LaunchStatus',
  'launch-status-detailed': 'LaunchStatus',
  'mission-type-page': 'MissionType',
  'mission-type-detailed': 'MissionType',
  'net-precision-page': 'NetPrecision',
  'net-precision-detailed': 'NetPrecision',
  'orbit-page': 'Orbit',
  'orbit-detailed': 'Orbit',
  'launcher-page': 'LauncherNormal',
  'launcher-detailed': 'LauncherDetailed',
  'astronaut-page': 'AstronautEndpointNormal',
  'astronaut-detailed': 'AstronautEndpointDetailed',
  'landing-page': 'LandingEndpointNormal',
  'landing-detailed': 'LandingEndpointDetailed',
  'spacecraft-page': 'SpacecraftNormal',
  'spacecraft-detailed': 'SpacecraftEndpointDetailed',
  'spacecraft-configuration-page': 'SpacecraftConfigNormal',
  'spacecraft-configuration-detailed': 'SpacecraftConfigDetailed',
  'spacecraft-flight-page': 'SpacecraftFlightNormal',
  'spacecraft-flight-detailed': 'SpacecraftFlightDetailed',
  'mission-patch-page': 'MissionPatch',
  'mission-patch-detailed': 'MissionPatchDetailed',
  'update-page': 'Update',
  'update-detailed': 'Update',
  'docking-event-page': 'DockingEventEndpointNormal',
  'docking-event-detailed': 'DockingEventEndpointDetailed',
  'expedition-page': 'ExpeditionNormal',
  'expedition-detailed': 'ExpeditionDetailed',
  'launcher-status-page': 'LauncherStatus',
  'launcher-status-detailed': 'LauncherStatus',
  // The config lists collected from the records: each under LL2's schema of its object (test/config-lists.test.ts fills every one).
  ...(Object.fromEntries(
    CONFIG_LISTS.flatMap((c) => [
      [`${c.schema}-page`, c.ll2],
      [`${c.schema}-detailed`, c.ll2],
    ]),
  ) as Record<`${(typeof CONFIG_LISTS)[number]['schema']}-${'page' | 'detailed'}`, string>),
};
