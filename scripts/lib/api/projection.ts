// LL2's lighter modes as projections of the detailed object: a launch or event in
// `normal` or `list` mode is its detailed resource (the detail file the build
// writes) less the fields that mode leaves out, with the nested objects a mode
// shows in a shorter form (a normal launch's provider and rocket configuration)
// cut down the same way shape.ts builds them; a reference record in list mode is its
// normal object cut to its list form (a declared kind's: its `mini` fields). Pure: a parsed detail object in, a
// new object out, keys in the order the build writes them. test/query-projection
// holds these to the build's own normal-mode pages, byte for byte.

import type { Json, JsonObject } from '../model/records.ts';
import type { Mode } from './shapes/kit.ts';
import { CONFIG_LISTS, type ConfigList } from '../../schemas/config-lists.ts';
import { namesOutside, type ListCut } from '../../schemas/resources/fields.ts';
import { EVENT_FIELDS } from '../../schemas/resources/event-fields.ts';
import { LAUNCH_FIELDS } from '../../schemas/resources/launch-fields.ts';
import { DECLARED_RESOURCES } from '../../schemas/resources/index.ts';

/** Keeps the named keys of an object, in its own order, with `response_mode` set where it has one. */
function pick(object: JsonObject, keys: ReadonlySet<string>, mode?: Mode): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    if (keys.has(key)) out[key] = key === 'response_mode' && mode ? mode : value;
  }
  return out;
}

/** Drops the named keys, sets `response_mode`. */
function omit(object: JsonObject, keys: ReadonlySet<string>, mode: Mode): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    if (!keys.has(key)) out[key] = key === 'response_mode' ? mode : value;
  }
  return out;
}

const asObject = (value: Json | undefined): JsonObject => value as JsonObject;

/** `LaunchBasic`: what list mode shows of a launch; what only detailed mode shows (its fields: schemas/resources/launch-fields.ts). */
const LAUNCH_LIST_OMITS = namesOutside(LAUNCH_FIELDS, 'mini');
const LAUNCH_DETAILED_ONLY = namesOutside(LAUNCH_FIELDS, 'normal');
/** A normal launch's rocket: its configuration in list mode (`ConfigurationList`, cut as its list mode is). */
const rocketNormal = (rocket: JsonObject): JsonObject => ({
  id: rocket.id,
  configuration: referenceInListMode('launcherConfigurations', asObject(rocket.configuration)),
});

/** A detailed launch (`launches/{id}/`) in the mode asked for. */
export function launchInMode(detailed: JsonObject, mode: Mode): JsonObject {
  if (mode === 'detailed') return detailed;
  if (mode === 'list') return omit(detailed, LAUNCH_LIST_OMITS, 'list');
  const normal = omit(detailed, LAUNCH_DETAILED_ONLY, 'normal');
  normal.launch_service_provider = referenceInListMode('agencies', asObject(detailed.launch_service_provider));
  normal.rocket = rocketNormal(asObject(detailed.rocket));
  return normal;
}

/** What only detailed mode shows of an event, and what list mode leaves out (its fields: schemas/resources/event-fields.ts). */
const EVENT_DETAILED_ONLY = namesOutside(EVENT_FIELDS, 'normal');
const EVENT_LIST_OMITS = namesOutside(EVENT_FIELDS, 'mini');

/** A detailed event (`events/{id}/`) in the mode asked for. */
export function eventInMode(detailed: JsonObject, mode: Mode): JsonObject {
  if (mode === 'detailed') return detailed;
  return omit(detailed, mode === 'list' ? EVENT_LIST_OMITS : EVENT_DETAILED_ONLY, mode);
}

type Cut = (object: JsonObject) => JsonObject;

/** An object cut to `keys` (labelled `mode`, if given), then each field `within` names cut by its own cut. */
function cutTo(keys: ReadonlySet<string>, within: ReadonlyArray<readonly [string, Cut]>, mode?: Mode): Cut {
  return (object) => {
    const out = pick(object, keys, mode);
    for (const [name, cut] of within) {
      const value = out[name];
      out[name] = Array.isArray(value) ? value.map((item) => cut(asObject(item))) : value && cut(asObject(value));
    }
    return out;
  };
}

/** A declaration's list cut of a field's objects (resources/declaration.ts ListCut). */
const listCut = ({ keys, within = {} }: ListCut): Cut =>
  cutTo(
    new Set(keys),
    Object.entries(within).map(([name, cut]) => [name, 'miniOf' in cut ? miniCut(cut.miniOf) : listCut(cut)] as const),
  );

/**
 * A declared kind's object cut to its `mini` fields, labelled list mode; a field whose
 * objects are another declared kind's (`miniOf`: a configuration's families) cut alike, and
 * one the declaration cuts otherwise (`listCut`: a landing's first stage) by that cut.
 */
function miniCut(kind: string): Cut {
  const declaration = DECLARED_RESOURCES.find((d) => d.kind === kind);
  const fields = (declaration?.fields ?? []).filter((f) => f.modes.includes('mini'));
  const within = fields.flatMap((f) =>
    'miniOf' in f && f.miniOf
      ? [[f.name, miniCut(f.miniOf)] as const]
      : 'listCut' in f && f.listCut
        ? [[f.name, listCut(f.listCut)] as const]
        : [],
  );
  return cutTo(new Set(fields.map((f) => f.name)), within, 'list');
}

/** The reference kinds with a list mode, each cut from its normal-mode object. */
const REFERENCE_LIST_MODE = {
  // The root lists our records hold nothing for (schemas/config-lists.ts): objects of id and name, the same in list mode.
  ...(Object.fromEntries(
    CONFIG_LISTS.filter((c: ConfigList) => c.root && c.modes?.includes('list')).map((c) => [
      c.kind,
      (normal: JsonObject) => ({ ...normal, response_mode: 'list' }),
    ]),
  ) as unknown as Record<UnheldListKind, (normal: JsonObject) => JsonObject>),
  // The declared kinds with a list mode (schemas/resources/): their `mini` fields, as LL2's `…Mini` serializers.
  ...(Object.fromEntries(
    DECLARED_RESOURCES.filter((d) => (d.table.modes as readonly string[]).includes('list')).map((d) => [
      d.kind,
      miniCut(d.kind),
    ]),
  ) as Record<DeclaredWithListMode, (normal: JsonObject) => JsonObject>),
} as const;

type DeclaredWithListMode =
  | 'agencies'
  | 'programs'
  | 'launcherFamilies'
  | 'celestialBodies'
  | 'launchers'
  | 'launcherConfigurations'
  | 'astronauts'
  | 'landings';

type UnheldListKind = 'payloads' | 'payloadFlights' | 'spacewalks' | 'spacecraftConfigurationFamilies';

export type ReferenceWithListMode = keyof typeof REFERENCE_LIST_MODE;

/** Whether a kind of reference record has a list mode cut here. */
export const hasReferenceListMode = (kind: string): kind is ReferenceWithListMode =>
  Object.hasOwn(REFERENCE_LIST_MODE, kind);

/**
 * A reference record's normal-mode object (an item of its static list page) in
 * list mode: `AgencyMini`, `LauncherConfigList` (families as
 * `LauncherConfigFamilyMini`), and a declared kind's mini object (`FamilyMini`,
 * `ProgramMini`, `CelestialBodyMini`).
 */
export const referenceInListMode = (kind: ReferenceWithListMode, normal: JsonObject): JsonObject =>
  REFERENCE_LIST_MODE[kind](normal);
