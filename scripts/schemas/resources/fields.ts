// What a response object's fields are (DRF's serializer fields): each field's modes, its
// response schema and its value, and what the values are made with. The declared
// resources (schemas/resources/<kind>.ts: a declared kind's fields read its record with
// ShapeTools) and the launches' and events' field lists (launch-fields.ts,
// event-fields.ts: their records with their own tools) are written in it. Types, the
// value helpers, the field helpers, and the object and the cut a field list makes in a
// mode. Imports nothing above the schema building blocks and the JSON types. Pure.

import type { Schema } from '../building-blocks.ts';
import type { Json, JsonObject } from '../../lib/base/json-types.ts';

/**
 * A resource's object modes: `mini` as others nest it, `normal` on list pages, `detailed` its detail;
 * `bare` as the record it belongs to lists or nests it, without that record (LL2's serializers
 * `…NoLocation`, `…NoCelestialBody`: a location's pads in its detail, a celestial body's locations);
 * `nested` as another kind nests it in whole where that is none of the others (LL2's
 * `CelestialBody`: a body with its figures, as a location nests it).
 */
export type FieldMode = 'mini' | 'normal' | 'detailed' | 'bare' | 'nested';

/** The response-schema helpers and the field schemas of other resources (given by schemas/responses.ts). */
export interface SchemaTools {
  s: Schema;
  ns: Schema;
  i: Schema;
  uri: Schema;
  nuri: Schema;
  ts: Schema;
  nts: Schema;
  /** A boolean, an integer and a number, each or null. */
  nb: Schema;
  ni: Schema;
  nn: Schema;
  arr(items: Schema): Schema;
  ref(definition: string): Schema;
  exact(properties: Record<string, Schema>): Schema;
  /** `exact` with the properties named optional (a landing location's `active`, left out where no source states it). */
  exactBut(optional: readonly string[], properties: Record<string, Schema>): Schema;
  nullable(schema: Schema): Schema;
  /** `{ const: mode }`: a `response_mode` field. */
  mode(value: string): Schema;
  /** The schema of a declared kind's object in a mode it gives no definition (`untypedModes`: a station as its expedition nests it). */
  untyped(kind: string, mode: FieldMode): Schema;
  /** A boolean. */
  b: Schema;
}

/** A field's value: the record's, or null where it states none; its text, or `''` where it states none. */
export const orNull = (value: Json | undefined): Json => (value === undefined ? null : value);
export const text = (value: Json | undefined): string => (typeof value === 'string' ? value : '');

/** The keys a record's list field holds (none where it states none). */
export const keysIn = (record: JsonObject, field: string): string[] =>
  Array.isArray(record[field]) ? (record[field] as string[]) : [];

/** The objects a record's list field holds (none where it states none). */
export const objectsIn = (record: JsonObject, field: string): JsonObject[] =>
  Array.isArray(record[field]) ? (record[field] as JsonObject[]) : [];

/** A record of the declared kind, as validated by its record schema. */
export type DeclaredRecord = JsonObject & { id: number };

/** A record by key, or a record stated in place of a key (LL2's object not filed yet). */
export type KeyOrRecord = string | JsonObject;

/**
 * A declared kind's objects in each of its modes, by key or as a record states it: what
 * another declaration nests of it (DRF's nested serializer; `of` in ShapeTools).
 */
export interface DeclaredObjects {
  mini(record: KeyOrRecord): Json;
  normal(record: KeyOrRecord): JsonObject;
  detailed(record: KeyOrRecord): JsonObject;
  bare(record: KeyOrRecord): JsonObject;
  nested(record: KeyOrRecord): JsonObject;
}

/**
 * The shapes a declared resource nests that are made from more than one declared kind's
 * records (the launches, the crews): the shaper's own, by its names (api/shape.ts hands
 * the whole shaper over; one line here makes another usable). Another declared kind's
 * objects come from `of` instead.
 */
export interface NestedShapes {
  /** A crew member (`AstronautFlight`), its astronaut named by key. */
  crewMember(member: JsonObject): Json;
  /** The flights of our launches' spacecraft stages that fly a spacecraft, by its LL2 id, each with its launch (`SpacecraftFlightNormal`). */
  flightsOfSpacecraft(spacecraftId: number): Json[];
  /** An astronaut's flights over our launches, by its LL2 id: how many launch crews and landing crews hold it, and those launches (`LaunchNormal`, by NET). */
  crewFlightCounts(astronautId: number): { flights: number; landings: number };
  crewFlights(astronautId: number): Json[];
  /** A landing's location as the record nests it (LL2's `LandingLocation`: its place our location, without its body). */
  landingLocation(location: JsonObject): Json;
  /**
   * The first stage or the spacecraft flight (with its launch, without its landing) that made a landing, by its
   * LL2 id, in a mode (null where none did); and what its table reads of them beyond its objects (the stage's
   * launch, the booster's configuration).
   */
  landingFirstStage(landingId: number, mode: 'normal' | 'detailed'): Json;
  landingFlight(landingId: number, mode: 'normal' | 'detailed'): Json;
  landingRelated(landingId: number): JsonObject;
  /** A spacecraft flight, by its LL2 id, with the launch whose stage names it, in a mode (`mini`: LL2's `SpacecraftFlightMini`). */
  spacecraftFlightWithLaunch(flightId: number, mode: FieldMode): JsonObject;
  /** The expeditions under way at the build's clock aboard a station, by its LL2 id, as `ExpeditionMini` (none without a clock). */
  expeditionsUnderWay(stationId: number): Json[];
}

/** What a field's value is made with (given by api/shape.ts). */
export interface ShapeTools {
  /** The absolute URL of a record of this kind, by LL2 id. */
  url(id: number): string;
  /** LL2's `Image` of a record's `image` (null where it has none). */
  image(value: Json | undefined): Json;
  /** LL2's `SocialMediaLink` objects of a record's `social_media_links` (none where it states none). */
  socialMediaLinks(value: Json | undefined): Json[];
  /**
   * Another declared kind's objects, by its kind (`of('agencies').mini(key)`: LL2's `AgencyMini`).
   * A kind no declaration has throws when it is asked for.
   */
  of(kind: string): DeclaredObjects;
  nested: NestedShapes;
  /**
   * The keys of the `kind` records whose `field` names this record (or lists it), in
   * that kind's default order: the reverse of a reference (a patch's programs).
   */
  referrers(kind: string, field: string, record: DeclaredRecord): readonly string[];
  /**
   * The launches that refer to this record (their references: model/references.ts
   * LAUNCH_REFERENCES), each once, in the data set's order, as `LaunchNormal`.
   * A declaration whose fields read them says so in `shows.launches`.
   */
  launches(record: DeclaredRecord): Json[];
  /**
   * A figure LL2 counts of this record: LL2's own where the record stores it
   * (`ll2_figures`, as of import), else the one the data set counts from the launches
   * (model/stats.ts: a location's launches), else `none`. A declaration whose fields
   * read them says so in `shows.figures`.
   */
  figure(record: DeclaredRecord, name: string, none: Json): Json;
}

/**
 * One field of the resource's objects: in which modes it appears, its response schema and its value.
 * A declared resource's fields read its record with ShapeTools; the launches' and events' fields
 * (launch-fields.ts, event-fields.ts) their own records with their own tools.
 */
export interface Field<R extends JsonObject = DeclaredRecord, T = ShapeTools> {
  name: string;
  modes: readonly FieldMode[];
  /**
   * The declared kind whose objects the field's value holds where list mode shows them
   * as that kind's `mini` objects: list mode, cut from the normal object (api/projection.ts),
   * cuts them to their mini fields too (a configuration's families).
   */
  miniOf?: string;
  /** Where list mode cuts the field's objects otherwise (a landing's first stage, LL2's `FirstStageMini`). */
  listCut?: ListCut;
  schema(tools: SchemaTools, mode: FieldMode): Schema;
  /** Its value; none where the declaration's `shape` makes its objects. */
  value?(record: R, tools: T, mode: FieldMode): Json;
}

/** The object a record's fields make in a mode: each field of that mode, in their order, with its value. */
export const objectOf = <R extends JsonObject, T>(
  fields: readonly Field<R, T>[],
  record: R,
  tools: T,
  mode: FieldMode,
): JsonObject =>
  Object.fromEntries(fields.filter((f) => f.modes.includes(mode)).map((f) => [f.name, f.value!(record, tools, mode)]));

/** The names of the fields that are not in a mode (what a lighter mode leaves out of a detailed object). */
export const namesOutside = (fields: readonly Field<never, never>[], mode: FieldMode): Set<string> =>
  new Set(fields.filter((f) => !f.modes.includes(mode)).map((f) => f.name));

/**
 * What list mode keeps of an object a field holds: its `keys`, in its order, and within them the objects
 * cut in turn, by a cut of their own or to a declared kind's mini fields (labelled list mode, as that kind's list).
 */
export interface ListCut {
  keys: readonly string[];
  within?: Readonly<Record<string, ListCut | { miniOf: string }>>;
}

/** LL2's `response_mode` of an object in a mode: a `mini` object is list mode; `bare` and `nested` ones, as LL2 nests them, normal. */
const LL2_MODE: Record<FieldMode, string> = {
  mini: 'list',
  normal: 'normal',
  detailed: 'detailed',
  bare: 'normal',
  nested: 'normal',
};

/**
 * The `response_mode` field of the objects in `modes`, each labelled as LL2 labels it, or as `labels` says
 * where LL2 labels a nested object otherwise (a crew member's astronaut, LL2's `AstronautDetailed`: detailed).
 */
export const responseMode = <R extends JsonObject = DeclaredRecord, T = ShapeTools>(
  modes: readonly FieldMode[],
  labels: Partial<Record<FieldMode, string>> = {},
): Field<R, T> => ({
  name: 'response_mode',
  modes,
  schema: (t, mode) => t.mode(labels[mode] ?? LL2_MODE[mode]),
  value: (_, __, mode) => labels[mode] ?? LL2_MODE[mode],
});

/** A field the record states as it is, in `modes`, null where it states none. */
export const stated = <R extends JsonObject = DeclaredRecord, T = ShapeTools>(
  name: string,
  modes: readonly FieldMode[],
  schema: Field['schema'],
): Field<R, T> => ({
  name,
  modes,
  schema,
  value: (record) => orNull(record[name]),
});

/**
 * A figure LL2 counts, in `modes` (ShapeTools.figure): LL2's stored one, else the data set's count, else
 * `none`; typed an integer, or one or null where `none` is null, unless `schema` says otherwise.
 */
export const figureField = (
  name: string,
  modes: readonly FieldMode[],
  none: 0 | null,
  schema?: Field['schema'],
): Field => ({
  name,
  modes,
  schema: schema ?? ((t) => (none === null ? t.ni : t.i)),
  value: (record, t) => t.figure(record, name, none),
});
