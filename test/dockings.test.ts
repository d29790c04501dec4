// Docking events as records (issue 21): what the migration and the importer file
// from a launch's spacecraft stage (import/dockings.ts), and how docking_events/
// publishes them (their declaration, schemas/resources/docking-events.ts), on small inputs; answers by hand.

import { beforeAll, describe, expect, it } from 'vitest';
import { extractDockings } from '../scripts/lib/import/dockings.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

/** A launch as the 2026 history saved it: a stage naming its flight, LL2 2.2.0's docking event nested (station and port as objects). */
const launch = (net: string, event: JsonObject, savedBy = 'kohld/zenith@1c47ffb719d4'): JsonObject => ({
  id: `launch-${net}`,
  net,
  provenance: { credit: 'Launch Library 2 by The Space Devs', ll2_version: '2.2.0', saved_by: savedBy },
  rocket: {
    configuration: 'long-march-7',
    spacecraft_stage: [{ flight: 'spacecraft-flight-908', docking_events: [event] }],
  },
});
const tianhe = {
  id: 639,
  spacestation: { id: 18, url: 'https://ll.thespacedevs.com/2.2.0/spacestation/18/', name: 'Tiangong space station' },
  docking: '2026-05-11T05:11:00Z',
  departure: null,
  docking_location: { id: 32, name: 'Tianhe aft', spacestation: { id: 18, name: 'Tiangong space station' } },
};
const stations = new Map<string, JsonObject>([['tiangong', { id: 18, name: 'Tiangong space station' }]]);

describe('filing docking events (import/dockings.ts)', () => {
  it("files each nested event once by its LL2 id: times, port, our station by id, the stage's flight, the source", () => {
    const first = extractDockings([launch('2026-05-10T21:00:00Z', tianhe)], {
      spaceStations: stations,
      dockingEvents: new Map(),
    });
    expect(first.changed).toBe(true);
    expect([...first.records]).toEqual([
      [
        'docking-event-639',
        {
          id: 639,
          docking: '2026-05-11T05:11:00Z',
          docking_location: { id: 32, name: 'Tianhe aft' },
          space_station_target: 'tiangong',
          flight_vehicle_chaser: 'spacecraft-flight-908',
          provenance: {
            credit: 'Launch Library 2 by The Space Devs',
            ll2_version: '2.2.0',
            saved_by: 'kohld/zenith@1c47ffb719d4',
          },
        },
      ],
    ]);
    expect(first.conversions.get('nested docking event → docking event record')).toBe(1);
    // Again on its own result: nothing changes.
    expect(
      extractDockings([launch('2026-05-10T21:00:00Z', tianhe)], {
        spaceStations: stations,
        dockingEvents: first.records,
      }).changed,
    ).toBe(false);
  });

  it("takes the newest launch's statement (a departure stated later), and no station it does not hold", () => {
    const departed = { ...tianhe, departure: '2026-11-01T00:00:00Z' };
    const { records } = extractDockings(
      [launch('2026-05-10T21:00:00Z', departed), launch('2026-01-01T00:00:00Z', tianhe)],
      { spaceStations: new Map(), dockingEvents: new Map() },
    );
    expect(records.get('docking-event-639')).toMatchObject({
      departure: '2026-11-01T00:00:00Z',
      space_station_target: null,
    });
  });

  it('leaves out what names no flight or no docking time', () => {
    const noFlight: JsonObject = {
      id: 'x',
      net: '2026-01-01T00:00:00Z',
      rocket: { spacecraft_stage: [{ docking_events: [tianhe] }] },
    };
    const noTime = launch('2026-05-10T21:00:00Z', { ...tianhe, docking: null });
    expect(
      extractDockings([noFlight, noTime], { spaceStations: stations, dockingEvents: new Map() }).records.size,
    ).toBe(0);
  });
});

describe('docking_events/', () => {
  const NOW = Date.parse('2026-11-21T12:00:00Z');
  const BASE_URL = 'https://api.example.org/2.3.0/';
  let json: FixtureApi['json'];
  beforeAll(async () => {
    ({ json } = await fixtureApi(NOW, BASE_URL));
  });

  it("lists the fixture's two events by id in normal mode, the chaser as its flight's short form", () => {
    const page = json('2.3.0/docking_events/index.json');
    expect(page.count).toBe(2);
    const [first] = page.results;
    expect(Object.keys(first)).toEqual([
      'id',
      'url',
      'docking',
      'departure',
      'docking_location',
      'space_station_target',
      'flight_vehicle_target',
      'payload_flight_target',
      'response_mode',
      'flight_vehicle_chaser',
      'space_station_chaser',
      'payload_flight_chaser',
    ]);
    const iss = { id: 4, url: `${BASE_URL}space_stations/4/`, name: 'International Space Station', image: null };
    expect(first).toMatchObject({
      id: 601,
      url: `${BASE_URL}docking_events/601/`,
      docking: '2024-08-17T05:56:14Z',
      departure: null,
      docking_location: { id: 2, name: 'Zvezda aft', spacestation: iss, spacecraft: null, payload: null },
      space_station_target: iss,
      flight_vehicle_target: null,
      payload_flight_target: null,
      response_mode: 'normal',
      flight_vehicle_chaser: { id: 880, url: `${BASE_URL}spacecraft_flights/880/` },
      space_station_chaser: null,
      payload_flight_chaser: null,
    });
    expect(first.flight_vehicle_chaser).not.toHaveProperty('response_mode');
    expect(page.results[1]).toMatchObject({
      id: 602,
      departure: '2024-08-10T10:00:00Z',
      docking_location: { id: 1, name: 'Unity nadir' },
    });
  });

  it("nests them in their flight's detail, by id, as LL2's DockingEventForChaserNormal", () => {
    const flight = json('2.3.0/spacecraft_flights/880/index.json');
    expect(flight.docking_events.map((d: { id: number }) => d.id)).toEqual([601, 602]);
    expect(Object.keys(flight.docking_events[0])).toEqual([
      'id',
      'url',
      'docking',
      'departure',
      'docking_location',
      'space_station_target',
      'flight_vehicle_target',
      'payload_flight_target',
    ]);
    expect(flight.docking_events[0].space_station_target).toMatchObject({
      id: 4,
      name: 'International Space Station',
      founded: '1998-11-20',
    });
  });

  it('details an event with its flight in normal mode', () => {
    const detail = json('2.3.0/docking_events/602/index.json');
    expect(detail.response_mode).toBe('detailed');
    expect(detail.flight_vehicle_chaser).toEqual(
      json('2.3.0/spacecraft_flights/index.json').results.find((f: { id: number }) => f.id === 880),
    );
  });
});
