// What a declaration of one of LL2's small `config/…` lists (schemas/config-lists.ts)
// holds: the types of its fields, of the places its entries are collected from, and
// of the filters of a list we hold nothing for. In: nothing. Out: those types.

/**
 * A field of a list's objects, in LL2's order: `int` and `text` are required (an
 * entry the records never give one is left out of the list); `nullableText`,
 * `nullableInt`, `nullableNumber` and `image` are null where no record states
 * one; `optionalInt` and `optionalBool` are left out where none states one (LL2's
 * schema has them, not required, never null). `location` is the record's nested
 * location, published as our location of that LL2 id (LL2's
 * LocationSerializerNoCelestialBody), null where we hold none; `celestialBody` is
 * the celestial body the record names by key (a landing site's), else that location's (CelestialBodyNormal).
 * `unshaped` is a field we have no shape for yet: a list with one has no sources
 * (test/config-lists.test.ts holds to it), so it is published empty.
 * `station` is the space station whose record states the entry (SpaceStationMini),
 * null for an entry stated elsewhere; `unheld` is an object that entries collected
 * from the declared places never have (a station's docking location belongs to no
 * spacecraft configuration or payload): always null.
 */
export type ConfigField =
  | 'int'
  | 'text'
  | 'nullableText'
  | 'optionalInt'
  | 'nullableInt'
  | 'nullableNumber'
  | 'optionalBool'
  | 'image'
  | 'location'
  | 'celestialBody'
  | 'unshaped'
  | 'station'
  | 'unheld';

/** The record sets entries are collected from: launches, events, or reference records of a data file. */
export type ConfigSourceSet =
  | 'launches'
  | 'events'
  | 'astronauts'
  | 'celestialBodies'
  | 'programs'
  | 'spaceStations'
  | 'agencies'
  | 'launcherConfigurations'
  | 'locations'
  | 'pads'
  | 'landings'
  | 'spacecraft'
  | 'spacecraftConfigurations'
  | 'expeditions'
  /** The Starship dashboard (reference/starship-dashboard.yaml): one document, not keyed records. */
  | 'starshipDashboard';

/**
 * Where the nested objects are: a set of records and a path in each record,
 * keys joined by dots; `[]` steps into every item of a list, `**` matches any
 * depth (so `**.license` is every image's licence, wherever the image is).
 */
export interface ConfigSource {
  from: ConfigSourceSet;
  path: string;
}

export interface ConfigList {
  /** Our name of the kind (a reference kind). */
  kind: string;
  /** LL2's path under `config/`, without slashes. */
  path: string;
  /** LL2 2.3.0's schema of one object (components/schemas), also the name of our response definition. */
  ll2: string;
  /** Our published response schema's name (`${schema}-page`, `${schema}-detailed`). */
  schema: string;
  /** What one object is, for people ("astronaut role"). */
  title: string;
  fields: Readonly<Record<string, ConfigField>>;
  sources: readonly ConfigSource[];
  /**
   * A list LL2 publishes at the API root (`payloads/`), not under `config/`, whose
   * objects no record of ours holds: published empty (count 0), its detail route
   * answering 404 for every id, with the modes and filters LL2 documents for it.
   */
  root?: true;
  modes?: ReadonlyArray<'list' | 'normal' | 'detailed'>;
  /** Its filters by parameter name (besides paging, ordering, search and mode). */
  filters?: Readonly<Record<string, UnheldFilter>>;
}

/**
 * How a filter of a list we hold nothing for reads its value, as LL2 types it: a
 * whole number, a comma-separated list of numbers or of UUIDs, a text (exact or
 * `contains`), or a date-time (its lookup from the name's suffix, `start__gte`).
 */
export type UnheldFilter = 'int' | 'ints' | 'uuids' | 'text' | 'contains' | 'dateTime';
