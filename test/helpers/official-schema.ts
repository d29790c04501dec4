// Turning the official LL2 2.3.0 OpenAPI document (kept outside the repo, in
// ../shared/reference/) into JSON Schemas that ajv can check our output against.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

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
 * port has `currently_docked` null (we hold no docking events). Checked as nullable; every other
 * value as the document says.
 */
const PUBLISHED_AS_NULL: Record<string, readonly string[]> = {
  LandingEndpointList: ['firststage', 'spacecraftflight', 'payloadflight'],
  LandingEndpointNormal: ['firststage', 'spacecraftflight', 'payloadflight'],
  LandingEndpointDetailed: ['firststage', 'spacecraftflight', 'payloadflight'],
  LandingLocation: ['location'],
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
    [
      'FirstStageMini',
      'FirstStageNormal',
      'FirstStageNormalSerializerNoLanding',
      'FirstStageDetailedSerializerNoLanding',
    ].map((name) => [name, ['turn_around_time', 'previous_flight']]),
  ),
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
