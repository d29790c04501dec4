// A space station's detail (`space_stations/{id}/`, SpaceStationDetailedEndpoint)
// from its record: the figures and docking locations LL2 stated, the counts of one
// moment (`ll2_figures`, dated), the expeditions under way at the build's clock and
// the list we hold nothing for (active docking events). On the checked-in fixture,
// whose ISS carries them; by hand.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';

let json: FixtureApi['json'];

beforeAll(async () => {
  ({ json } = await fixtureApi(NOW, BASE_URL));
});

describe('space_stations/{id}/', () => {
  it('holds the figures, the counts of their date and the docking locations of the record, in its order', () => {
    const iss = json('2.3.0/space_stations/4/index.json');
    expect(iss).toMatchObject({
      id: 4,
      url: `${BASE_URL}space_stations/4/`,
      response_mode: 'detailed',
      height: 72.8,
      width: 108.5,
      mass: 419.7,
      volume: 931,
      onboard_crew: 7,
      docked_vehicles: 2,
      docking_location: [
        { id: 2, name: 'Zvezda aft', currently_docked: null },
        { id: 1, name: 'Unity nadir', currently_docked: null },
      ],
      active_expeditions: [
        {
          id: 170,
          url: `${BASE_URL}expeditions/170/`,
          name: 'Expedition 74',
          start: '2026-08-01T00:00:00Z',
          end: null,
        },
      ],
      active_docking_events: [],
    });
    expect(Object.keys(iss).slice(-8)).toEqual([
      'height',
      'width',
      'mass',
      'volume',
      'onboard_crew',
      'docked_vehicles',
      'docking_location',
      'active_docking_events',
    ]);
  });

  it("publishes LL2's unknown (null, []) for a station whose record states no figures", async () => {
    // The fixture's ISS up to its figures: id, name, status, type, founded.
    const bare = await fixtureApi(NOW, BASE_URL, async (dataDir) => {
      const file = path.join(dataDir, 'reference', 'space-stations.yaml');
      await writeFile(file, (await readFile(file, 'utf8')).replace(/\n {2}height:[\s\S]*$/, '\n'));
    });
    expect(bare.json('2.3.0/space_stations/4/index.json')).toMatchObject({
      height: null,
      width: null,
      mass: null,
      volume: null,
      onboard_crew: null,
      docked_vehicles: null,
      docking_location: [],
    });
    expect(bare.json('2.3.0/config/docking_locations/index.json').count).toBe(0);
  });

  it('leaves the figures out of the list (SpaceStationEndpoint has none)', () => {
    const [iss] = json('2.3.0/space_stations/index.json').results.filter((s: { id: number }) => s.id === 4);
    expect(iss.response_mode).toBe('normal');
    for (const field of ['height', 'onboard_crew', 'docking_location']) expect(iss, field).not.toHaveProperty(field);
  });
});

describe('config/docking_locations/', () => {
  it('lists the ports the station records state, by id, each naming its station', () => {
    const page = json('2.3.0/config/docking_locations/index.json');
    expect(page.results.map((l: { id: number; name: string }) => [l.id, l.name])).toEqual([
      [1, 'Unity nadir'],
      [2, 'Zvezda aft'],
    ]);
    expect(page.results[0].spacestation).toEqual({
      id: 4,
      url: `${BASE_URL}space_stations/4/`,
      name: 'International Space Station',
      image: null,
    });
    expect(json('2.3.0/config/docking_locations/2/index.json')).toEqual(page.results[1]);
  });
});
