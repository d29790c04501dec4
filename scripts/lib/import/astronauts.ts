// Astronauts as records of their own (issue 21, first step: the conversion, not
// yet wired into the data files, the migration or the build). In: launches whose
// crews nest LL2's astronauts at `rocket.spacecraft_stage[].{launch,onboard,
// landing}_crew[].astronaut`, in 2.2.0's layout (`nationality` a text such as
// "American", `agency` nested with its type as text, `profile_image` a URL,
// `twitter`/`instagram`) or 2.3.0's (`nationality` a list of countries, `image`
// an object); and our countries and agencies by key. Out: one record per LL2
// astronaut id, keyed by LL2's slug of the name, in 2.3.0's layout with references
// by key (`nationality` a list of country keys, `agency` an agency key), what the
// source said in `provenance`, every value that had to be matched or assumed in
// `provenance.assumed`; and the launches with each crew member naming its
// astronaut by key. Pure; a crew member that already names a key is left as it is,
// so a second run changes nothing.

import type { Json, JsonObject } from '../model/records.ts';
import { oldestFirst, RecordFiler } from './filer.ts';
import { keyWord } from './keys.ts';
import { nestedProvenance } from './provenance.ts';
import { isPoorerVersion } from './richer.ts';
import { deepEqual, isObject } from './schema-walk.ts';
import { canonicalReference } from './yaml-out.ts';

/** The crews of a spacecraft stage, in LL2's order. */
export const CREW_FIELDS = ['launch_crew', 'onboard_crew', 'landing_crew'] as const;

export interface AstronautReference {
  /** Our countries by key (data/reference/countries.yaml). */
  countries: ReadonlyMap<string, JsonObject>;
  /** Our agencies by key (data/reference/agencies.yaml). */
  agencies: ReadonlyMap<string, JsonObject>;
  /** Astronaut records already filed, by key. */
  astronauts: ReadonlyMap<string, JsonObject>;
}

export interface AstronautResult {
  /** The launches that changed, by index in the input, each after the change. */
  launches: Array<{ index: number; after: JsonObject }>;
  astronauts: Map<string, JsonObject>;
  /** Whether any astronaut record was added or changed. */
  changed: boolean;
  /** What was converted, for the report: `conversion → times`. */
  conversions: Map<string, number>;
}

const str = (value: Json | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

/** The fields of LL2's astronaut copied as the source states them (null kept: LL2's value for unknown). */
const PLAIN_FIELDS = [
  'name',
  'in_space',
  'time_in_space',
  'eva_time',
  'age',
  'date_of_birth',
  'date_of_death',
  'bio',
  'wiki',
  'first_flight',
  'last_flight',
] as const;

class Astronauts {
  readonly filer: RecordFiler;
  readonly conversions = new Map<string, number>();
  private readonly countryByNationality = new Map<string, string>();
  private readonly countryById = new Map<number, string>();
  private readonly agencyById = new Map<number, string>();

  constructor(private readonly reference: AstronautReference) {
    this.filer = new RecordFiler(reference.astronauts, keyWord('astronauts'));
    for (const [key, country] of reference.countries) {
      if (typeof country.id === 'number') this.countryById.set(country.id, key);
      for (const field of ['nationality_name', 'nationality_name_composed']) {
        const name = str(country[field])?.trim().toLowerCase();
        if (name && !this.countryByNationality.has(name)) this.countryByNationality.set(name, key);
      }
    }
    for (const [key, agency] of reference.agencies)
      if (typeof agency.id === 'number') this.agencyById.set(agency.id, key);
  }

  /** The key of the record filed for an LL2 astronaut id, if any. */
  keyOf(id: number): string | undefined {
    return this.filer.keyFor(id);
  }

  count(what: string): void {
    this.conversions.set(what, (this.conversions.get(what) ?? 0) + 1);
  }

  /** 2.2.0's nationality text ("American", or several separated by commas or spaces) or 2.3.0's list of countries, as country keys. */
  private nationality(value: Json | undefined, assumed: Record<string, string>): string[] {
    if (Array.isArray(value)) {
      return value.flatMap((c) => {
        const key = isObject(c) && typeof c.id === 'number' ? this.countryById.get(c.id) : undefined;
        if (key === undefined) assumed.nationality = 'a country of the source is not among our countries; left out';
        return key === undefined ? [] : [key];
      });
    }
    const text = str(value)?.trim();
    if (!text) return [];
    const names = text.split(/\s*[,/]\s*/).filter((n) => n !== '');
    const keys: string[] = [];
    const unmatched: string[] = [];
    for (const name of names) {
      const found = this.byNationality(name);
      if (found === undefined) unmatched.push(name);
      else for (const key of found) if (!keys.includes(key)) keys.push(key);
    }
    this.count('astronaut nationality text → country list');
    assumed.nationality =
      unmatched.length === 0
        ? `LL2 2.2.0 gave the text "${text}"; matched to ${keys.join(', ')} by the countries' nationality names`
        : `LL2 2.2.0 gave the text "${text}"; ${unmatched.map((n) => `"${n}"`).join(', ')} matched no country's nationality name and ${unmatched.length === 1 ? 'is' : 'are'} left out`;
    return keys;
  }

  /**
   * The countries of one nationality text: the whole text ("South African"), else
   * its words read as several nationalities, longest name first ("American
   * British" → two); undefined when any part matches no country.
   */
  private byNationality(text: string): string[] | undefined {
    const whole = this.countryByNationality.get(text.toLowerCase());
    if (whole !== undefined) return [whole];
    const words = text.split(/\s+/);
    const keys: string[] = [];
    for (let start = 0; start < words.length; ) {
      let end = words.length;
      while (end > start && !this.countryByNationality.has(words.slice(start, end).join(' ').toLowerCase())) end--;
      if (end === start) return undefined;
      keys.push(this.countryByNationality.get(words.slice(start, end).join(' ').toLowerCase())!);
      start = end;
    }
    return keys.length > 1 ? keys : undefined;
  }

  /** The nested agency as our agency's key, by LL2 id; null when the source gives none or we do not have it. */
  private agency(value: Json | undefined, assumed: Record<string, string>): string | null {
    if (!isObject(value)) return null;
    const key = typeof value.id === 'number' ? this.agencyById.get(value.id) : undefined;
    if (key === undefined) {
      assumed.agency = `the source's agency (id ${String(value.id)}, ${JSON.stringify(value.name ?? null)}) is not among our agencies; published as null`;
      return null;
    }
    return key;
  }

  /** One nested astronaut as our record, its source in provenance. */
  record(astronaut: JsonObject, launch: JsonObject): JsonObject {
    const assumed: Record<string, string> = {};
    const record: JsonObject = { id: astronaut.id as number };
    for (const field of PLAIN_FIELDS) if (astronaut[field] !== undefined) record[field] = astronaut[field];
    for (const field of ['status', 'type'] as const) {
      const value = astronaut[field];
      if (isObject(value) && typeof value.id === 'number' && typeof value.name === 'string')
        record[field] = { id: value.id, name: value.name };
    }
    record.agency = this.agency(astronaut.agency, assumed);
    record.nationality = this.nationality(astronaut.nationality, assumed);
    if (isObject(astronaut.image)) record.image = astronaut.image;
    else if (typeof astronaut.profile_image === 'string' && astronaut.profile_image !== '') {
      // 2.2.0 gives the URL alone: id 0 says that the image has no LL2 image record here (as for boosters).
      record.image = { id: 0, name: '', image_url: astronaut.profile_image };
      assumed['image.id'] = '0; the source gives the image URL only';
      this.count('astronaut profile_image → image object (id 0)');
    }
    // 2.2.0's social media, as the source states them (2.3.0's social_media_links are shaped from them by the build).
    for (const field of ['twitter', 'instagram'])
      if (typeof astronaut[field] === 'string' && astronaut[field] !== '') record[field] = astronaut[field];
    if (Array.isArray(astronaut.social_media_links)) record.social_media_links = astronaut.social_media_links;
    const source = isObject(launch.provenance) ? launch.provenance : {};
    const url = str(astronaut.url);
    // The version the astronaut's own URL names, else the launch's.
    const version = url?.match(/\/(\d+\.\d+\.\d+)\//)?.[1] ?? str(source.ll2_version);
    record.provenance = nestedProvenance(source, url, version, assumed);
    return record;
  }

  /** The key a nested astronaut is filed under; a later launch's statement replaces an earlier one's, keeping fields it lacks. */
  file(astronaut: JsonObject, launch: JsonObject): string {
    return this.filer.file(this.record(astronaut, launch) as JsonObject & { id: number }, str(astronaut.name));
  }
}

/**
 * A launch's spacecraft stages with each crew member that `nested` picks (in every crew
 * field, CREW_FIELDS) replaced by `replace`'s member; stages and members it does not pick
 * are kept as they are.
 */
function mapCrewMembers<M extends JsonObject>(
  stages: readonly Json[],
  nested: (member: Json) => member is M,
  replace: (member: M) => JsonObject,
): Json[] {
  return stages.map((stage) => {
    if (!isObject(stage)) return stage;
    const out: JsonObject = { ...stage };
    for (const field of CREW_FIELDS) {
      const crew = stage[field];
      if (Array.isArray(crew)) out[field] = crew.map((member) => (nested(member) ? replace(member) : member));
    }
    return out;
  });
}

/** The launches' nested astronauts as records, and the crews naming them by key. */
export function extractAstronauts(launches: readonly JsonObject[], reference: AstronautReference): AstronautResult {
  const astronauts = new Astronauts(reference);
  const changed: AstronautResult['launches'] = [];
  // Oldest launch first, so that the newest statement of an astronaut is the one kept.
  const order = launches
    .map((launch, index) => ({ launch, index }))
    .sort((a, b) => String(a.launch.net ?? '').localeCompare(String(b.launch.net ?? '')) || a.index - b.index);
  const nested = (member: Json): member is JsonObject & { astronaut: JsonObject } =>
    isObject(member) && isObject(member.astronaut) && typeof member.astronaut.id === 'number';
  for (const { launch, index } of order) {
    const rocket = launch.rocket;
    if (!isObject(rocket) || !Array.isArray(rocket.spacecraft_stage)) continue;
    const hasNested = rocket.spacecraft_stage.some(
      (stage) => isObject(stage) && CREW_FIELDS.some((f) => Array.isArray(stage[f]) && stage[f].some(nested)),
    );
    if (!hasNested) continue;
    const stages = mapCrewMembers(rocket.spacecraft_stage, nested, (member) => {
      astronauts.count('nested astronaut → astronaut record');
      return { ...member, astronaut: astronauts.file(member.astronaut, launch) };
    });
    changed.push({ index, after: { ...launch, rocket: { ...rocket, spacecraft_stage: stages } } });
  }
  changed.sort((a, b) => a.index - b.index);
  return {
    launches: changed,
    astronauts: astronauts.filer.records,
    changed: astronauts.filer.changed,
    conversions: astronauts.conversions,
  };
}

export interface AstronautListResult {
  astronauts: Map<string, JsonObject>;
  /** Keys of the records added or changed. */
  changed: string[];
  conversions: Map<string, number>;
}

/**
 * A record from a page of LL2's list of every astronaut, as filed over the one we
 * hold (`held`): a null (or an empty text or list, e.g. a nationality none of whose
 * countries are ours) never replaces a value we hold, and a null with nothing held is left
 * out (absent says "unknown" as well). A value kept that
 * way is said in `provenance.assumed`, since the provenance now names LL2's record.
 */
function keepingHeld(record: JsonObject, held: JsonObject | undefined): JsonObject {
  const none = (value: Json | undefined) =>
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  const out: JsonObject = {};
  const kept: Array<[string, string]> = [];
  for (const [field, value] of Object.entries(record)) {
    if (held !== undefined && field !== 'provenance' && none(value) && !none(held[field]))
      kept.push([field, value === null ? 'null' : value === '' ? 'an empty text' : 'an empty list']);
    else if (value !== null) out[field] = value;
  }
  if (kept.length > 0 && isObject(out.provenance)) {
    // No time in the text: reading the same answer again then leaves the record as it is.
    const assumed = { ...(isObject(out.provenance.assumed) ? out.provenance.assumed : {}) };
    for (const [field, gives] of kept)
      assumed[field] =
        `kept from the earlier record: LL2's list of every astronaut (astronauts/?ordering=id) gives ${gives}`;
    out.provenance = { ...out.provenance, assumed };
  }
  return out;
}

/** Our record states a flight after `statedAt`: it comes from a later statement than a list of that date. */
function newerThan(held: JsonObject, statedAt: string): boolean {
  const last = str(held.last_flight);
  return last !== undefined && Date.parse(last) > Date.parse(statedAt);
}

/** A source of this version is poorer (2.2.0) than the one `held` names (2.3.0): it never replaces a richer value. */
function poorerThan(version: string | undefined, held: JsonObject): boolean {
  const heldVersion = isObject(held.provenance) ? str(held.provenance.ll2_version) : undefined;
  return isPoorerVersion(version) && heldVersion !== undefined && !isPoorerVersion(heldVersion);
}

/** `held` with the fields of `incoming` it lacks (its provenance unchanged); `held` itself when it lacks none. */
function gainOnly(incoming: JsonObject, held: JsonObject): JsonObject {
  const added = Object.entries(incoming).filter(
    ([field, value]) => field !== 'provenance' && held[field] === undefined && value !== null,
  );
  return added.length === 0 ? held : { ...held, ...Object.fromEntries(added) };
}

/**
 * LL2's list of the astronauts in space (`astronauts/?in_space=true`, read whole:
 * `complete`) filed as records, the same conversion as a crew's nested astronaut;
 * `fetchedAt` names the answer in provenance. Astronauts of ours whose `in_space` is
 * true and whom a complete, non-empty list leaves out are in space no longer by
 * LL2's own filter: `in_space` false, said in `provenance.assumed`. An empty list is
 * not read that way (no one in space has not happened since 2000: more likely an
 * answer cut short), so it changes nothing. With `page`, the list is a page of LL2's
 * list of every astronaut (`astronauts/?ordering=id`): filed the same way, except
 * that a null never replaces a value we hold (keepingHeld).
 */
export function fileAstronautList(
  list: readonly JsonObject[],
  reference: AstronautReference,
  options: {
    complete: boolean;
    fetchedAt: string;
    version?: string;
    page?: boolean;
    /** Who saved the list (`owner/repo@commit`), for provenance. */
    savedBy?: string;
    /**
     * When the list was stated (a saved file's date): a record we hold whose last flight is later came from a
     * newer statement (a crew of a later launch), so it keeps every value it has and only gains the fields it lacks.
     */
    statedAt?: string;
  },
): AstronautListResult {
  const astronauts = new Astronauts(reference);
  const source: JsonObject = {
    provenance: {
      ...(options.version ? { ll2_version: options.version } : {}),
      ...(options.savedBy ? { saved_by: options.savedBy } : {}),
    },
  };
  const listed = new Set<string>();
  const changed = new Set<string>();
  for (const listedAstronaut of list) {
    if (typeof listedAstronaut.id !== 'number') continue;
    // A saved list without urls: the record's LL2 url made from its id, as a launch's is (provenance.ts recordUrl).
    const astronaut =
      listedAstronaut.url === undefined && options.version && options.statedAt
        ? {
            ...listedAstronaut,
            url: `https://ll.thespacedevs.com/${options.version}/astronauts/${listedAstronaut.id}/`,
          }
        : listedAstronaut;
    const before = astronauts.filer.records.get(astronauts.keyOf(astronaut.id as number) ?? '');
    if (
      before !== undefined &&
      ((options.statedAt !== undefined && newerThan(before, options.statedAt)) || poorerThan(options.version, before))
    ) {
      const gained = gainOnly(keepingHeld(astronauts.record(astronaut, source), before), before);
      if (gained !== before) {
        astronauts.filer.records.set(astronauts.keyOf(astronaut.id as number)!, gained);
        changed.add(astronauts.keyOf(astronaut.id as number)!);
      }
      listed.add(astronauts.keyOf(astronaut.id as number)!);
      astronauts.count('astronaut of a saved list, ours newer (a later flight) → fields it lacked only');
      continue;
    }
    const key = options.page
      ? astronauts.filer.file(
          keepingHeld(astronauts.record(astronaut, source), before) as JsonObject & { id: number },
          str(astronaut.name),
        )
      : astronauts.file(astronaut, source);
    listed.add(key);
    const after = astronauts.filer.records.get(key)!;
    // Compared as written (canonical form): a record read from our file differs from LL2's object in form only.
    if (!before || !deepEqual(canonicalReference('astronauts', before), canonicalReference('astronauts', after)))
      changed.add(key);
    astronauts.count(
      options.page
        ? "astronaut of LL2's list of every astronaut (astronauts/?ordering=id) → astronaut record"
        : 'astronaut in space (LL2 astronauts/?in_space=true) → astronaut record',
    );
  }
  if (options.complete && listed.size > 0) {
    for (const [key, record] of astronauts.filer.records) {
      if (record.in_space !== true || listed.has(key)) continue;
      const provenance = isObject(record.provenance) ? record.provenance : {};
      const assumed = {
        ...(isObject(provenance.assumed) ? provenance.assumed : {}),
        in_space: `false: LL2's list of the astronauts in space (astronauts/?in_space=true) of ${options.fetchedAt} no longer holds them`,
      };
      astronauts.filer.records.set(key, { ...record, in_space: false, provenance: { ...provenance, assumed } });
      changed.add(key);
      astronauts.count("astronaut no longer in LL2's list of those in space → in_space false");
    }
  }
  return { astronauts: astronauts.filer.records, changed: [...changed].sort(), conversions: astronauts.conversions };
}

/**
 * The crews' astronauts of imported launches (LL2's whole astronaut objects nested
 * at `rocket.spacecraft_stage[].{launch,onboard,landing}_crew[].astronaut`) filed as
 * our astronaut records, each crew member then naming its astronaut by key, as the
 * migration's `extractAstronauts` does, but under the import's rules: each launch's
 * crew is filed as a page of LL2's list of every astronaut stated when the launch
 * was saved (`provenance.saved_at`, else its `last_updated`): a null never replaces
 * a value we hold, a record whose last flight is later keeps every value and only
 * gains what it lacks, and a 2.2.0 launch never replaces what a 2.3.0 source stated
 * (fileAstronautList). Launches oldest first, so the newest statement is the one kept.
 */
export function fileCrewAstronauts(launches: readonly JsonObject[], reference: AstronautReference): AstronautResult {
  let records: ReadonlyMap<string, JsonObject> = reference.astronauts;
  const conversions = new Map<string, number>();
  const changed: AstronautResult['launches'] = [];
  const changedKeys = new Set<string>();
  const nested = (member: Json): member is JsonObject & { astronaut: JsonObject & { id: number } } =>
    isObject(member) && isObject(member.astronaut) && typeof member.astronaut.id === 'number';
  for (const index of oldestFirst(launches)) {
    const launch = launches[index];
    const rocket = launch.rocket;
    if (!isObject(rocket) || !Array.isArray(rocket.spacecraft_stage)) continue;
    const crews = rocket.spacecraft_stage.flatMap((stage) =>
      isObject(stage) ? CREW_FIELDS.flatMap((f) => (Array.isArray(stage[f]) ? stage[f].filter(nested) : [])) : [],
    );
    if (crews.length === 0) continue;
    const list = [...new Map(crews.map((m) => [m.astronaut.id, m.astronaut])).values()];
    const provenance = isObject(launch.provenance) ? launch.provenance : {};
    const statedAt = str(provenance.saved_at) ?? str(launch.last_updated);
    const filed = fileAstronautList(
      list,
      { countries: reference.countries, agencies: reference.agencies, astronauts: records },
      {
        complete: false,
        fetchedAt: statedAt ?? '',
        version: str(provenance.ll2_version),
        page: true,
        savedBy: str(provenance.saved_by),
        statedAt,
      },
    );
    records = filed.astronauts;
    for (const key of filed.changed) changedKeys.add(key);
    const keyById = new Map([...filed.astronauts].map(([key, a]) => [a.id, key]));
    const stages = mapCrewMembers(rocket.spacecraft_stage, nested, (member) => {
      conversions.set('crew astronaut → astronaut key', (conversions.get('crew astronaut → astronaut key') ?? 0) + 1);
      return { ...member, astronaut: keyById.get(member.astronaut.id)! };
    });
    changed.push({ index, after: { ...launch, rocket: { ...rocket, spacecraft_stage: stages } } });
  }
  changed.sort((a, b) => a.index - b.index);
  return {
    launches: changed,
    astronauts: new Map(records),
    changed: changedKeys.size > 0,
    conversions,
  };
}
