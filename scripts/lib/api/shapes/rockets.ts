// Rockets as the other shapes nest them: the declared configurations' and families'
// objects (schemas/resources/launcher-configurations.ts, launcher-families.ts) under the
// names launches, boosters and agencies use, and the rockets an agency makes as its
// detail lists them. In: their declared shapes and the records that refer to an agency.
// Out: those shapes. Pure.

import type { Json } from '../../model/records.ts';
import type { DeclaredShapes } from './declared.ts';

export function rocketShapes(
  {
    launcherConfigurations: configurations,
    launcherFamilies: families,
  }: Record<'launcherConfigurations' | 'launcherFamilies', DeclaredShapes>,
  madeBy: (agencyKey: string) => readonly string[],
) {
  return {
    /** `FamilyMini`, `FamilyNormal` and `FamilyDetailed`, as a configuration and a family's parent nest them. */
    familyMini: families.mini,
    familyNormal: families.normal,
    familyDetailed: families.detailed,
    /** `ConfigurationList`, as a normal launch's rocket and a booster's detail nest it. */
    configurationList: configurations.mini,
    /** `ConfigurationNormal` (the items of `launcher_configurations/`) and `ConfigurationDetailed` (a detailed launch's rocket). */
    configurationNormal: configurations.normal,
    configurationDetailed: configurations.detailed,
    /** The rockets an agency makes, by name, as `agencies/{id}/` lists them (`ConfigurationNoManufacturer`). */
    launcherList: (agencyKey: string): Json[] => madeBy(agencyKey).map(configurations.bare),
  };
}

export type RocketShapes = ReturnType<typeof rocketShapes>;
