// Space stations (LL2's `space_stations/`), declared once: from
// data/reference/space-stations.yaml, which expeditions and docking events name by
// key. In: nothing. Out: the declaration the registries read (resources/declaration.ts
// says what each part becomes). Its objects, all but the detail built once per key:
// `SpaceStationMini` (mini: as a docking location names its station), `SpaceStation`
// (nested: as events list it), `SpaceStationDetailed` (bare: as its expedition's detail
// nests it, with its owners but without its expeditions; no definition of ours),
// `SpaceStationNormal` (its list, with the expeditions under way at the build's clock)
// and `SpaceStationResource` (its detail, with its size and the figures and docking
// locations the record states). Whether a vehicle is docked at the build's clock is not
// in the records: those lists are empty. Who is aboard and what is docked are LL2's
// counts of one moment (`ll2_figures`, dated: docs/differences.md), null where the
// record has none. Pure.

import {
  date,
  idName,
  int,
  keys,
  list,
  nullableDate,
  nullableImage,
  nullableInt,
  nullableStr,
  num,
  object,
  provenance,
  str,
} from '../building-blocks.ts';
import { LL2_FIGURES, ll2Figures } from '../ll2-figures.ts';
import { resource } from './declaration.ts';
import { figureField, responseMode, stated, text } from './fields.ts';

const ALL = ['mini', 'nested', 'bare', 'normal', 'detailed'] as const;
const WHOLE = ['nested', 'bare', 'normal', 'detailed'] as const;
const OWNED = ['bare', 'normal', 'detailed'] as const;
const RESOURCE = ['normal', 'detailed'] as const;
const DETAILED = ['detailed'] as const;

export const SPACE_STATIONS = resource({
  kind: 'spaceStations',
  file: 'space-stations',
  // Its figures (height and width in m, mass in t, volume in m³) and its docking locations (ports, by LL2 id) as
  // LL2 states them; who is aboard and what is docked are counts of one moment, kept in `ll2_figures` with their date.
  record: object(
    { id: int(1), name: str(255), status: idName, type: idName, founded: date },
    {
      image: nullableImage,
      deorbited: nullableDate,
      description: str(2048),
      orbit: nullableStr(255),
      owners: keys,
      height: num,
      width: num,
      mass: num,
      volume: nullableInt(),
      docking_location: list(object({ id: int(1), name: str(255) }), 200),
      ll2_figures: ll2Figures(LL2_FIGURES.spaceStations),
      provenance,
    },
  ),
  refers: [[['owners', '*'], 'agencies']],
  path: 'space_stations/',
  title: 'space station',
  summaries: { list: 'Every space station, by id', detail: 'One space station, LL2 detailed mode' },
  schema: 'space-station',
  ll2: 'SpaceStation',
  definitions: { nested: 'SpaceStation', detailed: 'SpaceStationResource' },
  nestedAs: ['mini', 'nested', 'bare', 'normal'],
  untypedModes: ['bare'],
  fields: [
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (s) => s.id },
    { name: 'url', modes: ALL, schema: (t) => t.uri, value: (s, t) => t.url(s.id) },
    { name: 'name', modes: ALL, schema: (t) => t.s, value: (s) => s.name },
    { name: 'image', modes: ALL, schema: (t) => t.nullable(t.ref('Image')), value: (s, t) => t.image(s.image) },
    { name: 'status', modes: WHOLE, schema: (t) => t.ref('IdName'), value: (s) => s.status },
    { name: 'founded', modes: WHOLE, schema: (t) => t.s, value: (s) => s.founded },
    stated('deorbited', WHOLE, (t) => t.ns),
    { name: 'description', modes: WHOLE, schema: (t) => t.s, value: (s) => text(s.description) },
    stated('orbit', WHOLE, (t) => t.ns),
    { name: 'type', modes: WHOLE, schema: (t) => t.ref('IdName'), value: (s) => s.type },
    {
      name: 'owners',
      modes: OWNED,
      schema: (t) => t.arr(t.ref('AgencyNormal')),
      value: (s, t) => (Array.isArray(s.owners) ? (s.owners as string[]) : []).map(t.of('agencies').normal),
    },
    responseMode(RESOURCE),
    {
      name: 'active_expeditions',
      modes: RESOURCE,
      schema: (t) => t.arr(t.ref('ExpeditionMini')),
      value: (s, t) => t.nested.expeditionsUnderWay(s.id),
    },
    stated('height', DETAILED, (t) => t.nn),
    stated('width', DETAILED, (t) => t.nn),
    stated('mass', DETAILED, (t) => t.nn),
    stated('volume', DETAILED, (t) => t.ni),
    figureField('onboard_crew', DETAILED, null, (t) => t.ni),
    figureField('docked_vehicles', DETAILED, null, (t) => t.ni),
    {
      // As its station lists a docking location (`DockingLocationSerializerForSpacestation`).
      name: 'docking_location',
      modes: DETAILED,
      schema: (t) => t.arr(t.exact({ id: t.i, name: t.s, currently_docked: { type: 'null' } })),
      value: (s) =>
        (Array.isArray(s.docking_location) ? s.docking_location : []).map((location) => {
          const { id, name } = location as { id: number; name: string };
          return { id, name, currently_docked: null };
        }),
    },
    { name: 'active_docking_events', modes: DETAILED, schema: (t) => t.arr({ type: 'object' }), value: () => [] },
  ],
  table: {
    modes: ['normal', 'detailed'],
    cells: {
      name: { text: 'name' },
      orbit: { text: 'orbit' },
      owners: { each: 'owners[].id' },
      owner_names: { each: 'owners[].name' },
      owner_abbrevs: { each: 'owners[].abbrev' },
      status: { number: 'status.id' },
      type: { number: 'type.id' },
      founded: { text: 'founded' },
      docked_vehicles: { number: 'docked_vehicles' },
      onboard_crew: { number: 'onboard_crew' },
      volume: { number: 'volume' },
    },
    // LL2 writes a station's orbit by name; the filter takes an orbit's id (config/orbits/), looked up by that name.
    lookups: { orbit_id: { from: 'orbit', idByName: 'orbits' } },
    filters: {
      docked_vehicles: { count: 'docked_vehicles' },
      id: { number: 'id' },
      name: { text: 'name', contains: true },
      onboard_crew: { count: 'onboard_crew' },
      orbit: { number: 'orbit_id' },
      owner__ids: { numbers: 'owners' },
      owners: { choices: 'owners', among: 'agencies' },
      status: { number: 'status' },
      status__ids: { numbers: 'status' },
      type: { number: 'type' },
    },
    search: { name: 'name', owners__abbrev: 'owner_abbrevs', owners__name: 'owner_names' },
    ordering: {
      docked_vehicles: 'docked_vehicles',
      founded: 'founded',
      id: 'id',
      name: 'name',
      onboard_crew: 'onboard_crew',
      status: 'status',
      type: 'type',
      volume: 'volume',
    },
  },
  ll2Parameters: ({ common, comparisons }) => [
    ...common,
    'docked_vehicles',
    ...comparisons('docked_vehicles'),
    'id',
    'name',
    'name__contains',
    'onboard_crew',
    ...comparisons('onboard_crew'),
    'orbit',
    'owner__ids',
    'owners',
    'status',
    'status__ids',
    'type',
  ],
  placement: {
    kind: 'expeditions',
    file: 'programs',
    table: 'launcherConfigurations',
    schema: 'launcher-configuration',
    definition: {
      nested: 'AgencyResource',
      normal: 'SpaceStation',
      detailed: 'SpaceStationNormal',
      mini: 'SpaceStationResource',
    },
  },
});
