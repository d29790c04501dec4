// Rockets as the other shapes nest them: the declared configurations' and families'
// objects (schemas/resources/launcher-configurations.ts, launcher-families.ts) under the
// names launches, boosters and agencies use. In: their declared shapes. Out: those
// shapes. Pure.

import type { DeclaredShapes } from './declared.ts';

export function rocketShapes({
  launcherConfigurations: configurations,
  launcherFamilies: families,
}: Record<'launcherConfigurations' | 'launcherFamilies', DeclaredShapes>) {
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
    /** `ConfigurationNoManufacturer`, as its manufacturer's detail lists it. */
    configurationNoManufacturer: configurations.bare,
  };
}

export type RocketShapes = ReturnType<typeof rocketShapes>;
