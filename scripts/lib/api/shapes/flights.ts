// What a detailed launch nests of its flights, in LL2 2.3.0's shapes, from the
// objects our launches carry as the source gave them (LL2 2.2.0's layout or
// 2.3.0's): landings (`Landing`, with its `LandingLocation`) of boosters and
// spacecraft, and spacecraft stages (`SpacecraftFlightDetailedSerializerNoLaunch`,
// with the spacecraft and its configuration). Every `url` names a file under our
// base URL (api/paths.ts); the places, agencies and astronauts they name by LL2 id
// are shaped from our records. Where the source states no value, what LL2
// publishes for an unknown one (null, an empty list). A spacecraft stage without
// its spacecraft (the crew alone, as trimmed 2.2.0 copies saved it) cannot be
// published in 2.3.0's shape without inventing the flight: it is left out (its
// crew stay in `astronauts/`). Docking events are left out until they are
// published resources (their `url` would name no file of ours). Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import { formatDuration } from '../../model/stats.ts';
import type { AgencyShapes } from './agencies.ts';
import { CREW_FIELDS, type AstronautShapes } from './astronauts.ts';
import { orNull, shapeImage, str, type ShapeKit } from './kit.ts';
import type { PlaceShapes } from './places.ts';

const isObject = (value: Json | undefined): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);
/** LL2's id of our Earth record: 2.2.0's landing locations name no body, and all of them are on Earth. */
const EARTH_ID = 1;
/** A link or nothing: LL2 writes "" for an unknown one, where 2.3.0 types it as a uri. */
const link = (value: Json | undefined): string | undefined => (typeof value === 'string' && /^https?:\/\//.test(value) ? value : undefined);

export function landingShapes({ urls, keyById }: ShapeKit, { location, celestialBodyNormal }: PlaceShapes) {
  const body = (given: Json | undefined): Json => {
    const key = keyById('celestialBodies', isObject(given) ? given.id : EARTH_ID);
    return key === undefined ? null : celestialBodyNormal(key);
  };
  /** `LandingLocation`: 2.3.0's `landing_location`, or 2.2.0's `location` of a landing. */
  const landingLocation = (l: JsonObject): JsonObject => {
    const place = isObject(l.location) ? keyById('locations', l.location.id) : undefined;
    return {
      id: l.id, name: str(l.name), ...(typeof l.active === 'boolean' ? { active: l.active } : {}), abbrev: str(l.abbrev),
      description: orNull(l.description), location: place === undefined ? null : location(place),
      longitude: orNull(l.longitude), latitude: orNull(l.latitude), image: shapeImage(l.image),
      successful_landings: orNull(l.successful_landings), attempted_landings: orNull(l.attempted_landings),
      failed_landings: orNull(l.failed_landings), celestial_body: body(l.celestial_body),
    };
  };
  /** `Landing`, with its `url` under `landings/`; null where the source gives none, as LL2 writes it. */
  const landing = (value: Json | undefined): Json => {
    if (!isObject(value)) return null;
    const where = isObject(value.landing_location) ? value.landing_location : isObject(value.location) ? value.location : null;
    return {
      id: value.id, url: urls.landing(Number(value.id)), attempt: value.attempt ?? false, success: orNull(value.success),
      description: str(value.description), downrange_distance: orNull(value.downrange_distance),
      landing_location: where ? landingLocation(where) : null, type: orNull(value.type),
    };
  };
  return { landing };
}

export type LandingShapes = ReturnType<typeof landingShapes>;

interface FlightParts {
  landing: LandingShapes['landing'];
  agencies: AgencyShapes;
  astronauts: AstronautShapes;
}

export function flightShapes({ urls, keyById }: ShapeKit, { landing, agencies, astronauts }: FlightParts) {
  /** `SpacecraftConfigDetailed`; 2.2.0's `image_url` is an image object with id 0 (the URL alone is known), as the importer writes it. */
  const configuration = (c: JsonObject): JsonObject => {
    const agency = isObject(c.agency) ? keyById('agencies', c.agency.id) : undefined;
    const image = isObject(c.image) ? c.image : typeof c.image_url === 'string' && c.image_url !== '' ? { id: 0, name: '', image_url: c.image_url } : null;
    const wiki = link(c.wiki_link);
    const info = link(c.info_link);
    return {
      response_mode: 'detailed', id: c.id, url: urls.spacecraftConfiguration(Number(c.id)), name: str(c.name), type: orNull(c.type),
      agency: agency === undefined ? null : agencies.agencyNormal(agency), family: Array.isArray(c.family) ? c.family : null,
      in_use: c.in_use ?? true, image: shapeImage(image), capability: str(c.capability), history: str(c.history), details: str(c.details),
      maiden_flight: orNull(c.maiden_flight), height: orNull(c.height), diameter: orNull(c.diameter), human_rated: c.human_rated ?? false,
      crew_capacity: orNull(c.crew_capacity), payload_capacity: orNull(c.payload_capacity),
      payload_return_capacity: orNull(c.payload_return_capacity), flight_life: orNull(c.flight_life),
      ...(wiki === undefined ? {} : { wiki_link: wiki }), ...(info === undefined ? {} : { info_link: info }),
      spacecraft_flown: orNull(c.spacecraft_flown), total_launch_count: orNull(c.total_launch_count),
      successful_launches: orNull(c.successful_launches), failed_launches: orNull(c.failed_launches),
      attempted_landings: orNull(c.attempted_landings), successful_landings: orNull(c.successful_landings),
      failed_landings: orNull(c.failed_landings), fastest_turnaround: orNull(c.fastest_turnaround),
    };
  };
  /** `SpacecraftDetailed`. */
  const spacecraft = (s: JsonObject): JsonObject => ({
    response_mode: 'detailed', id: s.id, url: urls.spacecraft(Number(s.id)), name: str(s.name), serial_number: orNull(s.serial_number),
    is_placeholder: s.is_placeholder ?? false, image: shapeImage(s.image), in_space: s.in_space ?? false,
    time_in_space: orNull(s.time_in_space), time_docked: orNull(s.time_docked), flights_count: orNull(s.flights_count),
    mission_ends_count: orNull(s.mission_ends_count), status: orNull(s.status), description: str(s.description),
    spacecraft_config: isObject(s.spacecraft_config) ? configuration(s.spacecraft_config) : null,
    fastest_turnaround: orNull(s.fastest_turnaround),
  });
  const crew = (members: Json | undefined): Json[] =>
    (Array.isArray(members) ? members : []).map((m) => (isObject(m) ? astronauts.crewMember(m) : m));
  /**
   * One stage of `rocket.spacecraft_stage`, or null for a stage that names no
   * spacecraft. `duration` runs from the launch's NET to the stated mission end (null
   * while none is stated); `turn_around_time` is null: our data hold no previous
   * flight of the spacecraft.
   */
  const spacecraftStage = (stage: JsonObject, net: string): JsonObject | null => {
    if (!isObject(stage.spacecraft)) return null;
    const end = typeof stage.mission_end === 'string' ? Date.parse(stage.mission_end) : Number.NaN;
    return {
      id: stage.id, url: urls.spacecraftFlight(Number(stage.id)), destination: orNull(stage.destination), mission_end: orNull(stage.mission_end),
      spacecraft: spacecraft(stage.spacecraft), landing: landing(stage.landing),
      duration: typeof stage.duration === 'string' ? stage.duration : Number.isNaN(end) ? null : formatDuration(end - Date.parse(net)),
      turn_around_time: typeof stage.turn_around_time === 'string' ? stage.turn_around_time : null, response_mode: 'detailed',
      ...Object.fromEntries(CREW_FIELDS.map((field) => [field, crew(stage[field])])),
      docking_events: [],
    };
  };
  return { spacecraftStage };
}

export type FlightShapes = ReturnType<typeof flightShapes>;
