// Docking events in LL2's shapes: `docking_events/` (`DockingEventEndpointNormal`)
// and `docking_events/{id}/` (`DockingEventEndpointDetailed`), from the records of
// docking-events.yaml, and as a spacecraft flight nests its own (`DockingEventForChaserNormal`).
// In: the shape kit, the shapes of what an event names (its station, its spacecraft
// flight) and the events' keys. Out: JSON objects in LL2's key order. Our
// events are a spacecraft flight (the chaser) docking at a station (the target):
// the other relations LL2 has (a flight or payload as target, a station or
// payload as chaser) are null, as LL2 answers them for such an event. Pure.

import type { Json, JsonObject } from '../../model/records.ts';
import { orNull, type ShapeKit } from './kit.ts';

export interface DockingParts {
  stationMini: (key: string) => Json;
  stationNormal: (key: string) => Json;
  flightMini: (key: string) => JsonObject;
  flightNormal: (key: string) => JsonObject;
}

export function dockingShapes(
  { get, urls }: ShapeKit,
  { stationMini, stationNormal, flightMini, flightNormal }: DockingParts,
  keys: Iterable<string>,
) {
  const keyOf = (value: Json | undefined): string | null => (typeof value === 'string' ? value : null);
  /** The port (LL2's `DockingLocation`): its station the event's target, no spacecraft configuration or payload. */
  const location = (value: Json | undefined, station: string | null): Json => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    return {
      id: value.id,
      name: value.name,
      spacestation: station === null ? null : stationMini(station),
      spacecraft: null,
      payload: null,
    };
  };
  /** The fields every shape of an event begins with: the event, its port and its target (the station, in `stationShape`). */
  const targetFields = (d: JsonObject, stationShape: (key: string) => Json): JsonObject => {
    const station = keyOf(d.space_station_target);
    return {
      id: d.id,
      url: urls.reference('dockingEvents', Number(d.id)),
      docking: d.docking,
      departure: orNull(d.departure),
      docking_location: location(d.docking_location, station),
      space_station_target: station === null ? null : stationShape(station),
      flight_vehicle_target: null,
      payload_flight_target: null,
    };
  };
  const event = (key: string, mode: 'normal' | 'detailed'): JsonObject => {
    const d = get('dockingEvents', key);
    const flight = keyOf(d.flight_vehicle_chaser);
    return {
      ...targetFields(d, stationMini),
      response_mode: mode,
      flight_vehicle_chaser: flight === null ? null : mode === 'normal' ? flightMini(flight) : flightNormal(flight),
      space_station_chaser: null,
      payload_flight_chaser: null,
    };
  };
  /** As its chaser's flight nests it (`DockingEventForChaserNormal`): the target in normal mode, no chaser. */
  const forChaser = (key: string): JsonObject => targetFields(get('dockingEvents', key), stationNormal);
  const byFlight = new Map<string, string[]>();
  for (const key of keys) {
    const flight = keyOf(get('dockingEvents', key).flight_vehicle_chaser);
    if (flight !== null) byFlight.set(flight, [...(byFlight.get(flight) ?? []), key]);
  }
  return {
    /** A flight's docking events, by id. */
    dockingsOf: (flight: string): JsonObject[] =>
      (byFlight.get(flight) ?? []).map(forChaser).sort((a, b) => Number(a.id) - Number(b.id)),
    dockingEventNormal: (key: string): JsonObject => event(key, 'normal'),
    dockingEventDetailed: (key: string): JsonObject => event(key, 'detailed'),
  };
}
