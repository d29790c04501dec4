// LL2 2.2.0 objects (and the trimmed copies other projects save) in the shapes of
// 2.3.0, so that the rest of the importer reads one version. Pure: a copy goes
// out with what was converted and which values could not be. What changes:
// - an agency `type` string becomes LL2's fixed agency type `{id, name}`;
// - `country_code` ("USA", "FRA,RUS") becomes country objects (no LL2 id: the
//   importer matches the ISO code);
// - a configuration's `family` string becomes `families: [{name}]` (no LL2 id);
// - a location without `celestial_body` is on Earth (2.2.0 launched from Earth only), and so is
//   an orbit whose name names no other body;
// - image URLs (`image`, `image_url`, `logo_url`, `nation_url`) become image
//   objects `{id: 0, name: "", image_url}` (2.2.0 gives the URL only; id 0 says so);
// - latitude/longitude, founding_year and launch_cost strings become numbers; a probability of -1 null;
// - `rocket.spacecraft_stage` as one object becomes a list of one;
// - `infoURLs`/`vidURLs` become `info_urls`/`vid_urls`, `mission.launch_designator` the launch's;
// - a pad location saved as `{id, name: {…location…}}` is read as that location.
// 2.3.0 objects pass through unchanged.

import type { ReferenceKind } from '../../schemas/data-files.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { countryByAlpha3, countryCodes } from './countries.ts';
import { isObject } from './schema-walk.ts';

/** LL2's agency types (`/config/agencytype/`): the ids are fixed. */
export const AGENCY_TYPE_IDS: Readonly<Record<string, number>> = {
  Government: 1,
  Multinational: 2,
  Commercial: 3,
  Educational: 4,
  Private: 5,
  Unknown: 6,
};

/** Earth as LL2 nests it in locations and orbits; our reference data has the full record under id 1. */
const EARTH: JsonObject = { id: 1, name: 'Earth' };
/** Orbit names that place the orbit around another body than Earth. */
const OTHER_BODY = /lunar|moon|mars|venus|mercury|jupiter|saturn|helio|sun|solar|asteroid|comet/i;

export interface Upgrade {
  value: JsonObject;
  /** What was converted, by kind of conversion: `agency type string → id` → times. */
  conversions: Map<string, number>;
  /** Values that could not be converted, with where they were. */
  problems: string[];
}

type ObjectKind = ReferenceKind | 'launch' | 'event' | 'mission' | 'rocket' | 'missionPatch';

/** Where nested objects sit, and what they are. */
const NESTED: Partial<Record<ObjectKind, Record<string, ObjectKind>>> = {
  launch: {
    launch_service_provider: 'agencies',
    rocket: 'rocket',
    mission: 'mission',
    pad: 'pads',
    program: 'programs',
    mission_patches: 'missionPatch',
  },
  event: { agencies: 'agencies', program: 'programs', spacestations: 'spaceStations' },
  rocket: { configuration: 'launcherConfigurations' },
  mission: { agencies: 'agencies', orbit: 'orbits' },
  launcherConfigurations: { manufacturer: 'agencies', program: 'programs' },
  pads: { location: 'locations' },
  locations: { pads: 'pads' },
  programs: { agencies: 'agencies', mission_patches: 'missionPatch' },
  spaceStations: { owners: 'agencies' },
  missionPatch: { agency: 'agencies' },
};

/** Objects whose 2.2.0 image URLs are 2.3.0 image objects (a mission patch keeps its `image_url`). */
const WITH_IMAGES: ReadonlySet<ObjectKind> = new Set([
  'agencies',
  'launcherConfigurations',
  'programs',
  'spaceStations',
]);
/** 2.2.0 image URL fields and the 2.3.0 image fields they become. */
const IMAGE_FIELDS: Record<string, string> = { image_url: 'image', logo_url: 'logo', nation_url: 'social_logo' };

const imageObject = (url: string): JsonObject => ({ id: 0, name: '', image_url: url });
const numeric = (value: Json): Json =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

class Upgrader {
  readonly conversions = new Map<string, number>();
  readonly problems: string[] = [];

  private count(what: string): void {
    this.conversions.set(what, (this.conversions.get(what) ?? 0) + 1);
  }

  private countries(code: string, where: string): JsonObject[] {
    const out: JsonObject[] = [];
    for (const one of countryCodes(code)) {
      const country = countryByAlpha3(one);
      if (country) out.push(country);
      // LL2 writes "???" where a place or agency has no country (sea and air launch, international bodies).
      else if (one === '???') this.count('country_code "???" → no country');
      else this.problems.push(`${where}.country_code: "${one}" is not an ISO 3166 alpha-3 code; no country`);
    }
    this.count('country_code → country');
    return out;
  }

  upgrade(value: JsonObject, kind: ObjectKind, where: string): JsonObject {
    const out: JsonObject = { ...value };
    // A location saved as {id, name: {the location}} (a project's trimmed copy): the inner object is the location.
    if (kind === 'locations' && isObject(out.name) && (out.name as JsonObject).id === out.id) {
      Object.assign(out, out.name as JsonObject);
      this.count('location nested in its own name → location');
    }
    if (kind === 'agencies' && typeof out.type === 'string') {
      const id = AGENCY_TYPE_IDS[out.type];
      if (id !== undefined) {
        out.type = { id, name: out.type };
        this.count('agency type string → LL2 agency type id');
      } else {
        this.problems.push(`${where}.type: "${out.type}" is not one of LL2's agency types`);
      }
    }
    if (typeof out.country_code === 'string' && !('country' in out)) {
      const list = this.countries(out.country_code, where);
      out.country = kind === 'agencies' ? list : (list[0] ?? null);
      delete out.country_code;
    }
    if (kind === 'launcherConfigurations' && typeof out.family === 'string' && !('families' in out)) {
      out.families = out.family.trim() === '' ? [] : [{ name: out.family.trim() }];
      delete out.family;
      this.count('configuration family string → families');
    }
    // Launch sites are on Earth; so is an orbit unless its name says otherwise ("Lunar Orbit", "Mars Orbit"),
    // which is left without one: our record of it keeps its own, a new one is not added (and is reported).
    if (
      (kind === 'locations' || (kind === 'orbits' && !OTHER_BODY.test(String(out.name ?? '')))) &&
      !('celestial_body' in out)
    ) {
      out.celestial_body = EARTH;
      this.count(`${kind === 'locations' ? 'location' : 'orbit'} without celestial_body → Earth`);
    }
    for (const [from, to] of Object.entries(IMAGE_FIELDS)) {
      if (!(from in out) || !WITH_IMAGES.has(kind)) continue;
      const url = out[from];
      delete out[from];
      if (to in out) continue;
      if (typeof url === 'string' && url !== '') {
        out[to] = imageObject(url);
        this.count('image URL → image object (id 0)');
      } else {
        out[to] = null;
      }
    }
    if (typeof out.image === 'string') {
      out.image = out.image === '' ? null : imageObject(out.image);
      this.count('image URL → image object (id 0)');
    }
    if (kind === 'pads' || kind === 'locations') {
      for (const field of ['latitude', 'longitude']) {
        if (typeof out[field] === 'string') {
          out[field] = numeric(out[field]);
          this.count('latitude/longitude string → number');
        }
      }
    }
    if (kind === 'agencies' && typeof out.founding_year === 'string') out.founding_year = numeric(out.founding_year);
    if (kind === 'launcherConfigurations' && typeof out.launch_cost === 'string')
      out.launch_cost = numeric(out.launch_cost);
    if (kind === 'event') {
      // 2.2.0 events: one news and one video link, and a feature image.
      if (typeof out.feature_image === 'string' && !('image' in out))
        out.image = out.feature_image === '' ? null : imageObject(out.feature_image);
      if (typeof out.news_url === 'string' && out.news_url !== '' && !('info_urls' in out))
        out.info_urls = [{ url: out.news_url }];
      if (typeof out.video_url === 'string' && out.video_url !== '' && !('vid_urls' in out))
        out.vid_urls = [{ url: out.video_url }];
      if ('feature_image' in out || 'news_url' in out || 'video_url' in out)
        this.count('event feature_image, news_url, video_url → image, info_urls, vid_urls');
      delete out.feature_image;
      delete out.news_url;
      delete out.video_url;
    }
    // Early 2.2.0 launches write an unknown probability as -1; 2.3.0 as null.
    if (kind === 'launch' && out.probability === -1) {
      out.probability = null;
      this.count('probability -1 → null');
    }
    if (kind === 'launch' || kind === 'event') {
      for (const [from, to] of [
        ['infoURLs', 'info_urls'],
        ['vidURLs', 'vid_urls'],
      ]) {
        if (!(from in out)) continue;
        if (!(to in out)) out[to] = out[from];
        delete out[from];
        this.count(`${from} → ${to}`);
      }
    }
    // A few 2.2.0 missions have type "" (some Space Shuttle flights): no type.
    if (kind === 'mission' && out.type === '') {
      delete out.type;
      this.count('mission type "" → none');
    }
    if (kind === 'launch' && isObject(out.mission) && 'launch_designator' in out.mission) {
      const { launch_designator: designator, ...mission } = out.mission;
      if (!('launch_designator' in out)) out.launch_designator = designator;
      out.mission = mission;
    }
    if (kind === 'rocket' && 'spacecraft_stage' in out && !Array.isArray(out.spacecraft_stage)) {
      if (isObject(out.spacecraft_stage)) {
        out.spacecraft_stage = [out.spacecraft_stage];
        this.count('spacecraft_stage object → list');
      } else {
        delete out.spacecraft_stage;
      }
    }
    for (const [field, nestedKind] of Object.entries(NESTED[kind] ?? {})) {
      const nested = out[field];
      if (Array.isArray(nested))
        out[field] = nested.map((item, i) =>
          isObject(item) ? this.upgrade(item, nestedKind, `${where}.${field}[${i}]`) : item,
        );
      else if (isObject(nested)) out[field] = this.upgrade(nested, nestedKind, `${where}.${field}`);
    }
    return out;
  }
}

/** The object in 2.3.0 shapes. `kind`: what the object is (a launch, an event or a reference kind). */
export function upgradeToLl2v230(value: JsonObject, kind: ReferenceKind | 'launch' | 'event', where: string): Upgrade {
  const upgrader = new Upgrader();
  const upgraded = upgrader.upgrade(value, kind, where);
  return { value: upgraded, conversions: upgrader.conversions, problems: upgrader.problems };
}
