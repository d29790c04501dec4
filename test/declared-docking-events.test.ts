// Docking events, declared once (scripts/schemas/resources/docking-events.ts): the
// definitions made from their field list are the ones written by hand before
// (test/fixtures/decl/docking-event-definitions.json, as schemas/responses.ts gave them
// at b0d7190f), and stand where those stood; the third object of the kind, as its
// chaser's flight nests it (`mini`, `untypedModes`), adds no definition, is built once
// per key and shows the station in normal mode; the table has the parameters it had;
// and the input keys of an event follow its chaser flight's launch (`shows.launchesOf`).
// On the checked-in fixture (two dockings of flight 880 at the ISS); by hand.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { toSafeJson } from '../scripts/lib/base/json.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import type { DataSet, LaunchRecord } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { REFERENCE_TABLES } from '../scripts/lib/query/reference-tables.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR, makeLaunch, memoryDataSet } from './helpers/data.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const FLIGHT = 'spacecraft-flight-880';

describe('docking events, declared', () => {
  let fixture: DataSet;
  beforeAll(async () => {
    fixture = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
  });

  it('have the definitions written by hand before, and none for the object a flight nests', () => {
    const before = JSON.parse(
      readFileSync(new URL('./fixtures/decl/docking-event-definitions.json', import.meta.url), 'utf8'),
    );
    const definitions = responseDefinitions();
    expect({
      DockingEventNormal: definitions.DockingEventNormal,
      DockingEventDetailed: definitions.DockingEventDetailed,
    }).toEqual(before);
    expect(definitions.DockingEventMini).toBeUndefined();
    // The flight's detail types its docking events as objects, as before.
    const flight = definitions.SpacecraftFlightDetailed as { properties: Record<string, unknown> };
    expect(flight.properties.docking_events).toEqual({
      type: 'array',
      items: { type: 'object' },
    });
  });

  it('stand where the hand-written definitions stood, each mode after its anchor', () => {
    const names = Object.keys(responseDefinitions());
    const at = names.indexOf('DockingLocationOfStation');
    expect(names.slice(at, at + 4)).toEqual([
      'DockingLocationOfStation',
      'DockingEventNormal',
      'DockingEventDetailed',
      // The mission patches' detailed definition follows the docking events' (declared before them).
      'MissionPatchDetailed',
    ]);
  });

  it('nest in their flight once per key, by id, with the station in normal mode and no mode or chaser', () => {
    const shaper = createShaper(fixture, computeStats(fixture), BASE_URL);
    const flight = shaper.declared.spacecraftFlights.detailed(FLIGHT) as { docking_events: unknown[] };
    const [first, second] = flight.docking_events;
    expect(first).toBe(shaper.declared.dockingEvents.mini('docking-event-601'));
    expect(second).toBe(shaper.declared.dockingEvents.mini('docking-event-602'));
    expect(first).toEqual({
      id: 601,
      url: `${BASE_URL}docking_events/601/`,
      docking: '2024-08-17T05:56:14Z',
      departure: null,
      docking_location: {
        id: 2,
        name: 'Zvezda aft',
        spacestation: shaper.declared.spaceStations.mini('iss'),
        spacecraft: null,
        payload: null,
      },
      space_station_target: shaper.declared.spaceStations.nested('iss'),
      flight_vehicle_target: null,
      payload_flight_target: null,
    });
    // The list and the detail name the station in its short form, and the chaser in list and normal mode.
    expect(shaper.declared.dockingEvents.normal('docking-event-601')).toMatchObject({
      space_station_target: shaper.declared.spaceStations.mini('iss'),
      response_mode: 'normal',
      flight_vehicle_chaser: shaper.declared.spacecraftFlights.mini(FLIGHT),
    });
    expect(shaper.declared.dockingEvents.detailed('docking-event-601')).toMatchObject({
      response_mode: 'detailed',
      flight_vehicle_chaser: shaper.declared.spacecraftFlights.normal(FLIGHT),
      space_station_chaser: null,
    });
  });

  it('have the table they had: its cells, parameters, search and ordering', () => {
    const table = REFERENCE_TABLES.dockingEvents;
    expect(Object.keys(table.cells)).toEqual([
      'docking',
      'departure',
      'location',
      'location_name',
      'chaser',
      'chaser_name',
      'target',
      'target_name',
    ]);
    expect(table.parameters.map((p) => p.name)).toEqual([
      'limit',
      'offset',
      'mode',
      'ordering',
      'search',
      'format',
      'docking__gt',
      'docking__gte',
      'docking__lt',
      'docking__lte',
      'docking_location__id',
      'flight_vehicle_chaser__id',
      'space_station_target__id',
    ]);
    expect(Object.keys(table.orderingColumns ?? {})).toEqual(['departure', 'docking']);
    // The chaser's spacecraft name read through the flight the detail nests (the fixture's Cargo Dragon).
    const detail = createShaper(fixture, computeStats(fixture), BASE_URL).declared.dockingEvents.detailed(
      'docking-event-602',
    );
    expect(table.cells.chaser_name(detail)).toBe('Cargo Dragon');
    expect(table.cells.location(detail)).toBe(1);
  });

  describe('input keys', () => {
    const flown = (name: string) =>
      makeLaunch(4, '2027-04-01T10:00:00Z', {
        name,
        rocket: { configuration: 'falcon-9-block-5', spacecraft_stage: [{ flight: FLIGHT }] },
      });
    const context = (...launches: LaunchRecord[]) =>
      createContext(memoryDataSet([...fixture.launches, ...launches], [], fixture.reference), {
        now: NOW,
        baseUrl: BASE_URL,
      });
    const event = (c: ReturnType<typeof context>, mode: 'normal' | 'detailed') => ({
      key: c.keys.reference('dockingEvents', mode)('docking-event-601'),
      bytes: toSafeJson(c.shape.declared.dockingEvents[mode]('docking-event-601')),
    });

    it("change with the launch of the chaser's flight, in both modes", () => {
      const [before, after] = [context(flown('Flight')), context(flown('Renamed flight'))];
      for (const mode of ['normal', 'detailed'] as const) {
        expect(event(after, mode).bytes).not.toBe(event(before, mode).bytes);
        expect(event(after, mode).key).not.toBe(event(before, mode).key);
      }
    });

    it('stay with a launch that names no flight of theirs', () => {
      const other = makeLaunch(5, '2027-05-01T10:00:00Z');
      const [before, after] = [context(flown('Flight')), context(flown('Flight'), other)];
      expect(event(after, 'detailed')).toEqual(event(before, 'detailed'));
    });
  });
});
