// One LL2 astronaut as our record. In: an astronaut object as LL2 nests it in a
// crew or lists it (`astronauts/`), in 2.2.0's layout (`nationality` a text such
// as "American", `agency` nested with its type as text, `profile_image` a URL,
// `twitter`/`instagram`) or 2.3.0's (`nationality` a list of countries, `image`
// an object), the launch (or list) whose provenance it comes with, and our
// countries and agencies by key. Out: the record in 2.3.0's layout with
// references by key (`nationality` a list of country keys, `agency` an agency
// key), what the source said in `provenance`, every value that had to be matched
// or assumed in `provenance.assumed`; filed by LL2 id (filer.ts) under LL2's slug
// of the name. Its own module because a crew's astronauts (astronauts.ts) and
// LL2's lists (astronaut-list.ts) share this one conversion. Pure.

import type { Json, JsonObject } from '../model/records.ts';
import { Conversions, RecordFiler } from './filer.ts';
import { keyWord } from './keys.ts';
import { nestedProvenance } from './provenance.ts';
import { isObject } from './schema-walk.ts';

export interface AstronautReference {
  /** Our countries by key (data/reference/countries.yaml). */
  countries: ReadonlyMap<string, JsonObject>;
  /** Our agencies by key (data/reference/agencies.yaml). */
  agencies: ReadonlyMap<string, JsonObject>;
  /** Astronaut records already filed, by key. */
  astronauts: ReadonlyMap<string, JsonObject>;
}

export const str = (value: Json | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

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

/** One run's filer of astronaut records, with our countries (by LL2 id and by nationality name) and agencies (by LL2 id) to match. */
export class Astronauts {
  readonly filer: RecordFiler;
  readonly conversions = new Conversions();
  private readonly countryByNationality = new Map<string, string>();
  private readonly countryById = new Map<number, string>();
  private readonly agencyById = new Map<number, string>();

  constructor(reference: AstronautReference) {
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
    this.conversions.count('astronaut nationality text → country list');
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
      this.conversions.count('astronaut profile_image → image object (id 0)');
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
