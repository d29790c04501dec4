// Docking events (LL2's `docking_events/`), declared once: a spacecraft flight (the
// chaser) docking at a space station (the target) at one of its ports, from
// data/reference/docking-events.yaml, which the importer files from the launches'
// spacecraft stages. In: nothing. Out: the declaration the registries read
// (resources/declaration.ts says what each part becomes). Its objects, three ways:
// `DockingEventNormal` (its list: the chaser as LL2's `SpacecraftFlightMini`, the
// flight's list mode), `DockingEventDetailed` (its detail: the chaser in normal
// mode), and as its chaser's flight nests it (`mini`, LL2's
// `DockingEventForChaserNormal`: the station in normal mode, no mode and no chaser;
// built once per key, its definition not spelled out: `untypedModes`). Our events
// are a flight docking at a station: LL2's other relations (a flight or payload as
// target, a station or payload as chaser) are null, as LL2 answers them for such an
// event. Pure.

import {
  int,
  nullable,
  nullableKey,
  nullableTimestamp,
  object,
  provenance,
  str,
  timestamp,
} from '../building-blocks.ts';
import { isObject, type Json } from '../../lib/base/json-types.ts';
import { resource } from './declaration.ts';
import { responseMode, stated, type Field, type FieldMode } from './fields.ts';

const ALL = ['mini', 'normal', 'detailed'] as const;
const RESOURCE = ['normal', 'detailed'] as const;

const keyOf = (value: Json | undefined): string | null => (typeof value === 'string' ? value : null);
/** A relation our events never hold: null in every mode it appears in. */
const none = (name: string, modes: readonly FieldMode[]): Field => ({
  name,
  modes,
  schema: () => ({ type: 'null' }),
  value: () => null,
});

export const DOCKING_EVENTS = resource({
  kind: 'dockingEvents',
  file: 'docking-events',
  /**
   * Its chaser a spacecraft flight by key, its target a space station by key, its
   * port LL2's docking location (id and name), as the launch's spacecraft stage stated
   * it; `departure` null where the source states none (not yet departed when it was saved).
   */
  record: object(
    { id: int(1), docking: timestamp },
    {
      departure: nullableTimestamp,
      docking_location: nullable(object({ id: int(1), name: str(255) })),
      space_station_target: nullableKey,
      flight_vehicle_chaser: nullableKey,
      provenance,
    },
  ),
  refers: [
    [['space_station_target'], 'spaceStations'],
    [['flight_vehicle_chaser'], 'spacecraftFlights'],
  ],
  path: 'docking_events/',
  title: 'docking event',
  summaries: {
    list: 'Every docking event of a spacecraft flight at a station, by id',
    detail: 'One docking event, LL2 detailed mode, with its spacecraft flight',
  },
  schema: 'docking-event',
  ll2: 'DockingEvent',
  fields: [
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (d) => d.id },
    { name: 'url', modes: ALL, schema: (t) => t.uri, value: (d, t) => t.url(d.id) },
    { name: 'docking', modes: ALL, schema: (t) => t.ts, value: (d) => d.docking },
    stated('departure', ALL, (t) => t.nts),
    {
      // The port (LL2's `DockingLocation`): its station the event's target, no spacecraft configuration or payload.
      name: 'docking_location',
      modes: ALL,
      schema: (t) => t.nullable(t.ref('DockingLocationOfStation')),
      value: (d, t) => {
        if (!isObject(d.docking_location)) return null;
        const station = keyOf(d.space_station_target);
        return {
          id: d.docking_location.id,
          name: d.docking_location.name,
          spacestation: station === null ? null : t.of('spaceStations').mini(station),
          spacecraft: null,
          payload: null,
        };
      },
    },
    {
      // As its flight nests it, the station in normal mode (`SpaceStation`); else `SpaceStationMini`.
      name: 'space_station_target',
      modes: ALL,
      schema: (t, mode) => t.nullable(t.ref(mode === 'mini' ? 'SpaceStation' : 'SpaceStationMini')),
      value: (d, t, mode) => {
        const station = keyOf(d.space_station_target);
        if (station === null) return null;
        return mode === 'mini' ? t.of('spaceStations').nested(station) : t.of('spaceStations').mini(station);
      },
    },
    none('flight_vehicle_target', ALL),
    none('payload_flight_target', ALL),
    responseMode(RESOURCE),
    {
      // LL2's `SpacecraftFlightMini` on the list (the flight's list mode, its launch as `LaunchMini`), normal in the detail.
      name: 'flight_vehicle_chaser',
      modes: RESOURCE,
      schema: (t, mode) => t.nullable(mode === 'normal' ? { type: 'object' } : t.ref('SpacecraftFlightNormal')),
      value: (d, t, mode) => {
        const flight = keyOf(d.flight_vehicle_chaser);
        if (flight === null) return null;
        return mode === 'normal' ? t.of('spacecraftFlights').mini(flight) : t.of('spacecraftFlights').normal(flight);
      },
    },
    none('space_station_chaser', RESOURCE),
    none('payload_flight_chaser', RESOURCE),
  ],
  table: {
    modes: ['normal', 'detailed'],
    cells: {
      docking: { text: 'docking' },
      departure: { text: 'departure' },
      location: { number: 'docking_location.id' },
      location_name: { text: 'docking_location.name' },
      chaser: { number: 'flight_vehicle_chaser.id' },
      chaser_name: { text: 'flight_vehicle_chaser.spacecraft.name' },
      target: { number: 'space_station_target.id' },
      target_name: { text: 'space_station_target.name' },
    },
    filters: {
      docking: { instants: 'docking' },
      docking_location__id: { number: 'location' },
      flight_vehicle_chaser__id: { number: 'chaser' },
      space_station_target__id: { number: 'target' },
    },
    // LL2's searched fields that our events can hold (no flight or payload as target, no station or payload as chaser).
    search: {
      docking_location__name: 'location_name',
      flight_vehicle_chaser__spacecraft__name: 'chaser_name',
      space_station_target__name: 'target_name',
    },
    ordering: { departure: 'departure', docking: 'docking' },
  },
  // Its objects show its chaser flight, and so the launch whose stage names that flight.
  shows: { launchesOf: [[['flight_vehicle_chaser'], 'spacecraftFlights']] },
  ll2Parameters: ({ common, comparisons }) => [
    ...common,
    ...comparisons('docking'),
    'docking_location__id',
    'flight_vehicle_chaser__id',
    'space_station_target__id',
  ],
  placement: {
    kind: 'updates',
    table: 'spaceStations',
    schema: 'update',
    definition: { normal: 'DockingLocationOfStation', detailed: 'DockingEventNormal' },
  },
  untypedModes: ['mini'],
});
