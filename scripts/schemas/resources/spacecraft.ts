// Spacecraft (LL2's `spacecraft/`: a capsule by serial number, or LL2's placeholder
// for one not yet named), declared once, from data/reference/spacecraft.yaml, which
// launches' spacecraft stages and spacecraft flights name by key. In: nothing. Out:
// the declaration the registries read (resources/declaration.ts says what each part
// becomes). Its objects: `SpacecraftNormal` (its list, and as a flight in normal mode
// or the Starship dashboard's orbiters nest it: its configuration
// `SpacecraftConfigNormal`), `SpacecraftDetailed` (nested, as a detailed launch's
// flight nests it: its configuration detailed) and `SpacecraftEndpointDetailed` (its
// detail, with its flights over our launches); the first two built once per key. Its
// figures and whether it is in space are as the source states them (null where it
// states none). Pure.

import {
  bool,
  duration,
  idName,
  int,
  key,
  nullableImage,
  nullableInt,
  nullableStr,
  object,
  provenance,
  str,
} from '../building-blocks.ts';
import { isObject } from '../../lib/base/json-types.ts';
import { resource } from './declaration.ts';
import { responseMode, stated, text } from './fields.ts';

const ALL = ['normal', 'nested', 'detailed'] as const;

export const SPACECRAFT = resource({
  kind: 'spacecraft',
  file: 'spacecraft',
  /** Its configuration ours by key; its status LL2's `{id, name}`. */
  record: object(
    { id: int(1), name: str(255), spacecraft_config: key },
    {
      serial_number: nullableStr(255),
      is_placeholder: bool,
      in_space: bool,
      time_in_space: duration,
      time_docked: duration,
      flights_count: nullableInt(),
      mission_ends_count: nullableInt(),
      status: idName,
      description: str(8192),
      image: nullableImage,
      fastest_turnaround: duration,
      provenance,
    },
  ),
  refers: [[['spacecraft_config'], 'spacecraftConfigurations']],
  path: 'spacecraft/',
  title: 'spacecraft',
  summaries: { list: 'Every spacecraft, by id', detail: 'One spacecraft, LL2 detailed mode, with its flights' },
  schema: 'spacecraft',
  ll2: 'Spacecraft',
  definitions: { detailed: 'SpacecraftEndpointDetailed', nested: 'SpacecraftDetailed' },
  nestedAs: ['normal', 'nested'],
  fields: [
    // A detailed flight's spacecraft is labelled detailed, as its own detail.
    responseMode(ALL, { nested: 'detailed' }),
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (s) => s.id },
    { name: 'url', modes: ALL, schema: (t) => t.uri, value: (s, t) => t.url(s.id) },
    { name: 'name', modes: ALL, schema: (t) => t.s, value: (s) => text(s.name) },
    stated('serial_number', ALL, (t) => t.ns),
    stated('is_placeholder', ALL, (t) => t.nb),
    { name: 'image', modes: ALL, schema: (t) => t.nullable(t.ref('Image')), value: (s, t) => t.image(s.image) },
    stated('in_space', ALL, (t) => t.nb),
    stated('time_in_space', ALL, (t) => t.ns),
    stated('time_docked', ALL, (t) => t.ns),
    stated('flights_count', ALL, (t) => t.ni),
    stated('mission_ends_count', ALL, (t) => t.ni),
    {
      name: 'status',
      modes: ALL,
      schema: (t) => t.nullable(t.ref('IdName')),
      value: (s) => (isObject(s.status) ? { id: s.status.id, name: text(s.status.name) } : null),
    },
    { name: 'description', modes: ALL, schema: (t) => t.s, value: (s) => text(s.description) },
    {
      name: 'spacecraft_config',
      modes: ALL,
      // Normal as its list and a normal flight nest it; detailed as a detailed flight and its own detail do.
      schema: (t, mode) => t.ref(mode === 'normal' ? 'SpacecraftConfigNormal' : 'SpacecraftConfigDetailed'),
      value: (s, t, mode) =>
        mode === 'normal'
          ? t.of('spacecraftConfigurations').normal(String(s.spacecraft_config))
          : t.of('spacecraftConfigurations').detailed(String(s.spacecraft_config)),
    },
    stated('fastest_turnaround', ALL, (t) => t.ns),
    {
      // Each flight of our launches' spacecraft stages that flies it, with its launch (`SpacecraftFlightNormal`).
      name: 'flights',
      modes: ['detailed'],
      schema: (t) => t.arr({ type: 'object' }),
      value: (s, t) => t.nested.flightsOfSpacecraft(s.id),
    },
  ],
  table: {
    modes: ['normal', 'detailed'],
    cells: {
      name: { text: 'name' },
      in_space: { boolean: 'in_space' },
      is_placeholder: { boolean: 'is_placeholder' },
      status: { number: 'status.id' },
      spacecraft_config: { number: 'spacecraft_config.id' },
      spacecraft_config_name: { text: 'spacecraft_config.name' },
      flights_count: { number: 'flights_count' },
      mission_ends_count: { number: 'mission_ends_count' },
      time_docked: { seconds: 'time_docked' },
      time_in_space: { seconds: 'time_in_space' },
    },
    filters: {
      in_space: { boolean: 'in_space' },
      is_placeholder: { boolean: 'is_placeholder' },
      name: { text: 'name' },
      spacecraft_config: { number: 'spacecraft_config' },
      status: { number: 'status' },
    },
    search: { name: 'name', spacecraft_config__name: 'spacecraft_config_name' },
    ordering: {
      flights_count: 'flights_count',
      id: 'id',
      mission_ends_count: 'mission_ends_count',
      time_docked: 'time_docked',
      time_in_space: 'time_in_space',
    },
  },
  shows: { launches: true },
  ll2Parameters: ({ common }) => [...common, 'in_space', 'is_placeholder', 'name', 'spacecraft_config', 'status'],
  placement: {
    kind: 'landings',
    // After the spacecraft configurations among the data files and the definitions (which follow their first), as they stood.
    file: 'spacecraftConfigurations',
    schema: 'landing',
    definition: {
      normal: 'SpacecraftConfigNormal',
      detailed: 'SpacecraftNormal',
      nested: 'SpacecraftFlightDetailed',
    },
  },
});
