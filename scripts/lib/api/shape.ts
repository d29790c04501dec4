// Expanding our normalized records into LL2 2.3.0 resources: the nested objects,
// their `response_mode`, key order, nullability and absolute `url`s. Pure: the
// base URL and the derived statistics come in, JSON-ready objects go out.

import type { DataSet, EventRecord, Json, JsonObject, LaunchRecord, MissionPatchRecord, MissionRecord, ReferenceRecord } from '../model/records.ts';
import type { DataSetStats, Tally } from '../model/stats.ts';
import { resourceUrls } from './paths.ts';

export type Mode = 'list' | 'normal' | 'detailed';

const UNKNOWN_LICENSE: JsonObject = { id: 1, name: 'Unknown', priority: 9, link: null };

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);
const str = (value: Json | undefined): string => (typeof value === 'string' ? value : '');

export function shapeImage(image: Json | undefined): Json {
  if (!image || typeof image !== 'object' || Array.isArray(image)) return null;
  const license = (image.license ?? UNKNOWN_LICENSE) as JsonObject;
  return {
    id: image.id,
    name: image.name,
    image_url: image.image_url,
    thumbnail_url: image.thumbnail_url ?? image.image_url,
    credit: orNull(image.credit),
    license: { id: license.id, name: license.name, priority: license.priority ?? 9, link: orNull(license.link) },
    single_use: image.single_use ?? true,
    variants: image.variants ?? [],
  };
}

export function shapeInfoUrl(link: JsonObject): JsonObject {
  return {
    priority: link.priority ?? 10,
    source: orNull(link.source),
    title: orNull(link.title),
    description: orNull(link.description),
    feature_image: orNull(link.feature_image),
    url: link.url,
    type: orNull(link.type),
    language: orNull(link.language),
  };
}

export function shapeVidUrl(link: JsonObject): JsonObject {
  return {
    priority: link.priority ?? 10,
    source: orNull(link.source),
    publisher: orNull(link.publisher),
    title: orNull(link.title),
    description: orNull(link.description),
    feature_image: orNull(link.feature_image),
    url: link.url,
    type: orNull(link.type),
    language: orNull(link.language),
    start_time: orNull(link.start_time),
    end_time: orNull(link.end_time),
    live: link.live ?? false,
  };
}

export function shapeUpdate(update: JsonObject): JsonObject {
  return {
    id: update.id,
    profile_image: orNull(update.profile_image),
    comment: orNull(update.comment),
    info_url: orNull(update.info_url),
    created_by: orNull(update.created_by),
    created_on: update.created_on,
  };
}

/**
 * LL2's own figures stored by the importer (`ll2_figures`, "as of import"). The
 * build publishes them in preference to the figures it derives from our data set.
 */
function ll2Figures(record: ReferenceRecord): JsonObject {
  const figures = record.ll2_figures;
  return figures && typeof figures === 'object' && !Array.isArray(figures) ? figures : {};
}

/** A stored LL2 figure when there is one (not null), else ours. */
const figure = (figures: JsonObject, name: string, ours: Json): Json => figures[name] ?? ours;

function tallyFields(tally: Tally | undefined, figures: JsonObject = {}): JsonObject {
  return {
    total_launch_count: figure(figures, 'total_launch_count', tally?.total_launch_count ?? 0),
    consecutive_successful_launches: figure(figures, 'consecutive_successful_launches', tally?.consecutive_successful_launches ?? 0),
    successful_launches: figure(figures, 'successful_launches', tally?.successful_launches ?? 0),
    failed_launches: figure(figures, 'failed_launches', tally?.failed_launches ?? 0),
    pending_launches: figure(figures, 'pending_launches', tally?.pending_launches ?? 0),
  };
}

/** Landing figures are not in our data set: null unless LL2's were stored. */
function landingFields(figures: JsonObject, names: readonly string[]): JsonObject {
  return Object.fromEntries(names.map((name) => [name, figures[name] ?? null]));
}
const FAMILY_LANDINGS = ['attempted_landings', 'successful_landings', 'failed_landings', 'consecutive_successful_landings'];
const AGENCY_LANDINGS = [
  'consecutive_successful_landings', 'successful_landings', 'failed_landings', 'attempted_landings',
  'successful_landings_spacecraft', 'failed_landings_spacecraft', 'attempted_landings_spacecraft',
  'successful_landings_payload', 'failed_landings_payload', 'attempted_landings_payload',
];

/**
 * Builds the LL2 objects for one data set. Nested objects that do not depend on
 * the launch (pads, agencies, rockets) are built once per key and shared.
 */
export function createShaper(data: DataSet, stats: DataSetStats, baseUrl: string, share: (value: Json) => Json = (value) => value) {
  const { reference } = data;
  const urls = resourceUrls(baseUrl);
  const memo = new Map<string, Json>();
  // Objects built once per key appear in many outputs; `share` lets the serializer know.
  const once = (cacheKey: string, make: () => Json): Json => {
    let value = memo.get(cacheKey);
    if (value === undefined) memo.set(cacheKey, (value = share(make())));
    return value;
  };
  const get = (kind: keyof DataSet['reference'], key: string): ReferenceRecord => {
    const record = reference[kind].get(key);
    if (!record) throw new Error(`unresolved ${kind} reference "${key}" (validation should have caught it)`);
    return record;
  };
  const keyList = (value: Json | undefined): string[] => (Array.isArray(value) ? (value as string[]) : []);

  const country = (key: string): Json => once(`country:${key}`, () => {
    const c = get('countries', key);
    return {
      id: c.id, name: c.name, alpha_2_code: c.alpha_2_code, alpha_3_code: c.alpha_3_code,
      nationality_name: str(c.nationality_name), nationality_name_composed: str(c.nationality_name_composed),
    };
  });
  const nullableCountry = (key: Json | undefined): Json => (typeof key === 'string' ? country(key) : null);
  const idAndName = (kind: 'agencyTypes' | 'eventTypes', key: string): Json => once(`${kind}:${key}`, () => {
    const r = get(kind, key);
    return { id: r.id, name: r.name };
  });

  const agencyMini = (key: string): Json => once(`agency-list:${key}`, () => {
    const a = get('agencies', key);
    return { response_mode: 'list', id: a.id, url: urls.agency(Number(a.id)), name: a.name, abbrev: a.abbrev, type: idAndName('agencyTypes', String(a.type)) };
  });
  const agencyNormalFields = (key: string, mode: Mode): JsonObject => {
    const a = get('agencies', key);
    return {
      response_mode: mode, id: a.id, url: urls.agency(Number(a.id)), name: a.name, abbrev: a.abbrev,
      type: idAndName('agencyTypes', String(a.type)), featured: a.featured ?? false,
      country: keyList(a.country).map(country), description: orNull(a.description), administrator: orNull(a.administrator),
      founding_year: orNull(a.founding_year), launchers: str(a.launchers), spacecraft: str(a.spacecraft),
      parent: orNull(a.parent), image: shapeImage(a.image), logo: shapeImage(a.logo), social_logo: shapeImage(a.social_logo),
    };
  };
  const agencyNormal = (key: string): Json => once(`agency-normal:${key}`, () => agencyNormalFields(key, 'normal'));
  /**
   * The detailed fields under the label "normal": how real LL2 2.3.0 writes mission agencies,
   * manufacturers and the provider of a detailed launch.
   */
  const agencyDetailed = (key: string): Json => once(`agency-detailed:${key}`, () => {
    const a = get('agencies', key);
    return {
      ...agencyNormalFields(key, 'normal'),
      ...tallyFields(stats.agencies.get(key), ll2Figures(a)),
      ...landingFields(ll2Figures(a), AGENCY_LANDINGS),
      info_url: orNull(a.info_url), wiki_url: orNull(a.wiki_url), social_media_links: a.social_media_links ?? [],
    };
  });

  const celestialBodyMini = (key: string): Json => once(`body-list:${key}`, () => {
    const b = get('celestialBodies', key);
    return { response_mode: 'list', id: b.id, name: b.name };
  });
  const celestialBodyWithStats = (key: string): Json => once(`body-normal:${key}`, () => {
    const b = get('celestialBodies', key);
    const s = stats.celestialBodies.get(key);
    const f = ll2Figures(b);
    return {
      response_mode: 'normal', id: b.id, name: b.name, type: b.type, diameter: orNull(b.diameter), mass: orNull(b.mass),
      gravity: orNull(b.gravity), length_of_day: orNull(b.length_of_day), atmosphere: b.atmosphere ?? false,
      image: shapeImage(b.image), description: orNull(b.description), wiki_url: orNull(b.wiki_url),
      total_attempted_launches: figure(f, 'total_attempted_launches', s?.total_attempted_launches ?? 0),
      successful_launches: figure(f, 'successful_launches', s?.successful_launches ?? 0),
      failed_launches: figure(f, 'failed_launches', s?.failed_launches ?? 0),
      // Landings are not in our data set; LL2 types these as integers, so 0 stands for "none recorded".
      total_attempted_landings: figure(f, 'total_attempted_landings', 0), successful_landings: figure(f, 'successful_landings', 0),
      failed_landings: figure(f, 'failed_landings', 0),
    };
  });

  const orbit = (key: string): Json => once(`orbit:${key}`, () => {
    const o = get('orbits', key);
    return { id: o.id, name: o.name, abbrev: o.abbrev, celestial_body: celestialBodyMini(String(o.celestial_body)) };
  });

  const missionPatch = (patch: MissionPatchRecord | JsonObject): Json => ({
    id: patch.id as number, name: patch.name as string, priority: (patch.priority as number | undefined) ?? 10,
    image_url: patch.image_url as string, agency: typeof patch.agency === 'string' ? agencyMini(patch.agency) : null,
    response_mode: 'normal',
  });

  const programNormal = (key: string): Json => once(`program:${key}`, () => {
    const p = get('programs', key);
    return {
      response_mode: 'normal', id: p.id, url: urls.program(Number(p.id)), name: p.name, image: shapeImage(p.image),
      info_url: orNull(p.info_url), wiki_url: orNull(p.wiki_url), description: orNull(p.description),
      agencies: keyList(p.agencies).map(agencyMini), start_date: orNull(p.start_date), end_date: orNull(p.end_date),
      mission_patches: ((p.mission_patches as JsonObject[] | undefined) ?? []).map(missionPatch), type: p.type,
    };
  });

  const familyMini = (key: string): Json => once(`family-list:${key}`, () => {
    const f = get('launcherFamilies', key);
    return { response_mode: 'list', id: f.id, name: f.name };
  });
  const familyNormal = (key: string): Json => once(`family-normal:${key}`, () => {
    const f = get('launcherFamilies', key);
    return {
      response_mode: 'normal', id: f.id, name: f.name, manufacturer: keyList(f.manufacturer).map(agencyNormal),
      parent: typeof f.parent === 'string' ? familyMini(f.parent) : null,
    };
  });
  const familyDetailed = (key: string): Json => once(`family-detailed:${key}`, () => {
    const f = get('launcherFamilies', key);
    return {
      response_mode: 'detailed', id: f.id, name: f.name, manufacturer: keyList(f.manufacturer).map((k) => agencyDetailed(k)),
      parent: typeof f.parent === 'string' ? familyNormal(f.parent) : null, description: str(f.description),
      active: f.active ?? true, maiden_flight: orNull(f.maiden_flight), ...tallyFields(stats.families.get(key), ll2Figures(f)),
      ...landingFields(ll2Figures(f), FAMILY_LANDINGS),
    };
  });

  const configurationList = (key: string): Json => once(`config-list:${key}`, () => {
    const c = get('launcherConfigurations', key);
    return {
      response_mode: 'list', id: c.id, url: urls.configuration(Number(c.id)), name: c.name,
      families: keyList(c.families).map(familyMini), full_name: c.full_name, variant: str(c.variant),
    };
  });
  const configurationDetailed = (key: string): Json => once(`config-detailed:${key}`, () => {
    const c = get('launcherConfigurations', key);
    const number = (field: string) => orNull(c[field]);
    return {
      response_mode: 'detailed', id: c.id, url: urls.configuration(Number(c.id)), name: c.name,
      families: keyList(c.families).map(familyDetailed), full_name: c.full_name, variant: str(c.variant),
      active: c.active ?? true, is_placeholder: c.is_placeholder ?? false,
      manufacturer: typeof c.manufacturer === 'string' ? agencyDetailed(c.manufacturer) : null,
      program: keyList(c.program).map(programNormal), reusable: c.reusable ?? false, image: shapeImage(c.image),
      info_url: orNull(c.info_url), wiki_url: orNull(c.wiki_url), description: str(c.description), alias: str(c.alias),
      min_stage: number('min_stage'), max_stage: number('max_stage'), length: number('length'), diameter: number('diameter'),
      maiden_flight: number('maiden_flight'), launch_cost: number('launch_cost'), launch_mass: number('launch_mass'),
      leo_capacity: number('leo_capacity'), gto_capacity: number('gto_capacity'), geo_capacity: number('geo_capacity'),
      sso_capacity: number('sso_capacity'), to_thrust: number('to_thrust'), apogee: number('apogee'),
      ...tallyFields(stats.configurations.get(key), ll2Figures(c)), ...landingFields(ll2Figures(c), FAMILY_LANDINGS),
      fastest_turnaround: figure(ll2Figures(c), 'fastest_turnaround', null),
    };
  });

  const location = (key: string): Json => once(`location:${key}`, () => {
    const l = get('locations', key);
    return {
      response_mode: 'normal', id: l.id, url: urls.location(Number(l.id)), name: l.name,
      celestial_body: celestialBodyWithStats(String(l.celestial_body)), active: l.active ?? true,
      country: nullableCountry(l.country), description: orNull(l.description), image: shapeImage(l.image),
      map_image: orNull(l.map_image), longitude: orNull(l.longitude), latitude: orNull(l.latitude),
      timezone_name: l.timezone_name,
      total_launch_count: figure(ll2Figures(l), 'total_launch_count', stats.locations.get(key)?.total_launch_count ?? 0),
      total_landing_count: figure(ll2Figures(l), 'total_landing_count', null),
    };
  });

  const pad = (key: string): Json => once(`pad:${key}`, () => {
    const p = get('pads', key);
    const s = stats.pads.get(key);
    const f = ll2Figures(p);
    return {
      id: p.id, url: urls.pad(Number(p.id)), active: p.active ?? true, agencies: keyList(p.agencies).map(agencyNormal),
      name: p.name, image: shapeImage(p.image), description: orNull(p.description), info_url: orNull(p.info_url),
      wiki_url: orNull(p.wiki_url), map_url: orNull(p.map_url), latitude: orNull(p.latitude), longitude: orNull(p.longitude),
      country: nullableCountry(p.country), map_image: orNull(p.map_image),
      total_launch_count: figure(f, 'total_launch_count', s?.total_launch_count ?? 0),
      orbital_launch_attempt_count: figure(f, 'orbital_launch_attempt_count', s?.orbital_launch_attempt_count ?? 0),
      fastest_turnaround: figure(f, 'fastest_turnaround', s?.fastest_turnaround ?? null),
      location: location(String(p.location)),
    };
  });

  const status = (key: string): Json => once(`status:${key}`, () => {
    const s = get('launchStatuses', key);
    return { id: s.id, name: s.name, abbrev: s.abbrev, description: s.description };
  });
  const precision = (key: string | null | undefined): Json => (key ? once(`precision:${key}`, () => {
    const p = get('netPrecisions', key);
    return { id: p.id, name: p.name, abbrev: p.abbrev, description: p.description };
  }) : null);

  const spaceStation = (key: string): Json => once(`station:${key}`, () => {
    const s = get('spaceStations', key);
    return {
      id: s.id, url: urls.spaceStation(Number(s.id)), name: s.name, image: shapeImage(s.image), status: s.status,
      founded: s.founded, deorbited: orNull(s.deorbited), description: str(s.description), orbit: orNull(s.orbit), type: s.type,
    };
  });

  const mission = (m: MissionRecord | null | undefined, launch: LaunchRecord): Json => {
    if (!m) return null;
    return {
      id: m.id ?? derivedId(launch.id, 1),
      name: m.name,
      type: get('missionTypes', m.type).name,
      description: m.description ?? '',
      image: shapeImage(m.image),
      orbit: orbit(m.orbit),
      agencies: (m.agencies ?? []).map((k) => agencyDetailed(k)),
      info_urls: (m.info_urls ?? []).map(shapeInfoUrl),
      vid_urls: (m.vid_urls ?? []).map(shapeVidUrl),
    };
  };

  const launchBasic = (l: LaunchRecord): JsonObject => ({
    id: l.id, url: urls.launch(l.id), name: l.name, response_mode: 'list', slug: l.slug,
    launch_designator: orNull(l.launch_designator), status: status(l.status), last_updated: l.last_updated,
    net: l.net, net_precision: precision(l.net_precision), window_end: l.window_end, window_start: l.window_start,
    image: shapeImage(l.image), infographic: orNull(l.infographic),
  });

  const counters = (l: LaunchRecord): JsonObject => {
    const { pad_turnaround: _, ...attempts } = stats.launch.get(l.id)!;
    return attempts as unknown as JsonObject;
  };

  const launchCommon = (l: LaunchRecord, mode: 'normal' | 'detailed'): JsonObject => ({
    ...launchBasic(l),
    response_mode: mode,
    probability: orNull(l.probability),
    weather_concerns: orNull(l.weather_concerns),
    failreason: orNull(l.failreason),
    hashtag: orNull(l.hashtag),
    launch_service_provider: mode === 'normal' ? agencyMini(l.launch_service_provider) : agencyDetailed(l.launch_service_provider),
    rocket: mode === 'normal'
      ? { id: l.rocket.id ?? derivedId(l.id, 0), configuration: configurationList(l.rocket.configuration) }
      : {
        id: l.rocket.id ?? derivedId(l.id, 0), configuration: configurationDetailed(l.rocket.configuration),
        launcher_stage: l.rocket.launcher_stage ?? [], spacecraft_stage: l.rocket.spacecraft_stage ?? [], payloads: l.rocket.payloads ?? [],
      },
    mission: mission(l.mission, l),
    pad: pad(l.pad),
    webcast_live: l.webcast_live ?? false,
    program: (l.program ?? []).map(programNormal),
    ...counters(l),
  });

  return {
    launchBasic,
    launchNormal: (l: LaunchRecord): JsonObject => launchCommon(l, 'normal'),
    launchDetailed: (l: LaunchRecord): JsonObject => ({
      ...launchCommon(l, 'detailed'),
      flightclub_url: orNull(l.flightclub_url),
      updates: (l.updates ?? []).map(shapeUpdate),
      info_urls: (l.info_urls ?? []).map(shapeInfoUrl),
      vid_urls: (l.vid_urls ?? []).map(shapeVidUrl),
      timeline: (l.timeline ?? []).map((t) => ({ type: orNull(t.type), relative_time: orNull(t.relative_time) })),
      pad_turnaround: stats.launch.get(l.id)!.pad_turnaround,
      mission_patches: (l.mission_patches ?? []).map(missionPatch),
    }),
    eventNormal: (e: EventRecord): JsonObject => eventNormal(e, urls.event(e.id), idAndName('eventTypes', e.type), precision(e.date_precision)),
    eventDetailed: (e: EventRecord, launchesById: Map<string, LaunchRecord>): JsonObject => ({
      ...eventNormal(e, urls.event(e.id), idAndName('eventTypes', e.type), precision(e.date_precision)),
      response_mode: 'detailed',
      agencies: (e.agencies ?? []).map(agencyMini),
      launches: (e.launches ?? []).map((id) => launchBasic(launchesById.get(id)!)),
      expeditions: e.expeditions ?? [],
      spacestations: (e.spacestations ?? []).map(spaceStation),
      program: (e.program ?? []).map(programNormal),
      astronauts: e.astronauts ?? [],
    }),
  };
}

export type Shaper = ReturnType<typeof createShaper>;

function eventNormal(e: EventRecord, url: string, type: Json, datePrecision: Json): JsonObject {
  return {
    id: e.id, url, name: e.name, info_urls: (e.info_urls ?? []).map(shapeInfoUrl), vid_urls: (e.vid_urls ?? []).map(shapeVidUrl),
    image: shapeImage(e.image), date: e.date, slug: e.slug, type, description: e.description ?? '',
    webcast_live: e.webcast_live ?? false, location: orNull(e.location), date_precision: datePrecision,
    response_mode: 'normal', duration: orNull(e.duration), updates: (e.updates ?? []).map(shapeUpdate), last_updated: e.last_updated,
  };
}

/**
 * A stable integer id for a nested object our data does not number (LL2's
 * rocket and mission ids), taken from the launch UUID so it never changes.
 */
export function derivedId(uuid: string, salt: number): number {
  const hex = uuid.replace(/-/g, '');
  return 100_000_000 + (parseInt(hex.slice(salt * 7, salt * 7 + 7), 16) % 900_000_000);
}
