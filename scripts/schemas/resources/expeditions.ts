// Expeditions (LL2's `expeditions/`), declared once: a crew's stay aboard a space
// station, from data/reference/expeditions.yaml. In: nothing. Out: the declaration
// the registries read (resources/declaration.ts says what each part becomes). Its
// objects: `ExpeditionMini` as a station's `active_expeditions` lists it,
// `ExpeditionNormal` (the station as `SpaceStation`) and `ExpeditionDetailed` (the
// station with its owners, the crew as `AstronautFlight`s). Our records hold no
// mission patches or spacewalks of an expedition: those lists are empty
// (docs/differences.md). Which expeditions a station lists at the build's clock is
// the station's (model/collections.ts activeExpeditions). Pure.

import {
  int,
  key,
  list,
  nullableTimestamp,
  object,
  orderedObject,
  provenance,
  str,
  timestamp,
} from '../building-blocks.ts';
import type { Json, JsonObject } from '../../lib/base/json-types.ts';
import { resource } from './declaration.ts';
import { responseMode } from './fields.ts';

const ALL = ['mini', 'normal', 'detailed'] as const;
const RESOURCE = ['normal', 'detailed'] as const;

export const EXPEDITIONS = resource({
  kind: 'expeditions',
  file: 'expeditions',
  /**
   * Its station by key, `end` null or absent where the source states no end (never
   * assumed), each crew member an astronaut by key with LL2's role (`AstronautRole`)
   * and LL2's id of that membership (`AstronautFlight.id`).
   */
  record: orderedObject(
    {
      id: int(1),
      name: str(255),
      start: timestamp,
      end: nullableTimestamp,
      space_station: key,
      crew: list(
        object({
          id: int(1),
          role: object({ id: int(1), role: str(255) }, { priority: int(-2147483648) }),
          astronaut: key,
        }),
        100,
      ),
      provenance,
    },
    ['id', 'name', 'start', 'space_station'],
  ),
  refers: [
    [['space_station'], 'spaceStations'],
    [['crew', '*', 'astronaut'], 'astronauts'],
  ],
  path: 'expeditions/',
  title: 'expedition',
  summaries: {
    list: 'Every expedition aboard a space station, by id',
    detail: 'One expedition, LL2 detailed mode, with its crew',
  },
  schema: 'expedition',
  ll2: 'Expedition',
  fields: [
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (e) => e.id },
    { name: 'url', modes: ALL, schema: (t) => t.uri, value: (e, t) => t.url(e.id) },
    { name: 'name', modes: ALL, schema: (t) => t.s, value: (e) => e.name },
    { name: 'start', modes: ALL, schema: (t) => t.ts, value: (e) => e.start },
    { name: 'end', modes: ALL, schema: (t) => t.nts, value: (e) => e.end ?? null },
    responseMode(RESOURCE),
    {
      name: 'spacestation',
      modes: RESOURCE,
      schema: (t, mode) => (mode === 'normal' ? t.ref('SpaceStation') : t.untyped('spaceStations', 'bare')),
      value: (e, t, mode) =>
        mode === 'normal'
          ? t.of('spaceStations').nested(String(e.space_station))
          : t.of('spaceStations').bare(String(e.space_station)),
    },
    { name: 'mission_patches', modes: RESOURCE, schema: (t) => t.arr({ type: 'object' }), value: () => [] },
    { name: 'spacewalks', modes: RESOURCE, schema: (t) => t.arr({ type: 'object' }), value: () => [] },
    {
      name: 'crew',
      modes: ['detailed'],
      schema: (t) =>
        t.arr(
          t.exact({
            id: t.i,
            role: t.exact({ id: t.i, role: t.s, priority: t.i }),
            astronaut: t.untyped('astronauts', 'nested'),
          }),
        ),
      value: (e, t): Json => (Array.isArray(e.crew) ? e.crew : []).map((m) => t.nested.crewMember(m as JsonObject)),
    },
  ],
  table: {
    modes: ['normal', 'detailed'],
    cells: {
      name: { text: 'name' },
      start: { text: 'start' },
      end: { text: 'end' },
      station: { number: 'spacestation.id' },
      astronauts: { each: 'crew[].astronaut.id' },
      astronaut_names: { each: 'crew[].astronaut.name' },
      agencies: { each: 'crew[].astronaut.agency.id' },
      agency_names: { each: 'crew[].astronaut.agency.name' },
      agency_abbrevs: { each: 'crew[].astronaut.agency.abbrev' },
      nationalities: { each: 'crew[].astronaut.nationality[].nationality_name' },
    },
    filters: {
      // Any crew member's astronaut (its LL2 id), and any crew member's agency.
      crew__astronaut: { number: 'astronauts' },
      crew__astronaut__agency: { number: 'agencies' },
      // An expedition with no end stated matches no comparison of `end` (SQL's NULL).
      end: { instants: 'end' },
      name: { text: 'name' },
      space_station: { number: 'station' },
      start: { instants: 'start' },
    },
    search: {
      crew__astronaut__agency__abbrev: 'agency_abbrevs',
      crew__astronaut__agency__name: 'agency_names',
      crew__astronaut__name: 'astronaut_names',
      crew__astronaut__nationality__nationality_name: 'nationalities',
      name: 'name',
    },
    ordering: { end: 'end', id: 'id', start: 'start' },
  },
  ll2Parameters: ({ common, comparisons }) => [
    ...common,
    'crew__astronaut',
    'crew__astronaut__agency',
    ...comparisons('end'),
    'name',
    'space_station',
    ...comparisons('start'),
  ],
  placement: { kind: 'dockingEvents', schema: 'docking-event', definition: 'SpacecraftDetailed' },
});
