// LL2's small configuration objects as other shapes nest them (countries, agency /
// event / mission types, launch statuses, NET precisions, orbits, booster statuses),
// by the names those shapes use: each the declared resource's object
// (schemas/resources/config.ts), built once per key. In: the declared shapes. Out: the
// objects by key, and null for a key a record leaves out. Pure.

import type { Json } from '../../model/records.ts';
import type { DeclaredShapes } from './declared.ts';

/** Reference kinds LL2 shows as `{id, name}` only. */
export type IdNameKind = 'agencyTypes' | 'eventTypes' | 'missionTypes' | 'launcherStatuses';

type ConfigKind = IdNameKind | 'countries' | 'launchStatuses' | 'netPrecisions' | 'orbits';

export function configShapes(declared: Record<ConfigKind, DeclaredShapes>) {
  const { countries, launchStatuses, netPrecisions, orbits } = declared;
  return {
    country: countries.normal,
    nullableCountry: (key: Json | undefined): Json => (typeof key === 'string' ? countries.normal(key) : null),
    idAndName: (kind: IdNameKind, key: string): Json => declared[kind].normal(key),
    status: launchStatuses.normal,
    nullablePrecision: (key: string | null | undefined): Json => (key ? netPrecisions.normal(key) : null),
    orbit: orbits.normal,
  };
}

export type ConfigShapes = ReturnType<typeof configShapes>;
