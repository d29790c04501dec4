// Rockets in LL2's shapes: launcher configurations in every mode LL2 has for them,
// nested in launches and as their own resource, with the declared families' objects
// (schemas/resources/launcher-families.ts) they nest, under the names others use.
// Tallies come from our data set unless LL2's are stored. In: the shape kit, the
// agencies', programs' and families' shapes. Out: those shapes. Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import type { AgencyShapes } from './agencies.ts';
import {
  FAMILY_LANDINGS,
  figure,
  keyList,
  landingFields,
  ll2Figures,
  orNull,
  shapeImage,
  str,
  tallyFields,
  type Mode,
  type ShapeKit,
} from './kit.ts';
import type { NestedShapes } from '../../../schemas/resources/declaration.ts';
import type { DeclaredShapes } from './declared.ts';

export function rocketShapes(
  { once, get, urls, stats, referrers }: ShapeKit,
  { agencyNormal, agencyDetailed }: AgencyShapes,
  { programNormal }: Pick<NestedShapes, 'programNormal'>,
  families: DeclaredShapes,
) {
  // The declared families' objects (schemas/resources/launcher-families.ts), as configurations nest them.
  const familyMini = families.mini;
  const familyNormal = families.normal;
  const familyDetailed = families.detailed;

  /** The fields every mode above list mode has, up to `wiki_url`; `manufacturer` as given, or left out. */
  const configurationFields = (
    key: string,
    mode: Mode,
    family: (key: string) => Json,
    manufacturer?: (key: string) => Json,
  ): JsonObject => {
    const c = get('launcherConfigurations', key);
    return {
      response_mode: mode,
      id: c.id,
      url: urls.configuration(Number(c.id)),
      name: c.name,
      families: keyList(c.families).map(family),
      full_name: c.full_name,
      variant: str(c.variant),
      active: c.active ?? true,
      is_placeholder: c.is_placeholder ?? false,
      ...(manufacturer
        ? { manufacturer: typeof c.manufacturer === 'string' ? manufacturer(c.manufacturer) : null }
        : {}),
      program: keyList(c.program).map(programNormal),
      reusable: c.reusable ?? false,
      image: shapeImage(c.image),
      info_url: orNull(c.info_url),
      wiki_url: orNull(c.wiki_url),
    };
  };
  /** Detailed mode; `withManufacturer` false for the rockets listed under their manufacturer (`launcher_list`). */
  const configurationDetailedFields = (key: string, withManufacturer: boolean): JsonObject => {
    const c = get('launcherConfigurations', key);
    const number = (field: string) => orNull(c[field]);
    return {
      ...configurationFields(key, 'detailed', familyDetailed, withManufacturer ? agencyDetailed : undefined),
      description: str(c.description),
      alias: str(c.alias),
      min_stage: number('min_stage'),
      max_stage: number('max_stage'),
      length: number('length'),
      diameter: number('diameter'),
      maiden_flight: number('maiden_flight'),
      launch_cost: number('launch_cost'),
      launch_mass: number('launch_mass'),
      leo_capacity: number('leo_capacity'),
      gto_capacity: number('gto_capacity'),
      geo_capacity: number('geo_capacity'),
      sso_capacity: number('sso_capacity'),
      to_thrust: number('to_thrust'),
      apogee: number('apogee'),
      ...tallyFields(stats.configurations.get(key), ll2Figures(c)),
      ...landingFields(ll2Figures(c), FAMILY_LANDINGS),
      fastest_turnaround: figure(ll2Figures(c), 'fastest_turnaround', null),
    };
  };

  return {
    familyMini,
    familyNormal,
    familyDetailed,
    configurationList: (key: string): Json =>
      once(`config-list:${key}`, () => {
        const c = get('launcherConfigurations', key);
        return {
          response_mode: 'list',
          id: c.id,
          url: urls.configuration(Number(c.id)),
          name: c.name,
          families: keyList(c.families).map(familyMini),
          full_name: c.full_name,
          variant: str(c.variant),
        };
      }),
    /** `LauncherConfigNormal`: the items of `launcher_configurations/`. */
    configurationNormal: (key: string): Json =>
      once(`config-normal:${key}`, () => configurationFields(key, 'normal', familyNormal, agencyNormal)),
    configurationDetailed: (key: string): Json =>
      once(`config-detailed:${key}`, () => configurationDetailedFields(key, true)),
    /** The rockets an agency makes, by name, as `agencies/{id}/` lists them. */
    launcherList: (agencyKey: string): Json[] =>
      referrers('launcherConfigurations', 'manufacturer', agencyKey).map((key) =>
        once(`config-no-manufacturer:${key}`, () => configurationDetailedFields(key, false)),
      ),
  };
}

export type RocketShapes = ReturnType<typeof rocketShapes>;
