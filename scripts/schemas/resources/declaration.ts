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
// arguments. Its fields are written in fields.ts. Types, the placing helpers.

import type { Schema } from '../building-blocks.ts';
import type { JsonObject, PathSegment } from '../../lib/base/json-types.ts';
import type { DeclaredRecord, Field, FieldMode, ShapeTools } from './fields.ts';

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
