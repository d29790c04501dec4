// The objects of the config lists collected from the records (astronaut roles,
// video types, landing locations, …; schemas/config-lists.ts): in → an entry's
// key and the declaration of its list; out → LL2's object, its fields in the
// declared order. Plain fields are the entry's values, null or left out where no
// record states one; a landing location's `location` is our location of that LL2
// id, its `celestial_body` that location's body; a docking location's `spacestation`
// the station whose record lists it (SpaceStationMini). Pure.

import { configListOf, type ConfigListKind } from '../../../schemas/config-lists.ts';
import type { Json, JsonObject } from '../../model/records.ts';
import { shapeImage, type ShapeKit } from './kit.ts';
import type { Declared } from './declared.ts';

export function configListShapes(
  { once, get }: ShapeKit,
  { locations, celestialBodies, spaceStations }: Declared,
  locationKeyById: ReadonlyMap<number, string>,
) {
  /** Our location of the LL2 id a nested location object names, if we hold it. */
  const locationKeys = new Set(locationKeyById.values());
  const locationKey = (value: Json | undefined): string | undefined => {
    if (typeof value === 'string') return locationKeys.has(value) ? value : undefined; // our key, as a landing record names it
    return value !== null && typeof value === 'object' && !Array.isArray(value) && typeof value.id === 'number'
      ? locationKeyById.get(value.id)
      : undefined;
  };

  const configEntry = (kind: ConfigListKind, key: string): Json =>
    once(`${kind}:${key}`, () => {
      const r = get(kind, key);
      const out: JsonObject = {};
      const location = locationKey(r.location);
      for (const [field, type] of Object.entries(configListOf(kind)!.fields)) {
        const value = r[field];
        if (type === 'location') out[field] = location === undefined ? null : locations.bare(location);
        else if (type === 'celestialBody')
          out[field] =
            typeof value === 'string'
              ? celestialBodies.normal(value)
              : location === undefined
                ? null
                : celestialBodies.normal(String(get('locations', location).celestial_body));
        else if (type === 'image') out[field] = shapeImage(value);
        else if (type === 'station') out[field] = typeof value === 'string' ? spaceStations.mini(value) : null;
        else if (value !== undefined) out[field] = value;
        else if (type !== 'optionalInt' && type !== 'optionalBool') out[field] = null;
      }
      return out;
    });
  return { configEntry };
}
