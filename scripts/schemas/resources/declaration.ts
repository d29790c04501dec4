// What one LL2 reference resource's declaration holds (schemas/resources/<kind>.ts), the
// counterpart of a Django REST Framework ViewSet with its serializer and filterset:
// its kind and data file, its record schema, what it refers to, its path, summaries
// and title, its fields in each mode written once (the shapes and the response
// schemas are both made from them), its query table, LL2's parameters of its list.
// The registries (data-files.ts, paths.ts, references.ts, reference-resources.ts,
// shape.ts, responses.ts, reference-tables.ts, ll2-parameters.ts, collections.ts,
// the reference rule) read the list (resources/index.ts) and turn each part into
// their own entries. A declaration imports nothing above the schema building blocks
// and the JSON types: what it needs of the registries (schema helpers, the shape kit,
// other resources' shapes, the records and launches that refer to a record) comes in as
// arguments. Types, the placing helpers, value helpers and field helpers.

import type { Schema } from '../building-blocks.ts';
import type { Json, JsonObject, PathSegment } from '../../lib/base/json-types.ts';

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

/**
 * A cell of the query index, read from the record's detailed object by a dotted path;
 * `[]` after a step reads every item of a list (`crew[].astronaut.id`): such a cell
 * holds every number or text found, a plain one a text or a number (else null); `seconds` the seconds of an
 * ISO 8601 duration of days and time (`P204DT15H19M1S`), so that durations order as LL2's do (else null).
 * `from: 'related'` reads the path from what the record relates to (the declaration's `related`: a
 * landing's first stage's launch) in place of its detailed object.
 */
export type CellSpec = (
  | { text: string }
  | { number: string }
  | { boolean: string }
  | { each: string }
  | { seconds: string }
) & { from?: 'related' };

/**
 * A filter of the list, one per LL2 parameter (django-filter's `Meta.fields`):
 * `number` an exact integer against a cell (a list cell: any of its numbers; the
 * cell `id`: the record's LL2 id), `numbers` a comma-separated list of integers of
 * which the cell holds any (LL2's `ids`), `text` an exact text (with `contains`,
 * also `${parameter}__contains`, a part of it, case-sensitive as PostgreSQL
 * compares), `boolean` a `true`/`false` against a boolean cell (null matches
 * neither), `instants` the `__gt/__gte/__lt/__lte` comparisons of a timestamp cell
 * (a null cell matches none, as SQL's NULL), `instant` the exact instant of one
 * (a DateTimeFilter's exact lookup), `uuids` a comma-separated list of UUIDs of
 * which the text cell is one (LL2's UUID list filters), `count` an integer with its
 * `__gt/__gte/__lt/__lte` (LL2's counters' lookups: `total_launch_count__gte`),
 * `decimals` a number's `__gt/__gte/__lt/__lte` as decimals, without the exact (LL2's
 * coordinates), `digits` an integer whose digits hold the ones given (LL2's `id__contains`),
 * `dates` a date's exact lookup and its `__gt/__gte/__lt/__lte` (`YYYY-MM-DD`, a family's
 * `maiden_flight`), `instants` with `exact` also the exact instant (an astronaut's `first_flight`),
 * `differs` whether a text cell is other than `from` (an astronaut is human: its type is not "Non-Human"), `choices` the ids of records of a kind, the parameter repeated, any of them in a
 * list cell (a station's `owners`), `texts` a comma-separated list of texts of which a list cell holds any (an
 * agency's `country_code`), `stated` whether a text cell states anything (`true`) or nothing (an agency's `spacecraft`). A `text` filter against a list cell matches where any of its texts does
 * (a family's manufacturers' names), as a `number` one does.
 */
export type FilterSpec =
  | { number: string }
  | { numbers: string }
  | { text: string; contains?: true }
  | { boolean: string }
  | { instants: string; exact?: true }
  | { instant: string }
  | { uuids: string }
  | { count: string }
  | { decimals: string }
  | { digits: string }
  | { dates: string }
  | { choices: string; among: ChoiceKind }
  | { texts: string }
  | { stated: string }
  | { differs: string; from: string };

/**
 * The records a `choices` filter's ids must name (django-filter's ModelMultipleChoiceFilter: the
 * parameter repeated, each an id of one, any of them matching the list cell; an unknown id is a 400).
 */
export type ChoiceKind = 'agencies' | 'programs' | 'launcherFamilies' | 'pads' | 'locations';

export interface TableSpec {
  /** Its `mode`s; `list` is cut from the normal object by kind (api/projection.ts). None: no `mode` parameter. */
  modes: ReadonlyArray<'list' | 'normal' | 'detailed'>;
  cells: Record<string, CellSpec>;
  /** In the order of LL2's parameters; each key is the parameter (for `instants`, its stem). */
  filters: Record<string, FilterSpec>;
  /** LL2's search field → the cell it reads; LL2's ordering field → the cell it orders by. */
  search: Record<string, string>;
  ordering: Record<string, string>;
  /**
   * Cells looked up when the table is read, not held in the index, after those: from a number cell (an LL2 id)
   * through the query's reference lookups, each step a table and the field of its row to read next (DRF's
   * lookups through related models: a booster's `launcher_config__manufacturer__name` from its configuration's
   * manufacturer's name); null where a step finds nothing.
   */
  lookups?: Record<string, LookupSpec>;
}

/**
 * A looked-up cell: stepped by id from a number cell (`through`), or the id of the row of a
 * lookup table whose name is a text cell's (`idByName`: a station's orbit, which LL2 writes by name).
 */
export type LookupSpec =
  | { from: string; through: ReadonlyArray<readonly [LookupTable, string]> }
  | { from: string; idByName: LookupTable };

/** The query's reference lookups a table's `lookups` may step through (query/reference-lookup.ts). */
export type LookupTable = 'agencies' | 'configurations' | 'pads' | 'locations' | 'orbits';

/**
 * Where a declared resource stood among the hand-written entries (kept so the build
 * stays byte-identical): the entry it follows in each registry, a hand-written one or
 * another declared one; `null` puts it first.
 */
export interface Placement {
  /** The kind it follows in every kind-ordered registry (routes, paths, tables); `null`: the first of them. */
  kind: string | null;
  /** The kind it follows among the data files (records, files, editor schemas), where not `kind`. */
  file?: string | null;
  /** The kind it follows among the query tables, where not `kind`. */
  table?: string;
  /**
   * The response schema name it follows, and the definition its objects' definitions
   * follow (none if shared): one for all of them, or one for each mode's where they stood apart.
   */
  schema: string;
  definition?: string | Partial<Record<FieldMode, string>>;
}

/** The kinds whose records' launch tallies a nested object may show (api/input-keys.ts follows each). */
export type TalliedKind =
  | 'agencies'
  | 'launcherConfigurations'
  | 'launcherFamilies'
  | 'pads'
  | 'locations'
  | 'celestialBodies';

export interface ResourceDeclaration<K extends string = string, S extends string = string> {
  kind: K;
  /** `data/reference/<file>.yaml`, and its editor schema `data/schemas/<file>.schema.json`. */
  file: string;
  /** Its record in the data file. */
  record: Schema;
  /** Where its records name other records by key, and the kind they name (`*`: every item of a list). */
  refers: Array<[PathSegment[], string]>;
  /** Its collection under the API root; the detail is `${path}{id}/`. */
  path: string;
  /** One word or phrase for messages (`unknown expedition "x"`). */
  title: string;
  /** One line for people: what the list answers, and what one record's detail answers. */
  summaries: { list: string; detail: string };
  /**
   * The order of its list: by LL2 id (the default), by name as LL2's database collates,
   * or by the LL2 id of the record a field names (`refers` says its kind), then by its own (pads by location).
   */
  order?: 'id' | 'name' | { byReference: string };
  /** Published response schemas `${schema}-page` and `${schema}-detailed`; definitions `${ll2}Mini|Normal|Detailed`. */
  schema: S;
  ll2: string;
  /** LL2's name of its object in a mode where it is not `${ll2}${Mode}` (a program's is `Program`). */
  definitions?: Partial<Record<FieldMode, string>>;
  /**
   * Its objects are a definition other objects use too (`IdName`: an agency's type, a
   * station's status), written once with the response building blocks (schemas/responses.ts):
   * it adds no definition of its own (a test holds its fields to that one).
   */
  sharedDefinition?: true;
  /** The mode or modes others nest its objects in, each built once per key and shared (`mini` when absent). */
  nestedAs?: FieldMode | readonly FieldMode[];
  /** The fields of its objects, in LL2's key order. */
  fields: readonly Field[];
  table: TableSpec;
  /**
   * What its objects show beyond its own record and the reference data, so a rebuild
   * knows when to shape one again (api/input-keys.ts): the launches that refer to it
   * (ShapeTools.launches), and in each mode the records whose tallies the objects it
   * nests show, by where its record names them (a detailed patch's agency, `AgencyDetailedAsNormal`).
   */
  shows?: {
    launches?: true;
    tallies?: Partial<Record<'normal' | 'detailed', Array<[PathSegment[], TalliedKind]>>>;
    /**
     * The launches that the records it names show, by where its record names them and
     * their kind (a docking event's chaser flight, nested with the launch whose stage names it).
     */
    launchesOf?: Array<[PathSegment[], string]>;
    /**
     * Its own figures the data set counts (ShapeTools.figure; its kind among the tallied
     * ones): in every mode (`true`), or in its detail only (`'detailed'`: a family's); and in
     * each mode the records naming it whose figures its objects show, as
     * [their kind, the field that names it] (a detailed location's pads).
     */
    figures?: true | 'detailed';
    referrerFigures?: Partial<Record<'normal' | 'detailed', Array<[TalliedKind, string]>>>;
    /**
     * In each mode the records naming it that its objects list without it, with the tallies
     * their objects show but its own, as [their kind, the field that names it] (an agency's rockets).
     */
    referrerTallies?: Partial<Record<'normal' | 'detailed', Array<[TalliedKind, string]>>>;
  };
  /**
   * LL2 2.3.0's parameters of its list (the official OpenAPI), which a test holds the table to:
   * `common` paging, ordering, search, mode and format; `plain` the same without mode.
   */
  ll2Parameters(lists: {
    common: readonly string[];
    plain: readonly string[];
    comparisons(name: string): string[];
  }): string[];
  placement?: Placement;
  /**
   * Modes whose objects have no definition of their own (none in the response
   * schemas: those that nest them type them as an object), such as the object a
   * record of another kind nests where LL2's schema names one we do not spell out
   * (a docking event as its flight nests it, LL2's `DockingEventForChaserNormal`).
   */
  untypedModes?: readonly FieldMode[];
  /**
   * Its objects, where they are made from more than its record and the shapes it nests (Django REST Framework's
   * `to_representation`): a spacecraft flight merged with the launch stage that names it, made where the launch's
   * detail and a landing nest it in forms of their own. Its fields then say only each mode's keys and schemas
   * (a test holds the objects' keys to them).
   */
  shape?(record: DeclaredRecord, tools: ShapeTools, mode: FieldMode): JsonObject;
  /**
   * What a record relates to that its objects do not show, read by its table's
   * cells `from: 'related'` (DRF's lookups through a related model): an update's launch, and
   * that launch's provider and programs, from the launch that lists it (ShapeTools.launches).
   */
  related?(record: DeclaredRecord, tools: ShapeTools): JsonObject;
}

/** A kind in kebab case, as its data file is named (`launcherFamilies` → `launcher-families`). */
export const kebabCase = (kind: string): string => kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** A kind in snake case, as LL2 names its path (`launcherStatuses` → `launcher_statuses`). */
export const snakeCase = (kind: string): string => kind.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A declaration, with its kind and schema name kept as literal types (they join ReferenceKind and ResourceSchemaName). */
export const resource = <const K extends string, const S extends string>(
  declaration: ResourceDeclaration<K, S>,
): ResourceDeclaration<K, S> => declaration;

/** The modes a declaration has objects in, in order. */
export const modesOf = (declaration: ResourceDeclaration): FieldMode[] =>
  (['mini', 'normal', 'detailed', 'bare', 'nested'] as const).filter((mode) =>
    declaration.fields.some((f) => f.modes.includes(mode)),
  );

/** The definition name of a declared resource's objects in a mode (`ExpeditionNormal`). */
export const definitionName = (declaration: ResourceDeclaration, mode: FieldMode): string =>
  declaration.definitions?.[mode] ?? `${declaration.ll2}${mode[0].toUpperCase()}${mode.slice(1)}`;

/**
 * A registry's entries with the declared resources' among them: each right after the
 * entry `anchor` names (where it stood when it was written by hand; a declared one's
 * entry counts once placed), first for `null`, those with no anchor (or one never
 * there) at the end, in the list's order. Pure.
 */
export function placeDeclared<V, D>(
  entries: ReadonlyArray<readonly [string, V]>,
  declared: readonly D[],
  entryOf: (declaration: D) => readonly [string, V],
  anchor: (declaration: D) => string | null | undefined,
): Array<readonly [string, V]> {
  const out = [...entries];
  // Declared entries placed so far, by the anchor they follow: a second one after the same anchor goes after the first.
  const placedAfter = new Map<string, string | null>();
  const place = (declaration: D): boolean => {
    const after = anchor(declaration);
    let at = after === null ? -1 : out.findIndex(([key]) => key === after);
    if (after === undefined || (after !== null && at === -1)) return false;
    while (at + 1 < out.length && placedAfter.get(out[at + 1][0]) === after) at++;
    const entry = entryOf(declaration);
    placedAfter.set(entry[0], after);
    out.splice(at + 1, 0, entry);
    return true;
  };
  // Those following a declared one wait for it: a pass places what it can, until a pass places none.
  let waiting = declared.filter((d) => anchor(d) !== undefined);
  for (let before = -1; waiting.length !== before; ) {
    before = waiting.length;
    waiting = waiting.filter((d) => !place(d));
  }
  const last = declared.filter((d) => anchor(d) === undefined || waiting.includes(d));
  return [...out, ...last.map(entryOf)];
}

/** The entry a declared resource follows among the data files or the query tables: that placement's, else `kind`'s. */
export const follows = (declaration: ResourceDeclaration, registry: 'file' | 'table'): string | null | undefined => {
  const placement = declaration.placement;
  return placement?.[registry] === undefined ? placement?.kind : placement[registry];
};

/** placeDeclared over an object's entries, giving an object. */
export const placeDeclaredIn = <V, D>(
  entries: Readonly<Record<string, V>>,
  declared: readonly D[],
  entryOf: (declaration: D) => readonly [string, V],
  anchor: (declaration: D) => string | null | undefined,
): Record<string, V> => Object.fromEntries(placeDeclared(Object.entries(entries), declared, entryOf, anchor));
