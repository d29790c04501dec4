// Agencies in LL2's modes: list (`AgencyMini`), normal (`AgencyNormal`), the
// detailed fields LL2 nests under the label "normal" (mission agencies,
// manufacturers, a detailed launch's provider), and the `agencies/{id}/` resource
// (`AgencyEndpointDetailed`, with the rockets the agency makes). Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import type { ConfigShapes } from './config.ts';
import {
  AGENCY_LANDINGS,
  keyList,
  landingFields,
  ll2Figures,
  orNull,
  shapeImage,
  shapeSocialMediaLinks,
  str,
  tallyFields,
  type Mode,
  type ShapeKit,
} from './kit.ts';

export function agencyShapes({ once, get, urls, stats }: ShapeKit, { idAndName, country }: ConfigShapes) {
  const agencyMini = (key: string): Json =>
    once(`agency-list:${key}`, () => {
      const a = get('agencies', key);
      return {
        response_mode: 'list',
        id: a.id,
        url: urls.agency(Number(a.id)),
        name: a.name,
        abbrev: a.abbrev,
        type: idAndName('agencyTypes', String(a.type)),
      };
    });
  const normalFields = (key: string, mode: Mode): JsonObject => {
    const a = get('agencies', key);
    return {
      response_mode: mode,
      id: a.id,
      url: urls.agency(Number(a.id)),
      name: a.name,
      abbrev: a.abbrev,
      type: idAndName('agencyTypes', String(a.type)),
      featured: a.featured ?? false,
      country: keyList(a.country).map(country),
      description: orNull(a.description),
      administrator: orNull(a.administrator),
      founding_year: orNull(a.founding_year),
      launchers: str(a.launchers),
      spacecraft: str(a.spacecraft),
      parent: orNull(a.parent),
      image: shapeImage(a.image),
      logo: shapeImage(a.logo),
      social_logo: shapeImage(a.social_logo),
    };
  };
  const detailedFields = (key: string, mode: Mode): JsonObject => {
    const a = get('agencies', key);
    return {
      ...normalFields(key, mode),
      ...tallyFields(stats.agencies.get(key), ll2Figures(a)),
      ...landingFields(ll2Figures(a), AGENCY_LANDINGS),
      info_url: orNull(a.info_url),
      wiki_url: orNull(a.wiki_url),
      social_media_links: shapeSocialMediaLinks(a.social_media_links),
    };
  };
  return {
    agencyMini,
    agencyNormal: (key: string): Json => once(`agency-normal:${key}`, () => normalFields(key, 'normal')),
    /**
     * The detailed fields under the label "normal": how real LL2 2.3.0 writes mission agencies,
     * manufacturers and the provider of a detailed launch.
     */
    agencyDetailed: (key: string): Json => once(`agency-detailed:${key}`, () => detailedFields(key, 'normal')),
    /**
     * `agencies/{id}/`: the detailed fields, the rockets the agency makes (`launcher_list`,
     * detailed, without their manufacturer) and its spacecraft, of which our data has none.
     */
    agencyResource: (key: string, launcherList: readonly Json[]): JsonObject => ({
      ...detailedFields(key, 'detailed'),
      launcher_list: [...launcherList],
      spacecraft_list: [],
    }),
  };
}

export type AgencyShapes = ReturnType<typeof agencyShapes>;
