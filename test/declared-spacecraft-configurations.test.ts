// Spacecraft configurations, declared once (scripts/schemas/resources/spacecraft-configurations.ts):
// the definitions made from their field list are the ones written by hand before
// (test/fixtures/decl/spacecraft-configuration-definitions.json, as schemas/responses.ts
// gave them at 3b218a0); both objects a spacecraft nests (`nestedAs` two modes) are
// built once per key; the detail is the record in LL2's detailed shape; and the
// boolean filters answer true, false, neither for a record that states none, and
// ignore a value that is neither. On the checked-in fixture plus one configuration; by hand.

import { readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR } from './helpers/data.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';

// A second configuration: human-rated, its use not stated.
const CREW_DRAGON = ['crew-dragon:', '  id: 8', '  name: Crew Dragon', '  agency: spacex', '  human_rated: true', ''];

describe('spacecraft configurations, declared', () => {
  it('have the definitions written by hand before', () => {
    const before = JSON.parse(
      readFileSync(new URL('./fixtures/decl/spacecraft-configuration-definitions.json', import.meta.url), 'utf8'),
    );
    const definitions = responseDefinitions();
    expect({
      SpacecraftConfigNormal: definitions.SpacecraftConfigNormal,
      SpacecraftConfigDetailed: definitions.SpacecraftConfigDetailed,
    }).toEqual(before);
  });

  it('build the objects a spacecraft nests once per key, in both modes', async () => {
    const data = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const [key, craft] = [...data.reference.spacecraft][0];
    const config = String(craft.spacecraft_config);
    const declared = shaper.declared.spacecraftConfigurations;
    expect((shaper.declared.spacecraft.normal(key) as JsonObject).spacecraft_config).toBe(declared.normal(config));
    expect(declared.detailed(config)).toBe(declared.detailed(config));
    expect(declared.normal(config)).toMatchObject({ response_mode: 'normal', agency: { response_mode: 'list' } });
  });

  describe('published', () => {
    let api: FixtureApi;
    beforeAll(async () => {
      api = await fixtureApi(NOW, BASE_URL, (dir) =>
        appendFile(path.join(dir, 'reference/spacecraft-configurations.yaml'), CREW_DRAGON.join('\n')),
      );
    });

    it('give the detail in detailed mode, unknown values null', () => {
      const detail = api.json('2.3.0/spacecraft_configurations/7/index.json');
      expect(detail).toEqual({
        response_mode: 'detailed',
        id: 7,
        url: `${BASE_URL}spacecraft_configurations/7/`,
        name: 'Cargo Dragon 2',
        type: { id: 2, name: 'Capsule' },
        agency: expect.objectContaining({ response_mode: 'normal', id: 121, name: 'SpaceX' }),
        family: [],
        in_use: true,
        image: null,
        capability: '',
        history: '',
        details: '',
        maiden_flight: null,
        height: null,
        diameter: null,
        human_rated: false,
        crew_capacity: null,
        payload_capacity: null,
        payload_return_capacity: null,
        flight_life: null,
        wiki_link: 'https://en.wikipedia.org/wiki/Dragon_2',
        info_link: 'https://www.spacex.com/dragon',
        spacecraft_flown: null,
        total_launch_count: null,
        successful_launches: null,
        failed_launches: null,
        attempted_landings: null,
        successful_landings: null,
        failed_landings: null,
        fastest_turnaround: null,
      });
    });

    it('answer their boolean filters', async () => {
      const ids = async (query: string) =>
        (await api.get(`spacecraft_configurations/?${query}`)).body.results.map((c: { id: number }) => c.id);
      expect(await ids('human_rated=true')).toEqual([8]);
      expect(await ids('human_rated=false')).toEqual([7]);
      expect(await ids('in_use=true')).toEqual([7]);
      expect(await ids('in_use=false')).toEqual([]);
      expect(await ids('agency=121&human_rated=true')).toEqual([8]);
      // An unknown value leaves the list as it is, as Django's BooleanFilter does.
      expect(await ids('human_rated=maybe')).toEqual([7, 8]);
    });
  });
});
