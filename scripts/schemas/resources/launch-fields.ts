// A launch's fields in LL2's three modes, written once: each field's modes, response
// schema and value. The launch objects (api/shapes/launches.ts), the lighter modes cut
// from a detailed launch (api/projection.ts) and the definitions `LaunchBasic` (list
// mode, `mini` here: as events link launches), `LaunchNormal` and `LaunchDetailed`
// (schemas/response-definitions.ts) are made from them, the attempt counters in the
// order LL2's objects carry them. Launches are not a declared resource: their records,
// paths, collections and query table are their own (upcoming and previous by NET).
// Where a record states no value, what LL2 publishes for an unknown one. Pure.

import type { Schema } from '../building-blocks.ts';
import type { Json, JsonObject } from '../../lib/base/json-types.ts';
import {
  type DeclaredObjects,
  type Field,
  type FieldMode,
  keysIn,
  objectOf,
  objectsIn,
  orNull,
  responseMode,
  stated,
} from './fields.ts';
import { linkFields } from './media-fields.ts';

/** What a launch's field values are made with (given by api/shapes/launches.ts). */
export interface LaunchTools {
  /** The absolute URL of a launch's detail, by id. */
  url(id: string): string;
  /** LL2's `Image`, `InfoURL` and `VidURL` of what a record states. */
  image(value: Json | undefined): Json;
  infoUrl(link: JsonObject): Json;
  vidUrl(link: JsonObject): Json;
  /** A declared kind's objects (its status, provider, rocket, pad, programs, updates, patches). */
  of(kind: string): DeclaredObjects;
  /** What our statistics give the launch (model/stats.ts): its attempt counters and its pad's turnaround. */
  stat(launchId: string, name: string): Json;
  /** A first stage as a detailed launch nests it (`FirstStage`: its booster, turnaround and landing). */
  firstStage(stage: JsonObject, net: string): Json;
  /** The launch's spacecraft stages as LL2's spacecraft flights (a stage that names no spacecraft left out). */
  spacecraftStages(launch: LaunchFieldRecord): Json[];
}

/** A launch record (data/launches/), as validated by its schema. */
export type LaunchFieldRecord = JsonObject & { id: string; net: string; rocket: JsonObject };

type LaunchField = Field<LaunchFieldRecord, LaunchTools>;

const LISTED: readonly FieldMode[] = ['mini', 'normal', 'detailed'];
const NORMAL: readonly FieldMode[] = ['normal', 'detailed'];
const DETAILED: readonly FieldMode[] = ['detailed'];
/** A mission's one mode, as a launch nests it. */
const MISSION: readonly FieldMode[] = ['normal'];

const uuid: Schema = { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' };

/**
 * A stable integer id for a nested object our data does not number (LL2's
 * rocket and mission ids), taken from the launch UUID so it never changes.
 */
function derivedId(uuid: string, salt: number): number {
  const hex = uuid.replace(/-/g, '');
  return 100_000_000 + (parseInt(hex.slice(salt * 7, salt * 7 + 7), 16) % 900_000_000);
}

/** A launch's mission (`Mission`, one mode): its type's name, its orbit, its agencies as detailed launches nest them. */
export const MISSION_FIELDS: readonly Field<JsonObject, LaunchTools>[] = [
  { name: 'id', modes: MISSION, schema: (t) => t.i, value: (m) => m.id },
  { name: 'name', modes: MISSION, schema: (t) => t.s, value: (m) => m.name },
  {
    name: 'type',
    modes: MISSION,
    schema: (t) => t.s,
    value: (m, t) => t.of('missionTypes').normal(String(m.type)).name,
  },
  { name: 'description', modes: MISSION, schema: (t) => t.s, value: (m) => m.description ?? '' },
  { name: 'image', modes: MISSION, schema: (t) => t.nullable(t.ref('Image')), value: (m, t) => t.image(m.image) },
  {
    name: 'orbit',
    modes: MISSION,
    schema: (t) => t.ref('Orbit'),
    value: (m, t) => t.of('orbits').normal(String(m.orbit)),
  },
  {
    name: 'agencies',
    modes: MISSION,
    schema: (t) => t.arr(t.ref('AgencyDetailedAsNormal')),
    value: (m, t) => keysIn(m, 'agencies').map(t.of('agencies').nested),
  },
  ...linkFields(MISSION),
];

/** The launch's mission, its id ours where LL2's is not known (null where it has none). */
function mission(launch: LaunchFieldRecord, t: LaunchTools): Json {
  const m = launch.mission as JsonObject | null | undefined;
  return m ? objectOf(MISSION_FIELDS, { ...m, id: m.id ?? derivedId(launch.id, 1) }, t, 'normal') : null;
}

/** What a first stage's field values are made with (given by api/shapes/launchers.ts). */
export interface FirstStageTools {
  /** The booster a stage names, by key (`LauncherNormal`). */
  of(kind: string): DeclaredObjects;
  /** A stage's landing: the record its key names (`Landing`), or the object the importer has not filed yet. */
  landing(value: Json | undefined): Json;
  /** LL2's `LaunchMini` of the stage's previous flight where that launch is ours, else null (a `url` names a file of ours). */
  previousFlight(value: Json | undefined): Json;
  /** An ISO 8601 duration of milliseconds (model/stats.ts formatDuration). */
  duration(ms: number): string;
  /** The NET of the launch the stage flies. */
  net: string;
}

/** A first stage's one mode, as a detailed launch nests it. */
const STAGE: readonly FieldMode[] = ['normal'];

/**
 * A launch's first stage (`FirstStage`): its booster from the record its key names; 2.3.0's
 * `turn_around_time` (a duration) is the time from the previous flight to this launch's NET, or
 * 2.2.0's `turn_around_time_days` in days when the previous flight's date is not given.
 */
export const FIRST_STAGE_FIELDS: readonly Field<JsonObject, FirstStageTools>[] = [
  { name: 'id', modes: STAGE, schema: (t) => t.i, value: (st) => st.id },
  { name: 'type', modes: STAGE, schema: (t) => t.s, value: (st) => (typeof st.type === 'string' ? st.type : '') },
  stated('reused', STAGE, (t) => t.nb),
  stated('launcher_flight_number', STAGE, (t) => t.ni),
  {
    name: 'launcher',
    modes: STAGE,
    schema: (t) => t.nullable(t.ref('LauncherNormal')),
    value: (st, t) => (typeof st.launcher === 'string' ? t.of('launchers').normal(st.launcher) : orNull(st.launcher)),
  },
  stated('previous_flight_date', STAGE, (t) => t.nts),
  {
    name: 'turn_around_time',
    modes: STAGE,
    schema: (t) => t.ns,
    value: (st, t) =>
      typeof st.turn_around_time === 'string'
        ? st.turn_around_time
        : typeof st.previous_flight_date === 'string'
          ? t.duration(Date.parse(t.net) - Date.parse(st.previous_flight_date))
          : typeof st.turn_around_time_days === 'number'
            ? t.duration(st.turn_around_time_days * 86_400_000)
            : null,
  },
  {
    name: 'landing',
    modes: STAGE,
    schema: (t) => t.nullable(t.ref('Landing')),
    value: (st, t) => t.landing(st.landing),
  },
  {
    name: 'previous_flight',
    modes: STAGE,
    schema: () => ({ type: ['object', 'null'] }),
    value: (st, t) => t.previousFlight(st.previous_flight),
  },
];

/** A launch's rocket: its configuration in list mode when normal; with its stages and payloads when detailed. */
function rocket(launch: LaunchFieldRecord, t: LaunchTools, mode: FieldMode): Json {
  const { rocket } = launch;
  const id = rocket.id ?? derivedId(launch.id, 0);
  const configuration = String(rocket.configuration);
  if (mode === 'normal') return { id, configuration: t.of('launcherConfigurations').mini(configuration) };
  return {
    id,
    configuration: t.of('launcherConfigurations').detailed(configuration),
    launcher_stage: objectsIn(rocket, 'launcher_stage').map((stage) => t.firstStage(stage, launch.net)),
    spacecraft_stage: t.spacecraftStages(launch),
    payloads: rocket.payloads ?? [],
  };
}

/** One of our statistics' figures of the launch, in `modes`. */
const statistic = (name: string, modes: readonly FieldMode[], schema: LaunchField['schema']): LaunchField => ({
  name,
  modes,
  schema,
  value: (l, t) => t.stat(l.id, name),
});

const ATTEMPT_COUNTERS = ['', '_year'].flatMap((suffix) =>
  ['orbital', 'location', 'pad', 'agency'].map((scope) => `${scope}_launch_attempt_count${suffix}`),
);

/** The fields of a launch our statistics give (model/stats.ts), computed from the whole data set, not from its record. */
export const LAUNCH_STATISTICS: readonly string[] = [...ATTEMPT_COUNTERS, 'pad_turnaround'];

export const LAUNCH_FIELDS: readonly LaunchField[] = [
  { name: 'id', modes: LISTED, schema: () => uuid, value: (l) => l.id },
  { name: 'url', modes: LISTED, schema: (t) => t.uri, value: (l, t) => t.url(l.id) },
  { name: 'name', modes: LISTED, schema: (t) => t.s, value: (l) => l.name },
  responseMode(LISTED),
  { name: 'slug', modes: LISTED, schema: (t) => t.s, value: (l) => l.slug },
  stated('launch_designator', LISTED, (t) => t.ns),
  {
    name: 'status',
    modes: LISTED,
    schema: (t) => t.ref('LaunchStatus'),
    value: (l, t) => t.of('launchStatuses').normal(String(l.status)),
  },
  { name: 'last_updated', modes: LISTED, schema: (t) => t.ts, value: (l) => l.last_updated },
  { name: 'net', modes: LISTED, schema: (t) => t.ts, value: (l) => l.net },
  {
    name: 'net_precision',
    modes: LISTED,
    schema: (t) => t.nullable(t.ref('NetPrecision')),
    value: (l, t) => (l.net_precision ? t.of('netPrecisions').normal(String(l.net_precision)) : null),
  },
  { name: 'window_end', modes: LISTED, schema: (t) => t.ts, value: (l) => l.window_end },
  { name: 'window_start', modes: LISTED, schema: (t) => t.ts, value: (l) => l.window_start },
  { name: 'image', modes: LISTED, schema: (t) => t.nullable(t.ref('Image')), value: (l, t) => t.image(l.image) },
  stated('infographic', LISTED, (t) => t.ns),
  stated('probability', NORMAL, (t) => t.ni),
  stated('weather_concerns', NORMAL, (t) => t.ns),
  stated('failreason', NORMAL, (t) => t.ns),
  stated('hashtag', NORMAL, (t) => t.ns),
  {
    name: 'launch_service_provider',
    modes: NORMAL,
    schema: (t, m) => t.ref(m === 'normal' ? 'AgencyMini' : 'AgencyDetailedAsNormal'),
    value: (l, t, m) => t.of('agencies')[m === 'normal' ? 'mini' : 'nested'](String(l.launch_service_provider)),
  },
  {
    name: 'rocket',
    modes: NORMAL,
    schema: (t, m) =>
      m === 'normal'
        ? t.exact({ id: t.i, configuration: t.ref('ConfigurationList') })
        : t.exact({
            id: t.i,
            configuration: t.ref('ConfigurationDetailed'),
            launcher_stage: t.arr(t.ref('FirstStage')),
            spacecraft_stage: t.arr({ type: 'object' }),
            payloads: t.arr({ type: 'object' }),
          }),
    value: rocket,
  },
  { name: 'mission', modes: NORMAL, schema: (t) => t.nullable(t.ref('Mission')), value: mission },
  { name: 'pad', modes: NORMAL, schema: (t) => t.ref('Pad'), value: (l, t) => t.of('pads').normal(String(l.pad)) },
  { name: 'webcast_live', modes: NORMAL, schema: (t) => t.b, value: (l) => l.webcast_live ?? false },
  {
    name: 'program',
    modes: NORMAL,
    schema: (t) => t.arr(t.ref('Program')),
    value: (l, t) => keysIn(l, 'program').map(t.of('programs').normal),
  },
  ...ATTEMPT_COUNTERS.map((name) => statistic(name, NORMAL, (t) => t.ni)),
  stated('flightclub_url', DETAILED, (t) => t.nuri),
  {
    name: 'updates',
    modes: DETAILED,
    schema: (t) => t.arr(t.ref('Update')),
    value: (l, t) => ((l.updates ?? []) as Array<JsonObject | string>).map(t.of('updates').normal),
  },
  ...linkFields(DETAILED),
  {
    name: 'timeline',
    modes: DETAILED,
    schema: (t) => t.arr(t.exact({ type: { type: ['object', 'null'] }, relative_time: t.ns })),
    value: (l) =>
      objectsIn(l, 'timeline').map((step) => ({ type: orNull(step.type), relative_time: orNull(step.relative_time) })),
  },
  statistic('pad_turnaround', DETAILED, (t) => t.s),
  {
    name: 'mission_patches',
    modes: DETAILED,
    schema: (t) => t.arr(t.ref('MissionPatch')),
    value: (l, t) => ((l.mission_patches ?? []) as Array<JsonObject | string>).map(t.of('missionPatches').normal),
  },
];
