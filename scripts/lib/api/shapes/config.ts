// LL2's small configuration objects, as nested in other resources and as the
// items of the `config/…` endpoints: countries, agency / event / mission types,
// launch statuses and NET precisions. Pure.

import type { Json } from '../../model/records.ts';
import { str, type ShapeKit } from './kit.ts';

/** Reference kinds LL2 shows as `{id, name}` only. */
export type IdNameKind = 'agencyTypes' | 'eventTypes' | 'missionTypes';

export function configShapes({ once, get }: ShapeKit) {
  const country = (key: string): Json =>
    once(`country:${key}`, () => {
      const c = get('countries', key);
      return {
        id: c.id,
        name: c.name,
        alpha_2_code: c.alpha_2_code,
        alpha_3_code: c.alpha_3_code,
        nationality_name: str(c.nationality_name),
        nationality_name_composed: str(c.nationality_name_composed),
      };
    });
  const idAndName = (kind: IdNameKind, key: string): Json =>
    once(`${kind}:${key}`, () => {
      const r = get(kind, key);
      return { id: r.id, name: r.name };
    });
  const status = (key: string): Json =>
    once(`status:${key}`, () => {
      const s = get('launchStatuses', key);
      return { id: s.id, name: s.name, abbrev: s.abbrev, description: s.description };
    });
  const precision = (key: string): Json =>
    once(`precision:${key}`, () => {
      const p = get('netPrecisions', key);
      return { id: p.id, name: p.name, abbrev: p.abbrev, description: p.description };
    });
  return {
    country,
    nullableCountry: (key: Json | undefined): Json => (typeof key === 'string' ? country(key) : null),
    idAndName,
    status,
    precision,
    nullablePrecision: (key: string | null | undefined): Json => (key ? precision(key) : null),
  };
}

export type ConfigShapes = ReturnType<typeof configShapes>;
