// Every object definition our response schemas use, by name: the hand-written ones
// (the launches' and events' from their fields, schemas/resources/launch-fields.ts and
// event-fields.ts), the config lists' from
// their fields (schemas/config-lists.ts) and the declared resources' from their field
// lists (schemas/resources/), each where it stood. In: those. Out: the definitions in
// order, and the definitions of one declaration. Pure.

import type { Schema } from './building-blocks.ts';
import { CONFIG_LISTS, type ConfigField } from './config-lists.ts';
import {
  arr,
  b,
  exact,
  exactBut,
  i,
  mode,
  nb,
  ni,
  nn,
  ns,
  nts,
  nuri,
  nullable,
  ref,
  s,
  ts,
  uri,
} from './response-blocks.ts';
import { definitionName, modesOf, placeDeclared, type ResourceDeclaration } from './resources/declaration.ts';
import type { Field, FieldMode, SchemaTools } from './resources/fields.ts';
import { DECLARED_RESOURCES } from './resources/index.ts';
import { EVENT_FIELDS } from './resources/event-fields.ts';
import { FIRST_STAGE_FIELDS, LAUNCH_FIELDS, MISSION_FIELDS } from './resources/launch-fields.ts';
import { IMAGE_FIELDS, INFO_URL_FIELDS, MEDIA_MODE, VID_URL_FIELDS } from './resources/media-fields.ts';
/** A config list's object (schemas/config-lists.ts): its fields in order, all required but the optional ones. */
function configListDefinition(fields: Readonly<Record<string, ConfigField>>): Schema {
  const types: Record<ConfigField, Schema> = {
    int: i,
    optionalInt: i,
    text: s,
    nullableText: ns,
    nullableInt: ni,
    nullableNumber: nn,
    optionalBool: b,
    image: nullable(ref('Image')),
    location: nullable(ref('LocationNoBody')),
    celestialBody: nullable(ref('CelestialBodyNormal')),
    unshaped: { type: ['object', 'null'] },
    station: nullable(ref('SpaceStationMini')),
    unheld: { type: 'null' },
  };
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(fields).filter(
      (field) => fields[field] !== 'optionalInt' && fields[field] !== 'optionalBool',
    ),
    properties: Object.fromEntries(Object.entries(fields).map(([field, type]) => [field, types[type]])),
  };
}

/** What a declared resource's fields are typed with (schemas/resources/declaration.ts). */
const SCHEMA_TOOLS: SchemaTools = {
  s,
  ns,
  i,
  uri,
  nuri,
  ts,
  nts,
  nb,
  ni,
  nn,
  arr,
  ref,
  exact,
  exactBut,
  nullable,
  mode,
  untyped: (kind, mode) => objectSchema(DECLARED_RESOURCES.find((d) => d.kind === kind)!, mode),
  b,
};

/** The schema of the objects some fields make in a mode: each of that mode's fields, in order. */
function fieldsSchema(fields: readonly Pick<Field, 'name' | 'modes' | 'schema'>[], mode: FieldMode): Schema {
  return exact(
    Object.fromEntries(fields.filter((f) => f.modes.includes(mode)).map((f) => [f.name, f.schema(SCHEMA_TOOLS, mode)])),
  );
}

const HAND_DEFINITIONS: Record<string, Schema> = {
  IdName: exact({ id: i, name: s }),
  // An image's and a link's, from their fields (schemas/resources/media-fields.ts).
  Image: fieldsSchema(IMAGE_FIELDS, MEDIA_MODE),
  InfoURL: fieldsSchema(INFO_URL_FIELDS, MEDIA_MODE),
  VidURL: fieldsSchema(VID_URL_FIELDS, MEDIA_MODE),
  // The Starship dashboard's own lists (data/reference/starship-dashboard.yaml), as LL2's dashboard gives them.
  RoadClosure: exact({ id: i, title: s, status: ref('IdName'), window_start: ts, window_end: ts }),
  Notice: exact({ id: i, type: ref('IdName'), date: ts, url: uri }),
  VidURLs: exact({ title: ns, description: ns, image: nuri, url: uri }),
  Mission: fieldsSchema(MISSION_FIELDS, 'normal'),
  FirstStage: fieldsSchema(FIRST_STAGE_FIELDS, 'normal'),
  DockingLocationOfStation: exact({
    id: i,
    name: s,
    spacestation: nullable(ref('SpaceStationMini')),
    spacecraft: { type: 'null' },
    payload: { type: 'null' },
  }),
  // A launch's, from its fields (schemas/resources/launch-fields.ts).
  LaunchBasic: fieldsSchema(LAUNCH_FIELDS, 'mini'),
  LaunchNormal: fieldsSchema(LAUNCH_FIELDS, 'normal'),
  LaunchDetailed: fieldsSchema(LAUNCH_FIELDS, 'detailed'),
  // An event's, from its fields (schemas/resources/event-fields.ts).
  EventNormal: fieldsSchema(EVENT_FIELDS, 'normal'),
  EventDetailed: fieldsSchema(EVENT_FIELDS, 'detailed'),
  // The config lists collected from the records, each under LL2's name of its object.
  ...Object.fromEntries(CONFIG_LISTS.map((list) => [list.ll2, configListDefinition(list.fields)])),
};

/** The schema of a declared resource's objects in a mode. */
const objectSchema = (d: ResourceDeclaration, mode: FieldMode): Schema => fieldsSchema(d.fields, mode);

/** The modes of a declared resource whose objects have a definition (all but its `untypedModes`). */
const typedModes = (d: ResourceDeclaration): FieldMode[] => modesOf(d).filter((m) => !d.untypedModes?.includes(m));

/** A declared resource's definitions, one per typed mode: `${ll2}Mini|Normal|Detailed`, each of that mode's fields. */
export const declaredDefinitions = (d: ResourceDeclaration): Array<[string, Schema]> =>
  typedModes(d).map((m) => [definitionName(d, m), objectSchema(d, m)]);

/**
 * A declared resource's definitions as they are placed: all together after
 * `placement.definition`, or each mode's after its own anchor where they stood apart.
 */
const placedDefinitions = (d: ResourceDeclaration): Array<{ entries: Array<[string, Schema]>; after?: string }> => {
  const anchor = d.placement?.definition;
  const entries = declaredDefinitions(d);
  if (typeof anchor !== 'object') return [{ entries, after: anchor }];
  return typedModes(d).map((m, at) => ({ entries: [entries[at]], after: anchor[m] }));
};

/** Those above, with each declared resource's where they stood (after `placement.definition`), the others last. */
export const definitions: Record<string, Schema> = Object.fromEntries(
  placeDeclared(
    Object.entries(HAND_DEFINITIONS).map(([name, schema]): [string, Array<[string, Schema]>] => [
      name,
      [[name, schema]],
    ]),
    // A shared definition (`IdName`) is the building block's, above.
    DECLARED_RESOURCES.filter((d) => !d.sharedDefinition).flatMap(placedDefinitions),
    (placed) => [placed.entries[0][0], placed.entries],
    (placed) => placed.after,
  ).flatMap(([, entries]) => entries),
);
