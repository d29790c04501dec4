// From LL2 objects to our records, driven by our data-file schemas: a field our
// schema has is copied (nested value objects keep only the fields the schema
// knows), a nested LL2 resource (agency, pad, rocket configuration, …) becomes
// the key of a reference record, and fields the build computes (urls, response
// modes, launch counters) are marked derived. Anything else stays unused and is
// reported as skipped. Pure, apart from the `ref` callback that files reference
// records away.

import type { Schema } from '../../schemas/building-blocks.ts';
import {
  eventSchema,
  launchSchema,
  LL2_FIGURES,
  REFERENCE_KINDS,
  type FileReferenceKind as ReferenceKind,
} from '../../schemas/data-files.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { EVENT_REFERENCES, LAUNCH_REFERENCES, REFERENCE_REFERENCES } from '../model/references.ts';
import type { PathSegment } from '../data/source.ts';
import { itemPath, joinPath, type FieldUse } from './fields.ts';
import { branchFor, isObject, isPassthrough, propertiesOf } from './schema-walk.ts';
import { LAUNCH_STATISTICS } from '../../schemas/resources/launch-fields.ts';

export interface MapContext {
  use: FieldUse;
  /** When the object being mapped was stated (its last_updated, or the file's save date): the `as_of` of LL2 figures in it. */
  asOf?: string;
  /** Files a nested LL2 object (or, for mission types, a name) as a reference record; returns its key. */
  ref(kind: ReferenceKind, value: Json, path: string): string | null;
}

export type RefPattern = [PathSegment[], ReferenceKind];

/** Where launches and events refer to reference data (`*`: every item of a list): the places rules.ts checks. */
export const LAUNCH_REFS: RefPattern[] = LAUNCH_REFERENCES;

/** An event's links to launches are not reference data; the importer resolves them separately. */
export const EVENT_REFS: RefPattern[] = EVENT_REFERENCES.filter(
  (pattern): pattern is RefPattern => pattern[1] !== 'launches',
);

/** Fields every LL2 object has that the build writes itself. */
const ALWAYS_DERIVED = new Set(['url', 'response_mode']);

/** `['mission_patches','*','agency']` → `mission_patches[].agency`; a trailing `*` names the list itself. */
function targetPath(pattern: PathSegment[]): string {
  let path = '';
  for (const segment of pattern) path = segment === '*' ? itemPath(path) : joinPath(path, String(segment));
  return path.replace(/\[\]$/, '');
}

const targetsOf = (patterns: RefPattern[]): Map<string, ReferenceKind> =>
  new Map(patterns.map(([p, kind]) => [targetPath(p), kind]));

const LAUNCH_TARGETS = targetsOf(LAUNCH_REFS);
const EVENT_TARGETS = targetsOf(EVENT_REFS);
const REFERENCE_TARGETS = Object.fromEntries(
  (Object.keys(REFERENCE_KINDS) as ReferenceKind[]).map((kind) => [kind, targetsOf(REFERENCE_REFERENCES[kind] ?? [])]),
) as Record<ReferenceKind, Map<string, ReferenceKind>>;

interface Env {
  ctx: MapContext;
  targets: Map<string, ReferenceKind>;
  /** Paths (relative to the record) that the caller handles itself or that are derived. */
  derived: Set<string>;
  handled: Set<string>;
}

function mapRef(kind: ReferenceKind, value: Json, abs: string, env: Env): Json {
  if (Array.isArray(value)) {
    if (value.length === 0) env.ctx.use.use(abs);
    const keys = value.map((item) => env.ctx.ref(kind, item, itemPath(abs))).filter((k): k is string => k !== null);
    return [...new Set(keys)];
  }
  if (value === null) {
    env.ctx.use.use(abs);
    return null;
  }
  return env.ctx.ref(kind, value, abs);
}

function mapValue(value: Json, schema: Schema | undefined, abs: string, rel: string, env: Env): Json | undefined {
  const target = env.targets.get(rel);
  if (target) return mapRef(target, value, abs, env);
  if (!schema) return undefined;
  const branch = branchFor(schema, value);
  if (Array.isArray(value) && branch.items && value.length > 0) {
    return value
      .map((item) => mapValue(item, branch.items as Schema, itemPath(abs), itemPath(rel), env))
      .filter((v): v is Json => v !== undefined);
  }
  if (isObject(value) && branch.properties && !isPassthrough(branch)) return mapObject(value, branch, abs, rel, env);
  // A plain value, an object we carry through as it is, or a value of the wrong type (repair deals with it).
  env.ctx.use.use(abs);
  return value;
}

function mapObject(value: JsonObject, schema: Schema, abs: string, rel: string, env: Env): JsonObject {
  const props = propertiesOf(schema);
  const out: JsonObject = {};
  if (Object.keys(value).length === 0) env.ctx.use.use(abs);
  for (const [key, field] of Object.entries(value)) {
    const a = joinPath(abs, key);
    const r = joinPath(rel, key);
    if (env.handled.has(r)) continue;
    if (env.targets.has(r) || key in props) {
      const mapped = mapValue(field, props[key], a, r, env);
      if (mapped !== undefined) out[key] = mapped;
    } else if (ALWAYS_DERIVED.has(key) || env.derived.has(r)) {
      env.ctx.use.derive(a);
    }
  }
  return out;
}

/** A launch in any mode, as the fields of our launch record it carries (list mode: no provider, rocket or pad). */
export function mapLaunch(value: JsonObject, ctx: MapContext, path = ''): JsonObject {
  return mapObject(value, launchSchema, path, '', {
    ctx,
    targets: LAUNCH_TARGETS,
    derived: new Set(LAUNCH_STATISTICS),
    handled: new Set(),
  });
}

/** An event; its detailed-mode `launches` (LaunchBasic objects) are returned for the caller to match. */
export function mapEvent(value: JsonObject, ctx: MapContext): { record: JsonObject; launches: Json[] | undefined } {
  const record = mapObject(value, eventSchema, '', '', {
    ctx,
    targets: EVENT_TARGETS,
    derived: new Set(),
    handled: new Set(['launches']),
  });
  return { record, launches: Array.isArray(value.launches) ? value.launches : undefined };
}

/**
 * A nested LL2 resource as a (partial) reference record: the fields it carries in
 * the mode it came in. LL2's whole-database figures go to `ll2_figures`.
 */
export function mapReference(kind: ReferenceKind, value: Json, abs: string, ctx: MapContext): JsonObject | null {
  if (kind === 'missionTypes') {
    // `mission.type` is a plain name in LL2 launches.
    if (typeof value !== 'string' || value === '') return null;
    ctx.use.use(abs);
    return { name: value };
  }
  if (!isObject(value)) return null;
  const figureNames: readonly string[] = (LL2_FIGURES as Partial<Record<ReferenceKind, readonly string[]>>)[kind] ?? [];
  const figures: JsonObject = {};
  for (const name of figureNames) {
    if (!(name in value)) continue;
    figures[name] = value[name];
    ctx.use.use(joinPath(abs, name));
  }
  const record = mapObject(value, REFERENCE_KINDS[kind], abs, '', {
    ctx,
    targets: REFERENCE_TARGETS[kind],
    derived: new Set(),
    handled: new Set(Object.keys(figures)),
  });
  if (Object.keys(figures).length > 0)
    record.ll2_figures = ctx.asOf === undefined ? figures : { ...figures, as_of: ctx.asOf };
  return record;
}
