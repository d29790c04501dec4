// Landings, spacecraft and spacecraft configurations as records of their own
// (issue 21). In: launches whose stages nest LL2's objects, in 2.2.0's layout
// (`landing.location`, `image_url`, a spacecraft configuration's agency nested
// whole) or 2.3.0's (`landing_location`, image objects): each first stage's
// `landing` (`rocket.launcher_stage[].landing`) and each spacecraft stage's
// `landing` and `spacecraft` (`rocket.spacecraft_stage[]`, the spacecraft's
// `spacecraft_config` within it); our agencies and locations by key (a landing
// site's location by LL2 id); the records already filed.
// Out: one record per LL2 id of each kind (data/reference/landings.yaml,
// spacecraft.yaml, spacecraft-configurations.yaml), values as the source states
// them, its source in `provenance`, every value that had to be matched or
// assumed in `provenance.assumed`; and the launches with each stage naming its
// landing and spacecraft by key, and each spacecraft stage with LL2's id naming
// its spacecraft flight (data/reference/spacecraft-flights.yaml: the stage's
// spacecraft, landing, destination and end) and keeping its crews. Pure; a stage that already names a key is left
// as it is, so a second run changes nothing.

import type { Json, JsonObject } from '../model/records.ts';
import { Conversions, oldestFirst, RecordFiler } from './filer.ts';
import { keyWord } from './keys.ts';
import { nestedProvenance } from './provenance.ts';
import { isObject } from './schema-walk.ts';

export interface SpacecraftReference {
  agencies: ReadonlyMap<string, JsonObject>;
  locations: ReadonlyMap<string, JsonObject>;
  /** Our celestial bodies, for a landing site's `celestial_body` (by LL2 id); none given: the sites keep what they state. */
  celestialBodies?: ReadonlyMap<string, JsonObject>;
  landings: ReadonlyMap<string, JsonObject>;
  spacecraft: ReadonlyMap<string, JsonObject>;
  spacecraftConfigurations: ReadonlyMap<string, JsonObject>;
  spacecraftFlights: ReadonlyMap<string, JsonObject>;
}

export type SpacecraftKind = 'landings' | 'spacecraft' | 'spacecraftConfigurations' | 'spacecraftFlights';
export const SPACECRAFT_KINDS: readonly SpacecraftKind[] = [
  'landings',
  'spacecraft',
  'spacecraftConfigurations',
  'spacecraftFlights',
];

export interface SpacecraftResult {
  /** The launches that changed, by index in the input, each after the change. */
  launches: Array<{ index: number; after: JsonObject }>;
  records: Record<SpacecraftKind, Map<string, JsonObject>>;
  changed: Record<SpacecraftKind, boolean>;
  conversions: Map<string, number>;
}

const str = (value: Json | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const hasId = (value: Json | undefined): value is JsonObject & { id: number } =>
  isObject(value) && typeof value.id === 'number';

/** Copies the named fields the source states (null kept: LL2's value for unknown). */
function copy(from: JsonObject, fields: readonly string[], to: JsonObject = {}): JsonObject {
  for (const field of fields) if (from[field] !== undefined) to[field] = from[field];
  return to;
}

const LANDING_FIELDS = ['attempt', 'success', 'description', 'downrange_distance'] as const;
const LANDING_LOCATION_FIELDS = [
  'id',
  'name',
  'abbrev',
  'description',
  'location',
  'active',
  'longitude',
  'latitude',
  'image',
  'successful_landings',
  'attempted_landings',
  'failed_landings',
] as const;
const LANDING_TYPE_FIELDS = ['id', 'name', 'abbrev', 'description'] as const;
const SPACECRAFT_FIELDS = [
  'name',
  'serial_number',
  'is_placeholder',
  'in_space',
  'time_in_space',
  'time_docked',
  'flights_count',
  'mission_ends_count',
  'description',
  'fastest_turnaround',
] as const;
/** A spacecraft flight's own fields, and what its stage in the launch keeps. */
const FLIGHT_FIELDS = ['spacecraft', 'landing', 'destination', 'mission_end'] as const;
const STAGE_FIELDS = ['launch_crew', 'onboard_crew', 'landing_crew', 'docking_events'] as const;
const CONFIGURATION_FIELDS = [
  'name',
  'in_use',
  'capability',
  'history',
  'details',
  'maiden_flight',
  'height',
  'diameter',
  'human_rated',
  'crew_capacity',
  'payload_capacity',
  'payload_return_capacity',
  'flight_life',
  'wiki_link',
  'info_link',
] as const;

class SpacecraftGraph {
  readonly conversions = new Conversions();
  readonly landings: RecordFiler;
  readonly spacecraft: RecordFiler;
  readonly configurations: RecordFiler;
  readonly flights: RecordFiler;
  private readonly agencyById = new Map<number, string>();
  private readonly locationById = new Map<number, string>();
  private readonly bodyById = new Map<number, string>();

  constructor(reference: SpacecraftReference) {
    for (const [key, body] of reference.celestialBodies ?? [])
      if (typeof body.id === 'number') this.bodyById.set(body.id, key);
    this.landings = new RecordFiler(reference.landings, keyWord('landings'));
    this.spacecraft = new RecordFiler(reference.spacecraft, keyWord('spacecraft'));
    this.configurations = new RecordFiler(reference.spacecraftConfigurations, keyWord('spacecraftConfigurations'));
    this.flights = new RecordFiler(reference.spacecraftFlights, keyWord('spacecraftFlights'));
    for (const [key, agency] of reference.agencies)
      if (typeof agency.id === 'number') this.agencyById.set(agency.id, key);
    for (const [key, location] of reference.locations)
      if (typeof location.id === 'number') this.locationById.set(location.id, key);
  }

  /** The source of a nested object: the launch's, with the object's own URL and the version it names. */
  private provenance(object: JsonObject, launch: JsonObject, assumed: Record<string, string>): JsonObject {
    const source = isObject(launch.provenance) ? launch.provenance : {};
    const url = str(object.url);
    return nestedProvenance(source, url, url?.match(/\/(\d+\.\d+\.\d+)\//)?.[1] ?? str(source.ll2_version), assumed);
  }

  /** 2.3.0's image object, or 2.2.0's URL as one with id 0 (marked assumed). */
  private image(object: JsonObject, urlField: string, assumed: Record<string, string>, what: string): Json | undefined {
    if (isObject(object.image)) return object.image;
    const url = str(object[urlField]);
    if (!url) return undefined;
    assumed['image.id'] = '0; the source gives the image URL only';
    this.conversions.count(`${what} ${urlField} → image object (id 0)`);
    return { id: 0, name: '', image_url: url };
  }

  landing(landing: JsonObject & { id: number }, launch: JsonObject): string {
    const assumed: Record<string, string> = {};
    const record = copy(landing, LANDING_FIELDS, { id: landing.id });
    const place = isObject(landing.landing_location)
      ? landing.landing_location
      : isObject(landing.location)
        ? landing.location
        : undefined;
    if (place && !isObject(landing.landing_location))
      this.conversions.count('landing location (2.2.0) → landing_location');
    if (place) {
      const site = copy(place, LANDING_LOCATION_FIELDS);
      // The location the landing site belongs to: ours by LL2 id (its celestial body comes with it).
      if (hasId(place.location)) {
        const key = this.locationById.get(place.location.id);
        if (key === undefined)
          assumed['landing_location.location'] =
            `the source's location (id ${place.location.id}) is not among our locations; published as null`;
        site.location = key ?? null;
      }
      // The celestial body the source states (2.3.0), ours by LL2 id.
      if (hasId(place.celestial_body)) {
        const key = this.bodyById.get(place.celestial_body.id);
        if (key !== undefined) site.celestial_body = key;
        else
          assumed['landing_location.celestial_body'] =
            `the source's celestial body (id ${place.celestial_body.id}) is not among our celestial bodies; left out`;
      }
      record.landing_location = site;
    }
    if (isObject(landing.type)) record.type = copy(landing.type, LANDING_TYPE_FIELDS);
    record.provenance = this.provenance(landing, launch, assumed);
    this.conversions.count('nested landing → landing record');
    return this.landings.file(record as JsonObject & { id: number });
  }

  private configuration(config: JsonObject & { id: number }, launch: JsonObject): string {
    const assumed: Record<string, string> = {};
    const record = copy(config, CONFIGURATION_FIELDS, { id: config.id });
    if (isObject(config.type) && typeof config.type.id === 'number')
      record.type = { id: config.type.id, name: String(config.type.name ?? '') };
    if (hasId(config.agency)) {
      const key = this.agencyById.get(config.agency.id);
      if (key === undefined)
        assumed.agency = `the source's agency (id ${config.agency.id}, ${JSON.stringify(config.agency.name ?? null)}) is not among our agencies; published as null`;
      record.agency = key ?? null;
    }
    const image = this.image(config, 'image_url', assumed, 'spacecraft configuration');
    if (image !== undefined) record.image = image;
    record.provenance = this.provenance(config, launch, assumed);
    return this.configurations.file(record as JsonObject & { id: number }, str(config.name));
  }

  /** A nested spacecraft as our record (its configuration filed first); null when it names no configuration, which our schema requires. */
  craft(craft: JsonObject & { id: number }, launch: JsonObject): string | null {
    if (!hasId(craft.spacecraft_config)) return null;
    const assumed: Record<string, string> = {};
    const record = copy(craft, SPACECRAFT_FIELDS, { id: craft.id });
    record.spacecraft_config = this.configuration(craft.spacecraft_config, launch);
    if (isObject(craft.status) && typeof craft.status.id === 'number')
      record.status = { id: craft.status.id, name: String(craft.status.name ?? '') };
    const image = this.image(craft, 'image_url', assumed, 'spacecraft');
    if (image !== undefined) record.image = image;
    record.provenance = this.provenance(craft, launch, assumed);
    this.conversions.count('nested spacecraft → spacecraft record');
    return this.spacecraft.file(record as JsonObject & { id: number }, str(craft.name));
  }

  /**
   * A spacecraft stage with LL2's id and a spacecraft filed is LL2's spacecraft
   * flight: its own fields (spacecraft and landing by key, destination, end)
   * become a record; the stage names it and keeps its crews and docking events.
   */
  flight(stage: JsonObject & { id: number }, launch: JsonObject): JsonObject {
    const record = copy(stage, FLIGHT_FIELDS, { id: stage.id });
    record.provenance = this.provenance(stage, launch, {});
    this.conversions.count('spacecraft stage → spacecraft flight record');
    const key = this.flights.file(record as JsonObject & { id: number });
    return { flight: key, ...copy(stage, STAGE_FIELDS) };
  }
}

/** The launches' nested landings and spacecraft as records, and the stages naming them by key. */
export function extractSpacecraft(launches: readonly JsonObject[], reference: SpacecraftReference): SpacecraftResult {
  const graph = new SpacecraftGraph(reference);
  const changed: SpacecraftResult['launches'] = [];
  for (const index of oldestFirst(launches)) {
    const launch = launches[index];
    const rocket = launch.rocket;
    if (!isObject(rocket)) continue;
    let touched = false;
    const stages = (field: 'launcher_stage' | 'spacecraft_stage') => {
      const list = rocket[field];
      if (!Array.isArray(list)) return list;
      return list.map((stage) => {
        if (!isObject(stage)) return stage;
        const out: JsonObject = { ...stage };
        if (hasId(stage.landing)) {
          out.landing = graph.landing(stage.landing, launch);
          touched = true;
        }
        if (field === 'spacecraft_stage' && hasId(stage.spacecraft)) {
          const key = graph.craft(stage.spacecraft, launch);
          if (key !== null) {
            out.spacecraft = key;
            touched = true;
          }
        }
        if (field === 'spacecraft_stage' && typeof out.id === 'number' && typeof out.spacecraft === 'string') {
          touched = true;
          return graph.flight(out as JsonObject & { id: number }, launch);
        }
        return out;
      });
    };
    const launcherStage = stages('launcher_stage');
    const spacecraftStage = stages('spacecraft_stage');
    if (!touched) continue;
    const after: JsonObject = { ...rocket };
    if (launcherStage !== undefined) after.launcher_stage = launcherStage;
    if (spacecraftStage !== undefined) after.spacecraft_stage = spacecraftStage;
    changed.push({ index, after: { ...launch, rocket: after } });
  }
  changed.sort((a, b) => a.index - b.index);
  const sites = completeLandingSites(graph.landings.records, reference);
  if (sites.changed) graph.landings.changed = true;
  return {
    launches: changed,
    records: {
      landings: sites.landings,
      spacecraft: graph.spacecraft.records,
      spacecraftConfigurations: graph.configurations.records,
      spacecraftFlights: graph.flights.records,
    },
    changed: {
      landings: graph.landings.changed,
      spacecraft: graph.spacecraft.changed,
      spacecraftConfigurations: graph.configurations.changed,
      spacecraftFlights: graph.flights.changed,
    },
    conversions: graph.conversions,
  };
}

/** A landing record's site with the provenance notes to add, or undefined when it has nothing to complete. */
type Site = JsonObject & { id: number };
const siteOf = (landing: JsonObject): Site | undefined =>
  hasId(landing.landing_location) ? (landing.landing_location as Site) : undefined;
const stated = (value: Json | undefined): boolean => value !== undefined && value !== null;

/**
 * Every landing record's site made as whole as a source allows. A landing site
 * (LL2's LandingLocation, one id) is copied into each landing record that names
 * it; the copies from 2.2.0 sources lack `active` and `celestial_body`. A copy
 * lacking one takes the site's value that another copy's source states (a 2.3.0
 * one; of two that differ, the landing with the highest LL2 id, the latest one);
 * a `celestial_body` no source states is its location's (our location record
 * names it), and a site with no location (a drone ship, an ocean) is taken to be
 * on Earth. Each value not stated by the record's own source is said in its
 * `provenance.assumed`. `active` no source states stays out (LL2's schema does
 * not require it). Pure; a second run changes nothing.
 */
export function completeLandingSites(
  landings: ReadonlyMap<string, JsonObject>,
  reference: Pick<SpacecraftReference, 'locations' | 'celestialBodies'>,
): { landings: Map<string, JsonObject>; changed: boolean } {
  const out = new Map(landings);
  const bodies = reference.celestialBodies;
  if (bodies === undefined) return { landings: out, changed: false };
  const earth = [...bodies].find(([, b]) => b.id === 1 || b.name === 'Earth')?.[0];
  // Per site, the value each field's newest stating copy gives (by the landing's LL2 id), and which landing that is.
  const statedBy = new Map<string, { value: Json; landing: number; source: string }>();
  const heldAssumed = (landing: JsonObject, field: string): boolean => {
    const provenance = isObject(landing.provenance) ? landing.provenance : {};
    return isObject(provenance.assumed) && provenance.assumed[`landing_location.${field}`] !== undefined;
  };
  for (const landing of landings.values()) {
    const site = siteOf(landing);
    if (site === undefined || typeof landing.id !== 'number') continue;
    for (const field of ['active', 'celestial_body']) {
      if (!stated(site[field]) || heldAssumed(landing, field)) continue;
      const at = `${site.id}/${field}`;
      const before = statedBy.get(at);
      if (before !== undefined && before.landing > landing.id) continue;
      const provenance = isObject(landing.provenance) ? landing.provenance : {};
      const source = [
        `LL2 ${str(provenance.ll2_version) ?? ''}`.trim(),
        str(provenance.saved_by) ? `saved by ${str(provenance.saved_by)}` : undefined,
      ]
        .filter(Boolean)
        .join(', ');
      statedBy.set(at, { value: site[field]!, landing: landing.id, source });
    }
  }
  let changed = false;
  for (const [key, landing] of landings) {
    const site = siteOf(landing);
    if (site === undefined) continue;
    const assumed: Record<string, string> = {};
    const completed: JsonObject = { ...site };
    for (const field of ['active', 'celestial_body']) {
      if (stated(site[field]) && !heldAssumed(landing, field)) continue;
      const from = statedBy.get(`${site.id}/${field}`);
      if (from !== undefined && from.landing !== landing.id) {
        completed[field] = from.value;
        assumed[`landing_location.${field}`] =
          `${JSON.stringify(from.value)}: as the source of landing ${from.landing} (${from.source}) states for this landing location (id ${site.id})`;
        continue;
      }
      if (field !== 'celestial_body') continue;
      const location = typeof site.location === 'string' ? reference.locations.get(site.location) : undefined;
      const body = str(location?.celestial_body);
      if (body !== undefined && bodies.has(body)) {
        completed.celestial_body = body;
        assumed['landing_location.celestial_body'] =
          `${body}: the celestial body of its location (${String(site.location)}); the source states none`;
      } else if (location === undefined && site.location == null && earth !== undefined) {
        completed.celestial_body = earth;
        assumed['landing_location.celestial_body'] =
          `${earth}: the source states no location or celestial body; a landing site with no location (a drone ship, an ocean) is taken to be on Earth`;
      }
    }
    if (Object.keys(assumed).length === 0) continue;
    const provenance = isObject(landing.provenance) ? landing.provenance : {};
    const next: JsonObject = {
      ...landing,
      landing_location: completed,
      provenance: {
        ...provenance,
        assumed: { ...(isObject(provenance.assumed) ? provenance.assumed : {}), ...assumed },
      },
    };
    if (JSON.stringify(next) === JSON.stringify(landing)) continue;
    out.set(key, next);
    changed = true;
  }
  return { landings: out, changed };
}
