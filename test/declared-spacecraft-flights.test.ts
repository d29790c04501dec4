// Spacecraft flights, declared once (scripts/schemas/resources/spacecraft-flights.ts),
// their objects made by the declaration's `shape` (with the launch whose stage names the
// flight): the two definitions made from their field list are the ones written by hand
// before, where they stood, as is the record schema; each object in each mode, a launch's
// spacecraft stages, a docking event's chaser and a landing's flight equal the ones the
// hand-written code made (test/fixtures/decl/spacecraft-flight-snapshot.json, taken at
// c33d26e7 over the checked-in fixture, a second flight flown with an end, a third no
// launch flies, and a stage naming no flight); every object has exactly the keys its
// mode's fields name, in their order; the table answers LL2's one filter. By hand.

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import { referenceList } from '../scripts/lib/model/collections.ts';
import type { DataSet, JsonObject, LaunchRecord, ReferenceRecord } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { dataFileSchemas } from '../scripts/schemas/data-files.ts';
import { SPACECRAFT_FLIGHTS } from '../scripts/schemas/resources/spacecraft-flights.ts';
import { FIXTURE_DIR } from './helpers/data.ts';
import { definitionsNow, tableCells } from './helpers/declared-snapshot.ts';
import { fixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const snapshot = JSON.parse(
  await readFile(new URL('./fixtures/decl/spacecraft-flight-snapshot.json', import.meta.url), 'utf8'),
);

/** The checked fixture with a second spacecraft and two more flights, and its Falcon 9 launch flying three stages. */
async function withFlights(): Promise<{ data: DataSet; flown: LaunchRecord }> {
  const data = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
  const spacecraft = new Map(data.reference.spacecraft).set('unnamed-craft', {
    id: 22,
    name: 'Unnamed',
    spacecraft_config: 'cargo-dragon-2',
  } as unknown as ReferenceRecord);
  const spacecraftFlights = new Map(data.reference.spacecraftFlights)
    .set('spacecraft-flight-881', {
      id: 881,
      spacecraft: 'unnamed-craft',
      destination: 'ISS',
      mission_end: '2026-03-01T10:00:00Z',
    } as unknown as ReferenceRecord)
    .set('spacecraft-flight-882', {
      id: 882,
      spacecraft: 'unnamed-craft',
      landing: 'landing-1601',
    } as unknown as ReferenceRecord);
  const base = data.launches.find((l) => l.rocket.configuration === 'falcon-9-block-5')!;
  const spacecraft_stage = [
    { flight: 'spacecraft-flight-880', launch_crew: [{ id: 5, role: null, astronaut: 'jessica-meir' }] },
    { flight: 'spacecraft-flight-881', landing_crew: [] },
    { spacecraft: 'unnamed-craft', destination: 'Mars' },
  ];
  const flown = { ...base, rocket: { ...base.rocket, spacecraft_stage } } as unknown as LaunchRecord;
  const launches = data.launches.map((l) => (l === base ? flown : l));
  return { data: { ...data, launches, reference: { ...data.reference, spacecraft, spacecraftFlights } }, flown };
}

describe('spacecraft flights, declared', () => {
  it('have the definitions and the record schema written by hand before, where they stood', () => {
    expect(definitionsNow(Object.keys(snapshot.definitions))).toEqual({
      definitions: snapshot.definitions,
      definitionOrder: snapshot.definitionOrder,
    });
    expect(dataFileSchemas().spacecraftFlights).toEqual(snapshot.recordSchema);
  });

  it('give the objects the hand-written code gave, as the flight, a launch, a docking event and a landing nest them', async () => {
    const { data, flown } = await withFlights();
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const keys = referenceList(data.reference, 'spacecraftFlights');
    expect(keys).toEqual(snapshot.order);
    const flights = shaper.declared.spacecraftFlights;
    expect(keys.map(flights.mini)).toEqual(snapshot.mini);
    expect(keys.map(flights.normal)).toEqual(snapshot.normal);
    expect(keys.map(flights.detailed)).toEqual(snapshot.detailed);
    expect(tableCells('spacecraftFlights', flights, keys)).toEqual(snapshot.cells);
    expect((shaper.launchDetailed(flown) as JsonObject & { rocket: JsonObject }).rocket.spacecraft_stage).toEqual(
      snapshot.stage,
    );
    expect(shaper.declared.dockingEvents.detailed('docking-event-601')).toEqual(snapshot.docking);
    expect(shaper.declared.landings.detailed('landing-1601')).toEqual(snapshot.landing);
  });

  it("have in each mode exactly the keys that mode's fields name, in their order", async () => {
    const { data } = await withFlights();
    const flights = createShaper(data, computeStats(data), BASE_URL).declared.spacecraftFlights;
    for (const mode of ['mini', 'normal', 'detailed'] as const) {
      const names = SPACECRAFT_FLIGHTS.fields.filter((f) => f.modes.includes(mode)).map((f) => f.name);
      for (const key of referenceList(data.reference, 'spacecraftFlights'))
        expect(Object.keys(flights[mode](key) as JsonObject), `${key} ${mode}`).toEqual(names);
    }
  });

  it("answer LL2's filter of their spacecraft", async () => {
    const api = await fixtureApi(NOW, BASE_URL);
    const ids = async (query: string) =>
      (await api.get(`spacecraft_flights/?${query}`)).body.results.map((f: { id: number }) => f.id);
    expect(await ids('spacecraft=569')).toEqual([880]);
    expect(await ids('spacecraft=1')).toEqual([]);
    expect(api.json('2.3.0/spacecraft_flights/880/index.json')).toMatchObject({ id: 880, response_mode: 'detailed' });
  });
});
